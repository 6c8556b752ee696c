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

    /// Failures of the key in the window.
    pub fn count(&self, key: &str) -> usize {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        match map.get_mut(key) {
            Some(v) => {
                v.retain(|t| now.duration_since(*t) < self.window);
                v.len()
            }
            None => 0,
        }
    }

    /// A wait that doubles with every failure past `free` ones (none before), at most `cap`:
    /// slows a guesser down without refusing the rightful owner.
    pub fn delay(&self, key: &str, free: usize, cap: Duration) -> Duration {
        let n = self.count(key);
        if n < free {
            return Duration::ZERO;
        }
        let doubled = 1u32 << (n - free).min(16);
        (Duration::from_millis(250) * doubled).min(cap)
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

/// At most `max` actions per key in a sliding `window` (0: no limit): sign-ups per address,
/// comments and messages per account, contact messages per address.
pub struct RateLimit {
    window: Duration,
    max: usize,
    hits: Mutex<HashMap<String, std::collections::VecDeque<Instant>>>,
}

impl RateLimit {
    pub fn new(max: usize, window: Duration) -> Self {
        Self {
            window,
            max,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one action for `key`, or says how long until the next one is allowed.
    pub fn take(&self, key: &str) -> Result<(), Duration> {
        if self.max == 0 {
            return Ok(());
        }
        let mut map = self.hits.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if map.len() > 100_000 {
            map.retain(|_, v| {
                v.back()
                    .is_some_and(|t| now.duration_since(*t) < self.window)
            });
        }
        let v = map.entry(key.to_string()).or_default();
        while v
            .front()
            .is_some_and(|t| now.duration_since(*t) >= self.window)
        {
            v.pop_front();
        }
        if v.len() >= self.max {
            let oldest = *v.front().expect("full");
            return Err(self.window.saturating_sub(now.duration_since(oldest)));
        }
        v.push_back(now);
        Ok(())
    }
}

/// How many of each free action a client may take (README, "Limits").
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Sign-ups per client address and hour.
    pub signups_per_hour: usize,
    /// Comments per account and minute.
    pub comments_per_minute: usize,
    /// Messages per account and minute.
    pub messages_per_minute: usize,
    /// Contact-form messages per client address and hour.
    pub contact_per_hour: usize,
    /// Reports per account and hour.
    pub reports_per_hour: usize,
    /// Password-reset requests per client address and per e-mail address, an hour.
    pub resets_per_hour: usize,
    /// Guest sessions started per client address and hour (a school network shares one
    /// address, so this is generous).
    pub guests_per_hour: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            signups_per_hour: 5,
            comments_per_minute: 10,
            messages_per_minute: 30,
            contact_per_hour: 10,
            reports_per_hour: 20,
            resets_per_hour: 5,
            guests_per_hour: 60,
        }
    }
}

impl Limits {
    /// No limits (test rigs).
    pub fn off() -> Self {
        Limits {
            signups_per_hour: 0,
            comments_per_minute: 0,
            messages_per_minute: 0,
            contact_per_hour: 0,
            reports_per_hour: 0,
            resets_per_hour: 0,
            guests_per_hour: 0,
        }
    }
}

/// The limiters of a running server.
pub struct Throttles {
    pub signups: RateLimit,
    pub comments: RateLimit,
    pub messages: RateLimit,
    pub contact: RateLimit,
    pub reports: RateLimit,
    pub resets: RateLimit,
    pub guests: RateLimit,
}

impl Throttles {
    pub fn new(l: Limits) -> Self {
        const MINUTE: Duration = Duration::from_secs(60);
        const HOUR: Duration = Duration::from_secs(3600);
        Throttles {
            signups: RateLimit::new(l.signups_per_hour, HOUR),
            comments: RateLimit::new(l.comments_per_minute, MINUTE),
            messages: RateLimit::new(l.messages_per_minute, MINUTE),
            contact: RateLimit::new(l.contact_per_hour, HOUR),
            reports: RateLimit::new(l.reports_per_hour, HOUR),
            resets: RateLimit::new(l.resets_per_hour, HOUR),
            guests: RateLimit::new(l.guests_per_hour, HOUR),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_limit_counts_per_key_and_says_when_to_retry() {
        let l = RateLimit::new(2, Duration::from_secs(60));
        assert!(l.take("a").is_ok() && l.take("a").is_ok());
        let wait = l.take("a").unwrap_err();
        assert!(wait > Duration::from_secs(58) && wait <= Duration::from_secs(60));
        assert!(l.take("b").is_ok());
        let off = RateLimit::new(0, Duration::from_secs(60));
        assert!((0..100).all(|_| off.take("a").is_ok()));
    }
}
