//! Crash safety: the real binary takes concurrent writes (sign-ups, postings with videos,
//! likes, applications, messages) and is killed with SIGKILL at pseudo-random moments, then
//! restarted. Every write answered 2xx must be there, nothing unanswered is half there (no
//! posting without its file, no orphan file in videos/ or tmp/), and search agrees with the
//! store.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use reqwest::Client;
use serde_json::{Value, json};

use crate::binary_server::listening_address;
use crate::helpers::*;

const BIN: &str = env!("CARGO_BIN_EXE_internreel");
const ROUNDS: u64 = 20;
const WORKERS: u64 = 3;

/// xorshift64*: deterministic, no rand crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The real binary serving a data directory, killed (SIGKILL) when dropped.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    pub fn start(data: &Path) -> Server {
        let mut child = Command::new(BIN)
            .arg("--data")
            .arg(data)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(["--signup-limit", "0", "--message-limit", "0"])
            .args(["--employer-approval", "off"])
            // The push tests' stand-in push service listens on loopback.
            .arg("--push-local-endpoints")
            .env_remove("INTERNREEL_DATA")
            .env("INTERNREEL_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let addr = listening_address(&mut child);
        Server { child, addr }
    }

    pub fn kill(mut self) {
        // std's kill sends SIGKILL on Unix.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Clone)]
struct Student {
    id: u64,
    cookie: String,
}

#[derive(Clone)]
struct Posting {
    id: u64,
    word: String,
    video: String,
}

/// What the server acknowledged (2xx), and what is claimed by a request in flight.
#[derive(Default)]
struct Ledger {
    employer: String,
    employer_id: u64,
    students: Vec<Student>,
    postings: Vec<Posting>,
    /// (student, posting): liked (acknowledged).
    likes: HashSet<(u64, u64)>,
    /// (student, posting) → application id.
    applications: HashMap<(u64, u64), u64>,
    /// (application, student cookie index, content).
    messages: Vec<(u64, usize, String)>,
    /// Pairs touched by a request that was never answered, or is in flight: never reused.
    claimed: HashSet<(u8, u64, u64)>,
    counter: u64,
}

fn client() -> Client {
    tls();
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// One write; Ok(true) when it was acknowledged, Err when the server is gone.
async fn one_write(
    c: &Client,
    addr: &str,
    ledger: &Mutex<Ledger>,
    rng: &mut Rng,
    video: &[u8],
) -> Result<(), reqwest::Error> {
    let kind = rng.below(5);
    let n = {
        let mut l = ledger.lock().unwrap();
        l.counter += 1;
        l.counter
    };
    match kind {
        0 => {
            let res = c
                .post(format!("{addr}/api/users"))
                .json(&student_body(&format!("crash{n}@student.example")))
                .send()
                .await?;
            let cookie = session_cookie_if_any(&res);
            if res.status().is_success() {
                let user: Value = res.json().await?;
                ledger.lock().unwrap().students.push(Student {
                    id: user["id"].as_u64().unwrap(),
                    cookie: cookie.unwrap(),
                });
            }
        }
        1 => {
            let word = format!("zq{n}x{}", rng.below(1_000_000));
            let employer = ledger.lock().unwrap().employer.clone();
            let form = reqwest::multipart::Form::new()
                .text("title", format!("Crash {word} helper"))
                .text("description", "Help our team build things.")
                .text("location", "Austin, TX")
                .text("duration", "8 weeks")
                .text("requirements", "Curiosity and reliability")
                .text("applicationDeadline", "2099-01-01")
                .part(
                    "videoFile",
                    reqwest::multipart::Part::bytes(video.to_vec()).file_name("clip.mp4"),
                );
            let res = c
                .post(format!("{addr}/api/internships"))
                .header("cookie", employer)
                .multipart(form)
                .send()
                .await?;
            if res.status().is_success() {
                let p: Value = res.json().await?;
                ledger.lock().unwrap().postings.push(Posting {
                    id: p["id"].as_u64().unwrap(),
                    word,
                    video: p["videoUrl"].as_str().unwrap().to_string(),
                });
            } else {
                let status = res.status();
                panic!("posting refused: {status} {}", res.text().await?);
            }
        }
        2 | 3 => {
            // Like or apply: a (student, posting) pair nobody has touched for this kind.
            let pick = {
                let mut l = ledger.lock().unwrap();
                if l.students.is_empty() || l.postings.is_empty() {
                    None
                } else {
                    let s = l.students[rng.below(l.students.len() as u64) as usize].clone();
                    let p = l.postings[rng.below(l.postings.len() as u64) as usize].clone();
                    l.claimed.insert((kind as u8, s.id, p.id)).then_some((s, p))
                }
            };
            let Some((s, p)) = pick else { return Ok(()) };
            if kind == 2 {
                let res = c
                    .post(format!("{addr}/api/internships/{}/like", p.id))
                    .header("cookie", &s.cookie)
                    .send()
                    .await?;
                if res.status().is_success() {
                    let v: Value = res.json().await?;
                    assert_eq!(v["liked"], true, "a first like likes");
                    ledger.lock().unwrap().likes.insert((s.id, p.id));
                }
            } else {
                let res = c
                    .post(format!("{addr}/api/applications"))
                    .header("cookie", &s.cookie)
                    .json(&json!({"internshipId": p.id, "status": "pending"}))
                    .send()
                    .await?;
                if res.status().is_success() {
                    let v: Value = res.json().await?;
                    ledger
                        .lock()
                        .unwrap()
                        .applications
                        .insert((s.id, p.id), v["id"].as_u64().unwrap());
                }
            }
        }
        _ => {
            let pick = {
                let l = ledger.lock().unwrap();
                let apps: Vec<_> = l.applications.iter().map(|(k, v)| (*k, *v)).collect();
                if apps.is_empty() {
                    None
                } else {
                    let ((sid, _), aid) = apps[rng.below(apps.len() as u64) as usize];
                    let idx = l.students.iter().position(|s| s.id == sid).unwrap();
                    Some((aid, idx, l.students[idx].cookie.clone(), l.employer_id))
                }
            };
            let Some((aid, idx, cookie, employer_id)) = pick else {
                return Ok(());
            };
            let content = format!("Message number {n}");
            let res = c
                .post(format!("{addr}/api/applications/{aid}/messages"))
                .header("cookie", cookie)
                .json(&json!({"content": content, "receiverId": employer_id}))
                .send()
                .await?;
            if res.status().is_success() {
                let _: Value = res.json().await?;
                ledger.lock().unwrap().messages.push((aid, idx, content));
            }
        }
    }
    Ok(())
}

/// A GET; list answers are followed through their `Link: <...>; rel="next"` pages.
async fn get_json(c: &Client, url: String, cookie: Option<&str>) -> (u16, Value) {
    let origin: String = url.splitn(4, '/').take(3).collect::<Vec<_>>().join("/");
    let mut next = Some(url);
    let mut items = Vec::new();
    let mut status = 0;
    while let Some(url) = next.take() {
        let mut req = c.get(url);
        if let Some(k) = cookie {
            req = req.header("cookie", k);
        }
        let res = req.send().await.expect("the restarted server answers");
        status = res.status().as_u16();
        next = res
            .headers()
            .get("link")
            .and_then(|v| v.to_str().ok())
            .filter(|v| v.contains("rel=\"next\""))
            .and_then(|v| v.split(['<', '>']).nth(1))
            .map(|u| {
                if u.starts_with('/') {
                    format!("{origin}{u}")
                } else {
                    u.to_string()
                }
            });
        match res.json().await.unwrap_or(Value::Null) {
            Value::Array(page) => items.extend(page),
            other => return (status, other),
        }
    }
    (status, Value::Array(items))
}

/// Every acknowledged write is there; nothing is half there.
async fn verify(c: &Client, addr: &str, data: &Path, l: &Ledger, round: u64) {
    let tmp = files_in(&data.join("tmp"));
    assert!(tmp.is_empty(), "round {round}: tmp/ holds {tmp:?}");
    let (_, all) = get_json(c, format!("{addr}/api/internships"), None).await;
    let all = all.as_array().expect("the list").clone();
    let videos: HashSet<String> = files_in(&data.join("videos")).into_iter().collect();
    let (_, samples) = get_json(c, format!("{addr}/api/landing-samples"), None).await;
    let referenced: HashSet<String> = all
        .iter()
        .chain(samples.as_array().unwrap().iter())
        .flat_map(|p| [&p["videoUrl"], &p["posterUrl"], &p["captionsUrl"]])
        .filter_map(|u| u.as_str())
        .filter_map(|u| {
            ["/api/videos/", "/api/posters/", "/api/captions/"]
                .iter()
                .find_map(|prefix| u.strip_prefix(prefix))
        })
        .map(str::to_string)
        .collect();
    for p in &all {
        assert_eq!(
            p["videoStatus"], "ready",
            "round {round}: a posting without its video file: {p}"
        );
    }
    // Files nothing refers to are removed by the start-up sweep, which runs beside the first
    // requests (app/orphans.rs): gone within moments, never a referenced one.
    let mut videos = videos;
    for _ in 0..100 {
        if videos.is_subset(&referenced) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        videos = files_in(&data.join("videos")).into_iter().collect();
    }
    let orphans: Vec<_> = videos.difference(&referenced).collect();
    assert!(
        orphans.is_empty(),
        "round {round}: orphan videos {orphans:?}"
    );
    for s in &l.students {
        let (status, me) = get_json(c, format!("{addr}/api/auth/user"), Some(&s.cookie)).await;
        assert_eq!(
            (status, me["id"].as_u64()),
            (200, Some(s.id)),
            "round {round}: a student"
        );
    }
    for p in &l.postings {
        let name = p.video.trim_start_matches("/api/videos/");
        assert!(
            videos.contains(name),
            "round {round}: posting {} lost its video",
            p.id
        );
        let (_, found) = get_json(c, format!("{addr}/api/internships?q={}", p.word), None).await;
        let ids: Vec<u64> = found
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|x| x["id"].as_u64())
            .collect();
        assert!(
            ids.contains(&p.id),
            "round {round}: search for {} misses posting {}",
            p.word,
            p.id
        );
    }
    for s in &l.students {
        let (_, mine) = get_json(
            c,
            format!("{addr}/api/users/{}/applications", s.id),
            Some(&s.cookie),
        )
        .await;
        let applied: HashSet<u64> = mine
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| a["internshipId"].as_u64())
            .collect();
        for (sid, pid) in l.applications.keys() {
            if *sid == s.id {
                assert!(
                    applied.contains(pid),
                    "round {round}: an application is gone"
                );
            }
        }
        let (_, likes) = get_json(
            c,
            format!("{addr}/api/users/{}/likes", s.id),
            Some(&s.cookie),
        )
        .await;
        let liked: HashSet<u64> = likes
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| a["internshipId"].as_u64())
            .collect();
        for (sid, pid) in &l.likes {
            if *sid == s.id {
                assert!(liked.contains(pid), "round {round}: a like is gone");
            }
        }
    }
    let mut threads: HashMap<u64, Vec<String>> = HashMap::new();
    for (aid, idx, content) in &l.messages {
        let thread = match threads.get(aid) {
            Some(t) => t.clone(),
            None => {
                let (_, t) = get_json(
                    c,
                    format!("{addr}/api/applications/{aid}/messages"),
                    Some(&l.students[*idx].cookie),
                )
                .await;
                let t: Vec<String> = t
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|m| m["content"].as_str().map(str::to_string))
                    .collect();
                threads.insert(*aid, t.clone());
                t
            }
        };
        assert!(thread.contains(content), "round {round}: a message is gone");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_writes_survive_sigkill_and_nothing_is_half_written() {
    // Arrange: an employer, then rounds of concurrent writes cut short by SIGKILL.
    let data = tempfile::tempdir().unwrap();
    let video = Arc::new(fixture_video());
    let c = client();
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let server = Server::start(data.path());
    let res = c
        .post(format!("{}/api/employers", server.addr))
        .json(&employer_body("crash@acme.example"))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let cookie = session_cookie(&res);
    let id = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    {
        let mut l = ledger.lock().unwrap();
        l.employer = cookie;
        l.employer_id = id;
    }
    let mut server = Some(server);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);

    for round in 0..ROUNDS {
        // Act: concurrent writers, then SIGKILL after a pseudo-random number of writes.
        let s = server.take().unwrap();
        let addr = s.addr.clone();
        let mut workers = Vec::new();
        for w in 0..WORKERS {
            let (ledger, video, addr) = (ledger.clone(), video.clone(), addr.clone());
            let mut rng = Rng((rng.next() ^ w) | 1);
            workers.push(tokio::spawn(async move {
                let c = client();
                while one_write(&c, &addr, &ledger, &mut rng, &video)
                    .await
                    .is_ok()
                {}
            }));
        }
        let stop_after = ledger.lock().unwrap().counter + 10 + rng.below(40);
        while ledger.lock().unwrap().counter < stop_after
            && !workers.iter().all(|w| w.is_finished())
        {
            tokio::task::yield_now().await;
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        let kill = tokio::task::spawn_blocking(move || s.kill());
        kill.await.unwrap();
        for w in workers {
            w.await.unwrap();
        }

        // Assert: after a restart everything acknowledged is there.
        let s = Server::start(data.path());
        let snapshot = {
            let l = ledger.lock().unwrap();
            Ledger {
                employer: l.employer.clone(),
                employer_id: l.employer_id,
                students: l.students.clone(),
                postings: l.postings.clone(),
                likes: l.likes.clone(),
                applications: l.applications.clone(),
                messages: l.messages.clone(),
                ..Ledger::default()
            }
        };
        verify(&c, &s.addr, data.path(), &snapshot, round).await;
        server = Some(s);
    }
    let l = ledger.lock().unwrap();
    println!(
        "acknowledged: {} students, {} postings, {} likes, {} applications, {} messages",
        l.students.len(),
        l.postings.len(),
        l.likes.len(),
        l.applications.len(),
        l.messages.len()
    );
    assert!(
        !l.postings.is_empty() && !l.students.is_empty() && !l.applications.is_empty(),
        "the rounds acknowledged too little to prove anything"
    );
}
