//! Actions that span several records, shared by HTTP, the CLI and the workers, so each rule
//! lives in one place: the district's review of employers, reports and their resolution, the
//! audit log's reading, and students' data rights.

pub mod ai_requests;
pub mod applications;
pub mod audit;
pub mod caption_rule;
pub mod captions;
pub mod comment_words;
pub mod comments;
pub mod data_rights;
pub mod email_confirmation;
pub mod employers;
pub mod false_matches;
pub mod feed;
pub mod messages;
pub mod notify;
pub mod password_reset;
pub mod placements;
pub mod posting_form;
pub mod posting_screen;
pub mod postings;
pub mod program;
pub mod push;
pub mod reports;
pub mod roster;
pub mod settings;
pub mod sso;
pub mod sso_provider;
pub mod staff;
pub mod staff_alerts;
pub mod student_files;
pub mod students;
