//! WebVTT captions (WCAG 2.1 success criterion 1.2.2): checked before they are stored, so a
//! player never receives a file it cannot read.

/// The largest captions file accepted.
pub const MAX_BYTES: u64 = 200 * 1024;

/// Checks that `bytes` is a WebVTT file with at least one well-formed cue.
pub fn check(bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| crate::said!("captions-must-be-a-utf-8-webvtt").to_string())?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.contains('\0') {
        return Err(crate::said!("captions-must-be-a-webvtt-text-file").to_string());
    }
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("");
    let header_ok = header == "WEBVTT"
        || header
            .strip_prefix("WEBVTT")
            .is_some_and(|rest| rest.starts_with([' ', '\t']));
    if !header_ok {
        return Err(crate::said!("captions-must-be-a-webvtt-file-vtt-2").to_string());
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
                return Err(crate::said!(
                    "captions-line-n-line-is-not-a",
                    n = n + 1,
                    line = line.chars().take(60).collect::<String>()
                )
                .to_string());
            }
        }
    }
    if cues == 0 {
        return Err(crate::said!("the-captions-file-has-no-cues-lines").to_string());
    }
    Ok(())
}

/// The most cues a caption track may have.
pub const MAX_CUES: usize = 500;
/// The most characters a cue may show (its words, markup not counted).
pub const MAX_CUE_CHARS: usize = 200;

/// One cue of a caption track in its clean form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cue {
    pub start_ms: u64,
    pub end_ms: u64,
    /// The cue's payload as WebVTT: `&`, `<` and `>` escaped, only `<b>`, `<i>` and `<u>` kept.
    pub text: String,
    /// The words it shows, without markup (for the screens and the transcript).
    pub plain: String,
}

/// A caption track checked and cleaned: its cues in order, none overlapping, each inside
/// `duration_ms` when that is known. Refusals name the cue ("Cue 3 ends after the video
/// (0:42)"), counted from 1 in the file's order.
pub fn clean(bytes: &[u8], duration_ms: Option<u64>) -> Result<Vec<Cue>, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| crate::said!("captions-must-be-a-utf-8-webvtt").to_string())?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut blocks = text.split("\n\n").map(|b| b.trim_matches('\n'));
    let header = blocks.next().unwrap_or("").lines().next().unwrap_or("");
    let header_ok = header == "WEBVTT"
        || header
            .strip_prefix("WEBVTT")
            .is_some_and(|rest| rest.starts_with([' ', '\t']));
    if !header_ok {
        return Err(crate::said!("captions-must-be-a-webvtt-file-vtt-2").to_string());
    }
    let mut cues: Vec<Cue> = Vec::new();
    for block in blocks.filter(|b| !b.trim().is_empty()) {
        let first = block.lines().next().unwrap_or("");
        let is_word = |w: &str| {
            first
                .strip_prefix(w)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
        };
        if is_word("NOTE") || is_word("STYLE") || is_word("REGION") {
            continue;
        }
        let n = cues.len() + 1;
        if n > MAX_CUES {
            return Err(crate::said!("captions-may-have-at-most-n-cues", n = MAX_CUES).to_string());
        }
        let lines: Vec<&str> = block.lines().collect();
        let Some(at) = lines
            .iter()
            .position(|l| l.contains("-->"))
            .filter(|&i| i <= 1)
        else {
            return Err(crate::said!("cue-n-has-no-timing-a-line", n = n).to_string());
        };
        let (start, rest) = lines[at].split_once("-->").unwrap_or_default();
        let end = rest.split_whitespace().next().unwrap_or("");
        let (Some(start_ms), Some(end_ms)) = (timestamp(start.trim()), timestamp(end)) else {
            return Err(crate::said!("cue-n-has-a-timing-that-is", n = n).to_string());
        };
        if end_ms <= start_ms {
            return Err(crate::said!("cue-n-ends-before-it-starts", n = n).to_string());
        }
        if let Some(prev) = cues.last() {
            if start_ms < prev.start_ms {
                return Err(crate::said!("cue-n-starts-before-the-cue-above", n = n).to_string());
            }
            if start_ms < prev.end_ms {
                return Err(crate::said!(
                    "cue-n-starts-before-the-cue-above-2",
                    n = n,
                    time = clock(prev.end_ms)
                )
                .to_string());
            }
        }
        if let Some(d) = duration_ms
            && end_ms > d
        {
            return Err(
                crate::said!("cue-n-ends-after-the-video-time", n = n, time = clock(d)).to_string(),
            );
        }
        let payload = lines[at + 1..].join("\n");
        if crate::domain::text::has_hidden_chars(&payload, false) {
            return Err(crate::said!("cue-n-contains-hidden-control-or-text", n = n).to_string());
        }
        let (text, plain) = clean_payload(&payload);
        if crate::domain::text::has_hidden_chars(&plain, false) {
            return Err(crate::said!("cue-n-contains-hidden-control-or-text", n = n).to_string());
        }
        let chars = plain.chars().filter(|c| *c != '\n').count();
        if plain.trim().is_empty() {
            return Err(crate::said!("cue-n-has-no-text", n = n).to_string());
        }
        if chars > MAX_CUE_CHARS {
            return Err(crate::said!(
                "cue-n-is-longer-than-max-characters",
                n = n,
                max = MAX_CUE_CHARS,
                count = chars
            )
            .to_string());
        }
        cues.push(Cue {
            start_ms,
            end_ms,
            text,
            plain,
        });
    }
    if cues.is_empty() {
        return Err(crate::said!("the-captions-file-has-no-cues-lines").to_string());
    }
    Ok(cues)
}

/// The WebVTT file of clean cues.
pub fn render(cues: &[Cue]) -> String {
    let mut out = String::from("WEBVTT\n");
    for c in cues {
        out.push_str(&format!(
            "\n{} --> {}\n{}\n",
            vtt_time(c.start_ms),
            vtt_time(c.end_ms),
            c.text
        ));
    }
    out
}

/// `hh:mm:ss.ttt`.
fn vtt_time(ms: u64) -> String {
    let s = ms / 1000;
    format!(
        "{:02}:{:02}:{:02}.{:03}",
        s / 3600,
        s / 60 % 60,
        s % 60,
        ms % 1000
    )
}

/// A moment as people read it: `0:42`, `1:05.5`, `1:02:03`.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    let tenths = ms % 1000 / 100;
    let mut out = if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    };
    if tenths > 0 {
        out.push_str(&format!(".{tenths}"));
    }
    out
}

/// A cue's payload in clean form, and its words: every tag but `b`, `i` and `u` dropped
/// (classes and annotations too), tags kept balanced, entities decoded then `&`, `<` and `>`
/// escaped again, lines trimmed.
fn clean_payload(payload: &str) -> (String, String) {
    const KEPT: [&str; 3] = ["b", "i", "u"];
    let mut text = String::new();
    let mut plain = String::new();
    let mut open: Vec<&'static str> = Vec::new();
    let mut chars = payload.trim().chars().peekable();
    let push_char = |c: char, text: &mut String, plain: &mut String| {
        plain.push(c);
        match c {
            '&' => text.push_str("&amp;"),
            '<' => text.push_str("&lt;"),
            '>' => text.push_str("&gt;"),
            c => text.push(c),
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '<' => {
                let mut tag = String::new();
                for t in chars.by_ref() {
                    if t == '>' {
                        break;
                    }
                    tag.push(t);
                }
                let (closing, body) = match tag.strip_prefix('/') {
                    Some(b) => (true, b),
                    None => (false, tag.as_str()),
                };
                let name = body
                    .split(['.', ' ', '\t', '\n'])
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase();
                let Some(kept) = KEPT.iter().find(|k| **k == name) else {
                    continue;
                };
                if !closing {
                    open.push(kept);
                    text.push_str(&format!("<{kept}>"));
                } else if let Some(at) = open.iter().rposition(|o| o == kept) {
                    for o in open.drain(at..).rev() {
                        text.push_str(&format!("</{o}>"));
                    }
                }
            }
            '&' => {
                let mut name = String::new();
                while let Some(&n) = chars.peek() {
                    if n.is_ascii_alphanumeric() || (n == '#' && name.is_empty()) {
                        name.push(n);
                        chars.next();
                        if name.len() > 10 {
                            break;
                        }
                    } else {
                        break;
                    }
                }
                let decoded = if chars.peek() == Some(&';') {
                    let d = match name.as_str() {
                        "amp" => Some('&'),
                        "lt" => Some('<'),
                        "gt" => Some('>'),
                        "nbsp" => Some('\u{a0}'),
                        "lrm" => Some('\u{200e}'),
                        "rlm" => Some('\u{200f}'),
                        "quot" => Some('"'),
                        "apos" => Some('\''),
                        n => n.strip_prefix('#').and_then(|num| {
                            let v = match num.strip_prefix(['x', 'X']) {
                                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                                None => num.parse().ok(),
                            };
                            v.and_then(char::from_u32)
                        }),
                    };
                    if d.is_some() {
                        chars.next();
                    }
                    d
                } else {
                    None
                };
                match decoded {
                    Some(d) => push_char(d, &mut text, &mut plain),
                    None => {
                        push_char('&', &mut text, &mut plain);
                        for n in name.chars() {
                            push_char(n, &mut text, &mut plain);
                        }
                    }
                }
            }
            '\n' => {
                while text.ends_with(' ') {
                    text.pop();
                    plain.pop();
                }
                text.push('\n');
                plain.push('\n');
                while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
                    chars.next();
                }
            }
            '\t' => push_char(' ', &mut text, &mut plain),
            c => push_char(c, &mut text, &mut plain),
        }
    }
    for o in open.into_iter().rev() {
        text.push_str(&format!("</{o}>"));
    }
    (text, plain)
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

    /// A refusal as an English reader reads it.
    fn en(e: String) -> String {
        crate::i18n::Lang::En.tr(&e).into_owned()
    }

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
        let refusal = |b: &[u8]| en(check(b).unwrap_err());
        assert!(refusal(b"1\n00:00:01,000 --> 00:00:02,000\nSRT\n").contains("WEBVTT"));
        assert!(check(b"WEBVTTX\n\n00:01.000 --> 00:02.000\n").is_err());
        assert!(refusal(b"WEBVTT\n\n00:01,000 --> 00:02.000\nx").contains("line 3"));
        assert!(check(b"WEBVTT\n\n00:03.000 --> 00:02.000\nx").is_err());
        assert!(refusal(b"WEBVTT\n\nno cues here\n").contains("no cues"));
        assert!(check(&[0xff, 0xfe, 0x00]).is_err());
    }

    #[test]
    fn clean_tracks_are_ordered_inside_the_video_and_free_of_markup() {
        let vtt = "WEBVTT\n\n1\n00:00.000 --> 00:01.500 line:90%\n<v Sam><b.loud>Hi</b> &amp; <script>alert(1)</script>\n\nNOTE a note\n\n00:02.000 --> 00:03.000\n5 &lt; 6 <i>yes";
        let cues = clean(vtt.as_bytes(), Some(4000)).unwrap();
        assert_eq!(cues.len(), 2);
        assert_eq!(cues[0].text, "<b>Hi</b> &amp; alert(1)");
        assert_eq!(cues[0].plain, "Hi & alert(1)");
        assert_eq!(cues[1].text, "5 &lt; 6 <i>yes</i>");
        assert_eq!(
            render(&cues),
            "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\n<b>Hi</b> &amp; alert(1)\n\n00:00:02.000 --> 00:00:03.000\n5 &lt; 6 <i>yes</i>\n"
        );
        assert_eq!(check(render(&cues).as_bytes()), Ok(()));
    }

    #[test]
    fn refusals_name_the_cue() {
        let two = |a: &str, b: &str| format!("WEBVTT\n\n{a}\nOne\n\n{b}\nTwo\n");
        let err = |s: String, d: Option<u64>| clean(s.as_bytes(), d).map_err(en).unwrap_err();
        assert_eq!(
            err(
                two("00:01.000 --> 00:03.000", "00:02.000 --> 00:04.000"),
                None
            ),
            "Cue 2 starts before the cue above it ends (0:03)"
        );
        assert_eq!(
            err(
                two("00:01.000 --> 00:03.000", "00:03.000 --> 00:43.000"),
                Some(42_000)
            ),
            "Cue 2 ends after the video (0:42)"
        );
        assert_eq!(
            err(
                two("00:05.000 --> 00:06.000", "00:01.000 --> 00:02.000"),
                None
            ),
            "Cue 2 starts before the cue above it"
        );
        assert_eq!(
            err(
                two("00:02.000 --> 00:01.000", "00:03.000 --> 00:04.000"),
                None
            ),
            "Cue 1 ends before it starts"
        );
        let long = format!("WEBVTT\n\n00:01.000 --> 00:02.000\n{}\n", "a".repeat(201));
        assert_eq!(err(long, None), "Cue 1 is longer than 200 characters (201)");
        let bidi = "WEBVTT\n\n00:01.000 --> 00:02.000\nabc\u{202E}def\n".to_string();
        assert!(err(bidi, None).contains("Cue 1 contains hidden"));
        let coded = "WEBVTT\n\n00:01.000 --> 00:02.000\nabc&#x202E;def\n".to_string();
        assert!(err(coded, None).contains("Cue 1 contains hidden"));
        let many: String = (0..=MAX_CUES)
            .map(|i| {
                format!(
                    "\n{} --> {}\nx\n",
                    vtt_time(i as u64 * 10),
                    vtt_time(i as u64 * 10 + 5)
                )
            })
            .collect();
        assert_eq!(
            err(format!("WEBVTT\n{many}"), None),
            "Captions may have at most 500 cues"
        );
        assert!(en(clean(&[0xff, 0xfe], None).unwrap_err()).contains("UTF-8"));
        assert!(err("WEBVTT\n\nno timing\nhere\n".into(), None).starts_with("Cue 1 has no timing"));
        assert_eq!(clock(62_500), "1:02.5");
    }
}
