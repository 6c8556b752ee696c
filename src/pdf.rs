//! Plain documents as PDF through `pdf-writer`: A4 pages of headings and wrapped text in the
//! PDF base-14 Helvetica (nothing to embed; text in WinAnsi, which covers English and
//! Spanish). The signed agreement and the certificate are made from stored records with this,
//! so they can always be made again. No IO.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// A piece of a document, laid out top to bottom.
pub enum Block {
    Title(String),
    Heading(String),
    Text(String),
    /// Smaller grey text (hashes, footers).
    Small(String),
    Gap,
}

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 56.0;

/// Helvetica's advance widths (per 1000 em) for the printable ASCII range, so lines wrap
/// where they really end.
const WIDTHS: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

fn width(c: char, size: f32) -> f32 {
    let w = match c as u32 {
        32..=126 => WIDTHS[(c as u32 - 32) as usize],
        _ => 556,
    };
    f32::from(w) * size / 1000.0
}

/// Text in WinAnsiEncoding (Windows-1252): Latin-1 as is, the usual typographic marks mapped,
/// anything else a question mark.
pub fn win_ansi(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '€' => 0x80,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '\t' => b' ',
            _ => b'?',
        })
        .collect()
}

/// Splits `text` into lines at most `max` points wide at `size` (long words are cut).
fn wrap(text: &str, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        let mut w = 0.0;
        for word in para.split(' ') {
            let ww: f32 = word.chars().map(|c| width(c, size)).sum();
            let space = if line.is_empty() {
                0.0
            } else {
                width(' ', size)
            };
            if !line.is_empty() && w + space + ww > max {
                lines.push(std::mem::take(&mut line));
                w = 0.0;
            }
            if !line.is_empty() {
                line.push(' ');
                w += width(' ', size);
            }
            for c in word.chars() {
                let cw = width(c, size);
                if w + cw > max && !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                    w = 0.0;
                }
                line.push(c);
                w += cw;
            }
        }
        lines.push(line);
    }
    lines
}

/// A laid-out line: font, size, grey or not, baseline, text.
type Line = (&'static [u8], f32, bool, f32, String);

/// The document as a PDF file, with `title` in its metadata and `footer` on every page.
pub fn document(title: &str, footer: &str, blocks: &[Block]) -> Vec<u8> {
    // Lay out: (font, size, grey, line) per line, with page breaks.
    let mut pages: Vec<Vec<Line>> = vec![Vec::new()];
    let mut y = PAGE_H - MARGIN;
    let max = PAGE_W - 2.0 * MARGIN;
    for b in blocks {
        let (font, size, grey, text): (&'static [u8], f32, bool, &str) = match b {
            Block::Title(t) => (b"F2", 16.0, false, t),
            Block::Heading(t) => (b"F2", 11.5, false, t),
            Block::Text(t) => (b"F1", 10.0, false, t),
            Block::Small(t) => (b"F1", 8.0, true, t),
            Block::Gap => {
                y -= 8.0;
                continue;
            }
        };
        let leading = size * 1.4;
        if matches!(b, Block::Heading(_) | Block::Title(_)) {
            y -= size * 0.6;
        }
        for line in wrap(text, size, max) {
            if y - leading < MARGIN + 20.0 {
                pages.push(Vec::new());
                y = PAGE_H - MARGIN;
            }
            y -= leading;
            pages
                .last_mut()
                .expect("a page")
                .push((font, size, grey, y, line));
        }
    }

    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let mut next = 6;
    let mut ids = Vec::new();
    for _ in &pages {
        ids.push((Ref::new(next), Ref::new(next + 1)));
        next += 2;
    }
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().map(|(p, _)| *p))
        .count(ids.len() as i32);
    pdf.type1_font(regular)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold)
        .base_font(Name(b"Helvetica-Bold"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info)
        .title(pdf_writer::TextStr(title))
        .producer(pdf_writer::TextStr("InternReel"));
    let count = pages.len();
    for (n, (lines, (page_id, content_id))) in pages.into_iter().zip(ids).enumerate() {
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H));
        page.parent(tree);
        page.contents(content_id);
        {
            let mut resources = page.resources();
            let mut fonts = resources.fonts();
            fonts.pair(Name(b"F1"), regular);
            fonts.pair(Name(b"F2"), bold);
        }
        page.finish();
        let mut c = Content::new();
        for (font, size, grey, y, line) in lines {
            let g = if grey { 0.35 } else { 0.0 };
            c.set_fill_gray(g);
            c.begin_text();
            c.set_font(Name(font), size);
            c.next_line(MARGIN, y);
            c.show(Str(&win_ansi(&line)));
            c.end_text();
        }
        let foot = format!("{footer} · page {} of {count}", n + 1);
        c.set_fill_gray(0.35);
        c.begin_text();
        c.set_font(Name(b"F1"), 8.0);
        c.next_line(MARGIN, MARGIN - 20.0);
        c.show(Str(&win_ansi(&foot)));
        c.end_text();
        pdf.stream(content_id, &c.finish());
    }
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_a_pdf_with_its_words_and_pages() {
        let long = "word ".repeat(3000);
        let bytes = document(
            "Agreement",
            "Lakeside Unified",
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
        assert!(text.contains("Helvetica"));
    }

    #[test]
    fn text_wraps_inside_the_margins_and_spanish_survives() {
        let lines = wrap(&"a ".repeat(400), 10.0, 483.0);
        assert!(lines.len() > 3);
        assert_eq!(
            win_ansi("José Núñez — “sí”"),
            b"Jos\xe9 N\xfa\xf1ez \x97 \x93s\xed\x94"
        );
    }
}
