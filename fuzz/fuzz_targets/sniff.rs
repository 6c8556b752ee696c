//! Upload content sniffing must never panic, and only ever answers an accepted kind.
#![no_main]

use internreel_untrusted::sniff::{IMAGE_KINDS, TRANSCRIPT_KINDS, VIDEO_KINDS, sniff};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for kinds in [VIDEO_KINDS, IMAGE_KINDS, TRANSCRIPT_KINDS] {
        if let Some(kind) = sniff(data, kinds) {
            assert!(kinds.contains(&kind));
        }
    }
});
