//! Counts failures per key in a sliding window (sign-in and admin-pin throttling), one
//! attempt at a time per key (`Gate`), rate limits per key, and the district's own networks.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
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

/// One attempt at a time per key, each starting no sooner than the wait the previous
/// attempt's outcome set: a guesser's parallel requests queue behind each other instead of
/// all sleeping the same few seconds side by side.
#[derive(Default)]
pub struct Gate {
    slots: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Option<tokio::time::Instant>>>>>,
}

/// More attempts than this waiting for one key are refused at once (429).
const GATE_QUEUE_MAX: usize = 32;

impl Gate {
    /// Waits for the key's turn; None when too many attempts already wait for it.
    pub async fn enter(&self, key: &str) -> Option<Turn> {
        let slot = {
            let mut map = self.slots.lock().unwrap_or_else(|e| e.into_inner());
            if map.len() > 10_000 {
                // Keys nobody waits on and whose wait has passed hold nothing worth keeping.
                let now = tokio::time::Instant::now();
                map.retain(|_, s| {
                    Arc::strong_count(s) > 1
                        || s.try_lock().map_or(true, |at| at.is_some_and(|t| t > now))
                });
            }
            map.entry(key.to_string()).or_default().clone()
        };
        if Arc::strong_count(&slot) > GATE_QUEUE_MAX + 1 {
            return None;
        }
        let guard = slot.lock_owned().await;
        if let Some(at) = *guard {
            tokio::time::sleep_until(at).await;
        }
        Some(Turn { guard })
    }
}

/// A key's turn at the gate; the next attempt waits until `done`'s wait has passed.
pub struct Turn {
    guard: tokio::sync::OwnedMutexGuard<Option<tokio::time::Instant>>,
}

impl Turn {
    pub fn done(mut self, wait: Duration) {
        *self.guard = (!wait.is_zero()).then(|| tokio::time::Instant::now() + wait);
    }
}

/// The district's own networks (`--trusted-networks`): CIDR blocks whose addresses are not
/// throttled as addresses (a whole school behind one NAT address), only per account.
#[derive(Debug, Clone, Default)]
pub struct Networks(Vec<(IpAddr, u8)>);

impl Networks {
    pub fn parse(list: &[String]) -> Result<Networks, String> {
        list.iter()
            .flat_map(|s| s.split(','))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                let (addr, bits) = s.split_once('/').unwrap_or((s, ""));
                let addr: IpAddr = addr
                    .parse()
                    .map_err(|_| format!("'{s}' is not a network (for example 10.0.0.0/8)"))?;
                let max = if addr.is_ipv4() { 32 } else { 128 };
                let bits = if bits.is_empty() {
                    max
                } else {
                    bits.parse::<u8>()
                        .ok()
                        .filter(|b| *b <= max)
                        .ok_or_else(|| format!("'{s}': the prefix length must be 0 to {max}"))?
                };
                Ok((addr, bits))
            })
            .collect::<Result<_, _>>()
            .map(Networks)
    }

    /// Whether the client key (an address, or an IPv6 /64 as `ClientIp` writes it) lies in
    /// one of the networks.
    pub fn contains(&self, client: &str) -> bool {
        let Ok(ip) = client.trim_end_matches("/64").parse::<IpAddr>() else {
            return false;
        };
        self.0
            .iter()
            .any(|(net, bits)| same_prefix(*net, ip, *bits))
    }
}

fn same_prefix(a: IpAddr, b: IpAddr, bits: u8) -> bool {
    let (a, b, len): (u128, u128, u32) = match (a, b) {
        (IpAddr::V4(a), IpAddr::V4(b)) => (u32::from(a).into(), u32::from(b).into(), 32),
        (IpAddr::V6(a), IpAddr::V6(b)) => (a.into(), b.into(), 128),
        (IpAddr::V4(a), IpAddr::V6(b)) | (IpAddr::V6(b), IpAddr::V4(a)) => match b.to_ipv4_mapped()
        {
            Some(b) => (u32::from(a).into(), u32::from(b).into(), 32),
            None => return false,
        },
    };
    let shift = len - u32::from(bits).min(len);
    shift >= len || (a >> shift) == (b >> shift)
}

/// The key a client address is counted under: the address itself, or for IPv6 its /64
/// (one customer's whole block, which a guesser could otherwise rotate through).
pub fn client_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                let net = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                format!("{net}/64")
            }
        },
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
    /// Password-reset requests per client address, an hour (and, when limited, at most one
    /// reset e-mail per address every five minutes).
    pub resets_per_hour: usize,
    /// Guest sessions started per client address and hour (a school network shares one
    /// address, so this is generous).
    pub guests_per_hour: usize,
    /// A student's e-mail address changes per hour.
    pub email_changes_per_hour: usize,
    /// School sign-ins started per client address and minute, outside `--trusted-networks`
    /// (each asks the provider and stores a sign-in in flight).
    pub sso_starts_per_minute: usize,
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
            email_changes_per_hour: 5,
            sso_starts_per_minute: 30,
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
            email_changes_per_hour: 0,
            sso_starts_per_minute: 0,
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
    /// Reset e-mails per e-mail address: one per five minutes.
    pub reset_mails: RateLimit,
    pub guests: RateLimit,
    pub email_changes: RateLimit,
    pub sso_starts: RateLimit,
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
            reset_mails: RateLimit::new(l.resets_per_hour.min(1), 5 * MINUTE),
            guests: RateLimit::new(l.guests_per_hour, HOUR),
            email_changes: RateLimit::new(l.email_changes_per_hour, HOUR),
            sso_starts: RateLimit::new(l.sso_starts_per_minute, MINUTE),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn networks_and_client_keys() {
        let n =
            Networks::parse(&["10.0.0.0/8, 192.168.1.7".into(), "2001:db8::/32".into()]).unwrap();
        assert!(n.contains("10.20.30.40"));
        assert!(!n.contains("11.0.0.1"));
        assert!(n.contains("192.168.1.7") && !n.contains("192.168.1.8"));
        assert!(n.contains("2001:db8:5:6::/64"));
        assert!(Networks::parse(&["10.0.0.0/33".into()]).is_err());
        assert!(Networks::parse(&["school".into()]).is_err());
        let v6: IpAddr = "2001:db8:1:2:aaaa:bbbb:cccc:dddd".parse().unwrap();
        assert_eq!(client_key(v6), "2001:db8:1:2::/64");
        assert_eq!(client_key("127.0.0.1".parse().unwrap()), "127.0.0.1");
    }

    #[tokio::test]
    async fn a_gate_lets_one_attempt_in_at_a_time_after_the_wait() {
        let gate = Arc::new(Gate::default());
        let start = tokio::time::Instant::now();
        let first = gate.enter("a").await.unwrap();
        let g = gate.clone();
        let second = tokio::spawn(async move {
            let t = g.enter("a").await.unwrap();
            t.done(Duration::ZERO);
            tokio::time::Instant::now()
        });
        tokio::time::sleep(Duration::from_millis(10)).await;
        first.done(Duration::from_millis(300));
        let entered = second.await.unwrap();
        assert!(entered.duration_since(start) >= Duration::from_millis(300));
        // Another key is not held up.
        let other = gate.enter("b").await.unwrap();
        other.done(Duration::ZERO);
    }

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
