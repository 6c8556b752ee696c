//! District settings kept in the store (`internreel settings set KEY VALUE`).

use crate::store::{Reader, StoreResult, Wtx, meta};

pub const DEFAULT_DISTRICT_NAME: &str = "your school district";

/// The settings an operator may set, with what each means.
pub const KEYS: &[(&str, &str)] = &[
    (
        "district-name",
        "the district's name, shown as \"Verified by NAME\" and in messages",
    ),
    (
        "public-url",
        "the address people open the app at, for links in e-mails (e.g. https://internships.lakeside.example)",
    ),
    (
        "district-contact",
        "whom a suspended employer should contact (an e-mail address or phone number)",
    ),
];

fn meta_key(key: &str) -> String {
    format!("setting:{key}")
}

pub fn get(r: &impl Reader, key: &str) -> StoreResult<Option<String>> {
    meta::get_string(r, &meta_key(key))
}

pub fn set(w: &Wtx, key: &str, value: &str) -> StoreResult<()> {
    meta::set_string(w, &meta_key(key), value)
}

pub fn district_name(r: &impl Reader) -> StoreResult<String> {
    Ok(get(r, "district-name")?
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DISTRICT_NAME.to_string()))
}

/// The district's name where it starts a sentence or a line ("Your school district").
pub fn district_signature(r: &impl Reader) -> StoreResult<String> {
    Ok(capitalized(&district_name(r)?))
}

/// `s` with its first letter in upper case.
pub fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

pub fn district_contact(r: &impl Reader) -> StoreResult<Option<String>> {
    Ok(get(r, "district-contact")?.filter(|v| !v.trim().is_empty()))
}

/// What a suspended employer reads when signing in.
pub fn suspended_message(r: &impl Reader, reason: Option<&str>) -> StoreResult<String> {
    let district = district_name(r)?;
    let contact = district_contact(r)?.unwrap_or_else(|| district.clone());
    // A reason written as a sentence keeps one full stop, not two.
    let why = reason
        .map(|r| r.trim().trim_end_matches(['.', ' ']))
        .filter(|r| !r.is_empty())
        .map(|r| format!(": {r}"))
        .unwrap_or_default();
    Ok(format!(
        "This employer account was suspended by {district}{why}. Contact {contact} to resolve it."
    ))
}
