//! The recorded job-board payloads (`fixtures/external/<provider>/<token>.json`), embedded so
//! the demo and the tests read the boards without the internet (`Boards::Recorded`).

use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "fixtures/external/"]
struct Recorded;

/// The recorded answer of `provider`'s board `token`, if one was recorded.
pub fn payload(provider: &str, token: &str) -> Option<Vec<u8>> {
    Recorded::get(&format!("{provider}/{token}.json")).map(|f| f.data.into_owned())
}
