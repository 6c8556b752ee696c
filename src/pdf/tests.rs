use super::*;

#[test]
fn a_document_is_a_pdf_with_its_words_and_pages() {
    let long = "word ".repeat(3000);
    let bytes = document(
        "Agreement",
        "Lakeside Unified",
        &|n, count| format!("page {n} of {count}"),
        &[
            Block::Title("Agreement".into()),
            Block::Text(long),
            Block::Small("sha".into()),
        ],
    );
    assert!(bytes.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("/Count ") && !text.contains("/Count 1\n"),
        "several pages"
    );
    for embedded in [
        "+DejaVuSans-Bold",
        "/CIDFontType2",
        "/Identity-H",
        "/FontFile2",
        "/ToUnicode",
    ] {
        assert!(text.contains(embedded), "{embedded}");
    }
}

#[test]
fn text_wraps_at_the_embedded_font_s_widths() {
    let regular = &FONTS[REGULAR];
    let lines = wrap(&"a ".repeat(400), regular, 10.0, 483.0);
    assert!(lines.len() > 3);
    for line in &lines {
        let w: f32 = line.chars().map(|c| regular.width(c, 10.0)).sum();
        assert!(w <= 483.0, "{line}");
    }
    // The widths are DejaVu Sans's (2025 and 569 of 2048), not Helvetica's (944 and 222).
    assert!((regular.advance('W') - 988.77).abs() < 0.01);
    assert!((regular.advance('i') - 277.83).abs() < 0.01);
    assert!(FONTS[BOLD].advance('a') > regular.advance('a'));
}

/// The ToUnicode map read back: `<cid> <utf-16be>` pairs.
fn read_back(cmap: &[u8], cids: &[u8]) -> String {
    let cmap = String::from_utf8_lossy(cmap);
    let mut map = HashMap::new();
    for line in cmap.lines() {
        let hex: Vec<&str> = line
            .split(['<', '>'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if let [cid, utf16] = hex[..]
            && let Ok(cid) = u16::from_str_radix(cid, 16)
        {
            let units: Vec<u16> = (0..utf16.len() / 4)
                .map(|i| u16::from_str_radix(&utf16[i * 4..i * 4 + 4], 16).unwrap())
                .collect();
            map.insert(cid, String::from_utf16(&units).unwrap());
        }
    }
    cids.chunks(2)
        .map(|b| map[&u16::from_be_bytes([b[0], b[1]])].clone())
        .collect()
}

#[test]
fn names_outside_latin_1_read_back_through_to_unicode() {
    let mut used = Used::default();
    let name = "Nguyễn Łukasz Peña — José “Ñ” Ωμέγα Иван 日本 😀";
    let cids = used.encode(name);
    assert_eq!(cids.len(), name.chars().count() * 2);
    assert_eq!(read_back(&used.to_unicode(), &cids), name);
    // Each character its own CID, repeats reuse it.
    let again = used.encode("ñ ñ");
    assert_eq!(again[0..2], again[4..6]);
    // Letters the forms accept are in the font; what it lacks still reads back above.
    for c in "ễŁñŒşđ ΩИ".chars() {
        assert_ne!(FONTS[REGULAR].glyph(c), 0, "{c}");
        assert_ne!(FONTS[BOLD].glyph(c), 0, "{c}");
    }
    // Decomposed input is composed: one glyph for "ễ".
    assert_eq!(shown("Nguye\u{302}\u{303}n\tx"), "Nguyễn x");
}

#[test]
fn a_certificate_is_one_landscape_page_with_its_words() {
    let competencies = vec![
        (
            "Attendance and punctuality".to_string(),
            "Exceeds expectations".to_string(),
        ),
        (
            "Communication".to_string(),
            "Meets expectations".to_string(),
        ),
        ("Teamwork".to_string(), "Meets expectations".to_string()),
    ];
    let bytes = certificate(&Certificate {
        title: "Certificate of work-based learning",
        district: "Lakeside Unified School District",
        certifies: "Lakeside Unified School District certifies that",
        student: "Nguyễn Thị Łucja Peña",
        what: "completed 62 hours of work-based learning as Support intern at Sproutly Labs",
        dates: "March 1, 2027 to May 28, 2027",
        supervisor: "Supervised by Priya Shah, Engineering lead",
        competencies_heading: "Rated on the final evaluation",
        competencies: &competencies,
        signed: "Signed for the school by Dana Whitfield on May 28, 2027",
        verify: "Certificate 7K2M-9QXA-3FH8D · Verify it at https://wbl.lakeside.example/verify/7K2M-9QXA-3FH8D",
    });
    if let Ok(path) = std::env::var("INTERNREEL_CERTIFICATE_OUT") {
        std::fs::write(path, &bytes).unwrap();
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("/Count 1"), "one page");
    assert!(text.contains("/MediaBox [0 0 842 595]"), "landscape");
}
