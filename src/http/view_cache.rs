//! How list pages of postings are rendered fast. Pages are built from cached JSON fragments
//! of each posting's shared part (internship_views.rs), each with its personal part spliced
//! in, and pages that are the same for every viewer (visitors, employers, admins) are cached
//! whole. Both caches are keyed by the store's commit count (`Store::version`), so any committed
//! write retires them: nothing is ever served that an uncached request would not have shown.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::http::HeaderValue;
use serde::Serialize;

use super::internship_views::{Marks, shared_view};
pub use super::page_keys::{PageKey, guest_key, own_key};
use crate::cache::{Bounds, Versioned};
use crate::domain::matching;
use crate::error::AppResult;
use crate::i18n::Lang;
use crate::media::Pipeline;
use crate::store::Reader;
use crate::store::internships::Internship;
use crate::store::users::User;

/// A posting and its shared view as JSON (an object, ending in `}`).
pub struct Fragment {
    pub posting: Internship,
    json: Bytes,
}

/// Postings most recently rendered, as fragments; at most this many are kept.
const FRAGMENTS: Bounds = Bounds::entries(4096).max_age(MAX_AGE);
/// Whole pages kept, and their total size.
const PAGES: Bounds = Bounds::entries(256).bytes(8 << 20).max_age(MAX_AGE);
/// Students' own pages (their flags written in) with their compressed copies, and their total
/// size: a student who reloads or pages back gets bytes compressed once, as a visitor does.
const OWN_PAGES: Bounds = Bounds::entries(4096).bytes(16 << 20).max_age(MAX_AGE);
/// Profiles whose match parts are kept, and the parts' total size.
const MATCH_PARTS: Bounds = Bounds::entries(1024).bytes(8 << 20).max_age(MAX_AGE);
/// Students whose marks are kept.
const MARKS: Bounds = Bounds::entries(8192);
/// A video file removed behind the server's back shows as missing within this time.
const MAX_AGE: Duration = Duration::from_secs(30);

/// A rendered page: whole for viewers without personal parts; for students, the page of
/// their profile (the same for every student with those interests and grade) with no flags
/// set, and where each posting's flags are, so that a student's own flags are written in.
#[derive(Clone)]
pub enum PageBody {
    Whole(Bytes),
    ForProfile(Arc<ProfilePage>),
}

impl PageBody {
    fn len(&self) -> usize {
        match self {
            PageBody::Whole(b) => b.len(),
            PageBody::ForProfile(p) => p.body.len() + p.flags_at.len() * 16,
        }
    }
}

/// A student page with every flag false, and per posting where its flags begin.
pub struct ProfilePage {
    body: Bytes,
    flags_at: Vec<(u64, usize)>,
}

/// The flags' members when none is set; closes the posting's object.
const UNMARKED: &[u8] = br#","isLiked":false,"isBookmarked":false,"hasApplied":false}"#;

#[derive(Clone)]
pub struct CachedPage {
    pub body: PageBody,
    pub link: Option<HeaderValue>,
    /// Compressed copies of a whole page, made on first request for each coding.
    pub copies: Arc<super::encoding::Copies>,
}

/// What a match score and its reasons depend on besides the posting (the reasons are written
/// in the reader's language).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Profile {
    interests: Vec<String>,
    grade: String,
    day: time::Date,
    lang: Lang,
}

/// `"matchScore":…,"matchReasons":[…]` per posting, for one profile.
type MatchParts = Arc<HashMap<u64, Bytes>>;

/// Every cache is keyed by the store's version, so any commit retires it.
pub struct ViewCache {
    fragments: Versioned<u64, Arc<Fragment>>,
    /// The page every visitor gets, by its query: looked up without a copy of the query (the
    /// edge does it for every visitor's page).
    shared_pages: Versioned<Box<str>, CachedPage>,
    /// Profiles' pages (`PageKey::Profile`): a map of their own, so no query names one.
    profile_pages: Versioned<PageKey, CachedPage>,
    /// Keyed by the student, the day and the query (`own_key`); a guest's by the profile.
    own_pages: Versioned<String, CachedPage>,
    matches: Versioned<Profile, MatchParts>,
    /// Each student's liked, saved and applied postings.
    marks: Versioned<u64, Arc<Marks>>,
}

impl Default for ViewCache {
    fn default() -> Self {
        ViewCache {
            fragments: Versioned::new(FRAGMENTS),
            shared_pages: Versioned::new(PAGES),
            profile_pages: Versioned::new(PAGES),
            own_pages: Versioned::new(OWN_PAGES),
            matches: Versioned::new(MATCH_PARTS),
            marks: Versioned::new(MARKS),
        }
    }
}

impl ViewCache {
    /// The fragment of posting `id` at store `version`, rendered from `r` when not cached;
    /// None when the posting does not exist. `known` saves the read when the caller has it.
    pub fn fragment(
        &self,
        version: u64,
        r: &impl Reader,
        media: &Pipeline,
        id: u64,
        known: Option<&Internship>,
    ) -> AppResult<Option<Arc<Fragment>>> {
        if let Some(f) = self.fragments.get(version, &id) {
            return Ok(Some(f));
        }
        let posting = match known {
            Some(i) => i.clone(),
            None => match r.get::<Internship>(id)? {
                Some(i) => i,
                None => return Ok(None),
            },
        };
        let json = serde_json::to_vec(&shared_view(r, media, &posting)?)
            .map_err(|e| crate::error::AppError::Internal(e.into()))?;
        let fragment = Arc::new(Fragment {
            posting,
            json: Bytes::from(json),
        });
        let size = fragment.json.len();
        self.fragments.keep(version, id, fragment.clone(), size);
        Ok(Some(fragment))
    }

    /// The match score and reasons of `student` for each posting, as JSON members, the reasons
    /// in `lang`; computed once per profile (interests, grade, day, language) and store
    /// version, since every student with that profile gets the same.
    pub fn match_parts(
        &self,
        version: u64,
        student: &User,
        today: time::Date,
        lang: Lang,
        postings: &[Arc<Fragment>],
    ) -> AppResult<Vec<Bytes>> {
        let profile = Profile {
            interests: student.interests.clone(),
            grade: student.grade.clone(),
            day: today,
            lang,
        };
        let mut out = Vec::with_capacity(postings.len());
        let mut missing = Vec::new();
        let known = self.matches.get(version, &profile);
        for (n, f) in postings.iter().enumerate() {
            match known.as_ref().and_then(|k| k.get(&f.posting.id)) {
                Some(b) => out.push(b.clone()),
                None => {
                    out.push(Bytes::new());
                    missing.push(n);
                }
            }
        }
        if missing.is_empty() {
            return Ok(out);
        }
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct MatchPart {
            match_score: u8,
            match_reasons: Vec<String>,
        }
        let mut made = Vec::with_capacity(missing.len());
        let seeker = student.seeker();
        for n in missing {
            let m = matching::score(&seeker, &postings[n].posting.match_facts(), today);
            let json = serde_json::to_vec(&MatchPart {
                match_score: m.score,
                match_reasons: lang.write_all(&m.reasons),
            })
            .map_err(|e| crate::error::AppError::Internal(e.into()))?;
            // Without the braces: members to splice into the posting's object.
            let part = Bytes::from(json).slice(1..);
            let part = part.slice(..part.len() - 1);
            out[n] = part.clone();
            made.push((postings[n].posting.id, part));
        }
        // Copied on write: a profile's parts grow a page at a time, and readers share them.
        let mut parts = known.map(|k| (*k).clone()).unwrap_or_default();
        parts.extend(made);
        let size = parts.values().map(|b| b.len() + 16).sum();
        self.matches.keep(version, profile, Arc::new(parts), size);
        Ok(out)
    }

    /// The student's marks at store `version`, read with `read` when not kept.
    pub fn marks(
        &self,
        version: u64,
        student: &User,
        read: impl FnOnce() -> AppResult<Marks>,
    ) -> AppResult<Arc<Marks>> {
        if let Some(known) = self.marks.get(version, &student.id) {
            return Ok(known);
        }
        let marks = Arc::new(read()?);
        self.marks.keep(version, student.id, marks.clone(), 0);
        Ok(marks)
    }

    /// A cached page: the one every visitor gets for a query, or a profile's.
    pub fn page(&self, version: u64, key: &PageKey) -> Option<CachedPage> {
        match key {
            PageKey::Shared { query } => self.shared_page(version, query),
            profile => self.profile_pages.get(version, profile),
        }
    }

    /// The page every visitor gets for `query`.
    pub fn shared_page(&self, version: u64, query: &str) -> Option<CachedPage> {
        self.shared_pages.get(version, query)
    }

    pub fn keep_page(&self, version: u64, key: PageKey, page: CachedPage) {
        let size = page.body.len();
        match key {
            PageKey::Shared { query } => self.shared_pages.keep(version, query, page, size),
            profile => self.profile_pages.keep(version, profile, page, size),
        }
    }

    /// A student's own page (`own_key`), whole, with its compressed copies.
    pub fn own_page(&self, version: u64, key: &str) -> Option<CachedPage> {
        self.own_pages.get(version, key)
    }

    pub fn keep_own_page(&self, version: u64, key: String, page: CachedPage) {
        let size = page.body.len();
        self.own_pages.keep(version, key, page, size);
    }
}

/// A list for viewers without personal parts: no match, no flags.
pub fn render_list(list: &[Arc<Fragment>]) -> Bytes {
    let mut out = Vec::with_capacity(list.iter().map(|f| f.json.len() + 100).sum());
    out.push(b'[');
    for (n, fragment) in list.iter().enumerate() {
        if n > 0 {
            out.push(b',');
        }
        out.extend_from_slice(&fragment.json[..fragment.json.len() - 1]);
        out.extend_from_slice(
            br#","matchScore":null,"matchReasons":null,"isLiked":false,"isBookmarked":false,"hasApplied":false}"#,
        );
    }
    out.push(b']');
    Bytes::from(out)
}

/// A student page of postings `list` with their match members `matching` and no flags set.
pub fn profile_page(list: &[Arc<Fragment>], matching: Vec<Bytes>) -> ProfilePage {
    let size = list
        .iter()
        .zip(&matching)
        .map(|(f, m)| f.json.len() + m.len());
    let mut body = Vec::with_capacity(size.sum::<usize>() + list.len() * (UNMARKED.len() + 2));
    let mut flags_at = Vec::with_capacity(list.len());
    body.push(b'[');
    for (n, (f, m)) in list.iter().zip(matching).enumerate() {
        if n > 0 {
            body.push(b',');
        }
        body.extend_from_slice(&f.json[..f.json.len() - 1]);
        body.push(b',');
        body.extend_from_slice(&m);
        flags_at.push((f.posting.id, body.len()));
        body.extend_from_slice(UNMARKED);
    }
    body.push(b']');
    ProfilePage {
        body: Bytes::from(body),
        flags_at,
    }
}

/// A student's page: the profile's page itself when none of its postings is marked (no
/// copy), else a copy with the student's flags written in.
pub fn render_for(page: &ProfilePage, marks: &Marks) -> Bytes {
    let marked: Vec<(usize, [bool; 3])> = page
        .flags_at
        .iter()
        .map(|&(id, at)| (at, marks.flags(id)))
        .filter(|(_, flags)| flags.contains(&true))
        .collect();
    if marked.is_empty() {
        return page.body.clone();
    }
    let mut out = Vec::with_capacity(page.body.len() + 8);
    let mut from = 0;
    for (at, [liked, saved, applied]) in marked {
        out.extend_from_slice(&page.body[from..at]);
        let flag = |on: bool| if on { &b"true"[..] } else { &b"false"[..] };
        out.extend_from_slice(br#","isLiked":"#);
        out.extend_from_slice(flag(liked));
        out.extend_from_slice(br#","isBookmarked":"#);
        out.extend_from_slice(flag(saved));
        out.extend_from_slice(br#","hasApplied":"#);
        out.extend_from_slice(flag(applied));
        out.push(b'}');
        from = at + UNMARKED.len();
    }
    out.extend_from_slice(&page.body[from..]);
    Bytes::from(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::internship_views::{InternshipView, Personal, RequirementsView, SharedView};
    use std::collections::HashSet;

    /// The spliced list says exactly what serialising each view whole says.
    #[test]
    fn spliced_lists_equal_whole_views() {
        let shared = |id| SharedView {
            id,
            title: "Robotics \"Helper\"".into(),
            company: "Acme".into(),
            company_icon: "A".into(),
            industry: "technology".into(),
            location: "Austin, TX".into(),
            description: "Build robots.\nWith us.".into(),
            requirements: RequirementsView::List(vec!["Curiosity".into()]),
            duration: "8 weeks".into(),
            salary: None,
            deadline: "2099-01-01".into(),
            application_deadline: "2099-01-01".into(),
            posted_date: "2026-11-22".into(),
            created_at: "2026-11-22T10:00:00Z".into(),
            video_url: None,
            poster_url: None,
            video_duration: None,
            captions_url: None,
            captions: vec![],
            video_error: None,
            video_status: "missing",
            employer_id: 7,
            application_count: 2,
            work_style: "Hybrid".into(),
            age_requirement: "16+".into(),
            grade_requirement: "11th-12th grade".into(),
            skills: vec![],
            benefits: vec![],
            tags: vec!["technology".into()],
            hours_per_week: Some(10),
            likes: 3,
            comments: 1,
            bookmarks: 0,
            archived: false,
            employer_verified: true,
            visibility: "public",
            held_terms: vec![],
            held_places: vec![],
            hazardous_duties_confirmed: true,
            hidden_reason: None,
            captions_rule: None,
        };
        let posting = |id| Internship {
            id,
            ..Internship::blank(7, 0)
        };
        let fragment = |id| {
            Arc::new(Fragment {
                posting: posting(id),
                json: Bytes::from(serde_json::to_vec(&shared(id)).unwrap()),
            })
        };
        let reasons = vec!["Matches your interest in Technology".to_string()];
        let matching = Bytes::from(
            serde_json::to_vec(&serde_json::json!({"matchScore": 85, "matchReasons": reasons}))
                .unwrap(),
        );
        let matching = matching.slice(1..matching.len() - 1);
        let marks = Marks {
            liked: HashSet::from([1]),
            saved: HashSet::new(),
            applied: HashSet::from([1]),
        };
        let page = profile_page(
            &[fragment(1), fragment(3)],
            vec![matching.clone(), matching],
        );
        let student = render_for(&page, &marks);
        // Nothing marked: the profile's page itself.
        let unmarked = render_for(&page, &Marks::default());
        assert_eq!(unmarked.as_ptr(), page.body.as_ptr());
        let visitor = render_list(&[fragment(2)]);
        let mut list: Vec<serde_json::Value> = serde_json::from_slice(&student).unwrap();
        list.extend(serde_json::from_slice::<Vec<serde_json::Value>>(&visitor).unwrap());
        let spliced = serde_json::Value::Array(list);
        let whole = serde_json::to_value([
            InternshipView {
                shared: shared(1),
                personal: Personal {
                    match_score: Some(85),
                    match_reasons: Some(reasons.clone()),
                    is_liked: true,
                    is_bookmarked: false,
                    has_applied: true,
                },
            },
            InternshipView {
                shared: shared(3),
                personal: Personal {
                    match_score: Some(85),
                    match_reasons: Some(reasons.clone()),
                    ..Personal::default()
                },
            },
            InternshipView {
                shared: shared(2),
                personal: Personal::default(),
            },
        ])
        .unwrap();
        assert_eq!(spliced, whole);
    }
}
