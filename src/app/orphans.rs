//! The sweep of media files nothing refers to, left by a crash between writing a file and
//! committing its posting: run once per start, on its own low-priority thread.

use crate::infra::Services;
use crate::store::Reader;

/// Starts the sweep of `names` (the media files found at start-up); it stops early when
/// `stop` turns true. The receiver completes when the sweep is over.
pub(super) fn start_sweep(
    services: Services,
    names: Vec<String>,
    stop: tokio::sync::watch::Receiver<bool>,
) -> std::io::Result<tokio::sync::oneshot::Receiver<()>> {
    // Housekeeping only: its own thread at the lowest priority, so on a busy server it
    // takes the CPU the requests leave (at 1,000,000 postings it ran for seconds under
    // the first requests, at the same priority as the workers).
    let (swept, sweep) = tokio::sync::oneshot::channel::<()>();
    std::thread::Builder::new()
        .name("media-sweep".into())
        .spawn(move || {
            lower_this_threads_priority();
            if let Err(e) = sweep_orphan_media(&services, names, || *stop.borrow()) {
                tracing::error!(error = %format!("{e:#}"), "could not look for media files nothing refers to");
            }
            let _ = swept.send(());
        })?;
    Ok(sweep)
}

/// The calling thread's nice value to 19 (Linux threads each have their own).
fn lower_this_threads_priority() {
    // SAFETY: setpriority takes plain integers and no pointer, so it cannot touch our memory;
    // with this thread's own id it changes only this thread's nice value.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
}

/// More files than a crash could leave behind (uploads are taken two at a time).
const MAX_ORPHANS_REMOVED: usize = 50;

/// Deletes those of `names` (the media files there were at start-up) no posting points at:
/// left by a crash between writing a file and committing its posting. Stops early (removing
/// nothing) when `stopping` says so.
fn sweep_orphan_media(
    s: &Services,
    names: Vec<String>,
    stopping: impl Fn() -> bool,
) -> anyhow::Result<()> {
    use crate::store::internships::Internship;
    // Only names of the server's own form: whatever else lies in the folder or under the
    // prefix is not the server's to remove.
    let mut orphans: std::collections::HashSet<String> = names
        .into_iter()
        .filter(|n| crate::media::files::own_name(n))
        .collect();
    for name in crate::embedded::landing_files() {
        orphans.remove(name.as_str());
    }
    if orphans.is_empty() {
        return Ok(());
    }
    let r = s.store.read()?;
    let mut stopped = false;
    // One posting decoded at a time: collecting 100,000 of them cost ~100 MB at start-up.
    r.each_rev(|i: Internship| {
        for f in i.video.files() {
            orphans.remove(f);
        }
        stopped = stopping();
        !stopped && !orphans.is_empty()
    })?;
    if stopped {
        return Ok(());
    }
    for f in crate::store::captions::all_files(&r)? {
        orphans.remove(&f);
    }
    if orphans.len() > MAX_ORPHANS_REMOVED {
        // A crash leaves a few; this many means the store is not the one this database
        // wrote (another data directory's, a shared bucket): nothing is removed.
        tracing::warn!(
            files = orphans.len(),
            "media files no posting refers to: more than {MAX_ORPHANS_REMOVED}, so none is \
             removed; check --data and --media-store/--s3-prefix"
        );
        return Ok(());
    }
    for name in orphans {
        tracing::warn!(file = %name, "removing a media file no posting refers to");
        s.media.store.remove(&name);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// The calling thread's nice value: field 19 of /proc/thread-self/stat.
    fn this_threads_nice() -> i64 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        // Fields after the command's closing parenthesis start at field 3.
        let after = stat.rsplit_once(')').unwrap().1;
        after
            .split_whitespace()
            .nth(19 - 3)
            .unwrap()
            .parse()
            .unwrap()
    }

    #[test]
    fn lowering_a_threads_priority_sets_its_nice_to_19_and_leaves_the_others() {
        let before = this_threads_nice();
        let niced = std::thread::spawn(|| {
            super::lower_this_threads_priority();
            this_threads_nice()
        })
        .join()
        .unwrap();
        assert_eq!(niced, 19);
        assert_eq!(
            this_threads_nice(),
            before,
            "the calling thread keeps its own"
        );
    }
}
