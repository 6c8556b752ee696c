//! A consistent copy of the database taken inside one read transaction, so writers carry on
//! while it runs (redb readers see a snapshot).

use std::path::Path;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};

use super::{Store, StoreResult, tables::*};

fn copy<K: redb::Key + 'static, V: redb::Value + 'static>(
    from: &redb::ReadTransaction,
    to: &redb::WriteTransaction,
    def: TableDefinition<K, V>,
) -> StoreResult<u64>
where
    for<'a> K::SelfType<'a>: std::borrow::Borrow<K::SelfType<'a>>,
{
    let src = from.open_table(def)?;
    let mut dst = to.open_table(def)?;
    let mut n = 0;
    for row in src.iter()? {
        let (k, v) = row?;
        dst.insert(k.value(), v.value())?;
        n += 1;
    }
    Ok(n)
}

/// Writes a snapshot of every table into a new database file at `dest`; returns the rows.
pub fn snapshot_to(store: &Store, dest: &Path) -> StoreResult<u64> {
    let read = store.db.begin_read()?;
    let out = Database::create(dest).map_err(|e| super::StoreError::Redb(e.into()))?;
    let w = out.begin_write()?;
    let mut rows = 0;
    for t in ENTITY_TABLES {
        rows += copy(&read, &w, t)?;
    }
    for t in PAIR_TABLES {
        rows += copy(&read, &w, t)?;
    }
    rows += copy(&read, &w, META)?;
    rows += copy(&read, &w, USERS_BY_EMAIL)?;
    rows += copy(&read, &w, SESSIONS)?;
    rows += copy(&read, &w, EXTERNAL_JOB_KEYS)?;
    rows += copy(&read, &w, KEYS)?;
    w.commit()?;
    Ok(rows)
}
