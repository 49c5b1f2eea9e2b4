//! Graphs: compact adjacency and the algorithms the games need.
//!
//! - [`weighted`]: undirected weighted graphs and Dijkstra's shortest distances.

pub mod weighted;
