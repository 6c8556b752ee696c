//! E-mail. Everything goes through the outbox (`store/outbox.rs`): a handler writes the mail
//! in its own transaction and wakes the sender; the sender delivers queued mail over SMTP
//! (lettre) with retries and a growing back-off, and marks each row sent or failed. A restart
//! or an SMTP outage loses nothing; a crash between the server's "250 OK" and our commit sends
//! that one mail again (at least once, never lost). Without `--smtp-url` mail is written as
//! `outbox-only`, and `internreel mail list` is the delivery.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::clock::now_ms;
use crate::infra::Services;
use crate::store::outbox::{self, Mail, MailStatus};

/// Attempts before a mail is marked failed (about a day of back-off).
const MAX_ATTEMPTS: u32 = 12;
/// The sender looks at the queue at least this often (mail queued by the CLI, say).
const IDLE_POLL: Duration = Duration::from_secs(30);

#[derive(Clone)]
pub struct Mailer {
    inner: Arc<Inner>,
}

struct Inner {
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    wake: tokio::sync::Notify,
}

impl Mailer {
    /// `smtp_url` in lettre's form: `smtp://user:pass@host:587?tls=required` (STARTTLS),
    /// `smtps://user:pass@host:465` (TLS), `smtp://host:25` (plain, for a local relay).
    pub fn new(smtp_url: Option<&str>, from: &str) -> anyhow::Result<Mailer> {
        use anyhow::Context;
        let smtp = match smtp_url {
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("--smtp-url is not a valid SMTP URL (smtp://user:pass@host:587?tls=required, smtps://host:465)")?
                    .timeout(Some(Duration::from_secs(20)))
                    .build(),
            ),
            None => None,
        };
        let from: Mailbox = from
            .parse()
            .with_context(|| format!("--mail-from '{from}' is not an e-mail address"))?;
        Ok(Mailer {
            inner: Arc::new(Inner {
                smtp,
                from,
                wake: tokio::sync::Notify::new(),
            }),
        })
    }

    /// Whether mail is sent (true) or only kept in the outbox.
    pub fn sends(&self) -> bool {
        self.inner.smtp.is_some()
    }

    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }
}

/// The delay before attempt `n + 1` after `n` failures: 30 s, then 1 min, 2, 4, ... capped at
/// 2 hours (a student waiting for a reset link waits at most half a minute after a short
/// outage).
fn backoff(attempts: u32) -> i64 {
    let half_minutes = 1i64 << attempts.saturating_sub(1).min(8);
    (half_minutes * 30_000).min(2 * 60 * 60_000)
}

/// The HTML copy of a mail's text: every character escaped (quotes too), and a line made a
/// link only when it is one of our own addresses (under `base`) with nothing else on it, so a
/// posting's title or a name can never become a link or an attribute.
fn html_of(text: &str, base: &str) -> String {
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;")
    };
    let ours = |l: &str| {
        l.strip_prefix(base)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || rest.starts_with('?'))
            && !l.contains(|c: char| {
                c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '`')
            })
    };
    // "Read and sign the agreement: URL" is the mail's action: a button, its label the words.
    fn action(l: &str, ours: impl Fn(&str) -> bool) -> Option<(&str, &str)> {
        let (label, url) = l.rsplit_once(": ")?;
        let short = !label.is_empty() && label.chars().count() <= 80;
        (short && ours(url) && !label.contains("://")).then_some((label, url))
    }
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if base.is_empty() {
                return escape(l);
            }
            if let Some((label, url)) = action(l, ours) {
                return format!(
                    "<a href=\"{}\" style=\"display:inline-block;margin:8px 0;padding:12px 20px;border-radius:10px;background:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none\">{}</a>",
                    escape(url),
                    escape(label)
                );
            }
            let e = escape(l);
            if ours(l) {
                format!("<a href=\"{e}\">{e}</a>")
            } else {
                e
            }
        })
        .collect();
    format!(
        "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.5\"><p>{}</p></body></html>",
        lines.join("<br>")
    )
}

/// The one-click "e-mails off" address a notification mail carries, for RFC 8058's headers.
fn unsubscribe_link<'a>(text: &'a str, base: &str) -> Option<&'a str> {
    text.lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("{base}/api/email-off?token=")))
}

fn build(mailer: &Mailer, district: &str, base: &str, m: &Mail) -> anyhow::Result<Message> {
    use lettre::message::header::{HeaderName, HeaderValue};
    let from = Mailbox::new(
        Some(format!("{district} via InternReel")),
        mailer.inner.from.email.clone(),
    );
    let mut builder = Message::builder()
        .from(from)
        .to(m.to.parse()?)
        .subject(&m.subject);
    if let Some(link) = unsubscribe_link(&m.text, base) {
        // RFC 8058: mail clients offer "unsubscribe" and POST to the link; a scanner that only
        // follows links (GET) turns nothing off.
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{link}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".into(),
            ));
    }
    Ok(builder.multipart(MultiPart::alternative_plain_html(
        m.text.clone(),
        html_of(&m.text, base),
    ))?)
}

/// Sends every mail due by `now` once; returns how many were delivered and when the next
/// queued mail is due (None when nothing else waits).
pub async fn send_due(
    services: &Services,
    mailer: &Mailer,
    now: i64,
) -> anyhow::Result<(usize, Option<i64>)> {
    let Some(smtp) = &mailer.inner.smtp else {
        return Ok((0, None));
    };
    let ((due, later), district, base) = {
        let r = services.store.read()?;
        (
            outbox::due(&r, now, 50)?,
            crate::services::settings::district_signature(&r)?,
            crate::services::password_reset::public_url(&r)?,
        )
    };
    let mut sent = 0;
    for mut m in due {
        let result = match build(mailer, &district, &base, &m) {
            Ok(msg) => smtp.send(msg).await.map(|_| ()).map_err(|e| e.to_string()),
            Err(e) => Err(format!("could not build the message: {e}")),
        };
        let now = now_ms();
        match result {
            Ok(()) => {
                m.status = MailStatus::Sent { at: now };
                m.last_error = None;
                sent += 1;
            }
            Err(e) => {
                m.attempts += 1;
                tracing::warn!(mail = m.id, attempt = m.attempts, error = %e, "sending an e-mail failed");
                m.last_error = Some(e.clone());
                if m.attempts >= MAX_ATTEMPTS {
                    m.status = MailStatus::Failed { reason: e };
                } else {
                    m.next_attempt_at = now + backoff(m.attempts);
                }
            }
        }
        services.store.write(|w| w.put(&m))?;
    }
    Ok((sent, later))
}

/// The sender: delivers due mail, then sleeps until woken, the next retry is due, or a while.
pub async fn run(services: Services, mailer: Mailer, mut stop: tokio::sync::watch::Receiver<bool>) {
    if !mailer.sends() {
        return;
    }
    // After a start (an outage may have ended meanwhile) everything queued is tried at once.
    let mut due_by = i64::MAX;
    loop {
        let (sent, next) = match send_due(&services, &mailer, due_by).await {
            Ok(round) => round,
            Err(e) => {
                tracing::error!(error = %e, "the mail sender failed; retrying");
                (0, None)
            }
        };
        // Delivered something while other mail waits for its retry: the server is back, so
        // everything queued goes now rather than at each mail's own retry time.
        // (One such round: a mail that fails in it waits for its own retry again.)
        if sent > 0 && next.is_some() && due_by != i64::MAX {
            due_by = i64::MAX;
            continue;
        }
        due_by = now_ms();
        // A retry scheduled in this round is at least 30 s away: the poll catches it.
        let wait = match next {
            Some(at) => {
                Duration::from_millis((at - now_ms()).clamp(0, IDLE_POLL.as_millis() as i64) as u64)
            }
            None => IDLE_POLL,
        };
        tokio::select! {
            _ = mailer.inner.wake.notified() => {}
            _ = tokio::time::sleep(wait) => {}
            _ = stop.changed() => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_retry_comes_within_half_a_minute() {
        assert_eq!(backoff(1), 30_000);
        assert_eq!(backoff(2), 60_000);
        assert_eq!(backoff(3), 120_000);
        assert_eq!(backoff(11), 2 * 60 * 60_000);
    }

    #[test]
    fn only_our_own_links_become_links_and_every_value_is_escaped() {
        let base = "https://intern.example.org";
        let text = "New application for \"Robot\" <b>helper</b>\nhttps://evil.example/x\" onmouseover=\"alert(1)\nhttps://intern.example.org/employer-dashboard\nhttps://intern.example.org.evil.example/x";
        let html = html_of(text, base);
        assert!(html.contains("&quot;Robot&quot; &lt;b&gt;helper&lt;/b&gt;"));
        assert_eq!(html.matches("<a href=").count(), 1, "{html}");
        assert!(html.contains(
            "<a href=\"https://intern.example.org/employer-dashboard\">https://intern.example.org/employer-dashboard</a>"
        ));
        assert!(!html.contains("onmouseover=\""));
        assert_eq!(
            unsubscribe_link(
                "x\nhttps://intern.example.org/api/email-off?token=abc\n",
                base
            ),
            Some("https://intern.example.org/api/email-off?token=abc")
        );
    }

    #[test]
    fn an_action_line_of_our_own_link_is_a_button_with_its_words() {
        let base = "https://intern.example.org";
        let text = "Read and sign the agreement: https://intern.example.org/guardian/ab12
See <this>: https://evil.example/guardian/ab12
Questions? Contact Dana: dana@school.example";
        let html = html_of(text, base);
        assert!(html.contains("<a href=\"https://intern.example.org/guardian/ab12\" style="));
        assert!(html.contains(">Read and sign the agreement</a>"));
        assert!(html.contains("See &lt;this&gt;: https://evil.example/guardian/ab12"));
        assert_eq!(html.matches("<a href=").count(), 1, "{html}");
    }
}
