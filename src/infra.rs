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

/// What a write changed of what the search index holds.
pub enum Indexed {
    Nothing,
    Records {
        postings: Vec<crate::store::internships::Internship>,
        jobs: Vec<crate::store::external_jobs::ExternalJob>,
        removed_jobs: Vec<u64>,
    },
}

impl Indexed {
    pub fn postings(postings: Vec<crate::store::internships::Internship>) -> Indexed {
        Indexed::Records {
            postings,
            jobs: Vec::new(),
            removed_jobs: Vec::new(),
        }
    }

    pub fn jobs(
        jobs: Vec<crate::store::external_jobs::ExternalJob>,
        removed_jobs: Vec<u64>,
    ) -> Indexed {
        Indexed::Records {
            postings: Vec::new(),
            jobs,
            removed_jobs,
        }
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
    /// Users whose sessions were just ended (password change or reset, suspension, deletion),
    /// told after the commit so whoever holds their live sockets closes them.
    pub sessions_ended: tokio::sync::broadcast::Sender<u64>,
}

impl Services {
    /// Says that every session of `user_id` has ended (after the commit that ended them).
    pub fn sessions_ended(&self, user_id: u64) {
        // Nobody listening (the CLI without a server) is fine.
        let _ = self.sessions_ended.send(user_id);
    }

    /// The one way to change what the search index holds: `f` writes and returns its result
    /// with what it changed; the postings generation is bumped in the same transaction, and the
    /// index brought up to date after the commit. So the index is current, and can always be
    /// rebuilt (a crash between the commit and the index leaves a generation the next start
    /// sees). Nothing changed, nothing bumped: the feed's caches live on.
    pub fn write_indexed<T, E: From<crate::store::StoreError>>(
        &self,
        f: impl FnOnce(&crate::store::Wtx) -> Result<(T, Indexed), E>,
    ) -> Result<T, E> {
        let (out, changed, generation) = self.store.write(|w| {
            let (out, changed) = f(w)?;
            let generation = match changed {
                Indexed::Nothing => 0,
                _ => crate::search::bump_generation(w)?,
            };
            Ok::<_, E>((out, changed, generation))
        })?;
        let applied = match &changed {
            Indexed::Nothing => Ok(()),
            Indexed::Records {
                postings,
                jobs,
                removed_jobs,
            } => self.search.apply(generation, postings, jobs, removed_jobs),
        };
        if let Err(e) = applied {
            // The index lags the store; the generation check rebuilds it at the next start.
            tracing::error!(error = %e, "updating the search index failed");
        }
        Ok(out)
    }

    /// `write_indexed` for writes that change postings only.
    pub fn write_postings<T, E: From<crate::store::StoreError>>(
        &self,
        f: impl FnOnce(&crate::store::Wtx) -> Result<(T, Vec<crate::store::internships::Internship>), E>,
    ) -> Result<T, E> {
        self.write_indexed(|w| {
            let (out, postings) = f(w)?;
            Ok((out, Indexed::postings(postings)))
        })
    }

    /// For bulk writes (the demo's seeding): commits `f` with a new generation, then rebuilds
    /// the whole index from the store (a failure there is logged: the commit stands, and the
    /// next start rebuilds).
    pub fn write_rebuilding<T>(
        &self,
        f: impl FnOnce(&crate::store::Wtx) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let (out, generation) = self.store.write(|w| {
            let out = f(w)?;
            Ok::<_, anyhow::Error>((out, crate::search::bump_generation(w)?))
        })?;
        if let Err(e) = self.rebuild_at(generation) {
            tracing::error!(error = %format!("{e:#}"), "rebuilding the search index failed");
        }
        Ok(out)
    }

    /// Rebuilds the whole index from the store under a new generation (`reindex`, and bulk
    /// loads written in many transactions).
    pub fn rebuild_index(&self) -> anyhow::Result<()> {
        let generation = self.store.write(crate::search::bump_generation)?;
        self.rebuild_at(generation)
    }

    fn rebuild_at(&self, generation: i64) -> anyhow::Result<()> {
        self.search.rebuild(&self.store.read()?, generation)
    }

    /// Opens a data directory, finding ffmpeg through `INTERNREEL_FFMPEG_DIR` or PATH, with
    /// the process's media store.
    pub fn open(root: &Path) -> anyhow::Result<Self> {
        let dir = std::env::var_os("INTERNREEL_FFMPEG_DIR").map(PathBuf::from);
        Self::open_with(root, dir.as_deref(), &crate::media::config::for_process()?)
    }

    /// Opens a data directory; ffmpeg and ffprobe are looked for in `ffmpeg_dir`, or on PATH.
    pub fn open_with(
        root: &Path,
        ffmpeg_dir: Option<&Path>,
        media: &crate::media::config::MediaConfig,
    ) -> anyhow::Result<Self> {
        use anyhow::Context;
        let paths = DataPaths::new(root);
        paths
            .prepare()
            .with_context(|| format!("while preparing the data directory {}", root.display()))?;
        // ffmpeg's and ffprobe's `-version` runs take as long as opening the store and the
        // index: both at once, so start-up waits for the longer only.
        let (opened, tools) = std::thread::scope(|s| {
            let tools = s.spawn(|| crate::media::tools::Tools::find(ffmpeg_dir));
            let opened = (|| -> anyhow::Result<(Store, Arc<SearchIndex>)> {
                let store = Store::open(&paths.db())?;
                {
                    use std::os::unix::fs::PermissionsExt;
                    // The database holds minors' e-mails and GPAs: owner-only, whatever the
                    // umask was.
                    std::fs::set_permissions(paths.db(), std::fs::Permissions::from_mode(0o600))
                        .with_context(|| {
                            format!("while making {} owner-only", paths.db().display())
                        })?;
                }
                let search = Arc::new(SearchIndex::open(&paths.index(), &store)?);
                Ok((store, search))
            })();
            (opened, tools.join().unwrap_or(None))
        });
        let (store, search) = opened?;
        if tools.is_none() {
            tracing::warn!(
                "{}: MP4 uploads are kept as sent without a poster, other formats are refused",
                crate::media::tools::describe_missing(ffmpeg_dir)
            );
        }
        crate::media::config::check_matches(&store, &media.backend)?;
        let media = crate::media::Pipeline::new(
            media.backend.open(&media.delivery, &paths.videos())?,
            tools,
            paths.tmp(),
        );
        Ok(Self {
            store,
            paths,
            search,
            media,
            sessions_ended: tokio::sync::broadcast::channel(256).0,
        })
    }
}
