//! The certificate as a designed page: landscape, a double border and a band in the district's
//! colour, the student's name large and centred, what they did and when, the competencies of
//! the final evaluation with their levels, who signed for the school, and the ID a reader
//! verifies at the district's address.

use super::{BOLD, FONTS, Op, Page, REGULAR, shown, wrap, write};

/// The texts of a certificate, each already in the reader's language.
pub struct Certificate<'a> {
    pub title: &'a str,
    pub district: &'a str,
    pub certifies: &'a str,
    pub student: &'a str,
    pub what: &'a str,
    pub dates: &'a str,
    pub supervisor: &'a str,
    pub competencies_heading: &'a str,
    /// (competency, level).
    pub competencies: &'a [(String, String)],
    pub signed: &'a str,
    pub verify: &'a str,
}

const W: f32 = 842.0;
const H: f32 = 595.0;
const BRAND: [f32; 3] = [0.11, 0.31, 0.85];
const INK: [f32; 3] = [0.06, 0.09, 0.16];
const GREY: [f32; 3] = [0.3, 0.33, 0.4];
const WHITE: [f32; 3] = [1.0, 1.0, 1.0];

/// Lines of `text` centred on the page at `size`, from baseline `y` down; the next baseline.
fn centred(ops: &mut Vec<Op>, text: &str, font: usize, size: f32, rgb: [f32; 3], y: f32) -> f32 {
    let f = &FONTS[font];
    let mut y = y;
    for line in wrap(&shown(text), f, size, W - 200.0) {
        let width: f32 = line.chars().map(|c| f.width(c, size)).sum();
        ops.push(Op::Text {
            font,
            size,
            rgb,
            x: (W - width) / 2.0,
            y,
            text: line,
        });
        y -= size * 1.35;
    }
    y
}

/// The certificate as a one-page PDF.
pub fn certificate(c: &Certificate) -> Vec<u8> {
    let mut ops = vec![
        Op::Stroke {
            rgb: BRAND,
            width: 4.0,
            rect: [20.0, 20.0, W - 40.0, H - 40.0],
        },
        Op::Stroke {
            rgb: BRAND,
            width: 0.8,
            rect: [30.0, 30.0, W - 60.0, H - 60.0],
        },
        Op::Fill {
            rgb: BRAND,
            rect: [30.0, H - 86.0, W - 60.0, 56.0],
        },
    ];
    centred(&mut ops, c.district, BOLD, 15.0, WHITE, H - 64.0);
    let mut y = centred(&mut ops, c.title, BOLD, 26.0, INK, H - 140.0);
    y = centred(&mut ops, c.certifies, REGULAR, 12.0, GREY, y - 14.0);
    y = centred(&mut ops, c.student, BOLD, 32.0, BRAND, y - 26.0);
    y = centred(&mut ops, c.what, REGULAR, 13.0, INK, y - 10.0);
    y = centred(&mut ops, c.dates, REGULAR, 12.0, INK, y);
    y = centred(&mut ops, c.supervisor, REGULAR, 11.0, GREY, y - 4.0);
    if !c.competencies.is_empty() {
        y = centred(&mut ops, c.competencies_heading, BOLD, 11.0, INK, y - 20.0);
        // Two columns, each "Competency: level" (wrapped, never cut).
        let half = c.competencies.len().div_ceil(2);
        let top = y;
        let mut lowest = top;
        for (col, items) in c.competencies.chunks(half.max(1)).enumerate() {
            let x = if col == 0 { 130.0 } else { W / 2.0 + 20.0 };
            let mut cy = top;
            for (name, level) in items {
                let line = shown(&format!("{name}: {level}"));
                for part in wrap(&line, &FONTS[REGULAR], 9.5, W / 2.0 - 150.0) {
                    ops.push(Op::Text {
                        font: REGULAR,
                        size: 9.5,
                        rgb: INK,
                        x,
                        y: cy,
                        text: part,
                    });
                    cy -= 13.0;
                }
                cy -= 1.5;
            }
            lowest = lowest.min(cy);
        }
        y = lowest;
    }
    ops.push(Op::Fill {
        rgb: GREY,
        rect: [W / 2.0 - 150.0, y - 34.0, 300.0, 0.6],
    });
    centred(&mut ops, c.signed, REGULAR, 10.5, INK, y - 48.0);
    centred(&mut ops, c.verify, REGULAR, 8.5, GREY, 48.0);
    write(c.title, vec![Page { size: (W, H), ops }])
}
