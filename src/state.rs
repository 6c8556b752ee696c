//! The shared state of a running server: the infrastructure (infra.rs) and the caches,
//! limiters and hubs the HTTP layer keeps between requests.

use std::ops::Deref;
use std::sync::Arc;

use crate::infra::{DataPaths, Services};
use crate::limiter::FailureLimiter;
use crate::store::Store;
use crate::ws::hub::Hub;

pub struct Inner {
    pub services: Services,
    pub secure_cookies: bool,
    /// Failed sign-ins per account and client address (an address the account signed in
    /// from recently keeps its pass only while these stay few).
    pub login_failures: FailureLimiter,
    /// Failed sign-ins per account from every address (the wait between its attempts).
    pub account_failures: FailureLimiter,
    /// Failed sign-ins per client address (the wait once an address has many).
    pub ip_failures: FailureLimiter,
    /// Successful sign-ins per account and client address in the last 30 days.
    pub signin_successes: FailureLimiter,
    /// One password check at a time per account, and per busy address (http/accounts.rs).
    pub account_gate: crate::limiter::Gate,
    pub ip_gate: crate::limiter::Gate,
    /// `--trusted-networks`: the district's own addresses, throttled per account only.
    pub trusted_networks: crate::limiter::Networks,
    /// Failed admin pin attempts per client address.
    pub admin_failures: FailureLimiter,
    /// Failed admin pin attempts from every address (the wait between attempts).
    pub admin_failures_all: FailureLimiter,
    /// One admin pin check at a time, from everywhere together.
    pub admin_gate: crate::limiter::Gate,
    /// argon2 on its own threads, so its memory stays bounded (see passwords.rs).
    pub hashing: crate::passwords::HashPool,
    pub hub: Hub,
    pub boards: crate::jobs::Boards,
    /// Group commit for the hot small writes (likes, bookmarks).
    pub batch: crate::store::batch::Batcher,
    /// Students' rankings (src/services/feed.rs).
    pub feed: Arc<crate::services::feed::FeedCache>,
    /// Rendered postings and pages (src/http/view_cache.rs).
    pub views: crate::http::view_cache::ViewCache,
    /// Sessions and their users at the store's current version (src/auth/cache.rs).
    pub sessions: crate::auth::cache::SessionCache,
    /// Sign-ups, comments, messages and contact messages per client (README, "Limits").
    pub throttles: crate::limiter::Throttles,
    /// Sign-ups hash one at a time, so sign-ins always find a hashing thread free.
    pub signup_hashing: tokio::sync::Semaphore,
    /// `--employer-approval`.
    pub employer_approval: crate::domain::review::Approval,
    /// The comment word list (`comment-words.txt`), read again when the file changes.
    pub comment_words: crate::services::comment_words::CommentWords,
    /// When each (employer, student, file) view was last audited: repeat views within a few
    /// minutes (a list re-rendering) make one audit entry.
    pub photo_views: crate::services::audit::RecentViews,
    /// The outbox's sender (src/mail).
    pub mailer: crate::mail::Mailer,
    /// Web Push: the VAPID key and the sender's handle (src/push/).
    pub pusher: crate::push::Pusher,
    /// Who was counted in an employer's "Profile Views" today.
    pub profile_viewers: crate::http::profile_viewers::ProfileViewers,
}

#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

impl Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl Inner {
    pub fn store(&self) -> &Store {
        &self.services.store
    }
    pub fn paths(&self) -> &DataPaths {
        &self.services.paths
    }
    pub fn media(&self) -> &crate::media::Pipeline {
        &self.services.media
    }
}
