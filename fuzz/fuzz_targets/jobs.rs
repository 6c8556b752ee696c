//! External-job payloads and their HTML must never panic the parser.
#![no_main]

use internreel_untrusted::job_boards::{ashby, greenhouse, html_to_text, lever};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = html_to_text(&String::from_utf8_lossy(data));
    let _ = greenhouse::parse(data);
    let _ = lever::parse(data);
    let _ = ashby::parse(data);
});
