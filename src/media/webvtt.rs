//! WebVTT captions (WCAG 2.1 success criterion 1.2.2): checked before they are stored, so a
//! player never receives a file it cannot read.

/// The largest captions file accepted.
pub const MAX_BYTES: u64 = 200 * 1024;

/// Checks that `bytes` is a WebVTT file with at least one well-formed cue.
pub fn check(bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| "Captions must be a UTF-8 WebVTT file (.vtt)".to_string())?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.contains('\0') {
        return Err("Captions must be a WebVTT text file (.vtt)".into());
    }
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("");
    let header_ok = header == "WEBVTT"
        || header
            .strip_prefix("WEBVTT")
            .is_some_and(|rest| rest.starts_with([' ', '\t']));
    if !header_ok {
        return Err("Captions must be a WebVTT file (.vtt): the first line must be WEBVTT".into());
    }
    let mut cues = 0;
    for (n, line) in text.lines().enumerate().skip(1) {
        if !line.contains("-->") {
            continue;
        }
        let (start, rest) = line.split_once("-->").unwrap_or_default();
        let end = rest.split_whitespace().next().unwrap_or("");
        match (timestamp(start.trim()), timestamp(end)) {
            (Some(a), Some(b)) if b >= a => cues += 1,
            _ => {
                return Err(format!(
                    "Captions line {}: '{}' is not a valid cue timing (for example 00:00:01.000 --> 00:00:04.000)",
                    n + 1,
                    line.chars().take(60).collect::<String>()
                ));
            }
        }
    }
    if cues == 0 {
        return Err(
            "The captions file has no cues (lines like 00:00:01.000 --> 00:00:04.000)".into(),
        );
    }
    Ok(())
}

/// The words the cues of a WebVTT file show (one cue a line; timings, identifiers, notes
/// and tags left out), for the district's screens.
pub fn cue_text(text: &str) -> String {
    let mut out = String::new();
    let mut in_cue = false;
    for line in text.lines().skip(1) {
        let line = line.trim();
        if line.is_empty() {
            if in_cue {
                out.push('\n');
            }
            in_cue = false;
        } else if line.contains("-->") {
            in_cue = true;
        } else if in_cue {
            out.push_str(&strip_tags(line));
            out.push(' ');
        }
    }
    out
}

/// A cue line without its `<v Name>`, `<b>`, `<c.class>` tags.
fn strip_tags(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_tag = false;
    for c in line.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// `hh:mm:ss.ttt` or `mm:ss.ttt`, in milliseconds.
fn timestamp(s: &str) -> Option<u64> {
    let (clock, ms) = s.split_once('.')?;
    if ms.len() != 3 || !ms.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let parts: Vec<&str> = clock.split(':').collect();
    let num = |p: &str, two: bool| -> Option<u64> {
        let ok = !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && (!two || p.len() == 2);
        ok.then(|| p.parse().ok()).flatten()
    };
    let (h, m, sec) = match parts.as_slice() {
        [m, s] => (0, num(m, true)?, num(s, true)?),
        [h, m, s] if h.len() >= 2 => (num(h, false)?, num(m, true)?, num(s, true)?),
        _ => return None,
    };
    if m > 59 || sec > 59 {
        return None;
    }
    Some(((h * 60 + m) * 60 + sec) * 1000 + ms.parse::<u64>().ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_file_passes() {
        let vtt = "WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.000 line:90%\nHello\n\n00:05.000 --> 00:07.500\n<v Sam>Hi</v>\n";
        assert_eq!(check(vtt.as_bytes()), Ok(()));
        assert_eq!(
            check("\u{feff}WEBVTT - title\n\n00:01.000 --> 00:02.000\nx".as_bytes()),
            Ok(())
        );
    }

    #[test]
    fn other_files_are_refused() {
        assert!(
            check(b"1\n00:00:01,000 --> 00:00:02,000\nSRT\n")
                .unwrap_err()
                .contains("WEBVTT")
        );
        assert!(check(b"WEBVTTX\n\n00:01.000 --> 00:02.000\n").is_err());
        assert!(
            check(b"WEBVTT\n\n00:01,000 --> 00:02.000\nx")
                .unwrap_err()
                .contains("line 3")
        );
        assert!(check(b"WEBVTT\n\n00:03.000 --> 00:02.000\nx").is_err());
        assert!(
            check(b"WEBVTT\n\nno cues here\n")
                .unwrap_err()
                .contains("no cues")
        );
        assert!(check(&[0xff, 0xfe, 0x00]).is_err());
    }
}
