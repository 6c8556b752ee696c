//! A text asked for by key, not yet written in a language: what the server says to someone it
//! has not met yet (a notification, a placement's history line, an audit summary, a refusal
//! made by a domain rule). The catalogue's key and its arguments travel as a value and are
//! written in the READER's language where the text is read (`crate::i18n`, `Lang::tr`).
//!
//! Where a text must travel as a `String` (the stored notification's or history line's text
//! field, an error's message), it goes in a stable serialized form no person can type: a
//! control character (`MARK`, which every form refuses, `text::has_hidden_chars`) and the text
//! as JSON, on one line. Rows stored before keys hold plain English; the matcher still reads
//! those.

use serde::{Deserialize, Serialize};
use time::Date;

/// The first character of a serialized text: a control character no form accepts.
pub const MARK: char = '\u{1}';

/// One argument's value. A day is kept as a date so each language writes it its own way ("Mar
/// 2", "2 de marzo"); a text argument is itself written in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    #[serde(rename = "s")]
    Plain(String),
    /// (year, month 1-12, day)
    #[serde(rename = "d")]
    Day(i32, u8, u8),
    #[serde(rename = "t")]
    Text(Box<Text>),
    /// A number with decimals as English writes it ("16.25"); each language writes it with its
    /// own decimal separator ("16,25").
    #[serde(rename = "n")]
    Decimal(String),
}

/// A number with decimals, already rounded as it is to be read (`Decimal::new("16.25")`),
/// written with the reader's decimal separator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decimal(pub String);

impl IntoValue for Decimal {
    fn into_value(self) -> Value {
        Value::Decimal(self.0)
    }
}

impl IntoValue for &Decimal {
    fn into_value(self) -> Value {
        Value::Decimal(self.0.clone())
    }
}

/// A catalogue key with its arguments: `Text::new("the-supervisor-approved-hours-h").arg("hours",
/// 3.5)`, or `said!("the-supervisor-approved-hours-h", hours = 3.5)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    #[serde(rename = "k")]
    pub key: String,
    #[serde(rename = "a", default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(String, Value)>,
}

/// What an argument can be: a plain value as written (`to_string()`), a day, or a text.
pub trait IntoValue {
    fn into_value(self) -> Value;
}

macro_rules! plain {
    ($($t:ty),*) => {$(
        impl IntoValue for $t {
            fn into_value(self) -> Value {
                Value::Plain(self.to_string())
            }
        }
    )*};
}
plain!(
    String, &str, &String, &&str, u8, u16, u32, u64, usize, i32, i64, f32, f64, char, &u32, &u64,
    &i64, &usize
);

impl IntoValue for std::borrow::Cow<'_, str> {
    fn into_value(self) -> Value {
        Value::Plain(self.into_owned())
    }
}

impl IntoValue for Date {
    fn into_value(self) -> Value {
        Value::Day(self.year(), u8::from(self.month()), self.day())
    }
}

impl IntoValue for &Date {
    fn into_value(self) -> Value {
        (*self).into_value()
    }
}

impl IntoValue for Value {
    fn into_value(self) -> Value {
        self
    }
}

impl IntoValue for Text {
    fn into_value(self) -> Value {
        Value::Text(Box::new(self))
    }
}

/// A text by key, arguments given as `name = value`: `said!("cue-n-has-no-text", n = 3)`.
#[macro_export]
macro_rules! said {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::domain::said::Text::new($key)
            $(.arg(stringify!($name), $value))*
    };
}

impl Text {
    pub fn new(key: &str) -> Text {
        Text {
            key: key.to_string(),
            args: Vec::new(),
        }
    }

    /// The text with the argument `name` set to `value`.
    pub fn arg(mut self, name: &str, value: impl IntoValue) -> Text {
        self.args.push((name.to_string(), value.into_value()));
        self
    }

    /// The serialized form, one line: `MARK` and JSON.
    pub fn encode(&self) -> String {
        let json = serde_json::to_string(self).unwrap_or_default();
        format!("{MARK}{json}")
    }

    /// The text of a serialized form (None for anything else: a plain English row, say).
    pub fn decode(s: &str) -> Option<Text> {
        serde_json::from_str(s.strip_prefix(MARK)?).ok()
    }
}

/// A text travels as a `String` (an error's message, a stored field) in its serialized form.
impl From<Text> for String {
    fn from(t: Text) -> String {
        t.encode()
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.encode())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_survives_its_serialized_form() {
        let day = Date::from_calendar_date(2027, time::Month::March, 2).unwrap();
        let t = said!(
            "the-supervisor-returned-the-entry-of-day",
            day = day,
            comment = "Fix \"it\"\nnow"
        );
        let s = t.encode();
        assert!(s.starts_with(MARK) && !s.contains('\n'), "{s:?}");
        assert_eq!(Text::decode(&s), Some(t));
        assert_eq!(Text::decode("The supervisor approved 3 h"), None);
        assert_eq!(Text::decode("\u{1}not json"), None);
    }
}
