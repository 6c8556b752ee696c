//! The push sender's DNS: a push service's name resolves to its public addresses only. The
//! endpoint was checked when the device subscribed (https, no local address written in it),
//! but a public name can resolve to 127.0.0.1 or 10.x, then or later: the addresses on this
//! machine or a private network (`services::push::local_ip`) are dropped here, so a
//! connection never goes there, and a name with no other address fails with `OnlyLocal`
//! (the sender then removes the subscription). Not used where local endpoints are allowed
//! (the tests' push service on loopback).

use std::net::SocketAddr;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// A push service's name that resolves to local or private addresses only.
#[derive(Debug)]
pub struct OnlyLocal(pub String);

impl std::fmt::Display for OnlyLocal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} resolves only to addresses on this machine or a private network",
            self.0
        )
    }
}

impl std::error::Error for OnlyLocal {}

/// The system's resolver, keeping public addresses only.
pub struct PublicOnly;

/// `addrs` without those on this machine or a private network.
pub fn public_only(addrs: impl IntoIterator<Item = SocketAddr>) -> Vec<SocketAddr> {
    addrs
        .into_iter()
        .filter(|a| !crate::services::push::local_ip(a.ip()))
        .collect()
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let found = tokio::net::lookup_host((host.as_str(), 0)).await?;
            let public = public_only(found);
            if public.is_empty() {
                return Err(Box::new(OnlyLocal(host)) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// Whether `e` (or what caused it) is `OnlyLocal`.
pub fn only_local(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if c.is::<OnlyLocal>() {
            return true;
        }
        cause = c.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_and_private_addresses_are_dropped_and_public_ones_kept() {
        let parse = |s: &str| -> SocketAddr { s.parse().unwrap() };
        let local = [
            "127.0.0.1:443",
            "10.1.2.3:443",
            "172.20.0.1:443",
            "192.168.0.10:443",
            "169.254.169.254:443",
            "100.64.0.1:443",
            "0.0.0.0:443",
            "[::1]:443",
            "[fd00::1]:443",
            "[fe80::1]:443",
            "[::ffff:10.0.0.1]:443",
        ];
        assert_eq!(public_only(local.map(parse)), Vec::<SocketAddr>::new());
        let public = [
            parse("142.250.74.10:443"),
            parse("[2001:4860:4860::8888]:443"),
        ];
        let mixed: Vec<SocketAddr> = local.map(parse).into_iter().chain(public).collect();
        assert_eq!(public_only(mixed), public.to_vec());
    }

    #[tokio::test]
    async fn a_name_with_local_addresses_only_is_refused() {
        let e = match PublicOnly.resolve("localhost".parse().unwrap()).await {
            Ok(addrs) => panic!("resolved to {:?}", addrs.collect::<Vec<_>>()),
            Err(e) => e,
        };
        assert!(only_local(e.as_ref()), "{e}");
    }
}
