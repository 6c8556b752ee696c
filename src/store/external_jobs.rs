//! External jobs pulled from company career pages, and the sources they come from.

use serde::{Deserialize, Serialize};

use super::{Entity, tables};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Provider {
    Greenhouse,
    Lever,
    Ashby,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobSource {
    pub id: u64,
    pub provider: Provider,
    pub token: String,
    pub company: String,
    pub last_refresh_at: Option<i64>,
    pub last_error: Option<String>,
}

impl Entity for JobSource {
    const TABLE: tables::EntityTable = tables::JOB_SOURCES;
    fn id(&self) -> u64 {
        self.id
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ExternalJob {
    pub id: u64,
    pub source_id: u64,
    pub provider: Provider,
    pub external_id: String,
    pub company_name: String,
    pub title: String,
    pub location: String,
    pub department: String,
    pub level: String,
    pub commitment: String,
    pub workplace_type: String,
    pub salary_min: Option<f64>,
    pub salary_max: Option<f64>,
    pub salary_currency: String,
    /// 'hour', 'year', ... as the provider says; empty when unknown.
    pub salary_interval: String,
    pub description_plain: String,
    pub apply_url: String,
    pub beginner: bool,
    pub updated_at: i64,
}

impl Entity for ExternalJob {
    const TABLE: tables::EntityTable = tables::EXTERNAL_JOBS;
    fn id(&self) -> u64 {
        self.id
    }
}
