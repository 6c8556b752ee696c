//! Plain documents as PDF through `pdf-writer`: A4 pages of headings and wrapped text in
//! DejaVu Sans and DejaVu Sans Bold (`assets/fonts/`, in the binary). A name may hold any
//! letters (validate.rs refuses only hidden characters), so each document embeds the subset of
//! glyphs it uses as a Type0 font (CIDFontType2, Identity-H) with its widths and a ToUnicode
//! map: the PDF shows the names as typed and text extraction gives them back. A character the
//! font lacks still gets its own CID (drawn as the font's empty box) so it reads back right.
//! The signed agreement and the certificate are made from stored records with this, so they can
//! always be made again. No IO.

use std::collections::HashMap;
use std::io::Write as _;
use std::sync::LazyLock;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};
use unicode_normalization::UnicodeNormalization as _;

mod certificate;
pub use certificate::{Certificate, certificate};

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

/// A shipped TrueType face: its bytes, parsed once, its PostScript name, and the glyphs of
/// Latin-1 looked up once (most of every document; the cmap lookup was a fifth of its cost).
struct Font {
    data: &'static [u8],
    face: ttf_parser::Face<'static>,
    name: &'static str,
    bold: bool,
    latin1: [u16; 256],
}

const REGULAR: usize = 0;
const BOLD: usize = 1;

static FONTS: LazyLock<[Font; 2]> = LazyLock::new(|| {
    let load = |data: &'static [u8], name, bold| {
        let face = ttf_parser::Face::parse(data, 0).expect("the shipped font parses");
        let mut latin1 = [0; 256];
        for (c, g) in ('\0'..='\u{ff}').zip(&mut latin1) {
            *g = face.glyph_index(c).map_or(0, |g| g.0);
        }
        Font {
            data,
            face,
            name,
            bold,
            latin1,
        }
    };
    [
        load(
            include_bytes!("../../assets/fonts/DejaVuSans.ttf"),
            "DejaVuSans",
            false,
        ),
        load(
            include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf"),
            "DejaVuSans-Bold",
            true,
        ),
    ]
});

impl Font {
    /// The glyph drawing `c`, or 0 (the empty box) when the font has none.
    fn glyph(&self, c: char) -> u16 {
        match self.latin1.get(c as usize) {
            Some(&g) => g,
            None => self.face.glyph_index(c).map_or(0, |g| g.0),
        }
    }

    /// A font-unit value in thousandths of the em, PDF's text space.
    fn per_mille(&self, v: f32) -> f32 {
        v * 1000.0 / f32::from(self.face.units_per_em())
    }

    /// The advance of glyph `g` in thousandths of the em.
    fn glyph_advance(&self, g: u16) -> f32 {
        let units = self.face.glyph_hor_advance(ttf_parser::GlyphId(g));
        self.per_mille(f32::from(units.unwrap_or(0)))
    }

    fn advance(&self, c: char) -> f32 {
        self.glyph_advance(self.glyph(c))
    }

    fn width(&self, c: char, size: f32) -> f32 {
        self.advance(c) * size / 1000.0
    }
}

/// The characters one document shows in one font, each with its own CID (1, 2, ...; 0 is the
/// empty box): the content streams carry CIDs, the font maps them to glyphs and back to text.
#[derive(Default)]
struct Used {
    chars: Vec<char>,
    cids: HashMap<char, u16>,
}

impl Used {
    /// `text` as a string of two-byte CIDs (Identity-H), adding new characters.
    fn encode(&mut self, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len() * 2);
        for c in text.chars() {
            let cid = match self.cids.get(&c) {
                Some(&cid) => cid,
                // A document of more than 65,534 different characters shows the rest as boxes.
                None if self.chars.len() >= usize::from(u16::MAX - 1) => 0,
                None => {
                    self.chars.push(c);
                    let cid = self.chars.len() as u16;
                    self.cids.insert(c, cid);
                    cid
                }
            };
            out.extend(cid.to_be_bytes());
        }
        out
    }

    /// The ToUnicode CMap: each CID to its character.
    fn to_unicode(&self) -> Vec<u8> {
        let mut cmap = UnicodeCmap::new(Name(b"Custom"), SYSTEM_INFO);
        for (i, &c) in self.chars.iter().enumerate() {
            cmap.pair(i as u16 + 1, c);
        }
        cmap.finish().to_vec()
    }
}

const SYSTEM_INFO: SystemInfo = SystemInfo {
    registry: Str(b"Adobe"),
    ordering: Str(b"Identity"),
    supplement: 0,
};

/// Compresses the document's streams with one compressor: its set-up (hundreds of KB of
/// tables) would otherwise cost more than the compression of a small stream. The fastest level:
/// a certificate takes half the time of level 6 for a quarter more bytes.
struct Streams(flate2::write::ZlibEncoder<Vec<u8>>);

impl Streams {
    fn new() -> Self {
        Self(flate2::write::ZlibEncoder::new(
            Vec::new(),
            flate2::Compression::fast(),
        ))
    }

    fn deflate(&mut self, bytes: &[u8]) -> Vec<u8> {
        self.0.write_all(bytes).expect("writing to memory");
        self.0.reset(Vec::new()).expect("writing to memory")
    }

    /// Writes a stream of `bytes`, compressed, at `id`.
    fn write(&mut self, pdf: &mut Pdf, id: Ref, bytes: &[u8]) {
        pdf.stream(id, &self.deflate(bytes))
            .filter(Filter::FlateDecode);
    }
}

/// Writes `font` as a Type0 font at `id` with the subset of glyphs `used` needs; `next` hands
/// out object numbers.
fn write_font(
    pdf: &mut Pdf,
    streams: &mut Streams,
    id: Ref,
    font: &Font,
    used: &Used,
    next: &mut impl FnMut() -> Ref,
) {
    let (cid_font, descriptor, file, to_unicode, cid_to_gid) =
        (next(), next(), next(), next(), next());
    let mut remapper = subsetter::GlyphRemapper::new();
    let old: Vec<u16> = used.chars.iter().map(|&c| font.glyph(c)).collect();
    let new: Vec<u16> = old.iter().map(|&g| remapper.remap(g)).collect();
    // Subsetting the shipped font cannot fail in practice; if it ever did, the whole font
    // (with its own glyph numbers) still makes a correct, only larger, document.
    let (bytes, gids) = match subsetter::subset(font.data, 0, &remapper) {
        Ok(bytes) => (bytes, new),
        Err(_) => (font.data.to_vec(), old),
    };
    // The subset's tag: six capitals that differ between different subsets.
    let hash = used.chars.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
    });
    let tag: String = (0..6)
        .map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8))
        .collect();
    let base = format!("{tag}+{}", font.name);

    pdf.type0_font(id)
        .base_font(Name(base.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_font)
        .to_unicode(to_unicode);
    let mut cid = pdf.cid_font(cid_font);
    cid.subtype(CidFontType::Type2)
        .base_font(Name(base.as_bytes()))
        .system_info(SYSTEM_INFO)
        .font_descriptor(descriptor)
        .default_width(font.glyph_advance(0))
        .cid_to_gid_map_stream(cid_to_gid);
    if !used.chars.is_empty() {
        cid.widths()
            .consecutive(1, used.chars.iter().map(|&c| font.advance(c)));
    }
    cid.finish();

    let f = &font.face;
    let b = f.global_bounding_box();
    let scale = |v: i16| font.per_mille(f32::from(v));
    pdf.font_descriptor(descriptor)
        .name(Name(base.as_bytes()))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(
            scale(b.x_min),
            scale(b.y_min),
            scale(b.x_max),
            scale(b.y_max),
        ))
        .italic_angle(f.italic_angle())
        .ascent(scale(f.ascender()))
        .descent(scale(f.descender()))
        .cap_height(scale(f.capital_height().unwrap_or(f.ascender())))
        .stem_v(if font.bold { 120.0 } else { 80.0 })
        .font_file2(file);
    pdf.stream(file, &streams.deflate(&bytes))
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), bytes.len() as i32);
    streams.write(pdf, to_unicode, &used.to_unicode());
    let map: Vec<u8> = std::iter::once(0)
        .chain(gids)
        .flat_map(u16::to_be_bytes)
        .collect();
    streams.write(pdf, cid_to_gid, &map);
}

/// Splits `text` into lines at most `max` points wide in `font` at `size` (long words are cut).
fn wrap(text: &str, font: &Font, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let space = font.width(' ', size);
    for para in text.split('\n') {
        let mut line = String::new();
        let mut w = 0.0;
        for word in para.split(' ') {
            let ww: f32 = word.chars().map(|c| font.width(c, size)).sum();
            if !line.is_empty() && w + space + ww > max {
                lines.push(std::mem::take(&mut line));
                w = 0.0;
            }
            if !line.is_empty() {
                line.push(' ');
                w += space;
            }
            for c in word.chars() {
                let cw = font.width(c, size);
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

/// Text as it is laid out: composed (NFC, so "e" with two combining accents is the one glyph
/// of "ễ"), tabs as spaces, other control characters dropped.
fn shown(text: &str) -> String {
    text.nfc()
        .map(|c| if c == '\t' { ' ' } else { c })
        .filter(|&c| c == '\n' || !c.is_control())
        .collect()
}

/// A laid-out line: font, size, grey or not, baseline, text.
type Line = (usize, f32, bool, f32, String);

/// The document as a PDF file, with `title` in its metadata and `footer` on every page beside
/// its number, as `page_of(n, count)` writes it in the reader's language ("page 1 of 2").
pub fn document(
    title: &str,
    footer: &str,
    page_of: &dyn Fn(usize, usize) -> String,
    blocks: &[Block],
) -> Vec<u8> {
    let fonts = &*FONTS;
    // Lay out: (font, size, grey, line) per line, with page breaks.
    let mut pages: Vec<Vec<Line>> = vec![Vec::new()];
    let mut y = PAGE_H - MARGIN;
    let max = PAGE_W - 2.0 * MARGIN;
    for b in blocks {
        let (font, size, grey, text) = match b {
            Block::Title(t) => (BOLD, 16.0, false, t),
            Block::Heading(t) => (BOLD, 11.5, false, t),
            Block::Text(t) => (REGULAR, 10.0, false, t),
            Block::Small(t) => (REGULAR, 8.0, true, t),
            Block::Gap => {
                y -= 8.0;
                continue;
            }
        };
        let leading = size * 1.4;
        if matches!(b, Block::Heading(_) | Block::Title(_)) {
            y -= size * 0.6;
        }
        for line in wrap(&shown(text), &fonts[font], size, max) {
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

    let count = pages.len();
    let drawn: Vec<Page> = pages
        .into_iter()
        .enumerate()
        .map(|(n, lines)| {
            let foot = format!("{footer} · {}", page_of(n + 1, count));
            let foot = (REGULAR, 8.0, true, MARGIN - 20.0, shown(&foot));
            let ops = lines
                .into_iter()
                .chain([foot])
                .map(|(font, size, grey, y, line)| {
                    let g = if grey { 0.35 } else { 0.0 };
                    Op::Text {
                        font,
                        size,
                        rgb: [g, g, g],
                        x: MARGIN,
                        y,
                        text: line,
                    }
                })
                .collect();
            Page {
                size: (PAGE_W, PAGE_H),
                ops,
            }
        })
        .collect();
    write(title, drawn)
}

/// What a page draws, in the order given: text (font, size, colour, baseline start), or a
/// filled or stroked rectangle.
enum Op {
    Text {
        font: usize,
        size: f32,
        rgb: [f32; 3],
        x: f32,
        y: f32,
        text: String,
    },
    Fill {
        rgb: [f32; 3],
        rect: [f32; 4],
    },
    Stroke {
        rgb: [f32; 3],
        width: f32,
        rect: [f32; 4],
    },
}

struct Page {
    size: (f32, f32),
    ops: Vec<Op>,
}

/// The pages as a PDF file with `title` in its metadata: the fonts embedded as subsets of the
/// glyphs the pages use.
fn write(title: &str, pages: Vec<Page>) -> Vec<u8> {
    let fonts = &*FONTS;
    let mut pdf = Pdf::new();
    let mut last = 0;
    let mut next = || {
        last += 1;
        Ref::new(last)
    };
    let (catalog, tree, info) = (next(), next(), next());
    let font_ids = [next(), next()];
    let ids: Vec<(Ref, Ref)> = pages.iter().map(|_| (next(), next())).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().map(|(p, _)| *p))
        .count(ids.len() as i32);
    pdf.document_info(info)
        .title(pdf_writer::TextStr(title))
        .producer(pdf_writer::TextStr("InternReel"));
    let mut used = [Used::default(), Used::default()];
    let mut streams = Streams::new();
    for (page_content, (page_id, content_id)) in pages.into_iter().zip(ids) {
        let mut page = pdf.page(page_id);
        let (w, h) = page_content.size;
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree);
        page.contents(content_id);
        {
            let mut resources = page.resources();
            let mut fonts = resources.fonts();
            fonts.pair(Name(b"F1"), font_ids[REGULAR]);
            fonts.pair(Name(b"F2"), font_ids[BOLD]);
        }
        page.finish();
        let mut c = Content::new();
        for op in page_content.ops {
            match op {
                Op::Text {
                    font,
                    size,
                    rgb,
                    x,
                    y,
                    text,
                } => {
                    c.set_fill_rgb(rgb[0], rgb[1], rgb[2]);
                    c.begin_text();
                    c.set_font(Name(if font == BOLD { b"F2" } else { b"F1" }), size);
                    c.next_line(x, y);
                    c.show(Str(&used[font].encode(&text)));
                    c.end_text();
                }
                Op::Fill { rgb, rect } => {
                    c.set_fill_rgb(rgb[0], rgb[1], rgb[2]);
                    c.rect(rect[0], rect[1], rect[2], rect[3]);
                    c.fill_nonzero();
                }
                Op::Stroke { rgb, width, rect } => {
                    c.set_stroke_rgb(rgb[0], rgb[1], rgb[2]);
                    c.set_line_width(width);
                    c.rect(rect[0], rect[1], rect[2], rect[3]);
                    c.stroke();
                }
            }
        }
        streams.write(&mut pdf, content_id, &c.finish());
    }
    for (i, font) in fonts.iter().enumerate() {
        write_font(
            &mut pdf,
            &mut streams,
            font_ids[i],
            font,
            &used[i],
            &mut next,
        );
    }
    pdf.finish()
}

#[cfg(test)]
mod tests;
