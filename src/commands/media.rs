//! `internreel media migrate --to s3|local`: copies every media object to the other store,
//! reads each back and compares size and SHA-256, and only when all arrived records the new
//! store in the database. Each verified object is appended (and fsynced) to a journal in the
//! data directory, so a run stopped by anything, `kill -9` included, resumes where it was.
//! The server must be stopped: redb's lock refuses a second opener, which is the check.

use std::collections::HashSet;
use std::io::{BufRead, Read, Write};
use std::path::Path;

use anyhow::{Context, bail};
use sha2::{Digest, Sha256};

use crate::infra::DataPaths;
use crate::media::config::{self, Backend, MediaOptions};
use crate::media::s3::Delivery;
use crate::media::storage::MediaStore;
use crate::store::{Reader, Store};

fn digest(path: &Path) -> std::io::Result<(u64, String)> {
    let mut file = std::fs::File::open(path)?;
    let (mut hasher, mut buf, mut len) = (Sha256::new(), vec![0u8; 1 << 20], 0u64);
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        len += n as u64;
    }
    let hex = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok((len, hex))
}

/// Copies `name` from `src` to `dst` and checks what arrived; returns its size and digest.
fn copy_one(
    src: &dyn MediaStore,
    dst: &dyn MediaStore,
    name: &str,
    tmp: &Path,
) -> anyhow::Result<(u64, String)> {
    let from = src
        .local_copy(name, tmp)
        .with_context(|| format!("while reading {name} from {}", src.describe()))?;
    let sent = digest(from.path())?;
    // `put` moves its file in: hand it a copy, never the source store's own file.
    let staged = tempfile::NamedTempFile::new_in(tmp)?;
    std::fs::copy(from.path(), staged.path())?;
    staged.as_file().sync_all()?;
    let staged = staged.into_temp_path();
    dst.put(&staged, name)
        .with_context(|| format!("while writing {name} to {}", dst.describe()))?;
    let back = dst
        .local_copy(name, tmp)
        .with_context(|| format!("while reading {name} back from {}", dst.describe()))?;
    let arrived = digest(back.path())?;
    if arrived != sent {
        bail!(
            "{name} arrived different ({} bytes, sha256 {}; sent {} bytes, sha256 {})",
            arrived.0,
            arrived.1,
            sent.0,
            sent.1
        );
    }
    Ok(sent)
}

pub fn migrate(data: &Path, options: &MediaOptions, to: &str) -> anyhow::Result<String> {
    let paths = DataPaths::new(data);
    if !paths.db().is_file() {
        bail!("{} holds no internreel database", data.display());
    }
    paths.prepare()?;
    let store = Store::open(&paths.db()).map_err(|e| {
        anyhow::anyhow!(
            "{e}: stop the server before moving its media (`systemctl stop internreel`)"
        )
    })?;
    let s3 = Backend::S3(options.s3()?);
    let (from, target) = match to {
        "s3" => (Backend::Local, s3),
        "local" => (s3, Backend::Local),
        other => bail!("--to is s3 or local, not {other}"),
    };
    let recorded = config::recorded(&store.read()?)?;
    if recorded == target.record() {
        return Ok(format!(
            "the media are already in {}: nothing to do\n",
            target.record()
        ));
    }
    if recorded != from.record() {
        bail!(
            "this data directory's media are recorded in {recorded}, not {}: check the --s3-* options",
            from.record()
        );
    }
    let src = from.open(&Delivery::Stream, &paths.videos())?;
    let dst = target.open(&Delivery::Stream, &paths.videos())?;
    let mut names = src
        .names()
        .with_context(|| format!("while listing {}", src.describe()))?;
    names.sort();

    let journal_path = paths.root.join(format!("media-migrate-to-{to}.journal"));
    let done: HashSet<String> = match std::fs::File::open(&journal_path) {
        // A line cut short by a crash has no third field and is done again.
        Ok(f) => std::io::BufReader::new(f)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| {
                let mut parts = l.split(' ');
                let (n, _, sha) = (parts.next()?, parts.next()?, parts.next()?);
                (sha.len() == 64).then(|| n.to_string())
            })
            .collect(),
        Err(_) => HashSet::new(),
    };
    let mut journal = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&journal_path)
        .with_context(|| format!("while opening {}", journal_path.display()))?;
    let started = std::time::Instant::now();
    let (mut copied, mut bytes) = (0usize, 0u64);
    let resumed = names.iter().filter(|n| done.contains(*n)).count();
    for name in names.iter().filter(|n| !done.contains(*n)) {
        let (len, sha) = copy_one(&*src, &*dst, name, &paths.tmp())?;
        writeln!(journal, "{name} {len} {sha}")?;
        journal.sync_data()?;
        copied += 1;
        bytes += len;
    }

    // Everything a posting refers to must be there before the switch.
    let mut missing = Vec::new();
    {
        let r = store.read()?;
        let arrived: HashSet<String> = dst.names()?.into_iter().collect();
        r.each_rev(|i: crate::store::internships::Internship| {
            for f in i.video.files() {
                if !arrived.contains(f) {
                    missing.push(f.to_string());
                }
            }
            true
        })?;
    }
    if !missing.is_empty() {
        bail!(
            "{} file(s) postings refer to are in neither store ({}); nothing was switched",
            missing.len(),
            missing
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    store.write(|w| config::record(w, &target))?;
    drop(journal);
    let _ = std::fs::remove_file(&journal_path);
    let flag = match &target {
        Backend::Local => "--media-store local (or no --media-store)".to_string(),
        Backend::S3(_) => "--media-store s3 and the same --s3-* options".to_string(),
    };
    Ok(format!(
        "Copied {copied} object(s) ({:.1} MB) to {} in {:.1} s and verified each by size and SHA-256{}\n\
         this data directory now uses {}: start the server with {flag}\n\
         the copies in {} were left in place; remove them when you are satisfied\n",
        bytes as f64 / 1e6,
        dst.describe(),
        started.elapsed().as_secs_f64(),
        if resumed > 0 {
            format!("; {resumed} had been copied before an interruption")
        } else {
            String::new()
        },
        target.record(),
        src.describe(),
    ))
}
