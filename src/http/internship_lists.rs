//! The feed, browse and search lists (`GET /api/internships`) and a student's matches
//! (`GET /api/matches`): three orders, cached fragments and pages (internship_views.rs), the
//! ranking of feed.rs.

use std::sync::Arc;

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;

use super::internship_views::Marks;
use super::paging;
use super::view_cache::{
    CachedPage, Fragment, PageBody, profile_key, profile_page, render_for, render_list,
};
use crate::auth::Viewer;
use crate::clock;
use crate::error::{AppError, AppResult};
use crate::matching;
use crate::search;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::internships::{self, Internship};
use crate::store::users::{Role, User};

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct ListQuery {
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
pub(super) async fn list_internships(
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
pub(super) async fn list_matches(
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
