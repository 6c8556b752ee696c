//! `internreel backup FILE` and `internreel restore FILE --data DIR`: a tar archive holding a
//! consistent snapshot of the database and the files it refers to. The search index is left
//! out: it is rebuilt from the database at the first start.

use std::collections::BTreeSet;
use std::fs::File;
use std::path::Path;

use anyhow::{Context, bail};

use crate::infra::{DataPaths, Services};
use crate::store::internships::Internship;
use crate::store::users::User;
use crate::store::{Reader, Store};

/// Writes the archive to `file` (through a temp file renamed into place).
pub fn backup(s: &Services, file: &Path) -> anyhow::Result<String> {
    let work = tempfile::tempdir_in(s.paths.tmp()).context("while making a work folder")?;
    let db = work.path().join("internreel.redb");
    let rows =
        crate::store::backup::snapshot_to(&s.store, &db).context("while copying the database")?;
    // The files the snapshot refers to (files are never changed in place, only added).
    let (videos, images) = {
        let snap = Store::open(&db)?;
        let r = snap.read()?;
        let mut videos = BTreeSet::new();
        for i in r.scan_rev::<Internship>(|_| true)? {
            // Renditions and sources, posters, captions: everything the media store holds.
            videos.extend(i.video.files().into_iter().map(str::to_string));
        }
        // The caption tracks by language (store/captions.rs).
        videos.extend(crate::store::captions::all_files(&r)?);
        let mut images = BTreeSet::new();
        for u in r.scan_rev::<User>(|_| true)? {
            images.extend(u.photo);
            images.extend(u.transcript.map(|t| t.0));
        }
        (videos, images)
    };
    let parent = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let partial = tempfile::NamedTempFile::new_in(parent)
        .with_context(|| format!("while creating a file in {}", parent.display()))?;
    let mut tar = tar::Builder::new(partial.as_file());
    tar.append_path_with_name(&db, "internreel.redb")?;
    // What the district configured as files beside the database (settings live in it).
    let words = s.paths.comment_words();
    let words_kept = words.is_file();
    if words_kept {
        tar.append_path_with_name(&words, "comment-words.txt")?;
    }
    // The push key: browsers' subscriptions are bound to it (src/push/keys.rs).
    let push_key = crate::push::keys::path(&s.paths.root);
    let push_key_kept = push_key.is_file();
    if push_key_kept {
        tar.append_path_with_name(&push_key, crate::push::keys::FILE)?;
    }
    let mut missing = 0;
    // The media store's files, local or downloaded one at a time from object storage.
    for name in &videos {
        match s.media.store.local_copy(name, &s.paths.tmp()) {
            Ok(copy) if copy.path().is_file() => {
                tar.append_path_with_name(copy.path(), format!("videos/{name}"))?
            }
            Ok(_) => missing += 1,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => missing += 1,
            Err(e) => {
                return Err(e).with_context(|| {
                    format!("while reading {name} from {}", s.media.store.describe())
                });
            }
        }
    }
    for name in &images {
        let path = s.paths.images().join(name);
        if path.is_file() {
            tar.append_path_with_name(&path, format!("images/{name}"))?;
        } else {
            missing += 1;
        }
    }
    tar.finish()?;
    drop(tar);
    partial.as_file().sync_all()?;
    partial
        .persist(file)
        .map_err(|e| e.error)
        .with_context(|| format!("while writing {}", file.display()))?;
    let mut extras = String::new();
    if words_kept {
        extras.push_str(", the comment word list");
    }
    if push_key_kept {
        extras.push_str(", the push key");
    }
    let mut out = format!(
        "Wrote the backup to {}: {rows} database rows, {} videos, {} images{extras}\n",
        file.display(),
        videos.len() - missing.min(videos.len()),
        images.len(),
    );
    if missing > 0 {
        out.push_str(&format!(
            "warning: {missing} referenced files were missing\n"
        ));
    }
    Ok(out)
}

/// Unpacks an archive into an empty (or new) data directory, puts its media in the store the
/// process is configured with (local disk, or uploads them to S3), and checks that it opens.
pub fn restore(file: &Path, data: &Path) -> anyhow::Result<String> {
    restore_into(file, data, &crate::media::config::for_process()?)
}

/// `restore` with the media going to `media`'s store.
pub fn restore_into(
    file: &Path,
    data: &Path,
    media: &crate::media::config::MediaConfig,
) -> anyhow::Result<String> {
    if data.exists() && std::fs::read_dir(data)?.next().is_some() {
        bail!(
            "{} is not empty; restore into a new or empty directory",
            data.display()
        );
    }
    std::fs::create_dir_all(data)?;
    let archive = File::open(file).with_context(|| format!("while opening {}", file.display()))?;
    // tar refuses entries that would land outside the target (absolute paths, '..').
    tar::Archive::new(archive)
        .unpack(data)
        .with_context(|| format!("while unpacking {}", file.display()))?;
    if !DataPaths::new(data).db().is_file() {
        bail!(
            "{} holds no internreel.redb: not an internreel backup",
            file.display()
        );
    }
    let uploaded = adopt_media(data, media)?;
    let ffmpeg = std::env::var_os("INTERNREEL_FFMPEG_DIR").map(std::path::PathBuf::from);
    let services = Services::open_with(data, ffmpeg.as_deref(), media)
        .context("while opening the restored data directory")?;
    let r = services.store.read()?;
    let users = r.count::<User>()?;
    let postings = r.count::<Internship>()?;
    Ok(format!(
        "Restored into {}: {users} accounts, {postings} postings{uploaded}; the search index was rebuilt\n",
        data.display()
    ))
}

/// Records the configured store as the restored directory's, first moving the archive's
/// media files into it when it is not local disk.
fn adopt_media(data: &Path, media: &crate::media::config::MediaConfig) -> anyhow::Result<String> {
    use crate::media::config::{self, Backend};
    let paths = DataPaths::new(data);
    let mut said = String::new();
    if let Backend::S3(_) = &media.backend {
        let store = media.backend.open(&media.delivery, &paths.videos())?;
        let mut n = 0;
        let files = match std::fs::read_dir(paths.videos()) {
            Ok(d) => d.collect::<Result<Vec<_>, _>>()?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e.into()),
        };
        for entry in files {
            let name = entry.file_name().to_string_lossy().to_string();
            store
                .put(&entry.path(), &name)
                .with_context(|| format!("while uploading {name} to {}", store.describe()))?;
            n += 1;
        }
        said = format!(", {n} media files uploaded to {}", store.describe());
    }
    let db = Store::open(&paths.db())?;
    db.write(|w| config::record(w, &media.backend))?;
    Ok(said)
}
