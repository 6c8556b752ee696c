//! `internreel seed --synthetic N`: a large, deterministic data set for benchmarks: N postings
//! over N/50 employers, N/5 students, 2N likes and N/2 applications, with a few real videos.

use anyhow::Context;

use crate::clock::{DAY_MS, now_ms};
use crate::infra::Services;
use crate::passwords::hash_now as hash_password_now;
use crate::store::applications::{self, Application, Status};
use crate::store::internships::{self, Internship, Requirements, Video};
use crate::store::social::{self, Mark};
use crate::store::users::{self, Role, User};

/// A small xorshift generator: the same data for the same N, without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[self.below(list.len())]
    }
}

const FIELDS: [&str; 16] = [
    "Software",
    "Marketing",
    "Design",
    "Healthcare",
    "Finance",
    "Engineering",
    "Media",
    "Education",
    "Retail",
    "Research",
    "Robotics",
    "Nonprofit",
    "Sports",
    "Arts",
    "Government",
    "Data",
];
const ROLES: [&str; 10] = [
    "Intern",
    "Assistant",
    "Apprentice",
    "Helper",
    "Ambassador",
    "Trainee",
    "Associate",
    "Aide",
    "Junior Analyst",
    "Volunteer",
];
const CITIES: [&str; 12] = [
    "Austin, TX",
    "Houston, TX",
    "Denver, CO",
    "Chicago, IL",
    "Seattle, WA",
    "Boston, MA",
    "Atlanta, GA",
    "Phoenix, AZ",
    "Portland, OR",
    "Madison, WI",
    "Remote",
    "San Diego, CA",
];
const VERBS: [&str; 8] = [
    "build", "organise", "film", "research", "design", "support", "plan", "analyse",
];
const THINGS: [&str; 8] = [
    "community events",
    "mobile apps",
    "social media posts",
    "lab samples",
    "store displays",
    "tutoring sessions",
    "budgets",
    "robot prototypes",
];
const STYLES: [&str; 3] = ["Remote", "Hybrid", "On-site"];
const VIDEOS: [&str; 5] = [
    "code-camp.mp4",
    "bp-social.mp4",
    "sp-ux.mp4",
    "rh-volunteer.mp4",
    "kp-robotics.mp4",
];

const BATCH: usize = 5_000;

pub fn seed(s: &Services, n: usize) -> anyhow::Result<String> {
    let n = n.max(10);
    let employers = (n / 50).max(1);
    let students = (n / 5).max(1);
    let started = std::time::Instant::now();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let student_hash = hash_password_now("student123").map_err(|e| anyhow::anyhow!("{e}"))?;
    let employer_hash = hash_password_now("employer123").map_err(|e| anyhow::anyhow!("{e}"))?;
    let now = now_ms();

    let mut videos = Vec::new();
    for name in VIDEOS {
        let bytes =
            crate::embedded::video(name).with_context(|| format!("fixture video {name}"))?;
        let stored = format!("synthetic-{name}");
        s.media.store.put_bytes(&bytes, &stored)?;
        videos.push(stored);
    }

    let mut employer_ids = Vec::with_capacity(employers);
    for chunk in (0..employers).collect::<Vec<_>>().chunks(BATCH) {
        s.store.write(|w| {
            for &e in chunk {
                let mut u = User::blank(Role::Employer);
                u.first_name = format!("Owner{e}");
                u.last_name = "Synthetic".into();
                u.email = format!("employer{e}@synthetic.example");
                u.password_hash = employer_hash.clone();
                u.created_at = now - 90 * DAY_MS;
                u.company = format!("{} Co {e}", FIELDS[e % FIELDS.len()]);
                u.industry = "other".into();
                u.review.status = crate::domain::review::EmployerStatus::Verified;
                u.company_size = "11-50".into();
                u.position = "Manager".into();
                u.address = "1 Main St".into();
                u.company_description =
                    "A synthetic company used for benchmarks of the InternReel server.".into();
                let u = users::insert(w, u).map_err(|e| anyhow::anyhow!("{e:?}"))?;
                employer_ids.push((u.id, u.company));
            }
            Ok::<_, anyhow::Error>(())
        })?;
    }
    let mut student_ids = Vec::with_capacity(students);
    let grades = ["junior", "senior", "sophomore"];
    let interests = [
        "technology",
        "marketing",
        "design",
        "healthcare",
        "finance",
        "engineering",
        "media",
        "education",
    ];
    for chunk in (0..students).collect::<Vec<_>>().chunks(BATCH) {
        s.store.write(|w| {
            for &k in chunk {
                let mut u = User::blank(Role::Student);
                u.first_name = format!("Student{k}");
                u.last_name = "Synthetic".into();
                u.email = format!("student{k}@synthetic.example");
                u.password_hash = student_hash.clone();
                u.created_at = now - 60 * DAY_MS;
                u.grade = grades[k % grades.len()].into();
                u.school = "Synthetic High".into();
                u.interests = vec![
                    interests[k % interests.len()].to_string(),
                    interests[(k / 3) % interests.len()].to_string(),
                ];
                u.interests.dedup();
                let u = users::insert(w, u).map_err(|e| anyhow::anyhow!("{e:?}"))?;
                student_ids.push(u.id);
            }
            Ok::<_, anyhow::Error>(())
        })?;
    }
    let mut internship_ids = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(BATCH) {
        s.store.write(|w| {
            for &k in chunk {
                let (employer_id, company) = &employer_ids[k % employers];
                let field = rng.pick(&FIELDS);
                let role = rng.pick(&ROLES);
                let created = now - ((n - k) as i64 * 60_000);
                let i = Internship {
                    id: 0,
                    employer_id: *employer_id,
                    title: format!("{field} {role}"),
                    company: company.clone(),
                    industry: "other".into(),
                    location: rng.pick(&CITIES).into(),
                    description: format!(
                        "Help our team {} {} and learn how a real {} team works.",
                        rng.pick(&VERBS),
                        rng.pick(&THINGS),
                        field.to_lowercase()
                    ),
                    requirements: Requirements::Text(
                        "Curious, reliable and kind to customers.".into(),
                    ),
                    duration: "8 weeks".into(),
                    salary: Some(format!("${}/hour", 14 + rng.below(8))),
                    deadline: crate::clock::format_date(crate::clock::date_of(
                        now + (10 + rng.below(100) as i64) * DAY_MS,
                    )),
                    created_at: created,
                    updated_at: created,
                    video: if k % 50 == 0 {
                        Video::AiProcessing
                    } else {
                        Video::File(videos[k % videos.len()].clone())
                    },
                    work_style: rng.pick(&STYLES).into(),
                    age_requirement: "16+".into(),
                    grade_requirement: "11th-12th grade".into(),
                    skills: vec![field.to_string()],
                    benefits: vec!["Mentorship".into()],
                    tags: vec![field.to_lowercase()],
                    hours_per_week: Some(10),
                    archived: false,
                    employer_status: crate::domain::review::EmployerStatus::Verified,
                    hazard_confirmed_at: Some(0),
                    held_terms: vec![],
                    hidden: false,
                    captions_rule: Default::default(),
                };
                internship_ids.push((internships::insert(w, i)?.id, *employer_id));
            }
            Ok::<_, anyhow::Error>(())
        })?;
    }
    let likes = 2 * n;
    for chunk in (0..likes).collect::<Vec<_>>().chunks(BATCH) {
        s.store.write(|w| {
            for _ in chunk {
                let student = student_ids[rng.below(students)];
                let (internship, _) = internship_ids[rng.below(n)];
                if !social::is_set(w, Mark::Like, internship, student)? {
                    social::toggle(w, Mark::Like, internship, student, now)?;
                }
            }
            Ok::<_, anyhow::Error>(())
        })?;
    }
    let apps = n / 2;
    for chunk in (0..apps).collect::<Vec<_>>().chunks(BATCH) {
        s.store.write(|w| {
            for _ in chunk {
                let student = student_ids[rng.below(students)];
                let (internship, employer) = internship_ids[rng.below(n)];
                if applications::find(w, internship, student)?.is_some() {
                    continue;
                }
                applications::insert(
                    w,
                    Application {
                        id: 0,
                        internship_id: internship,
                        student_id: student,
                        employer_id: employer,
                        status: Status::Pending,
                        applied_at: now,
                        history: vec![(Status::Pending, now)],
                    },
                )?;
            }
            Ok::<_, anyhow::Error>(())
        })?;
    }
    s.rebuild_index()?;
    Ok(format!(
        "Seeded {n} synthetic postings, {employers} employers, {students} students, {likes} likes and {apps} applications in {:.1} s\nsign in as student0@synthetic.example / student123 or employer0@synthetic.example / employer123\n",
        started.elapsed().as_secs_f64()
    ))
}
