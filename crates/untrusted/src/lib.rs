//! Readers of bytes that come from outside: what an uploaded file is (by its content, never its
//! name) and what a company's job board says. Pure functions with no IO, each fuzzed by a target
//! in `fuzz/`: whatever the bytes, they answer or refuse, and never panic.

pub mod job_boards;
pub mod sniff;
