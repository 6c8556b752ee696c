//! The district's roster (#34): OneRoster 1.1 CSV in a folder or a zip, a plain CSV; the dry
//! run, running twice, refused rows with their lines, accounts turned off and on, the
//! schools of the sign-up form, set-password invites.

use internreel::store::Reader;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

const ORGS: &str = "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n\
d1,active,2026-08-01,Lakeside Unified,district,,\n\
s1,active,2026-08-01,Lakeside High,school,,d1\n\
s2,active,2026-08-01,Ridgeview High,school,,d1\n";

fn users(ana_enabled: bool) -> String {
    format!(
        "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n\
u1,active,,{ana_enabled},s1,student,,,Ana,Lopez,,,ana@lakeside.k12.ca.us,,,p1,11,\n\
u2,active,,true,s2,student,,,Ben,Ito,,,ben@lakeside.k12.ca.us,,,,10,\n\
u3,active,,true,s1,student,,,Cy,Day,,,cy-at-lakeside,,,,11,\n\
u4,active,,true,s1,student,,,Di,Ng,,,di@lakeside.k12.ca.us,,,,07,\n\
p1,active,,true,s1,parent,,,Maria,Lopez,,,maria@example.com,,555-0100,u1,,\n\
t1,active,,true,s1,teacher,,,Tom,Teach,,,tom@lakeside.k12.ca.us,,,,,\n"
    )
}

fn write_folder(dir: &std::path::Path, ana_enabled: bool) {
    std::fs::write(dir.join("orgs.csv"), ORGS).unwrap();
    std::fs::write(dir.join("users.csv"), users(ana_enabled)).unwrap();
}

fn import(app: &TestApp, path: &std::path::Path, dry_run: bool) -> String {
    app.command(internreel::commands::Command::RosterImport {
        path: path.to_path_buf(),
        dry_run,
    })
    .map_err(|e| e.0)
    .unwrap()
}

#[tokio::test]
async fn a_dry_run_changes_nothing_and_a_second_run_changes_nothing_either() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    write_folder(dir.path(), true);

    let out = import(&app, dir.path(), true);
    assert!(
        out.starts_with("Dry run, nothing changed: would be 2 created, 0 updated"),
        "{out}"
    );
    assert!(
        out.contains("Refused: users.csv: line 4: no valid e-mail address (\"cy-at-lakeside\")"),
        "{out}"
    );
    assert!(
        out.contains("Refused: users.csv: line 5: grade \"07\" is not a high-school grade"),
        "{out}"
    );
    let schools: Value = app
        .get(&app.client(), "/api/schools")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(schools["schools"], json!([]), "the dry run kept nothing");

    let out = import(&app, dir.path(), false);
    assert!(
        out.starts_with(
            "Imported the roster: 2 created, 0 updated, 0 turned off, 0 turned on, 0 unchanged, 2 refused; 2 schools"
        ),
        "{out}"
    );
    let again = import(&app, dir.path(), false);
    assert!(
        again
            .starts_with("Imported the roster: 0 created, 0 updated, 0 turned off, 0 turned on, 2 unchanged, 2 refused"),
        "{again}"
    );

    // The schools are the sign-up form's list and the Students tab's.
    let schools: Value = app
        .get(&app.client(), "/api/schools")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        schools["schools"],
        json!(["Lakeside High", "Ridgeview High"])
    );
    let admin = app.admin().await;
    let page: Value = app
        .get(&admin, "/api/admin/students?school=Lakeside%20High")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(page["total"], 1);
    let ana = &page["students"][0];
    assert_eq!(
        (
            ana["name"].as_str(),
            ana["grade"].as_str(),
            ana["source"].as_str()
        ),
        (Some("Ana Lopez"), Some("junior"), Some("roster"))
    );
    // The guardian the roster lists is kept with the student.
    let r = app.state.store().read().unwrap();
    let id = ana["id"].as_u64().unwrap();
    let identity = internreel::store::identity::of(&r, id).unwrap();
    assert_eq!(identity.guardians[0].email, "maria@example.com");
    assert_eq!(identity.guardians[0].relationship, "parent");
    // The audit log says who imported what.
    let audit: Value = app
        .get(&admin, "/api/admin/audit")
        .await
        .json()
        .await
        .unwrap();
    assert!(audit["entries"].as_array().unwrap().iter().any(|e| {
        e["summary"]
            .as_str()
            .unwrap()
            .contains("imported the roster: 2 created")
    }));
}

#[tokio::test]
async fn a_turned_off_student_is_signed_out_and_refused_until_turned_on_again() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    write_folder(dir.path(), true);
    import(&app, dir.path(), false);
    // A roster account has no password: "Forgot password?" (or `roster invite`) sets one.
    let out = app
        .command(internreel::commands::Command::RosterInvite {
            school: Some("Lakeside High".into()),
        })
        .unwrap();
    assert!(
        out.contains("Queued 1 set-password e-mail(s) for Lakeside High"),
        "{out}"
    );
    let c = app.client();
    let res = app.student_login(&c, "ana@lakeside.k12.ca.us", "").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let token = app.reset_token("ana@lakeside.k12.ca.us");
    let res = app
        .post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": token, "password": "new-password-1"}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let res = app
        .student_login(&c, "ana@lakeside.k12.ca.us", "new-password-1")
        .await;
    assert_eq!(res.status(), StatusCode::OK);

    write_folder(dir.path(), false);
    let out = import(&app, dir.path(), false);
    assert!(
        out.starts_with("Imported the roster: 0 created, 0 updated, 1 turned off"),
        "{out}"
    );
    let me: Value = app.get(&c, "/api/session").await.json().await.unwrap();
    assert!(me["user"].is_null(), "the session ended");
    let (status, body) = message_of(
        app.student_login(&app.client(), "ana@lakeside.k12.ca.us", "new-password-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["message"],
        "Your school has turned off this account. Ask your school's work-based-learning coordinator."
    );
    let admin = app.admin().await;
    let page: Value = app
        .get(&admin, "/api/admin/students?school=Lakeside%20High")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(page["students"][0]["disabled"], true);

    write_folder(dir.path(), true);
    let out = import(&app, dir.path(), false);
    assert!(out.contains("1 turned on"), "{out}");
    let res = app
        .student_login(&app.client(), "ana@lakeside.k12.ca.us", "new-password-1")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_zip_a_plain_csv_and_files_we_cannot_read() {
    use std::io::Write;
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    // A zip as SIS exports make it, the files one folder deep.
    let zip_path = dir.path().join("oneroster.zip");
    {
        let mut z = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        let opts = zip::write::SimpleFileOptions::default();
        z.start_file("export/orgs.csv", opts).unwrap();
        z.write_all(ORGS.as_bytes()).unwrap();
        z.start_file("export/users.csv", opts).unwrap();
        z.write_all(users(true).as_bytes()).unwrap();
        z.finish().unwrap();
    }
    let out = import(&app, &zip_path, false);
    assert!(out.starts_with("Imported the roster: 2 created"), "{out}");

    // A plain CSV: the e-mail finds the same student; a changed grade is an update.
    let plain = dir.path().join("students.csv");
    std::fs::write(&plain, "email,first_name,last_name,grade,school\nana@lakeside.k12.ca.us,Ana,Lopez,12,Lakeside High\nzoe@lakeside.k12.ca.us,Zoe,Ray,9,Lakeside High\n").unwrap();
    let out = import(&app, &plain, false);
    assert!(
        out.starts_with("Imported the roster: 1 created, 1 updated"),
        "{out}"
    );

    // An employer's address is refused, by its line.
    app.signup_employer("boss@lakeside.k12.ca.us").await;
    std::fs::write(
        &plain,
        "email,first_name,last_name,grade,school\nboss@lakeside.k12.ca.us,Bo,Ss,11,Lakeside High\n",
    )
    .unwrap();
    let out = import(&app, &plain, false);
    assert!(
        out.contains("Refused: students.csv: line 2: its e-mail belongs to an employer account"),
        "{out}"
    );

    // A file without the columns is refused whole, and nothing changes.
    std::fs::write(&plain, "name,grade\nAl,11\n").unwrap();
    let err = app
        .command(internreel::commands::Command::RosterImport {
            path: plain.clone(),
            dry_run: false,
        })
        .unwrap_err();
    assert!(err.0.contains("no column email"), "{}", err.0);
    let err = app
        .command(internreel::commands::Command::RosterImport {
            path: dir.path().join("missing"),
            dry_run: false,
        })
        .unwrap_err();
    assert!(err.0.contains("missing"), "{}", err.0);
}

fn confirmation_token(app: &TestApp) -> String {
    let out = app.outbox();
    let at = out
        .find("confirm-email?token=")
        .expect("a confirmation link")
        + 20;
    out[at..at + 64].to_string()
}

/// A classmate signed up with Bob's school address and a password before Bob did; the
/// roster then names the address Bob's. The account is Bob's from then on: the classmate's
/// password, sessions and pending address change go, Bob gets in through his mailbox.
#[tokio::test]
async fn the_roster_takes_a_self_sign_up_that_never_proved_its_address_without_its_password() {
    let app = spawn_app().await;
    let (squatter, _) = app.signup_student("bob@lakeside.k12.ca.us").await;
    let mut profile = student_body("bob@lakeside.k12.ca.us");
    profile["email"] = json!("classmate@home.example");
    let me: Value = app
        .get(&squatter, "/api/auth/user")
        .await
        .json()
        .await
        .unwrap();
    let path = format!("/api/users/{}", me["id"]);
    assert_eq!(
        app.put(&squatter, &path, profile).await.status(),
        StatusCode::OK
    );
    let token = confirmation_token(&app);
    // Someone who proved the address (a confirmed change to it) keeps the password.
    let (kept, _) = app.signup_student("kim@home.example").await;
    let mut moved = student_body("kim@lakeside.k12.ca.us");
    moved["firstName"] = json!("Kim");
    let kim: Value = app.get(&kept, "/api/auth/user").await.json().await.unwrap();
    let kim_path = format!("/api/users/{}", kim["id"]);
    assert_eq!(
        app.put(&kept, &kim_path, moved).await.status(),
        StatusCode::OK
    );
    let kim_token = confirmation_token(&app);
    let res = app.confirm_email(&kim_token).await;
    assert_eq!(res.status(), StatusCode::OK);

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("orgs.csv"), ORGS).unwrap();
    std::fs::write(
        dir.path().join("users.csv"),
        "sourcedId,enabledUser,orgSourcedIds,role,givenName,familyName,email,agentSourcedIds,grades\n\
         u1,true,s1,student,Bob,Real,bob@lakeside.k12.ca.us,p1,11\n\
         u2,true,s1,student,Kim,Day,kim@lakeside.k12.ca.us,,11\n\
         p1,true,s1,parent,Rosa,Real,rosa@family.example,,\n",
    )
    .unwrap();
    let out = import(&app, dir.path(), true);
    assert!(
        out.contains("Would clear the password: users.csv: line 2"),
        "{out}"
    );
    let out = import(&app, dir.path(), false);
    assert!(
        out.starts_with("Imported the roster: 0 created, 2 updated"),
        "{out}"
    );
    assert!(
        out.contains(
            "Cleared the password: users.csv: line 2: a self sign-up that never proved this address"
        ),
        "{out}"
    );
    assert!(!out.contains("line 3"), "{out}");

    // The classmate is out: the session ended, the password is gone, the change is void.
    let session: Value = app
        .get(&squatter, "/api/session")
        .await
        .json()
        .await
        .unwrap();
    assert!(session["user"].is_null(), "{session}");
    let (status, _) = message_of(
        app.student_login(&app.client(), "bob@lakeside.k12.ca.us", "secret1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let res = app.confirm_email(&token).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let r = app.state.store().read().unwrap();
    let bob = internreel::store::users::by_email(&r, "bob@lakeside.k12.ca.us")
        .unwrap()
        .expect("the account keeps the roster's address");
    let identity = internreel::store::identity::of(&r, bob.id).unwrap();
    assert_eq!(identity.source, internreel::store::identity::Source::Roster);
    assert_eq!(identity.guardians[0].email, "rosa@family.example");
    drop(r);
    // Kim proved the address: her password still signs in.
    let res = app
        .student_login(&app.client(), "kim@lakeside.k12.ca.us", "secret1")
        .await;
    assert_eq!(res.status(), StatusCode::OK);

    // Bob sets a password through the link the roster invite sends to his mailbox.
    let out = app
        .command(internreel::commands::Command::RosterInvite { school: None })
        .unwrap();
    assert!(out.contains("Queued 1 set-password"), "{out}");
}

/// A right-to-left override or a spreadsheet formula never becomes a school of the sign-up
/// list or a student's name: the forms' checks, each refusal with its file and line.
#[tokio::test]
async fn roster_names_and_school_names_get_the_forms_checks() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("orgs.csv"),
        "sourcedId,status,name,type\n\
         s1,active,Lakeside High,school\n\
         s2,active,Lakeside \u{202E}hgiH,school\n\
         s3,active,\"=HYPERLINK(\"\"https://evil.example\"\",\"\"Ridgeview High\"\")\",school\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("users.csv"),
        "sourcedId,enabledUser,orgSourcedIds,role,givenName,familyName,email,grades\n\
         u1,true,s1,student,Ana,Lopez,ana@lakeside.k12.ca.us,11\n\
         u2,true,s1,student,Ben\u{202E},Ito,ben@lakeside.k12.ca.us,11\n\
         u3,true,s1,student,Cy,+1+cmd,cy@lakeside.k12.ca.us,11\n",
    )
    .unwrap();
    let out = import(&app, dir.path(), false);
    assert!(out.starts_with("Imported the roster: 1 created"), "{out}");
    for refused in [
        "Refused: orgs.csv: line 3: a school name with invisible or control characters",
        "Refused: orgs.csv: line 4: a school name that starts like a spreadsheet formula",
        "Refused: users.csv: line 3: a name with invisible or control characters",
        "Refused: users.csv: line 4: a name that starts like a spreadsheet formula",
    ] {
        assert!(out.contains(refused), "{refused}\n{out}");
    }
    let schools: Value = app
        .get(&app.client(), "/api/schools")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(schools["schools"], json!(["Lakeside High"]));

    // A second `email` column would leave which address counts to chance: the file is refused.
    std::fs::write(
        dir.path().join("users.csv"),
        "sourcedId,role,givenName,familyName,email,orgSourcedIds,grades,email\n\
         u1,student,Ana,Lopez,ana@lakeside.k12.ca.us,s1,11,eve@evil.example\n",
    )
    .unwrap();
    let err = app
        .command(internreel::commands::Command::RosterImport {
            path: dir.path().to_path_buf(),
            dry_run: false,
        })
        .unwrap_err();
    assert_eq!(err.0, "users.csv: the column email appears twice");
}

/// A zip's members are checked against their caps by the size the zip declares, before
/// anything is inflated; `orgs.csv` (a district's schools) has a small one.
#[tokio::test]
async fn a_zip_member_over_its_cap_is_refused_before_it_is_read() {
    use std::io::Write;
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let zip_path = dir.path().join("oneroster.zip");
    {
        let mut z = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        let opts = zip::write::SimpleFileOptions::default();
        z.start_file("orgs.csv", opts).unwrap();
        z.write_all(ORGS.as_bytes()).unwrap();
        let row = "s9,active,2026-08-01,Filler High,school,,d1\n".repeat(1 << 12);
        for _ in 0..100 {
            z.write_all(row.as_bytes()).unwrap();
        }
        z.start_file("users.csv", opts).unwrap();
        z.write_all(users(true).as_bytes()).unwrap();
        z.finish().unwrap();
    }
    assert!(std::fs::metadata(&zip_path).unwrap().len() < 1 << 20);
    let err = app
        .command(internreel::commands::Command::RosterImport {
            path: zip_path,
            dry_run: true,
        })
        .unwrap_err();
    assert_eq!(err.0, "orgs.csv in the zip is larger than 16 MB");
}

/// A roster that moves an existing student to another school, or another grade, says so line
/// by line (a dry run says what it would change), puts it in the audit log's summary, and
/// tells the student in the app and by e-mail. A student it leaves as they were hears nothing.
#[tokio::test]
async fn a_roster_that_changes_a_student_s_school_or_grade_says_so_and_tells_the_student() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("students.csv");
    std::fs::write(
        &plain,
        "email,first_name,last_name,grade,school\n\
         ava@lakeside.k12.ca.us,Ava,Chen,11,Lincoln High School\n\
         lee@lakeside.k12.ca.us,Lee,Park,10,Lincoln High School\n\
         mo@lakeside.k12.ca.us,Mo,Diaz,9,Lincoln High School\n",
    )
    .unwrap();
    let out = import(&app, &plain, false);
    assert!(out.starts_with("Imported the roster: 3 created"), "{out}");
    assert!(
        !out.contains("Changed "),
        "new students are no changes: {out}"
    );

    std::fs::write(
        &plain,
        "email,first_name,last_name,grade,school\n\
         ava@lakeside.k12.ca.us,Ava,Chen,12,Roosevelt High School\n\
         lee@lakeside.k12.ca.us,Lee,Park,11,Lincoln High School\n\
         mo@lakeside.k12.ca.us,Mo,Diaz,9,lincoln high school \n",
    )
    .unwrap();
    let dry = import(&app, &plain, true);
    assert!(
        dry.contains("Would change Ava Chen (ava@lakeside.k12.ca.us): school Lincoln High School → Roosevelt High School; grade 11 → 12\n"),
        "{dry}"
    );
    let mails_before = app.outbox();
    assert!(
        !mails_before.contains("Your school's records"),
        "a dry run tells nobody"
    );

    let out = import(&app, &plain, false);
    assert!(
        out.contains("Changed Ava Chen (ava@lakeside.k12.ca.us): school Lincoln High School → Roosevelt High School; grade 11 → 12\n"),
        "{out}"
    );
    assert!(
        out.contains("Changed Lee Park (lee@lakeside.k12.ca.us): grade 10 → 11\n"),
        "{out}"
    );
    assert!(
        !out.contains("Mo Diaz"),
        "the same school in other capitals: {out}"
    );
    assert!(out.contains("2 students' school or grade changed"), "{out}");

    // Ava reads it in the app and in her mailbox; Mo hears nothing.
    let r = app.state.store().read().unwrap();
    let ava = internreel::store::users::by_email(&r, "ava@lakeside.k12.ca.us")
        .unwrap()
        .unwrap();
    assert_eq!(ava.school, "Roosevelt High School");
    let mo = internreel::store::users::by_email(&r, "mo@lakeside.k12.ca.us")
        .unwrap()
        .unwrap();
    let notes_of = |id: u64| -> Vec<internreel::store::notifications::Notification> {
        internreel::store::notifications::ids_of(&r, id)
            .unwrap()
            .into_iter()
            .filter_map(|n| r.get(n).unwrap())
            .collect()
    };
    let ava_notes = notes_of(ava.id);
    assert_eq!(ava_notes.len(), 1);
    // Stored by key; read in the reader's language (English here).
    assert_eq!(
        internreel::i18n::Lang::En.tr(&ava_notes[0].text),
        "Your school's records moved you from Lincoln High School to Roosevelt High School and changed your grade from 11 to 12. If this is wrong, ask your school's work-based-learning coordinator."
    );
    assert_eq!(ava_notes[0].link, "/profile");
    assert!(notes_of(mo.id).is_empty());
    drop(r);
    let mails: Value = serde_json::from_str(&app.outbox()).unwrap();
    let to_ava: Vec<&Value> = mails
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == "ava@lakeside.k12.ca.us")
        .collect();
    assert_eq!(to_ava.len(), 1, "{mails}");
    assert_eq!(to_ava[0]["subject"], "Your school's records changed");
    assert!(
        to_ava[0]["text"]
            .as_str()
            .unwrap()
            .contains("moved you from Lincoln High School to Roosevelt High School"),
        "{}",
        to_ava[0]
    );

    // The district's log keeps the count.
    let admin = app.admin().await;
    let audit: Value = app
        .get(&admin, "/api/admin/audit")
        .await
        .json()
        .await
        .unwrap();
    assert!(audit["entries"].as_array().unwrap().iter().any(|e| {
        e["summary"]
            .as_str()
            .unwrap()
            .contains("2 students' school or grade changed")
    }));
}

fn invite(app: &TestApp, school: Option<&str>) -> Result<String, String> {
    app.command(internreel::commands::Command::RosterInvite {
        school: school.map(str::to_string),
    })
    .map_err(|e| e.0)
}

fn invitations_to(app: &TestApp, to: &str) -> usize {
    let mails: Value = serde_json::from_str(&app.outbox()).unwrap();
    mails
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == to && m["text"].as_str().unwrap().contains("token="))
        .count()
}

/// Running `roster invite` again mails only the students without a password whom it last mailed
/// over a day ago: a coordinator who runs it twice does not flood the students' mailboxes.
#[tokio::test]
async fn a_second_roster_invite_mails_only_students_not_mailed_in_the_last_day() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    write_folder(dir.path(), true);
    import(&app, dir.path(), false);

    let out = invite(&app, None).unwrap();
    assert!(out.contains("Queued 2 set-password e-mail(s)"), "{out}");
    let out = invite(&app, None).unwrap();
    assert!(out.contains("Queued 0 set-password e-mail(s)"), "{out}");
    assert!(
        out.contains(
            "Skipped 2 student(s) without a password who were e-mailed less than a day ago"
        ),
        "{out}"
    );
    assert_eq!(invitations_to(&app, "ana@lakeside.k12.ca.us"), 1);
    assert_eq!(invitations_to(&app, "ben@lakeside.k12.ca.us"), 1);

    // A day later: Ana, who set her password meanwhile, gets nothing; Ben gets a new link.
    let token = app.reset_token("ana@lakeside.k12.ca.us");
    let res = app
        .post(
            &app.client(),
            "/api/password-reset/confirm",
            json!({"token": token, "password": "new-password-1"}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let day_ago = internreel::clock::now_ms() - 25 * 60 * 60 * 1000;
    app.state
        .store()
        .write(|w| {
            for email in ["ana@lakeside.k12.ca.us", "ben@lakeside.k12.ca.us"] {
                let u = internreel::store::users::by_email(w, email)?.unwrap();
                internreel::store::identity::note_invited(w, u.id, day_ago)?;
            }
            Ok::<_, internreel::store::StoreError>(())
        })
        .unwrap();
    let out = invite(&app, Some("ridgeview high")).unwrap();
    assert!(
        out.contains("Queued 1 set-password e-mail(s) for ridgeview high"),
        "{out}"
    );
    assert!(!out.contains("skipped"), "{out}");
    assert_eq!(invitations_to(&app, "ana@lakeside.k12.ca.us"), 1);
    assert_eq!(invitations_to(&app, "ben@lakeside.k12.ca.us"), 2);
}

/// `roster invite --school` with a school no roster or student names mails nobody and says
/// which schools there are (a typo would otherwise "invite" no one and look done).
#[tokio::test]
async fn roster_invite_refuses_a_school_nobody_names() {
    let app = spawn_app().await;
    let err = invite(&app, Some("Lakeside High")).unwrap_err();
    assert_eq!(
        err,
        "No school named \"Lakeside High\": no roster has been imported and no student names a school."
    );
    let dir = tempfile::tempdir().unwrap();
    write_folder(dir.path(), true);
    import(&app, dir.path(), false);
    let err = invite(&app, Some("Lakeside Hihg")).unwrap_err();
    assert_eq!(
        err,
        "No school named \"Lakeside Hihg\". The known schools: Lakeside High, Ridgeview High."
    );
    assert_eq!(invitations_to(&app, "ana@lakeside.k12.ca.us"), 0);

    // The admin's staff form offers the same schools: the roster's and those students gave.
    app.signup_student("zed@home.example").await;
    let admin = app.admin().await;
    let named: Value = app
        .get(&admin, "/api/admin/schools")
        .await
        .json()
        .await
        .unwrap();
    let self_signed = student_body("x@y.z")["school"].clone();
    let mut expected = vec![json!("Lakeside High"), json!("Ridgeview High"), self_signed];
    expected.sort_by_key(|v| v.as_str().unwrap().to_lowercase());
    assert_eq!(named["schools"], Value::Array(expected));
}

/// A roster invitation's link lives 7 days and its e-mail says "Choose your password"; a
/// password reset's link still lives 30 minutes. The rostered student sets a password through
/// it, signs in with no interests yet (the UI asks them before the feed) and gives them alone.
#[tokio::test]
async fn a_roster_invitation_lives_a_week_and_the_student_then_picks_interests() {
    use internreel::store::outbox::ResetToken;
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    write_folder(dir.path(), true);
    import(&app, dir.path(), false);
    let before = internreel::clock::now_ms();
    invite(&app, Some("Lakeside High")).unwrap();

    let mails: Value = serde_json::from_str(&app.outbox()).unwrap();
    let mail = mails
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "ana@lakeside.k12.ca.us")
        .unwrap()
        .clone();
    assert_eq!(mail["subject"], "Choose your password for InternReel");
    let text = mail["text"].as_str().unwrap();
    assert!(
        text.contains("Open this link within 7 days to choose your password"),
        "{text}"
    );
    assert!(!text.contains("Reset"), "{text}");
    let link = text
        .lines()
        .find(|l| l.contains("/reset-password?token="))
        .unwrap();
    assert!(link.ends_with("&invite=1"), "{link}");
    let token = link.split("token=").nth(1).unwrap()[..64].to_string();

    let week = 7 * 24 * 60 * 60 * 1000;
    let ana = {
        let r = app.state.store().read().unwrap();
        let ana = internreel::store::users::by_email(&r, "ana@lakeside.k12.ca.us")
            .unwrap()
            .unwrap();
        let t: ResetToken = r.get(ana.id).unwrap().unwrap();
        assert!(
            t.expires_at >= before + week && t.expires_at <= internreel::clock::now_ms() + week,
            "the invitation's link lives 7 days"
        );
        ana
    };

    // A password reset of another student keeps its 30 minutes and its wording.
    let res = app
        .post(
            &app.client(),
            "/api/password-reset",
            json!({"email": "ben@lakeside.k12.ca.us"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let ben_token = loop {
        let r = app.state.store().read().unwrap();
        let ben = internreel::store::users::by_email(&r, "ben@lakeside.k12.ca.us")
            .unwrap()
            .unwrap();
        if let Some(t) = r.get::<ResetToken>(ben.id).unwrap() {
            break t;
        }
        drop(r);
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(ben_token.expires_at <= internreel::clock::now_ms() + 30 * 60 * 1000);
    let mails: Value = serde_json::from_str(&app.outbox()).unwrap();
    let reset = mails
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "ben@lakeside.k12.ca.us")
        .unwrap();
    assert_eq!(reset["subject"], "Reset your InternReel password");
    assert!(!reset["text"].as_str().unwrap().contains("invite=1"));

    // Ana chooses her password, signs in: no interests yet.
    let c = app.client();
    let res = app
        .post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": token, "password": "ana-password-1"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .student_login(&c, "ana@lakeside.k12.ca.us", "ana-password-1")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let me: Value = res.json().await.unwrap();
    assert_eq!(me["id"], ana.id);
    assert_eq!(me["interests"], json!([]));

    // The interests step: none is refused with the sign-up's words; then they are kept.
    let (status, body) = message_of(
        app.put(&c, "/api/users/me/interests", json!({"interests": []}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["interests"],
        "Please select at least one interest"
    );
    let res = app
        .put(
            &c,
            "/api/users/me/interests",
            json!({"interests": ["Technology", "design"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let me: Value = res.json().await.unwrap();
    assert_eq!(me["interests"], json!(["technology", "design"]));
    assert_eq!(me["school"], "Lakeside High");
    let me: Value = app.get(&c, "/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["interests"], json!(["technology", "design"]));
}
