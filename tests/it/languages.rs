//! The server's languages: messages, field errors, notifications and e-mails in the reader's
//! language (their stored choice, else `Accept-Language`), English for everyone else.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use internreel::i18n::Lang;
use internreel::store::Reader;
use internreel::store::outbox::Mail;

fn es(english: &str) -> String {
    let t = Lang::Es.tr(english).into_owned();
    assert_ne!(t, english, "the Spanish catalogue has {english:?}");
    t
}

#[tokio::test]
async fn a_visitor_reads_errors_in_the_language_their_browser_asks_for() {
    let app = spawn_app().await;
    let c = app.client();
    let wrong = json!({"email": "nobody@example.com", "password": "wrong-password"});
    let res = c
        .post(app.url("/api/student-login"))
        .header("Accept-Language", "es-MX,es;q=0.9,en;q=0.5")
        .json(&wrong)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(v["message"], es("Invalid email or password"));
    let res = c
        .post(app.url("/api/student-login"))
        .json(&wrong)
        .send()
        .await
        .unwrap();
    assert_eq!(
        message_of(res).await.1["message"],
        "Invalid email or password"
    );
    // Field errors too.
    let res = c
        .post(app.url("/api/users"))
        .header("Accept-Language", "es")
        .json(&json!({"firstName": "", "lastName": "", "email": "not-an-email", "password": "x"}))
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let english = c
        .post(app.url("/api/users"))
        .json(&json!({"firstName": "", "lastName": "", "email": "not-an-email", "password": "x"}))
        .send()
        .await
        .unwrap();
    let (_, en) = message_of(english).await;
    let (fields_es, fields_en) = (
        v["errors"].as_object().unwrap(),
        en["errors"].as_object().unwrap(),
    );
    assert_eq!(fields_es.len(), fields_en.len());
    for (field, text) in fields_en {
        assert_eq!(fields_es[field], es(text.as_str().unwrap()), "{field}");
    }
}

#[tokio::test]
async fn a_spanish_speaking_student_gets_spanish_messages_notifications_and_email() {
    let app = spawn_app().await;
    let (ana, _) = app.signup_student("ana@lang.example").await;
    let (ben, _) = app.signup_student("ben@lang.example").await;
    let (employer, _) = app.signup_employer("boss@lang.example").await;

    // Ana chooses Spanish; the choice is kept with her account.
    let res = app
        .put(&ana, "/api/language", json!({"language": "es"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let session: Value = app.get(&ana, "/api/session").await.json().await.unwrap();
    assert_eq!(session["language"], "es");
    // Ben signed up without asking for a language: his account's is English.
    let session: Value = app.get(&ben, "/api/session").await.json().await.unwrap();
    assert_eq!(session["language"], "en");
    let res = app
        .put(&ana, "/api/language", json!({"language": "tlh"}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);

    // Her stored choice wins over what her browser sends.
    let res = ana
        .put(app.url("/api/users/me/password"))
        .header("Accept-Language", "en-US")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert!(status.is_client_error(), "{status} {v}");
    let english = app.put(&ben, "/api/users/me/password", json!({})).await;
    let (_, en) = message_of(english).await;
    assert_eq!(v["message"], es(en["message"].as_str().unwrap()));

    // A notification, in the app and by e-mail, in each one's language.
    let posting = app.post_internship(&employer, "Library helper").await;
    let id = posting["id"].as_u64().unwrap();
    for s in [&ana, &ben] {
        assert_eq!(app.apply(s, id).await.status(), StatusCode::CREATED);
    }
    let apps: Value = app
        .get(&employer, "/api/employers/applications")
        .await
        .json()
        .await
        .unwrap();
    for a in apps.as_array().unwrap() {
        let res = app
            .put(
                &employer,
                &format!("/api/employers/applications/{}", a["id"]),
                json!({"status": "interview_requested"}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let text_of =
        |v: Value| -> String { v["notifications"][0]["text"].as_str().unwrap().to_string() };
    let ben_text = text_of(
        app.get(&ben, "/api/notifications")
            .await
            .json()
            .await
            .unwrap(),
    );
    let ana_text = text_of(
        app.get(&ana, "/api/notifications")
            .await
            .json()
            .await
            .unwrap(),
    );
    assert_eq!(ana_text, es(&ben_text));

    let r = app.state.store().read().unwrap();
    let mails = r.scan_rev::<Mail>(|_| true).unwrap();
    let last_to = |to: &str| mails.iter().find(|m| m.to == to).cloned().unwrap();
    let (ana_mail, ben_mail) = (last_to("ana@lang.example"), last_to("ben@lang.example"));
    assert!(ben_mail.text.starts_with("Hello "), "{}", ben_mail.text);
    assert!(ana_mail.text.starts_with("Hola, "), "{}", ana_mail.text);
    assert!(
        ana_mail.text.contains(&es("Open it in InternReel:")),
        "{}",
        ana_mail.text
    );
    assert_eq!(ana_mail.subject, es(&ben_mail.subject));
}

/// Signs up a student with `body`, this request's extra headers and address; the new
/// account's client and the language its session answers.
async fn sign_up_with(
    app: &TestApp,
    path: &str,
    body: Value,
    headers: &[(&str, &str)],
) -> (reqwest::Client, Value) {
    let c = app.client();
    let mut req = c.post(app.url(path)).json(&body);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status(), StatusCode::CREATED, "sign-up");
    let answer: Value = res.json().await.unwrap();
    let session: Value = app.get(&c, "/api/session").await.json().await.unwrap();
    assert_eq!(
        answer["language"], session["language"],
        "the sign-up's answer names the stored language"
    );
    (c, session["language"].clone())
}

/// The newest e-mail to `to`, waited for (some are written after the answer).
async fn mail_to(app: &TestApp, to: &str) -> Mail {
    for _ in 0..100 {
        let r = app.state.store().read().unwrap();
        let mails = r.scan_rev::<Mail>(|_| true).unwrap();
        if let Some(m) = mails.into_iter().find(|m| m.to == to) {
            return m;
        }
        drop(r);
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no e-mail to {to}");
}

/// (e-mail, the call's address, its headers, the language the account should get)
type SignUpWay = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
);

#[tokio::test]
async fn a_student_who_signs_up_in_spanish_keeps_spanish_and_gets_spanish_mail() {
    let app = spawn_app().await;
    // The address's `?lang=`, the device's choice (cookie) and a Spanish browser each count;
    // the device's choice wins over the browser's.
    let ways: [SignUpWay; 5] = [
        ("address@lang.example", "/api/users?lang=es", &[], "es"),
        (
            "cookie@lang.example",
            "/api/users",
            &[
                ("Cookie", "internreel_lang=es"),
                ("Accept-Language", "en-US"),
            ],
            "es",
        ),
        (
            "browser@lang.example",
            "/api/users",
            &[("Accept-Language", "es-MX,es;q=0.9,en;q=0.5")],
            "es",
        ),
        // A language we do not speak leaves English.
        (
            "french@lang.example",
            "/api/users",
            &[("Accept-Language", "fr-FR,fr;q=0.9")],
            "en",
        ),
        ("plain@lang.example", "/api/users", &[], "en"),
    ];
    for (email, path, headers, want) in ways {
        let (_, language) = sign_up_with(&app, path, student_body(email), headers).await;
        assert_eq!(language, want, "{email}");
    }

    // An e-mail sent later (a password reset, asked from an English browser) is Spanish.
    let c = app.client();
    for email in ["browser@lang.example", "plain@lang.example"] {
        let res = c
            .post(app.url("/api/password-reset"))
            .header("Accept-Language", "en-US")
            .json(&json!({"email": email}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    let spanish = mail_to(&app, "browser@lang.example").await;
    let english = mail_to(&app, "plain@lang.example").await;
    assert_eq!(spanish.subject, es(&english.subject));
    assert!(
        spanish.text.contains(&es(
            "Someone (we hope you) asked to reset the password of your InternReel account. Open this link within 30 minutes to choose a new one:"
        )),
        "{}",
        spanish.text
    );
}

#[tokio::test]
async fn a_language_chosen_in_the_sign_up_form_wins_over_the_request_s() {
    let app = spawn_app().await;
    let spanish_device = [("Cookie", "internreel_lang=es"), ("Accept-Language", "es")];
    let mut body = student_body("chose-en@lang.example");
    body["language"] = json!("en");
    let (_, language) = sign_up_with(&app, "/api/users?lang=es", body, &spanish_device).await;
    assert_eq!(language, "en");

    let mut body = student_body("chose-es@lang.example");
    body["language"] = json!("es-MX");
    let (_, language) =
        sign_up_with(&app, "/api/users", body, &[("Accept-Language", "en-US")]).await;
    assert_eq!(language, "es");

    // A value we do not speak is no choice: the request's language stands.
    let mut body = student_body("chose-tlh@lang.example");
    body["language"] = json!("tlh");
    let (_, language) = sign_up_with(&app, "/api/users", body, &spanish_device).await;
    assert_eq!(language, "es");
}

#[tokio::test]
async fn an_employer_who_signs_up_in_spanish_is_welcomed_in_spanish() {
    let app = spawn_app().await;
    let (_, language) = sign_up_with(
        &app,
        "/api/employers",
        employer_body("jefa@lang.example"),
        &[("Accept-Language", "es-ES,es;q=0.9")],
    )
    .await;
    assert_eq!(language, "es");
    let (_, language) = sign_up_with(
        &app,
        "/api/employers",
        employer_body("boss@lang.example"),
        &[],
    )
    .await;
    assert_eq!(language, "en");
    let spanish = mail_to(&app, "jefa@lang.example").await;
    let english = mail_to(&app, "boss@lang.example").await;
    assert_eq!(
        english.subject,
        "Welcome to InternReel: confirm your e-mail address"
    );
    assert_eq!(spanish.subject, es(&english.subject));
    assert!(
        spanish
            .text
            .starts_with("¡Te damos la bienvenida a InternReel, Riley!"),
        "{}",
        spanish.text
    );
}

#[tokio::test]
async fn signing_in_answers_the_account_s_language_and_a_choice_made_there_becomes_it() {
    let app = spawn_app().await;
    sign_up_with(
        &app,
        "/api/users",
        student_body("lucia@lang.example"),
        &[("Accept-Language", "es")],
    )
    .await;
    let login = |body: Value| {
        let c = app.client();
        let url = app.url("/api/student-login");
        async move {
            let res = c
                .post(url)
                .header("Accept-Language", "en-US")
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            res.json::<Value>().await.unwrap()
        }
    };
    let credentials = json!({"email": "lucia@lang.example", "password": "secret1"});
    // An English browser: the answer names her Spanish, for the UI to switch to at once.
    assert_eq!(login(credentials.clone()).await["language"], "es");
    // English chosen on the sign-in page becomes the account's.
    let mut chose = credentials.clone();
    chose["language"] = json!("en");
    assert_eq!(login(chose).await["language"], "en");
    assert_eq!(login(credentials).await["language"], "en");
}

/// The string literal starting at `s` (just after its opening quote), unescaped.
fn literal(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                '\n' => {
                    // A continued line: the next line's leading spaces are not part of it.
                    let rest: String = chars.clone().collect();
                    let skipped = rest.len() - rest.trim_start().len();
                    for _ in 0..skipped {
                        chars.next();
                    }
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// A CI check: every fixed sentence the source hands to an error (the messages people read)
/// has its Spanish, so a new message cannot ship in English only.
#[test]
fn every_error_sentence_in_the_source_has_its_spanish() {
    const CALLS: &[&str] = &[
        "bad_request(\"",
        "not_found(\"",
        "forbidden(\"",
        "conflict(\"",
        "unauthorized(\"",
        "unprocessable(\"",
        "AppError::BadRequest(\"",
        "AppError::Forbidden(\"",
        "AppError::NotFound(\"",
        "AppError::Conflict(\"",
        "AppError::Unavailable(\"",
        "AppError::Unauthorized(\"",
        "ok_or_not_found(\"",
    ];
    let mut missing = Vec::new();
    let mut seen = 0;
    // Sentences kept in constants where people read them (not the CLI's or the logs').
    const SAID: &[&str] = &[
        "http/",
        "services/",
        "domain/",
        "media/",
        "validate.rs",
        "auth/",
        "error.rs",
    ];
    for (file, text) in crate::architecture::sources() {
        // Texts asked for by key are checked by the test below; they count as found.
        seen += text.matches("t!(\"").count();
        if SAID.iter().any(|d| file.starts_with(d)) {
            for (at, _) in text.match_indices(": &str = \"") {
                let Some(lit) = literal(&text[at + 10..]) else {
                    continue;
                };
                let sentence = lit.contains(' ')
                    && lit.chars().next().is_some_and(char::is_uppercase)
                    && lit.ends_with(['.', '?', '!']);
                if sentence && !lit.contains('{') {
                    seen += 1;
                    if Lang::Es.tr(&lit) == lit {
                        missing.push(format!("{file}: {lit:?}"));
                    }
                }
            }
        }
        for call in CALLS {
            for (at, _) in text.match_indices(call) {
                let Some(lit) = literal(&text[at + call.len()..]) else {
                    continue;
                };
                if lit.contains('{') || lit.is_empty() {
                    continue;
                }
                seen += 1;
                if Lang::Es.tr(&lit) == lit {
                    missing.push(format!("{file}: {lit:?}"));
                }
            }
        }
    }
    assert!(
        seen > 60,
        "only {seen} messages found: is the scan still right?"
    );
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "messages without Spanish in locales/server/es.ftl:\n{}",
        missing.join("\n")
    );
}

/// A text the client wrote (here a multipart field's name, 3.5 KB crafted to match many
/// templates at many places) costs one pass to answer in Spanish, and the server keeps
/// answering others meanwhile. A backtracking matcher spent seconds of CPU on each (minutes
/// in a debug build), and two at once held both of the server's threads.
#[tokio::test]
async fn a_hostile_field_name_answered_in_spanish_never_stalls_the_server() {
    let app = spawn_app().await;
    let (c, user) = app.signup_student("hostile-name@school.example").await;
    let photo = app.url(&format!("/api/users/{}/photo", user["id"]));
    let unit = "a created, a updated, a turned off, a turned on, a unchanged, a refused; ";
    let names = [
        format!("{}a", unit.repeat(48)),
        // Under the name cap: refused as an unexpected file, its name never repeated.
        format!("{unit}a"),
    ];
    let attacks: Vec<_> = names
        .iter()
        .flat_map(|name| [name.clone(), name.clone()])
        .map(|name| {
            let (c, photo) = (c.clone(), photo.clone());
            tokio::spawn(async move {
                let form = reqwest::multipart::Form::new().part(
                    name.clone(),
                    reqwest::multipart::Part::bytes(b"GIF89a".to_vec()).file_name("x.gif"),
                );
                let started = std::time::Instant::now();
                let res = c
                    .post(photo)
                    .header("Accept-Language", "es")
                    .multipart(form)
                    .send()
                    .await
                    .unwrap();
                (name, message_of(res).await, started.elapsed())
            })
        })
        .collect();
    let health = app.client();
    let mut slowest = std::time::Duration::ZERO;
    while attacks.iter().any(|a| !a.is_finished()) {
        let started = std::time::Instant::now();
        let res = health.get(app.url("/api/health")).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        slowest = slowest.max(started.elapsed());
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    for attack in attacks {
        let (name, (status, body), took) = attack.await.unwrap();
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let message = body["message"].as_str().unwrap();
        assert!(
            !message.contains(&name),
            "the name is not repeated: {message}"
        );
        assert!(message.len() < 200, "{message}");
        assert_ne!(message, "A form field's name is too long", "in Spanish");
        assert!(
            took < std::time::Duration::from_secs(10),
            "answered in {took:?}"
        );
    }
    // Under 100 ms on an idle machine (a few ms); the bound leaves room for a loaded CI
    // machine, far below the seconds a backtracking matcher held the server.
    assert!(
        slowest < std::time::Duration::from_secs(2),
        "/api/health took {slowest:?} meanwhile"
    );
}

#[tokio::test]
async fn the_landing_s_samples_are_in_the_reader_s_language() {
    let app = spawn_app().await;
    let c = app.client();
    let samples = |lang: &'static str| {
        let (app, c) = (&app, &c);
        async move {
            let v = app.get_json_in(c, "/api/landing-samples", lang).await;
            (
                v[0]["title"].as_str().unwrap().to_string(),
                v[0]["duration"].as_str().unwrap().to_string(),
            )
        }
    };
    assert_eq!(
        samples("en-US").await,
        ("Marketing Intern".to_string(), "Summer".to_string())
    );
    assert_eq!(
        samples("es-MX").await,
        ("Práctica de marketing".to_string(), "Verano".to_string())
    );
}

/// A CI check: every key the source asks for (`t!("key", name = ...)`, `tl!(lang, "key", ...)`,
/// `said!("key", ...)` for a text written later in its reader's language) is in the
/// catalogues, given exactly the arguments its entry takes.
#[test]
fn every_key_the_source_asks_for_is_in_the_catalogue_with_its_arguments() {
    use std::collections::BTreeSet;
    let entries = internreel::i18n::catalogues::entries(Lang::En);
    let mut wrong = Vec::new();
    let mut seen = 0;
    for (file, text) in crate::architecture::sources() {
        for call in ["t!(", "tl!(", "said!("] {
            for (at, _) in text.match_indices(call) {
                // `format!(`, `print!(` and the like end in `t!(` too: a call starts a word.
                if text[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
                {
                    continue;
                }
                // Examples in comments are not calls.
                let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                if text[line_start..at].trim_start().starts_with("//") {
                    continue;
                }
                let rest = &text[at + call.len()..];
                let Some(open) = rest.find('"') else { continue };
                if call != "tl!(" && open != 0 {
                    continue;
                }
                let Some(key) = literal(&rest[open + 1..]) else {
                    continue;
                };
                if key.contains(' ') {
                    continue;
                }
                // The call's arguments: `name = ` up to the call's closing parenthesis.
                let mut depth = 1;
                let mut end = 0;
                for (i, c) in rest.char_indices() {
                    match c {
                        '(' | '[' | '{' => depth += 1,
                        ')' | ']' | '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = i;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                // A macro's own definition (`$key`) or a call whose key is no literal.
                if end <= open {
                    continue;
                }
                let args: BTreeSet<String> = rest[open..end]
                    .split(',')
                    .filter_map(|part| {
                        let (name, _) = part.split_once(" = ")?;
                        let name = name.trim();
                        name.chars()
                            .all(|c| c.is_alphanumeric() || c == '_')
                            .then(|| name.to_string())
                    })
                    .collect();
                seen += 1;
                match entries.iter().find(|(k, _)| *k == key) {
                    None => wrong.push(format!("{file}: {key} is in no catalogue")),
                    Some((_, want)) if *want != args => wrong.push(format!(
                        "{file}: {key} is given {args:?}; its entry takes {want:?}"
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    // A text whose arguments are partly added where it is read (an audit change: who, which
    // placement) is made with `Text::new("key")`: its key, at least, is in the catalogue.
    for (file, text) in crate::architecture::sources() {
        for (at, _) in text.match_indices("Text::new(\"") {
            let rest = &text[at + "Text::new(\"".len()..];
            let Some(key) = literal(rest) else { continue };
            seen += 1;
            if !entries.iter().any(|(k, _)| *k == key) {
                wrong.push(format!("{file}: {key} is in no catalogue"));
            }
        }
    }
    assert!(
        seen > 5,
        "only {seen} keyed texts found: is the scan still right?"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A notification stored by key is written in the reader's language when read; one stored as
/// an English sentence before keys (an upgraded server's rows) reads the same, through the
/// catalogue's patterns, its day too.
#[tokio::test]
async fn a_text_stored_by_key_and_one_stored_in_english_before_keys_read_alike() {
    use internreel::store::notifications::{self, Notification};
    let app = spawn_app().await;
    let (ana, user) = app.signup_student("ana.rows@lang.example").await;
    let id = user["id"].as_u64().unwrap();
    let day = time::macros::date!(2027 - 03 - 02);
    app.state
        .store()
        .write(|w| {
            notifications::insert(
                w,
                Notification {
                    id: 0,
                    user_id: id,
                    kind: "placement".into(),
                    text: "Your supervisor returned your hours of Mar 2: Leave at 5".into(),
                    link: "/profile".into(),
                    created_at: 1,
                    read_at: None,
                },
            )?;
            internreel::services::notify::notify(
                w,
                id,
                "placement",
                internreel::said!(
                    "your-supervisor-returned-your-hours-of-day",
                    day = day,
                    comment = "Leave at 5"
                ),
                "/profile",
            )?;
            Ok::<_, internreel::store::StoreError>(())
        })
        .unwrap();
    for (lang, want) in [
        (
            "es",
            "Tu supervisor devolvió tus horas del 2 de marzo: Leave at 5",
        ),
        (
            "en",
            "Your supervisor returned your hours of Mar 2: Leave at 5",
        ),
    ] {
        let res = app
            .put(&ana, "/api/language", json!({"language": lang}))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let v: Value = app
            .get(&ana, "/api/notifications")
            .await
            .json()
            .await
            .unwrap();
        let texts: Vec<&str> = v["notifications"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["text"].as_str().unwrap())
            .collect();
        assert_eq!(texts, [want, want], "{lang}");
    }
    // The e-mail of the new one was written in her language then (English) by key.
    let r = app.state.store().read().unwrap();
    let mails = r.scan_rev::<Mail>(|_| true).unwrap();
    let mail = mails
        .iter()
        .find(|m| m.to == "ana.rows@lang.example")
        .unwrap();
    assert!(
        mail.text
            .contains("Your supervisor returned your hours of Mar 2: Leave at 5"),
        "{}",
        mail.text
    );
}
