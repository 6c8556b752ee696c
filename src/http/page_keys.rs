//! The keys of the cached list pages (`view_cache.rs`): what a page depends on besides the
//! store's version, so that no two readers who should see different pages share one.

use crate::i18n::Lang;
use crate::store::users::User;

/// The key of a student's own page: who, the day (a page's scores and open postings are
/// today's), the language its match reasons are in, and the query. Her profile needs no place
/// in it: any change to it is a new store version, and the cache holds one version.
pub fn own_key(student: &User, today: time::Date, lang: Lang, query: &str) -> String {
    // Written without `fmt`: every signed-in student's feed request makes one.
    let mut digits = itoa::Buffer::new();
    let mut key = String::with_capacity(36 + query.len());
    key.push_str(digits.format(student.id));
    key.push(':');
    key.push_str(digits.format(today.to_julian_day()));
    key.push(':');
    key.push_str(lang.code());
    key.push('#');
    key.push_str(query);
    key
}

/// What a whole page depends on besides the store's version, kept apart by kind: no query a
/// visitor writes can name a profile's page, nor a profile's query a visitor's. A profile's
/// page carries match reasons, so its language is in the key; a shared page holds no
/// translated text (a page that gains some must add the language).
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum PageKey {
    /// Visitors, employers and admins: no personal part, the same page for a query.
    Shared { query: Box<str> },
    /// Students and guests of one profile: the same scores for a query, flags written in
    /// per student.
    Profile {
        grade: String,
        day: time::Date,
        interests: Vec<String>,
        lang: Lang,
        query: Box<str>,
    },
}

impl PageKey {
    pub fn shared(query: &str) -> PageKey {
        PageKey::Shared {
            query: query.into(),
        }
    }

    pub fn profile(student: &User, day: time::Date, lang: Lang, query: &str) -> PageKey {
        PageKey::Profile {
            grade: student.grade.clone(),
            day,
            interests: student.interests.clone(),
            lang,
            query: query.into(),
        }
    }
}

/// The own-page key of a guest: its profile and the query, apart from every student's
/// (`own_key` starts with a student's id).
pub fn guest_key(guest: &User, today: time::Date, lang: Lang, query: &str) -> String {
    format!(
        "guest:{}:{}:{}:{}|{query}",
        guest.grade,
        today,
        lang.code(),
        guest.interests.join(",")
    )
}
