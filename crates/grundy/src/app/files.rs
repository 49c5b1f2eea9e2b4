//! [`FileGraphs`]: the `graph FILE V` and `hackenbush FILE` components of the command line and
//! of Python, read from files. The only place where the library opens a file because an
//! expression named it; a front end that serves other people (`grundy serve`) never hands it
//! to the parser.
//!
//! ```
//! use grundy::app::FileGraphs;
//! use grundy::games::GraphSource;
//! let path = std::env::temp_dir().join(format!("grundy-files-doc-{}", std::process::id()));
//! std::fs::write(&path, "3 2\n1 2\n2 3\n").unwrap(); // a chain 1 -> 2 -> 3
//! let files = FileGraphs::default();
//! let budget = grundy::Budget::new(1000);
//! let rules = files.graph(path.to_str().unwrap(), &budget).unwrap();
//! assert_eq!(rules.solved.graph.position_count(), 3);
//! // asked again, the same graph: read and solved once
//! assert!(std::sync::Arc::ptr_eq(&rules, &files.graph(path.to_str().unwrap(), &budget).unwrap()));
//! std::fs::remove_file(&path).unwrap();
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::graph_game::SolvedGraphs;
use crate::games::{GraphRules, GraphSource};
use std::sync::Arc;

/// Game graphs read from the files an expression names (the name is the path, relative to
/// the working directory), each read and solved once and then shared.
#[derive(Debug, Default)]
pub struct FileGraphs {
    solved: SolvedGraphs,
}

impl GraphSource for FileGraphs {
    fn graph(&self, path: &str, budget: &Budget) -> Result<Arc<GraphRules>> {
        self.solved.get_or_read(path, || {
            let file = std::fs::File::open(path)
                .map_err(|e| GrundyError::Unsupported(format!("cannot read the file: {e}")))?;
            GraphRules::read(path, file, budget)
        })
    }

    fn text(&self, path: &str) -> Result<Arc<[u8]>> {
        std::fs::read(path)
            .map(Arc::from)
            .map_err(|e| GrundyError::Unsupported(format!("cannot read the file: {e}")))
    }
}
