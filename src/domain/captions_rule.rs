//! The district's captions rule (`settings set captions-required on`): a posting whose video
//! has speech-level sound does not go live until it has captions in at least one language,
//! or its employer confirms the video has no speech; a clip with sustained speech-level sound
//! needs the district admin's review for that. The sound is what ffmpeg's EBU R128 meter
//! heard (media/tools.rs): the time the momentary loudness was at speech level.

use serde::{Deserialize, Serialize};

/// Momentary loudness (LUFS, 400 ms windows) from which a moment counts as speech-level:
/// speech is mastered near -23 LUFS and a quiet room sits well under -50.
pub const SPEECH_LUFS: f64 = -40.0;
/// Less speech-level sound than this (a click, a breath) is silence.
pub const SILENT_BELOW_MS: u32 = 300;
/// This much speech-level sound or more is sustained: the employer's word alone does not
/// clear it.
pub const SUSTAINED_MS: u32 = 2_000;

/// What the server heard in a video's sound. Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sound {
    /// The video has no audio track.
    NoAudio,
    /// An audio track with (almost) no speech-level sound.
    Silent,
    /// Some speech-level sound, shorter than `SUSTAINED_MS` in all.
    Brief,
    /// Sustained speech-level sound.
    Sustained,
}

impl Sound {
    /// The class of a track with `loud_ms` of speech-level sound.
    pub fn of(loud_ms: u32) -> Sound {
        if loud_ms < SILENT_BELOW_MS {
            Sound::Silent
        } else if loud_ms < SUSTAINED_MS {
            Sound::Brief
        } else {
            Sound::Sustained
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Sound::NoAudio => "no_audio",
            Sound::Silent => "silent",
            Sound::Brief => "brief",
            Sound::Sustained => "sustained",
        }
    }

    /// Whether the rule asks this video for captions (or a confirmation).
    pub fn may_have_speech(self) -> bool {
        matches!(self, Sound::Brief | Sound::Sustained)
    }
}

/// Milliseconds of speech-level sound in a run of momentary loudness readings: `(time in
/// seconds, LUFS)` in time order, each lasting until the next (the last for `step_s`).
pub fn loud_ms(readings: &[(f64, f64)], step_s: f64) -> u32 {
    let mut total = 0.0;
    for (n, (t, lufs)) in readings.iter().enumerate() {
        let next = readings.get(n + 1).map_or(t + step_s, |(u, _)| *u);
        if *lufs >= SPEECH_LUFS && next > *t {
            total += next - t;
        }
    }
    (total * 1000.0).round().clamp(0.0, u32::MAX as f64) as u32
}

/// The rule as it stands for one posting's video (kept on the posting, schema 3).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CaptionsRule {
    /// What was heard in the current video; None: not measured (no video yet, a video from
    /// before the rule, or no ffmpeg on the server).
    pub sound: Option<Sound>,
    /// Milliseconds of speech-level sound heard.
    pub loud_ms: u32,
    /// When the employer confirmed "this video has no speech".
    pub no_speech_at: Option<i64>,
    /// When the district admin reviewed the video and let it go live without captions.
    pub cleared_at: Option<i64>,
    /// The rule holds the posting (kept in step by `services/caption_rule.rs`).
    pub waiting: bool,
}

impl CaptionsRule {
    /// The rule for a newly measured video: confirmations were about the old one.
    pub fn for_new_video(sound: Option<Sound>, loud_ms: u32) -> CaptionsRule {
        CaptionsRule {
            sound,
            loud_ms,
            ..CaptionsRule::default()
        }
    }

    /// `for_new_video` from an upload's measure ((class, loud milliseconds); None: not
    /// measured).
    pub fn measured(sound: Option<(Sound, u32)>) -> CaptionsRule {
        match sound {
            Some((s, ms)) => CaptionsRule::for_new_video(Some(s), ms),
            None => CaptionsRule::default(),
        }
    }

    /// Whether the posting waits for captions: the rule is on, the video may have speech,
    /// it has no caption track, and neither the employer's confirmation (enough for brief
    /// sound) nor the admin's review (needed for sustained sound) lets it go.
    pub fn waits(&self, required: bool, has_captions: bool) -> bool {
        if !required || has_captions || self.cleared_at.is_some() {
            return false;
        }
        match self.sound {
            Some(Sound::Brief) => self.no_speech_at.is_none(),
            Some(Sound::Sustained) => true,
            _ => false,
        }
    }

    /// The employer confirmed no speech on a clip the admin must hear first.
    pub fn review_asked(&self) -> bool {
        self.waiting && self.no_speech_at.is_some()
    }
}

/// What an employer's "this video has no speech" does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    /// Taken: nothing else holds the posting on the rule's account.
    Taken,
    /// Recorded, and the district admin reviews the clip (sustained speech-level sound).
    NeedsReview,
}

pub fn confirmation(sound: Option<Sound>) -> Confirmation {
    match sound {
        Some(Sound::Sustained) => Confirmation::NeedsReview,
        _ => Confirmation::Taken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sound_is_classed_by_how_long_it_is_at_speech_level() {
        assert_eq!(Sound::of(0), Sound::Silent);
        assert_eq!(Sound::of(299), Sound::Silent);
        assert_eq!(Sound::of(500), Sound::Brief);
        assert_eq!(Sound::of(2_000), Sound::Sustained);
    }

    #[test]
    fn loud_time_adds_the_readings_at_speech_level() {
        let r = [
            (0.0, -120.0),
            (0.1, -20.0),
            (0.2, -30.0),
            (0.3, -60.0),
            (0.4, -25.0),
        ];
        assert_eq!(loud_ms(&r, 0.1), 300);
    }

    #[test]
    fn sustained_sound_waits_until_captions_or_the_admin() {
        let mut rule = CaptionsRule::for_new_video(Some(Sound::Sustained), 9_000);
        assert!(rule.waits(true, false));
        assert!(!rule.waits(false, false));
        assert!(!rule.waits(true, true));
        rule.no_speech_at = Some(1);
        assert!(rule.waits(true, false));
        rule.cleared_at = Some(2);
        assert!(!rule.waits(true, false));
    }

    #[test]
    fn brief_sound_is_cleared_by_the_employer_and_silence_needs_nothing() {
        let mut rule = CaptionsRule::for_new_video(Some(Sound::Brief), 500);
        assert!(rule.waits(true, false));
        rule.no_speech_at = Some(1);
        assert!(!rule.waits(true, false));
        for s in [None, Some(Sound::Silent), Some(Sound::NoAudio)] {
            assert!(!CaptionsRule::for_new_video(s, 0).waits(true, false));
        }
        assert_eq!(confirmation(Some(Sound::Silent)), Confirmation::Taken);
        assert_eq!(
            confirmation(Some(Sound::Sustained)),
            Confirmation::NeedsReview
        );
    }
}
