//! Where videos, posters and captions are kept: one interface with two backends, so the
//! pipeline and the handlers never know which. `LocalDisk` (the data directory's `videos/`,
//! the default) and `S3Store` (s3.rs: S3-compatible object storage) implement it; config.rs
//! picks one from the command line.

use std::collections::HashMap;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use axum::body::Bytes;

use super::mapped::{LINGER, Mappings};
use crate::sendfile::FileMap;

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

/// From this size a file is sent from a mapping of it rather than read into buffers.
const MAP_FROM: u64 = 128 << 10;

impl ReadAt for File {
    /// One positioned read into a buffer that is not zeroed first (a small file: posters,
    /// captions, short clips).
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Bytes> {
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

/// A large local file, mapped once for all the requests reading it (`Mappings`). Its
/// slices are sent from the page cache (over plain HTTP with sendfile: src/sendfile.rs): no
/// read into a buffer, and no heap buffer of that size per connection. Shared rather than mapped per
/// slice: mapping, faulting in and unmapping 1 MiB per request (with the page-table lock and
/// the other core's TLB flushed on each unmap) was a fifth of the server's time on Range
/// slices and what made their throughput swing between runs (issue #35). Media files are never
/// rewritten in place (a new name, written aside and renamed), so a mapping cannot lose its
/// bytes under it; a removed file stays readable while mapped.
struct MappedFile {
    map: Arc<FileMap>,
}

impl ReadAt for MappedFile {
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Bytes> {
        let start = usize::try_from(offset).map_err(|_| io::ErrorKind::UnexpectedEof)?;
        if start
            .checked_add(len)
            .is_none_or(|end| end > self.map.len())
        {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        Ok(Bytes::from_owner(SharedMap(self.map.clone())).slice(start..start + len))
    }
}

/// A mapping as the owner of `Bytes`.
struct SharedMap(Arc<FileMap>);

impl AsRef<[u8]> for SharedMap {
    fn as_ref(&self) -> &[u8] {
        &self.0
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
    /// `name` as `open` gave it within the last second and still mapped, found without
    /// touching the disk, so an async task may ask; None: call `open` (on the blocking pool).
    fn open_recent(&self, _name: &str) -> Option<Opened> {
        None
    }
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
    mappings: Arc<Mappings>,
    recent: Mutex<HashMap<String, Recent>>,
}

/// A large file `open` mapped, by name: the next slice of a playing video is answered without
/// a trip to the blocking pool for an `open` and a `stat` (issue #35). Weak, so the mapping
/// still lives as long as `Mappings` and the answers keep it; young, so a file removed behind
/// the server's back is seen within `RECENT`; and forgotten at once when the server removes
/// the file itself.
struct Recent {
    map: std::sync::Weak<FileMap>,
    len: u64,
    modified: SystemTime,
    opened: Instant,
}

const RECENT: Duration = Duration::from_secs(1);

impl LocalDisk {
    pub fn new(dir: PathBuf) -> Self {
        LocalDisk {
            dir,
            mappings: Mappings::new(LINGER),
            recent: Mutex::new(HashMap::new()),
        }
    }

    fn recent_files(&self) -> std::sync::MutexGuard<'_, HashMap<String, Recent>> {
        // Every change is one insert, remove or retain: a panic left a whole map.
        self.recent.lock().unwrap_or_else(|e| e.into_inner())
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
        std::fs::rename(from, self.path(name)?)?;
        self.recent_files().remove(name);
        Ok(())
    }

    fn put_bytes(&self, bytes: &[u8], name: &str) -> io::Result<()> {
        let mut temp = tempfile::NamedTempFile::new_in(&self.dir)?;
        io::Write::write_all(&mut temp, bytes)?;
        temp.as_file().sync_all()?;
        temp.persist(self.path(name)?).map_err(|e| e.error)?;
        self.recent_files().remove(name);
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
        let modified = meta.modified()?;
        let reader: Arc<dyn ReadAt> = if meta.len() >= MAP_FROM {
            let map = self.mappings.of(file, &meta)?;
            let mut recent = self.recent_files();
            if recent.len() >= 256 {
                recent.retain(|_, r| r.opened.elapsed() <= RECENT);
            }
            recent.insert(
                name.to_string(),
                Recent {
                    map: Arc::downgrade(&map),
                    len: meta.len(),
                    modified,
                    opened: Instant::now(),
                },
            );
            Arc::new(MappedFile { map })
        } else {
            Arc::new(file)
        };
        Ok(Some(Opened {
            reader,
            len: meta.len(),
            modified,
        }))
    }

    fn open_recent(&self, name: &str) -> Option<Opened> {
        let recent = self.recent_files();
        let r = recent.get(name)?;
        if r.opened.elapsed() > RECENT {
            return None;
        }
        Some(Opened {
            reader: Arc::new(MappedFile {
                map: r.map.upgrade()?,
            }),
            len: r.len,
            modified: r.modified,
        })
    }

    fn exists(&self, name: &str) -> bool {
        self.path(name).is_ok_and(|p| p.is_file())
    }

    fn remove(&self, name: &str) {
        self.recent_files().remove(name);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    const LINGER_IN_TESTS: Duration = Duration::from_millis(50);

    #[test]
    fn a_large_file_is_mapped_once_while_read_and_its_slices_are_its_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let mut disk = LocalDisk::new(dir.path().to_path_buf());
        disk.mappings = Mappings::new(LINGER_IN_TESTS);
        let bytes: Vec<u8> = (0..MAP_FROM as usize * 3)
            .map(|i| (i % 251) as u8)
            .collect();
        disk.put_bytes(&bytes, "big.mp4").unwrap();
        disk.put_bytes(&bytes[..1000], "small.jpg").unwrap();

        let one = disk.open("big.mp4").unwrap().unwrap();
        let slice = one.reader.read_at(MAP_FROM + 7, 200_000).unwrap();
        assert_eq!(&slice[..], &bytes[MAP_FROM as usize + 7..][..200_000]);
        let two = disk.open("big.mp4").unwrap().unwrap();
        let maps = || disk.mappings.count();
        assert_eq!(
            maps(),
            1,
            "the second reader shares the first one's mapping"
        );
        assert!(
            one.reader.read_at(bytes.len() as u64 - 10, 11).is_err(),
            "past the end"
        );
        assert!(one.reader.read_at(u64::MAX, 1).is_err());

        drop((one, two));
        std::thread::sleep(LINGER_IN_TESTS * 3);
        assert_eq!(maps(), 1, "a slice still sent keeps its mapping");
        drop(slice);
        let idle = Instant::now();
        while maps() > 0 {
            assert!(
                idle.elapsed() < Duration::from_secs(5),
                "an idle mapping is let go"
            );
            std::thread::sleep(LINGER_IN_TESTS);
        }
        assert!(
            !disk.mappings.sweeping.load(Ordering::Acquire),
            "the sweeper ended"
        );

        // Replaced under the same name (a new file renamed in): the new bytes, a new mapping.
        let other: Vec<u8> = bytes.iter().map(|b| b ^ 0xff).collect();
        disk.put_bytes(&other, "big.mp4").unwrap();
        let three = disk.open("big.mp4").unwrap().unwrap();
        assert_eq!(
            &three.reader.read_at(0, 200_000).unwrap()[..],
            &other[..200_000]
        );

        let small = disk.open("small.jpg").unwrap().unwrap();
        assert_eq!(&small.reader.read_at(10, 90).unwrap()[..], &bytes[10..100]);
    }

    #[test]
    fn a_mapped_file_opened_a_moment_ago_is_found_without_the_disk_until_it_changes() {
        let dir = tempfile::tempdir().unwrap();
        let disk = LocalDisk::new(dir.path().to_path_buf());
        let bytes: Vec<u8> = (0..MAP_FROM as usize * 2)
            .map(|i| (i % 253) as u8)
            .collect();
        disk.put_bytes(&bytes, "big.mp4").unwrap();
        disk.put_bytes(&bytes[..1000], "small.jpg").unwrap();
        assert!(disk.open_recent("big.mp4").is_none(), "not opened yet");

        let opened = disk.open("big.mp4").unwrap().unwrap();
        let again = disk.open_recent("big.mp4").expect("opened a moment ago");
        assert_eq!((again.len, again.modified), (opened.len, opened.modified));
        assert_eq!(&again.reader.read_at(5, 100).unwrap()[..], &bytes[5..105]);
        disk.open("small.jpg").unwrap().unwrap();
        assert!(
            disk.open_recent("small.jpg").is_none(),
            "a small file is read, not mapped"
        );

        // Replaced under its name, or removed, by the server: asked of the disk again.
        let other: Vec<u8> = bytes.iter().map(|b| b ^ 0xff).collect();
        disk.put_bytes(&other, "big.mp4").unwrap();
        assert!(disk.open_recent("big.mp4").is_none());
        let three = disk.open("big.mp4").unwrap().unwrap();
        assert_eq!(&three.reader.read_at(0, 10).unwrap()[..], &other[..10]);
        assert!(disk.open_recent("big.mp4").is_some());
        disk.remove("big.mp4");
        assert!(disk.open_recent("big.mp4").is_none());

        // Older than a second: asked of the disk again (a file removed behind the server's
        // back is seen within that).
        disk.put_bytes(&bytes, "late.mp4").unwrap();
        let _late = disk.open("late.mp4").unwrap().unwrap();
        std::thread::sleep(RECENT + Duration::from_millis(50));
        assert!(disk.open_recent("late.mp4").is_none());
    }
}
