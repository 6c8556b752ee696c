//! The authorization matrix: every route of the router × every caller (visitor, student A,
//! student B, employer A, employer B, admin, the coordinator of A's school, a coordinator of
//! another school). Ownership cells call A's objects as B. A table
//! row per route; `every_route_of_the_router_has_a_row_in_the_matrix` reads the router's
//! source so a new route without a row (or a row without a route) fails.

use std::sync::atomic::{AtomicUsize, Ordering};

use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

const VIS: usize = 0;
const SA: usize = 1;
const SB: usize = 2;
const EA: usize = 3;
const EB: usize = 4;
const ADM: usize = 5;
/// The coordinator of student A's school, and a coordinator of another school.
const CA: usize = 6;
const CB: usize = 7;
const CALLERS: [&str; 8] = [
    "visitor",
    "student A",
    "student B",
    "employer A",
    "employer B",
    "admin",
    "coordinator A",
    "coordinator B",
];

const NOPE: u64 = 987_654;

/// A valid 1×1 PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
    0x42, 0x60, 0x82,
];
pub const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

/// The people of the matrix: their ids, emails and session cookies.
struct People {
    ids: [u64; 8],
    emails: [String; 8],
    cookies: [Option<String>; 8],
}

/// A's objects, made fresh for every cell that may change something.
struct World {
    /// Student A's placement at employer A (hired on a posting of its own).
    placement: u64,
    internship: u64,
    spare_internship: u64,
    application: u64,
    comment: u64,
    video: String,
    poster: String,
}

enum Body {
    None,
    Json(fn(&People, &World, usize) -> Value),
    File(&'static str, fn() -> (Vec<u8>, &'static str)),
}

struct Row {
    method: &'static str,
    path: &'static str,
    body: Body,
    /// Visitor, student A, student B, employer A, employer B, admin.
    expect: [u16; 6],
    /// A read (path, caller) that must not change when the cell is refused; None for reads.
    probe: Option<(&'static str, usize)>,
    /// Coordinators A and B, where they differ from `coordinators_by_default`.
    coordinators: Option<[u16; 2]>,
}

impl Row {
    /// The row with the coordinators' statuses said outright.
    const fn coord(mut self, both: [u16; 2]) -> Row {
        self.coordinators = Some(both);
        self
    }

    fn expected(&self, caller: usize) -> u16 {
        if caller < CA {
            return self.expect[caller];
        }
        if let Some(c) = self.coordinators {
            return c[caller - CA];
        }
        // By default a coordinator is refused what only the admin may do, and is like the
        // admin (no user, a staff session) everywhere else.
        let admin_only = self.expect[VIS] == 401
            && self.expect[SA] == 403
            && self.expect[EA] == 403
            && (self.expect[ADM] < 400 || self.expect[ADM] == 404);
        if admin_only { 403 } else { self.expect[ADM] }
    }
}

const fn row(method: &'static str, path: &'static str, body: Body, expect: [u16; 6]) -> Row {
    Row {
        method,
        path,
        body,
        expect,
        probe: None,
        coordinators: None,
    }
}

const fn mutating(
    method: &'static str,
    path: &'static str,
    body: Body,
    expect: [u16; 6],
    probe: (&'static str, usize),
) -> Row {
    Row {
        method,
        path,
        body,
        expect,
        probe: Some(probe),
        coordinators: None,
    }
}

static FRESH: AtomicUsize = AtomicUsize::new(0);

fn fresh_email() -> String {
    format!("new{}@authz.example", FRESH.fetch_add(1, Ordering::Relaxed))
}

fn png() -> (Vec<u8>, &'static str) {
    (PNG.to_vec(), "me.png")
}
fn pdf() -> (Vec<u8>, &'static str) {
    (PDF.to_vec(), "transcript.pdf")
}
fn video() -> (Vec<u8>, &'static str) {
    (fixture_video(), "clip.mp4")
}

/// The receiver of a message: the other party of A's application.
fn other_party(p: &People, caller: usize) -> u64 {
    if caller == EA || caller == EB {
        p.ids[SA]
    } else {
        p.ids[EA]
    }
}

/// Statuses used below: 401 signed out, 403 wrong role or not yours, 404 unknown.
fn table() -> Vec<Row> {
    use Body::*;
    const ALL200: [u16; 6] = [200; 6];
    const STUDENT_SELF: [u16; 6] = [401, 200, 403, 403, 403, 403];
    const EMPLOYERS: [u16; 6] = [401, 403, 403, 200, 200, 403];
    const ADMIN: [u16; 6] = [401, 403, 403, 403, 403, 200];
    const USERS: [u16; 6] = [401, 200, 200, 200, 200, 403];
    const A_OWNER: [u16; 6] = [401, 403, 403, 200, 403, 403];
    vec![
        row("GET", "/api/health", None, ALL200),
        // Accounts
        row(
            "POST",
            "/api/users",
            Json(|_, _, _| student_body(&fresh_email())),
            [201; 6],
        ),
        row(
            "POST",
            "/api/student-login",
            Json(|p, _, _| json!({"email": p.emails[SA], "password": "secret1"})),
            ALL200,
        ),
        row(
            "POST",
            "/api/employers",
            Json(|_, _, _| employer_body(&fresh_email())),
            [201; 6],
        ),
        row(
            "POST",
            "/api/employers/login",
            Json(|p, _, _| json!({"email": p.emails[EA], "password": "longsecret"})),
            ALL200,
        ),
        row(
            "GET",
            "/api/auth/user",
            None,
            [401, 200, 200, 200, 200, 401],
        ),
        row("POST", "/api/logout", None, ALL200),
        row("POST", "/api/employers/logout", None, ALL200),
        row("GET", "/api/login", None, [303; 6]),
        row(
            "GET",
            "/api/users/{SA}",
            None,
            [401, 200, 403, 200, 403, 403],
        ),
        // A student reads the company profile of an employer they applied to (A applied to A's
        // posting; B did not).
        row(
            "GET",
            "/api/users/{EA}",
            None,
            [401, 200, 403, 200, 403, 403],
        ),
        mutating(
            "PUT",
            "/api/users/{SA}",
            Json(|p, _, _| {
                let mut b = student_body(&p.emails[SA]);
                b["school"] = json!("Changed High");
                b
            }),
            STUDENT_SELF,
            ("/api/users/{SA}", SA),
        ),
        row("GET", "/api/employers/profile", None, EMPLOYERS),
        mutating(
            "PUT",
            "/api/employers/profile",
            Json(|p, _, caller| {
                let me = if caller == EB { EB } else { EA };
                let mut b = employer_body(&p.emails[me]);
                b["position"] = json!("Changed position");
                b["phone"] = json!("512-555-0100");
                b
            }),
            EMPLOYERS,
            ("/api/employers/profile", EA),
        ),
        mutating(
            "POST",
            "/api/users/{SA}/photo",
            File("file", png),
            STUDENT_SELF,
            ("/api/users/{SA}", SA),
        ),
        row(
            "GET",
            "/api/users/{SA}/photo",
            None,
            [401, 200, 403, 200, 403, 403],
        ),
        mutating(
            "POST",
            "/api/users/{SA}/transcript",
            File("file", pdf),
            STUDENT_SELF,
            ("/api/users/{SA}", SA),
        ),
        row(
            "GET",
            "/api/users/{SA}/transcript",
            None,
            [401, 200, 403, 200, 403, 403],
        ),
        // Admin
        row(
            "POST",
            "/api/admin/login",
            Json(|_, _, _| json!({"pin": "135790"})),
            ALL200,
        ),
        row("POST", "/api/admin/logout", None, ALL200),
        row("GET", "/api/admin/session", None, ADMIN).coord([200, 200]),
        row("GET", "/api/admin/ai-video-requests", None, ADMIN),
        row(
            "POST",
            "/api/admin/fetch-jobs",
            None,
            [401, 403, 403, 403, 403, 202],
        ),
        mutating(
            "POST",
            "/api/admin/ai-video-requests/{I}/upload",
            File("video", video),
            ADMIN,
            ("/api/internships/{I}", VIS),
        ),
        mutating(
            "POST",
            "/api/admin/ai-video-requests/{NOPE}/upload",
            File("video", video),
            [401, 403, 403, 403, 403, 404],
            ("/api/admin/ai-video-requests", ADM),
        ),
        // Applications
        mutating(
            "POST",
            "/api/applications",
            Json(|_, w, _| json!({"internshipId": w.spare_internship, "status": "pending"})),
            [401, 201, 201, 403, 403, 403],
            ("/api/employers/applications/count", EA),
        ),
        mutating(
            "POST",
            "/api/applications",
            Json(|_, _, _| json!({"internshipId": NOPE, "status": "pending"})),
            [401, 404, 404, 403, 403, 403],
            ("/api/employers/applications/count", EA),
        ),
        row("GET", "/api/applications/{SA}", None, STUDENT_SELF),
        row("GET", "/api/users/{SA}/applications", None, STUDENT_SELF),
        row("GET", "/api/employers/applications", None, EMPLOYERS),
        row("GET", "/api/employers/applications/count", None, EMPLOYERS),
        mutating(
            "PUT",
            "/api/employers/applications/{APP}",
            Json(|_, _, _| json!({"status": "interview_requested"})),
            A_OWNER,
            ("/api/users/{SA}/applications", SA),
        ),
        mutating(
            "PUT",
            "/api/employers/applications/{NOPE}",
            Json(|_, _, _| json!({"status": "interview_requested"})),
            [401, 403, 403, 404, 404, 403],
            ("/api/users/{SA}/applications", SA),
        ),
        // Internships
        row("GET", "/api/internships", None, ALL200),
        mutating(
            "POST",
            "/api/internships",
            Json(|_, _, _| internship_body("Matrix posting")),
            [401, 403, 403, 201, 201, 403],
            ("/api/internships", VIS),
        ),
        row("GET", "/api/internships/{I}", None, ALL200),
        row("GET", "/api/internships/{NOPE}", None, [404; 6]),
        mutating(
            "DELETE",
            "/api/internships/{I}",
            None,
            A_OWNER,
            ("/api/internships/{I}", VIS),
        ),
        mutating(
            "DELETE",
            "/api/internships/{NOPE}",
            None,
            [401, 403, 403, 404, 404, 403],
            ("/api/internships", VIS),
        ),
        row("GET", "/api/employers/internships", None, EMPLOYERS),
        row("GET", "/api/matches", None, [401, 200, 200, 403, 403, 403]),
        mutating(
            "PUT",
            "/api/employers/internships/{I}",
            Json(|_, _, _| internship_body("Renamed by the matrix")),
            A_OWNER,
            ("/api/internships/{I}", VIS),
        ),
        mutating(
            "PUT",
            "/api/employers/internships/{NOPE}",
            Json(|_, _, _| internship_body("Renamed by the matrix")),
            [401, 403, 403, 404, 404, 403],
            ("/api/internships", VIS),
        ),
        // Caption tracks: on the shared posting, which has the admin's clip.
        row(
            "PUT",
            "/api/internships/{I}/captions/{LANG}",
            Json(|_, _, _| json!({"vtt": "WEBVTT\n\n00:00.000 --> 00:00.500\nHello\n"})),
            A_OWNER,
        ),
        row(
            "DELETE",
            "/api/internships/{I}/captions/{LANG}",
            None,
            A_OWNER,
        ),
        // The district's captions rule (the admin's clip has no sound: nothing waits).
        row("POST", "/api/internships/{I}/no-speech", None, A_OWNER),
        row("GET", "/api/admin/captions-waiting", None, ADMIN),
        row(
            "POST",
            "/api/admin/internships/{I}/captions-clear",
            None,
            [401, 403, 403, 403, 403, 409],
        )
        .coord([403, 403]),
        row(
            "PUT",
            "/api/admin/internships/{I}/captions/{LANG}",
            Json(|_, _, _| json!({"vtt": "WEBVTT\n\n00:00.000 --> 00:00.500\nHello\n"})),
            ADMIN,
        ),
        row(
            "DELETE",
            "/api/admin/internships/{I}/captions/{LANG}",
            None,
            ADMIN,
        ),
        // Likes, saves, comments
        mutating(
            "POST",
            "/api/internships/{I}/like",
            None,
            USERS,
            ("/api/internships/{I}", VIS),
        ),
        mutating(
            "POST",
            "/api/internships/{NOPE}/like",
            None,
            [401, 404, 404, 404, 404, 403],
            ("/api/internships", VIS),
        ),
        mutating(
            "POST",
            "/api/internships/{I}/bookmark",
            None,
            USERS,
            ("/api/internships/{I}", VIS),
        ),
        row("GET", "/api/internships/{I}/comments", None, ALL200),
        row("GET", "/api/internships/{NOPE}/comments", None, [404; 6]),
        mutating(
            "POST",
            "/api/internships/{I}/comments",
            Json(|_, _, _| json!({"content": "A comment from the matrix"})),
            [401, 201, 201, 201, 201, 403],
            ("/api/internships/{I}/comments", VIS),
        ),
        mutating(
            "POST",
            "/api/internships/{NOPE}/comments",
            Json(|_, _, _| json!({"content": "A comment from the matrix"})),
            [401, 404, 404, 404, 404, 403],
            ("/api/internships/{I}/comments", VIS),
        ),
        mutating(
            "DELETE",
            "/api/internships/{I}/comments/{C}",
            None,
            // The author, the posting's employer and the admin (not a coordinator).
            [401, 200, 403, 200, 403, 200],
            ("/api/internships/{I}/comments", VIS),
        )
        .coord([403, 403]),
        mutating(
            "DELETE",
            "/api/internships/{I}/comments/{NOPE}",
            None,
            [401, 404, 404, 404, 404, 404],
            ("/api/internships/{I}/comments", VIS),
        )
        .coord([403, 403]),
        row("GET", "/api/users/{SA}/likes", None, STUDENT_SELF_ANY),
        row("GET", "/api/users/{SA}/bookmarks", None, STUDENT_SELF_ANY),
        // Messages
        row(
            "GET",
            "/api/applications/{APP}/messages",
            None,
            [401, 200, 403, 200, 403, 403],
        ),
        row(
            "GET",
            "/api/applications/{NOPE}/messages",
            None,
            [401, 404, 404, 404, 404, 403],
        ),
        mutating(
            "POST",
            "/api/applications/{APP}/messages",
            Json(
                |p, _, caller| json!({"content": "Hello from the matrix", "receiverId": other_party(p, caller)}),
            ),
            [401, 201, 403, 201, 403, 403],
            ("/api/applications/{APP}/messages", SA),
        ),
        row("GET", "/api/users/{SA}/messages", None, STUDENT_SELF_ANY),
        row(
            "POST",
            "/api/applications/{APP}/messages/read",
            None,
            [401, 200, 403, 200, 403, 403],
        ),
        // Other
        row(
            "POST",
            "/api/contact",
            Json(|_, _, _| {
                json!({"name": "Pat", "email": "pat@example.com", "subject": "Hello",
                       "message": "A question about the programme."})
            }),
            [201; 6],
        ),
        row("GET", "/api/external-jobs", None, ALL200),
        row("GET", "/api/external-jobs/companies", None, ALL200),
        row("GET", "/api/landing-samples", None, ALL200),
        row("GET", "/api/ready", None, ALL200),
        row("GET", "/api/videos/{VIDEO}", None, ALL200),
        row("GET", "/api/videos/{NOPE}.mp4", None, [404; 6]),
        row("GET", "/api/posters/{POSTER}", None, ALL200),
        row("GET", "/api/posters/{NOPE}.jpg", None, [404; 6]),
        row("GET", "/api/captions/{NOPE}.vtt", None, [404; 6]),
        // District review and safety (#20).
        row("GET", "/api/district", None, ALL200),
        row(
            "POST",
            "/api/reports",
            Json(
                |_, w, _| json!({"targetType": "internship", "targetId": w.internship, "reason": "scam"}),
            ),
            // Employer A may not report its own posting.
            [401, 201, 201, 400, 201, 403],
        ),
        row(
            "POST",
            "/api/reports",
            Json(
                |_, w, _| json!({"targetType": "comment", "targetId": w.comment, "reason": "harassment"}),
            ),
            // Student A wrote the comment.
            [401, 400, 201, 201, 201, 403],
        ),
        row("GET", "/api/blocks", None, STUDENTS_ONLY),
        row(
            "POST",
            "/api/blocks",
            Json(|p, _, _| json!({"employerId": p.ids[EA]})),
            [401, 201, 201, 403, 403, 403],
        ),
        row("DELETE", "/api/blocks/{EA}", None, STUDENTS_ONLY),
        row("GET", "/api/users/{SA}/export", None, STUDENT_SELF),
        row(
            "DELETE",
            "/api/users/{SA}",
            Json(|_, _, _| json!({"password": "secret1"})),
            STUDENT_SELF,
        ),
        row("GET", "/api/admin/employers", None, ADMIN),
        row("GET", "/api/admin/employers/{EA}/postings", None, ADMIN),
        row("POST", "/api/admin/employers/{EA}/verify", None, ADMIN),
        row(
            "POST",
            "/api/admin/employers/{EB}/suspend",
            Json(|_, _, _| json!({"reason": "The matrix suspends employer B"})),
            ADMIN,
        ),
        // Coordinators see and answer the reports about their school's students.
        row("GET", "/api/admin/reports", None, ADMIN).coord([200, 200]),
        row(
            "POST",
            "/api/admin/reports/{NOPE}/resolve",
            Json(|_, _, _| json!({"action": "dismiss"})),
            [401, 403, 403, 403, 403, 404],
        )
        .coord([404, 404]),
        // A false match of the hazard screen is the district admins' call.
        row(
            "POST",
            "/api/admin/reports/{NOPE}/false-match",
            Json(|_, _, _| json!({"term": "driving"})),
            [401, 403, 403, 403, 403, 404],
        ),
        // Staff (#34): sign-in, invites, the Staff and Students tabs, the roster's schools.
        row("GET", "/api/staff/config", None, ALL200),
        row(
            "POST",
            "/api/staff/login",
            Json(|_, _, _| json!({"email": "nobody@district.example", "password": "wrong-password", "code": "123456"})),
            [401; 6],
        )
        .coord([401, 401]),
        row("GET", "/api/staff/login/sso", None, [404; 6]).coord([404, 404]),
        row(
            "POST",
            "/api/staff/login/sso",
            Json(|_, _, _| json!({"code": "123456"})),
            [404; 6],
        )
        .coord([404, 404]),
        row("GET", "/api/staff/invite/{NOPE}", None, [404; 6]).coord([404, 404]),
        row(
            "POST",
            "/api/staff/invite/{NOPE}",
            Json(|_, _, _| json!({"password": "a-long-password", "code": "123456"})),
            [404; 6],
        )
        .coord([404, 404]),
        row("GET", "/api/admin/staff", None, ADMIN),
        row(
            "POST",
            "/api/admin/staff",
            Json(|_, _, _| json!({"email": fresh_email(), "name": "New Staff", "role": "coordinator", "school": "Lincoln High"})),
            [401, 403, 403, 403, 403, 201],
        ),
        row(
            "POST",
            "/api/admin/staff/{NOPE}/role",
            Json(|_, _, _| json!({"role": "admin"})),
            [401, 403, 403, 403, 403, 404],
        ),
        row("POST", "/api/admin/staff/{NOPE}/disable", None, [401, 403, 403, 403, 403, 404]),
        row("POST", "/api/admin/staff/{NOPE}/enable", None, [401, 403, 403, 403, 403, 404]),
        row("POST", "/api/admin/staff/{NOPE}/reset-2fa", None, [401, 403, 403, 403, 403, 404]),
        row("GET", "/api/admin/students", None, ADMIN).coord([200, 200]),
        row("GET", "/api/admin/schools", None, ADMIN),
        row("GET", "/api/schools", None, ALL200),
        // School-account sign-in: no provider is set up here, so every start lands back on the
        // sign-in page with a sentence (303), and nothing is pending.
        row("GET", "/api/auth/sso", None, ALL200),
        row("GET", "/api/auth/sso/pending", None, [404; 6]).coord([404, 404]),
        row(
            "POST",
            "/api/auth/sso/finish",
            Json(|_, _, _| json!({"grade": "junior", "school": "Lincoln High", "interests": ["technology"]})),
            [404; 6],
        )
        .coord([404, 404]),
        row("GET", "/api/auth/sso/{NOPE}/start", None, [303; 6]).coord([303, 303]),
        row("GET", "/api/auth/sso/{NOPE}/callback", None, [303; 6]).coord([303, 303]),
        row("GET", "/api/admin/audit", None, ADMIN),
        // Placements (#33): A's placement at employer A, still in setup.
        row("GET", "/api/placements", None, [401, 200, 200, 200, 200, 200]).coord([200, 200]),
        row("GET", "/api/placements/{P}", None, [401, 200, 403, 200, 403, 200]).coord([200, 403]),
        mutating(
            "PUT",
            "/api/placements/{P}",
            Json(|_, _, _| json!({"supervisor": {"name": "Priya Shah", "email": "priya@employer.example"}, "worksite": "12 Elm St", "startDate": "2030-03-01", "endDate": "2030-05-01", "schedule": "Tue 3-6 pm", "plannedHours": 40, "paid": false})),
            [401, 403, 403, 200, 403, 403],
            ("/api/placements/{P}", SA),
        )
        .coord([403, 403]),
        mutating(
            "PUT",
            "/api/placements/{P}/guardian",
            Json(|_, _, _| json!({"name": "Maria Lee", "relationship": "mother", "email": "maria@family.example"})),
            // The student gives the guardian; the school enters or corrects it.
            [401, 200, 403, 403, 403, 200],
            ("/api/placements/{P}", SA),
        )
        .coord([200, 403]),
        row("POST", "/api/placements/{P}/guardian/confirm", None, [401, 403, 403, 403, 403, 409]).coord([409, 403]),
        row("POST", "/api/placements/{P}/guardian/resend", None, [401, 409, 403, 403, 403, 409]).coord([409, 403]),
        row("POST", "/api/placements/{P}/supervisor/resend", None, [401, 403, 403, 409, 403, 409]).coord([409, 403]),
        row(
            "POST",
            "/api/placements/{P}/sign",
            Json(|_, _, _| json!({"name": "Sam Lee"})),
            [401, 409, 403, 409, 403, 409],
        )
        .coord([409, 403]),
        row(
            "POST",
            "/api/placements/{P}/hours",
            Json(|_, _, _| json!({"date": "2030-03-02", "hours": 2, "note": "Shelving"})),
            [401, 409, 403, 403, 403, 403],
        )
        .coord([403, 403]),
        row(
            "POST",
            "/api/placements/{P}/hours/approve",
            // The placement is not active: nothing is approved (before any entry is looked up).
            Json(|_, _, _| json!({"ids": [987_654]})),
            [401, 403, 403, 409, 403, 403],
        )
        .coord([403, 403]),
        row(
            "PUT",
            "/api/placements/{P}/hours/{NOPE}",
            Json(|_, _, _| json!({"date": "2030-03-02", "hours": 2, "note": "Shelving"})),
            [401, 409, 403, 403, 403, 403],
        )
        .coord([403, 403]),
        row("DELETE", "/api/placements/{P}/hours/{NOPE}", None, [401, 409, 403, 403, 403, 403]).coord([403, 403]),
        row(
            "POST",
            "/api/placements/{P}/hours/{NOPE}/return",
            Json(|_, _, _| json!({"comment": "Left early"})),
            [401, 403, 403, 409, 403, 403],
        )
        .coord([403, 403]),
        row(
            "POST",
            "/api/placements/{P}/evaluations",
            Json(|_, _, _| json!({"kind": "midpoint", "scores": {}, "comments": ""})),
            [401, 403, 403, 409, 403, 403],
        )
        .coord([403, 403]),
        row(
            "POST",
            "/api/placements/{P}/reflection",
            Json(|_, _, _| json!({"text": "I learned a lot"})),
            [401, 409, 403, 403, 403, 403],
        )
        .coord([403, 403]),
        // The school's record: the school only.
        row(
            "PUT",
            "/api/placements/{P}/cluster",
            Json(|_, _, _| json!({"cluster": "Finance"})),
            [401, 403, 403, 403, 403, 200],
        )
        .coord([200, 403]),
        row(
            "PUT",
            "/api/placements/{P}/checklist",
            Json(|_, _, _| json!({"item": "Safety orientation given before the first task", "done": true})),
            [401, 403, 403, 403, 403, 200],
        )
        .coord([200, 403]),
        row(
            "POST",
            "/api/placements/{P}/visits",
            Json(|_, _, _| json!({"date": "2020-01-02", "notes": "Met the supervisor"})),
            [401, 403, 403, 403, 403, 200],
        )
        .coord([200, 403]),
        row("POST", "/api/placements/{P}/complete", None, [401, 403, 403, 403, 403, 409]).coord([409, 403]),
        row(
            "POST",
            "/api/placements/{P}/end",
            Json(|_, _, _| json!({"reason": "Moved away"})),
            [401, 403, 403, 403, 403, 409],
        )
        .coord([409, 403]),
        mutating(
            "POST",
            "/api/placements/{P}/cancel",
            Json(|_, _, _| json!({"reason": "The family said no"})),
            [401, 403, 403, 200, 403, 200],
            ("/api/placements/{P}", SA),
        )
        .coord([200, 403]),
        row("GET", "/api/placements/{P}/agreement.pdf", None, [401, 409, 403, 409, 403, 409]).coord([409, 403]),
        row("GET", "/api/placements/{P}/certificate.pdf", None, [401, 409, 403, 403, 403, 409]).coord([409, 403]),
        row("GET", "/api/guardian/{NOPE}", None, [404; 6]).coord([404, 404]),
        row("GET", "/api/supervisor/{NOPE}", None, [404; 6]).coord([404, 404]),
        row(
            "POST",
            "/api/supervisor/{NOPE}/sign",
            Json(|_, _, _| json!({"name": "Priya Shah"})),
            [404; 6],
        )
        .coord([404, 404]),
        row(
            "POST",
            "/api/guardian/{NOPE}/sign",
            Json(|_, _, _| json!({"name": "Maria Lee", "consent": true})),
            [404; 6],
        )
        .coord([404, 404]),
        row(
            "POST",
            "/api/guardian/{NOPE}/decline",
            Json(|_, _, _| json!({"reason": "No"})),
            [404; 6],
        )
        .coord([404, 404]),
        row("GET", "/api/guardian/{NOPE}/agreement.pdf", None, [404; 6]).coord([404, 404]),
        row("POST", "/api/guardian/{NOPE}/copy-again", None, [404; 6]).coord([404, 404]),
        // A certificate's facts, for whoever holds its code: none here.
        row("GET", "/api/verify/{NOPE}", None, [404; 6]).coord([404, 404]),
        row(
            "PUT",
            "/api/guardian/{NOPE}/language",
            Json(|_, _, _| json!({"language": "es"})),
            [404; 6],
        )
        .coord([404, 404]),
        // Anyone may choose; a signed-in person's choice is stored.
        row(
            "PUT",
            "/api/language",
            Json(|_, _, _| json!({"language": "es"})),
            [200; 6],
        )
        .coord([200, 200]),
        row("GET", "/api/admin/program", None, ADMIN).coord([200, 200]),
        row("GET", "/api/admin/program.csv", None, ADMIN).coord([200, 200]),
        row("GET", "/api/admin/agreement-template", None, ADMIN),
        row(
            "PUT",
            "/api/admin/agreement-template",
            Json(|_, _, _| json!({"template": "{district} hosts {student} at {company}."})),
            ADMIN,
        ),
        row("GET", "/api/admin/rubric", None, ADMIN).coord([200, 200]),
        row(
            "PUT",
            "/api/admin/rubric",
            Json(|_, _, _| json!({"rubric": [{"key": "care", "label": "Customer care"}]})),
            ADMIN,
        ),
        // Password recovery (#22): the same answer for everyone; a bad token is a 400.
        row(
            "POST",
            "/api/password-reset",
            Json(|_, _, _| json!({"email": "someone@authz.example"})),
            [202; 6],
        ),
        row(
            "POST",
            "/api/password-reset/confirm",
            Json(|_, _, _| json!({"token": "0".repeat(64), "password": "whatever-long"})),
            [400; 6],
        ),
        row("GET", "/api/notifications", None, USERS),
        row(
            "POST",
            "/api/notifications/read",
            Json(|_, _, _| json!({"all": true})),
            USERS,
        ),
        row("GET", "/api/users/me/notification-settings", None, USERS),
        row(
            "PUT",
            "/api/users/me/notification-settings",
            Json(|_, _, _| json!({"emailNotifications": true})),
            USERS,
        ),
        row(
            "PUT",
            "/api/users/me/interests",
            Json(|_, _, _| json!({"interests": ["technology"]})),
            [401, 200, 200, 403, 403, 403],
        ),
        row("GET", "/api/push/key", None, [200; 6]),
        // Named staff have devices of their own; the pin's shared session has none (403).
        row("GET", "/api/push/subscriptions", None, USERS).coord([200, 200]),
        row(
            "POST",
            "/api/push/subscriptions",
            Json(|_, _, _| json!({"endpoint": "http://push.example.com/x", "keys": {"p256dh": "x", "auth": "y"}})),
            [401, 422, 422, 422, 422, 403],
        )
        .coord([422, 422]),
        row(
            "DELETE",
            "/api/push/subscriptions/{NOPE}",
            None,
            [401, 404, 404, 404, 404, 403],
        )
        .coord([404, 404]),
        row("GET", "/api/push/preferences", None, USERS).coord([200, 200]),
        row(
            "PUT",
            "/api/push/preferences",
            Json(|_, _, _| json!({"messages": true})),
            USERS,
        )
        .coord([200, 200]),
        row("GET", "/api/email-off", None, [404; 6]),
        row("POST", "/api/email-off", None, [404; 6]),
        row(
            "PUT",
            "/api/users/me/password",
            Json(|_, _, _| json!({"currentPassword": "wrong-one", "newPassword": "whatever-long"})),
            [401, 403, 403, 403, 403, 403],
        ),
        // Who is signed in, always answered (the UI's page load).
        row("GET", "/api/session", None, [200; 6]),
        // The guest session (#22): anyone signed in already is refused; only a guest edits.
        row(
            "POST",
            "/api/guest",
            Json(|_, _, _| json!({"interests": ["technology"]})),
            [201, 409, 409, 409, 409, 409],
        ),
        row(
            "PUT",
            "/api/guest",
            Json(|_, _, _| json!({"interests": ["technology"]})),
            [401, 403, 403, 403, 403, 401],
        ),
        // Employers' e-mail confirmation: a bad link is a 400 for anyone.
        row(
            "POST",
            "/api/email-confirmation",
            Json(|_, _, _| json!({"token": "0".repeat(64)})),
            [400; 6],
        ),
        row(
            "POST",
            "/api/users/me/email-confirmation",
            None,
            [401, 403, 403, 202, 202, 403],
        ),
        // A WebSocket handshake (the upgrade headers are added below).
        row("GET", "/ws", None, [401, 101, 101, 101, 101, 403]),
        row("GET", "/api", None, [404; 6]),
        row("GET", "/api/{NOPE}", None, [404; 6]),
        row("POST", "/api/{NOPE}", None, [404; 6]),
    ]
}

/// Own lists (likes, bookmarks, received messages) are for any user, but only their own.
const STUDENT_SELF_ANY: [u16; 6] = [401, 200, 403, 403, 403, 403];
/// Students' own things (blocks).
const STUDENTS_ONLY: [u16; 6] = [401, 200, 200, 403, 403, 403];

/// Rows that end the caller's session run last: deleting an account, then signing out.
fn ends_session(r: &Row) -> u8 {
    if r.method == "DELETE" && r.path == "/api/users/{SA}" {
        1
    } else if r.path.ends_with("/logout") {
        2
    } else {
        0
    }
}

fn fill(template: &str, p: &People, w: &World) -> String {
    template
        .replace("{SA}", &p.ids[SA].to_string())
        .replace("{EA}", &p.ids[EA].to_string())
        .replace("{EB}", &p.ids[EB].to_string())
        .replace("{LANG}", "en")
        .replace("{I}", &w.internship.to_string())
        .replace("{APP}", &w.application.to_string())
        .replace("{C}", &w.comment.to_string())
        .replace("{VIDEO}", &w.video)
        .replace("{POSTER}", &w.poster)
        .replace("{NOPE}", &NOPE.to_string())
        .replace("{P}", &w.placement.to_string())
}

/// A client without a cookie store: the caller's cookie is sent by hand, so a sign-up or a
/// sign-in inside a cell never changes who the caller is.
fn plain() -> Client {
    tls();
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn send(
    app: &TestApp,
    p: &People,
    w: &World,
    caller: usize,
    method: &str,
    path: &str,
    body: &Body,
) -> reqwest::Response {
    let url = app.url(&fill(path, p, w));
    let mut req = plain().request(Method::from_bytes(method.as_bytes()).unwrap(), url);
    if let Some(c) = &p.cookies[caller] {
        req = req.header(reqwest::header::COOKIE, c);
    }
    if path == "/ws" {
        req = req
            .header("connection", "Upgrade")
            .header("upgrade", "websocket")
            .header("sec-websocket-version", "13")
            .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==");
    }
    req = match body {
        Body::None => req,
        Body::Json(f) => req.json(&f(p, w, caller)),
        Body::File(field, f) => {
            let (bytes, name) = f();
            req.multipart(reqwest::multipart::Form::new().part(
                *field,
                reqwest::multipart::Part::bytes(bytes).file_name(name),
            ))
        }
    };
    req.send().await.expect("request")
}

async fn read(app: &TestApp, p: &People, w: &World, caller: usize, path: &str) -> Value {
    let res = send(app, p, w, caller, "GET", path, &Body::None).await;
    assert!(res.status().is_success(), "probe {path}: {}", res.status());
    res.json().await.unwrap()
}

async fn sign_up(app: &TestApp, path: &str, body: Value) -> (u64, String, String) {
    let email = body["email"].as_str().unwrap().to_string();
    let res = plain()
        .post(app.url(path))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED, "sign-up at {path}");
    let cookie = session_cookie(&res);
    let user: Value = res.json().await.unwrap();
    (user["id"].as_u64().unwrap(), email, cookie)
}

async fn people(app: &TestApp) -> People {
    let (sa, sa_mail, sa_c) = sign_up(app, "/api/users", student_body("a@student.example")).await;
    let (sb, sb_mail, sb_c) = sign_up(app, "/api/users", student_body("b@student.example")).await;
    let (ea, ea_mail, ea_c) =
        sign_up(app, "/api/employers", employer_body("a@employer.example")).await;
    let (eb, eb_mail, eb_c) =
        sign_up(app, "/api/employers", employer_body("b@employer.example")).await;
    let hash = internreel::passwords::hash_now("135790").unwrap();
    app.state
        .store()
        .write(|w| internreel::store::meta::set_admin_pin_hash(w, &hash))
        .unwrap();
    let res = plain()
        .post(app.url("/api/admin/login"))
        .json(&json!({"pin": "135790"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "admin login");
    let admin_c = session_cookie(&res);
    let ca_c = coordinator(app, "ca@district.example", "Lincoln High").await;
    let cb_c = coordinator(app, "cb@district.example", "Ridgeview High").await;
    People {
        ids: [0, sa, sb, ea, eb, 0, 0, 0],
        emails: [
            String::new(),
            sa_mail,
            sb_mail,
            ea_mail,
            eb_mail,
            String::new(),
            String::new(),
            String::new(),
        ],
        cookies: [
            None,
            Some(sa_c),
            Some(sb_c),
            Some(ea_c),
            Some(eb_c),
            Some(admin_c),
            Some(ca_c),
            Some(cb_c),
        ],
    }
}

/// A coordinator of `school`, set up in the store and signed in with a TOTP code.
async fn coordinator(app: &TestApp, email: &str, school: &str) -> String {
    let secret = add_staff(app, email, "coordinator", Some(school));
    let res = plain()
        .post(app.url("/api/staff/login"))
        .json(&json!({"email": email, "password": STAFF_PASSWORD, "code": totp_now(&secret)}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "coordinator login");
    session_cookie(&res)
}

/// Creates A's objects: a posting with an AI-video request, a spare posting, student A's
/// application, comment and message.
async fn world(app: &TestApp, p: &People, video: &str) -> World {
    let mut w = World {
        placement: 0,
        internship: 0,
        spare_internship: 0,
        application: 0,
        comment: 0,
        video: video.to_string(),
        poster: String::new(),
    };
    let main = Body::Json(|_, _, _| internship_body("Robot helper"));
    let spare = Body::Json(|_, _, _| internship_body("Spare posting"));
    let res = send(app, p, &w, EA, "POST", "/api/internships", &main).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    w.internship = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    let res = send(app, p, &w, EA, "POST", "/api/internships", &spare).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    w.spare_internship = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    let apply = Body::Json(|_, w, _| json!({"internshipId": w.internship, "status": "pending"}));
    let res = send(app, p, &w, SA, "POST", "/api/applications", &apply).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    w.application = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    let comment = Body::Json(|_, _, _| json!({"content": "Student A's comment"}));
    let res = send(
        app,
        p,
        &w,
        SA,
        "POST",
        "/api/internships/{I}/comments",
        &comment,
    )
    .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    w.comment = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    let message = Body::Json(|p, _, _| json!({"content": "Hello", "receiverId": p.ids[EA]}));
    let res = send(
        app,
        p,
        &w,
        SA,
        "POST",
        "/api/applications/{APP}/messages",
        &message,
    )
    .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    // A's placement: A applies to a third posting and employer A hires them.
    let third = Body::Json(|_, _, _| internship_body("Placement posting"));
    let res = send(app, p, &w, EA, "POST", "/api/internships", &third).await;
    let posting = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    let res = plain()
        .post(app.url("/api/applications"))
        .header(reqwest::header::COOKIE, p.cookies[SA].as_deref().unwrap())
        .json(&json!({"internshipId": posting, "status": "pending"}))
        .send()
        .await
        .unwrap();
    let hired = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    for step in ["offer_extended", "hired"] {
        let res = plain()
            .put(app.url(&format!("/api/employers/applications/{hired}")))
            .header(reqwest::header::COOKIE, p.cookies[EA].as_deref().unwrap())
            .json(&json!({"status": step}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{step}");
    }
    let r = app.state.store().read().unwrap();
    w.placement = internreel::store::placements::of_application(&r, hired)
        .unwrap()
        .expect("hiring makes a placement");
    w
}

/// Runs every row of the table for one caller and reports every cell that differs.
async fn check_column(caller: usize) {
    // Arrange: the people, A's photo and transcript, a posting with a video file.
    let app = spawn_app().await;
    let p = people(&app).await;
    let shared = world(&app, &p, "").await;
    for (path, body) in [
        ("/api/users/{SA}/photo", Body::File("file", png)),
        ("/api/users/{SA}/transcript", Body::File("file", pdf)),
    ] {
        let res = send(&app, &p, &shared, SA, "POST", path, &body).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
    }
    let admin_upload = Body::File("video", video);
    let res = send(
        &app,
        &p,
        &shared,
        ADM,
        "POST",
        "/api/admin/ai-video-requests/{I}/upload",
        &admin_upload,
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK, "the admin fulfils a request");
    let with_video: Value = res.json().await.unwrap();
    let video = with_video["videoUrl"]
        .as_str()
        .unwrap()
        .trim_start_matches("/api/videos/")
        .to_string();
    let poster = with_video["posterUrl"]
        .as_str()
        .unwrap()
        .trim_start_matches("/api/posters/")
        .to_string();
    let shared = World {
        video,
        poster,
        ..shared
    };

    // Act and assert: every row, the session-ending ones last.
    let mut rows = table();
    rows.sort_by_key(ends_session);
    let mut wrong = Vec::new();
    for r in &rows {
        let fresh;
        let w = if r.probe.is_some() {
            fresh = world(&app, &p, &shared.video).await;
            &fresh
        } else {
            &shared
        };
        let before = match r.probe {
            Some((path, who)) => Some(read(&app, &p, w, who, path).await),
            None => None,
        };
        let res = send(&app, &p, w, caller, r.method, r.path, &r.body).await;
        let status = res.status().as_u16();
        let expected = r.expected(caller);
        let label = format!("{} {}", r.method, r.path);
        if status != expected {
            wrong.push(format!("{label}: expected {expected}, got {status}"));
            continue;
        }
        if status >= 400 && status != 101 {
            let text = res.text().await.unwrap_or_default();
            let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            if !body["message"].is_string() {
                wrong.push(format!(
                    "{label}: a {status} without a JSON message: {text}"
                ));
            }
            if let (Some(before), Some((path, who))) = (before, r.probe) {
                let after = read(&app, &p, w, who, path).await;
                if after != before {
                    wrong.push(format!("{label}: refused with {status} but {path} changed"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the matrix differs for {}:\n{}",
        CALLERS[caller],
        wrong.join("\n")
    );
}

#[tokio::test]
async fn visitors_get_public_reads_and_401_everywhere_else() {
    check_column(VIS).await;
}

#[tokio::test]
async fn student_a_reaches_their_own_things_and_nothing_of_employers_or_the_admin() {
    check_column(SA).await;
}

#[tokio::test]
async fn student_b_is_refused_student_a_s_things() {
    check_column(SB).await;
}

#[tokio::test]
async fn employer_a_manages_their_postings_and_applicants() {
    check_column(EA).await;
}

#[tokio::test]
async fn employer_b_is_refused_employer_a_s_postings_and_applicants() {
    check_column(EB).await;
}

#[tokio::test]
async fn the_admin_reaches_admin_routes_and_is_refused_user_routes_with_403() {
    check_column(ADM).await;
}

#[tokio::test]
async fn a_coordinator_reaches_students_and_reports_and_no_district_settings() {
    check_column(CA).await;
}

#[tokio::test]
async fn a_coordinator_of_another_school_is_refused_the_same() {
    check_column(CB).await;
}

/// Every `.route("…", get(..).post(..))` (and `nest_service`) in the router's source.
fn router_routes() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("app/service.rs")];
    // http/ and its folders (a resource with many routes is a folder: http/placements/).
    let mut dirs = vec![root.join("http")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        for (at, _) in src.match_indices(".nest_service(") {
            let rest = &src[at..];
            let path = string_literal(rest);
            out.push(("GET".to_string(), format!("{path}/{{file}}")));
        }
        for (at, _) in src.match_indices(".route(") {
            let rest = &src[at + ".route(".len()..];
            let path = string_literal(rest);
            // The method router: everything up to the call's closing parenthesis.
            let mut depth = 1;
            let mut end = 0;
            for (i, ch) in rest.char_indices() {
                match ch {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let methods = methods_at_top_level(&rest[..end]);
            assert!(!methods.is_empty(), "no methods found for {path} in {f:?}");
            for m in methods {
                out.push((m, path.clone()));
            }
        }
    }
    out
}

fn string_literal(s: &str) -> String {
    let start = s.find('"').unwrap() + 1;
    let len = s[start..].find('"').unwrap();
    s[start..start + len].to_string()
}

/// `get(a).post(b).layer(..)` → GET, POST (`fallback` counts as any method).
fn methods_at_top_level(router: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Per open parenthesis, whether it is a wrapper whose first argument is a method router
    // (`uploads::upload_route(post(..), max)`): methods inside it count as top level.
    let mut open: Vec<bool> = Vec::new();
    let mut word = String::new();
    for ch in router.chars() {
        match ch {
            '(' => {
                let depth = open.iter().filter(|wrapper| !**wrapper).count();
                if depth == 0 {
                    match word.as_str() {
                        "get" | "post" | "put" | "delete" | "patch" => {
                            out.push(word.to_uppercase())
                        }
                        "fallback" | "any" => out.push("ANY".into()),
                        _ => {}
                    }
                }
                open.push(depth == 0 && word == "upload_route");
                word.clear();
            }
            ')' => {
                open.pop();
                word.clear();
            }
            c if c.is_alphanumeric() || c == '_' => word.push(c),
            _ => word.clear(),
        }
    }
    out
}

/// `/api/users/{SA}/photo` and `/api/users/{id}/photo` → `/api/users/{}/photo`.
fn shape(path: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for ch in path.chars() {
        match ch {
            '{' => {
                skipping = true;
                out.push_str("{}");
            }
            '}' => skipping = false,
            _ if skipping => {}
            c => out.push(c),
        }
    }
    out.replace("{}.mp4", "{}")
        .replace("{}.jpg", "{}")
        .replace("{}.vtt", "{}")
}

#[test]
fn every_route_of_the_router_has_a_row_in_the_matrix() {
    // Arrange
    let routes: std::collections::BTreeSet<(String, String)> = router_routes()
        .into_iter()
        .map(|(m, p)| (m, shape(&p)))
        .collect();
    let rows: std::collections::BTreeSet<(String, String)> = table()
        .iter()
        .map(|r| (r.method.to_string(), shape(r.path)))
        .collect();

    // Act
    let no_row: Vec<_> = routes
        .iter()
        .filter(|(m, p)| {
            if m == "ANY" {
                !rows.iter().any(|(_, rp)| rp == p)
            } else {
                !rows.contains(&(m.clone(), p.clone()))
            }
        })
        .collect();
    let no_route: Vec<_> = rows
        .iter()
        .filter(|(m, p)| {
            !routes.contains(&(m.clone(), p.clone()))
                && !routes.contains(&("ANY".into(), p.clone()))
        })
        .collect();

    // Assert
    assert!(
        routes.len() > 40,
        "the scan found too few routes: {routes:?}"
    );
    assert!(no_row.is_empty(), "routes without a row: {no_row:?}");
    assert!(no_route.is_empty(), "rows without a route: {no_route:?}");
}
