//! HTTPS without a separate proxy: the certificate chain and key are read from PEM files
//! (PKCS#8, RSA or EC keys) with errors that name the file and the problem, and a renewed pair
//! is picked up without a restart, on SIGHUP and when the files change. A renewal that does
//! not load keeps the old certificate and logs why.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use anyhow::{Context, anyhow};
use axum_server::tls_rustls::RustlsConfig;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// Makes ring the process's TLS crypto provider, once, before anything builds a TLS client:
/// reqwest, lettre and object_store are built without a provider of their own, and a client
/// built before one is installed panics ("No rustls crypto provider is configured"). Called
/// first thing by `main` (every command) and by `App::build` (the server, and its tests).
pub fn install_crypto_provider() {
    // A second call finds one installed and changes nothing.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// How often the files' modification times are compared.
const WATCH_EVERY: Duration = Duration::from_secs(5);

#[derive(Debug, Clone)]
pub struct TlsFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
}

fn certificates(path: &Path) -> anyhow::Result<Vec<CertificateDer<'static>>> {
    std::fs::metadata(path)
        .with_context(|| format!("cannot read the TLS certificate {}", path.display()))?;
    let certs = CertificateDer::pem_file_iter(path)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .map_err(|e| {
            anyhow!(
                "the TLS certificate {} is not a PEM certificate chain: {e}",
                path.display()
            )
        })?;
    if certs.is_empty() {
        return Err(anyhow!(
            "the TLS certificate {} holds no certificate (a PEM file with -----BEGIN CERTIFICATE-----)",
            path.display()
        ));
    }
    Ok(certs)
}

fn private_key(path: &Path) -> anyhow::Result<PrivateKeyDer<'static>> {
    std::fs::metadata(path)
        .with_context(|| format!("cannot read the TLS key {}", path.display()))?;
    PrivateKeyDer::from_pem_file(path).map_err(|e| {
        anyhow!(
            "the TLS key {} holds no usable private key (PEM: PKCS#8, RSA or EC): {e}",
            path.display()
        )
    })
}

/// Reads both files into a server configuration (HTTP/2 and HTTP/1.1 offered).
pub fn load(files: &TlsFiles) -> anyhow::Result<Arc<rustls::ServerConfig>> {
    let certs = certificates(&files.cert)?;
    let key = private_key(&files.key)?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("while choosing TLS versions")?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| {
            anyhow!(
                "the TLS key {} does not fit the certificate {}: {e}",
                files.key.display(),
                files.cert.display()
            )
        })?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// When the first certificate of the chain stops being valid.
pub fn expiry(cert: &Path) -> anyhow::Result<SystemTime> {
    let certs = certificates(cert)?;
    let (_, parsed) = x509_parser::parse_x509_certificate(&certs[0]).map_err(|e| {
        anyhow!(
            "the TLS certificate {} cannot be parsed: {e}",
            cert.display()
        )
    })?;
    let secs = parsed.validity().not_after.timestamp();
    Ok(SystemTime::UNIX_EPOCH + Duration::from_secs(secs.max(0) as u64))
}

fn stamps(files: &TlsFiles) -> (Option<SystemTime>, Option<SystemTime>) {
    let m = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    (m(&files.cert), m(&files.key))
}

/// Loads the files again into the running server, keeping the old pair when they are bad.
pub fn reload(files: &TlsFiles, live: &RustlsConfig, why: &str) {
    match load(files) {
        Ok(config) => {
            live.reload_from_config(config);
            tracing::info!(cert = %files.cert.display(), "TLS certificate reloaded ({why})");
        }
        Err(e) => tracing::error!(
            error = %format!("{e:#}"),
            "the renewed TLS certificate was not loaded; the old one stays in use"
        ),
    }
}

/// Reloads on SIGHUP and when either file's modification time changes, until aborted.
pub async fn watch(files: TlsFiles, live: RustlsConfig) {
    let mut hangup = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!(error = %e, "cannot listen for SIGHUP; certificates reload when their files change");
            None
        }
    };
    let mut last = stamps(&files);
    let mut tick = tokio::time::interval(WATCH_EVERY);
    loop {
        let hup = async {
            match hangup.as_mut() {
                Some(s) => s.recv().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = hup => {
                last = stamps(&files);
                reload(&files, &live, "SIGHUP");
            }
            _ = tick.tick() => {
                if stamps(&files) != last {
                    // Let a renewal that writes both files finish writing them.
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    last = stamps(&files);
                    reload(&files, &live, "the files changed");
                }
            }
        }
    }
}
