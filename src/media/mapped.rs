//! Large local media files mapped into memory once for all the requests reading them (by
//! device and inode), and let go when idle: storage.rs's local disk sends their slices from
//! the mappings.

use std::collections::HashMap;
use std::fs::File;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::sendfile::FileMap;

/// The mappings of large local files being read, by device and inode. A mapping is kept
/// while answers hold it and for `LINGER` after the last one: a player's next slice, or the
/// next of 64 readers, finds it mapped (unmapping 64 MiB and faulting it in again cost more
/// than the slice). A sweeping thread, running only while something is mapped, lets go of
/// the rest, so an idle server maps nothing.
pub(super) struct Mappings {
    kept: Mutex<HashMap<(u64, u64), Kept>>,
    pub(super) sweeping: AtomicBool,
    linger: Duration,
}

struct Kept {
    map: Arc<FileMap>,
    used: Instant,
}

pub(super) const LINGER: Duration = Duration::from_secs(2);

impl Mappings {
    pub(super) fn new(linger: Duration) -> Arc<Self> {
        Arc::new(Mappings {
            kept: Mutex::new(HashMap::new()),
            sweeping: AtomicBool::new(false),
            linger,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(u64, u64), Kept>> {
        // Every change below is one insert, update or retain: a panic left a whole map.
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many files are mapped now.
    #[cfg(test)]
    pub(super) fn count(&self) -> usize {
        self.lock().len()
    }

    pub(super) fn of(
        self: &Arc<Self>,
        file: File,
        meta: &std::fs::Metadata,
    ) -> io::Result<Arc<FileMap>> {
        use std::os::unix::fs::MetadataExt;
        let key = (meta.dev(), meta.ino());
        let mut kept = self.lock();
        if let Some(k) = kept.get_mut(&key)
            && k.map.len() as u64 == meta.len()
        {
            k.used = Instant::now();
            return Ok(k.map.clone());
        }
        // SAFETY: FileMap::new's promise holds: a stored media file is written aside and renamed
        // in, never rewritten in place (MappedFile in storage.rs), so the mapped bytes do not
        // change while mapped; a removed file stays readable through its mapping.
        let map = Arc::new(unsafe { FileMap::new(file)? });
        kept.insert(
            key,
            Kept {
                map: map.clone(),
                used: Instant::now(),
            },
        );
        if !self.sweeping.swap(true, Ordering::AcqRel) {
            let (this, linger) = (Arc::downgrade(self), self.linger);
            let started = std::thread::Builder::new()
                .name("internreel-unmap".into())
                .spawn(move || Self::sweep(this, linger));
            if started.is_err() {
                // No thread now: the next mapping tries again; this one is let go at once.
                self.sweeping.store(false, Ordering::Release);
                kept.remove(&key);
            }
        }
        Ok(map)
    }

    /// Lets go of mappings no answer holds and none has asked for in `linger`; ends when
    /// nothing is left (or the store is gone).
    fn sweep(this: std::sync::Weak<Self>, linger: Duration) {
        loop {
            std::thread::sleep(linger);
            let Some(m) = this.upgrade() else {
                return;
            };
            let mut kept = m.lock();
            kept.retain(|_, k| Arc::strong_count(&k.map) > 1 || k.used.elapsed() < linger);
            if kept.is_empty() {
                m.sweeping.store(false, Ordering::Release);
                return;
            }
        }
    }
}
