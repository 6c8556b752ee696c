//! The server's VAPID key pair (RFC 8292): a P-256 key made at the first start, kept in the
//! data directory as `push-vapid-key.pem` (PKCS#8, mode 0600, part of backups). Browsers bind
//! each subscription to its public key, so a new key would silence every device.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};

/// The key's file name in the data directory.
pub const FILE: &str = "push-vapid-key.pem";

pub fn path(data: &Path) -> PathBuf {
    data.join(FILE)
}

pub struct VapidKey {
    pair: EcdsaKeyPair,
    rng: SystemRandom,
}

impl VapidKey {
    /// The key of `data`, made (and written, 0600) when there is none yet.
    pub fn load_or_create(data: &Path) -> anyhow::Result<VapidKey> {
        let file = path(data);
        if !file.exists() {
            let pkcs8 = EcdsaKeyPair::generate_pkcs8(
                &ECDSA_P256_SHA256_FIXED_SIGNING,
                &SystemRandom::new(),
            )
            .map_err(|_| anyhow::anyhow!("could not make the push key"))?;
            write_private(&file, &pem(pkcs8.as_ref()))
                .with_context(|| format!("while writing {}", file.display()))?;
        }
        VapidKey::read(&file)
    }

    /// The key in `file`; an error saying what is wrong otherwise.
    pub fn read(file: &Path) -> anyhow::Result<VapidKey> {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("while reading {}", file.display()))?;
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with("-----"))
            .collect::<Vec<_>>()
            .concat();
        let der = STANDARD
            .decode(body.trim())
            .with_context(|| format!("{} is not a PEM key", file.display()))?;
        let rng = SystemRandom::new();
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &der, &rng)
            .map_err(|e| anyhow::anyhow!("{} is not a P-256 key: {e}", file.display()))?;
        Ok(VapidKey { pair, rng })
    }

    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point,
    /// base64url without padding.
    pub fn public_b64(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.pair.public_key().as_ref())
    }

    /// The `Authorization` header of a push to `endpoint` (RFC 8292: a JWT signed ES256 for
    /// the endpoint's origin, valid `ttl_s` seconds, and the public key).
    pub fn authorization(
        &self,
        endpoint: &reqwest::Url,
        contact: &str,
        now_s: i64,
        ttl_s: i64,
    ) -> anyhow::Result<String> {
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": endpoint.origin().ascii_serialization(),
            "exp": now_s + ttl_s,
            "sub": contact,
        });
        let claims = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims)?);
        let signed = format!("{header}.{claims}");
        let sig = self
            .pair
            .sign(&self.rng, signed.as_bytes())
            .map_err(|_| anyhow::anyhow!("could not sign the VAPID token"))?;
        Ok(format!(
            "vapid t={signed}.{}, k={}",
            URL_SAFE_NO_PAD.encode(sig.as_ref()),
            self.public_b64()
        ))
    }
}

fn pem(der: &[u8]) -> String {
    let b64 = STANDARD.encode(der);
    let mut out = String::from("-----BEGIN PRIVATE KEY-----\n");
    for chunk in b64.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        out.push('\n');
    }
    out.push_str("-----END PRIVATE KEY-----\n");
    out
}

/// Writes a file readable by its owner only, whole or not at all.
fn write_private(file: &Path, text: &str) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = file.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(".{FILE}.new"));
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    std::fs::rename(&tmp, file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_owner_only_and_read_back_the_same() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let a = VapidKey::load_or_create(dir.path()).unwrap();
        let mode = std::fs::metadata(path(dir.path()))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let b = VapidKey::load_or_create(dir.path()).unwrap();
        assert_eq!(a.public_b64(), b.public_b64());
        assert_eq!(URL_SAFE_NO_PAD.decode(a.public_b64()).unwrap().len(), 65);
    }
}
