//! The real S3-compatible server of the tests: `s3s-fs` (the s3s project's server on a
//! folder, with SigV4 checking, multipart uploads, ranged GETs and presigned URLs), started on
//! loopback. `./test` installs it once per machine (`~/.cache/internreel/s3s-fs-<version>`) and
//! names it in INTERNREEL_S3S_FS; a clone's target/tools or PATH serve a plain `cargo test`.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const ACCESS_KEY: &str = "internreel-test-key";
pub const SECRET_KEY: &str = "internreel-test-secret-0123456789";
pub const BUCKET: &str = "media";

/// A running server over its own folder; killed when dropped.
pub struct S3Server {
    pub endpoint: String,
    port: u16,
    child: Option<Child>,
    root: tempfile::TempDir,
}

fn binary() -> PathBuf {
    if let Some(p) = std::env::var_os("INTERNREEL_S3S_FS") {
        return p.into();
    }
    let local = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tools/bin/s3s-fs");
    if local.is_file() {
        return local;
    }
    std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("s3s-fs"))
                .find(|f| f.is_file())
        })
        .unwrap_or_else(|| {
            panic!(
                "s3s-fs (the S3 server of the tests) is missing: ./test installs it into \
                 ~/.cache/internreel and sets INTERNREEL_S3S_FS, or run \
                 cargo install --locked s3s-fs@0.14.0 --features binary --root target/tools"
            )
        })
}

fn spawn(root: &Path, port: u16) -> Child {
    Command::new(binary())
        .args(["--host", "127.0.0.1", "--port", &port.to_string()])
        .args(["--access-key", ACCESS_KEY, "--secret-key", SECRET_KEY])
        .arg(root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("s3s-fs starts")
}

fn wait_listening(port: u16) {
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "s3s-fs did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

impl S3Server {
    /// A server with the bucket `media` (s3s-fs keeps a bucket as a folder).
    pub fn start() -> S3Server {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join(BUCKET)).unwrap();
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = spawn(root.path(), port);
        wait_listening(port);
        S3Server {
            endpoint: format!("http://127.0.0.1:{port}"),
            port,
            child: Some(child),
            root,
        }
    }

    /// Makes another bucket.
    pub fn bucket(&self, name: &str) {
        std::fs::create_dir_all(self.root.path().join(name)).unwrap();
    }

    /// Stops the server (the objects stay in its folder).
    pub fn stop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Starts it again on the same port and folder.
    pub fn restart(&mut self) {
        self.stop();
        self.child = Some(spawn(self.root.path(), self.port));
        wait_listening(self.port);
    }

    /// The stored objects under `videos/` of `bucket`, as s3s-fs keeps them on disk.
    pub fn objects(&self, bucket: &str) -> Vec<String> {
        let dir = self.root.path().join(bucket).join("videos");
        let mut out: Vec<String> = std::fs::read_dir(&dir)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .filter(|e| e.path().is_file())
                    .map(|e| e.file_name().to_string_lossy().to_string())
                    .filter(|n| !n.starts_with('.'))
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        out
    }

    pub fn object(&self, bucket: &str, name: &str) -> Vec<u8> {
        std::fs::read(self.root.path().join(bucket).join("videos").join(name)).unwrap()
    }

    pub fn root(&self) -> &Path {
        self.root.path()
    }

    /// The media configuration of a server using `bucket` here.
    pub fn config(&self, bucket: &str) -> internreel::media::config::MediaConfig {
        internreel::media::config::MediaConfig {
            backend: internreel::media::config::Backend::S3(self.s3(bucket)),
            delivery: internreel::media::s3::Delivery::Stream,
        }
    }

    pub fn s3(&self, bucket: &str) -> internreel::media::s3::S3Config {
        internreel::media::s3::S3Config {
            endpoint: Some(self.endpoint.clone()),
            bucket: bucket.into(),
            region: "us-east-1".into(),
            access_key_id: ACCESS_KEY.into(),
            secret_access_key: SECRET_KEY.into(),
            virtual_hosted: false,
            prefix: "videos/".into(),
        }
    }

    /// The same for the command line (flags and environment of the real binary).
    pub fn cli(&self, cmd: &mut Command, bucket: &str) {
        cmd.args(["--media-store", "s3", "--s3-endpoint", &self.endpoint])
            .args(["--s3-bucket", bucket])
            .env("INTERNREEL_S3_ACCESS_KEY_ID", ACCESS_KEY)
            .env("INTERNREEL_S3_SECRET_ACCESS_KEY", SECRET_KEY);
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        self.stop();
    }
}
