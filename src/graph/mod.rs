//! Graphs: compact adjacency and the algorithms the games need.
//!
//! - [`csr`]: simple undirected graphs in compressed sparse row form, bipartiteness.
//! - [`matching`]: maximum matchings (Hopcroft-Karp, Edmonds) and who they can miss.
//! - [`geography`]: undirected vertex geography for every start, by matching.
//! - [`weighted`]: undirected weighted graphs and Dijkstra's shortest distances.

pub mod csr;
pub mod geography;
pub mod matching;
pub mod weighted;
