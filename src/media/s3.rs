//! The media store on S3-compatible object storage (AWS S3, Cloudflare R2, Backblaze B2,
//! MinIO, Garage, Ceph...), through the `object_store` crate: its SigV4 signer, multipart
//! uploads, ranged GETs and presigned URLs; nothing of the protocol is written here.
//!
//! The interface is blocking (callers are the blocking pool and commands), the crate is
//! async: every request runs on this store's own small runtime and the caller waits on a
//! channel, which works from any thread, inside another runtime or not.
//!
//! Names are immutable (random, never reused), so what a listing says of an object (size,
//! time) stays true: the store keeps that index in memory, filled at start and kept by every
//! put and delete, and answers `exists` and `open` from it. A posting's status and a Range
//! request cost no extra round trip; only the bytes do, one ranged GET per slice.

use std::collections::HashMap;
use std::io::{self, Read};
use std::path::Path;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant, SystemTime};

use axum::body::Bytes;
use futures_util::StreamExt;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path as ObjectPath;
use object_store::signer::Signer;
use object_store::{
    ClientOptions, GetOptions, GetRange, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig,
    WriteMultipart,
};

use super::storage::{ByteStream, LocalCopy, MediaStore, Opened, ReadAt, plain_name};

/// Runs `fut` on `rt` and waits for it from any thread (inside another runtime or not).
fn wait_on<T: Send + 'static>(
    rt: &tokio::runtime::Handle,
    fut: impl std::future::Future<Output = T> + Send + 'static,
) -> T {
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    rt.spawn(async move {
        let _ = tx.send(fut.await);
    });
    rx.recv()
        .expect("the S3 runtime runs while the store exists")
}

/// Files above this go up as a multipart upload, in parts of this size.
const PART: usize = 8 << 20;
/// How long `health` trusts its last answer.
const HEALTH_TTL: Duration = Duration::from_secs(5);

/// Where the bucket is and how to reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Config {
    /// None: AWS itself (the region's endpoint).
    pub endpoint: Option<String>,
    pub bucket: String,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: String,
    /// `https://bucket.host/key` rather than `https://host/bucket/key`.
    pub virtual_hosted: bool,
    /// Prepended to every stored name ("videos/"), so the bucket may hold other things.
    pub prefix: String,
}

impl S3Config {
    /// Where the objects are, without secrets.
    pub fn location(&self) -> String {
        format!(
            "s3 {}/{}/{}",
            self.endpoint.as_deref().unwrap_or("aws"),
            self.bucket,
            self.prefix
        )
    }
}

/// How clients get the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// Through the server, one ranged GET per slice.
    Stream,
    /// 302 to `<base>/<name>` (a CDN whose origin is the bucket's prefix).
    PublicUrl(String),
    /// 302 to a presigned GET valid this long.
    Presigned(Duration),
}

#[derive(Clone, Copy)]
struct Meta {
    len: u64,
    modified: SystemTime,
}

pub struct S3Store {
    s3: Arc<AmazonS3>,
    /// Taken out on drop: a runtime may not be dropped inside another one.
    rt: Option<tokio::runtime::Runtime>,
    config: S3Config,
    delivery: Delivery,
    /// None until a listing succeeded (a store down at start-up): `exists` then says yes
    /// and `open` asks the store.
    index: RwLock<Option<HashMap<String, Meta>>>,
    health: Mutex<Option<(Instant, Result<(), String>)>>,
}

impl Drop for S3Store {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

fn io_err(e: object_store::Error) -> io::Error {
    match e {
        object_store::Error::NotFound { .. } => io::Error::new(io::ErrorKind::NotFound, e),
        e => io::Error::other(e),
    }
}

impl S3Store {
    /// Connects (no request yet) and lists the prefix; a store that does not answer is
    /// logged and listed again by the first successful `health` check.
    pub fn open(config: S3Config, delivery: Delivery) -> anyhow::Result<S3Store> {
        // reqwest is built without a default TLS provider (jobs/mod.rs does the same).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&config.bucket)
            .with_region(&config.region)
            .with_access_key_id(&config.access_key_id)
            .with_secret_access_key(&config.secret_access_key)
            .with_virtual_hosted_style_request(config.virtual_hosted)
            // A store that is down should fail an upload in seconds, not after minutes of
            // the crate's default retries.
            .with_retry(RetryConfig {
                max_retries: 2,
                retry_timeout: Duration::from_secs(15),
                ..RetryConfig::default()
            })
            .with_client_options(
                ClientOptions::new()
                    .with_connect_timeout(Duration::from_secs(3))
                    .with_timeout(Duration::from_secs(120)),
            );
        if let Some(endpoint) = &config.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        let s3 = Arc::new(builder.build()?);
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("internreel-s3")
            .enable_all()
            .build()?;
        let store = S3Store {
            s3,
            rt: Some(rt),
            config,
            delivery,
            index: RwLock::new(None),
            health: Mutex::new(None),
        };
        if let Err(e) = store.names() {
            tracing::warn!(error = %e, store = %store.describe(), "listing the media store failed; will retry");
        }
        Ok(store)
    }

    /// Runs a request on the store's runtime and waits for it.
    fn run<T: Send + 'static>(
        &self,
        fut: impl std::future::Future<Output = T> + Send + 'static,
    ) -> T {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.runtime().spawn(async move {
            let _ = tx.send(fut.await);
        });
        rx.recv()
            .expect("the S3 runtime runs while the store exists")
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.rt.as_ref().expect("taken only on drop")
    }

    fn key(&self, name: &str) -> io::Result<ObjectPath> {
        if !plain_name(name) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a media name",
            ));
        }
        Ok(ObjectPath::from(format!("{}{name}", self.config.prefix)))
    }

    fn remember(&self, name: &str, meta: Option<Meta>) {
        if let Some(index) = self.index.write().expect("index lock").as_mut() {
            match meta {
                Some(m) => index.insert(name.to_string(), m),
                None => index.remove(name),
            };
        }
    }

    fn head(&self, name: &str) -> io::Result<Option<Meta>> {
        let (s3, key) = (self.s3.clone(), self.key(name)?);
        match self.run(async move { s3.head(&key).await }) {
            Ok(m) => Ok(Some(Meta {
                len: m.size,
                modified: m.last_modified.into(),
            })),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(io_err(e)),
        }
    }

    fn upload(&self, from: &Path, name: &str) -> io::Result<()> {
        let key = self.key(name)?;
        let mut file = std::fs::File::open(from)?;
        let len = file.metadata()?.len();
        let s3 = self.s3.clone();
        if len <= PART as u64 {
            let mut bytes = Vec::with_capacity(len as usize);
            file.read_to_end(&mut bytes)?;
            self.run(async move { s3.put(&key, PutPayload::from(bytes)).await })
                .map_err(io_err)?;
        } else {
            // Parts are read and sent one after another: memory stays at a part or two
            // whatever the file's size.
            self.run(async move {
                let upload = s3.put_multipart(&key).await.map_err(io_err)?;
                let mut writer = WriteMultipart::new_with_chunk_size(upload, PART);
                let mut buf = vec![0u8; PART];
                loop {
                    let n = match file.read(&mut buf) {
                        Ok(0) => break,
                        Ok(n) => n,
                        Err(e) => {
                            let _ = writer.abort().await;
                            return Err(e);
                        }
                    };
                    if let Err(e) = writer.wait_for_capacity(2).await {
                        return Err(io_err(e));
                    }
                    writer.write(&buf[..n]);
                }
                writer.finish().await.map_err(io_err)?;
                Ok::<_, io::Error>(())
            })?;
        }
        let meta = self.head(name)?.unwrap_or(Meta {
            len,
            modified: SystemTime::now(),
        });
        self.remember(name, Some(meta));
        Ok(())
    }

    /// The bucket answers: one listing of at most one key.
    fn probe(&self) -> Result<(), String> {
        let (s3, prefix) = (
            self.s3.clone(),
            ObjectPath::from(self.config.prefix.trim_end_matches('/')),
        );
        let listed = self.run(async move {
            tokio::time::timeout(Duration::from_secs(5), async move {
                s3.list(Some(&prefix)).next().await.transpose().map(|_| ())
            })
            .await
        });
        match listed {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("the media store answered with an error: {e}")),
            Err(_) => Err("the media store did not answer within 5 s".into()),
        }
    }
}

impl MediaStore for S3Store {
    fn describe(&self) -> String {
        self.config.location()
    }

    fn put(&self, from: &Path, name: &str) -> io::Result<()> {
        self.upload(from, name)?;
        // Like a rename on disk: the file now lives in the store only.
        let _ = std::fs::remove_file(from);
        Ok(())
    }

    fn put_bytes(&self, bytes: &[u8], name: &str) -> io::Result<()> {
        let (s3, key) = (self.s3.clone(), self.key(name)?);
        let payload = PutPayload::from(bytes.to_vec());
        self.run(async move { s3.put(&key, payload).await })
            .map_err(io_err)?;
        let meta = self.head(name)?.unwrap_or(Meta {
            len: bytes.len() as u64,
            modified: SystemTime::now(),
        });
        self.remember(name, Some(meta));
        Ok(())
    }

    fn open(&self, name: &str) -> io::Result<Option<Opened>> {
        let Ok(key) = self.key(name) else {
            return Ok(None);
        };
        let known = self
            .index
            .read()
            .expect("index lock")
            .as_ref()
            .map(|i| i.get(name).copied());
        let meta = match known {
            Some(Some(m)) => m,
            Some(None) => return Ok(None),
            None => match self.head(name)? {
                Some(m) => m,
                None => return Ok(None),
            },
        };
        Ok(Some(Opened {
            reader: Arc::new(Object {
                s3: self.s3.clone(),
                rt: self.runtime().handle().clone(),
                key,
            }),
            len: meta.len,
            modified: meta.modified,
        }))
    }

    fn exists(&self, name: &str) -> bool {
        match self.index.read().expect("index lock").as_ref() {
            Some(index) => index.contains_key(name),
            None => plain_name(name),
        }
    }

    fn remove(&self, name: &str) {
        let Ok(key) = self.key(name) else { return };
        let s3 = self.s3.clone();
        match self.run(async move { s3.delete(&key).await }) {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => self.remember(name, None),
            Err(e) => tracing::warn!(file = name, error = %e, "deleting a media object failed"),
        }
    }

    fn names(&self) -> io::Result<Vec<String>> {
        let s3 = self.s3.clone();
        let prefix = self.config.prefix.clone();
        let listed = self.run(async move {
            let under = ObjectPath::from(prefix.trim_end_matches('/'));
            let mut out = HashMap::new();
            let mut stream = s3.list(if prefix.is_empty() {
                None
            } else {
                Some(&under)
            });
            while let Some(meta) = stream.next().await {
                let meta = meta?;
                let key = meta.location.as_ref();
                // Only our own objects directly under the prefix.
                if let Some(name) = key.strip_prefix(prefix.as_str())
                    && plain_name(name)
                {
                    out.insert(
                        name.to_string(),
                        Meta {
                            len: meta.size,
                            modified: meta.last_modified.into(),
                        },
                    );
                }
            }
            Ok::<_, object_store::Error>(out)
        });
        let index = listed.map_err(io_err)?;
        let names = index.keys().cloned().collect();
        *self.index.write().expect("index lock") = Some(index);
        Ok(names)
    }

    fn local_copy(&self, name: &str, tmp: &Path) -> io::Result<LocalCopy> {
        let (s3, key) = (self.s3.clone(), self.key(name)?);
        let temp = tempfile::NamedTempFile::new_in(tmp)?;
        let mut file = temp.reopen()?;
        self.run(async move {
            let got = s3.get(&key).await.map_err(io_err)?;
            let mut stream = got.into_stream();
            while let Some(chunk) = stream.next().await {
                io::Write::write_all(&mut file, &chunk.map_err(io_err)?)?;
            }
            file.sync_all()
        })?;
        Ok(LocalCopy::Downloaded(temp.into_temp_path()))
    }

    fn redirect(&self, name: &str) -> Option<String> {
        match &self.delivery {
            Delivery::Stream => None,
            Delivery::PublicUrl(base) => Some(format!("{}/{name}", base.trim_end_matches('/'))),
            Delivery::Presigned(valid) => {
                let (s3, key, valid) = (self.s3.clone(), self.key(name).ok()?, *valid);
                self.run(async move { s3.signed_url(axum::http::Method::GET, &key, valid).await })
                    .map(|u| u.to_string())
                    .map_err(|e| tracing::warn!(error = %e, "presigning failed"))
                    .ok()
            }
        }
    }

    fn health(&self) -> Result<(), String> {
        if let Some((at, answer)) = self.health.lock().expect("health lock").as_ref()
            && at.elapsed() < HEALTH_TTL
        {
            return answer.clone();
        }
        let answer = self.probe();
        let never_listed = self.index.read().expect("index lock").is_none();
        if answer.is_ok() && never_listed {
            let _ = self.names();
        }
        *self.health.lock().expect("health lock") = Some((Instant::now(), answer.clone()));
        answer
    }
}

/// One object, read by ranged GETs.
struct Object {
    s3: Arc<AmazonS3>,
    rt: tokio::runtime::Handle,
    key: ObjectPath,
}

impl ReadAt for Object {
    fn read_at(&self, offset: u64, len: usize) -> io::Result<Bytes> {
        let (s3, key) = (self.s3.clone(), self.key.clone());
        wait_on(&self.rt, async move {
            s3.get_range(&key, offset..offset + len as u64).await
        })
        .map_err(io_err)
    }

    fn streams(&self) -> bool {
        true
    }

    fn slice(&self, start: u64, end: u64) -> io::Result<Option<ByteStream>> {
        let (s3, key) = (self.s3.clone(), self.key.clone());
        let options = GetOptions::new().with_range(Some(GetRange::Bounded(start..end + 1)));
        let got =
            wait_on(&self.rt, async move { s3.get_opts(&key, options).await }).map_err(io_err)?;
        // The body is read on the store's runtime and handed over through a small channel:
        // the client's pace holds the GET back (at most a few chunks in flight).
        let (tx, rx) = tokio::sync::mpsc::channel::<io::Result<Bytes>>(4);
        self.rt.spawn(async move {
            let mut body = got.into_stream();
            while let Some(chunk) = body.next().await {
                let failed = chunk.is_err();
                if tx.send(chunk.map_err(io_err)).await.is_err() || failed {
                    break;
                }
            }
        });
        let stream = futures_util::stream::unfold(rx, |mut rx| async move {
            rx.recv().await.map(|chunk| (chunk, rx))
        });
        Ok(Some(stream.boxed()))
    }
}
