//! Bytes that are a mapped file's pages, known by their address, so the connection sends them
//! with sendfile(2) instead of copying them into the socket. A video slice is a `Bytes` of
//! its file's mapping (media/storage.rs); hyper hands the connection that slice's address in
//! a vectored write, and `plan` finds the file and offset behind it. Why: the copy into the
//! socket was a third of the server's time on Range slices, and about twice nginx's system
//! time per slice, which sends with sendfile (issue #35).
//!
//! Sound because a registered range is a live read-only mapping of its file: a buffer within
//! it holds exactly the file's bytes at that offset, and while the buffer is borrowed its
//! mapping (and so the file's descriptor) cannot be let go. A mapping leaves the registry
//! before it is unmapped, so no stale range can overlap a live one.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, IoSlice};
use std::os::fd::{AsRawFd, RawFd};
use std::sync::RwLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Start address → (length, file descriptor) of every live `FileMap`.
static REGIONS: RwLock<BTreeMap<usize, (usize, RawFd)>> = RwLock::new(BTreeMap::new());
/// How many there are: a connection with nothing mapped skips the lock.
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// Below this a buffer is copied: a sendfile call costs more than copying a few pages.
const SEND_FROM: usize = 16 << 10;

/// A whole file mapped read-only, holding its file open, registered while it lives.
pub struct FileMap {
    map: memmap2::Mmap,
    file: File,
}

impl FileMap {
    /// Maps `file` whole.
    ///
    /// # Safety
    /// The file's bytes must not change while it is mapped (stored media files are written
    /// aside and renamed in, never rewritten): a mapping reads them, and so does sendfile.
    pub unsafe fn new(file: File) -> io::Result<FileMap> {
        // SAFETY: the caller's promise above.
        let map = unsafe { memmap2::Mmap::map(&file)? };
        if !map.is_empty() {
            regions().insert(map.as_ptr() as usize, (map.len(), file.as_raw_fd()));
            LIVE.fetch_add(1, Ordering::AcqRel);
        }
        Ok(FileMap { map, file })
    }

    pub fn file(&self) -> &File {
        &self.file
    }
}

impl std::ops::Deref for FileMap {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.map
    }
}

impl Drop for FileMap {
    // Runs before the fields are dropped: out of the registry, then unmapped and closed.
    fn drop(&mut self) {
        if !self.map.is_empty() {
            regions().remove(&(self.map.as_ptr() as usize));
            LIVE.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

fn regions() -> std::sync::RwLockWriteGuard<'static, BTreeMap<usize, (usize, RawFd)>> {
    // Each change is one insert or remove: a panic elsewhere left a whole map.
    REGIONS.write().unwrap_or_else(|e| e.into_inner())
}

/// How to write a vectored write's buffers.
#[derive(Debug, PartialEq, Eq)]
pub enum Plan {
    /// No buffer is a file's pages: write them as they are.
    Copy,
    /// The first `n` buffers are not; a file's pages follow: write these `n`, more to come.
    Before(usize),
    /// The first (non-empty) buffer is `len` bytes of the file `fd` from `offset`.
    File { fd: RawFd, offset: u64, len: usize },
}

/// How to write `bufs`. A `File` plan's descriptor stays open as long as `bufs` is borrowed.
pub fn plan(bufs: &[IoSlice<'_>]) -> Plan {
    if LIVE.load(Ordering::Acquire) == 0 {
        return Plan::Copy;
    }
    let regions = REGIONS.read().unwrap_or_else(|e| e.into_inner());
    for (before, buf) in bufs.iter().enumerate() {
        if buf.len() >= SEND_FROM {
            let at = buf.as_ptr() as usize;
            if let Some((&start, &(len, fd))) = regions.range(..=at).next_back()
                && at + buf.len() <= start + len
            {
                return match before {
                    0 => Plan::File {
                        fd,
                        offset: (at - start) as u64,
                        len: buf.len(),
                    },
                    n => Plan::Before(n),
                };
            }
        }
    }
    Plan::Copy
}

/// Sends up to `len` bytes of `file` from `offset` on the socket `to` (non-blocking: may send
/// fewer, or fail with WouldBlock).
pub fn send_file(to: RawFd, file: RawFd, offset: u64, len: usize) -> io::Result<usize> {
    let mut off = libc::off_t::try_from(offset).map_err(|_| io::ErrorKind::InvalidInput)?;
    // SAFETY: the only pointer is `off`, a live local the kernel reads and advances; the
    // descriptors are plain integers (a closed one is an EBADF error, not a memory access).
    retried(|| unsafe { libc::sendfile(to, file, &mut off, len) })
}

/// Writes `bufs` on the socket `to`, telling the kernel more follows (MSG_MORE): the headers
/// before a file's pages leave in the same packets as those pages.
pub fn send_more(to: RawFd, bufs: &[IoSlice<'_>]) -> io::Result<usize> {
    // SAFETY: msghdr is plain data; all zero is no name, no control data, no flags.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    // IoSlice is ABI-compatible with iovec (std guarantees it on Unix).
    msg.msg_iov = bufs.as_ptr() as *mut libc::iovec;
    msg.msg_iovlen = bufs.len().min(libc::UIO_MAXIOV as usize) as _;
    // SAFETY: `msg` points at `bufs`, which outlive the call; sendmsg only reads them.
    retried(|| unsafe { libc::sendmsg(to, &msg, libc::MSG_MORE | libc::MSG_NOSIGNAL) })
}

/// A system call's count, the call made again when a signal interrupted it.
fn retried(mut call: impl FnMut() -> isize) -> io::Result<usize> {
    loop {
        let n = call();
        if n >= 0 {
            return Ok(n as usize);
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_within_a_mapping_is_planned_as_its_file_and_offset() {
        let mut temp = tempfile::NamedTempFile::new().unwrap();
        let bytes: Vec<u8> = (0..200_000).map(|i| (i % 251) as u8).collect();
        io::Write::write_all(&mut temp, &bytes).unwrap();
        // SAFETY: the temporary file is not written while mapped.
        let map = unsafe { FileMap::new(File::open(temp.path()).unwrap()) }.unwrap();
        let fd = map.file().as_raw_fd();
        let heap = vec![7u8; 100_000];

        let slice = &map[1000..101_000];
        assert_eq!(
            plan(&[IoSlice::new(slice)]),
            Plan::File {
                fd,
                offset: 1000,
                len: 100_000
            }
        );
        assert_eq!(
            plan(&[IoSlice::new(b"HTTP/1.1 206\r\n\r\n"), IoSlice::new(slice)]),
            Plan::Before(1),
            "the headers first, then the file"
        );
        assert_eq!(plan(&[IoSlice::new(&heap)]), Plan::Copy);
        assert_eq!(
            plan(&[IoSlice::new(&map[..100])]),
            Plan::Copy,
            "a few bytes are copied"
        );
    }
}
