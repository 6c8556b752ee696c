//! Over 500 lines: coalescing, the words of a push and its delivery are the steps of one
//! queue, read together; a third of the file is their unit tests.
//!
//! Web Push (RFC 8030) to the devices people subscribed. notify() and new messages write
//! events into the store's queue (`store/push.rs`); this sender turns a person's waiting
//! events into one push per device (coalesced: "3 new messages from Sproutly"), at most one
//! a minute per person and none in their quiet hours (a student's are the district's, an
//! employer's or staff member's their own), and delivers them: the
//! payload encrypted for the device (aes128gcm, RFC 8291, web-push-native) and signed for
//! the push service (VAPID, RFC 8292, `keys.rs`), over our reqwest client. 404/410 removes
//! the subscription; 429/5xx and network failures are retried with a growing back-off. A push
//! stays in the store until its service accepted it, so a restart or `kill -9` loses none;
//! only a crash between the service's answer and our commit (a few milliseconds) could send
//! that one push twice.

pub mod keys;
pub mod resolver;

use std::sync::Arc;
use std::time::Duration;

use crate::clock::now_ms;
use crate::infra::Services;
use crate::store::Reader;
use crate::store::push::{self, Category, Delivery, Event, Owner, Waiting, What};
use crate::store::users::{Role, User};

/// Attempts before a push is given up (about a day of back-off).
const MAX_ATTEMPTS: u32 = 14;
/// How long a push service keeps a push for an offline device (its `TTL`), in seconds.
const TTL_S: u64 = 24 * 60 * 60;
/// The sender looks at the queue at least this often.
const POLL: Duration = Duration::from_secs(1);

#[derive(Clone)]
pub struct Pusher {
    inner: Arc<Inner>,
}

struct Inner {
    key: keys::VapidKey,
    client: reqwest::Client,
    /// The least time between two pushes to one person.
    interval_ms: i64,
    /// Endpoints on this machine or a private network are accepted (tests).
    local_endpoints: bool,
    contact: String,
    wake: tokio::sync::Notify,
}

impl Pusher {
    /// The data directory's key (made at the first start), pushes at most one per `interval`
    /// per person, signed with `mail_from` as the contact when the district has no https
    /// address; `local_endpoints` accepts devices whose push service is on this machine or a
    /// private network (the tests' stand-in).
    pub fn new(
        data: &std::path::Path,
        interval: Duration,
        mail_from: &str,
        local_endpoints: bool,
    ) -> anyhow::Result<Pusher> {
        crate::tls::install_crypto_provider();
        let mut client = reqwest::Client::builder()
            .user_agent(concat!(
                "InternReel/",
                env!("CARGO_PKG_VERSION"),
                " (web push)"
            ))
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(20))
            .redirect(reqwest::redirect::Policy::none());
        if !local_endpoints {
            // A public name never takes a push to this machine or the district's network.
            client = client.dns_resolver(resolver::PublicOnly);
        }
        let client = client.build()?;
        Ok(Pusher {
            inner: Arc::new(Inner {
                key: keys::VapidKey::load_or_create(data)?,
                client,
                interval_ms: interval.as_millis() as i64,
                local_endpoints,
                contact: format!("mailto:{mail_from}"),
                wake: tokio::sync::Notify::new(),
            }),
        })
    }

    /// The public key browsers subscribe with (`applicationServerKey`).
    pub fn public_key(&self) -> String {
        self.inner.key.public_b64()
    }

    /// Whether a push endpoint on this machine or a private network is accepted.
    pub fn local_endpoints(&self) -> bool {
        self.inner.local_endpoints
    }

    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }
}

/// What waits for a staff member, in their language: (title, body).
fn waiting_text(lang: crate::i18n::Lang, w: &Waiting) -> (String, String) {
    match w {
        Waiting::Report => (
            crate::tl!(lang, "push-staff-report-title"),
            crate::tl!(lang, "push-staff-report"),
        ),
        Waiting::HeldPosting { title } => (
            crate::tl!(lang, "push-staff-held-posting-title"),
            crate::tl!(lang, "push-staff-held-posting", title = title),
        ),
        Waiting::HeldWords => (
            crate::tl!(lang, "push-staff-report-title"),
            crate::tl!(lang, "push-staff-held-words"),
        ),
        Waiting::Employer { company } => (
            crate::tl!(lang, "push-staff-employer-title"),
            crate::tl!(lang, "push-staff-employer", company = company),
        ),
    }
}

/// What a push says: short, in the reader's language, never a message's words. `formal`:
/// Spanish says usted (employers, staff), else tú (students).
fn payload(lang: crate::i18n::Lang, formal: bool, events: &[Event]) -> String {
    let count = events.len();
    let last = events.last();
    let link = last.map(|e| e.link.clone()).unwrap_or_else(|| "/".into());
    let senders: Vec<&str> = events
        .iter()
        .filter_map(|e| match &e.what {
            What::MessageFrom { sender } => Some(sender.as_str()),
            What::Notice { .. } | What::Waiting(_) => None,
        })
        .collect();
    let title_of = |c: Category| match c {
        Category::Messages => crate::tl!(lang, "push-title-messages"),
        Category::Applications => crate::tl!(lang, "push-title-applications"),
        Category::Placements => crate::tl!(lang, "push-title-placements"),
        Category::Account => crate::tl!(lang, "push-title-account"),
    };
    let (title, body, tag) = if senders.len() == count {
        let one_sender = senders.windows(2).all(|w| w[0] == w[1]);
        let name = senders.first().copied().unwrap_or_default();
        let body = match (count, one_sender) {
            (1, _) if formal => crate::tl!(lang, "push-message-from-formal", name = name),
            (1, _) => crate::tl!(lang, "push-message-from", name = name),
            (_, true) => crate::tl!(lang, "push-messages-from", count = count, name = name),
            _ => crate::tl!(lang, "push-messages", count = count),
        };
        (title_of(Category::Messages), body, "messages")
    } else if count == 1 {
        let e = &events[0];
        match &e.what {
            What::Notice { text } => (
                title_of(e.category),
                crate::services::notify::short_subject(&lang.tr(text)),
                e.category.as_str(),
            ),
            What::Waiting(w) => {
                let (title, body) = waiting_text(lang, w);
                (title, body, "review")
            }
            What::MessageFrom { .. } => (title_of(e.category), String::new(), e.category.as_str()),
        }
    } else {
        (
            crate::tl!(lang, "push-title-updates"),
            if formal {
                crate::tl!(lang, "push-updates-formal", count = count)
            } else {
                crate::tl!(lang, "push-updates", count = count)
            },
            "updates",
        )
    };
    serde_json::json!({
        "title": title,
        "body": body,
        "url": link,
        "tag": format!("internreel-{tag}"),
        "count": count,
    })
    .to_string()
}

/// When the person may be pushed to next: a minute after the last push, and after their
/// quiet hours (on the district's clock).
fn ready_at(
    last: Option<i64>,
    interval_ms: i64,
    quiet: Option<crate::domain::quiet_hours::Window>,
    zone: &crate::clock::Zone,
    now: i64,
) -> i64 {
    let mut at = last.map_or(now, |l| l + interval_ms);
    if let Some(w) = quiet {
        let t = zone.local(now);
        if let Some(left) = w.minutes_left(u16::from(t.hour) * 60 + u16::from(t.minute)) {
            let minute_start = now - now.rem_euclid(60_000);
            at = at.max(minute_start + i64::from(left) * 60_000);
        }
    }
    at
}

/// Turns the waiting events of everyone whose turn it is into deliveries (one transaction);
/// returns when the next person's turn comes.
pub fn coalesce(services: &Services, pusher: &Pusher, now: i64) -> anyhow::Result<Option<i64>> {
    let (events, district_quiet, zone, on) = {
        let r = services.store.read()?;
        let events = push::waiting(&r)?;
        if events.is_empty() {
            return Ok(None);
        }
        (
            events,
            crate::services::settings::quiet_hours(&r)?,
            crate::services::settings::time_zone(&r)?,
            crate::services::settings::push_on(&r)?,
        )
    };
    let mut by_owner: std::collections::BTreeMap<u64, Vec<Event>> = Default::default();
    for e in events {
        by_owner.entry(e.owner).or_default().push(e);
    }
    let mut later: Option<i64> = None;
    let made = services.store.write(|w| {
        let mut made = 0;
        for (key, events) in &by_owner {
            let owner = Owner::of_key(*key);
            let subs = push::subscriptions_of(w, owner)?;
            let reader = match owner {
                Owner::User(id) => w.get::<User>(id)?.map(|u| {
                    // Students keep the district's quiet hours; employers choose their own.
                    let student = u.role == Role::Student;
                    (!student, student)
                }),
                Owner::Staff(id) => w
                    .get::<crate::store::staff::Staff>(id)?
                    .filter(|m| m.enrolled && !m.disabled)
                    .map(|_| (true, false)),
            };
            let Some((formal, student)) = reader.filter(|_| on && !subs.is_empty()) else {
                // Gone, no device left, or the district turned pushes off: nothing to say.
                for e in events {
                    w.delete::<Event>(e.id)?;
                }
                continue;
            };
            let quiet = if student {
                district_quiet
            } else {
                push::quiet_hours(w, owner)?
            };
            let at = ready_at(
                push::last_sent(w, owner)?,
                pusher.inner.interval_ms,
                quiet,
                &zone,
                now,
            );
            if at > now {
                later = Some(later.map_or(at, |l: i64| l.min(at)));
                continue;
            }
            let lang = match owner {
                Owner::User(id) => crate::store::languages::of_user(w, id)?,
                Owner::Staff(id) => crate::store::languages::of_staff(w, id)?,
            }
            .unwrap_or_default();
            let body = payload(lang, formal, events);
            for s in &subs {
                let d = Delivery {
                    id: w.next_id::<Delivery>()?,
                    subscription_id: s.id,
                    owner: *key,
                    payload: body.clone(),
                    attempts: 0,
                    next_attempt_at: now,
                    created_at: now,
                    last_error: None,
                };
                w.put(&d)?;
                made += 1;
            }
            for e in events {
                w.delete::<Event>(e.id)?;
            }
            push::set_last_sent(w, owner, now)?;
        }
        Ok::<_, crate::store::StoreError>(made)
    })?;
    if made > 0 {
        tracing::debug!(pushes = made, "pushes ready for their devices");
    }
    Ok(later)
}

/// What a push service said.
enum Outcome {
    Delivered,
    /// 404/410: the subscription ended.
    Gone,
    /// 429, 5xx, or the service unreachable: try again (not before `Retry-After`).
    Retry(String, Option<i64>),
    /// Refused for good (a malformed subscription, a key it does not accept).
    Refused(String),
    /// The push service's name resolves to local or private addresses only: never sent there.
    Local(String),
}

async fn send_one(pusher: &Pusher, s: &push::Subscription, payload: &str) -> Outcome {
    use web_push_native::{Auth, WebPushBuilder, p256::PublicKey};
    let built = (|| -> anyhow::Result<reqwest::RequestBuilder> {
        let url = reqwest::Url::parse(&s.endpoint)?;
        let ua_public = PublicKey::from_sec1_bytes(&s.p256dh)
            .map_err(|_| anyhow::anyhow!("the subscription's p256dh key is not a P-256 point"))?;
        anyhow::ensure!(
            s.auth.len() == 16,
            "the subscription's auth secret is not 16 bytes"
        );
        let req = WebPushBuilder::new(
            s.endpoint.parse()?,
            ua_public,
            Auth::clone_from_slice(&s.auth),
        )
        .with_valid_duration(Duration::from_secs(TTL_S))
        .build(payload.as_bytes())
        .map_err(|e| anyhow::anyhow!("could not encrypt the push: {e}"))?;
        let auth = pusher.inner.key.authorization(
            &url,
            &pusher.inner.contact,
            now_ms() / 1000,
            12 * 3600,
        )?;
        let (parts, body) = req.into_parts();
        let mut b = pusher
            .inner
            .client
            .post(url)
            .header(reqwest::header::AUTHORIZATION, auth)
            .header("Urgency", "normal")
            .body(body);
        for (name, value) in &parts.headers {
            b = b.header(name.as_str(), value.as_bytes());
        }
        Ok(b)
    })();
    let req = match built {
        Ok(r) => r,
        Err(e) => return Outcome::Refused(e.to_string()),
    };
    match req.send().await {
        Ok(res) => {
            let status = res.status();
            let retry_after = res
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<i64>().ok())
                .map(|s| s.clamp(0, 3600) * 1000);
            match status.as_u16() {
                200..=299 => Outcome::Delivered,
                404 | 410 => Outcome::Gone,
                429 | 500..=599 => {
                    Outcome::Retry(format!("the push service answered {status}"), retry_after)
                }
                _ => Outcome::Refused(format!("the push service answered {status}")),
            }
        }
        Err(e) if resolver::only_local(&e) => Outcome::Local(e.to_string()),
        Err(e) => Outcome::Retry(format!("the push service could not be reached: {e}"), None),
    }
}

/// The delay before attempt `n + 1` after `n` failures: 2 s, 4, 8, ... capped at 2 hours.
fn backoff(attempts: u32) -> i64 {
    (2_000i64 << attempts.saturating_sub(1).min(16)).min(2 * 60 * 60_000)
}

/// Sends every delivery due by `due_by` once; returns how many arrived and when the next
/// waiting one is due.
pub async fn send_due(
    services: &Services,
    pusher: &Pusher,
    due_by: i64,
) -> anyhow::Result<(usize, Option<i64>)> {
    let (due, later) = push::due(&services.store.read()?, due_by, 64)?;
    let mut delivered = 0;
    for chunk in due.chunks(8) {
        let mut sends = Vec::new();
        for d in chunk {
            let sub = services
                .store
                .read()?
                .get::<push::Subscription>(d.subscription_id)?;
            sends.push(async move {
                let outcome = match &sub {
                    Some(s) => Some(send_one(pusher, s, &d.payload).await),
                    None => None,
                };
                (d, sub, outcome)
            });
        }
        for (d, sub, outcome) in futures_util::future::join_all(sends).await {
            let now = now_ms();
            services.store.write(|w| {
                // Still waiting? (a subscription removed meanwhile took it along.)
                let Some(mut d) = w.get::<Delivery>(d.id)? else {
                    return Ok(());
                };
                match (&sub, outcome) {
                    (None, _) | (_, None) => w.delete::<Delivery>(d.id)?,
                    (Some(_), Some(Outcome::Delivered)) => {
                        delivered += 1;
                        w.delete::<Delivery>(d.id)?;
                    }
                    (Some(s), Some(Outcome::Gone)) => {
                        tracing::info!(owner = ?Owner::of_key(s.owner), subscription = s.id, "a device's push subscription ended; removed");
                        if let Some(s) = w.get::<push::Subscription>(s.id)? {
                            push::remove(w, &s)?;
                        }
                    }
                    (Some(s), Some(Outcome::Local(why))) => {
                        tracing::warn!(owner = ?Owner::of_key(s.owner), subscription = s.id, error = %why, "a device's push service is on a local or private address; its subscription is removed");
                        if let Some(s) = w.get::<push::Subscription>(s.id)? {
                            push::remove(w, &s)?;
                        }
                    }
                    (Some(_), Some(Outcome::Refused(why))) => {
                        tracing::warn!(push = d.id, error = %why, "a push was refused; dropped");
                        w.delete::<Delivery>(d.id)?;
                    }
                    (Some(_), Some(Outcome::Retry(why, after))) => {
                        d.attempts += 1;
                        tracing::warn!(push = d.id, attempt = d.attempts, error = %why, "sending a push failed");
                        if d.attempts >= MAX_ATTEMPTS {
                            w.delete::<Delivery>(d.id)?;
                        } else {
                            d.next_attempt_at = now + backoff(d.attempts).max(after.unwrap_or(0));
                            d.last_error = Some(why);
                            w.put(&d)?;
                        }
                    }
                }
                Ok::<_, crate::store::StoreError>(())
            })?;
        }
    }
    Ok((delivered, later))
}

/// The sender: coalesces and delivers, then sleeps until woken, the next push is due, or a
/// second has passed.
pub async fn run(services: Services, pusher: Pusher, mut stop: tokio::sync::watch::Receiver<bool>) {
    // After a start (the push services may be back) everything waiting is tried at once.
    let mut due_by = i64::MAX;
    loop {
        let next_turn = coalesce(&services, &pusher, now_ms()).unwrap_or_else(|e| {
            tracing::error!(error = %e, "the push sender failed to coalesce; retrying");
            None
        });
        let (sent, next_retry) = match send_due(&services, &pusher, due_by).await {
            Ok(round) => round,
            Err(e) => {
                tracing::error!(error = %e, "the push sender failed; retrying");
                (0, None)
            }
        };
        // One push got through while others wait for their retry: the service is back.
        if sent > 0 && next_retry.is_some() && due_by != i64::MAX {
            due_by = i64::MAX;
            continue;
        }
        due_by = now_ms();
        let next = [next_turn, next_retry].into_iter().flatten().min();
        let wait = next.map_or(POLL, |at| {
            Duration::from_millis((at - now_ms()).clamp(10, POLL.as_millis() as i64) as u64)
        });
        tokio::select! {
            _ = pusher.inner.wake.notified() => {}
            _ = tokio::time::sleep(wait) => {}
            _ = stop.changed() => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_grow_from_two_seconds_to_two_hours() {
        assert_eq!(backoff(1), 2_000);
        assert_eq!(backoff(2), 4_000);
        assert_eq!(backoff(30), 2 * 60 * 60_000);
    }

    fn event(what: What, category: Category) -> Event {
        Event {
            id: 1,
            owner: 1,
            category,
            what,
            link: "/profile".into(),
            created_at: 0,
        }
    }

    #[test]
    fn several_messages_from_one_sender_say_how_many_and_from_whom_never_what() {
        let from = |s: &str| event(What::MessageFrom { sender: s.into() }, Category::Messages);
        let p: serde_json::Value = serde_json::from_str(&payload(
            crate::i18n::Lang::En,
            false,
            &[from("Sproutly"), from("Sproutly"), from("Sproutly")],
        ))
        .unwrap();
        assert_eq!(p["body"], "3 new messages from Sproutly");
        assert_eq!(p["count"], 3);
        assert_eq!(p["url"], "/profile");
        let p: serde_json::Value =
            serde_json::from_str(&payload(crate::i18n::Lang::Es, false, &[from("Sproutly")]))
                .unwrap();
        assert_eq!(p["body"], "Sproutly te envió un mensaje");
    }

    #[test]
    fn a_staff_member_hears_what_waits_for_review_in_their_language() {
        let e = event(
            What::Waiting(Waiting::HeldPosting {
                title: "Roofing helper".into(),
            }),
            Category::Account,
        );
        let p: serde_json::Value =
            serde_json::from_str(&payload(crate::i18n::Lang::Es, true, &[e])).unwrap();
        assert!(
            p["body"].as_str().unwrap().contains("Roofing helper"),
            "{p}"
        );
        assert_ne!(p["title"], "InternReel");
    }

    #[test]
    fn a_push_waits_for_the_end_of_the_quiet_hours_and_a_minute_after_the_last_push() {
        let zone = crate::clock::Zone::named("America/Chicago").unwrap();
        // 2026-07-04T04:30:00Z is 23:30 in Chicago (CDT): quiet until 07:00, 7 h 30 min later.
        let night = 1_783_139_400_000;
        let w = crate::domain::quiet_hours::DEFAULT;
        assert_eq!(
            ready_at(None, 60_000, Some(w), &zone, night),
            night + (7 * 60 + 30) * 60_000
        );
        assert_eq!(ready_at(None, 60_000, None, &zone, night), night);
        assert_eq!(
            ready_at(Some(night - 1_000), 60_000, None, &zone, night),
            night + 59_000
        );
        // An own window of 22:00-23:00 is over at 23:30.
        let own = crate::domain::quiet_hours::parse("22:00-23:00").unwrap();
        assert_eq!(ready_at(None, 60_000, own, &zone, night), night);
    }
}
