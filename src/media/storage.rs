//! Where videos, posters and captions are kept: one interface, so that a district that
//! outgrows one disk can add an S3-compatible store as another backend without touching the
//! pipeline or the handlers. `LocalDisk` (the data directory's `videos/`) is the one today.

use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use axum::body::Bytes;

/// A stored file opened for reading slices of it.
pub struct Opened {
    pub reader: Arc<dyn ReadAt>,
    pub len: u64,
    pub modified: SystemTime,
}

pub trait ReadAt: Send + Sync {
    /// `len` bytes from `offset` (a remote store: one ranged GET).
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Bytes>;
}

impl ReadAt for File {
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Bytes> {
        let mut buf = vec![0u8; len];
        self.read_exact_at(&mut buf, offset)?;
        Ok(Bytes::from(buf))
    }
}

/// Stored names are generated (hex + extension) or the fixtures' plain names: anything else,
/// including every path trick, names nothing of ours.
pub fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// The media files. Blocking: call from the blocking pool or a command.
pub trait MediaStore: Send + Sync + 'static {
    /// Moves a complete, fsynced local file in under `name` (atomically: a reader sees the
    /// whole file or none).
    fn put(&self, from: &Path, name: &str) -> io::Result<()>;
    /// Writes `bytes` under `name` (fixtures).
    fn put_bytes(&self, bytes: &[u8], name: &str) -> io::Result<()>;
    fn open(&self, name: &str) -> io::Result<Option<Opened>>;
    fn exists(&self, name: &str) -> bool;
    /// Removes `name`; a missing file is not an error.
    fn remove(&self, name: &str);
    /// Every stored name (start-up removes those nothing refers to).
    fn names(&self) -> io::Result<Vec<String>>;
    /// A local path holding the file's bytes, for ffmpeg and backups (a remote store would
    /// download it into `tmp/` first).
    fn local_path(&self, name: &str) -> io::Result<PathBuf>;
}

pub struct LocalDisk {
    dir: PathBuf,
}

impl LocalDisk {
    pub fn new(dir: PathBuf) -> Self {
        LocalDisk { dir }
    }

    fn path(&self, name: &str) -> io::Result<PathBuf> {
        if !plain_name(name) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a media name",
            ));
        }
        Ok(self.dir.join(name))
    }
}

impl MediaStore for LocalDisk {
    fn put(&self, from: &Path, name: &str) -> io::Result<()> {
        std::fs::rename(from, self.path(name)?)
    }

    fn put_bytes(&self, bytes: &[u8], name: &str) -> io::Result<()> {
        let mut temp = tempfile::NamedTempFile::new_in(&self.dir)?;
        io::Write::write_all(&mut temp, bytes)?;
        temp.as_file().sync_all()?;
        temp.persist(self.path(name)?).map_err(|e| e.error)?;
        Ok(())
    }

    fn open(&self, name: &str) -> io::Result<Option<Opened>> {
        let Ok(path) = self.path(name) else {
            return Ok(None);
        };
        let file = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let meta = file.metadata()?;
        if !meta.is_file() {
            return Ok(None);
        }
        Ok(Some(Opened {
            reader: Arc::new(file),
            len: meta.len(),
            modified: meta.modified()?,
        }))
    }

    fn exists(&self, name: &str) -> bool {
        self.path(name).is_ok_and(|p| p.is_file())
    }

    fn remove(&self, name: &str) {
        if let Ok(p) = self.path(name) {
            let _ = std::fs::remove_file(p);
        }
    }

    fn names(&self) -> io::Result<Vec<String>> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&self.dir)? {
            let entry = entry?;
            if entry.file_type()?.is_file() {
                out.push(entry.file_name().to_string_lossy().to_string());
            }
        }
        Ok(out)
    }

    fn local_path(&self, name: &str) -> io::Result<PathBuf> {
        self.path(name)
    }
}
