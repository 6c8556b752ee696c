//! The media options (global: every command that opens the data directory needs the same
//! store) and `media migrate`.

use std::path::PathBuf;

use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum MediaCommand {
    /// Copy every media object to the other store, verify each by size and SHA-256, and switch
    /// the data directory to it when all arrived; run again after an interruption to resume.
    Migrate {
        /// The store to move to (the S3 options say which bucket either way).
        #[arg(long, value_parser = ["local", "s3"])]
        to: String,
    },
}

/// Where videos, posters and captions are kept (README, "Scaling past one disk"). Global:
/// `serve`, `backup`, `restore`, `doctor` and `media migrate` all need the same store.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct MediaArgs {
    /// Where media files live: local (the data directory's videos/) or s3.
    #[arg(long, global = true, env = "INTERNREEL_MEDIA_STORE", value_parser = ["local", "s3"])]
    pub media_store: Option<String>,
    /// The S3 endpoint (MinIO, R2, B2, Garage...); unset: AWS.
    #[arg(long, global = true, env = "INTERNREEL_S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,
    #[arg(long, global = true, env = "INTERNREEL_S3_BUCKET")]
    pub s3_bucket: Option<String>,
    /// us-east-1 unless set (R2: auto).
    #[arg(long, global = true, env = "INTERNREEL_S3_REGION")]
    pub s3_region: Option<String>,
    /// path (the default with --s3-endpoint) or virtual (the default for AWS).
    #[arg(long, global = true, env = "INTERNREEL_S3_ADDRESSING", value_parser = ["path", "virtual"])]
    pub s3_addressing: Option<String>,
    /// Key prefix of the media objects (default videos/).
    #[arg(long, global = true, env = "INTERNREEL_S3_PREFIX")]
    pub s3_prefix: Option<String>,
    /// A file with access_key_id=... and secret_access_key=... lines (instead of
    /// INTERNREEL_S3_ACCESS_KEY_ID and INTERNREEL_S3_SECRET_ACCESS_KEY).
    #[arg(long, global = true, env = "INTERNREEL_S3_CREDENTIALS_FILE")]
    pub s3_credentials_file: Option<PathBuf>,
    /// Send players to this address (a CDN in front of the bucket's prefix) instead of
    /// streaming: /api/videos/NAME answers 302 to URL/NAME.
    #[arg(long, global = true, env = "INTERNREEL_MEDIA_PUBLIC_URL")]
    pub media_public_url: Option<String>,
    /// stream (default) or presigned: 302 to a short-lived presigned URL of the object.
    #[arg(long, global = true, env = "INTERNREEL_MEDIA_REDIRECT", value_parser = ["stream", "presigned"])]
    pub media_redirect: Option<String>,
    /// How long a presigned URL works (default 600).
    #[arg(long, global = true, env = "INTERNREEL_MEDIA_PRESIGN_SECONDS")]
    pub media_presign_seconds: Option<u64>,
}

impl MediaArgs {
    pub fn options(&self) -> crate::media::config::MediaOptions {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        crate::media::config::MediaOptions {
            store: self.media_store.clone(),
            s3_endpoint: self.s3_endpoint.clone(),
            s3_bucket: self.s3_bucket.clone(),
            s3_region: self.s3_region.clone(),
            s3_addressing: self.s3_addressing.clone(),
            s3_prefix: self.s3_prefix.clone(),
            s3_credentials_file: self.s3_credentials_file.clone(),
            // Secrets only from the environment or a file, never a flag (ps shows flags).
            access_key_id: var("INTERNREEL_S3_ACCESS_KEY_ID"),
            secret_access_key: var("INTERNREEL_S3_SECRET_ACCESS_KEY"),
            public_url: self.media_public_url.clone(),
            redirect: self.media_redirect.clone(),
            presign_seconds: self.media_presign_seconds,
        }
    }
}
