//! The forms' rules for one line of text and for an e-mail address, shared by the forms
//! (`validate.rs`) and the roster (`roster.rs`), which reads the same fields from files.

/// Control characters (other than line breaks and tabs) and bidirectional overrides, which can
/// disguise text; with `strict` (names, titles and other one-line fields), also line breaks
/// (a title must not start a new line of an e-mail) and zero-width characters.
pub fn has_hidden_chars(s: &str, strict: bool) -> bool {
    s.chars().any(|c| {
        (c.is_control() && (strict || !matches!(c, '\n' | '\t' | '\r')))
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
            || (strict && matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}'))
    })
}

/// A plain email check: one @, a dot in the domain, no spaces.
pub fn is_email(s: &str) -> bool {
    let s = s.trim();
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
        && !has_hidden_chars(s, true)
        && s.chars().count() <= 254
}

/// A cell a spreadsheet would run as a formula (`=HYPERLINK(...)`, `+1+cmd`, `@SUM(...)`).
pub fn starts_like_a_formula(s: &str) -> bool {
    s.trim_start().starts_with(['=', '+', '-', '@'])
}
