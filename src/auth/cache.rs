//! The sessions cache: sessions and their users as read at one store version. Below the
//! extractors (mod.rs) and the server state, it knows neither.

use std::sync::Arc;

use crate::cache::{Bounds, Versioned};
use crate::store::sessions::Subject;
use crate::store::staff::Staff;
use crate::store::users::User;

/// A session as last read, with its user.
#[derive(Clone)]
pub struct Known {
    pub subject: Subject,
    pub expires_at: i64,
    pub user: Option<Arc<User>>,
    /// The staff member of a staff session.
    pub staff: Option<Arc<Staff>>,
    /// A district pin session while the pin is turned off: kept, but no longer an admin.
    pub pin_off: bool,
}

/// Sessions and their users as read at one store version (`Store::version()`), so that a
/// signed-in request reads nothing from redb while nothing has been committed since. Any
/// commit (a sign-out, a profile edit, a like) starts the map afresh.
pub struct SessionCache(pub(super) Versioned<[u8; 32], Known>);

/// Sessions kept (each with its user, ~1 KB); more than this starts the map afresh.
const SESSIONS_MAX: usize = 4096;

impl Default for SessionCache {
    fn default() -> Self {
        SessionCache(Versioned::new(Bounds::entries(SESSIONS_MAX)))
    }
}
