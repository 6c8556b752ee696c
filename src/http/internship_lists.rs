//! The feed, browse and search lists (`GET /api/internships`) and a student's matches
//! (`GET /api/matches`): three orders, cached fragments and pages (view_cache.rs), the
//! ranking of services/feed.rs.
//! Over 500 lines: both lists share the orders' cursors, the cached pages and the query checks.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use serde::Deserialize;

use super::internship_views::Marks;
use super::view_cache::{
    CachedPage, Fragment, PageBody, PageKey, guest_key, own_key, profile_page, render_for,
    render_list,
};
use super::{language, paging};
use crate::auth::Viewer;
use crate::clock;
use crate::error::{AppError, AppResult};
use crate::search;
use crate::services::feed;
use crate::services::postings::open_on;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::internships::Internship;
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
    feed::Place::of(i).is_at(wanted)
}

fn bad_cursor() -> AppError {
    AppError::bad_request(crate::t!("the-cursor-is-not-valid-start-again"))
}

/// Where the next page starts, one form per list order: search results by relevance
/// (`o{offset}`), a student's feed by match score then newest (`s{score}_{id}`, the last
/// shown), everyone else's newest first (the last id shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cursor {
    Offset(usize),
    Score(u8, u64),
    Before(u64),
    /// The newest-first list's second part (postings without a playable video): `l{id}`.
    Later(u64),
}

impl Cursor {
    fn parse(raw: Option<&str>) -> AppResult<Option<Cursor>> {
        let Some(c) = raw else {
            return Ok(None);
        };
        let cursor = if let Some(n) = c.strip_prefix('o') {
            n.parse().ok().map(Cursor::Offset)
        } else if let Some(id) = c.strip_prefix('l') {
            id.parse().ok().map(Cursor::Later)
        } else if let Some(rest) = c.strip_prefix('s') {
            rest.split_once('_')
                .and_then(|(s, id)| Some(Cursor::Score(s.parse().ok()?, id.parse().ok()?)))
        } else {
            paging::id_cursor(Some(c))?.map(Cursor::Before)
        };
        cursor.map(Some).ok_or_else(bad_cursor)
    }
}

impl std::fmt::Display for Cursor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cursor::Offset(n) => write!(f, "o{n}"),
            Cursor::Score(s, id) => write!(f, "s{s}_{id}"),
            Cursor::Before(id) => write!(f, "{id}"),
            Cursor::Later(id) => write!(f, "l{id}"),
        }
    }
}

/// A posting's cached fragment at this request's store version (None: gone).
type FragmentOf<'a> =
    dyn Fn(u64, Option<&Internship>) -> AppResult<Option<Arc<Fragment>>> + Sync + 'a;
type Page = (Vec<Arc<Fragment>>, Option<Cursor>);

/// Search results by relevance; closed postings stay (the clients show them as closed).
fn search_page(
    state: &AppState,
    fragment: &FragmentOf,
    q: &str,
    location: &str,
    offset: usize,
    limit: usize,
) -> AppResult<Page> {
    // Enough hits for this page with room for filtered-out ones, not the whole result set.
    let want = ((offset + limit + 1) * 2 + 20).min(2000);
    let ids = state
        .services
        .search
        .internships(q, want)
        .map_err(AppError::Internal)?;
    let mut matched = Vec::with_capacity(limit);
    let mut seen = 0;
    let mut more = false;
    for id in ids {
        let Some(f) = fragment(id, None)?
            .filter(|f| f.posting.is_public() && location_matches(&f.posting, location))
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
    Ok((matched, more.then_some(Cursor::Offset(offset + limit))))
}

/// A student's (or guest's) feed: best match first, newest first on ties, open postings only.
async fn ranked_page(
    state: &AppState,
    r: &impl Reader,
    fragment: &FragmentOf<'_>,
    student: &User,
    location: &str,
    after: Option<(u8, u64)>,
    limit: usize,
) -> AppResult<Page> {
    let today = clock::today();
    let ranking = state
        .feed
        .ranking(&state.services, r, student, location, today)
        .await?;
    let deeper;
    let rest = match ranking.page_after(after, limit) {
        Some(rest) => rest,
        None => {
            // Past the cached top of the ranking: this request ranks everything.
            deeper = state
                .feed
                .full_ranking(&state.services, student, location, today)
                .await?;
            feed::after(&deeper, after)
        }
    };
    let mut page = Vec::with_capacity(limit);
    for (_, id) in rest.iter().take(limit) {
        if let Some(f) = fragment(*id, None)?.filter(|f| f.posting.is_public()) {
            page.push(f);
        }
    }
    let next = (rest.len() > limit)
        .then(|| rest.get(limit - 1).map(|(s, id)| Cursor::Score(*s, *id)))
        .flatten();
    Ok((page, next))
}

/// Everyone else's feed and browse list: open postings, newest first, those whose video plays
/// first and the rest (awaiting an AI video, converting) after them (`Cursor::Before` pages
/// the first part, `Cursor::Later` the second).
fn newest_page(
    r: &impl Reader,
    fragment: &FragmentOf,
    location: &str,
    today: time::Date,
    cursor: Option<Cursor>,
    limit: usize,
) -> AppResult<Page> {
    let shown =
        |i: &Internship| i.is_public() && open_on(i, today) && location_matches(i, location);
    let mut page = Vec::with_capacity(limit);
    // Where the second part starts: after `id`, or from its top (u64::MAX).
    let mut later_from = match cursor {
        Some(Cursor::Later(id)) => Some(id),
        _ => None,
    };
    if later_from.is_none() {
        let before = match cursor {
            Some(Cursor::Before(id)) => Some(id),
            _ => None,
        };
        let (first, more) = r.page::<Internship>(before, limit, |i| shown(i) && i.video.plays())?;
        if more {
            let next = first.last().map(|i| Cursor::Before(i.id));
            let mut list = Vec::with_capacity(first.len());
            for i in &first {
                list.extend(fragment(i.id, Some(i))?);
            }
            return Ok((list, next));
        }
        page = first;
        later_from = Some(u64::MAX);
    }
    let room = limit - page.len();
    let mut next = None;
    if room == 0 {
        next = later_from.map(Cursor::Later);
    } else {
        let (later, more) =
            r.page::<Internship>(later_from, room, |i| shown(i) && !i.video.plays())?;
        if more {
            next = later.last().map(|i| Cursor::Later(i.id));
        }
        page.extend(later);
    }
    let mut list = Vec::with_capacity(page.len());
    for i in &page {
        list.extend(fragment(i.id, Some(i))?);
    }
    Ok((list, next))
}

/// The feed and browse list, paged, in one of three orders (`Cursor`). Rendered from cached
/// fragments; pages without personal parts are cached whole (view_cache.rs).
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
        return Err(AppError::bad_request(crate::t!(
            "the-search-text-is-too-long"
        )));
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
    // The language of the match reasons (only pages with a profile carry any).
    let lang = crate::i18n::current();
    // A student's own page, as sent before at this version: bytes and compressed copies.
    let query = uri.query().unwrap_or("");
    // Guests have no flags: every guest with this profile is sent the same page.
    let own = match (&guest, student) {
        (Some(g), _) => Some(guest_key(g, today, lang, query)),
        (None, Some(s)) => Some(own_key(s, today, lang, query)),
        (None, None) => None,
    };
    if let Some(res) = own
        .as_ref()
        .and_then(|k| sent_before(state.views.own_page(version, k), coding))
    {
        return Ok(res);
    }
    let page_key = match student {
        None => PageKey::shared(query),
        Some(s) => PageKey::profile(s, today, lang, query),
    };
    // A student's page is kept whole for her (with its copies) once her flags are written in.
    let own_answer = |body: axum::body::Bytes, link: Option<axum::http::HeaderValue>| {
        let copies = Arc::new(super::encoding::Copies::default());
        if let Some(k) = &own {
            let page = CachedPage {
                body: PageBody::Whole(body.clone()),
                link: link.clone(),
                copies: copies.clone(),
            };
            state.views.keep_own_page(version, k.clone(), page);
        }
        whole_page(body, link, &copies, coding)
    };
    // The key's kind says the page's kind; a page of the other kind would be a miss.
    match (state.views.page(version, &page_key), student) {
        (
            Some(CachedPage {
                body: PageBody::Whole(b),
                link,
                copies,
            }),
            None,
        ) => {
            return Ok(whole_page(b, link, &copies, coding));
        }
        (
            Some(CachedPage {
                body: PageBody::ForProfile(page),
                link,
                ..
            }),
            Some(s),
        ) => {
            let marks = marks_of(version, s, &|| Marks::of(&state.store().read()?, s))?;
            return Ok(own_answer(render_for(&page, &marks), link));
        }
        _ => {}
    }
    let r = state.store().read()?;
    let fragment = |id: u64, known: Option<&Internship>| {
        state.views.fragment(version, &r, state.media(), id, known)
    };
    let cursor = Cursor::parse(cursor)?;
    let (list, next) = if !search::words(&q).is_empty() {
        let offset = match cursor {
            None => 0,
            Some(Cursor::Offset(n)) => n,
            Some(_) => return Err(bad_cursor()),
        };
        search_page(&state, &fragment, &q, &location, offset, limit)?
    } else if let Some(student) = student {
        let after = match cursor {
            None => None,
            Some(Cursor::Score(score, id)) => Some((score, id)),
            Some(_) => return Err(bad_cursor()),
        };
        ranked_page(&state, &r, &fragment, student, &location, after, limit).await?
    } else {
        if !matches!(cursor, None | Some(Cursor::Before(_) | Cursor::Later(_))) {
            return Err(bad_cursor());
        }
        newest_page(&r, &fragment, &location, today, cursor, limit)?
    };
    let next = next.map(|c| c.to_string());
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
            state.views.keep_page(version, page_key, cached);
            return Ok(whole_page(body, link, &copies, coding));
        }
        Some(s) => {
            let page = Arc::new(profile_page(
                &list,
                state.views.match_parts(version, s, today, lang, &list)?,
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
    state.views.keep_page(version, page_key, cached);
    Ok(own_answer(body, link))
}

/// `GET /api/internships` answered before routing (`http::edge`) when the page is one sent
/// before at this store version: a student's own page, or the page every visitor, employer
/// and admin gets. The same bytes and headers `list_internships` sends for it; None (a
/// guest, a page not kept, a store that fails) leaves the request to the router.
pub fn sent_before_routing(
    state: &AppState,
    headers: &axum::http::HeaderMap,
    query: &str,
) -> Option<Response> {
    // In the order `list_internships` reads them: the viewer, the version, the day.
    let viewer = Viewer::of(state, headers).ok()?;
    let version = state.store().version();
    let kept = match &viewer {
        Viewer::Guest(_) => return None,
        Viewer::User(u) if u.role == Role::Student => state.views.own_page(
            version,
            &own_key(
                u,
                clock::today(),
                language::of_user(state, u.id, headers),
                query,
            ),
        ),
        _ => state.views.shared_page(version, query),
    };
    let accepted = super::encoding::Accepted::of(headers);
    if accepted.identity_refused {
        // The compression layer answers 406 when nothing it can send is acceptable.
        return None;
    }
    sent_before(kept, accepted.preferred())
}

/// A page kept whole, sent as it was before; None for a profile's page, which takes the
/// student's flags.
fn sent_before(
    kept: Option<CachedPage>,
    coding: Option<super::encoding::Coding>,
) -> Option<Response> {
    let kept = kept?;
    match kept.body {
        PageBody::Whole(b) => Some(whole_page(b, kept.link, &kept.copies, coding)),
        PageBody::ForProfile(_) => None,
    }
}

/// A cached page, sent as its compressed copy (made once per cached page) when the client
/// takes one.
fn whole_page(
    body: axum::body::Bytes,
    link: Option<axum::http::HeaderValue>,
    copies: &super::encoding::Copies,
    coding: Option<super::encoding::Coding>,
) -> Response {
    if body.len() < super::encoding::MIN_BYTES {
        return paging::respond_json(body, link);
    }
    let sent = match coding {
        Some(c) => copies.get(c, &body),
        None => body,
    };
    let mut res = paging::respond_json(sent, link);
    let h = res.headers_mut();
    if let Some(c) = coding {
        h.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(c.token()),
        );
    }
    // Also when sent as it is, as the compression layer marks what it could have compressed:
    // the same answer whether it passed that layer or was sent before routing.
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    res
}

/// `GET /api/matches`: the student's best 50 open postings by match score.
pub(super) async fn list_matches(
    State(state): State<AppState>,
    crate::auth::Student(me): crate::auth::Student,
) -> AppResult<Response> {
    let version = state.store().version();
    let r = state.store().read()?;
    let today = clock::today();
    let ranking = state
        .feed
        .ranking(&state.services, &r, &me, "", today)
        .await?;
    let mut list = Vec::with_capacity(50);
    // The ranking holds open postings only, so its cached top holds the best 50 whenever there
    // are 50 (a posting may close after the ranking was made today: checked again below). The
    // feed puts postings whose video plays first; the matches go by score alone.
    let mut by_score: Vec<(u8, u64)> = ranking
        .top
        .iter()
        .map(|(key, id)| (feed::score_of(*key), *id))
        .collect();
    by_score.sort_unstable_by(|a, b| b.cmp(a));
    for (_, id) in by_score.iter() {
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
    let lang = crate::i18n::current();
    let page = profile_page(
        &list,
        state.views.match_parts(version, &me, today, lang, &list)?,
    );
    let marks = state.views.marks(version, &me, || Marks::of(&r, &me))?;
    let body = render_for(&page, &marks);
    Ok(paging::respond_json(body, None))
}
