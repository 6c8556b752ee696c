//! postcard encoding of stored values. postcard is not self-describing: every struct change
//! needs a schema-version bump and a migration step.

use serde::Serialize;
use serde::de::DeserializeOwned;

pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    // Serialising plain structs into a Vec cannot fail.
    postcard::to_stdvec(value).expect("postcard encoding of a plain struct")
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, postcard::Error> {
    postcard::from_bytes(bytes)
}
