//! The only module that touches redb. Values are postcard-encoded entities; every other module
//! goes through the functions of the entity files below.
//!
//! Over 500 lines: the `Reader` and `Wtx` traits and their two implementations (read and
//! write transactions) are one abstraction; split, each half would name the other.

pub mod backup;
pub mod batch;
mod codec;
mod migrate;
pub mod tables;

pub mod ai_requests;
pub mod applications;
pub mod audit;
pub mod captions;
pub mod contact;
pub mod external_jobs;
pub mod identity;
pub mod internships;
pub mod languages;
pub mod messages;
pub mod meta;
pub mod notifications;
pub mod outbox;
pub mod placements;
pub mod posting_screens;
pub mod push;
pub mod reports;
pub mod sessions;
pub mod social;
pub mod sso;
pub mod staff;
pub mod transcodes;
pub mod users;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use redb::{Database, ReadableDatabase, ReadableTable, ReadableTableMetadata};
use serde::Serialize;
use serde::de::DeserializeOwned;

use tables::{EntityTable, PairTable};

/// The layout this binary reads and writes. Bump it with a `migrate_to_vN` step in `open`.
pub const SCHEMA_VERSION: u32 = 3;
/// redb's page cache (reads and the write buffer).
const CACHE_BYTES: usize = 16 << 20;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the data directory is in use by another internreel process (stop it, or use the CLI, which talks to a running server)"
    )]
    Locked,
    #[error(
        "the data directory was written by schema {found}; this binary reads schema {expected}. {hint}"
    )]
    SchemaMismatch {
        found: u32,
        expected: u32,
        hint: &'static str,
    },
    #[error("stored record in {table} #{id} could not be decoded: {source}")]
    Decode {
        table: String,
        id: u64,
        source: postcard::Error,
    },
    #[error(transparent)]
    Redb(#[from] redb::Error),
    #[error("a batched write failed: {0}")]
    Batch(String),
}

macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for StoreError {
            fn from(e: $t) -> Self { StoreError::Redb(e.into()) }
        }
    )*};
}
from_redb!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);

pub type StoreResult<T> = Result<T, StoreError>;

/// A record kept in its own entity table under a numeric id.
pub trait Entity: Serialize + DeserializeOwned {
    const TABLE: EntityTable;
    fn id(&self) -> u64;
}

/// The meta key a deletion sets so the next start compacts the file.
pub const COMPACT_DUE: &str = "compact_due";

#[derive(Clone)]
pub struct Store {
    pub(crate) db: Arc<Database>,
    /// Write transactions committed (or attempted) through this handle: a cache of anything
    /// read from the store is current while this number has not moved.
    commits: Arc<AtomicU64>,
}

pub struct Rtx(redb::ReadTransaction);
pub struct Wtx(redb::WriteTransaction);

impl Store {
    /// Opens (or creates) the database file, creating every table and checking the schema.
    pub fn open(path: &Path) -> StoreResult<Self> {
        let mut builder = Database::builder();
        // redb caches up to 1 GiB by default; the hot pages (sessions, counters, the newest
        // postings) fit in far less, and the server's memory stays predictable.
        builder.set_cache_size(CACHE_BYTES);
        let db = match builder.create(path) {
            Ok(db) => db,
            Err(redb::DatabaseError::DatabaseAlreadyOpen) => return Err(StoreError::Locked),
            Err(e) => return Err(StoreError::Redb(e.into())),
        };
        let mut store = Store {
            db: Arc::new(db),
            commits: Arc::new(AtomicU64::new(0)),
        };
        store.init_schema()?;
        store.compact_if_due()?;
        Ok(store)
    }

    /// After a deletion the removed records' bytes stay in the file's freed pages; compacting
    /// rewrites them away. redb compacts only a database nobody else holds, so it runs here,
    /// at start-up, when a deletion asked for it.
    fn compact_if_due(&mut self) -> StoreResult<()> {
        if meta::get_i64(&self.read()?, COMPACT_DUE)?.unwrap_or(0) == 0 {
            return Ok(());
        }
        if let Some(db) = Arc::get_mut(&mut self.db) {
            match db.compact() {
                Ok(_) => tracing::info!("compacted the database after deletions"),
                Err(e) => {
                    tracing::warn!(error = %e, "could not compact the database; trying at the next start");
                    return Ok(());
                }
            }
        }
        self.write(|w| meta::set_i64(w, COMPACT_DUE, 0))
    }

    fn init_schema(&self) -> StoreResult<()> {
        self.write(|w| {
            match meta::schema_version(w)? {
                None => {
                    meta::set_schema_version(w, SCHEMA_VERSION)?;
                    meta::new_directory_defaults(w)?;
                }
                Some(v) if v == SCHEMA_VERSION => {}
                Some(v) if v > SCHEMA_VERSION => {
                    return Err(StoreError::SchemaMismatch {
                        found: v,
                        expected: SCHEMA_VERSION,
                        // not said: an operator's start-up error
                        hint: "Use a newer internreel binary; downgrades are refused so no data is misread.",
                    });
                }
                Some(1) => {
                    // Writes every posting in the newest layout at once.
                    w.create_all_tables()?;
                    migrate::to_v2(w)?;
                    meta::set_schema_version(w, SCHEMA_VERSION)?;
                }
                Some(2) => {
                    w.create_all_tables()?;
                    migrate::to_v3(w)?;
                    meta::set_schema_version(w, SCHEMA_VERSION)?;
                }
                Some(v) => {
                    return Err(StoreError::SchemaMismatch {
                        found: v,
                        expected: SCHEMA_VERSION,
                        // not said: an operator's start-up error
                        hint: "No migration from that schema exists; restore a backup made by a matching binary.",
                    });
                }
            }
            w.create_all_tables()
        })
    }

    /// Read this before `read()`: what that transaction sees includes every commit counted.
    pub fn version(&self) -> u64 {
        self.commits.load(Ordering::Acquire)
    }

    pub fn read(&self) -> StoreResult<Rtx> {
        Ok(Rtx(self.db.begin_read()?))
    }

    /// Runs `f` in one write transaction and commits whatever it wrote; for group commit, where
    /// each job's own outcome travels inside `T`. None when no transaction could be begun.
    pub fn write_then<T>(&self, f: impl FnOnce(&Wtx) -> T) -> (Option<T>, StoreResult<()>) {
        let mut txn = match self.db.begin_write() {
            Ok(t) => t,
            Err(e) => return (None, Err(e.into())),
        };
        txn.set_quick_repair(true);
        let w = Wtx(txn);
        let out = f(&w);
        let committed = w.0.commit().map_err(StoreError::from);
        self.commits.fetch_add(1, Ordering::AcqRel);
        (Some(out), committed)
    }

    /// Runs `f` in one write transaction; it commits only when `f` succeeds.
    pub fn write<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Wtx) -> Result<T, E>,
    ) -> Result<T, E> {
        let mut txn = self.db.begin_write().map_err(StoreError::from)?;
        txn.set_quick_repair(true);
        let w = Wtx(txn);
        let out = f(&w)?;
        let committed = w.0.commit().map_err(StoreError::from);
        self.commits.fetch_add(1, Ordering::AcqRel);
        committed?;
        Ok(out)
    }
}

/// Read access shared by read and write transactions.
pub trait Reader {
    fn get<E: Entity>(&self, id: u64) -> StoreResult<Option<E>>;
    /// Every entity, newest (highest id) first, stopping once `keep` returns false.
    fn scan_rev<E: Entity>(&self, mut keep: impl FnMut(&E) -> bool) -> StoreResult<Vec<E>> {
        let mut out = Vec::new();
        self.each_rev(|e: E| {
            let go_on = keep(&e);
            if go_on {
                out.push(e);
            }
            go_on
        })?;
        Ok(out)
    }
    /// Visits every entity, newest first, without collecting them, until `f` returns false.
    fn each_rev<E: Entity>(&self, f: impl FnMut(E) -> bool) -> StoreResult<()>;
    fn count<E: Entity>(&self) -> StoreResult<u64>;
    /// Up to `limit` entities with ids below `before`, newest first, that `keep` accepts; and
    /// whether more follow.
    fn page<E: Entity>(
        &self,
        before: Option<u64>,
        limit: usize,
        keep: impl FnMut(&E) -> bool,
    ) -> StoreResult<(Vec<E>, bool)>;
    /// Up to `limit` members of `owner` after the cursor (exclusive), oldest or newest first;
    /// and whether more follow.
    fn members_page(
        &self,
        table: PairTable,
        owner: u64,
        after: Option<u64>,
        limit: usize,
        newest_first: bool,
    ) -> StoreResult<(Vec<(u64, i64)>, bool)>;
    /// The members of `owner` in a pair table, ascending.
    fn members(&self, table: PairTable, owner: u64) -> StoreResult<Vec<(u64, i64)>>;
    fn pair(&self, table: PairTable, key: (u64, u64)) -> StoreResult<Option<i64>>;
    fn meta_get(&self, key: &str) -> StoreResult<Option<Vec<u8>>>;
    fn email_lookup(&self, email: &str) -> StoreResult<Option<u64>>;
    fn session_get(&self, hash: &[u8]) -> StoreResult<Option<Vec<u8>>>;
    /// A named key's id (`tables::KEYS`: staff e-mails, school-account links, roster ids).
    fn key_get(&self, space: &str, key: &str) -> StoreResult<Option<u64>>;
}

fn decode<E: Entity>(id: u64, bytes: &[u8]) -> StoreResult<E> {
    codec::decode(bytes).map_err(|source| StoreError::Decode {
        table: E::TABLE.to_string(),
        id,
        source,
    })
}

macro_rules! impl_reader {
    ($t:ty) => {
        impl Reader for $t {
            fn get<E: Entity>(&self, id: u64) -> StoreResult<Option<E>> {
                let table = self.0.open_table(E::TABLE)?;
                let found = table.get(id)?;
                found.map(|v| decode(id, v.value())).transpose()
            }
            fn each_rev<E: Entity>(&self, mut f: impl FnMut(E) -> bool) -> StoreResult<()> {
                let table = self.0.open_table(E::TABLE)?;
                for row in table.iter()?.rev() {
                    let (k, v) = row?;
                    if !f(decode(k.value(), v.value())?) {
                        break;
                    }
                }
                Ok(())
            }
            fn count<E: Entity>(&self) -> StoreResult<u64> {
                Ok(self.0.open_table(E::TABLE)?.len()?)
            }
            fn page<E: Entity>(
                &self,
                before: Option<u64>,
                limit: usize,
                mut keep: impl FnMut(&E) -> bool,
            ) -> StoreResult<(Vec<E>, bool)> {
                let table = self.0.open_table(E::TABLE)?;
                let mut out = Vec::with_capacity(limit);
                for row in table.range(..before.unwrap_or(u64::MAX))?.rev() {
                    let (k, v) = row?;
                    let e: E = decode(k.value(), v.value())?;
                    if keep(&e) {
                        if out.len() == limit {
                            return Ok((out, true));
                        }
                        out.push(e);
                    }
                }
                Ok((out, false))
            }
            fn members_page(
                &self,
                table: PairTable,
                owner: u64,
                after: Option<u64>,
                limit: usize,
                newest_first: bool,
            ) -> StoreResult<(Vec<(u64, i64)>, bool)> {
                let t = self.0.open_table(table)?;
                let range = match (after, newest_first) {
                    (Some(c), true) => t.range((owner, 0)..(owner, c))?,
                    (Some(c), false) => {
                        t.range((owner, c.saturating_add(1))..=(owner, u64::MAX))?
                    }
                    (None, _) => t.range((owner, 0)..=(owner, u64::MAX))?,
                };
                let mut out = Vec::with_capacity(limit);
                let mut push = |row: Result<
                    (
                        redb::AccessGuard<'_, (u64, u64)>,
                        redb::AccessGuard<'_, i64>,
                    ),
                    redb::StorageError,
                >|
                 -> StoreResult<bool> {
                    let (k, v) = row?;
                    if out.len() == limit {
                        return Ok(true);
                    }
                    out.push((k.value().1, v.value()));
                    Ok(false)
                };
                let more = if newest_first {
                    let mut more = false;
                    for row in range.rev() {
                        if push(row)? {
                            more = true;
                            break;
                        }
                    }
                    more
                } else {
                    let mut more = false;
                    for row in range {
                        if push(row)? {
                            more = true;
                            break;
                        }
                    }
                    more
                };
                Ok((out, more))
            }
            fn members(&self, table: PairTable, owner: u64) -> StoreResult<Vec<(u64, i64)>> {
                let t = self.0.open_table(table)?;
                let mut out = Vec::new();
                for row in t.range((owner, 0)..=(owner, u64::MAX))? {
                    let (k, v) = row?;
                    out.push((k.value().1, v.value()));
                }
                Ok(out)
            }
            fn pair(&self, table: PairTable, key: (u64, u64)) -> StoreResult<Option<i64>> {
                let t = self.0.open_table(table)?;
                let found = t.get(key)?;
                Ok(found.map(|v| v.value()))
            }
            fn meta_get(&self, key: &str) -> StoreResult<Option<Vec<u8>>> {
                let t = self.0.open_table(tables::META)?;
                let found = t.get(key)?;
                Ok(found.map(|v| v.value().to_vec()))
            }
            fn email_lookup(&self, email: &str) -> StoreResult<Option<u64>> {
                let t = self.0.open_table(tables::USERS_BY_EMAIL)?;
                let found = t.get(email)?;
                Ok(found.map(|v| v.value()))
            }
            fn session_get(&self, hash: &[u8]) -> StoreResult<Option<Vec<u8>>> {
                let t = self.0.open_table(tables::SESSIONS)?;
                let found = t.get(hash)?;
                Ok(found.map(|v| v.value().to_vec()))
            }
            fn key_get(&self, space: &str, key: &str) -> StoreResult<Option<u64>> {
                let t = self.0.open_table(tables::KEYS)?;
                let found = t.get((space, key))?;
                Ok(found.map(|v| v.value()))
            }
        }
    };
}
impl_reader!(Rtx);
impl_reader!(Wtx);

impl Wtx {
    fn create_all_tables(&self) -> StoreResult<()> {
        use tables::*;
        for t in ENTITY_TABLES {
            self.0.open_table(t)?;
        }
        for t in PAIR_TABLES {
            self.0.open_table(t)?;
        }
        self.0.open_table(META)?;
        self.0.open_table(USERS_BY_EMAIL)?;
        self.0.open_table(SESSIONS)?;
        self.0.open_table(EXTERNAL_JOB_KEYS)?;
        self.0.open_table(KEYS)?;
        Ok(())
    }

    /// Every row of an entity table as stored (for migrations, which decode old layouts).
    pub(crate) fn raw_rows(&self, table: EntityTable) -> StoreResult<Vec<(u64, Vec<u8>)>> {
        let t = self.0.open_table(table)?;
        let mut out = Vec::new();
        for row in t.iter()? {
            let (k, v) = row?;
            out.push((k.value(), v.value().to_vec()));
        }
        Ok(out)
    }

    #[cfg(test)]
    pub(crate) fn raw_put(&self, table: EntityTable, id: u64, bytes: &[u8]) -> StoreResult<()> {
        self.0.open_table(table)?.insert(id, bytes)?;
        Ok(())
    }

    pub fn put<E: Entity>(&self, e: &E) -> StoreResult<()> {
        let bytes = codec::encode(e);
        self.0
            .open_table(E::TABLE)?
            .insert(e.id(), bytes.as_slice())?;
        Ok(())
    }

    pub fn delete<E: Entity>(&self, id: u64) -> StoreResult<()> {
        self.0.open_table(E::TABLE)?.remove(id)?;
        Ok(())
    }

    /// Next id of an entity table: one more than the highest id ever handed out.
    pub fn next_id<E: Entity>(&self) -> StoreResult<u64> {
        let key = format!("seq:{}", E::TABLE);
        let current = self
            .meta_get(&key)?
            .map(|b| codec::decode::<u64>(&b).unwrap_or(0))
            .unwrap_or(0);
        let next = current + 1;
        self.meta_put(&key, &codec::encode(&next))?;
        Ok(next)
    }

    pub fn pair_put(&self, table: PairTable, key: (u64, u64), value: i64) -> StoreResult<()> {
        self.0.open_table(table)?.insert(key, value)?;
        Ok(())
    }

    /// Up to `limit` keys of a pair table whose owner is below `owner_end`, ascending (an
    /// index keyed by time: what is due before then).
    pub fn pairs_below(
        &self,
        table: PairTable,
        owner_end: u64,
        limit: usize,
    ) -> StoreResult<Vec<(u64, u64)>> {
        let t = self.0.open_table(table)?;
        let mut out = Vec::new();
        for row in t.range(..(owner_end, 0))?.take(limit) {
            out.push(row?.0.value());
        }
        Ok(out)
    }

    /// Removes a pair; true when it was there.
    pub fn pair_remove(&self, table: PairTable, key: (u64, u64)) -> StoreResult<bool> {
        Ok(self.0.open_table(table)?.remove(key)?.is_some())
    }

    pub fn meta_remove(&self, key: &str) -> StoreResult<()> {
        self.0.open_table(tables::META)?.remove(key)?;
        Ok(())
    }

    pub fn meta_put(&self, key: &str, value: &[u8]) -> StoreResult<()> {
        self.0.open_table(tables::META)?.insert(key, value)?;
        Ok(())
    }

    pub fn email_put(&self, email: &str, id: u64) -> StoreResult<()> {
        self.0
            .open_table(tables::USERS_BY_EMAIL)?
            .insert(email, id)?;
        Ok(())
    }

    pub fn email_remove(&self, email: &str) -> StoreResult<()> {
        self.0.open_table(tables::USERS_BY_EMAIL)?.remove(email)?;
        Ok(())
    }

    pub fn session_put(&self, hash: &[u8], value: &[u8]) -> StoreResult<()> {
        self.0.open_table(tables::SESSIONS)?.insert(hash, value)?;
        Ok(())
    }

    pub fn session_remove(&self, hash: &[u8]) -> StoreResult<()> {
        self.0.open_table(tables::SESSIONS)?.remove(hash)?;
        Ok(())
    }

    /// Deletes sessions whose expiry has passed; returns how many.
    pub fn sessions_purge(&self, mut expired: impl FnMut(&[u8]) -> bool) -> StoreResult<u64> {
        let mut t = self.0.open_table(tables::SESSIONS)?;
        let mut n = 0;
        t.retain(|_, v| {
            let gone = expired(v);
            n += u64::from(gone);
            !gone
        })?;
        Ok(n)
    }

    pub fn external_key_get(&self, source: u64, external_id: &str) -> StoreResult<Option<u64>> {
        let t = self.0.open_table(tables::EXTERNAL_JOB_KEYS)?;
        let found = t.get((source, external_id))?;
        Ok(found.map(|v| v.value()))
    }

    pub fn external_key_put(&self, source: u64, external_id: &str, id: u64) -> StoreResult<()> {
        self.0
            .open_table(tables::EXTERNAL_JOB_KEYS)?
            .insert((source, external_id), id)?;
        Ok(())
    }

    pub fn key_put(&self, space: &str, key: &str, id: u64) -> StoreResult<()> {
        self.0.open_table(tables::KEYS)?.insert((space, key), id)?;
        Ok(())
    }

    pub fn key_remove(&self, space: &str, key: &str) -> StoreResult<()> {
        self.0.open_table(tables::KEYS)?.remove((space, key))?;
        Ok(())
    }

    pub fn external_key_remove(&self, source: u64, external_id: &str) -> StoreResult<()> {
        self.0
            .open_table(tables::EXTERNAL_JOB_KEYS)?
            .remove((source, external_id))?;
        Ok(())
    }
}

/// True when no accounts and no postings exist (an admin pin alone does not count).
pub fn is_empty(r: &impl Reader) -> StoreResult<bool> {
    Ok(r.count::<users::User>()? == 0 && r.count::<internships::Internship>()? == 0)
}
