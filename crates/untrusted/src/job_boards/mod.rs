//! Company job boards' payloads (Greenhouse, Lever, Ashby), one file per provider, mapped to
//! the fields InternReel keeps.

pub mod ashby;
pub mod greenhouse;
pub mod lever;

/// A job as a provider describes it, mapped to our fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Fetched {
    pub external_id: String,
    pub title: String,
    pub location: String,
    pub department: String,
    pub level: String,
    pub commitment: String,
    pub workplace_type: String,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    pub salary_currency: String,
    pub salary_interval: String,
    pub description_plain: String,
    pub apply_url: String,
}

/// HTML to plain text: tags removed, entities decoded, white space tidied.
pub fn html_to_text(html: &str) -> String {
    let text = nanohtml2text::html2text(html).replace('\u{a0}', " ");
    let mut out = String::with_capacity(text.len());
    let mut blank_lines = 0;
    for line in text.lines() {
        let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if line.is_empty() {
            blank_lines += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank_lines > 0 { "\n\n" } else { "\n" });
        }
        blank_lines = 0;
        out.push_str(&line);
    }
    out
}
