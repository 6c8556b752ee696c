//! The comment word list, a text file in the data directory that the district may edit: it is
//! written with the default list when missing and read again whenever its modification time
//! changes, so an edit takes effect without a restart.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::SystemTime;

use crate::domain::phrases::PhraseList;
use crate::domain::reports::DEFAULT_COMMENT_WORDS;

pub struct CommentWords {
    path: PathBuf,
    loaded: Mutex<(Option<SystemTime>, std::sync::Arc<PhraseList>)>,
}

impl CommentWords {
    pub fn new(path: PathBuf) -> Self {
        if !path.exists()
            && let Err(e) = std::fs::write(&path, DEFAULT_COMMENT_WORDS)
        {
            tracing::warn!(error = %e, path = %path.display(), "could not write the default comment word list; using it from memory");
        }
        CommentWords {
            path,
            loaded: Mutex::new((
                None,
                std::sync::Arc::new(PhraseList::from_lines(DEFAULT_COMMENT_WORDS)),
            )),
        }
    }

    /// The current list (the default while the file cannot be read).
    pub fn list(&self) -> std::sync::Arc<PhraseList> {
        let modified = std::fs::metadata(&self.path)
            .and_then(|m| m.modified())
            .ok();
        let mut guard = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        if modified.is_some() && modified != guard.0 {
            match std::fs::read_to_string(&self.path) {
                Ok(text) => *guard = (modified, std::sync::Arc::new(PhraseList::from_lines(&text))),
                Err(e) => tracing::warn!(error = %e, "reading the comment word list failed"),
            }
        }
        guard.1.clone()
    }

    /// The listed phrases a comment mentions.
    pub fn screen(&self, text: &str) -> Vec<String> {
        self.list().find(&[text])
    }
}
