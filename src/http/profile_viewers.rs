//! Who was counted in an employer's "Profile Views" today (kept in the server state).

use crate::clock;

/// Who looked at an employer's postings: a signed-in student, or a visitor's address.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum ProfileViewer {
    User(u64),
    Address(String),
}

/// The viewers already counted today, per employer: "Profile Views" counts unique viewers a
/// day, not page loads. Kept in memory (a restart may count someone twice on that day).
/// The day and the (employer, viewer) pairs counted on it.
type SeenToday = (
    Option<time::Date>,
    std::collections::HashSet<(u64, ProfileViewer)>,
);

#[derive(Default)]
pub struct ProfileViewers {
    seen: std::sync::Mutex<SeenToday>,
}

/// More viewers than this in one day start the set afresh (memory stays bounded).
const VIEWERS_MAX: usize = 100_000;

impl ProfileViewers {
    /// True the first time `who` looks at `employer`'s postings today.
    pub fn first_today(&self, employer: u64, who: ProfileViewer) -> bool {
        let today = clock::today();
        let mut seen = self.seen.lock().expect("profile viewers");
        if seen.0 != Some(today) || seen.1.len() >= VIEWERS_MAX {
            *seen = (Some(today), std::collections::HashSet::new());
        }
        seen.1.insert((employer, who))
    }
}
