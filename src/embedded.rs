//! Files shipped inside the binary: the demo fixtures, the landing page's samples and the
//! clips and posters both use (`fixtures/`). Read by the seeding (src/fixtures/) and served by
//! the landing page alike.

use anyhow::Context;
use rust_embed::RustEmbed;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::infra::Services;

#[derive(RustEmbed)]
#[folder = "fixtures/"]
#[exclude = "*.md"]
#[exclude = "*.sh"]
#[exclude = "*.py"]
// The recorded job boards are embedded by jobs/recorded.rs.
#[exclude = "external/*"]
pub struct Fixtures;

pub fn load<T: DeserializeOwned>(name: &str) -> anyhow::Result<T> {
    let file = Fixtures::get(name).with_context(|| format!("fixture {name} is missing"))?;
    serde_json::from_slice(&file.data).with_context(|| format!("while reading fixture {name}"))
}

pub fn landing_samples<T: DeserializeOwned>() -> Vec<T> {
    load("landing-samples.json").unwrap_or_default()
}

pub fn video(name: &str) -> Option<Vec<u8>> {
    Fixtures::get(&format!("videos/{name}")).map(|f| f.data.into_owned())
}

/// The poster shipped beside a fixture video (`posters/<stem>.jpg`, made with ffmpeg from the
/// frame at one second), so the demo shows posters with or without ffmpeg on the server.
pub fn poster_of(video_name: &str) -> Option<(String, Vec<u8>)> {
    let stem = video_name.strip_suffix(".mp4")?;
    let name = format!("{stem}.jpg");
    Fixtures::get(&format!("posters/{name}")).map(|f| (name, f.data.into_owned()))
}

/// The captions shipped beside a narrated fixture video (`captions/<stem>.vtt`); silent clips
/// have none.
pub fn captions_of(video_name: &str) -> Option<Vec<u8>> {
    let stem = video_name.strip_suffix(".mp4")?;
    Fixtures::get(&format!("captions/{stem}.vtt")).map(|f| f.data.into_owned())
}

/// The Spanish captions of a narrated fixture video (`captions-es/<stem>.vtt`): the narration
/// translated, on the English cues' times.
pub fn spanish_captions_of(video_name: &str) -> Option<Vec<u8>> {
    let stem = video_name.strip_suffix(".mp4")?;
    Fixtures::get(&format!("captions-es/{stem}.vtt")).map(|f| f.data.into_owned())
}

/// The landing samples' media files (videos and their posters), by their fixture names.
pub fn landing_files() -> Vec<String> {
    #[derive(Deserialize)]
    struct Sample {
        video: String,
    }
    let mut out = Vec::new();
    for sample in landing_samples::<Sample>() {
        out.extend(poster_of(&sample.video).map(|(name, _)| name));
        out.push(sample.video);
    }
    out
}

/// Copies the landing page's sample videos and posters into the media store when missing.
pub fn ensure_landing_videos(s: &Services) -> anyhow::Result<()> {
    for name in landing_files() {
        if s.media.store.exists(&name) {
            continue;
        }
        let bytes = match name.strip_suffix(".jpg") {
            Some(stem) => poster_of(&format!("{stem}.mp4")).map(|(_, b)| b),
            None => video(&name),
        };
        if let Some(bytes) = bytes {
            s.media
                .store
                .put_bytes(&bytes, &name)
                .with_context(|| format!("while writing {name}"))?;
        }
    }
    Ok(())
}
