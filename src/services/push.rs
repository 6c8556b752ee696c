//! Push subscriptions and switches: what a browser's `PushManager.subscribe` hands us,
//! checked (an https push service, or http on loopback; a P-256 key and a 16-byte secret);
//! a person's devices (at most `MAX_DEVICES`, the oldest going first); and the categories
//! they turned off. The sender is `src/push/`.

use base64::Engine;
use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};

use crate::error::{AppError, AppResult, OptionExt};
use crate::store::push::{self, Category, Subscription};
use crate::store::{Reader, Wtx};

/// Devices one person may have receiving pushes.
pub const MAX_DEVICES: usize = 10;
const ENDPOINT_MAX: usize = 2048;
const DEVICE_MAX: usize = 80;

/// A subscription as the browser's `PushSubscription.toJSON()` writes it.
pub struct Input {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    pub device: String,
}

fn b64url(s: &str) -> Option<Vec<u8>> {
    let s = s.trim();
    URL_SAFE_NO_PAD
        .decode(s.trim_end_matches('='))
        .or_else(|_| URL_SAFE.decode(s))
        .ok()
}

/// The endpoint, when it is one we push to: https, or http on this machine's loopback (a
/// local push service); no user or password in it.
fn checked_endpoint(raw: &str) -> AppResult<String> {
    let refused = || AppError::Unprocessable(crate::t!("push-endpoint-invalid"));
    let raw = raw.trim();
    if raw.is_empty() || raw.len() > ENDPOINT_MAX {
        return Err(refused());
    }
    let url = reqwest::Url::parse(raw).map_err(|_| refused())?;
    if !url.username().is_empty() || url.password().is_some() || url.host().is_none() {
        return Err(refused());
    }
    let host = url.host_str().unwrap_or_default();
    let loopback = host.eq_ignore_ascii_case("localhost")
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    match url.scheme() {
        "https" => Ok(url.to_string()),
        "http" if loopback => Ok(url.to_string()),
        _ => Err(refused()),
    }
}

/// Stores `me`'s device (again: the same endpoint is updated; one another account held on
/// this browser moves to `me`).
pub fn subscribe(w: &Wtx, me: u64, input: Input, now: i64) -> AppResult<Subscription> {
    if !super::settings::push_on(w)? {
        return Err(AppError::Forbidden(crate::t!("push-off-by-district")));
    }
    let endpoint = checked_endpoint(&input.endpoint)?;
    let keys_refused = || AppError::Unprocessable(crate::t!("push-keys-invalid"));
    let p256dh = b64url(&input.p256dh).ok_or_else(keys_refused)?;
    let auth = b64url(&input.auth).ok_or_else(keys_refused)?;
    if auth.len() != 16
        || p256dh.len() != 65
        || web_push_native::p256::PublicKey::from_sec1_bytes(&p256dh).is_err()
    {
        return Err(keys_refused());
    }
    let device: String = crate::validate::clean(&input.device)
        .chars()
        .take(DEVICE_MAX)
        .collect();
    if let Some(old) = push::by_endpoint(w, &endpoint)? {
        push::remove(w, &old)?;
    }
    let s = push::insert(
        w,
        Subscription {
            id: 0,
            user_id: me,
            endpoint,
            p256dh,
            auth,
            device,
            created_at: now,
        },
    )?;
    let mine = push::subscriptions_of(w, me)?;
    for old in mine.iter().take(mine.len().saturating_sub(MAX_DEVICES)) {
        push::remove(w, old)?;
    }
    Ok(s)
}

/// Removes one of `me`'s devices.
pub fn unsubscribe(w: &Wtx, me: u64, id: u64) -> AppResult<()> {
    let s = w
        .get::<Subscription>(id)?
        .filter(|s| s.user_id == me)
        .ok_or_not_found(&crate::t!("push-subscription-not-found"))?;
    push::remove(w, &s)?;
    Ok(())
}

/// Each category with whether it is on for `me`.
pub fn preferences(r: &impl Reader, me: u64) -> AppResult<Vec<(Category, bool)>> {
    Category::ALL
        .into_iter()
        .map(|c| Ok((c, !push::is_off(r, me, c)?)))
        .collect()
}

/// Turns categories on or off by name ("messages": true).
pub fn set_preferences(w: &Wtx, me: u64, changes: &[(String, bool)]) -> AppResult<()> {
    for (name, on) in changes {
        let c = Category::parse(name).ok_or_else(|| {
            AppError::Unprocessable(crate::t!("push-category-unknown", name = name))
        })?;
        push::set_off(w, me, c, !on)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::checked_endpoint;

    #[test]
    fn endpoints_are_https_or_http_on_loopback_without_credentials() {
        assert!(checked_endpoint("https://fcm.googleapis.com/fcm/send/abc").is_ok());
        assert!(checked_endpoint("http://127.0.0.1:4000/push/1").is_ok());
        assert!(checked_endpoint("http://[::1]:4000/push/1").is_ok());
        for bad in [
            "http://push.example.com/x",
            "ftp://127.0.0.1/x",
            "https://user:pw@push.example.com/x",
            "not a url",
            "",
        ] {
            assert!(checked_endpoint(bad).is_err(), "{bad}");
        }
    }
}
