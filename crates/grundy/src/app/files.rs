//! [`FileGraphs`]: the `graph FILE V` components of the command line and of Python, read from
//! files. The only place where the library opens a file because an expression named it; a
//! front end that serves other people (`grundy serve`) never hands it to the parser.
//!
//! ```
//! use grundy::app::FileGraphs;
//! use grundy::games::GraphSource;
//! let path = std::env::temp_dir().join(format!("grundy-files-doc-{}", std::process::id()));
//! std::fs::write(&path, "3 2\n1 2\n2 3\n").unwrap(); // a chain 1 -> 2 -> 3
//! let files = FileGraphs::default();
//! let rules = files.graph(path.to_str().unwrap()).unwrap();
//! assert_eq!(rules.solved.graph.position_count(), 3);
//! // asked again, the same graph: read and solved once
//! assert!(std::sync::Arc::ptr_eq(&rules, &files.graph(path.to_str().unwrap()).unwrap()));
//! std::fs::remove_file(&path).unwrap();
//! ```

use crate::error::{GrundyError, Result};
use crate::games::{GraphRules, GraphSource};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Game graphs read from the files an expression names (the name is the path, relative to
/// the working directory), each read and solved once and then shared.
#[derive(Debug, Default)]
pub struct FileGraphs {
    solved: Mutex<HashMap<String, Arc<GraphRules>>>,
}

impl GraphSource for FileGraphs {
    fn graph(&self, path: &str) -> Result<Arc<GraphRules>> {
        if let Some(rules) = self.solved.lock().expect("not poisoned").get(path) {
            return Ok(rules.clone());
        }
        let file = std::fs::File::open(path)
            .map_err(|e| GrundyError::Unsupported(format!("cannot read the file: {e}")))?;
        let rules = Arc::new(GraphRules::read(path, file)?);
        Ok(self
            .solved
            .lock()
            .expect("not poisoned")
            .entry(path.to_string())
            .or_insert(rules)
            .clone())
    }
}
