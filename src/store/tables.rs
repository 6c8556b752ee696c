//! Every redb table, in one place. Names carry a version suffix so a future layout change can
//! live beside the old one during a migration.

use redb::TableDefinition;

/// Entity tables: id → postcard-encoded record.
pub type EntityTable = TableDefinition<'static, u64, &'static [u8]>;
/// Secondary indexes and relations: (owner, member) → a timestamp (ms) or 0.
pub type PairTable = TableDefinition<'static, (u64, u64), i64>;

pub const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta_v1");

pub const USERS: EntityTable = TableDefinition::new("users_v1");
/// Lower-cased email → user id.
pub const USERS_BY_EMAIL: TableDefinition<&str, u64> = TableDefinition::new("users_by_email_v1");
/// sha256(session token) → postcard Session.
pub const SESSIONS: TableDefinition<&[u8], &[u8]> = TableDefinition::new("sessions_v1");

pub const INTERNSHIPS: EntityTable = TableDefinition::new("internships_v1");
/// (employer id, internship id).
pub const INTERNSHIPS_BY_EMPLOYER: PairTable = TableDefinition::new("internships_by_employer_v1");
/// internship id → postcard counters (likes, bookmarks, comments, applications).
pub const INTERNSHIP_STATS: EntityTable = TableDefinition::new("internship_stats_v1");

pub const APPLICATIONS: EntityTable = TableDefinition::new("applications_v1");
/// (student id, application id).
pub const APPLICATIONS_BY_STUDENT: PairTable = TableDefinition::new("applications_by_student_v1");
/// (employer id, application id).
pub const APPLICATIONS_BY_EMPLOYER: PairTable = TableDefinition::new("applications_by_employer_v1");
/// (internship id, student id) → application id, for the one-application rule.
pub const APPLICATION_BY_PAIR: PairTable = TableDefinition::new("application_by_pair_v1");

/// (internship id, user id) → liked at; and the reverse for a user's list.
pub const LIKES: PairTable = TableDefinition::new("likes_v1");
pub const LIKES_BY_USER: PairTable = TableDefinition::new("likes_by_user_v1");
pub const BOOKMARKS: PairTable = TableDefinition::new("bookmarks_v1");
pub const BOOKMARKS_BY_USER: PairTable = TableDefinition::new("bookmarks_by_user_v1");

pub const COMMENTS: EntityTable = TableDefinition::new("comments_v1");
/// (internship id, comment id).
pub const COMMENTS_BY_INTERNSHIP: PairTable = TableDefinition::new("comments_by_internship_v1");

pub const MESSAGES: EntityTable = TableDefinition::new("messages_v1");
/// (application id, message id).
pub const MESSAGES_BY_APPLICATION: PairTable = TableDefinition::new("messages_by_application_v1");
/// (receiver id, message id).
pub const MESSAGES_BY_RECEIVER: PairTable = TableDefinition::new("messages_by_receiver_v1");

pub const CONTACT_MESSAGES: EntityTable = TableDefinition::new("contact_messages_v1");
/// internship id → AI video request.
pub const AI_VIDEO_REQUESTS: EntityTable = TableDefinition::new("ai_video_requests_v1");

/// internship id → transcode job (src/media).
pub const TRANSCODE_JOBS: EntityTable = TableDefinition::new("transcode_jobs_v1");

pub const JOB_SOURCES: EntityTable = TableDefinition::new("job_sources_v1");
pub const EXTERNAL_JOBS: EntityTable = TableDefinition::new("external_jobs_v1");
/// (source id, provider's job id) → external job id.
pub const EXTERNAL_JOB_KEYS: TableDefinition<(u64, &str), u64> =
    TableDefinition::new("external_job_keys_v1");

/// Reports of postings, comments and messages (people's and the automatic screens').
pub const REPORTS: EntityTable = TableDefinition::new("reports_v1");
/// (reporter id, target key) → the open report's id: one open report per reporter and target.
pub const OPEN_REPORT_BY_REPORTER: PairTable = TableDefinition::new("open_report_by_reporter_v1");
/// (target key, report id): the reports about one target.
pub const REPORTS_BY_TARGET: PairTable = TableDefinition::new("reports_by_target_v1");
/// (reporter id, report id): what a person reported (export, deletion).
pub const REPORTS_BY_REPORTER: PairTable = TableDefinition::new("reports_by_reporter_v1");
/// Append-only audit log.
pub const AUDIT: EntityTable = TableDefinition::new("audit_v1");
/// (user id, audit entry id) for the entries a user did or that were about them.
pub const AUDIT_BY_USER: PairTable = TableDefinition::new("audit_by_user_v1");
/// (student id, employer id) → blocked at: the employer may not message the student.
pub const BLOCKS: PairTable = TableDefinition::new("blocks_v1");

/// E-mails: written here first, then sent by the background sender (src/mail).
pub const OUTBOX: EntityTable = TableDefinition::new("outbox_v1");
/// user id → the account's one live password-reset token (its hash).
pub const RESET_TOKENS: EntityTable = TableDefinition::new("reset_tokens_v1");
/// Employers' e-mail confirmations, by user id.
pub const EMAIL_CONFIRMATIONS: EntityTable = TableDefinition::new("email_confirmations_v1");

/// In-app notifications.
pub const NOTIFICATIONS: EntityTable = TableDefinition::new("notifications_v1");
/// (user id, notification id) → created at.
pub const NOTIFICATIONS_BY_USER: PairTable = TableDefinition::new("notifications_by_user_v1");
/// (user id, 0): the user turned notification e-mails off.
pub const EMAIL_OFF: PairTable = TableDefinition::new("email_off_v1");
/// (message id, 0): the unread-messages digest already counted this message.
pub const MESSAGES_DIGESTED: PairTable = TableDefinition::new("messages_digested_v1");
/// (user id, 0) → when `roster invite` last e-mailed the student a set-password link.
pub const ROSTER_INVITES: PairTable = TableDefinition::new("roster_invites_v1");

/// Named keys → ids, one table for several small lookups: (space, key), for example
/// ("staff-email", lower-cased e-mail), ("sso", "provider subject"), ("roster", sourcedId).
pub const KEYS: TableDefinition<(&str, &str), u64> = TableDefinition::new("keys_v1");
/// Named staff members (district admins and school coordinators).
pub const STAFF: EntityTable = TableDefinition::new("staff_v1");
/// user id → how a student's account came to be and is kept (roster, school account).
pub const STUDENT_IDENTITY: EntityTable = TableDefinition::new("student_identity_v1");
/// A school-account sign-in between the provider's answer and the person's next step.
pub const SSO_PENDING: EntityTable = TableDefinition::new("sso_pending_v1");
/// (expires at ms, flow id): the school sign-ins in flight by expiry, purged from the front.
pub const SSO_BY_EXPIRY: PairTable = TableDefinition::new("sso_by_expiry_v1");
/// staff id → the browser that first opened the staff member's live invite (its hash).
pub const STAFF_INVITE_BROWSERS: EntityTable = TableDefinition::new("staff_invite_browsers_v1");

/// Work-based-learning placements and their hours entries.
pub const PLACEMENTS: EntityTable = TableDefinition::new("placements_v1");
pub const HOUR_ENTRIES: EntityTable = TableDefinition::new("hour_entries_v1");
/// (student id, placement id), (employer id, placement id), (placement id, entry id).
pub const PLACEMENTS_BY_STUDENT: PairTable = TableDefinition::new("placements_by_student_v1");
pub const PLACEMENTS_BY_EMPLOYER: PairTable = TableDefinition::new("placements_by_employer_v1");
pub const PLACEMENT_HOURS: PairTable = TableDefinition::new("placement_hours_v1");
/// placement id → the agreement's text frozen at its first signature.
pub const PLACEMENT_TEXTS: EntityTable = TableDefinition::new("placement_texts_v1");
/// placement id → when e-mails went to its parent or guardian (their throttle).
pub const GUARDIAN_MAILS: EntityTable = TableDefinition::new("guardian_mails_v1");
/// placement id → the single-use signing link of a supervisor who is not the employer
/// account's holder.
pub const SUPERVISOR_LINKS: EntityTable = TableDefinition::new("supervisor_links_v1");

/// placement id → the coordinator's record: career cluster, safety checklist, worksite visits.
pub const PLACEMENT_RECORDS: EntityTable = TableDefinition::new("placement_records_v1");

/// internship id → where the hazardous-duties screen matched, and the district's false-match
/// marks (store/posting_screens.rs).
pub const POSTING_SCREENS: EntityTable = TableDefinition::new("posting_screens_v1");

/// internship id → its caption tracks, one per language (store/captions.rs).
pub const CAPTION_TRACKS: EntityTable = TableDefinition::new("caption_tracks_v1");

/// Web Push (store/push.rs): devices, the events waiting for the sender, the pushes waiting
/// for their push service.
pub const PUSH_SUBSCRIPTIONS: EntityTable = TableDefinition::new("push_subscriptions_v1");
pub const PUSH_EVENTS: EntityTable = TableDefinition::new("push_events_v1");
pub const PUSH_DELIVERIES: EntityTable = TableDefinition::new("push_deliveries_v1");
/// (owner key, subscription id) → created at (`push::Owner::key`: a user or a staff member).
pub const PUSH_SUBSCRIPTIONS_BY_USER: PairTable =
    TableDefinition::new("push_subscriptions_by_user_v1");
/// (owner key, 0) → when the last push to them went out.
pub const PUSH_LAST_SENT: PairTable = TableDefinition::new("push_last_sent_v1");
/// (owner key, category) → 0: the categories a person turned off.
pub const PUSH_OFF: PairTable = TableDefinition::new("push_off_v1");
/// (owner key, 0) → start × 1440 + end: an employer's or staff member's own quiet hours.
pub const PUSH_QUIET: PairTable = TableDefinition::new("push_quiet_v1");

/// Every entity table, for code that walks them all (creating, backing up).
pub const ENTITY_TABLES: [EntityTable; 32] = [
    USERS,
    INTERNSHIPS,
    INTERNSHIP_STATS,
    APPLICATIONS,
    COMMENTS,
    MESSAGES,
    CONTACT_MESSAGES,
    AI_VIDEO_REQUESTS,
    TRANSCODE_JOBS,
    JOB_SOURCES,
    EXTERNAL_JOBS,
    REPORTS,
    AUDIT,
    OUTBOX,
    RESET_TOKENS,
    NOTIFICATIONS,
    EMAIL_CONFIRMATIONS,
    STAFF,
    STUDENT_IDENTITY,
    SSO_PENDING,
    PLACEMENTS,
    HOUR_ENTRIES,
    PLACEMENT_TEXTS,
    GUARDIAN_MAILS,
    STAFF_INVITE_BROWSERS,
    SUPERVISOR_LINKS,
    POSTING_SCREENS,
    PLACEMENT_RECORDS,
    CAPTION_TRACKS,
    PUSH_SUBSCRIPTIONS,
    PUSH_EVENTS,
    PUSH_DELIVERIES,
];

/// Every pair table.
pub const PAIR_TABLES: [PairTable; 28] = [
    INTERNSHIPS_BY_EMPLOYER,
    APPLICATIONS_BY_STUDENT,
    APPLICATIONS_BY_EMPLOYER,
    APPLICATION_BY_PAIR,
    LIKES,
    LIKES_BY_USER,
    BOOKMARKS,
    BOOKMARKS_BY_USER,
    COMMENTS_BY_INTERNSHIP,
    MESSAGES_BY_APPLICATION,
    MESSAGES_BY_RECEIVER,
    OPEN_REPORT_BY_REPORTER,
    REPORTS_BY_TARGET,
    REPORTS_BY_REPORTER,
    AUDIT_BY_USER,
    BLOCKS,
    NOTIFICATIONS_BY_USER,
    EMAIL_OFF,
    MESSAGES_DIGESTED,
    PLACEMENTS_BY_STUDENT,
    PLACEMENTS_BY_EMPLOYER,
    PLACEMENT_HOURS,
    SSO_BY_EXPIRY,
    ROSTER_INVITES,
    PUSH_SUBSCRIPTIONS_BY_USER,
    PUSH_LAST_SENT,
    PUSH_OFF,
    PUSH_QUIET,
];
