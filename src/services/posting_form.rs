//! The posting form (JSON or multipart text fields) and its rules, with the messages the
//! clients show: required title, description, location, duration and deadline, lengths,
//! a deadline not in the past, known work styles, age and grade requirements.

use serde::Deserialize;

use crate::clock;
use crate::error::{AppError, AppResult};
use crate::store::internships::{Internship, Requirements};
use crate::validate::{Checks, LONG_MAX, SHORT_MAX, clean};

#[derive(Deserialize)]
#[serde(untagged)]
enum RequirementsInput {
    Text(String),
    List(Vec<String>),
}

impl Default for RequirementsInput {
    fn default() -> Self {
        RequirementsInput::Text(String::new())
    }
}

/// The posting form, from JSON or from multipart text fields.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct PostingInput {
    title: String,
    description: String,
    location: String,
    duration: String,
    requirements: RequirementsInput,
    salary: Option<String>,
    application_deadline: String,
    pub ai_video_requested: bool,
    work_style: Option<String>,
    age_requirement: Option<String>,
    grade_requirement: Option<String>,
    skills: Vec<String>,
    benefits: Vec<String>,
    tags: Vec<String>,
    hours_per_week: Option<u32>,
    /// The employer ticked "no hazardous duties" (older clients never send it).
    pub hazardous_duties_confirmed: bool,
}

/// Splits a comma- or newline-separated multipart field into a list.
fn list_field(s: &str) -> Vec<String> {
    s.split([',', '\n'])
        .map(clean)
        .filter(|x| !x.is_empty())
        .collect()
}

impl PostingInput {
    /// The form from multipart text fields (`text` answers "" for a field not sent).
    pub fn from_fields(text: impl Fn(&str) -> String) -> AppResult<Self> {
        let hours = text("hoursPerWeek");
        Ok(PostingInput {
            title: text("title"),
            description: text("description"),
            location: text("location"),
            duration: text("duration"),
            requirements: RequirementsInput::Text(text("requirements")),
            salary: Some(text("salary")),
            application_deadline: text("applicationDeadline"),
            ai_video_requested: text("aiVideoRequested") == "true",
            hazardous_duties_confirmed: text("hazardousDutiesConfirmed") == "true",
            work_style: Some(text("workStyle")),
            age_requirement: Some(text("ageRequirement")),
            grade_requirement: Some(text("gradeRequirement")),
            skills: list_field(&text("skills")),
            benefits: list_field(&text("benefits")),
            tags: list_field(&text("tags")),
            hours_per_week: if hours.trim().is_empty() {
                None
            } else {
                Some(hours.trim().parse().map_err(|_| {
                    AppError::bad_request(crate::t!("hours-per-week-must-be-a-whole"))
                })?)
            },
        })
    }

    /// Checks the posting rules and writes the fields into `i`.
    pub fn apply(self, i: &mut Internship) -> AppResult<()> {
        let mut c = Checks::new();
        let req_text = match &self.requirements {
            RequirementsInput::Text(t) => t.clone(),
            RequirementsInput::List(l) => l.join("\n"),
        };
        c.required("title", &self.title, &crate::t!("title-is-required"))
            .max_len("title", &self.title, SHORT_MAX)
            .min_len(
                "description",
                &self.description,
                10,
                &crate::t!("description-must-be-at-least-10-characters"),
            )
            .max_len("description", &self.description, LONG_MAX)
            .required(
                "location",
                &self.location,
                &crate::t!("location-is-required"),
            )
            .max_len("location", &self.location, SHORT_MAX)
            .required(
                "duration",
                &self.duration,
                &crate::t!("duration-is-required"),
            )
            .max_len("duration", &self.duration, SHORT_MAX)
            .min_len(
                "requirements",
                &req_text,
                10,
                &crate::t!("requirements-must-be-at-least-10-characters"),
            )
            .max_len("requirements", &req_text, LONG_MAX)
            .required(
                "applicationDeadline",
                &self.application_deadline,
                &crate::t!("application-deadline-is-required"),
            );
        c.max_len(
            "salary",
            self.salary.as_deref().unwrap_or("").trim(),
            SHORT_MAX,
        );
        let salary = clean(self.salary.as_deref().unwrap_or(""));
        let deadline = clock::parse_date(&self.application_deadline);
        if !c.has("applicationDeadline") && deadline.is_none() {
            c.fail(
                "applicationDeadline",
                &crate::t!("application-deadline-must-be-a-valid-date"),
            );
        }
        for (field, list) in [
            ("skills", &self.skills),
            ("benefits", &self.benefits),
            ("tags", &self.tags),
        ] {
            c.check(field, list.len() <= 30, &crate::t!("at-most-30-entries"));
            for x in list.iter() {
                c.max_len(field, x, 60);
            }
        }
        for (field, v) in [
            ("workStyle", &self.work_style),
            ("ageRequirement", &self.age_requirement),
            ("gradeRequirement", &self.grade_requirement),
        ] {
            c.max_len(field, v.as_deref().unwrap_or(""), 60);
        }
        c.check(
            "hoursPerWeek",
            self.hours_per_week.is_none_or(|h| h <= 40),
            &crate::t!("hours-per-week-must-be-40-or"),
        );
        c.finish()?;
        let or = |v: Option<String>, d: &str| {
            let v = clean(v.as_deref().unwrap_or(""));
            if v.is_empty() { d.to_string() } else { v }
        };
        i.title = clean(&self.title);
        i.description = clean(&self.description);
        i.location = clean(&self.location);
        i.duration = clean(&self.duration);
        i.requirements = match self.requirements {
            RequirementsInput::Text(t) => Requirements::Text(clean(&t)),
            RequirementsInput::List(l) => Requirements::List(
                l.iter()
                    .map(|s| clean(s))
                    .filter(|s| !s.is_empty())
                    .collect(),
            ),
        };
        i.salary = (!salary.is_empty()).then_some(salary);
        i.deadline = deadline.map(clock::format_date).unwrap_or_default();
        // A Remote posting whose work style was left alone is remote, not "Remote · On-site".
        let remote = i.location.eq_ignore_ascii_case("remote");
        i.work_style = or(self.work_style, if remote { "Remote" } else { "On-site" });
        i.age_requirement = or(self.age_requirement, "16+");
        i.grade_requirement = or(self.grade_requirement, "");
        let tidy = |l: Vec<String>| {
            l.iter()
                .map(|s| clean(s))
                .filter(|s| !s.is_empty())
                .collect()
        };
        i.skills = tidy(self.skills);
        i.benefits = tidy(self.benefits);
        i.tags = tidy(self.tags);
        i.hours_per_week = self.hours_per_week;
        Ok(())
    }
}

/// A new deadline must not have passed (an edit that keeps an old one is fine).
pub fn refuse_past_deadline(i: &Internship, before: Option<&str>) -> AppResult<()> {
    if before == Some(i.deadline.as_str())
        || crate::domain::applications::open_on(clock::parse_date(&i.deadline), clock::today())
    {
        return Ok(());
    }
    let mut errors = crate::error::FieldErrors::new();
    errors.insert(
        "applicationDeadline",
        crate::t!("application-deadline-cannot-be-in-the-past"),
    );
    Err(AppError::validation(errors))
}
