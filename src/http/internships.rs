//! Postings: the feed list, one posting, create (video upload or AI request), edit, archive.

use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::profile_viewers::ProfileViewer;
use super::uploads::{self, MB};
use super::{ApiJson, paging};
use crate::auth::{Employer, MaybeUser, Viewer};
use crate::clock::{self, now_ms};
use crate::error::{AppError, AppResult, OptionExt};
use crate::matching;
use crate::search;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::ai_requests::AiVideoRequest;
use crate::store::internships::{self, Internship, Requirements, Video};
use crate::store::users::{Role, User};
use crate::validate::{Checks, LONG_MAX, SHORT_MAX, clean};

pub use super::internship_views::{AI_MARKER, InternshipView, video_url, view};
use super::internship_views::{
    CachedPage, Fragment, Marks, PageBody, profile_key, profile_page, render_for, render_list,
};
pub use crate::media::files::{CAPTIONS, VIDEO, VIDEO_MAX};
pub const NOT_FOUND: &str = "Internship not found";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/internships",
            // The upload layers wrap the POST only: the feed's GET is the hottest route.
            post(create_internship)
                .layer::<_, std::convert::Infallible>(axum::middleware::from_fn(
                    uploads::finish_body,
                ))
                .layer(DefaultBodyLimit::max((VIDEO_MAX + 2 * MB) as usize))
                .get(list_internships),
        )
        .route(
            "/api/internships/{id}",
            get(get_internship).delete(delete_internship),
        )
        .route("/api/employers/internships", get(list_own_internships))
        .route("/api/matches", get(list_matches))
        .route(
            "/api/employers/internships/{id}",
            put(update_internship)
                .layer::<_, std::convert::Infallible>(axum::middleware::from_fn(
                    uploads::finish_body,
                ))
                .layer(DefaultBodyLimit::max((VIDEO_MAX + 2 * MB) as usize)),
        )
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ListQuery {
    q: Option<String>,
    location: Option<String>,
    limit: Option<String>,
    cursor: Option<String>,
}

/// Case-insensitive location filter; Remote postings match any location.
fn location_matches(i: &Internship, wanted: &str) -> bool {
    crate::feed::Place::of(i).is_at(wanted)
}

/// Whether a posting still takes applications on `today` (its deadline not passed).
pub fn open_on(i: &Internship, today: time::Date) -> bool {
    clock::parse_date(&i.deadline).is_none_or(|d| d >= today)
}

fn bad_cursor() -> AppError {
    AppError::bad_request("The cursor is not valid; start again without it")
}

/// The feed and browse list, paged. Three orders, each with its own cursor:
/// search results by relevance (cursor `o{offset}`), a student's feed by match score then
/// newest (cursor `s{score}_{id}`), everyone else's newest first (cursor: the last id).
/// The feed leaves out postings whose deadline has passed; search results keep them (shown
/// as closed by the clients).
/// Rendered from cached fragments; pages without personal parts are cached whole
/// (internship_views.rs).
async fn list_internships(
    State(state): State<AppState>,
    viewer: Viewer,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
    axum::extract::Query(query): axum::extract::Query<ListQuery>,
) -> AppResult<Response> {
    let coding = super::encoding::preferred(&headers);
    let limit = paging::limit(query.limit.as_deref())?;
    let cursor = query
        .cursor
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let q = query.q.unwrap_or_default();
    let location = query.location.unwrap_or_default().trim().to_lowercase();
    if q.len() > 500 || location.len() > 200 {
        return Err(AppError::bad_request("The search text is too long"));
    }
    // A guest is ranked and scored like a student with its interests and grade, and has no
    // likes, saves or applications.
    let guest = match &viewer {
        Viewer::Guest(g) => Some(super::guest::seeker(g)),
        _ => None,
    };
    let student = guest
        .as_ref()
        .or(viewer.user().filter(|u| u.role == Role::Student));
    let marks_of = |version: u64, s: &User, r: &dyn Fn() -> AppResult<Marks>| {
        if guest.is_some() {
            Ok(Arc::new(Marks::default()))
        } else {
            state.views.marks(version, s, r)
        }
    };
    // Read before the transaction begins, so the transaction sees at least this version.
    let version = state.store().version();
    let today = clock::today();
    let page_key = match student {
        None => uri.query().unwrap_or("").to_string(),
        Some(s) => profile_key(s, today) + uri.query().unwrap_or(""),
    };
    if let Some(hit) = state.views.page(version, &page_key) {
        let body = match (hit.body, student) {
            (PageBody::Whole(b), _) => {
                return Ok(whole_page(b, hit.link, &hit.copies, coding));
            }
            (PageBody::ForProfile(page), Some(s)) => {
                let marks = marks_of(version, s, &|| Marks::of(&state.store().read()?, s))?;
                render_for(&page, &marks)
            }
            (PageBody::ForProfile(_), None) => {
                return Err(AppError::Internal(anyhow::anyhow!(
                    "a student page for a visitor"
                )));
            }
        };
        return Ok(paging::respond_json(body, hit.link));
    }
    let r = state.store().read()?;
    let fragment = |id: u64, known: Option<&Internship>| {
        state.views.fragment(version, &r, state.media(), id, known)
    };
    let (list, next) = if !search::words(&q).is_empty() {
        let offset: usize = match cursor {
            None => 0,
            Some(c) => c
                .strip_prefix('o')
                .and_then(|n| n.parse().ok())
                .ok_or_else(bad_cursor)?,
        };
        // Enough hits for this page with room for filtered-out ones, not the whole result set.
        let want = ((offset + limit + 1) * 2 + 20).min(2000);
        let ids = state
            .services
            .search
            .internships(&q, want)
            .map_err(AppError::Internal)?;
        let mut matched = Vec::with_capacity(limit);
        let mut seen = 0;
        let mut more = false;
        for id in ids {
            let Some(f) = fragment(id, None)?
                .filter(|f| f.posting.is_public() && location_matches(&f.posting, &location))
            else {
                continue;
            };
            seen += 1;
            if seen <= offset {
                continue;
            }
            if matched.len() == limit {
                more = true;
                break;
            }
            matched.push(f);
        }
        (matched, more.then(|| format!("o{}", offset + limit)))
    } else if let Some(student) = student {
        let after: Option<(u8, u64)> = match cursor {
            None => None,
            Some(c) => {
                let (score, id) = c
                    .strip_prefix('s')
                    .and_then(|c| c.split_once('_'))
                    .ok_or_else(bad_cursor)?;
                Some((
                    score.parse().map_err(|_| bad_cursor())?,
                    id.parse().map_err(|_| bad_cursor())?,
                ))
            }
        };
        let ranking = ranking(&state, &r, student, &location).await?;
        // Best match first, newest first on ties; the cursor is the last (score, id) shown.
        let deeper;
        let rest = match ranking.page_after(after, limit) {
            Some(rest) => rest,
            None => {
                // Past the cached top of the ranking: this request ranks everything.
                deeper = full_ranking(&state, student, &location).await?;
                crate::feed::after(&deeper, after)
            }
        };
        let mut page = Vec::with_capacity(limit);
        for (_, id) in rest.iter().take(limit) {
            if let Some(f) = fragment(*id, None)?.filter(|f| f.posting.is_public()) {
                page.push(f);
            }
        }
        let next = (rest.len() > limit)
            .then(|| rest.get(limit - 1).map(|(s, id)| format!("s{s}_{id}")))
            .flatten();
        (page, next)
    } else {
        let before = paging::id_cursor(cursor)?;
        let (page, more) = r.page::<Internship>(before, limit, |i| {
            i.is_public() && open_on(i, today) && location_matches(i, &location)
        })?;
        let next = more
            .then(|| page.last().map(|i| i.id.to_string()))
            .flatten();
        let mut list = Vec::with_capacity(page.len());
        for i in &page {
            list.extend(fragment(i.id, Some(i))?);
        }
        (list, next)
    };
    let link = paging::link(&uri, next);
    let copies = Arc::new(super::encoding::Copies::default());
    let (page, body) = match student {
        None => {
            let body = render_list(&list);
            let cached = CachedPage {
                body: PageBody::Whole(body.clone()),
                link: link.clone(),
                copies: copies.clone(),
            };
            state.views.keep_page(version, &page_key, cached);
            return Ok(whole_page(body, link, &copies, coding));
        }
        Some(s) => {
            let page = Arc::new(profile_page(
                &list,
                state.views.match_parts(version, s, today, &list)?,
            ));
            let marks = marks_of(version, s, &|| Marks::of(&r, s))?;
            let body = render_for(&page, &marks);
            (PageBody::ForProfile(page), body)
        }
    };
    let cached = CachedPage {
        body: page,
        link: link.clone(),
        copies,
    };
    state.views.keep_page(version, &page_key, cached);
    Ok(paging::respond_json(body, link))
}

/// A page the same for every viewer: sent as its compressed copy (made once per cached page)
/// when the client takes one. Pages with a student's marks are compressed on the way out.
fn whole_page(
    body: axum::body::Bytes,
    link: Option<axum::http::HeaderValue>,
    copies: &super::encoding::Copies,
    coding: Option<super::encoding::Coding>,
) -> Response {
    let res = paging::respond_json(body.clone(), link);
    match coding {
        Some(c) if body.len() >= super::encoding::MIN_BYTES => {
            super::encoding::encoded(res, c, copies.get(c, &body))
        }
        _ => res,
    }
}

/// The student's ranking over every live posting (src/feed.rs), its first `feed::KEEP`
/// cached. A miss with a new postings generation decodes every posting once (hundreds of
/// milliseconds at 100,000), so it runs on the blocking pool; a miss for another profile only
/// scores the cached table.
async fn ranking(
    state: &AppState,
    r: &impl Reader,
    student: &User,
    location: &str,
) -> AppResult<crate::feed::Ranking> {
    let today = clock::today();
    let key = |generation| crate::feed::Key {
        generation,
        day: today,
        interests: student.interests.clone(),
        grade: student.grade.clone(),
        location: location.to_string(),
    };
    let generation = crate::store::meta::get_i64(r, search::SEARCH_GEN)?.unwrap_or(0);
    if let Some(hit) = state.feed.lookup(&key(generation)) {
        return Ok(hit);
    }
    let _turn = state
        .feed
        .turn
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    if let Some(hit) = state.feed.lookup(&key(generation)) {
        return Ok(hit);
    }
    let (state, student, location) = (state.clone(), student.clone(), location.to_string());
    let key = key(generation);
    tokio::task::spawn_blocking(move || {
        let (generation, table) = feed_table(&state)?;
        let key = crate::feed::Key { generation, ..key };
        state.feed.ranked(key, || -> AppResult<Vec<(u8, u64)>> {
            Ok(score_all(&table, &student, &location, today))
        })
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
}

/// The whole ranking, for one request that scrolled past the cached top.
async fn full_ranking(
    state: &AppState,
    student: &User,
    location: &str,
) -> AppResult<Vec<(u8, u64)>> {
    let (state, student, location) = (state.clone(), student.clone(), location.to_string());
    tokio::task::spawn_blocking(move || {
        let (_, table) = feed_table(&state)?;
        let all = score_all(&table, &student, &location, clock::today());
        Ok(crate::feed::best_first(all, usize::MAX).top)
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
}

fn score_all(
    table: &crate::feed::Table,
    student: &User,
    location: &str,
    today: time::Date,
) -> Vec<(u8, u64)> {
    let seeker = matching::Seeker::of(student);
    // Closed postings are left out of the feed (and so of the matches).
    table
        .rows
        .iter()
        .filter(|row| row.facts.open_on(today) && row.place.is_at(location))
        .map(|row| (matching::score_of(&seeker, &row.facts, today), row.id))
        .collect()
}

/// The feed's table of scoring facts at the store's current postings generation, and that
/// generation (both from one snapshot). Blocking: a new generation scans every posting.
pub fn feed_table(state: &AppState) -> AppResult<(i64, Arc<crate::feed::Table>)> {
    let r = state.store().read()?;
    let generation = crate::store::meta::get_i64(&r, search::SEARCH_GEN)?.unwrap_or(0);
    let table = state.feed.table(generation, || -> AppResult<_> {
        let mut rows = Vec::new();
        internships::each_public(&r, |i| rows.push(crate::feed::Row::of(&i)))?;
        Ok(rows)
    })?;
    Ok((generation, table))
}

/// `GET /api/matches`: the student's best 50 open postings by match score.
async fn list_matches(
    State(state): State<AppState>,
    crate::auth::Student(me): crate::auth::Student,
) -> AppResult<Response> {
    let version = state.store().version();
    let r = state.store().read()?;
    let today = clock::today();
    let ranking = ranking(&state, &r, &me, "").await?;
    let mut list = Vec::with_capacity(50);
    // The ranking holds open postings only, so its cached top holds the best 50 whenever there
    // are 50 (a posting may close after the ranking was made today: checked again below).
    for (_, id) in ranking.top.iter() {
        if list.len() == 50 {
            break;
        }
        let open = |f: &Arc<Fragment>| f.posting.is_public() && open_on(&f.posting, today);
        if let Some(f) = state
            .views
            .fragment(version, &r, state.media(), *id, None)?
            .filter(open)
        {
            list.push(f);
        }
    }
    let page = profile_page(&list, state.views.match_parts(version, &me, today, &list)?);
    let marks = state.views.marks(version, &me, || Marks::of(&r, &me))?;
    let body = render_for(&page, &marks);
    Ok(paging::respond_json(body, None))
}

async fn get_internship(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    crate::auth::ClientIp(ip): crate::auth::ClientIp,
    Path(id): Path<u64>,
) -> AppResult<Json<InternshipView>> {
    let r = state.store().read()?;
    let i = r
        .get::<Internship>(id)?
        .filter(|i| i.is_public() || viewer.as_ref().is_some_and(|u| u.id == i.employer_id))
        .ok_or_not_found(NOT_FOUND)?;
    if viewer.as_ref().is_none_or(|u| u.role == Role::Student) {
        let who = match &viewer {
            Some(u) => ProfileViewer::User(u.id),
            None => ProfileViewer::Address(ip),
        };
        if state.profile_viewers.first_today(i.employer_id, who) {
            count_profile_view(&state, i.employer_id);
        }
    }
    Ok(Json(view(&r, state.media(), &i, viewer.as_ref())?))
}

/// Counts a view of an employer's posting (company page, internship detail) by a student or a
/// visitor, once a day per viewer. Fire and forget through the group commit: the page does
/// not wait for it.
fn count_profile_view(state: &AppState, employer_id: u64) {
    let batch = state.batch.clone();
    tokio::spawn(async move {
        let _ = batch
            .run(move |w| {
                if let Some(mut e) = w.get::<User>(employer_id)? {
                    e.profile_views += 1;
                    w.put(&e)?;
                }
                Ok::<_, crate::store::StoreError>(())
            })
            .await;
    });
}

async fn list_own_internships(
    State(state): State<AppState>,
    Employer(me): Employer,
) -> AppResult<Json<Vec<InternshipView>>> {
    let r = state.store().read()?;
    let list = internships::by_employer(&r, me.id, false)?;
    let out = list
        .iter()
        .map(|i| view(&r, state.media(), i, Some(&me)))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(Json(out))
}

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
struct PostingInput {
    title: String,
    description: String,
    location: String,
    duration: String,
    requirements: RequirementsInput,
    salary: Option<String>,
    application_deadline: String,
    ai_video_requested: bool,
    work_style: Option<String>,
    age_requirement: Option<String>,
    grade_requirement: Option<String>,
    skills: Vec<String>,
    benefits: Vec<String>,
    tags: Vec<String>,
    hours_per_week: Option<u32>,
    /// The employer ticked "no hazardous duties" (older clients never send it).
    hazardous_duties_confirmed: bool,
}

/// Splits a comma- or newline-separated multipart field into a list.
fn list_field(s: &str) -> Vec<String> {
    s.split([',', '\n'])
        .map(clean)
        .filter(|x| !x.is_empty())
        .collect()
}

impl PostingInput {
    fn from_form(f: &uploads::Form) -> AppResult<Self> {
        let hours = f.text("hoursPerWeek");
        Ok(PostingInput {
            title: f.text("title"),
            description: f.text("description"),
            location: f.text("location"),
            duration: f.text("duration"),
            requirements: RequirementsInput::Text(f.text("requirements")),
            salary: Some(f.text("salary")),
            application_deadline: f.text("applicationDeadline"),
            ai_video_requested: f.text("aiVideoRequested") == "true",
            hazardous_duties_confirmed: f.text("hazardousDutiesConfirmed") == "true",
            work_style: Some(f.text("workStyle")),
            age_requirement: Some(f.text("ageRequirement")),
            grade_requirement: Some(f.text("gradeRequirement")),
            skills: list_field(&f.text("skills")),
            benefits: list_field(&f.text("benefits")),
            tags: list_field(&f.text("tags")),
            hours_per_week: if hours.trim().is_empty() {
                None
            } else {
                Some(
                    hours.trim().parse().map_err(|_| {
                        AppError::bad_request("Hours per week must be a whole number")
                    })?,
                )
            },
        })
    }

    /// Checks SPEC.md's posting rules and writes the fields into `i`.
    fn apply(self, i: &mut Internship) -> AppResult<()> {
        let mut c = Checks::new();
        let req_text = match &self.requirements {
            RequirementsInput::Text(t) => t.clone(),
            RequirementsInput::List(l) => l.join("\n"),
        };
        c.required("title", &self.title, "Title is required")
            .max_len("title", &self.title, SHORT_MAX)
            .min_len(
                "description",
                &self.description,
                10,
                "Description must be at least 10 characters",
            )
            .max_len("description", &self.description, LONG_MAX)
            .required("location", &self.location, "Location is required")
            .max_len("location", &self.location, SHORT_MAX)
            .required("duration", &self.duration, "Duration is required")
            .max_len("duration", &self.duration, SHORT_MAX)
            .min_len(
                "requirements",
                &req_text,
                10,
                "Requirements must be at least 10 characters",
            )
            .max_len("requirements", &req_text, LONG_MAX)
            .required(
                "applicationDeadline",
                &self.application_deadline,
                "Application deadline is required",
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
                "Application deadline must be a valid date",
            );
        }
        for (field, list) in [
            ("skills", &self.skills),
            ("benefits", &self.benefits),
            ("tags", &self.tags),
        ] {
            c.check(field, list.len() <= 30, "At most 30 entries");
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
            "Hours per week must be 40 or fewer",
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
fn refuse_past_deadline(i: &Internship, before: Option<&str>) -> AppResult<()> {
    if before == Some(i.deadline.as_str()) || open_on(i, clock::today()) {
        return Ok(());
    }
    let mut errors = crate::error::FieldErrors::new();
    errors.insert(
        "applicationDeadline",
        "Application deadline cannot be in the past".into(),
    );
    Err(AppError::validation(errors))
}

fn is_multipart(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"))
}

/// The posting form with its video and captions files (multipart), or the JSON form.
struct PostingForm {
    input: PostingInput,
    video: Option<uploads::Upload>,
    captions: Option<uploads::Upload>,
}

async fn read_posting(state: &AppState, req: Request) -> AppResult<PostingForm> {
    if is_multipart(req.headers()) {
        uploads::check_length(req.headers(), VIDEO_MAX + 2 * MB, VIDEO.too_large)?;
        let mp = Multipart::from_request(req, state)
            .await
            .map_err(|e| AppError::bad_request(e.body_text()))?;
        let mut form = uploads::read_form(mp, &state.paths().tmp(), &[&VIDEO, &CAPTIONS]).await?;
        Ok(PostingForm {
            input: PostingInput::from_form(&form)?,
            video: form.take_file(VIDEO.field),
            captions: form.take_file(CAPTIONS.field),
        })
    } else {
        let ApiJson(input) = ApiJson::<PostingInput>::from_request(req, state).await?;
        Ok(PostingForm {
            input,
            video: None,
            captions: None,
        })
    }
}

/// Takes in the form's files: captions checked and stored, the video probed, given its poster
/// and rendition or queued (src/media). Returns the new video (None when none was sent) and,
/// when captions came without a video, their stored name. Nothing is left behind on error.
async fn take_media(
    state: &AppState,
    video: Option<uploads::Upload>,
    captions: Option<uploads::Upload>,
) -> AppResult<(Option<crate::media::Ingested>, Option<String>)> {
    let media = state.media();
    let captions = match captions {
        Some(c) => Some(media.keep_captions(c.into_incoming())?),
        None => None,
    };
    let Some(video) = video else {
        return Ok((None, captions));
    };
    match media.ingest(video.into_incoming(), captions.clone()).await {
        Ok(ingested) => Ok((Some(ingested), None)),
        Err(e) => {
            if let Some(c) = &captions {
                media.store.remove(c);
            }
            Err(e)
        }
    }
}

/// Commits a posting change; the new video's files are removed again if the commit fails.
fn commit_with_video<T>(
    state: &AppState,
    new_video: Option<&Video>,
    f: impl FnOnce(&crate::store::Wtx) -> AppResult<T>,
) -> AppResult<T> {
    let out = state.store().write(f);
    if out.is_err()
        && let Some(v) = new_video
    {
        state.media().discard(v);
    }
    out
}

async fn create_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    req: Request,
) -> AppResult<Response> {
    let PostingForm {
        input,
        video,
        captions,
    } = read_posting(&state, req).await?;
    let ai = input.ai_video_requested && video.is_none();
    let now = now_ms();
    let mut i = Internship {
        company: me.company.clone(),
        industry: me.industry.clone(),
        employer_status: me.review.status,
        hazard_confirmed_at: input.hazardous_duties_confirmed.then_some(now),
        ..Internship::blank(me.id, now)
    };
    // The form is checked before any video work, so a typo costs no ffmpeg run.
    input.apply(&mut i)?;
    refuse_past_deadline(&i, None)?;
    if video.is_none() && !ai {
        return Err(AppError::bad_request(
            "Please attach a video file or request an AI-generated video",
        ));
    }
    if video.is_none() && captions.is_some() {
        return Err(AppError::bad_request(
            "Captions can be attached to an uploaded video; add them once the AI video is there",
        ));
    }
    let (ingested, _) = take_media(&state, video, captions).await?;
    i.video = match &ingested {
        Some(m) => m.video.clone(),
        None => Video::AiProcessing,
    };
    let new_video = ingested.as_ref().map(|m| m.video.clone());
    let (saved, generation) = commit_with_video(&state, new_video.as_ref(), |w| {
        crate::services::reports::screen_posting(w, &mut i)?;
        let i = internships::insert(w, i)?;
        crate::services::reports::sync_posting_hold(w, &i)?;
        if let Some(job) = ingested.as_ref().and_then(|m| m.job_for(i.id, now)) {
            w.put(&job)?;
        }
        if ai {
            w.put(&AiVideoRequest {
                id: i.id,
                requested_at: now,
                completed_at: None,
            })?;
        }
        Ok((i, search::bump_generation(w)?))
    })?;
    state
        .services
        .reindex_internships(generation, std::slice::from_ref(&saved));
    if matches!(saved.video, Video::Transcoding(_)) {
        state.media().wake();
    }
    let r = state.store().read()?;
    Ok((
        StatusCode::CREATED,
        Json(view(&r, state.media(), &saved, Some(&me))?),
    )
        .into_response())
}

/// Loads a posting the employer owns: 404 when missing, 403 when another's.
pub fn owned(r: &impl Reader, me: &User, id: u64) -> AppResult<Internship> {
    let i = r
        .get::<Internship>(id)?
        .filter(|i| !i.archived)
        .ok_or_not_found(NOT_FOUND)?;
    if i.employer_id != me.id {
        return Err(AppError::Forbidden(
            "This posting belongs to another employer".into(),
        ));
    }
    Ok(i)
}

async fn update_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
    req: Request,
) -> AppResult<Json<InternshipView>> {
    let mut i = owned(&state.store().read()?, &me, id)?;
    let PostingForm {
        input,
        video,
        captions,
    } = read_posting(&state, req).await?;
    let was = i.deadline.clone();
    let confirmed = input.hazardous_duties_confirmed;
    input.apply(&mut i)?;
    refuse_past_deadline(&i, Some(&was))?;
    i.updated_at = now_ms();
    let (ingested, captions_only) = take_media(&state, video, captions).await?;
    let new_video = ingested.as_ref().map(|m| m.video.clone());
    let result = commit_with_video(&state, new_video.as_ref(), |w| {
        // Re-read inside the transaction: the posting may have changed meanwhile (its video
        // converted by the worker, say), and only the form's fields and new files are ours.
        let fresh = owned(w, &me, id)?;
        let old_video = fresh.video.clone();
        i.video = match (&new_video, &captions_only) {
            (Some(v), _) => v.clone(),
            (None, Some(c)) => crate::media::with_captions(&fresh.video, c.clone()).ok_or_else(|| {
                AppError::bad_request(
                    "Captions can be attached to an uploaded video; add them once the AI video is there",
                )
            })?,
            (None, None) => fresh.video,
        };
        // The district's side of the record is not the form's to change.
        i.employer_status = fresh.employer_status;
        i.hidden = fresh.hidden;
        i.hazard_confirmed_at = if confirmed {
            Some(i.updated_at)
        } else {
            fresh.hazard_confirmed_at
        };
        crate::services::reports::screen_posting(w, &mut i)?;
        w.put(&i)?;
        crate::services::reports::sync_posting_hold(w, &i)?;
        let generation = search::bump_generation(w)?;
        if new_video.is_some() {
            // A job for the replaced upload is void; the new one (if any) takes its place.
            w.delete::<crate::store::transcodes::TranscodeJob>(id)?;
            if let Some(job) = ingested.as_ref().and_then(|m| m.job_for(id, i.updated_at)) {
                w.put(&job)?;
            }
        }
        if new_video.is_some()
            && let Some(mut req) = w.get::<AiVideoRequest>(id)?
            && req.completed_at.is_none()
        {
            req.completed_at = Some(i.updated_at);
            w.put(&req)?;
        }
        Ok((i, generation, old_video))
    });
    let (saved, generation, old_video) = match result {
        Ok(x) => x,
        Err(e) => {
            if let Some(c) = &captions_only {
                state.media().store.remove(c);
            }
            return Err(e);
        }
    };
    state
        .services
        .reindex_internships(generation, std::slice::from_ref(&saved));
    state.media().discard_replaced(&old_video, &saved.video);
    if matches!(saved.video, Video::Transcoding(_)) {
        state.media().wake();
    }
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, Some(&me))?))
}

#[derive(Serialize)]
struct Deleted {
    message: &'static str,
}

/// Archives the posting: it leaves the feed and search, while applications and their
/// messages stay readable by both sides.
async fn delete_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
) -> AppResult<Json<Deleted>> {
    let (archived, generation) = state.store().write(|w| {
        let mut i = owned(w, &me, id)?;
        i.archived = true;
        i.updated_at = now_ms();
        w.put(&i)?;
        Ok::<_, AppError>((i, search::bump_generation(w)?))
    })?;
    state.services.reindex_internships(generation, &[archived]);
    Ok(Json(Deleted {
        message: "Internship deleted",
    }))
}
