//! WebSocket fan-out benchmark (issue 6; 10,000 sockets for issue 35), run against an already
//! running server:
//!
//!     cargo bench --bench ws_fanout -- --addr 127.0.0.1:PORT --pid PID [--sockets 10000]
//!         [--messages 2000] [--concurrency 8] [--open-concurrency 64] [--sources N]
//!
//! Needs the `seed --synthetic` data set (100,000 postings give 2,000 employers, 20,000
//! students and 50,000 applications: about 18,000 distinct applicants). It signs in synthetic
//! employers, 16 at a time, and takes their applicants until it has `--sockets` distinct
//! students (one application each), signs those students in (16 at a time) and opens one /ws
//! socket per student (`join`), `--open-concurrency` at a time. Each socket is bound to one of
//! `--sources` loopback source addresses (127.0.0.2, 127.0.0.3, ...; by default one per 400
//! sockets, since the server takes at most 512 connections from one address). It measures the
//! server's RSS (/proc/PID/status VmRSS) before, half-way and after opening the sockets, and
//! then has the employers post `--messages` messages, `--concurrency` at a time, spread over
//! all the students, timing each from the start of `POST /api/applications/{id}/messages` to
//! the receiver's `new_message` frame while every socket stays open.
//! It raises its own descriptor limit to the hard limit (10,000 sockets need more than the
//! usual 1,024; benches/run.sh raises the hard limit for the server and this program).
//! Everything talks to 127.0.0.0/8 only. The last line is `key=value` pairs for benches/run.sh.

use std::collections::{HashMap, HashSet};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{Semaphore, oneshot};
use tokio::task::JoinSet;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

type Waiters = Arc<Mutex<HashMap<u64, oneshot::Sender<Instant>>>>;
type Writer = SplitSink<WebSocketStream<TcpStream>, Message>;

/// Sockets per source address by default: below the server's 512 per client address.
const SOCKETS_PER_SOURCE: usize = 400;

struct Args {
    addr: String,
    pid: u32,
    sockets: usize,
    messages: usize,
    concurrency: usize,
    open_concurrency: usize,
    sources: usize,
}

fn args() -> Args {
    let mut a = Args {
        addr: "127.0.0.1:8080".into(),
        pid: 0,
        sockets: 10_000,
        messages: 2000,
        concurrency: 8,
        open_concurrency: 64,
        sources: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || it.next().expect("a value after the flag");
        match k.as_str() {
            "--addr" => a.addr = v(),
            "--pid" => a.pid = v().parse().expect("--pid"),
            "--sockets" => a.sockets = v().parse().expect("--sockets"),
            "--messages" => a.messages = v().parse().expect("--messages"),
            "--concurrency" => a.concurrency = v().parse().expect("--concurrency"),
            "--open-concurrency" => a.open_concurrency = v().parse().expect("--open-concurrency"),
            "--sources" => a.sources = v().parse().expect("--sources"),
            "--bench" => {} // cargo bench passes this
            other => panic!("unknown argument {other}"),
        }
    }
    assert!(
        a.addr.starts_with("127.0.0.1:"),
        "this benchmark only talks to 127.0.0.1"
    );
    assert!(a.sockets > 0 && a.concurrency > 0 && a.open_concurrency > 0);
    if a.sources == 0 {
        a.sources = a.sockets.div_ceil(SOCKETS_PER_SOURCE);
    }
    assert!(
        (1..=250).contains(&a.sources),
        "--sources: 127.0.0.2 to 127.0.0.251"
    );
    a
}

fn rss_kb(pid: u32) -> u64 {
    if pid == 0 {
        return 0;
    }
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * (sorted.len() as f64 - 1.0)).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn sort(v: &mut [f64]) {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
}

fn session_cookie(resp: &reqwest::Response) -> String {
    resp.headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("internreel_session="))
        .and_then(|v| v.split(';').next())
        .expect("a session cookie")
        .to_string()
}

struct Target {
    application: u64,
    student: u64,
    email: String,
    employer: usize,
}

/// Signs employer `e` in and lists their applications; None when there is no such employer.
async fn employer_applications(
    http: &reqwest::Client,
    base: &str,
    e: usize,
) -> Option<(String, Vec<Value>)> {
    let resp = http
        .post(format!("{base}/api/employers/login"))
        .json(&serde_json::json!({
            "email": format!("employer{e}@synthetic.example"),
            "password": "employer123"
        }))
        .send()
        .await
        .unwrap();
    if resp.status().as_u16() == 401 {
        return None;
    }
    assert!(
        resp.status().is_success(),
        "employer sign-in: {}",
        resp.status()
    );
    let cookie = session_cookie(&resp);
    let list: Vec<Value> = http
        .get(format!("{base}/api/employers/applications?limit=200"))
        .header("Cookie", &cookie)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    Some((cookie, list))
}

/// Opens one /ws socket from `source` as the student with this session, joins, and starts the
/// task that hands `new_message` frames to their waiters. The write half keeps it open.
async fn open_socket(
    server: SocketAddr,
    source: Ipv4Addr,
    cookie: &str,
    student: u64,
    waiters: Waiters,
) -> Writer {
    let sock = TcpSocket::new_v4().expect("a socket");
    sock.bind(SocketAddr::from((source, 0)))
        .unwrap_or_else(|e| panic!("bind {source}: {e}"));
    let stream = sock
        .connect(server)
        .await
        .unwrap_or_else(|e| panic!("connect from {source}: {e}"));
    let _ = stream.set_nodelay(true);
    let mut req = format!("ws://{server}/ws").into_client_request().unwrap();
    req.headers_mut().insert("Cookie", cookie.parse().unwrap());
    // The client's side need not reserve tungstenite's default 128 KiB per socket either.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let (ws, _) = tokio_tungstenite::client_async_with_config(req, stream, Some(config))
        .await
        .expect("ws handshake");
    let (mut tx, mut rx) = ws.split();
    tx.send(Message::Text(
        format!(r#"{{"type":"join","userId":{student}}}"#).into(),
    ))
    .await
    .unwrap();
    loop {
        match rx.next().await {
            Some(Ok(Message::Text(t))) if t.as_str().contains("\"joined\"") => break,
            Some(Ok(_)) => {}
            other => panic!("no joined frame: {other:?}"),
        }
    }
    tokio::spawn(async move {
        // Reading also answers the server's pings.
        while let Some(Ok(m)) = rx.next().await {
            if let Message::Text(t) = m {
                let at = Instant::now();
                let v: Value = serde_json::from_str(t.as_str()).unwrap_or(Value::Null);
                if v["type"] == "new_message"
                    && let Some(id) = v["applicationId"].as_u64()
                    && let Some(s) = waiters.lock().unwrap().remove(&id)
                {
                    let _ = s.send(at);
                }
            }
        }
    });
    tx
}

/// Opens the sockets for `range` of the targets, `concurrency` at a time; the write halves and
/// each socket's connect-to-`joined` time in ms.
async fn open_sockets(
    a: &Args,
    targets: &Arc<Vec<Target>>,
    cookies: &Arc<Vec<String>>,
    range: std::ops::Range<usize>,
    waiters: &Waiters,
) -> (Vec<Writer>, Vec<f64>) {
    let server: SocketAddr = a.addr.parse().expect("--addr");
    let sem = Arc::new(Semaphore::new(a.open_concurrency));
    let mut set = JoinSet::new();
    for n in range {
        let permit = sem.clone().acquire_owned().await.unwrap();
        let (targets, cookies, waiters) = (targets.clone(), cookies.clone(), waiters.clone());
        let source = Ipv4Addr::new(127, 0, 0, 2 + (n % a.sources) as u8);
        set.spawn(async move {
            let t0 = Instant::now();
            let tx = open_socket(server, source, &cookies[n], targets[n].student, waiters).await;
            drop(permit);
            (tx, t0.elapsed().as_secs_f64() * 1000.0)
        });
    }
    let (mut keep, mut times) = (Vec::new(), Vec::new());
    while let Some(r) = set.join_next().await {
        let (tx, ms) = r.expect("a socket opened");
        keep.push(tx);
        times.push(ms);
    }
    (keep, times)
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let a = args();
    let nofile = internreel::serve::raise_descriptor_limit();
    assert!(
        nofile as usize > a.sockets + 256,
        "the descriptor limit ({nofile}) is too low for {} sockets: raise it (ulimit -n)",
        a.sockets
    );
    let base = format!("http://{}", a.addr);
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()
        .unwrap();

    // 1. Employers and their applicants: one application per distinct student. Employers are
    // signed in 16 at a time, in batches, until there are enough students.
    let t = Instant::now();
    let mut employers: Vec<String> = Vec::new(); // employer session cookies
    let mut targets: Vec<Target> = Vec::new();
    let mut seen = HashSet::new();
    let mut e = 0usize;
    const BATCH: usize = 64;
    while targets.len() < a.sockets {
        let sem = Arc::new(Semaphore::new(16));
        let mut batch = Vec::new();
        for k in e..e + BATCH {
            let (http, base, sem) = (http.clone(), base.clone(), sem.clone());
            batch.push(tokio::spawn(async move {
                let _p = sem.acquire().await.unwrap();
                employer_applications(&http, &base, k).await
            }));
        }
        e += BATCH;
        let mut exhausted = false;
        for task in batch {
            let Some((cookie, list)) = task.await.unwrap() else {
                exhausted = true;
                continue;
            };
            employers.push(cookie);
            for app in list {
                let student = &app["student"];
                let sid = student["id"].as_u64().unwrap();
                if targets.len() < a.sockets && seen.insert(sid) {
                    targets.push(Target {
                        application: app["id"].as_u64().unwrap(),
                        student: sid,
                        email: student["email"].as_str().unwrap().to_string(),
                        employer: employers.len() - 1,
                    });
                }
            }
        }
        assert!(
            targets.len() >= a.sockets || !exhausted,
            "not enough synthetic applications: {} distinct applicants of {} employers (seed more postings)",
            targets.len(),
            employers.len()
        );
    }
    eprintln!(
        "{} employers signed in, {} applications of distinct students picked in {:.1} s",
        employers.len(),
        targets.len(),
        t.elapsed().as_secs_f64()
    );

    // 2. Sign the students in (argon2 each), 16 at a time.
    let t = Instant::now();
    let sem = Arc::new(Semaphore::new(16));
    let mut tasks = Vec::new();
    for tg in &targets {
        let (http, base, email, sem) = (http.clone(), base.clone(), tg.email.clone(), sem.clone());
        tasks.push(tokio::spawn(async move {
            let _p = sem.acquire().await.unwrap();
            let resp = http
                .post(format!("{base}/api/student-login"))
                .json(&serde_json::json!({"email": email, "password": "student123"}))
                .send()
                .await
                .unwrap();
            assert!(
                resp.status().is_success(),
                "student sign-in: {}",
                resp.status()
            );
            session_cookie(&resp)
        }));
    }
    let mut cookies = Vec::new();
    for task in tasks {
        cookies.push(task.await.unwrap());
    }
    let signin_s = t.elapsed().as_secs_f64();
    eprintln!(
        "{} students signed in in {:.1} s ({:.0}/s)",
        cookies.len(),
        signin_s,
        cookies.len() as f64 / signin_s
    );

    // 3. Open the sockets, the first half then the second; RSS before, between and after.
    let targets = Arc::new(targets);
    let cookies = Arc::new(cookies);
    let n = targets.len();
    let half = n / 2;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let rss_before = rss_kb(a.pid);
    let waiters: Waiters = Arc::new(Mutex::new(HashMap::new()));
    let t = Instant::now();
    let (mut keep, mut open_ms) = open_sockets(&a, &targets, &cookies, 0..half, &waiters).await;
    let first_s = t.elapsed().as_secs_f64();
    // The second half's growth is the marginal cost of a socket, without the one-time growth
    // (thread stacks, allocator arenas, table resizes) the first sockets cause.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let rss_half = rss_kb(a.pid);
    let t = Instant::now();
    let (more, more_ms) = open_sockets(&a, &targets, &cookies, half..n, &waiters).await;
    let open_s = first_s + t.elapsed().as_secs_f64();
    keep.extend(more);
    open_ms.extend(more_ms);
    sort(&mut open_ms);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let rss_after = rss_kb(a.pid);
    let per_socket_kb = (rss_after as f64 - rss_before as f64) / keep.len() as f64;
    let marginal_kb = (rss_after as f64 - rss_half as f64) / (keep.len() - half).max(1) as f64;
    eprintln!(
        "{} sockets open from {} source addresses in {:.1} s ({:.0}/s, {} at a time; connect to joined p50 {:.2} ms p99 {:.2} ms); server RSS {} -> {} -> {} KB ({:.1} KB per idle socket, {:.1} KB for each of the second half)",
        keep.len(),
        a.sources,
        open_s,
        keep.len() as f64 / open_s,
        a.open_concurrency,
        pct(&open_ms, 50.0),
        pct(&open_ms, 99.0),
        rss_before,
        rss_half,
        rss_after,
        per_socket_kb,
        marginal_kb
    );

    // 4. Messages: worker w sends messages w, w+C, w+2C, ... one at a time, message k to the
    // application of target (k * step) mod n, spread over all the sockets, and waits for the
    // receiver's frame.
    let employers = Arc::new(employers);
    let step = (n / a.messages.max(1)).max(1);
    let t = Instant::now();
    let mut workers = Vec::new();
    for w in 0..a.concurrency {
        let (http, base, targets, employers, waiters) = (
            http.clone(),
            base.clone(),
            targets.clone(),
            employers.clone(),
            waiters.clone(),
        );
        let (total, c) = (a.messages, a.concurrency);
        workers.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            let mut post = Vec::new();
            let mut lost = 0usize;
            let mut k = w;
            while k < total {
                let tg = &targets[(k * step) % n];
                let (s, r) = oneshot::channel();
                waiters.lock().unwrap().insert(tg.application, s);
                let t0 = Instant::now();
                let resp = http
                    .post(format!(
                        "{base}/api/applications/{}/messages",
                        tg.application
                    ))
                    .header("Cookie", &employers[tg.employer])
                    .json(&serde_json::json!({
                        "content": format!("Benchmark message {k}"),
                        "receiverId": tg.student
                    }))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(resp.status().as_u16(), 201, "post message");
                let _ = resp.bytes().await;
                post.push(t0.elapsed().as_secs_f64() * 1000.0);
                match tokio::time::timeout(Duration::from_secs(5), r).await {
                    Ok(Ok(at)) => lat.push(at.duration_since(t0).as_secs_f64() * 1000.0),
                    _ => {
                        lost += 1;
                        waiters.lock().unwrap().remove(&tg.application);
                    }
                }
                k += c;
            }
            (lat, post, lost)
        }));
    }
    let (mut lat, mut post, mut lost) = (Vec::new(), Vec::new(), 0);
    for wk in workers {
        let (l, p, x) = wk.await.unwrap();
        lat.extend(l);
        post.extend(p);
        lost += x;
    }
    let elapsed = t.elapsed().as_secs_f64();
    sort(&mut lat);
    sort(&mut post);
    let rss_end = rss_kb(a.pid);
    eprintln!(
        "{} messages with {} sockets open in {:.1} s ({:.0}/s, {} at a time): POST->frame p50 {:.2} ms p99 {:.2} ms max {:.2} ms; POST p50 {:.2} ms p99 {:.2} ms; {} frames missing",
        a.messages,
        keep.len(),
        elapsed,
        a.messages as f64 / elapsed,
        a.concurrency,
        pct(&lat, 50.0),
        pct(&lat, 99.0),
        lat.last().copied().unwrap_or(f64::NAN),
        pct(&post, 50.0),
        pct(&post, 99.0),
        lost
    );
    let sockets = keep.len();
    let mut closing = JoinSet::new();
    for mut tx in keep {
        closing.spawn(async move {
            let _ = tx.close().await;
        });
    }
    while closing.join_next().await.is_some() {}
    println!(
        "RESULT sockets={} sources={} signin_per_s={:.1} open_s={:.2} open_per_s={:.0} open_p50_ms={:.2} open_p99_ms={:.2} rss_before_kb={} rss_half_kb={} rss_after_kb={} kb_per_socket={:.1} kb_per_socket_marginal={:.1} messages={} msgs_per_s={:.1} p50_ms={:.2} p99_ms={:.2} max_ms={:.2} post_p50_ms={:.2} post_p99_ms={:.2} missing={} rss_end_kb={}",
        sockets,
        a.sources,
        cookies.len() as f64 / signin_s,
        open_s,
        sockets as f64 / open_s,
        pct(&open_ms, 50.0),
        pct(&open_ms, 99.0),
        rss_before,
        rss_half,
        rss_after,
        per_socket_kb,
        marginal_kb,
        a.messages,
        a.messages as f64 / elapsed,
        pct(&lat, 50.0),
        pct(&lat, 99.0),
        lat.last().copied().unwrap_or(f64::NAN),
        pct(&post, 50.0),
        pct(&post, 99.0),
        lost,
        rss_end
    );
}
