//! Time-based one-time passwords (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) through
//! the `totp-rs` crate, and the staff's single-use recovery codes. No IO but the random source.

use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, Builder, Secret, Totp};

pub const STEP_SECS: u64 = 30;
const DIGITS: u8 = 6;
/// The issuer authenticator apps show beside the account.
pub const ISSUER: &str = "InternReel";
pub const RECOVERY_CODES: usize = 10;

fn totp(secret: &[u8], digits: u8, account: &str) -> Totp {
    // Colons are not allowed in the label's parts; e-mail addresses have none, names might.
    let account = account.replace(':', " ");
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(digits)
        .with_skew(1)
        .with_step_duration(STEP_SECS)
        .with_secret(secret.to_vec())
        .with_issuer(Some(ISSUER))
        .with_account_name(account)
        .build_noncompliant()
}

/// A fresh 160-bit secret (RFC 4226's recommended length).
pub fn new_secret() -> Vec<u8> {
    let mut buf = vec![0u8; 20];
    getrandom::fill(&mut buf).expect("the operating system's random source");
    buf
}

/// The secret as people type it into an authenticator app.
pub fn base32(secret: &[u8]) -> String {
    Secret::from(secret.to_vec()).to_base32()
}

/// A base32 secret's bytes (the demo's fixed secrets).
pub fn from_base32(text: &str) -> Option<Vec<u8>> {
    Secret::try_from_base32(text)
        .ok()
        .map(|s| s.as_bytes().to_vec())
}

/// `otpauth://totp/InternReel:ACCOUNT?secret=...&issuer=InternReel`, for the QR code.
pub fn uri(secret: &[u8], account: &str) -> String {
    totp(secret, DIGITS, account)
        .to_url()
        .unwrap_or_else(|_| format!("otpauth://totp/{ISSUER}?secret={}", base32(secret)))
}

/// The code at `unix_secs`.
pub fn code_at(secret: &[u8], unix_secs: u64) -> String {
    totp(secret, DIGITS, "").generate(unix_secs).to_string()
}

/// The time step of `code` when it is right at `unix_secs` (one step of clock drift either
/// way) and later than `last_step`: RFC 6238 §5.2 asks that a code be accepted only once.
pub fn check(secret: &[u8], code: &str, unix_secs: u64, last_step: u64) -> Option<u64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != usize::from(DIGITS) || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let t = totp(secret, DIGITS, "");
    let now = unix_secs / STEP_SECS;
    (now.saturating_sub(1)..=now + 1)
        .filter(|&step| step > last_step)
        .find(|&step| t.generate(step * STEP_SECS).to_string() == code)
}

/// Whether `text` looks like a TOTP code rather than a recovery code.
pub fn is_code(text: &str) -> bool {
    let t = text.trim();
    t.len() == usize::from(DIGITS) && t.bytes().all(|b| b.is_ascii_digit())
}

/// Letters and digits people do not confuse (no 0/o, 1/l/i).
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// Ten fresh recovery codes (`xxxx-xxxx`) and the hashes to keep.
pub fn recovery_codes() -> (Vec<String>, Vec<[u8; 32]>) {
    let mut codes = Vec::with_capacity(RECOVERY_CODES);
    for _ in 0..RECOVERY_CODES {
        let mut raw = [0u8; 8];
        getrandom::fill(&mut raw).expect("the operating system's random source");
        let chars: String = raw
            .iter()
            .map(|b| RECOVERY_ALPHABET[usize::from(*b) % RECOVERY_ALPHABET.len()] as char)
            .collect();
        codes.push(format!("{}-{}", &chars[..4], &chars[4..]));
    }
    let hashes = codes.iter().map(|c| recovery_hash(c)).collect();
    (codes, hashes)
}

/// The hash a recovery code is kept as (case, spaces and the dash do not matter).
pub fn recovery_hash(code: &str) -> [u8; 32] {
    let canonical: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Sha256::digest(canonical.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 Appendix B, SHA-1: the secret is the ASCII of "12345678901234567890".
    const SECRET: &[u8] = b"12345678901234567890";
    const VECTORS: [(u64, &str); 6] = [
        (59, "94287082"),
        (1_111_111_109, "07081804"),
        (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"),
        (20_000_000_000, "65353130"),
    ];

    #[test]
    fn rfc_6238_test_vectors() {
        for (t, want) in VECTORS {
            assert_eq!(totp(SECRET, 8, "").generate(t).to_string(), want, "T = {t}");
            // Six digits are the last six of the eight (the same truncation, mod 10^6).
            assert_eq!(code_at(SECRET, t), &want[2..], "T = {t}");
        }
    }

    #[test]
    fn a_code_is_good_for_its_step_and_one_either_side_and_only_once() {
        let t = 1_111_111_111;
        let code = code_at(SECRET, t);
        let step = check(SECRET, &code, t, 0).expect("right now");
        assert_eq!(step, t / STEP_SECS);
        assert_eq!(check(SECRET, &code, t + STEP_SECS, 0), Some(step));
        assert_eq!(check(SECRET, &code, t + 3 * STEP_SECS, 0), None);
        assert_eq!(check(SECRET, &code, t, step), None, "used already");
        assert_eq!(check(SECRET, "12345", t, 0), None);
        assert_eq!(check(SECRET, "abcdef", t, 0), None);
    }

    #[test]
    fn recovery_codes_are_ten_distinct_and_hash_loosely() {
        let (codes, hashes) = recovery_codes();
        assert_eq!(codes.len(), 10);
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 10);
        assert_eq!(recovery_hash(&codes[0].to_uppercase()), hashes[0]);
        assert_eq!(recovery_hash(&codes[0].replace('-', " ")), hashes[0]);
    }

    #[test]
    fn base32_round_trip_and_uri() {
        let s = from_base32("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP").unwrap();
        assert_eq!(s.len(), 20);
        assert_eq!(base32(&s), "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
        let u = uri(&s, "dana@district.example");
        assert!(u.starts_with("otpauth://totp/InternReel:dana"), "{u}");
        assert!(u.contains("secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"), "{u}");
        assert!(u.contains("issuer=InternReel"), "{u}");
    }
}
