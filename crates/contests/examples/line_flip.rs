//! The line-flip coin game (`shared/problems/README.md`, line_flip): reads `T` boards (`H W`,
//! then H rows of `o`, `x`, `.`) and prints `First` or `Second`, the winner of each.
//!
//! Each board is the catalog's `LineFlip`: parity union-find, then Sprague-Grundy.

use grundy_contests::line_flip;
use grundy_contests::run_filter;

fn main() {
    run_filter("line_flip", line_flip::solve)
}
