//! Where videos, posters and captions are kept: one interface with two backends, so the
//! pipeline and the handlers never know which. `LocalDisk` (the data directory's `videos/`,
//! the default) and `S3Store` (s3.rs: S3-compatible object storage) implement it; config.rs
//! picks one from the command line.

use std::fs::File;
use std::io;
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

/// The bytes of a slice as they arrive.
pub type ByteStream = futures_util::stream::BoxStream<'static, io::Result<Bytes>>;

pub trait ReadAt: Send + Sync {
    /// `len` bytes from `offset`.
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Bytes>;
    /// The bytes `start..=end` as one request streamed back (a remote store: one ranged GET,
    /// answered before this returns, so a store that is down is known before a response
    /// starts); None: the caller reads with `read_at`, which is cheaper for a local file.
    fn slice(&self, _start: u64, _end: u64) -> io::Result<Option<ByteStream>> {
        Ok(None)
    }
    /// Whether `slice` streams (a remote store): a local file skips asking, a trip to the
    /// blocking pool fewer per request.
    fn streams(&self) -> bool {
        false
    }
}

/// From this size a slice is sent from a mapping of the file rather than read into a buffer.
const MAP_FROM: usize = 128 << 10;

impl ReadAt for File {
    /// A large slice: the file's pages mapped and faulted in here (on the blocking pool, with
    /// `MAP_POPULATE`), then written to the socket straight from the page cache, a copy fewer than
    /// a read into a buffer, and no heap buffer of that size held per connection (issue #35: the
    /// Range slices against nginx's sendfile, and the memory 64 readers left behind). Media files
    /// are never rewritten in place (a new name, written aside and renamed), so a mapping cannot
    /// lose its bytes under it; a removed file stays readable while mapped.
    /// A small slice: one positioned read into a buffer that is not zeroed first.
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Bytes> {
        if len >= MAP_FROM {
            // Mapped pages past the end would fault (SIGBUS) when touched: never map them.
            if self.metadata()?.len() < offset + len as u64 {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
            // SAFETY: see above: the bytes of a stored media file do not change while it exists,
            // and the range lies within the file.
            let map = unsafe {
                memmap2::MmapOptions::new()
                    .offset(offset)
                    .len(len)
                    .populate()
                    .map(self)?
            };
            return Ok(Bytes::from_owner(map));
        }
        use std::os::fd::AsRawFd;
        let mut buf: Vec<u8> = Vec::with_capacity(len);
        let mut filled = 0;
        while filled < len {
            let spare = buf.spare_capacity_mut();
            // SAFETY: pread writes at most `len - filled` bytes into the spare capacity, which
            // holds at least that many; only the bytes it reports written are marked as set.
            let n = unsafe {
                libc::pread(
                    self.as_raw_fd(),
                    spare.as_mut_ptr().cast(),
                    len - filled,
                    (offset + filled as u64) as libc::off_t,
                )
            };
            match n {
                n if n > 0 => {
                    filled += n as usize;
                    // SAFETY: the first `filled` bytes were written by pread.
                    unsafe { buf.set_len(filled) };
                }
                0 => return Err(io::ErrorKind::UnexpectedEof.into()),
                _ => {
                    let e = io::Error::last_os_error();
                    if e.kind() != io::ErrorKind::Interrupted {
                        return Err(e);
                    }
                }
            }
        }
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

/// A local file holding a stored file's bytes: the stored file itself (local disk) or a
/// downloaded copy in `tmp/`, removed when this is dropped.
pub enum LocalCopy {
    Stored(PathBuf),
    Downloaded(tempfile::TempPath),
}

impl LocalCopy {
    pub fn path(&self) -> &Path {
        match self {
            LocalCopy::Stored(p) => p,
            LocalCopy::Downloaded(t) => t,
        }
    }
}

/// The media files. Blocking: call from the blocking pool or a command.
pub trait MediaStore: Send + Sync + 'static {
    /// What and where the store is, for logs, `doctor` and `/api/ready`.
    fn describe(&self) -> String;
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
    /// A local file holding the bytes of `name`, for ffmpeg and backups (a remote store
    /// downloads it into `tmp`).
    fn local_copy(&self, name: &str, tmp: &Path) -> io::Result<LocalCopy>;
    /// Where a client may fetch `name` without the server (a CDN or a presigned URL), when
    /// the district set that up.
    fn redirect(&self, _name: &str) -> Option<String> {
        None
    }
    /// Whether the store answers now (a remote store: a cheap request, its answer kept for a
    /// few seconds); Err says why not.
    fn health(&self) -> Result<(), String> {
        Ok(())
    }
    /// A write, read and delete of a scratch object (`doctor`).
    fn round_trip(&self) -> Result<String, String> {
        let name = format!("doctor-check-{}.txt", crate::tokens::random_hex(8));
        let body = b"internreel doctor round trip";
        let started = std::time::Instant::now();
        self.put_bytes(body, &name)
            .map_err(|e| format!("writing failed: {e}"))?;
        let read = self
            .open(&name)
            .and_then(|o| o.ok_or_else(|| io::Error::other("the object written is missing")))
            .and_then(|o| o.reader.read_at(0, body.len()));
        self.remove(&name);
        match read {
            Ok(b) if b.as_ref() == body => Ok(format!(
                "{}: write, read and delete in {} ms",
                self.describe(),
                started.elapsed().as_millis()
            )),
            Ok(_) => Err("the object read back differs from the one written".into()),
            Err(e) => Err(format!("reading back failed: {e}")),
        }
    }
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
    fn describe(&self) -> String {
        format!("local disk ({})", self.dir.display())
    }

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

    fn local_copy(&self, name: &str, _tmp: &Path) -> io::Result<LocalCopy> {
        self.path(name).map(LocalCopy::Stored)
    }
}
