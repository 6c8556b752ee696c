//! The one cache type of the server: values read at one version of their source (the store's
//! commit count `Store::version()`, or the postings generation), valid while that version is
//! current. Readers read the version before they read the data, so a value is never older
//! than its version. A newer version, the age bound or a full cache (entries or bytes) starts
//! the map afresh: clearing is one step, and nothing is ever served that a request without the
//! cache would not have shown, except for at most `max_age` where a bound says so (files
//! changed behind the server's back).

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How much a cache may hold, and for how long.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    entries: usize,
    bytes: usize,
    max_age: Option<Duration>,
}

impl Bounds {
    /// At most `entries` values, of any size, for as long as their version is current.
    pub const fn entries(entries: usize) -> Bounds {
        Bounds {
            entries,
            bytes: usize::MAX,
            max_age: None,
        }
    }

    /// At most `bytes` of values in total (as their `keep` counted them); a value above a
    /// quarter of that is not kept, so one cannot push out all others.
    pub const fn bytes(self, bytes: usize) -> Bounds {
        Bounds { bytes, ..self }
    }

    /// Values are served for at most this long after the map was started.
    pub const fn max_age(self, age: Duration) -> Bounds {
        Bounds {
            max_age: Some(age),
            ..self
        }
    }
}

struct Map<K, V> {
    version: u64,
    started: Instant,
    bytes: usize,
    values: HashMap<K, (V, usize)>,
}

impl<K, V> Map<K, V> {
    fn restart(&mut self, version: u64) {
        self.version = version;
        self.started = Instant::now();
        self.bytes = 0;
        self.values.clear();
    }
}

pub struct Versioned<K, V> {
    bounds: Bounds,
    map: Mutex<Map<K, V>>,
}

impl<K: Eq + Hash, V: Clone> Versioned<K, V> {
    pub fn new(bounds: Bounds) -> Self {
        Versioned {
            bounds,
            map: Mutex::new(Map {
                version: 0,
                started: Instant::now(),
                bytes: 0,
                values: HashMap::new(),
            }),
        }
    }

    fn fresh(&self, m: &Map<K, V>) -> bool {
        self.bounds
            .max_age
            .is_none_or(|age| m.started.elapsed() <= age)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Map<K, V>> {
        // A panic elsewhere while holding the lock left a consistent map: every change below
        // is a single insert or clear.
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The value kept for `key` at `version`, if any.
    pub fn get<Q>(&self, version: u64, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let m = self.lock();
        if m.version != version || !self.fresh(&m) {
            return None;
        }
        m.values.get(key).map(|(v, _)| v.clone())
    }

    /// Keeps `value`, read at `version`, counting `bytes` against the bound (ignored when the
    /// map has moved past `version`).
    pub fn keep(&self, version: u64, key: K, value: V, bytes: usize) {
        let mut m = self.lock();
        if m.version < version || !self.fresh(&m) {
            let at = m.version.max(version);
            m.restart(at);
        }
        if m.version != version || bytes > self.bounds.bytes / 4 {
            return;
        }
        let replaced = m.values.get(&key).map_or(0, |(_, b)| *b);
        let full = m.values.len() >= self.bounds.entries && replaced == 0;
        if full || m.bytes - replaced + bytes > self.bounds.bytes {
            m.restart(version);
        }
        let replaced = m.values.insert(key, (value, bytes)).map_or(0, |(_, b)| b);
        m.bytes = m.bytes - replaced + bytes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_lives_while_its_version_is_current_and_the_bounds_hold() {
        let c: Versioned<String, u32> = Versioned::new(Bounds::entries(2).bytes(400));
        c.keep(3, "a".into(), 1, 10);
        assert_eq!(c.get(3, "a"), Some(1));
        assert_eq!(c.get(4, "a"), None, "a newer version does not see it");
        c.keep(2, "old".into(), 9, 10);
        assert_eq!(
            c.get(2, "old"),
            None,
            "a value read before the map's version is dropped"
        );
        c.keep(3, "a".into(), 2, 10);
        c.keep(3, "b".into(), 3, 10);
        assert_eq!((c.get(3, "a"), c.get(3, "b")), (Some(2), Some(3)));
        c.keep(3, "c".into(), 4, 10);
        assert_eq!(c.get(3, "a"), None, "a full map starts afresh");
        assert_eq!(c.get(3, "c"), Some(4));
        c.keep(3, "big".into(), 5, 101);
        assert_eq!(
            c.get(3, "big"),
            None,
            "over a quarter of the bytes is not kept"
        );
        let b: Versioned<u8, u8> = Versioned::new(Bounds::entries(10).bytes(100));
        for k in 0..4 {
            b.keep(1, k, k, 25);
        }
        assert_eq!(b.get(1, &0), Some(0));
        b.keep(1, 9, 9, 1);
        assert_eq!(
            (b.get(1, &0), b.get(1, &9)),
            (None, Some(9)),
            "the byte bound starts afresh"
        );
        c.keep(5, "f".into(), 8, 1);
        assert_eq!((c.get(3, "c"), c.get(5, "f")), (None, Some(8)));
    }

    #[test]
    fn the_age_bound_retires_values() {
        let c: Versioned<u8, u8> = Versioned::new(Bounds::entries(8).max_age(Duration::ZERO));
        c.keep(1, 1, 1, 0);
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(c.get(1, &1), None);
    }
}
