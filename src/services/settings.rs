//! District settings kept in the store (`internreel settings set KEY VALUE`).

use crate::i18n::Value;
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
    (
        "admin-pin",
        "on|off: whether the district pin still signs in as admin (off needs a named admin who finished setting up)",
    ),
    (
        "agreement-template",
        // not said: the CLI's help
        "FILE: the training agreement's text, with placeholders such as {student} and {company} (the CLI reads the file; empty: the default)",
    ),
    (
        "agreement-template.es",
        // not said: the CLI's help
        "FILE: the same agreement in Spanish (`settings set agreement-template --lang es FILE`; empty: the built-in Spanish text, or none while the district's English text is its own)",
    ),
    (
        "evaluation-rubric",
        // not said: the CLI's help
        "FILE: the supervisors' evaluation rubric, one competency per line, each rated 1-4 (the CLI reads the file; empty: the default)",
    ),
    (
        "max-hours-per-day",
        "hours a student may work in a day before the entry is flagged to the school (default 8)",
    ),
    (
        "max-hours-per-week",
        "hours a student may work in a week before the week is flagged to the school (default 20)",
    ),
    (
        "safety-checklist",
        // not said: the CLI's help
        "FILE: the worksite safety checklist the school ticks on each placement, one item per line (empty: the default)",
    ),
    (
        "career-clusters",
        // not said: the CLI's help
        "FILE: the career clusters / CTE programs a placement is filed under, one per line (empty: the 16 National Career Clusters)",
    ),
    (
        "certificate-on-early-end",
        "on|off: whether a placement ended early still gets its certificate, with its real hours and last day (default on)",
    ),
    (
        "time-zone",
        "the district's IANA time zone, e.g. America/Chicago: the clock every date and time a person reads is on (default UTC)",
    ),
    (
        "captions-required",
        "on|off: whether a posting whose video has speech-level sound stays out of students' sight until it has captions, or its employer confirms the video has no speech (sustained sound: after the district admin's review) (on for a new data directory, off for one upgraded from before the rule)",
    ),
    (
        "quiet-hours",
        // not said: the CLI's help
        "HH:MM-HH:MM or off: when no push notification reaches a student, on the district's clock; what arrives then waits for the end (default 21:00-07:00)",
    ),
    (
        "push",
        "on|off: whether the app offers push notifications and sends them (default on)",
    ),
    (
        "student-signup",
        "open|school-accounts-only: whether students may sign up with a password, or only through their school account",
    ),
];

/// What a student reads where the sign-up form would be, with `school-accounts-only`.
pub fn school_accounts_only_text() -> String {
    crate::t!("student-accounts-come-from-your-school-sign")
}

/// What a password sign-up with an address of a school sign-in provider's domain reads.
pub fn school_address_student() -> String {
    crate::t!("this-is-a-school-e-mail-address")
}
pub fn school_address_employer() -> String {
    crate::t!("this-is-a-school-e-mail-address-2")
}

/// Why a password sign-up (`role`'s form) with `email` is refused: its domain is one a school
/// sign-in provider names (`sso add ... --domain D`). Only the school's sign-in proves such a
/// mailbox is the person's; with a password anyone could take a classmate's address first,
/// and the classmate's school sign-in would then be asked to "link with your password".
pub fn school_address(
    r: &impl Reader,
    email: &str,
    role: crate::store::users::Role,
) -> StoreResult<Option<String>> {
    // The address as accounts are keyed (a Kelvin sign folds to "k" there, so here too).
    let key = crate::store::users::email_key(email);
    let Some((_, domain)) = key.rsplit_once('@') else {
        return Ok(None);
    };
    let named = crate::store::sso::providers(r)?
        .iter()
        .any(|p| p.domains.iter().any(|d| d == domain));
    Ok(named.then_some(match role {
        crate::store::users::Role::Student => school_address_student(),
        crate::store::users::Role::Employer => school_address_employer(),
    }))
}

/// A value the setting may take, checked against the data where it matters; the reason
/// otherwise.
pub fn check_value(r: &impl Reader, key: &str, value: &str) -> Result<(), String> {
    match key {
        "admin-pin" => match value {
            "on" => Ok(()),
            "off" if crate::store::staff::has_active_admin(r).map_err(|e| e.to_string())? => Ok(()),
            "off" => Err("the district pin stays on until a named admin exists who finished setting up (internreel staff add EMAIL --name NAME --role admin, then open the invite link): otherwise nobody could sign in as admin".into()),
            _ => Err("admin-pin is on or off".into()),
        },
        k if is_template_setting(k) => check_template(value),
        "max-hours-per-day" | "max-hours-per-week" => match value.parse::<f64>() {
            Ok(n) if n.is_finite() && n > 0.0 && n <= 80.0 => Ok(()),
            _ => Err(format!("{key} is a number of hours from 0.25 to 80")),
        },
        "captions-required" => match value {
            "on" | "off" => Ok(()),
            _ => Err("captions-required is on or off".into()),
        },
        "certificate-on-early-end" => match value {
            "on" | "off" => Ok(()),
            _ => Err("certificate-on-early-end is on or off".into()),
        },
        "time-zone" => crate::clock::Zone::named(value).map(|_| ()),
        "quiet-hours" => crate::domain::quiet_hours::parse(value).map(|_| ()),
        "push" => match value {
            "on" | "off" => Ok(()),
            _ => Err("push is on or off".into()),
        },
        "student-signup" => match value {
            "open" | "school-accounts-only" => Ok(()),
            _ => Err("student-signup is open or school-accounts-only".into()),
        },
        _ => Ok(()),
    }
}

/// The district pin was turned off (`settings set admin-pin off`).
pub fn admin_pin_off(r: &impl Reader) -> StoreResult<bool> {
    Ok(get(r, "admin-pin")?.as_deref() == Some("off"))
}

/// A placement ended early gets its certificate (unless `certificate-on-early-end off`).
pub fn certificate_on_early_end(r: &impl Reader) -> StoreResult<bool> {
    Ok(get(r, "certificate-on-early-end")?.as_deref() != Some("off"))
}

/// The district's clock (`time-zone`; UTC until set, or if the stored name no longer parses).
pub fn time_zone(r: &impl Reader) -> StoreResult<crate::clock::Zone> {
    Ok(get(r, "time-zone")?
        .and_then(|name| crate::clock::Zone::named(&name).ok())
        .unwrap_or_default())
}

/// When no push reaches a student (`quiet-hours`; 21:00-07:00 until set; None: `off`).
pub fn quiet_hours(r: &impl Reader) -> StoreResult<Option<crate::domain::quiet_hours::Window>> {
    Ok(
        match get(r, "quiet-hours")?.filter(|v| !v.trim().is_empty()) {
            Some(v) => crate::domain::quiet_hours::parse(&v)
                .unwrap_or(Some(crate::domain::quiet_hours::DEFAULT)),
            None => Some(crate::domain::quiet_hours::DEFAULT),
        },
    )
}

/// The district sends push notifications (unless `push off`).
pub fn push_on(r: &impl Reader) -> StoreResult<bool> {
    Ok(get(r, "push")?.as_deref() != Some("off"))
}

/// Students sign up only through a school account.
pub fn school_accounts_only(r: &impl Reader) -> StoreResult<bool> {
    Ok(get(r, "student-signup")?.as_deref() == Some("school-accounts-only"))
}

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

/// The district's name as a text's argument: its own, or "your school district" in the
/// reader's language.
pub fn district_arg(r: &impl Reader) -> StoreResult<Value> {
    Ok(
        match get(r, "district-name")?.filter(|v| !v.trim().is_empty()) {
            Some(name) => Value::Plain(name),
            None => Value::Text(Box::new(crate::said!("your-school-district"))),
        },
    )
}

/// `district_arg` where it starts a sentence or a line ("Your school district").
pub fn district_signature_arg(r: &impl Reader) -> StoreResult<Value> {
    Ok(
        match get(r, "district-name")?.filter(|v| !v.trim().is_empty()) {
            Some(name) => Value::Plain(capitalized(&name)),
            None => Value::Text(Box::new(crate::said!("your-school-district-2"))),
        },
    )
}

/// The district's name alone on a line (an e-mail's signature), for the outbox to write in its
/// reader's language: its own name, or "Your school district" by key.
pub fn district_signature_line(r: &impl Reader) -> StoreResult<String> {
    Ok(match district_signature_arg(r)? {
        Value::Text(t) => t.encode(),
        Value::Plain(name) => name,
        Value::Day(..) | Value::Decimal(_) => String::new(),
    })
}

/// The district's name where it starts a sentence or a line ("Your school district").
pub fn district_signature(r: &impl Reader) -> StoreResult<String> {
    Ok(capitalized(&district_name(r)?))
}

/// The district's name starting a sentence in `lang`'s text: its own name, or "El distrito
/// escolar" where it has none.
pub fn district_signature_in(r: &impl Reader, lang: crate::i18n::Lang) -> StoreResult<String> {
    match get(r, "district-name")?.filter(|v| !v.trim().is_empty()) {
        Some(name) => Ok(capitalized(&name)),
        None => Ok(crate::tl!(lang, "your-school-district-2")),
    }
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
    let district = district_arg(r)?;
    let contact = match district_contact(r)? {
        Some(c) => Value::Plain(c),
        None => district.clone(),
    };
    // A reason written as a sentence keeps one full stop, not two.
    let why = reason
        .map(|r| r.trim().trim_end_matches(['.', ' ']))
        .filter(|r| !r.is_empty());
    Ok(match why {
        Some(why) => crate::said!(
            "this-employer-account-was-suspended-by-district-2",
            district = district,
            why = why,
            contact = contact
        ),
        None => crate::said!(
            "this-employer-account-was-suspended-by-district",
            district = district,
            contact = contact
        ),
    }
    .encode())
}

/// The longest agreement template.
pub const TEMPLATE_MAX: usize = 20_000;

/// Why a template is refused: too long, or a placeholder we do not know (named).
pub fn check_template(t: &str) -> Result<(), String> {
    if t.chars().count() > TEMPLATE_MAX {
        return Err(crate::t!(
            "the-template-is-longer-than-max-characters",
            max = TEMPLATE_MAX
        ));
    }
    let unknown = crate::domain::placements::unknown_placeholders(t);
    match unknown.as_slice() {
        [] => Ok(()),
        [one] => Err(crate::t!(
            "unknown-placeholder-name",
            name = format!("{{{one}}}")
        )),
        many => Err(crate::t!(
            "unknown-placeholders-names",
            names = many
                .iter()
                .map(|n| format!("{{{n}}}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The setting that holds the agreement template in the language `code` ("en", "es").
pub fn template_setting(code: &str) -> Option<String> {
    match crate::i18n::Lang::parse(code)? {
        crate::i18n::Lang::En => Some("agreement-template".into()),
        lang => Some(format!("agreement-template.{}", lang.code())),
    }
}

/// The languages an agreement template may be in, for a refusal ("en, es").
pub fn template_languages() -> String {
    crate::i18n::Lang::ALL
        .iter()
        .map(|l| l.code())
        .collect::<Vec<_>>()
        .join(", ")
}

fn is_template_setting(key: &str) -> bool {
    key == "agreement-template" || key.starts_with("agreement-template.")
}

/// Settings whose value the CLI reads from a file.
pub fn is_file_setting(key: &str) -> bool {
    is_template_setting(key)
        || matches!(
            key,
            "evaluation-rubric" | "safety-checklist" | "career-clusters"
        )
}

/// The district's worksite safety checklist.
pub fn safety_checklist(r: &impl Reader) -> StoreResult<Vec<String>> {
    use crate::domain::placements::records;
    Ok(records::list_of(
        get(r, "safety-checklist")?.as_deref(),
        &records::DEFAULT_CHECKLIST,
    ))
}

/// The district's career clusters.
pub fn career_clusters(r: &impl Reader) -> StoreResult<Vec<String>> {
    use crate::domain::placements::records;
    Ok(records::list_of(
        get(r, "career-clusters")?.as_deref(),
        &records::DEFAULT_CLUSTERS,
    ))
}

/// The district's own agreement text in `lang`, if it set one.
fn own_template(r: &impl Reader, lang: crate::i18n::Lang) -> StoreResult<Option<String>> {
    let Some(key) = template_setting(lang.code()) else {
        return Ok(None);
    };
    Ok(get(r, &key)?.filter(|t| !t.trim().is_empty()))
}

/// The district's agreement template in `lang`: its own text, else the built-in one. None
/// when the district wrote its own English text and no translation of it: a built-in
/// translation would then say something else than what the others sign.
pub fn agreement_template(r: &impl Reader, lang: crate::i18n::Lang) -> StoreResult<Option<String>> {
    if let Some(own) = own_template(r, lang)? {
        return Ok(Some(own));
    }
    if lang != crate::i18n::Lang::En && own_template(r, crate::i18n::Lang::En)?.is_some() {
        return Ok(None);
    }
    Ok(crate::domain::placements::default_template(lang.code()).map(str::to_string))
}

/// The district's hour caps.
pub fn hour_caps(r: &impl Reader) -> StoreResult<crate::domain::placements::Caps> {
    let mut caps = crate::domain::placements::Caps::default();
    if let Some(v) = get(r, "max-hours-per-day")?.and_then(|v| v.parse().ok()) {
        caps.per_day = v;
    }
    if let Some(v) = get(r, "max-hours-per-week")?.and_then(|v| v.parse().ok()) {
        caps.per_week = v;
    }
    Ok(caps)
}

const RUBRIC_KEY: &str = "evaluation_rubric";

/// The district's evaluation rubric: (key, label) of each competency.
pub fn rubric(r: &impl Reader) -> StoreResult<Vec<(String, String)>> {
    let stored: Option<Vec<(String, String)>> = r
        .meta_get(RUBRIC_KEY)?
        .and_then(|b| postcard::from_bytes(&b).ok());
    Ok(stored.filter(|v| !v.is_empty()).unwrap_or_else(|| {
        crate::domain::placements::DEFAULT_RUBRIC
            .iter()
            .map(|(k, l)| (k.to_string(), l.to_string()))
            .collect()
    }))
}

pub fn set_rubric(w: &Wtx, items: &[(String, String)]) -> StoreResult<()> {
    w.meta_put(
        RUBRIC_KEY,
        &postcard::to_allocvec(&items.to_vec()).unwrap_or_default(),
    )
}

/// Saves a checked rubric (empty: the default) with its audit entry, for the CLI and the
/// Program tab alike.
pub fn save_rubric(
    w: &Wtx,
    actor: crate::store::audit::Actor,
    items: &[(String, String)],
    now: i64,
) -> StoreResult<()> {
    set_rubric(w, items)?;
    crate::store::audit::append(
        w,
        now,
        actor,
        crate::store::audit::Event::SettingChanged {
            key: "evaluation-rubric".into(),
            value: items
                .iter()
                .map(|(_, l)| l.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        },
        ("setting", None),
        None,
    )
    .map(|_| ())
}

/// A rubric as (key, label) pairs, checked: 1 to 20 competencies, names of at most 80
/// characters, no two alike; a missing key is made from the label.
pub fn checked_rubric(items: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
    if !(1..=20).contains(&items.len()) {
        return Err(crate::t!("a-rubric-has-1-to-20-competencies"));
    }
    let mut out: Vec<(String, String)> = Vec::new();
    for (key, label) in items {
        let label = crate::validate::clean(label);
        let key = if key.trim().is_empty() {
            label
                .to_lowercase()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join("_")
        } else {
            key.trim().to_string()
        };
        if label.is_empty() || label.chars().count() > 80 {
            return Err(crate::t!("each-competency-needs-a-name-of-at"));
        }
        if key.len() > 40 || !key.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(crate::t!("a-competency-s-key-is-letters-digits"));
        }
        if out.iter().any(|(k, _)| *k == key) {
            return Err(crate::t!("two-competencies-have-the-same-name"));
        }
        out.push((key, label));
    }
    Ok(out)
}
