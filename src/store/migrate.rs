//! Schema migrations. postcard is not self-describing, so a record type that gains fields is
//! read with a copy of its old layout and written again in the new one, every row, inside the
//! one transaction that also records the new schema version: a crash leaves the old schema.
//! Each step writes the newest layout of the records it converts, so schema 1 goes to the
//! newest at once.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::internships::{Internship, Requirements, Video};
use super::messages::Message;
use super::social::{Comment, CommentState};
use super::users::{EmployerStatus, Review, Role, User};
use super::{Entity, StoreResult, Wtx, codec, tables};
use crate::domain::captions_rule::CaptionsRule;

/// Schema 1 → 2: the district's review of employers (users), the hazardous-duties screen and
/// hiding (postings), held and hidden comments, hidden messages. Employers that existed before
/// district review were live, so they (and their postings) start verified.
pub fn to_v2(w: &Wtx) -> StoreResult<()> {
    rewrite::<UserV1, User>(w, tables::USERS, |u| User {
        id: u.id,
        role: u.role,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        password_hash: u.password_hash,
        created_at: u.created_at,
        grade: u.grade,
        school: u.school,
        interests: u.interests,
        gpa: u.gpa,
        photo: u.photo,
        photo_version: u.photo_version,
        transcript: u.transcript,
        company: u.company,
        position: u.position,
        company_size: u.company_size,
        industry: u.industry,
        website: u.website,
        phone: u.phone,
        address: u.address,
        company_description: u.company_description,
        profile_views: u.profile_views,
        review: Review {
            status: EmployerStatus::Verified,
            reason: None,
            changed_at: None,
        },
    })?;
    rewrite::<InternshipV1, Internship>(w, tables::INTERNSHIPS, |i| Internship {
        id: i.id,
        employer_id: i.employer_id,
        title: i.title,
        company: i.company,
        industry: i.industry,
        location: i.location,
        description: i.description,
        requirements: i.requirements,
        duration: i.duration,
        salary: i.salary,
        deadline: i.deadline,
        created_at: i.created_at,
        updated_at: i.updated_at,
        video: i.video,
        work_style: i.work_style,
        age_requirement: i.age_requirement,
        grade_requirement: i.grade_requirement,
        skills: i.skills,
        benefits: i.benefits,
        tags: i.tags,
        hours_per_week: i.hours_per_week,
        archived: i.archived,
        employer_status: EmployerStatus::Verified,
        hazard_confirmed_at: None,
        held_terms: vec![],
        hidden: false,
        captions_rule: CaptionsRule::default(),
    })?;
    rewrite::<CommentV1, Comment>(w, tables::COMMENTS, |c| Comment {
        id: c.id,
        internship_id: c.internship_id,
        user_id: c.user_id,
        content: c.content,
        created_at: c.created_at,
        state: CommentState::Visible,
    })?;
    rewrite::<MessageV1, Message>(w, tables::MESSAGES, |m| Message {
        id: m.id,
        application_id: m.application_id,
        sender_id: m.sender_id,
        receiver_id: m.receiver_id,
        content: m.content,
        created_at: m.created_at,
        read_at: m.read_at,
        hidden: false,
    })
}

/// Schema 2 → 3: the district's captions rule on postings. A posting from before was never
/// measured and holds nothing: the rule applies to videos uploaded from now on.
pub fn to_v3(w: &Wtx) -> StoreResult<()> {
    rewrite::<InternshipV2, Internship>(w, tables::INTERNSHIPS, |i| Internship {
        id: i.id,
        employer_id: i.employer_id,
        title: i.title,
        company: i.company,
        industry: i.industry,
        location: i.location,
        description: i.description,
        requirements: i.requirements,
        duration: i.duration,
        salary: i.salary,
        deadline: i.deadline,
        created_at: i.created_at,
        updated_at: i.updated_at,
        video: i.video,
        work_style: i.work_style,
        age_requirement: i.age_requirement,
        grade_requirement: i.grade_requirement,
        skills: i.skills,
        benefits: i.benefits,
        tags: i.tags,
        hours_per_week: i.hours_per_week,
        archived: i.archived,
        employer_status: i.employer_status,
        hazard_confirmed_at: i.hazard_confirmed_at,
        held_terms: i.held_terms,
        hidden: i.hidden,
        captions_rule: CaptionsRule::default(),
    })
}

fn rewrite<Old: DeserializeOwned, New: Entity>(
    w: &Wtx,
    table: tables::EntityTable,
    convert: impl Fn(Old) -> New,
) -> StoreResult<()> {
    let rows = w.raw_rows(table)?;
    for (id, bytes) in rows {
        let old: Old = codec::decode(&bytes).map_err(|source| super::StoreError::Decode {
            table: table.to_string(),
            id,
            source,
        })?;
        w.put(&convert(old))?;
    }
    Ok(())
}

#[derive(Serialize, Deserialize)]
struct UserV1 {
    id: u64,
    role: Role,
    first_name: String,
    last_name: String,
    email: String,
    password_hash: String,
    created_at: i64,
    grade: String,
    school: String,
    interests: Vec<String>,
    gpa: String,
    photo: Option<String>,
    photo_version: u32,
    transcript: Option<(String, String)>,
    company: String,
    position: String,
    company_size: String,
    industry: String,
    website: String,
    phone: String,
    address: String,
    company_description: String,
    profile_views: u64,
}

#[derive(Serialize, Deserialize)]
struct InternshipV1 {
    id: u64,
    employer_id: u64,
    title: String,
    company: String,
    industry: String,
    location: String,
    description: String,
    requirements: Requirements,
    duration: String,
    salary: Option<String>,
    deadline: String,
    created_at: i64,
    updated_at: i64,
    video: Video,
    work_style: String,
    age_requirement: String,
    grade_requirement: String,
    skills: Vec<String>,
    benefits: Vec<String>,
    tags: Vec<String>,
    hours_per_week: Option<u32>,
    archived: bool,
}

#[derive(Serialize, Deserialize)]
struct InternshipV2 {
    id: u64,
    employer_id: u64,
    title: String,
    company: String,
    industry: String,
    location: String,
    description: String,
    requirements: Requirements,
    duration: String,
    salary: Option<String>,
    deadline: String,
    created_at: i64,
    updated_at: i64,
    video: Video,
    work_style: String,
    age_requirement: String,
    grade_requirement: String,
    skills: Vec<String>,
    benefits: Vec<String>,
    tags: Vec<String>,
    hours_per_week: Option<u32>,
    archived: bool,
    employer_status: EmployerStatus,
    hazard_confirmed_at: Option<i64>,
    held_terms: Vec<String>,
    hidden: bool,
}

#[derive(Serialize, Deserialize)]
struct CommentV1 {
    id: u64,
    internship_id: u64,
    user_id: u64,
    content: String,
    created_at: i64,
}

#[derive(Serialize, Deserialize)]
struct MessageV1 {
    id: u64,
    application_id: u64,
    sender_id: u64,
    receiver_id: u64,
    content: String,
    created_at: i64,
    read_at: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database written by schema 1 opens under schema 2 with every row readable.
    #[test]
    fn schema_1_rows_are_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.redb");
        {
            let store = super::super::Store::open(&path).unwrap();
            store
                .write(|w| {
                    let old = UserV1 {
                        id: 7,
                        role: Role::Employer,
                        first_name: "Ada".into(),
                        last_name: "L".into(),
                        email: "a@x.org".into(),
                        password_hash: String::new(),
                        created_at: 1,
                        grade: String::new(),
                        school: String::new(),
                        interests: vec![],
                        gpa: String::new(),
                        photo: None,
                        photo_version: 0,
                        transcript: None,
                        company: "Co".into(),
                        position: String::new(),
                        company_size: String::new(),
                        industry: String::new(),
                        website: String::new(),
                        phone: String::new(),
                        address: String::new(),
                        company_description: String::new(),
                        profile_views: 3,
                    };
                    w.raw_put(tables::USERS, 7, &codec::encode(&old))?;
                    let c = CommentV1 {
                        id: 2,
                        internship_id: 1,
                        user_id: 7,
                        content: "hi".into(),
                        created_at: 5,
                    };
                    w.raw_put(tables::COMMENTS, 2, &codec::encode(&c))?;
                    super::super::meta::set_schema_version(w, 1)
                })
                .unwrap();
        }
        let store = super::super::Store::open(&path).unwrap();
        let r = store.read().unwrap();
        use super::super::Reader;
        let u: User = r.get(7).unwrap().unwrap();
        assert_eq!((u.company.as_str(), u.profile_views), ("Co", 3));
        assert_eq!(u.review.status, EmployerStatus::Verified);
        let c: Comment = r.get(2).unwrap().unwrap();
        assert_eq!(c.state, CommentState::Visible);
        assert_eq!(
            super::super::meta::schema_version(&r).unwrap(),
            Some(super::super::SCHEMA_VERSION)
        );
    }

    /// A schema 2 posting opens under schema 3 as it was, held by nothing new, and the
    /// upgraded directory does not get the new directory's captions rule.
    #[test]
    fn schema_2_postings_are_rewritten_without_the_captions_rule() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.redb");
        {
            let store = super::super::Store::open(&path).unwrap();
            store
                .write(|w| {
                    let old = InternshipV2 {
                        id: 4,
                        employer_id: 7,
                        title: "Helper".into(),
                        company: "Co".into(),
                        industry: String::new(),
                        location: String::new(),
                        description: String::new(),
                        requirements: Requirements::Text(String::new()),
                        duration: String::new(),
                        salary: None,
                        deadline: "2099-01-01".into(),
                        created_at: 1,
                        updated_at: 1,
                        video: Video::None,
                        work_style: String::new(),
                        age_requirement: String::new(),
                        grade_requirement: String::new(),
                        skills: vec![],
                        benefits: vec![],
                        tags: vec![],
                        hours_per_week: None,
                        archived: false,
                        employer_status: EmployerStatus::Verified,
                        hazard_confirmed_at: Some(1),
                        held_terms: vec![],
                        hidden: false,
                    };
                    w.raw_put(tables::INTERNSHIPS, 4, &codec::encode(&old))?;
                    // A directory of schema 2 never had the setting.
                    w.meta_remove("setting:captions-required")?;
                    super::super::meta::set_schema_version(w, 2)
                })
                .unwrap();
        }
        let store = super::super::Store::open(&path).unwrap();
        let r = store.read().unwrap();
        use super::super::Reader;
        let i: Internship = r.get(4).unwrap().unwrap();
        assert_eq!(i.title, "Helper");
        assert!(i.is_public());
        assert_eq!(i.captions_rule, CaptionsRule::default());
        assert_eq!(
            super::super::meta::get_string(&r, "setting:captions-required").unwrap(),
            None
        );
    }
}
