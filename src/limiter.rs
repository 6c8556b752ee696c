//! Counts failures per key in a sliding window (sign-in and admin-pin throttling).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct FailureLimiter {
    window: Duration,
    max: usize,
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

impl FailureLimiter {
    pub fn new(max: usize, window: Duration) -> Self {
        Self {
            window,
            max,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// True when the key has used up its failures in the window.
    pub fn is_blocked(&self, key: &str) -> bool {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        match map.get_mut(key) {
            Some(v) => {
                v.retain(|t| now.duration_since(*t) < self.window);
                v.len() >= self.max
            }
            None => false,
        }
    }

    pub fn record_failure(&self, key: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        // Keep the map bounded: drop keys whose failures have all aged out.
        if map.len() > 100_000 {
            map.retain(|_, v| v.iter().any(|t| now.duration_since(*t) < self.window));
        }
        map.entry(key.to_string()).or_default().push(now);
    }

    pub fn reset(&self, key: &str) {
        self.failures
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(key);
    }
}
