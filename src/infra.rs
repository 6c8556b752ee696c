//! The store, search index, media pipeline and data-directory layout of one data directory:
//! the ground the services, HTTP, the CLI and the background workers all stand on. Nothing
//! here knows HTTP.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::search::SearchIndex;
use crate::store::Store;

/// Everything the server owns sits under one directory.
#[derive(Debug, Clone)]
pub struct DataPaths {
    pub root: PathBuf,
}

impl DataPaths {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }
    pub fn db(&self) -> PathBuf {
        self.root.join("internreel.redb")
    }
    pub fn videos(&self) -> PathBuf {
        self.root.join("videos")
    }
    pub fn images(&self) -> PathBuf {
        self.root.join("images")
    }
    /// Uploads land here first and are renamed into place when complete and valid.
    pub fn tmp(&self) -> PathBuf {
        self.root.join("tmp")
    }
    pub fn index(&self) -> PathBuf {
        self.root.join("index")
    }
    /// The comment word list (see src/domain/reports.rs for the default).
    pub fn comment_words(&self) -> PathBuf {
        self.root.join("comment-words.txt")
    }
    pub fn socket(&self) -> PathBuf {
        self.root.join("internreel.sock")
    }

    /// Creates the folders (owner-only: they hold minors' data) and clears upload leftovers
    /// of a crash.
    pub fn prepare(&self) -> std::io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        for d in [self.root.clone(), self.videos(), self.images(), self.tmp()] {
            std::fs::create_dir_all(&d)?;
            std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o700))?;
        }
        for entry in std::fs::read_dir(self.tmp())? {
            let _ = std::fs::remove_file(entry?.path());
        }
        Ok(())
    }

    pub fn video_file(&self, name: &str) -> PathBuf {
        self.videos().join(name)
    }
}

/// The store and files of one data directory: what both the server and the CLI work on.
#[derive(Clone)]
pub struct Services {
    pub store: Store,
    pub paths: DataPaths,
    pub search: Arc<SearchIndex>,
    /// Videos, posters and captions, and the tools that make them.
    pub media: crate::media::Pipeline,
}

impl Services {
    /// The one way to change postings: `f` writes and returns its result with the postings it
    /// changed; the postings generation is bumped in the same transaction, and the search index
    /// brought up to date after the commit. So the index is current, and can always be rebuilt
    /// (a crash between the commit and the index leaves a generation the next start sees).
    pub fn write_postings<T, E: From<crate::store::StoreError>>(
        &self,
        f: impl FnOnce(&crate::store::Wtx) -> Result<(T, Vec<crate::store::internships::Internship>), E>,
    ) -> Result<T, E> {
        let (out, changed, generation) = self.store.write(|w| {
            let (out, changed) = f(w)?;
            let generation = crate::search::bump_generation(w)?;
            Ok::<_, E>((out, changed, generation))
        })?;
        self.reindex_internships(generation, &changed);
        Ok(out)
    }

    /// Brings the search index up to date after a committed change to postings.
    fn reindex_internships(
        &self,
        generation: i64,
        changed: &[crate::store::internships::Internship],
    ) {
        if let Err(e) = self.search.apply(generation, changed, &[], &[]) {
            // The index lags the store; the generation check rebuilds it at the next start.
            tracing::error!(error = %e, "updating the search index failed");
        }
    }

    /// Opens a data directory, finding ffmpeg through `INTERNREEL_FFMPEG_DIR` or PATH.
    pub fn open(root: &Path) -> anyhow::Result<Self> {
        let dir = std::env::var_os("INTERNREEL_FFMPEG_DIR").map(PathBuf::from);
        Self::open_with(root, dir.as_deref())
    }

    /// Opens a data directory; ffmpeg and ffprobe are looked for in `ffmpeg_dir`, or on PATH.
    pub fn open_with(root: &Path, ffmpeg_dir: Option<&Path>) -> anyhow::Result<Self> {
        use anyhow::Context;
        let paths = DataPaths::new(root);
        paths
            .prepare()
            .with_context(|| format!("while preparing the data directory {}", root.display()))?;
        let store = Store::open(&paths.db())?;
        {
            use std::os::unix::fs::PermissionsExt;
            // The database holds minors' e-mails and GPAs: owner-only, whatever the umask was.
            std::fs::set_permissions(paths.db(), std::fs::Permissions::from_mode(0o600))
                .with_context(|| format!("while making {} owner-only", paths.db().display()))?;
        }
        let search = Arc::new(SearchIndex::open(&paths.index(), &store)?);
        let tools = crate::media::tools::Tools::find(ffmpeg_dir);
        if tools.is_none() {
            tracing::warn!(
                "{}: MP4 uploads are kept as sent without a poster, other formats are refused",
                crate::media::tools::describe_missing(ffmpeg_dir)
            );
        }
        let media = crate::media::Pipeline::new(
            Arc::new(crate::media::storage::LocalDisk::new(paths.videos())),
            tools,
            paths.tmp(),
        );
        Ok(Self {
            store,
            paths,
            search,
            media,
        })
    }
}
