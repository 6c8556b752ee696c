//! Group commit: concurrent small writes share one durable commit (one fsync), and each caller
//! is answered only after that commit. A write transaction per request tops out at a few
//! hundred commits a second; a batch carries as many writes as arrive meanwhile.
//!
//! Contract for a job: check everything that can fail before writing, so that a job that
//! answers `Err` has changed nothing (its batch-mates still commit).

use std::sync::mpsc;

use super::{Store, StoreError, Wtx};

type Reply = Box<dyn FnOnce(Result<(), String>) + Send>;
type Job = Box<dyn FnOnce(&Wtx) -> Reply + Send>;

/// Most jobs in one commit.
const MAX_BATCH: usize = 512;

enum Msg {
    Job(Job),
    /// Finish what is queued, then end the thread (and let go of the store).
    Stop,
}

#[derive(Clone)]
pub struct Batcher {
    tx: mpsc::Sender<Msg>,
    thread: std::sync::Arc<std::sync::Mutex<Option<std::thread::JoinHandle<()>>>>,
}

impl Batcher {
    /// Starts the writer thread; it ends when every `Batcher` clone is dropped.
    pub fn start(store: Store) -> Batcher {
        let (tx, rx) = mpsc::channel::<Msg>();
        let thread = std::thread::Builder::new()
            .name("internreel-batch-writer".into())
            .spawn(move || {
                let mut stopping = false;
                while !stopping {
                    let Ok(Msg::Job(first)) = rx.recv() else {
                        break;
                    };
                    let mut jobs = vec![first];
                    while jobs.len() < MAX_BATCH {
                        match rx.try_recv() {
                            Ok(Msg::Job(j)) => jobs.push(j),
                            Ok(Msg::Stop) => {
                                stopping = true;
                                break;
                            }
                            Err(_) => break,
                        }
                    }
                    let (replies, committed) = store
                        .write_then(|w| jobs.into_iter().map(|job| job(w)).collect::<Vec<Reply>>());
                    let outcome = committed.map_err(|e| e.to_string());
                    for reply in replies.into_iter().flatten() {
                        reply(outcome.clone());
                    }
                }
            })
            .expect("spawning the batch writer thread");
        Batcher {
            tx,
            thread: std::sync::Arc::new(std::sync::Mutex::new(Some(thread))),
        }
    }

    /// Commits what is queued and waits for the writer thread to end.
    pub fn shutdown(&self) {
        let _ = self.tx.send(Msg::Stop);
        let handle = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(h) = handle {
            let _ = h.join();
        }
    }

    /// Runs `f` in the next batch and answers after its commit.
    pub async fn run<T, E>(
        &self,
        f: impl FnOnce(&Wtx) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let (otx, orx) = tokio::sync::oneshot::channel::<Result<T, E>>();
        let job: Job = Box::new(move |w| {
            let out = f(w);
            Box::new(move |commit: Result<(), String>| {
                let _ = otx.send(match commit {
                    Ok(()) => out,
                    Err(e) => Err(E::from(StoreError::Batch(e))),
                });
            })
        });
        if self.tx.send(Msg::Job(job)).is_err() {
            return Err(E::from(StoreError::Batch(
                "the batch writer has stopped".into(),
            )));
        }
        orx.await.unwrap_or_else(|_| {
            Err(E::from(StoreError::Batch(
                "the batch was not committed".into(),
            )))
        })
    }
}
