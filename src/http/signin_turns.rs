//! The sign-in throttle shared by the sign-ins and the actions that check a password again
//! (changing it, deleting the account).

use crate::error::{AppError, AppResult};
use crate::state::AppState;
use crate::store::users;

/// Failed sign-ins to one account (from anywhere) before its attempts wait between them.
const ACCOUNT_FAILURES_FREE: usize = 5;
/// The owner is told once this many sign-ins to the account failed.
pub const ACCOUNT_FAILURES_TOLD: usize = 20;
const ACCOUNT_DELAY_MAX: std::time::Duration = std::time::Duration::from_secs(30);
/// Failed sign-ins from one address (a school's NAT address carries hundreds of students)
/// before its attempts queue, one at a time, with a wait between them.
const ADDRESS_FAILURES_FREE: usize = 100;
const ADDRESS_DELAY_MAX: std::time::Duration = std::time::Duration::from_secs(5);
/// Wrong passwords from an address where the account signed in recently before that address
/// loses its pass.
const KNOWN_ADDRESS_FAILURES_FREE: usize = 10;
fn too_many() -> String {
    crate::t!("too-many-sign-in-attempts-for-this")
}

/// The sign-in throttle (README, "Safety"): nothing is ever locked, attempts are slowed and
/// queued instead. Per account, one password check at a time, each waiting longer after
/// failures; per address (outside `--trusted-networks`), the same once the address has many
/// failures. Failures on one e-mail never touch another account, and the owner signing in
/// from an address where they signed in recently passes without waiting.
pub(crate) struct SignInTurns {
    account: Option<crate::limiter::Turn>,
    address: Option<crate::limiter::Turn>,
    account_key: String,
    pair_key: String,
    ip_key: Option<String>,
}

impl SignInTurns {
    pub(crate) async fn wait(state: &AppState, ip: &str, email: &str) -> AppResult<SignInTurns> {
        let account_key = format!("account:{}", users::email_key(email));
        let pair_key = format!("{account_key}|ip:{ip}");
        let known = state.signin_successes.count(&pair_key) > 0
            && state.login_failures.count(&pair_key) < KNOWN_ADDRESS_FAILURES_FREE;
        let ip_key = (!state.trusted_networks.contains(ip)).then(|| format!("ip:{ip}"));
        let mut turns = SignInTurns {
            account: None,
            address: None,
            account_key,
            pair_key,
            ip_key,
        };
        if known {
            return Ok(turns);
        }
        let busy = || {
            metrics::counter!("internreel_signin_lockouts_total", "who" => "account").increment(1);
            AppError::TooManyRequests(too_many())
        };
        if let Some(k) = &turns.ip_key
            && state.ip_failures.count(k) >= ADDRESS_FAILURES_FREE
        {
            turns.address = Some(state.ip_gate.enter(k).await.ok_or_else(busy)?);
        }
        turns.account = Some(
            state
                .account_gate
                .enter(&turns.account_key)
                .await
                .ok_or_else(busy)?,
        );
        Ok(turns)
    }

    /// A wrong password: counted per account, pair and address; the next attempts wait.
    /// Returns the account's failures in the window.
    pub(crate) fn failed(self, state: &AppState) -> usize {
        metrics::counter!("internreel_signin_failures_total", "who" => "account").increment(1);
        state.login_failures.record_failure(&self.pair_key);
        state.account_failures.record_failure(&self.account_key);
        if let Some(k) = &self.ip_key {
            state.ip_failures.record_failure(k);
            if let Some(t) = self.address {
                t.done(
                    state
                        .ip_failures
                        .delay(k, ADDRESS_FAILURES_FREE, ADDRESS_DELAY_MAX),
                );
            }
        }
        if let Some(t) = self.account {
            t.done(state.account_failures.delay(
                &self.account_key,
                ACCOUNT_FAILURES_FREE,
                ACCOUNT_DELAY_MAX,
            ));
        }
        state.account_failures.count(&self.account_key)
    }

    /// The right password: this address is one the account signs in from.
    pub(crate) fn succeeded(self, state: &AppState) {
        state.login_failures.reset(&self.pair_key);
        state.signin_successes.reset(&self.pair_key);
        state.signin_successes.record_failure(&self.pair_key);
        let wait = state.account_failures.delay(
            &self.account_key,
            ACCOUNT_FAILURES_FREE,
            ACCOUNT_DELAY_MAX,
        );
        if let Some(t) = self.account {
            t.done(wait);
        }
    }
}
