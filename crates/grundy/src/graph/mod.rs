//! Graphs: compact adjacency and the algorithms the games need.
//!
//! - [`csr`]: simple undirected graphs in compressed sparse row form, bipartiteness.
//! - [`matching`]: maximum matchings (Hopcroft-Karp, Edmonds) and who they can miss.
//! - [`geography`]: undirected vertex geography for every start, by matching.
//! - [`io`]: the graph and board file formats.
//!
//! ```
//! use grundy::graph::csr::Graph;
//! use grundy::graph::geography::Geography;
//! // geography on a path 0 - 1 - 2: the mover wins from the middle only
//! let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
//! let solved = Geography::solve(&g);
//! assert_eq!(solved.mover_wins_from(), vec![1]);
//! ```

pub(crate) mod build;
pub mod csr;
pub mod geography;
pub mod io;
pub mod matching;
