//! Push subscriptions and switches: what a browser's `PushManager.subscribe` hands us,
//! checked (an https push service, or http on loopback; a P-256 key and a 16-byte secret);
//! a person's devices (at most `MAX_DEVICES`, the oldest going first); and the categories
//! they turned off. The sender is `src/push/`.

use base64::Engine;
use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};

use crate::error::{AppError, AppResult, OptionExt};
use crate::store::push::{self, Category, Owner, Subscription};
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

/// The endpoint, when it is one we push to: https to a push service on the internet; one on
/// this machine or a private network (http or https) only where `local` allows it (the tests'
/// stand-in push service), so nobody can make the server post into its own machine or the
/// district's network. No user or password in it. (A public name that resolves to a private
/// address is caught when sending: `push::resolver`; redirects are never followed.)
fn checked_endpoint(raw: &str, local: bool) -> AppResult<String> {
    let refused = || AppError::Unprocessable(crate::t!("push-endpoint-invalid"));
    let raw = raw.trim();
    if raw.is_empty() || raw.len() > ENDPOINT_MAX {
        return Err(refused());
    }
    let url = reqwest::Url::parse(raw).map_err(|_| refused())?;
    if !url.username().is_empty() || url.password().is_some() || url.host().is_none() {
        return Err(refused());
    }
    let on_local = local_host(url.host_str().unwrap_or_default());
    match url.scheme() {
        _ if on_local && !local => Err(refused()),
        "https" => Ok(url.to_string()),
        "http" if on_local => Ok(url.to_string()),
        _ => Err(refused()),
    }
}

/// A host on this machine or a private network: `localhost`, or an address that `local_ip`.
fn local_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let lower = host.to_ascii_lowercase();
    if lower == "localhost" || lower.ends_with(".localhost") {
        return true;
    }
    host.parse::<std::net::IpAddr>().is_ok_and(local_ip)
}

/// An address on this machine or a private network: loopback, private, shared (100.64/10),
/// link-local, unique-local, unspecified or broadcast (also as an IPv4-mapped IPv6 address).
/// The push sender's resolver drops these too (a public name may resolve to one).
pub fn local_ip(ip: std::net::IpAddr) -> bool {
    use std::net::{IpAddr, Ipv4Addr};
    fn v4(ip: Ipv4Addr) -> bool {
        let [a, b, ..] = ip.octets();
        ip.is_loopback()
            || ip.is_private()
            || ip.is_link_local()
            || ip.is_unspecified()
            || ip.is_broadcast()
            || (a == 100 && (b & 0xc0) == 64)
    }
    match ip {
        IpAddr::V4(ip) => v4(ip),
        IpAddr::V6(ip) => {
            let first = ip.segments()[0];
            ip.is_loopback()
                || ip.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || ip.to_ipv4_mapped().is_some_and(v4)
        }
    }
}

/// Stores `me`'s device (again: the same endpoint is updated; one another account held on
/// this browser moves to `me`).
/// `local`: a push service on this machine or a private network is accepted (tests).
pub fn subscribe(
    w: &Wtx,
    me: Owner,
    input: Input,
    now: i64,
    local: bool,
) -> AppResult<Subscription> {
    if !super::settings::push_on(w)? {
        return Err(AppError::Forbidden(crate::t!("push-off-by-district")));
    }
    let endpoint = checked_endpoint(&input.endpoint, local)?;
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
            owner: me.key(),
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
pub fn unsubscribe(w: &Wtx, me: Owner, id: u64) -> AppResult<()> {
    let s = w
        .get::<Subscription>(id)?
        .filter(|s| s.owner == me.key())
        .ok_or_not_found(crate::t!("push-subscription-not-found"))?;
    push::remove(w, &s)?;
    Ok(())
}

/// Each category with whether it is on for `me`.
pub fn preferences(r: &impl Reader, me: Owner) -> AppResult<Vec<(Category, bool)>> {
    Category::ALL
        .into_iter()
        .map(|c| Ok((c, !push::is_off(r, me, c)?)))
        .collect()
}

/// Turns categories on or off by name ("messages": true).
pub fn set_preferences(w: &Wtx, me: Owner, changes: &[(String, bool)]) -> AppResult<()> {
    for (name, on) in changes {
        let c = Category::parse(name).ok_or_else(|| {
            AppError::Unprocessable(crate::t!("push-category-unknown", name = name))
        })?;
        push::set_off(w, me, c, !on)?;
    }
    Ok(())
}

/// Whether `owner` chooses their own quiet hours: employers and staff do; students have the
/// district's (`settings set quiet-hours`).
pub fn own_quiet_hours(r: &impl Reader, owner: Owner) -> AppResult<bool> {
    Ok(match owner {
        Owner::Staff(_) => true,
        Owner::User(id) => r
            .get::<crate::store::users::User>(id)?
            .is_some_and(|u| u.role == crate::store::users::Role::Employer),
    })
}

/// The quiet hours that hold `owner`'s pushes: a student's are the district's, an employer's
/// or staff member's their own (none until they choose).
pub fn quiet_hours_of(
    r: &impl Reader,
    owner: Owner,
) -> AppResult<Option<crate::domain::quiet_hours::Window>> {
    if own_quiet_hours(r, owner)? {
        Ok(push::quiet_hours(r, owner)?)
    } else {
        Ok(super::settings::quiet_hours(r)?)
    }
}

/// Sets an employer's or staff member's own quiet hours: `HH:MM-HH:MM` on the district's
/// clock, or None (or `off`) for none. A student's are the district's (403).
pub fn set_quiet_hours(w: &Wtx, me: Owner, value: Option<&str>) -> AppResult<()> {
    if !own_quiet_hours(w, me)? {
        return Err(AppError::Forbidden(crate::t!("push-quiet-hours-district")));
    }
    let window = match value.map(str::trim) {
        None | Some("") => None,
        Some(v) => crate::domain::quiet_hours::parse(v).map_err(|_| {
            AppError::Unprocessable(crate::t!("push-quiet-hours-invalid", value = v))
        })?,
    };
    push::set_quiet_hours(w, me, window)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::checked_endpoint;

    #[test]
    fn endpoints_are_https_on_the_internet_and_local_only_where_allowed() {
        assert!(checked_endpoint("https://fcm.googleapis.com/fcm/send/abc", false).is_ok());
        for local in [
            "http://127.0.0.1:4000/push/1",
            "http://[::1]:4000/push/1",
            "https://localhost/push",
            "https://10.1.2.3/push",
            "https://192.168.0.10/push",
            "https://172.20.0.1/push",
            "https://169.254.169.254/latest",
            "https://100.64.0.1/x",
            "https://[fd00::1]/x",
            "https://[fe80::1]/x",
            "https://[::ffff:127.0.0.1]/x",
            "https://0.0.0.0/x",
            "https://2130706433/x",
            "https://0x7f.1/x",
        ] {
            assert!(checked_endpoint(local, false).is_err(), "{local}");
        }
        assert!(checked_endpoint("http://127.0.0.1:4000/push/1", true).is_ok());
        assert!(checked_endpoint("http://[::1]:4000/push/1", true).is_ok());
        for bad in [
            "http://push.example.com/x",
            "ftp://127.0.0.1/x",
            "https://user:pw@push.example.com/x",
            "not a url",
            "",
        ] {
            assert!(checked_endpoint(bad, true).is_err(), "{bad}");
        }
    }
}
