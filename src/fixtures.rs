//! The demo fixtures, embedded in the binary so a release binary alone can start a demo.
//!
//! Over 500 lines: the demo's seeding reads as one story (employers, students, postings,
//! then their likes, comments, applications and messages), each step using the ids of the last.

use std::collections::HashMap;

use anyhow::{Context, bail};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::clock::{DAY_MS, now_ms};
use crate::infra::Services;
use crate::passwords::hash_now as hash_password_now;
use crate::store;
use crate::store::ai_requests::AiVideoRequest;
use crate::store::applications::{self, Application, Status};
use crate::store::contact::{self, ContactMessage};
use crate::store::external_jobs::{JobSource, Provider};
use crate::store::internships::{self, Internship, Requirements, Video};
use crate::store::messages::{self, Message};
use crate::store::social::{self, Comment, Mark};
use crate::store::users::{self, EmployerStatus, Role, User};
use crate::tokens::random_hex;

use crate::embedded::{captions_of, poster_of, video};

fn load<T: DeserializeOwned>(name: &str) -> anyhow::Result<T> {
    crate::embedded::load(name)
}

/// A fixture video's length, read with ffprobe (None without it). The clip is checked like an
/// upload: a fixture that would be refused is an error.
fn probed_length(s: &Services, name: &str, bytes: &[u8]) -> anyhow::Result<Option<u32>> {
    let Some(tools) = &s.media.tools else {
        return Ok(None);
    };
    let mut temp = tempfile::NamedTempFile::new_in(s.paths.tmp())?;
    std::io::Write::write_all(&mut temp, bytes)?;
    let probe = tools
        .probe_blocking(temp.path())
        .map_err(|e| anyhow::anyhow!("fixture video {name}: {e}"))?;
    if let Some(why) = crate::media::probe::refusal(&probe) {
        anyhow::bail!("fixture video {name}: {why}");
    }
    Ok(probe.duration.map(|d| (d * 1000.0).round() as u32))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Demo {
    pub admin_pin: String,
    #[serde(default)]
    pub staff: Vec<FxStaff>,
    employers: Vec<FxEmployer>,
    students: Vec<FxStudent>,
    internships: Vec<FxInternship>,
    #[serde(default)]
    applications: Vec<FxApplication>,
    #[serde(default)]
    messages: Vec<FxMessage>,
    #[serde(default)]
    comments: Vec<FxComment>,
    #[serde(default)]
    likes: Vec<FxPair>,
    #[serde(default)]
    bookmarks: Vec<FxPair>,
    #[serde(default)]
    contact_messages: Vec<FxContact>,
    #[serde(default)]
    job_sources: Vec<FxSource>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FxEmployer {
    key: String,
    first_name: String,
    last_name: String,
    email: String,
    password: String,
    position: String,
    company: String,
    industry: String,
    company_size: String,
    #[serde(default)]
    website: String,
    #[serde(default)]
    phone: String,
    address: String,
    company_description: String,
    /// Awaiting the district's review (the demo keeps one, so the admin has one to review).
    #[serde(default)]
    pending: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FxStudent {
    key: String,
    first_name: String,
    last_name: String,
    email: String,
    password: String,
    grade: String,
    school: String,
    interests: Vec<String>,
    #[serde(default)]
    gpa: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum FxRequirements {
    Text(String),
    List(Vec<String>),
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FxInternship {
    key: String,
    employer: String,
    title: String,
    location: String,
    description: String,
    requirements: FxRequirements,
    duration: String,
    salary: Option<String>,
    deadline_in_days: i64,
    posted_days_ago: i64,
    video: String,
    work_style: String,
    age_requirement: String,
    #[serde(default)]
    grade_requirement: String,
    #[serde(default)]
    skills: Vec<String>,
    #[serde(default)]
    benefits: Vec<String>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    hours_per_week: Option<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FxApplication {
    student: String,
    internship: String,
    status: String,
    days_ago: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FxMessage {
    student: String,
    internship: String,
    from: String,
    content: String,
    minutes_ago: i64,
    #[serde(default)]
    read: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FxComment {
    student: String,
    internship: String,
    content: String,
    hours_ago: i64,
}

#[derive(Deserialize)]
struct FxPair {
    student: String,
    internship: String,
}

#[derive(Deserialize)]
struct FxContact {
    name: String,
    email: String,
    subject: String,
    message: String,
}

#[derive(Deserialize)]
struct FxSource {
    provider: String,
    token: String,
    company: String,
}

/// A demo staff member, set up and ready to sign in (demo only: fixed secrets).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FxStaff {
    pub email: String,
    pub name: String,
    pub role: String,
    #[serde(default)]
    pub school: Option<String>,
    pub password: String,
    pub totp_secret: String,
}

impl Demo {
    /// The first student's and the first employer's (email, password).
    pub fn logins(&self) -> ((String, String), (String, String)) {
        let s = self
            .students
            .first()
            .map(|s| (s.email.clone(), s.password.clone()));
        let e = self
            .employers
            .first()
            .map(|e| (e.email.clone(), e.password.clone()));
        (s.unwrap_or_default(), e.unwrap_or_default())
    }
}

pub fn demo() -> anyhow::Result<Demo> {
    load("demo.json")
}

/// What `seed` reports and `serve --demo` prints.
pub struct SeedReport {
    pub employers: usize,
    pub students: usize,
    pub internships: usize,
    pub demo_student: (String, String),
    pub demo_employer: (String, String),
}

pub fn provider_of(name: &str) -> Option<Provider> {
    match name {
        "greenhouse" => Some(Provider::Greenhouse),
        "lever" => Some(Provider::Lever),
        "ashby" => Some(Provider::Ashby),
        _ => None,
    }
}

/// Loads the demo fixtures. Refuses a data directory that holds accounts or postings unless
/// `force`, in which case accounts whose email exists are reused.
/// The district's clock for the demo's stories (US Central, UTC-6; daylight saving aside).
const DEMO_UTC_OFFSET_MS: i64 = -6 * 3_600_000;

/// When a demo message `minutes_ago` old was sent, at a plausible hour: the day stays, and
/// the time of day is folded into 8:00-18:00 of the district's clock before the last 18:00
/// (order kept), so a seeded chat never reads "2:22 AM".
fn daytime_ago(now: i64, minutes_ago: i64) -> i64 {
    let hour = 3_600_000;
    let local_now = now + DEMO_UTC_OFFSET_MS;
    let since_midnight = local_now.rem_euclid(DAY_MS);
    let anchor = local_now - since_midnight + 18 * hour
        - if since_midnight < 18 * hour {
            DAY_MS
        } else {
            0
        };
    let back = minutes_ago * 60_000;
    let days = back / DAY_MS;
    // The rest of the day scaled into the ten working hours.
    let within = back.rem_euclid(DAY_MS) * 10 / 24;
    anchor - days * DAY_MS - within - DEMO_UTC_OFFSET_MS
}

pub fn seed(s: &Services, force: bool) -> anyhow::Result<SeedReport> {
    let demo = demo()?;
    if !store::is_empty(&s.store.read()?)? && !force {
        bail!(
            "the data directory already holds accounts or postings; pass --force to add the demo data anyway"
        );
    }
    let now = now_ms();
    let ago = |ms: i64| now - ms;
    // Hash each distinct password once: the demo accounts share two passwords.
    let mut hashes: HashMap<String, String> = HashMap::new();
    let mut hash = |pw: &str| -> anyhow::Result<String> {
        if let Some(h) = hashes.get(pw) {
            return Ok(h.clone());
        }
        let h = hash_password_now(pw).map_err(|e| anyhow::anyhow!("{e}"))?;
        hashes.insert(pw.to_string(), h.clone());
        Ok(h)
    };

    let mut employer_ids: HashMap<String, User> = HashMap::new();
    let mut student_ids: HashMap<String, u64> = HashMap::new();
    let mut employers = Vec::new();
    for e in &demo.employers {
        let mut u = User::blank(Role::Employer);
        u.first_name = e.first_name.clone();
        u.last_name = e.last_name.clone();
        u.email = e.email.clone();
        u.password_hash = hash(&e.password)?;
        u.created_at = ago(60 * DAY_MS);
        u.position = e.position.clone();
        u.company = e.company.clone();
        u.industry = e.industry.clone();
        u.company_size = e.company_size.clone();
        u.website = e.website.clone();
        u.phone = e.phone.clone();
        u.address = e.address.clone();
        u.company_description = e.company_description.clone();
        u.review.status = if e.pending {
            EmployerStatus::Pending
        } else {
            EmployerStatus::Verified
        };
        employers.push((e.key.clone(), u));
    }
    let mut students = Vec::new();
    for st in &demo.students {
        let mut u = User::blank(Role::Student);
        u.first_name = st.first_name.clone();
        u.last_name = st.last_name.clone();
        u.email = st.email.clone();
        u.password_hash = hash(&st.password)?;
        u.created_at = ago(45 * DAY_MS);
        u.grade = st.grade.clone();
        u.school = st.school.clone();
        u.interests = st.interests.iter().map(|i| i.to_lowercase()).collect();
        u.gpa = st.gpa.clone();
        students.push((st.key.clone(), u));
    }

    // Postings oldest first, so ids grow with their posting time.
    let mut postings: Vec<&FxInternship> = demo.internships.iter().collect();
    postings.sort_by_key(|i| std::cmp::Reverse(i.posted_days_ago));
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut planned: Vec<(String, Internship)> = Vec::new();
    let mut lengths: HashMap<String, Option<u32>> = HashMap::new();
    for fx in postings {
        let video = if fx.video == crate::domain::markers::AI_MARKER {
            Video::AiProcessing
        } else {
            let bytes = video(&fx.video)
                .with_context(|| format!("fixture video {} is missing", fx.video))?;
            let duration_ms = match lengths.get(&fx.video) {
                Some(d) => *d,
                None => {
                    let d = probed_length(s, &fx.video, &bytes)?;
                    lengths.insert(fx.video.clone(), d);
                    d
                }
            };
            let name = format!("{}.mp4", random_hex(16));
            files.push((name.clone(), bytes));
            let poster = poster_of(&fx.video).map(|(_, bytes)| {
                let poster = format!("{}.jpg", random_hex(16));
                files.push((poster.clone(), bytes));
                poster
            });
            let captions = captions_of(&fx.video).map(|bytes| {
                let name = format!("{}.vtt", random_hex(16));
                files.push((name.clone(), bytes));
                name
            });
            Video::Ready(crate::store::internships::Media {
                file: name,
                poster,
                duration_ms,
                captions,
            })
        };
        let created = ago(fx.posted_days_ago * DAY_MS + 3_600_000);
        let deadline =
            crate::clock::format_date(crate::clock::date_of(now + fx.deadline_in_days * DAY_MS));
        planned.push((
            fx.employer.clone(),
            Internship {
                id: 0,
                employer_id: 0,
                title: fx.title.clone(),
                company: String::new(),
                industry: String::new(),
                location: fx.location.clone(),
                description: fx.description.clone(),
                requirements: match &fx.requirements {
                    FxRequirements::Text(t) => Requirements::Text(t.clone()),
                    FxRequirements::List(l) => Requirements::List(l.clone()),
                },
                duration: fx.duration.clone(),
                salary: fx.salary.clone(),
                deadline,
                created_at: created,
                updated_at: created,
                video,
                work_style: fx.work_style.clone(),
                age_requirement: fx.age_requirement.clone(),
                grade_requirement: fx.grade_requirement.clone(),
                skills: fx.skills.clone(),
                benefits: fx.benefits.clone(),
                tags: fx.tags.clone(),
                hours_per_week: fx.hours_per_week,
                archived: false,
                employer_status: EmployerStatus::Verified,
                hazard_confirmed_at: Some(created),
                held_terms: vec![],
                hidden: false,
            },
        ));
    }
    let keys: Vec<&str> = {
        let mut p: Vec<&FxInternship> = demo.internships.iter().collect();
        p.sort_by_key(|i| std::cmp::Reverse(i.posted_days_ago));
        p.into_iter().map(|i| i.key.as_str()).collect()
    };
    // Files first: a failed transaction leaves only unreferenced files, swept at start-up.
    for (name, bytes) in &files {
        s.media
            .store
            .put_bytes(bytes, name)
            .with_context(|| format!("while writing media file {name}"))?;
    }

    let report = s.write_rebuilding(|w| -> anyhow::Result<SeedReport> {
        for (key, u) in employers {
            let u = match users::by_email(w, &u.email)? {
                Some(existing) => existing,
                None => {
                    let u = users::insert(w, u).map_err(|e| anyhow::anyhow!("{e:?}"))?;
                    // The verified demo employers confirmed their addresses long ago; the
                    // one awaiting review has not yet.
                    if u.review.status == crate::domain::review::EmployerStatus::Verified {
                        w.put(&crate::store::outbox::EmailConfirmation {
                            id: u.id,
                            email: users::email_key(&u.email),
                            hash: Vec::new(),
                            expires_at: u.created_at,
                            confirmed_at: Some(u.created_at),
                        })?;
                    }
                    u
                }
            };
            employer_ids.insert(key, u);
        }
        for (key, u) in students {
            let u = match users::by_email(w, &u.email)? {
                Some(existing) => existing,
                None => users::insert(w, u).map_err(|e| anyhow::anyhow!("{e:?}"))?,
            };
            student_ids.insert(key, u.id);
        }
        let mut internship_ids: HashMap<String, (u64, u64)> = HashMap::new();
        let mut ai_requests = 0usize;
        for ((employer_key, mut i), key) in planned.into_iter().zip(keys) {
            let e = employer_ids.get(&employer_key).with_context(|| {
                format!("internship {key} names unknown employer {employer_key}")
            })?;
            i.employer_id = e.id;
            i.company = e.company.clone();
            i.industry = e.industry.clone();
            i.employer_status = e.review.status;
            let ai = i.video == Video::AiProcessing;
            let captions = s.media.caption_text(&i.video);
            crate::services::posting_screen::screen_posting(w, &mut i, &captions)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let i = internships::insert(w, i)?;
            crate::services::posting_screen::sync_posting_hold(w, &i)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            if ai {
                // Requested recently (the first a few minutes ago, the others within the last
                // 20 hours), so none is overdue on the demo's first day.
                let n = ai_requests as i64;
                ai_requests += 1;
                w.put(&AiVideoRequest {
                    id: i.id,
                    requested_at: ago(if n == 0 {
                        5 * 60_000
                    } else {
                        (2 + 6 * n).min(20) * 3_600_000
                    }),
                    completed_at: None,
                })?;
            }
            internship_ids.insert(key.to_string(), (i.id, i.employer_id));
        }
        let pair = |student: &str, internship: &str| -> anyhow::Result<(u64, u64, u64)> {
            let sid = *student_ids
                .get(student)
                .with_context(|| format!("unknown student {student}"))?;
            let (iid, eid) = *internship_ids
                .get(internship)
                .with_context(|| format!("unknown internship {internship}"))?;
            Ok((sid, iid, eid))
        };
        let mut apps: HashMap<(u64, u64), (u64, u64)> = HashMap::new();
        for a in &demo.applications {
            let (sid, iid, eid) = pair(&a.student, &a.internship)?;
            let status =
                Status::parse(&a.status).with_context(|| format!("unknown status {}", a.status))?;
            let applied = ago(a.days_ago * DAY_MS);
            let history = pipeline_path(status)
                .into_iter()
                .enumerate()
                .map(|(n, st)| {
                    (
                        st,
                        applied + n as i64 * (a.days_ago * DAY_MS / 4).max(60_000),
                    )
                })
                .collect();
            let app = applications::insert(
                w,
                Application {
                    id: 0,
                    internship_id: iid,
                    student_id: sid,
                    employer_id: eid,
                    status,
                    applied_at: applied,
                    history,
                },
            )?;
            apps.insert((sid, iid), (app.id, eid));
        }
        seed_placements(w, &apps, now).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut msgs: Vec<&FxMessage> = demo.messages.iter().collect();
        msgs.sort_by_key(|m| std::cmp::Reverse(m.minutes_ago));
        for m in msgs {
            let (sid, iid, _) = pair(&m.student, &m.internship)?;
            let (app_id, eid) = *apps.get(&(sid, iid)).with_context(|| {
                format!(
                    "message without an application: {} / {}",
                    m.student, m.internship
                )
            })?;
            let (from, to) = if m.from == "student" {
                (sid, eid)
            } else {
                (eid, sid)
            };
            let at = daytime_ago(now, m.minutes_ago);
            let stored = messages::insert(
                w,
                Message {
                    id: 0,
                    application_id: app_id,
                    sender_id: from,
                    receiver_id: to,
                    content: m.content.clone(),
                    created_at: at,
                    read_at: m.read.then_some(at + 60_000),
                    hidden: false,
                },
            )?;
            // The demo's history is history: its unread messages are no news for the digest.
            messages::mark_digested(w, stored.id, now)?;
        }
        let mut comments: Vec<&FxComment> = demo.comments.iter().collect();
        comments.sort_by_key(|c| std::cmp::Reverse(c.hours_ago));
        for c in comments {
            let (sid, iid, _) = pair(&c.student, &c.internship)?;
            social::add_comment(
                w,
                Comment {
                    id: 0,
                    internship_id: iid,
                    user_id: sid,
                    content: c.content.clone(),
                    created_at: ago(c.hours_ago * 3_600_000),
                    state: social::CommentState::Visible,
                },
            )?;
        }
        for (list, mark) in [(&demo.likes, Mark::Like), (&demo.bookmarks, Mark::Bookmark)] {
            for (n, p) in list.iter().enumerate() {
                let (sid, iid, _) = pair(&p.student, &p.internship)?;
                if !social::is_set(w, mark, iid, sid)? {
                    social::toggle(w, mark, iid, sid, ago((n as i64 + 1) * 3_600_000))?;
                }
            }
        }
        for c in &demo.contact_messages {
            contact::insert(
                w,
                ContactMessage {
                    id: 0,
                    name: c.name.clone(),
                    email: c.email.clone(),
                    subject: c.subject.clone(),
                    message: c.message.clone(),
                    created_at: ago(2 * DAY_MS),
                },
            )?;
        }
        for src in &demo.job_sources {
            let provider = provider_of(&src.provider)
                .with_context(|| format!("unknown job-board provider {}", src.provider))?;
            let id = w.next_id::<JobSource>()?;
            w.put(&JobSource {
                id,
                provider,
                token: src.token.clone(),
                company: src.company.clone(),
                last_refresh_at: None,
                last_error: None,
            })?;
        }
        let first_student = demo.students.first().context("no demo students")?;
        let first_employer = demo.employers.first().context("no demo employers")?;
        Ok(SeedReport {
            employers: demo.employers.len(),
            students: demo.students.len(),
            internships: demo.internships.len(),
            demo_student: (first_student.email.clone(), first_student.password.clone()),
            demo_employer: (
                first_employer.email.clone(),
                first_employer.password.clone(),
            ),
        })
    });
    if report.is_err() {
        for (name, _) in &files {
            s.media.store.remove(name);
        }
    }
    report
}

/// The statuses an application passed through to reach `to` (the graph of `Status::next`).
fn pipeline_path(to: Status) -> Vec<Status> {
    use Status::*;
    match to {
        Pending => vec![Pending],
        UnderReview => vec![Pending, UnderReview],
        InterviewRequested => vec![Pending, InterviewRequested],
        OfferExtended => vec![Pending, InterviewRequested, OfferExtended],
        Hired => vec![Pending, InterviewRequested, OfferExtended, Hired],
        Rejected => vec![Pending, InterviewRequested, Rejected],
    }
}

/// The demo's placements (README "Placements"): every hired application has one; the first
/// is completed with its certificate, the second active with approved and waiting hours and a
/// midpoint evaluation, the third waits for the guardian's signature, the rest wait for the
/// employer's details.
fn seed_placements(
    w: &crate::store::Wtx,
    apps: &HashMap<(u64, u64), (u64, u64)>,
    now: i64,
) -> Result<(), crate::error::AppError> {
    use crate::services::placements as work;
    use crate::services::placements::{self as pl, Details, GuardianInput, SignedBy, Who};
    use crate::store::Reader as _;
    use crate::store::placements::Supervisor;
    let mut hired: Vec<Application> = Vec::new();
    for (app_id, _) in apps.values() {
        if let Some(a) = w.get::<Application>(*app_id)?
            && a.status == Status::Hired
        {
            hired.push(a);
        }
    }
    // The first employer of the demo (the one `serve --demo` prints) hosts the first two.
    hired.sort_by_key(|a| (a.employer_id, a.applied_at));
    let day = |n: i64| {
        let d = time::OffsetDateTime::from_unix_timestamp(now / 1000 + n * 86_400)
            .map(|t| t.date())
            .unwrap_or(time::Date::MIN);
        crate::domain::placements::date_str(d)
    };
    let school = Who::School {
        actor: crate::store::audit::Actor::System,
        scope: None,
    };
    let by = |name: &str| SignedBy {
        name: name.to_string(),
        ip: "demo".into(),
        user_agent: "demo".into(),
        read_sha256: None,
    };
    for (n, a) in hired.iter().enumerate() {
        if n == hired.len() - 1 {
            // The last hired student is on the district's roster with a parent, as an
            // imported OneRoster file would leave them: their placement's guardian comes
            // from it and the student cannot change it.
            let mut i = crate::store::identity::of(w, a.student_id)?;
            i.source = crate::store::identity::Source::Roster;
            i.roster_id = Some(format!("demo-{}", a.student_id));
            i.guardians = vec![crate::store::identity::Guardian {
                name: "Grace Thompson".into(),
                relationship: "parent".into(),
                email: "grace.thompson@family.example".into(),
                phone: "555-0177".into(),
            }];
            crate::store::identity::save(w, &i)?;
        }
        let Some(p) = pl::create_for_hired(w, a, now - 40 * DAY_MS)? else {
            continue;
        };
        if n > 2 {
            continue;
        }
        let student = w
            .get::<User>(a.student_id)?
            .map(|u| u.full_name())
            .unwrap_or_default();
        let (start, end) = match n {
            0 => (day(-70), day(-5)),
            1 => (day(-20), day(40)),
            _ => (day(10), day(70)),
        };
        let details = Details {
            supervisor: Supervisor {
                name: "Priya Shah".into(),
                title: "Engineering lead".into(),
                email: "priya.shah@employer.example".into(),
                phone: "555-0142".into(),
            },
            worksite: "100 Main Street, Suite 200".into(),
            start,
            end,
            schedule: "Tuesdays and Thursdays 3:30-6:30 pm".into(),
            planned_hours: 60.0,
            paid: n != 2,
            hourly_wage: (n != 2).then_some(15.0),
        };
        pl::update_details(w, a.employer_id, p.id, details, now - 35 * DAY_MS)?;
        pl::set_guardian(
            w,
            a.student_id,
            p.id,
            GuardianInput {
                name: "Jordan Parent".into(),
                relationship: "parent".into(),
                email: format!("parent.of.{}@family.example", a.student_id),
                phone: "555-0199".into(),
            },
            now - 34 * DAY_MS,
        )?;
        pl::sign(
            w,
            &Who::Student(a.student_id),
            p.id,
            by(&student),
            now - 33 * DAY_MS,
        )?;
        pl::sign(
            w,
            &Who::Employer(a.employer_id),
            p.id,
            by("Priya Shah"),
            now - 33 * DAY_MS,
        )?;
        if n == 2 {
            // The link the guardian has not opened yet, sent again today (14 days left).
            pl::resend_guardian_link(w, &Who::Student(a.student_id), p.id, now)?;
            continue;
        }
        let mut fresh = w
            .get::<crate::store::placements::Placement>(p.id)?
            .expect("just made");
        let token = pl::guardian_token(w, &mut fresh, now - 32 * DAY_MS)?;
        crate::store::placements::save(w, &fresh)?;
        pl::guardian_sign(w, &token, by("Jordan Parent"), true, now - 32 * DAY_MS)?;
        pl::confirm_guardian(w, &school, p.id, now - 31 * DAY_MS)?;
        pl::sign(
            w,
            &school,
            p.id,
            by("District WBL coordinator"),
            now - 31 * DAY_MS,
        )?;
        // Hours: twice a week from the start.
        let first = if n == 0 { -68 } else { -18 };
        let last = if n == 0 { -7 } else { -1 };
        let mut ids = Vec::new();
        let mut d = first;
        while d <= last {
            let e = work::add_entry(
                w,
                a.student_id,
                p.id,
                work::EntryInput {
                    date: day(d),
                    hours: 3.0,
                    note: "Worked through support tickets with my supervisor and wrote up what I learned.".into(),
                },
                now,
            )?;
            ids.push(e.id);
            d += 4;
        }
        // The active placement's last two days wait for approval.
        let approved = if n == 0 {
            ids.len()
        } else {
            ids.len().saturating_sub(2)
        };
        work::approve(w, a.employer_id, p.id, &ids[..approved], now)?;
        let scores: Vec<(String, i64)> = crate::domain::placements::DEFAULT_RUBRIC
            .iter()
            .map(|(k, _)| (k.to_string(), 3))
            .collect();
        work::evaluate(
            w,
            a.employer_id,
            p.id,
            "midpoint",
            &scores,
            "Reliable and curious; asks good questions.",
            now,
        )?;
        if n == 0 {
            let finals: Vec<(String, i64)> = scores.iter().map(|(k, _)| (k.clone(), 4)).collect();
            work::evaluate(
                w,
                a.employer_id,
                p.id,
                "final",
                &finals,
                "Ready for more responsibility. We would host again.",
                now,
            )?;
            work::reflect(
                w,
                a.student_id,
                p.id,
                "I learned how a real support team prioritises problems and how to explain a fix to someone who is frustrated.",
                now,
            )?;
            work::complete(w, &school, p.id, now)?;
        }
    }
    Ok(())
}

/// Adds the demo's named admin and coordinator when they are missing; returns the lines
/// `serve --demo` prints about them (their sign-in and TOTP secrets: demo only).
pub fn ensure_demo_staff(s: &Services) -> anyhow::Result<Vec<String>> {
    use crate::store::staff::{self, Staff, StaffRole};
    let demo = demo()?;
    let mut lines = Vec::new();
    for f in &demo.staff {
        let secret = crate::totp::from_base32(&f.totp_secret)
            .ok_or_else(|| anyhow::anyhow!("demo staff {}: bad TOTP secret", f.email))?;
        if staff::by_email(&s.store.read()?, &f.email)?.is_none() {
            let hash = hash_password_now(&f.password).map_err(|e| anyhow::anyhow!("{e}"))?;
            let role = StaffRole::parse(&f.role)
                .ok_or_else(|| anyhow::anyhow!("demo staff {}: bad role", f.email))?;
            let now = crate::clock::now_ms();
            s.store.write(|w| {
                staff::save(
                    w,
                    Staff {
                        id: 0,
                        email: f.email.clone(),
                        name: f.name.clone(),
                        role,
                        school: f.school.clone(),
                        password_hash: Some(hash.clone()),
                        totp_secret: secret.clone(),
                        enrolled: true,
                        recovery: Vec::new(),
                        disabled: false,
                        invite: None,
                        created_at: now,
                        last_sign_in: None,
                        last_step: 0,
                    },
                )
                .map(|_| ())
            })?;
        }
        lines.push(format!(
            "demo {}: {} / {}  TOTP secret {} (code: oathtool --totp -b {})",
            f.role, f.email, f.password, f.totp_secret, f.totp_secret
        ));
    }
    Ok(lines)
}

/// Sets the demo admin pin when none is set; returns it when it did.
pub fn ensure_demo_pin(s: &Services) -> anyhow::Result<Option<String>> {
    let pin = demo()?.admin_pin;
    if crate::store::meta::admin_pin_hash(&s.store.read()?)?.is_some() {
        return Ok(None);
    }
    let hash = hash_password_now(&pin).map_err(|e| anyhow::anyhow!("{e}"))?;
    s.store
        .write(|w| crate::store::meta::set_admin_pin_hash(w, &hash))?;
    Ok(Some(pin))
}
