//! The process's log on stderr: tracing's lines, and one line per request written here
//! directly in the same format. Both go through one logging thread, which writes in batches
//! (one write per batch, not per line, which cost the request threads ~15 % of the feed's
//! throughput). Not lossy: a full queue slows requests down rather than dropping lines.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tracing_appender::non_blocking::{NonBlocking, NonBlockingBuilder, WorkerGuard};

/// The logging thread's queue, for request lines; unset in tests and on a terminal (where
/// tracing colours its lines), and then request lines go through tracing.
static REQUEST_LINES: OnceLock<NonBlocking> = OnceLock::new();

/// Starts the log (filter: `INTERNREEL_LOG`, default info). The guard flushes at exit.
pub fn init() -> WorkerGuard {
    let (writer, guard) = NonBlockingBuilder::default()
        .lossy(false)
        .thread_name("internreel-log")
        .finish(std::io::BufWriter::new(std::io::stderr()));
    let terminal = std::io::stderr().is_terminal();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("INTERNREEL_LOG")
                .unwrap_or_else(|_| "info".into()),
        )
        .with_writer(writer.clone())
        // Colour codes only for a terminal: not in log files, and not paid per request there.
        .with_ansi(terminal)
        .init();
    if !terminal {
        let _ = REQUEST_LINES.set(writer);
    }
    guard
}

/// One request's line, `GET /api/internships 200 412µs`, at info level for `internreel::http`
/// (so `INTERNREEL_LOG` filters it as before). Written here rather than by tracing's
/// formatter, which cost ~3 µs of a cached feed page's ~20: the time's text is made once a
/// second, and the line goes to the logging thread in one piece.
pub fn request(method: &str, target: &str, code: u16, micros: u128) {
    if !tracing::enabled!(target: "internreel::http", tracing::Level::INFO) {
        return;
    }
    let Some(queue) = REQUEST_LINES.get() else {
        tracing::info!(target: "internreel::http", "{method} {target} {code} {micros}µs");
        return;
    };
    thread_local! {
        static LINE: RefCell<Line> = RefCell::new(Line::default());
    }
    LINE.with_borrow_mut(|line| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        line.request(now, method, target, code, micros);
        // A send to the logging thread; the clone is what tracing's writer does per line too.
        let _ = queue.clone().write_all(line.buf.as_bytes());
    });
}

/// A request thread's line buffer and the text of the current second.
#[derive(Default)]
struct Line {
    buf: String,
    second: u64,
    /// `2026-11-27T18:06:20.`, as tracing writes it (UTC, microseconds follow).
    second_text: String,
}

impl Line {
    /// The whole line of one request at `now` (since the epoch), as tracing's format writes
    /// it, with the numbers written by `itoa` rather than `fmt` (a cached page's answer
    /// spent a twentieth of its time here, issue #35).
    fn request(&mut self, now: Duration, method: &str, target: &str, code: u16, micros: u128) {
        let mut digits = itoa::Buffer::new();
        self.buf.clear();
        self.stamp(now.as_secs());
        let fraction = digits.format(now.subsec_micros());
        for _ in fraction.len()..6 {
            self.buf.push('0');
        }
        self.buf.push_str(fraction);
        self.buf.push_str("Z  INFO internreel::http: ");
        for part in [method, " ", target, " ", digits.format(code)] {
            self.buf.push_str(part);
        }
        self.buf.push(' ');
        self.buf.push_str(digits.format(micros));
        self.buf.push_str("µs\n");
    }

    fn stamp(&mut self, second: u64) {
        if self.second != second || self.second_text.is_empty() {
            self.second = second;
            self.second_text.clear();
            let t = i64::try_from(second)
                .ok()
                .and_then(|s| time::OffsetDateTime::from_unix_timestamp(s).ok())
                .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
            let _ = write!(
                self.second_text,
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.",
                t.year(),
                u8::from(t.month()),
                t.day(),
                t.hour(),
                t.minute(),
                t.second()
            );
        }
        self.buf.push_str(&self.second_text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_s_line_reads_as_tracing_writes_it() {
        let mut line = Line::default();
        let now = Duration::new(1_795_802_780, 4_321_000);
        line.request(now, "GET", "/api/internships?q=x", 200, 412);
        assert_eq!(
            line.buf,
            "2026-11-27T18:06:20.004321Z  INFO internreel::http: GET /api/internships?q=x 200 412µs\n"
        );
        line.request(
            Duration::new(1_795_802_781, 999_999_000),
            "POST",
            "/",
            500,
            0,
        );
        assert_eq!(
            line.buf,
            "2026-11-27T18:06:21.999999Z  INFO internreel::http: POST / 500 0µs\n"
        );
    }

    #[test]
    fn the_time_reads_as_tracing_writes_it() {
        let mut line = Line::default();
        // 2026-11-27T18:06:20Z
        line.stamp(1_795_802_780);
        assert_eq!(line.buf, "2026-11-27T18:06:20.");
        line.buf.clear();
        line.stamp(1_795_802_781);
        assert_eq!(line.buf, "2026-11-27T18:06:21.");
    }
}
