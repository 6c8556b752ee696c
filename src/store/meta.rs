//! Small named values: schema version, id sequences, the admin pin hash, job-refresh times.

use super::{Reader, StoreResult, Wtx, codec};

pub fn schema_version(r: &impl Reader) -> StoreResult<Option<u32>> {
    Ok(r.meta_get("schema_version")?
        .and_then(|b| codec::decode(&b).ok()))
}

pub fn set_schema_version(w: &Wtx, v: u32) -> StoreResult<()> {
    w.meta_put("schema_version", &codec::encode(&v))
}

pub fn admin_pin_hash(r: &impl Reader) -> StoreResult<Option<String>> {
    Ok(r.meta_get("admin_pin_hash")?
        .and_then(|b| codec::decode(&b).ok()))
}

pub fn set_admin_pin_hash(w: &Wtx, hash: &str) -> StoreResult<()> {
    w.meta_put("admin_pin_hash", &codec::encode(&hash))
}

pub fn get_string(r: &impl Reader, key: &str) -> StoreResult<Option<String>> {
    Ok(r.meta_get(key)?.and_then(|b| codec::decode(&b).ok()))
}

pub fn set_string(w: &Wtx, key: &str, v: &str) -> StoreResult<()> {
    w.meta_put(key, &codec::encode(&v))
}

pub fn get_i64(r: &impl Reader, key: &str) -> StoreResult<Option<i64>> {
    Ok(r.meta_get(key)?.and_then(|b| codec::decode(&b).ok()))
}

pub fn set_i64(w: &Wtx, key: &str, v: i64) -> StoreResult<()> {
    w.meta_put(key, &codec::encode(&v))
}

/// Settings a data directory starts with that an upgraded one does not get (an upgrade changes
/// nothing by itself): written once, when the database is created. The district's captions
/// rule (`settings set captions-required`) is on from the first day of a new installation.
pub fn new_directory_defaults(w: &Wtx) -> StoreResult<()> {
    set_string(w, "setting:captions-required", "on")
}
