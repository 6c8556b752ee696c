//! What an uploaded file is, by its magic bytes (never its name): the kinds each field accepts
//! and the sniffing that names one of them or none.

pub const VIDEO_KINDS: &[(&str, &str)] = &[
    ("video/mp4", "mp4"),
    ("video/x-m4v", "mp4"),
    ("video/quicktime", "mov"),
    ("video/x-msvideo", "avi"),
];
pub const IMAGE_KINDS: &[(&str, &str)] = &[
    ("image/jpeg", "jpg"),
    ("image/png", "png"),
    ("image/gif", "gif"),
    ("image/webp", "webp"),
];
/// WebVTT has no magic bytes infer knows: sniffed by its header (media/webvtt.rs checks the rest).
pub const CAPTION_KINDS: &[(&str, &str)] = &[("text/vtt", "vtt")];
pub const TRANSCRIPT_KINDS: &[(&str, &str)] = &[
    ("application/pdf", "pdf"),
    ("image/jpeg", "jpg"),
    ("image/png", "png"),
    ("image/gif", "gif"),
    ("image/webp", "webp"),
];

/// Sniffs the content; None when it is none of the accepted kinds.
pub fn sniff(
    head: &[u8],
    kinds: &'static [(&'static str, &'static str)],
) -> Option<(&'static str, &'static str)> {
    if kinds.iter().any(|(m, _)| *m == "text/vtt") {
        let text = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
        let after = text.get(6).copied();
        if text.starts_with(b"WEBVTT") && matches!(after, None | Some(b' ' | b'\t' | b'\n' | b'\r'))
        {
            return kinds.iter().find(|(m, _)| *m == "text/vtt").copied();
        }
        return None;
    }
    let mime = infer::get(head)?.mime_type();
    if !full_signature(mime, head) {
        return None;
    }
    kinds.iter().find(|(m, _)| *m == mime).copied()
}

/// infer matches some formats on very few bytes (GIF on "GIF"); require the whole signature.
fn full_signature(mime: &str, h: &[u8]) -> bool {
    let at = |off: usize, sig: &[u8]| h.get(off..off + sig.len()) == Some(sig);
    match mime {
        "image/gif" => at(0, b"GIF87a") || at(0, b"GIF89a"),
        "image/jpeg" => at(0, &[0xFF, 0xD8, 0xFF]),
        "image/png" => at(0, &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]),
        "image/webp" => at(0, b"RIFF") && at(8, b"WEBP"),
        "application/pdf" => at(0, b"%PDF-"),
        "video/x-msvideo" => at(0, b"RIFF") && at(8, b"AVI "),
        "video/mp4" | "video/x-m4v" | "video/quicktime" => {
            at(4, b"ftyp") || at(4, b"moov") || at(4, b"mdat") || at(4, b"wide") || at(4, b"free")
        }
        _ => true,
    }
}
