//! Values read at one store version (`Store::version()`): valid while nothing has been
//! committed since. Readers read the version before their transaction begins, so a value is
//! never older than its version; a newer version, or more than `max` entries, starts the map
//! afresh.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

pub struct AtVersion<K, V> {
    max: usize,
    map: Mutex<(u64, HashMap<K, V>)>,
}

impl<K: Eq + Hash, V: Clone> AtVersion<K, V> {
    pub fn new(max: usize) -> Self {
        AtVersion {
            max,
            map: Mutex::new((0, HashMap::new())),
        }
    }

    /// The value kept for `key` at `version`, if any.
    pub fn get(&self, version: u64, key: &K) -> Option<V> {
        let m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        (m.0 == version).then(|| m.1.get(key).cloned()).flatten()
    }

    /// Keeps `value`, read at `version` (ignored when the map has moved past it).
    pub fn keep(&self, version: u64, key: K, value: V) {
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if m.0 < version || m.1.len() >= self.max {
            *m = (m.0.max(version), HashMap::new());
        }
        if m.0 == version {
            m.1.insert(key, value);
        }
    }
}
