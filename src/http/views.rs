//! Response shapes shared by several resources.

use serde::Serialize;

use crate::store::users::{Role, User};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: u64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub user_type: &'static str,
    pub grade: Option<String>,
    pub school: Option<String>,
    pub interests: Option<Vec<String>>,
    pub gpa: Option<String>,
    pub profile_image_url: Option<String>,
    pub has_transcript: bool,
    pub company: Option<String>,
    pub position: Option<String>,
    pub company_size: Option<String>,
    pub industry: Option<String>,
    pub website: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub company_description: Option<String>,
    /// Employers: how often students and visitors opened their postings.
    pub profile_views: Option<u64>,
    /// Employers: the district's review (`pending`, `verified`, `suspended`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub employer_status: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub employer_status_reason: Option<String>,
    /// Employers, where the caller read it: whether the address is confirmed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email_confirmed: Option<bool>,
    /// A student's new address waiting for its confirmation link (the account keeps `email`
    /// until then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_email: Option<String>,
    /// The account's stored language ("en", "es"), in the answers of sign-up and sign-in
    /// only: the UI switches to it at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<&'static str>,
}

pub fn photo_url(u: &User) -> Option<String> {
    u.photo
        .as_ref()
        .map(|_| format!("/api/users/{}/photo?v={}", u.id, u.photo_version))
}

impl From<&User> for UserView {
    fn from(u: &User) -> Self {
        let student = u.role == Role::Student;
        let s = |v: &String| student.then(|| v.clone());
        let e = |v: &String| (!student).then(|| v.clone());
        UserView {
            id: u.id,
            first_name: u.first_name.clone(),
            last_name: u.last_name.clone(),
            email: u.email.clone(),
            user_type: if student { "student" } else { "employer" },
            grade: s(&u.grade),
            school: s(&u.school),
            interests: student.then(|| u.interests.clone()),
            gpa: s(&u.gpa),
            profile_image_url: photo_url(u),
            has_transcript: u.transcript.is_some(),
            company: e(&u.company),
            position: e(&u.position),
            company_size: e(&u.company_size),
            industry: e(&u.industry),
            website: e(&u.website),
            phone: e(&u.phone),
            address: e(&u.address),
            company_description: e(&u.company_description),
            profile_views: (!student).then_some(u.profile_views),
            employer_status: (!student).then(|| u.review.status.as_str()),
            employer_status_reason: if student {
                None
            } else {
                u.review.reason.clone()
            },
            email_confirmed: None,
            pending_email: None,
            language: None,
        }
    }
}

/// What an employer sees of an applicant: nothing beyond what the application needs.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StudentView {
    pub id: u64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub grade: String,
    pub school: String,
    pub gpa: String,
    pub interests: Vec<String>,
    pub profile_image_url: Option<String>,
    pub transcript_url: Option<String>,
}

impl StudentView {
    /// What is left of a student who deleted their account: nothing but the word.
    pub fn deleted(id: u64) -> Self {
        StudentView {
            id,
            first_name: "Deleted student".into(),
            last_name: String::new(),
            email: String::new(),
            grade: String::new(),
            school: String::new(),
            gpa: String::new(),
            interests: vec![],
            profile_image_url: None,
            transcript_url: None,
        }
    }
}

impl From<&User> for StudentView {
    fn from(u: &User) -> Self {
        StudentView {
            id: u.id,
            first_name: u.first_name.clone(),
            last_name: u.last_name.clone(),
            email: u.email.clone(),
            grade: u.grade.clone(),
            school: u.school.clone(),
            gpa: u.gpa.clone(),
            interests: u.interests.clone(),
            profile_image_url: photo_url(u),
            transcript_url: u
                .transcript
                .as_ref()
                .map(|_| format!("/api/users/{}/transcript", u.id)),
        }
    }
}
