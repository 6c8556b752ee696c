//! The plain-HTTP accept loop: axum's own `serve` (hyper's auto builder, upgrades for `/ws`,
//! graceful shutdown) plus what it lacks against slow and idle clients, which took a server
//! down with ~20,000 half-open connections from three processes:
//!
//! - a header-read timeout (hyper's, which also closes a keep-alive connection idle that long),
//! - an idle timeout on every connection (no byte either way for 30 s: an HTTP/2 connection
//!   without requests, a stalled request body),
//! - at most `per_address` open connections per client address and `total` in all, the excess
//!   closed at once rather than queued, with the total kept below the descriptor limit,
//! - the process's descriptor limit raised to its hard limit at start-up.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// Time a client has to send a request's headers, and the most a keep-alive connection may
/// sit idle before the next request.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(20);
/// Open connections from one client address (a school behind one NAT address included).
pub const PER_ADDRESS: usize = 512;

/// Connection caps.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub per_address: usize,
    pub total: usize,
}

impl Caps {
    /// The caps for this process: the total stays well below the descriptor limit (files,
    /// the database, the index and ffmpeg need descriptors too).
    pub fn for_this_process() -> Caps {
        let limit = raise_descriptor_limit();
        Caps {
            per_address: PER_ADDRESS,
            total: (limit.saturating_sub(256) * 3 / 4).clamp(64, 1 << 20) as usize,
        }
    }
}

/// Raises the soft descriptor limit to the hard one where allowed; the soft limit after.
pub fn raise_descriptor_limit() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into `lim`, a live local of the type it expects; setrlimit only
    // reads `raised`. Both change nothing but this process's descriptor limit.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return 1024;
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                lim.rlim_cur = lim.rlim_max;
            }
        }
    }
    lim.rlim_cur
}

/// Open connections, per address and in all.
#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Held by a connection's task; counts it out when the connection ends.
struct Slot {
    open: Arc<Mutex<Open>>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut o = self.open.lock().unwrap_or_else(|e| e.into_inner());
        o.total -= 1;
        if let Some(n) = o.by_address.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                o.by_address.remove(&self.ip);
            }
        }
    }
}

fn take_slot(open: &Arc<Mutex<Open>>, ip: IpAddr, caps: Caps) -> Option<Slot> {
    let mut o = open.lock().unwrap_or_else(|e| e.into_inner());
    let mine = o.by_address.get(&ip).copied().unwrap_or(0);
    if o.total >= caps.total || mine >= caps.per_address {
        return None;
    }
    o.total += 1;
    *o.by_address.entry(ip).or_default() += 1;
    Some(Slot {
        open: open.clone(),
        ip,
    })
}

/// Serves `app` on `listener` until `stop` completes, then lets open requests finish.
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    caps: Caps,
    stop: impl std::future::Future<Output = ()> + Send,
) -> std::io::Result<()>
where
    S: tower::Service<
            hyper::Request<Incoming>,
            Response = axum::response::Response,
            Error = Infallible,
        > + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let open = Arc::new(Mutex::new(Open::default()));
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    // Every connection task holds a clone; when all are gone the channel closes.
    let (alive_tx, mut alive_rx) = tokio::sync::mpsc::channel::<Infallible>(1);
    let mut refused: u64 = 0;
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            biased;
            _ = &mut stop => break,
            a = listener.accept() => a,
        };
        let (stream, remote) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of descriptors (or another passing error): wait instead of spinning.
                tracing::warn!(error = %e, "accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(slot) = take_slot(&open, remote.ip(), caps) else {
            refused += 1;
            if refused.is_power_of_two() {
                tracing::warn!(address = %remote.ip(), refused, "too many open connections: closing new ones");
            }
            drop(stream);
            continue;
        };
        // Small JSON answers otherwise wait on Nagle's algorithm.
        let _ = stream.set_nodelay(true);
        let service = app
            .clone()
            .map_request(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(remote));
                req
            });
        let service = TowerToHyperService::new(service);
        let mut stop_rx = stop_rx.clone();
        let alive = alive_tx.clone();
        let stream = Capped::new(stream, slot);
        tokio::spawn(async move {
            let _alive = alive;
            let mut builder = Builder::new(TokioExecutor::new());
            builder
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT);
            let conn = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
            tokio::pin!(conn);
            let stopping = async move {
                // The watch's guard must not live across an await: only whether it changed.
                let _ = stop_rx.wait_for(|s| *s).await.is_ok();
            };
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stopping => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    drop(alive_tx);
    let _ = alive_rx.recv().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_descriptor_limit_is_raised_to_the_hard_limit_and_reported() {
        let soft = raise_descriptor_limit().to_string();
        let limits = std::fs::read_to_string("/proc/self/limits").unwrap();
        let line = limits.lines().find(|l| l.starts_with("Max open files"));
        // "Max open files <soft> <hard> files"
        let fields: Vec<&str> = line.unwrap().split_whitespace().collect();
        assert_eq!((fields[3], fields[4]), (soft.as_str(), soft.as_str()));
    }

    #[test]
    fn connections_are_capped_per_address_and_in_all() {
        let open = Arc::new(Mutex::new(Open::default()));
        let caps = Caps {
            per_address: 2,
            total: 3,
        };
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let s1 = take_slot(&open, a, caps).unwrap();
        let _s2 = take_slot(&open, a, caps).unwrap();
        assert!(take_slot(&open, a, caps).is_none(), "per address");
        let _s3 = take_slot(&open, b, caps).unwrap();
        assert!(take_slot(&open, b, caps).is_none(), "in all");
        drop(s1);
        assert!(
            take_slot(&open, b, caps).is_some(),
            "a closed connection frees its slot"
        );
    }

    #[tokio::test]
    async fn a_mapped_files_pages_arrive_as_written_after_the_headers() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut temp = tempfile::NamedTempFile::new().unwrap();
        // Larger than the socket's buffers, so sends are partial and wait for room.
        let bytes: Vec<u8> = (0..9_000_000u32).map(|i| (i % 253) as u8).collect();
        std::io::Write::write_all(&mut temp, &bytes).unwrap();
        // SAFETY: the temporary file is not written while mapped.
        let map =
            unsafe { crate::sendfile::FileMap::new(std::fs::File::open(temp.path()).unwrap()) }
                .unwrap();

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = tokio::net::TcpStream::connect(listener.local_addr().unwrap());
        let (client, (server, peer)) =
            tokio::join!(client, async { listener.accept().await.unwrap() });
        let open = Arc::new(Mutex::new(Open::default()));
        let slot = take_slot(
            &open,
            peer.ip(),
            Caps {
                per_address: 1,
                total: 1,
            },
        )
        .unwrap();
        let mut server = Capped::new(server, slot);

        let reading = tokio::spawn(async move {
            let mut got = Vec::new();
            let mut client = client.unwrap();
            client.read_to_end(&mut got).await.unwrap();
            got
        });
        let head = b"HTTP/1.1 206 Partial Content\r\n\r\n";
        let (body, tail) = (&map[1234..8_001_234], &map[8_001_234..8_001_334]);
        let mut bufs = [
            std::io::IoSlice::new(head),
            std::io::IoSlice::new(body),
            std::io::IoSlice::new(tail),
        ];
        let mut left = &mut bufs[..];
        while !left.is_empty() {
            let n = server.write_vectored(left).await.unwrap();
            assert!(n > 0);
            std::io::IoSlice::advance_slices(&mut left, n);
        }
        server.shutdown().await.unwrap();
        drop(server);

        let got = reading.await.unwrap();
        assert_eq!(got.len(), head.len() + 8_000_100);
        assert_eq!(&got[..head.len()], head);
        assert!(
            got[head.len()..] == bytes[1234..8_001_334],
            "the file's bytes, in order"
        );
    }
}

/// The same per-address and total caps for the TLS listener (axum-server): the TCP stream is
/// counted before the handshake, and counted out when the connection closes.
#[derive(Clone)]
pub struct CappedAcceptor<A> {
    inner: A,
    open: Arc<Mutex<Open>>,
    caps: Caps,
}

impl<A> CappedAcceptor<A> {
    pub fn new(inner: A, caps: Caps) -> Self {
        CappedAcceptor {
            inner,
            open: Arc::default(),
            caps,
        }
    }
}

/// A stream holding its connection slot, closed after `IDLE_TIMEOUT` without a byte either
/// way: an HTTP/2 connection that sends no request, or a request body that stalls, does not
/// hold a connection for good (HTTP/1's header timeout covers only the headers). A socket's
/// pings every 25 s and a video's bytes keep a live connection going.
pub struct Capped<S> {
    inner: S,
    _slot: Slot,
    /// Fires at the earliest moment the connection could be idle too long; it is moved on
    /// lazily, when it fires, rather than at every read and write (those only note the time).
    idle: std::pin::Pin<Box<tokio::time::Sleep>>,
    last_active: tokio::time::Instant,
}

/// How long a connection may pass no byte in either direction.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30);

impl<S> Capped<S> {
    fn new(inner: S, slot: Slot) -> Self {
        Capped {
            inner,
            _slot: slot,
            idle: Box::pin(tokio::time::sleep(IDLE_TIMEOUT)),
            last_active: tokio::time::Instant::now(),
        }
    }

    fn active(&mut self) {
        self.last_active = tokio::time::Instant::now();
    }

    /// Whether the connection has been idle too long (checked while a read waits); when the
    /// timer fires early because of activity since, it is set again from the last activity.
    fn timed_out(&mut self, cx: &mut std::task::Context<'_>) -> bool {
        loop {
            if self.idle.as_mut().poll(cx).is_pending() {
                return false;
            }
            let deadline = self.last_active + IDLE_TIMEOUT;
            if tokio::time::Instant::now() >= deadline {
                return true;
            }
            self.idle.as_mut().reset(deadline);
        }
    }
}

impl<S: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for Capped<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        match std::pin::Pin::new(&mut self.inner).poll_read(cx, buf) {
            std::task::Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    self.active();
                }
                std::task::Poll::Ready(Ok(()))
            }
            std::task::Poll::Pending if self.timed_out(cx) => std::task::Poll::Ready(Err(
                std::io::Error::new(std::io::ErrorKind::TimedOut, "idle connection"),
            )),
            other => other,
        }
    }
}

/// A stream whose bytes go out on a socket as they are, so a file's pages can be sent on it
/// with sendfile (src/sendfile.rs). Under TLS the `Capped` stream is the TCP stream beneath
/// the encryption: what it is given to write are records, never a file's pages.
pub trait Socket {
    /// Runs `send` with the socket's descriptor once it is writable, again after WouldBlock.
    fn poll_send(
        &self,
        cx: &mut std::task::Context<'_>,
        send: impl FnMut(std::os::fd::RawFd) -> std::io::Result<usize>,
    ) -> std::task::Poll<std::io::Result<usize>>;
}

impl Socket for tokio::net::TcpStream {
    fn poll_send(
        &self,
        cx: &mut std::task::Context<'_>,
        mut send: impl FnMut(std::os::fd::RawFd) -> std::io::Result<usize>,
    ) -> std::task::Poll<std::io::Result<usize>> {
        use std::os::fd::AsRawFd;
        loop {
            std::task::ready!(self.poll_write_ready(cx))?;
            // try_io clears the readiness on WouldBlock, so the next poll waits for it.
            match self.try_io(tokio::io::Interest::WRITABLE, || send(self.as_raw_fd())) {
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                sent => return std::task::Poll::Ready(sent),
            }
        }
    }
}

impl<S: tokio::io::AsyncWrite + Socket + Unpin> tokio::io::AsyncWrite for Capped<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let written = std::pin::Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(written, std::task::Poll::Ready(Ok(n)) if n > 0) {
            self.active();
        }
        written
    }
    // Forwarded, so hyper writes a body's chunks as they are (one writev with the headers)
    // instead of copying each into its own buffer first: without it a video slice was copied
    // once more and every connection held a buffer of its size (issue #35). A chunk that is
    // a mapped file's pages (a video slice) is sent with sendfile, the headers before it
    // held back (MSG_MORE) to leave with it.
    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        use crate::sendfile::{Plan, plan, send_file, send_more};
        let written = match plan(bufs) {
            Plan::Copy => std::pin::Pin::new(&mut self.inner).poll_write_vectored(cx, bufs),
            Plan::Before(n) => self.inner.poll_send(cx, |to| send_more(to, &bufs[..n])),
            Plan::File { fd, offset, len } => self
                .inner
                .poll_send(cx, |to| send_file(to, fd, offset, len)),
        };
        if matches!(written, std::task::Poll::Ready(Ok(n)) if n > 0) {
            self.active();
        }
        written
    }
    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

impl<A, S> axum_server::accept::Accept<tokio::net::TcpStream, S> for CappedAcceptor<A>
where
    A: axum_server::accept::Accept<tokio::net::TcpStream, S> + Clone + Send + 'static,
    A::Stream: Unpin + Send + 'static,
    A::Service: Send + 'static,
    A::Future: Send + 'static,
    S: Send + 'static,
{
    type Stream = Capped<A::Stream>;
    type Service = A::Service;
    type Future = std::pin::Pin<
        Box<
            dyn std::future::Future<Output = std::io::Result<(Self::Stream, Self::Service)>> + Send,
        >,
    >;

    fn accept(&self, stream: tokio::net::TcpStream, service: S) -> Self::Future {
        let slot = stream
            .peer_addr()
            .ok()
            .and_then(|peer| take_slot(&self.open, peer.ip(), self.caps));
        let Some(slot) = slot else {
            return Box::pin(std::future::ready(Err(std::io::Error::other(
                "too many open connections from this address",
            ))));
        };
        let accepted = self.inner.accept(stream, service);
        Box::pin(async move {
            let (inner, service) = accepted.await?;
            Ok((Capped::new(inner, slot), service))
        })
    }
}
