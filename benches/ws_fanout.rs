//! WebSocket fan-out benchmark (issue 6), run against an already running server:
//!
//!     cargo bench --bench ws_fanout -- --addr 127.0.0.1:PORT --pid PID [--sockets 1000]
//!         [--messages 2000] [--concurrency 8]
//!
//! Needs the `seed --synthetic` data set. It signs in synthetic employers, takes their
//! applicants until it has `--sockets` distinct students (one application each), signs those
//! students in and opens one /ws socket per student (`join`), measures the server's RSS
//! (/proc/PID/status VmRSS) before and after opening the sockets, and then has the employers
//! post `--messages` messages, `--concurrency` at a time, timing each from the start of
//! `POST /api/applications/{id}/messages` to the receiver's `new_message` frame.
//! Everything talks to 127.0.0.1 only. The last line is `key=value` pairs for benches/run.sh.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{Semaphore, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Waiters = Arc<Mutex<HashMap<u64, oneshot::Sender<Instant>>>>;

struct Args {
    addr: String,
    pid: u32,
    sockets: usize,
    messages: usize,
    concurrency: usize,
}

fn args() -> Args {
    let mut a = Args {
        addr: "127.0.0.1:8080".into(),
        pid: 0,
        sockets: 1000,
        messages: 2000,
        concurrency: 8,
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
            "--bench" => {} // cargo bench passes this
            other => panic!("unknown argument {other}"),
        }
    }
    assert!(
        a.addr.starts_with("127.0.0.1:"),
        "this benchmark only talks to 127.0.0.1"
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

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let a = args();
    let base = format!("http://{}", a.addr);
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()
        .unwrap();

    // 1. Employers and their applicants: one application per distinct student.
    let t = Instant::now();
    let mut employers: Vec<String> = Vec::new(); // employer session cookies
    let mut targets: Vec<Target> = Vec::new();
    let mut seen = HashSet::new();
    let mut e = 0usize;
    while targets.len() < a.sockets {
        assert!(e < 2000, "not enough synthetic applications");
        let resp = http
            .post(format!("{base}/api/employers/login"))
            .json(&serde_json::json!({
                "email": format!("employer{e}@synthetic.example"),
                "password": "employer123"
            }))
            .send()
            .await
            .unwrap();
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
        e += 1;
    }
    eprintln!(
        "{} employers signed in, {} applications picked in {:.1} s",
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

    // 3. Open the sockets; RSS before and after.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let rss_before = rss_kb(a.pid);
    let waiters: Waiters = Arc::new(Mutex::new(HashMap::new()));
    let t = Instant::now();
    let mut keep = Vec::new(); // the write halves, so the sockets stay open
    let half = cookies.len() / 2;
    let mut rss_half = 0;
    for (n, (tg, cookie)) in targets.iter().zip(&cookies).enumerate() {
        if n == half {
            // The second half's growth is the marginal cost of a socket, without the one-time
            // growth (thread stacks, allocator arenas, table resizes) the first sockets cause.
            tokio::time::sleep(Duration::from_millis(1500)).await;
            rss_half = rss_kb(a.pid);
        }
        let mut req = format!("ws://{}/ws", a.addr).into_client_request().unwrap();
        req.headers_mut().insert("Cookie", cookie.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(req)
            .await
            .expect("ws connect");
        let (mut tx, mut rx) = ws.split();
        tx.send(Message::Text(
            format!(r#"{{"type":"join","userId":{}}}"#, tg.student).into(),
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
        let w = waiters.clone();
        tokio::spawn(async move {
            while let Some(Ok(m)) = rx.next().await {
                if let Message::Text(t) = m {
                    let at = Instant::now();
                    let v: Value = serde_json::from_str(t.as_str()).unwrap_or(Value::Null);
                    if v["type"] == "new_message"
                        && let Some(id) = v["applicationId"].as_u64()
                        && let Some(s) = w.lock().unwrap().remove(&id)
                    {
                        let _ = s.send(at);
                    }
                }
            }
        });
        keep.push(tx);
    }
    let open_s = t.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let rss_after = rss_kb(a.pid);
    let per_socket_kb = (rss_after as f64 - rss_before as f64) / keep.len() as f64;
    let marginal_kb = (rss_after as f64 - rss_half as f64) / (keep.len() - half).max(1) as f64;
    eprintln!(
        "{} sockets open in {:.1} s; server RSS {} -> {} -> {} KB ({:.1} KB per idle socket, {:.1} KB for each of the second half)",
        keep.len(),
        open_s,
        rss_before,
        rss_half,
        rss_after,
        per_socket_kb,
        marginal_kb
    );

    // 4. Messages: worker w sends messages w, w+C, w+2C, ... one at a time, each to
    // application (k mod sockets), and waits for the receiver's frame.
    let targets = Arc::new(targets);
    let employers = Arc::new(employers);
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
        let (n, total, c) = (targets.len(), a.messages, a.concurrency);
        workers.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            let mut post = Vec::new();
            let mut lost = 0usize;
            let mut k = w;
            while k < total {
                let tg = &targets[k % n];
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
    lat.sort_by(|a, b| a.partial_cmp(b).unwrap());
    post.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let rss_end = rss_kb(a.pid);
    eprintln!(
        "{} messages in {:.1} s ({:.0}/s, {} at a time): POST->frame p50 {:.2} ms p99 {:.2} ms max {:.2} ms; POST p50 {:.2} ms p99 {:.2} ms; {} frames missing",
        a.messages,
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
    for mut tx in keep {
        let _ = tx.close().await;
    }
    println!(
        "RESULT sockets={} signin_per_s={:.1} rss_before_kb={} rss_half_kb={} rss_after_kb={} kb_per_socket={:.1} kb_per_socket_marginal={:.1} messages={} msgs_per_s={:.1} p50_ms={:.2} p99_ms={:.2} max_ms={:.2} post_p50_ms={:.2} post_p99_ms={:.2} missing={} rss_end_kb={}",
        cookies.len(),
        cookies.len() as f64 / signin_s,
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
