//! Which media store a process uses, from the command line or the environment
//! (`--media-store`, `--s3-*`, `--media-public-url`, `--media-redirect`), and the record in
//! the database of where the media of a data directory are, so a server started with the
//! wrong store refuses to start instead of showing every video as missing.

use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use anyhow::{Context, bail};

use super::s3::{Delivery, S3Config, S3Store};
use super::storage::{LocalDisk, MediaStore};
use crate::store::{Reader, StoreResult, Wtx, meta};

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Backend {
    #[default]
    Local,
    S3(S3Config),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaConfig {
    pub backend: Backend,
    pub delivery: Delivery,
}

impl Default for MediaConfig {
    fn default() -> Self {
        MediaConfig {
            backend: Backend::Local,
            delivery: Delivery::Stream,
        }
    }
}

/// The options as the command line gives them (clap fills this in cli.rs).
#[derive(Debug, Clone, Default)]
pub struct MediaOptions {
    pub store: Option<String>,
    pub s3_endpoint: Option<String>,
    pub s3_bucket: Option<String>,
    pub s3_region: Option<String>,
    pub s3_addressing: Option<String>,
    pub s3_prefix: Option<String>,
    pub s3_credentials_file: Option<std::path::PathBuf>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    pub public_url: Option<String>,
    pub redirect: Option<String>,
    pub presign_seconds: Option<u64>,
}

/// `access_key_id=...` and `secret_access_key=...` lines (the AWS credentials file's keys;
/// `#` comments and a `[section]` line are skipped).
fn credentials_file(path: &Path) -> anyhow::Result<(String, String)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("while reading {}", path.display()))?;
    let (mut id, mut secret) = (None, None);
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.starts_with('[') {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        match k.trim().to_ascii_lowercase().as_str() {
            "access_key_id" | "aws_access_key_id" => id = Some(v.trim().to_string()),
            "secret_access_key" | "aws_secret_access_key" => secret = Some(v.trim().to_string()),
            _ => {}
        }
    }
    match (id, secret) {
        (Some(i), Some(s)) if !i.is_empty() && !s.is_empty() => Ok((i, s)),
        _ => bail!(
            "{} must hold access_key_id=... and secret_access_key=... lines",
            path.display()
        ),
    }
}

impl MediaOptions {
    /// The environment's values (what clap does for the CLI; in-process callers use this).
    pub fn from_env() -> MediaOptions {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        MediaOptions {
            store: var("INTERNREEL_MEDIA_STORE"),
            s3_endpoint: var("INTERNREEL_S3_ENDPOINT"),
            s3_bucket: var("INTERNREEL_S3_BUCKET"),
            s3_region: var("INTERNREEL_S3_REGION"),
            s3_addressing: var("INTERNREEL_S3_ADDRESSING"),
            s3_prefix: var("INTERNREEL_S3_PREFIX"),
            s3_credentials_file: var("INTERNREEL_S3_CREDENTIALS_FILE").map(Into::into),
            access_key_id: var("INTERNREEL_S3_ACCESS_KEY_ID"),
            secret_access_key: var("INTERNREEL_S3_SECRET_ACCESS_KEY"),
            public_url: var("INTERNREEL_MEDIA_PUBLIC_URL"),
            redirect: var("INTERNREEL_MEDIA_REDIRECT"),
            presign_seconds: var("INTERNREEL_MEDIA_PRESIGN_SECONDS").and_then(|v| v.parse().ok()),
        }
    }

    /// The S3 half alone (given whatever `--media-store` says): `media migrate` and `restore`
    /// need it to reach the other store.
    pub fn s3(&self) -> anyhow::Result<S3Config> {
        let bucket = self
            .s3_bucket
            .clone()
            .context("--s3-bucket (or INTERNREEL_S3_BUCKET) is needed for the S3 media store")?;
        let (access_key_id, secret_access_key) = match &self.s3_credentials_file {
            Some(path) => credentials_file(path)?,
            None => match (&self.access_key_id, &self.secret_access_key) {
                (Some(i), Some(s)) => (i.clone(), s.clone()),
                _ => bail!(
                    "the S3 media store needs credentials: INTERNREEL_S3_ACCESS_KEY_ID and INTERNREEL_S3_SECRET_ACCESS_KEY, or --s3-credentials-file FILE"
                ),
            },
        };
        let endpoint = self
            .s3_endpoint
            .clone()
            .map(|e| e.trim_end_matches('/').to_string());
        if let Some(e) = &endpoint
            && !(e.starts_with("http://") || e.starts_with("https://"))
        {
            bail!("--s3-endpoint must start with http:// or https:// (got {e})");
        }
        let virtual_hosted = match self.s3_addressing.as_deref() {
            Some("virtual") => true,
            Some("path") => false,
            // AWS: virtual-hosted (its default); MinIO, Garage, Ceph and friends: path-style.
            None => endpoint.is_none(),
            Some(other) => bail!("--s3-addressing is path or virtual, not {other}"),
        };
        let mut prefix = self.s3_prefix.clone().unwrap_or_else(|| "videos/".into());
        // The server lists, and at start-up sweeps, what lies under its prefix: with none it
        // would treat the whole bucket, the district's other files too, as its own.
        if prefix.trim_matches('/').trim().is_empty() {
            bail!(
                "--s3-prefix must name a folder of the bucket (the default is videos/): \
                 the server keeps its media under it and treats everything under it as its own"
            );
        }
        if !prefix.ends_with('/') {
            prefix.push('/');
        }
        Ok(S3Config {
            endpoint,
            bucket,
            region: self.s3_region.clone().unwrap_or_else(|| "us-east-1".into()),
            access_key_id,
            secret_access_key,
            virtual_hosted,
            prefix,
        })
    }

    pub fn config(&self) -> anyhow::Result<MediaConfig> {
        let backend = match self.store.as_deref().unwrap_or("local") {
            "local" => Backend::Local,
            "s3" => Backend::S3(self.s3()?),
            other => bail!("--media-store is local or s3, not {other}"),
        };
        let delivery = match (self.public_url.as_deref(), self.redirect.as_deref()) {
            (Some(_), Some("presigned")) => {
                bail!("choose one of --media-public-url and --media-redirect presigned")
            }
            (Some(url), _) => {
                if !(url.starts_with("https://") || url.starts_with("http://")) {
                    bail!("--media-public-url must start with https:// (got {url})");
                }
                Delivery::PublicUrl(url.trim_end_matches('/').to_string())
            }
            (None, Some("presigned")) => Delivery::Presigned(Duration::from_secs(
                self.presign_seconds.unwrap_or(600).clamp(1, 7 * 24 * 3600),
            )),
            (None, None | Some("stream")) => Delivery::Stream,
            (None, Some(other)) => bail!("--media-redirect is stream or presigned, not {other}"),
        };
        if delivery != Delivery::Stream && backend == Backend::Local {
            bail!(
                "--media-public-url and --media-redirect presigned need --media-store s3 (a CDN in front of local disk fronts the whole site instead)"
            );
        }
        Ok(MediaConfig { backend, delivery })
    }
}

static PROCESS: OnceLock<MediaConfig> = OnceLock::new();

/// Set once by `main` from the command line.
pub fn set_for_process(config: MediaConfig) {
    let _ = PROCESS.set(config);
}

/// The process's choice; the environment's when `main` set none (tests, the library).
pub fn for_process() -> anyhow::Result<MediaConfig> {
    match PROCESS.get() {
        Some(c) => Ok(c.clone()),
        None => MediaOptions::from_env().config(),
    }
}

impl Backend {
    /// The record kept in the database: what identifies where the objects are (the endpoint
    /// may change, a CDN may be put in front; the bucket and prefix may not).
    pub fn record(&self) -> String {
        match self {
            Backend::Local => "local".into(),
            Backend::S3(c) => format!("s3:{}/{}", c.bucket, c.prefix),
        }
    }

    pub fn open(&self, delivery: &Delivery, videos: &Path) -> anyhow::Result<Arc<dyn MediaStore>> {
        Ok(match self {
            Backend::Local => Arc::new(LocalDisk::new(videos.to_path_buf())),
            Backend::S3(c) => Arc::new(S3Store::open(c.clone(), delivery.clone())?),
        })
    }
}

const RECORD_KEY: &str = "media_store";

/// Where this data directory's media are ("local" for directories from before the record).
pub fn recorded(r: &impl Reader) -> StoreResult<String> {
    Ok(meta::get_string(r, RECORD_KEY)?.unwrap_or_else(|| "local".into()))
}

pub fn record(w: &Wtx, backend: &Backend) -> StoreResult<()> {
    meta::set_string(w, RECORD_KEY, &backend.record())
}

/// Refuses a store that is not where the data directory's media are, unless the directory
/// has no media yet (a new one: it adopts the configured store).
pub fn check_matches(store: &crate::store::Store, backend: &Backend) -> anyhow::Result<()> {
    let want = backend.record();
    let was = meta::get_string(&store.read()?, RECORD_KEY)?;
    if was.as_deref() == Some(want.as_str()) {
        return Ok(());
    }
    // Only a directory whose record differs (or has none yet) is looked through for media.
    let mut any_media = false;
    store
        .read()?
        .each_rev(|i: crate::store::internships::Internship| {
            any_media = !i.video.files().is_empty();
            !any_media
        })?;
    if !any_media {
        store.write(|w| record(w, backend))?;
        return Ok(());
    }
    let was = was.unwrap_or_else(|| "local".into());
    if was == want {
        // A directory from before the record, already where it is configured.
        store.write(|w| record(w, backend))?;
        return Ok(());
    }
    bail!(
        "this data directory's videos are in {was}, but this server was started with {want}: start it with the options of {was}, or move them with `internreel media migrate --to {}`",
        if want == "local" { "local" } else { "s3" }
    )
}
