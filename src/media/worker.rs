//! The background transcoder: works off the queue in redb (`store::transcodes`), `slots` jobs
//! at a time, each ffmpeg at the lowest CPU priority. A job's row stays until the transaction
//! that points the posting at the finished rendition, so a restart or `kill -9` mid-job runs
//! the job again; the half-written output sits in `tmp/` under a temp name, never served, and
//! is removed at start-up.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::clock::now_ms;
use crate::infra::Services;
use crate::store::Reader;
use crate::store::internships::{Failure, Internship, Media, Video};
use crate::store::transcodes::{self, TranscodeJob};

use super::tools::RunError;

/// Runs before a job is given up (the first run and one retry).
const MAX_ATTEMPTS: u8 = 2;
const RETRY_AFTER: Duration = Duration::from_secs(2);
/// Looks at the queue this often even without a wake-up (a job queued by the CLI while the
/// server ran without its socket, say).
const IDLE_POLL: Duration = Duration::from_secs(30);

/// What became of one job.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Ready,
    Retry,
    Failed,
    /// The posting no longer waits for this source (a newer upload, or it was deleted).
    Dropped,
}

/// Works off the queue until `stop` turns true; then stops the running jobs (their ffmpeg is
/// killed, their rows stay queued) and returns once they have let go of the store.
pub async fn run(services: Services, slots: usize, mut stop: tokio::sync::watch::Receiver<bool>) {
    if services.media.tools.is_none() {
        let waiting = services
            .store
            .read()
            .and_then(|r| transcodes::queued(&r))
            .map(|q| q.len())
            .unwrap_or(0);
        if waiting > 0 {
            tracing::warn!(
                waiting,
                "videos wait for conversion, but ffmpeg is not installed: they stay 'transcoding'"
            );
        }
        return;
    }
    let slots = Arc::new(tokio::sync::Semaphore::new(slots.max(1)));
    let taken: Arc<Mutex<HashSet<(u64, String)>>> = Arc::default();
    let mut running = tokio::task::JoinSet::new();
    loop {
        while running.try_join_next().is_some() {}
        let woken = services.media.woken().notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let next = match services.store.read().and_then(|r| transcodes::queued(&r)) {
            Ok(q) => q.into_iter().find(|j| {
                !taken
                    .lock()
                    .expect("taken jobs")
                    .contains(&(j.id, j.source.clone()))
            }),
            Err(e) => {
                tracing::error!(error = %e, "reading the transcode queue failed");
                None
            }
        };
        let Some(job) = next else {
            tokio::select! {
                _ = &mut woken => {}
                _ = tokio::time::sleep(IDLE_POLL) => {}
                _ = stop.changed() => break,
            }
            continue;
        };
        let permit = tokio::select! {
            p = slots.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = stop.changed() => break,
        };
        let key = (job.id, job.source.clone());
        taken.lock().expect("taken jobs").insert(key.clone());
        let (services, taken) = (services.clone(), taken.clone());
        running.spawn(async move {
            let outcome = run_job(&services, &job).await;
            if outcome == Outcome::Retry {
                tokio::time::sleep(RETRY_AFTER).await;
            }
            taken.lock().expect("taken jobs").remove(&key);
            drop(permit);
            services.media.wake();
        });
    }
    running.shutdown().await;
}

/// Runs every queued job once, in this task (the CLI, when no server runs).
pub async fn drain(services: &Services) -> anyhow::Result<usize> {
    let mut done = 0;
    if services.media.tools.is_none() {
        return Ok(0);
    }
    loop {
        let queue = transcodes::queued(&services.store.read()?)?;
        let Some(job) = queue.into_iter().next() else {
            return Ok(done);
        };
        let mut outcome = run_job(services, &job).await;
        while outcome == Outcome::Retry {
            let again = services.store.read()?.get::<TranscodeJob>(job.id)?;
            let Some(again) = again else { break };
            outcome = run_job(services, &again).await;
        }
        done += 1;
    }
}

/// The posting still waits for `job`'s source.
fn still_wanted(i: &Option<Internship>, job: &TranscodeJob) -> Option<Media> {
    match i {
        Some(Internship {
            video: Video::Transcoding(m),
            archived: false,
            ..
        }) if m.file == job.source => Some(m.clone()),
        _ => None,
    }
}

fn forget(services: &Services, job: &TranscodeJob) {
    let _ = services.store.write(|w| {
        if w.get::<TranscodeJob>(job.id)?
            .is_some_and(|j| j.source == job.source)
        {
            w.delete::<TranscodeJob>(job.id)?;
        }
        Ok::<_, crate::store::StoreError>(())
    });
}

/// Converts one job's source and points its posting at the result.
pub async fn run_job(services: &Services, job: &TranscodeJob) -> Outcome {
    let media = &services.media;
    let Some(tools) = media.tools.clone() else {
        return Outcome::Retry;
    };
    let current = services
        .store
        .read()
        .and_then(|r| r.get::<Internship>(job.id));
    let Ok(current) = current else {
        return Outcome::Retry;
    };
    let Some(_) = still_wanted(&current, job) else {
        // An archived posting's source is no longer needed either.
        if current.as_ref().is_some_and(|i| i.archived) {
            media.store.remove(&job.source);
        }
        forget(services, job);
        return Outcome::Dropped;
    };
    let started = std::time::Instant::now();
    let result = async {
        let copy = media
            .local_copy(&job.source)
            .await
            .map_err(|e| RunError::Other(anyhow::anyhow!("{e}")))?;
        let src = copy.path();
        let probe = tools.probe(src).await?;
        let out = tempfile::NamedTempFile::new_in(media.tmp_dir())
            .map_err(|e| RunError::Other(e.into()))?;
        tools
            .transcode(src, out.path(), probe.audio.is_some())
            .await?;
        Ok::<_, RunError>(out)
    }
    .await;
    match result {
        Ok(out) => {
            let file = match media.keep_rendition(out).await {
                Ok(f) => f,
                Err(e) => {
                    tracing::error!(error = %e, "storing a rendition failed");
                    return Outcome::Retry;
                }
            };
            let committed = services.store.write(|w| {
                let Some(mut m) = still_wanted(&w.get::<Internship>(job.id)?, job) else {
                    return Ok::<_, crate::store::StoreError>(false);
                };
                let mut i = w.get::<Internship>(job.id)?.expect("checked above");
                m.file = file.clone();
                i.video = Video::Ready(m);
                w.put(&i)?;
                w.delete::<TranscodeJob>(job.id)?;
                Ok(true)
            });
            match committed {
                Ok(true) => {
                    media.store.remove(&job.source);
                    tracing::info!(
                        internship = job.id,
                        seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
                        "video converted"
                    );
                    Outcome::Ready
                }
                Ok(false) => {
                    media.store.remove(&file);
                    forget(services, job);
                    Outcome::Dropped
                }
                Err(e) => {
                    media.store.remove(&file);
                    tracing::error!(error = %e, "saving a converted video failed");
                    Outcome::Retry
                }
            }
        }
        Err(e) => {
            let reason: String = e.to_string().chars().take(240).collect();
            tracing::warn!(internship = job.id, attempt = job.attempts + 1, %reason, "converting a video failed");
            give_up_or_retry(services, job, reason)
        }
    }
}

fn give_up_or_retry(services: &Services, job: &TranscodeJob, reason: String) -> Outcome {
    let attempts = job.attempts + 1;
    let failed = services.store.write(|w| {
        let Some(m) = still_wanted(&w.get::<Internship>(job.id)?, job) else {
            return Ok::<_, crate::store::StoreError>(None);
        };
        if attempts < MAX_ATTEMPTS {
            w.put(&TranscodeJob {
                attempts,
                last_error: Some(reason.clone()),
                ..job.clone()
            })?;
            return Ok(Some(false));
        }
        let mut i = w.get::<Internship>(job.id)?.expect("checked above");
        i.video = Video::Failed(Failure {
            reason: crate::said!("the-video-could-not-be-converted-for", reason = reason).into(),
            poster: m.poster,
            captions: m.captions,
        });
        i.updated_at = now_ms();
        w.put(&i)?;
        w.delete::<TranscodeJob>(job.id)?;
        crate::services::notify::notify(
            w,
            i.employer_id,
            "video_failed",
            crate::said!("the-video-of-title-could-not-be", title = &i.title),
            "/employer-dashboard",
        )?;
        Ok(Some(true))
    });
    match failed {
        Ok(Some(true)) => {
            services.media.store.remove(&job.source);
            Outcome::Failed
        }
        Ok(Some(false)) => Outcome::Retry,
        Ok(None) => {
            forget(services, job);
            Outcome::Dropped
        }
        Err(e) => {
            tracing::error!(error = %e, "recording a failed conversion failed");
            Outcome::Retry
        }
    }
}
