//! A district roster read from its files: OneRoster 1.1 CSV (`orgs.csv` and `users.csv`) or a
//! plain CSV (`email,first_name,last_name,grade,school`). Rows become students, guardians
//! and schools; a row we cannot take is refused with its file, line and why. No IO: the
//! caller hands in the files' bytes.

use std::collections::HashMap;

use super::text::{has_hidden_chars, is_email, starts_like_a_formula};

/// The forms' bounds: a person's name (each part), a school's name (`SHORT_MAX`), a phone.
const NAME_MAX: usize = 50;
const SCHOOL_MAX: usize = 200;
const PHONE_MAX: usize = 40;

/// A student as the roster states them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterStudent {
    /// The roster's id (`sourcedId`), or for a plain CSV the lower-cased e-mail.
    pub sourced_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// One of `options::GRADES`.
    pub grade: String,
    pub school: String,
    /// `enabledUser=false` or `status=tobedeleted`: the account is turned off.
    pub enabled: bool,
    pub guardians: Vec<RosterGuardian>,
    /// Where it came from, for messages ("users.csv: line 12").
    pub line: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterGuardian {
    pub name: String,
    /// "parent" or "guardian" (OneRoster's role; "relative" and the like as given).
    pub relationship: String,
    pub email: String,
    pub phone: String,
}

#[derive(Debug, Default)]
pub struct Roster {
    pub students: Vec<RosterStudent>,
    /// Schools (`orgs.csv` rows of type school), sorted by name.
    pub schools: Vec<(String, String)>,
    /// Rows not taken: "users.csv: line 12: why".
    pub refused: Vec<String>,
}

/// A whole file we cannot read (no header, a missing column).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct RosterError(pub String);

/// A OneRoster grade ("09".."12", or the words) as our grade.
pub fn grade_of(raw: &str) -> Option<&'static str> {
    let g = raw.trim().to_ascii_lowercase();
    // OneRoster's `grades` may list several; a student's is one.
    let g = g.split(',').next().unwrap_or("").trim().to_string();
    match g.trim_start_matches('0') {
        "9" | "freshman" => Some("freshman"),
        "10" | "sophomore" => Some("sophomore"),
        "11" | "junior" => Some("junior"),
        "12" | "senior" => Some("senior"),
        _ => None,
    }
}

/// Our grade as the roster writes it ("junior" → "11"); anything else as it is.
pub fn grade_number(grade: &str) -> &str {
    match grade {
        "freshman" => "9",
        "sophomore" => "10",
        "junior" => "11",
        "senior" => "12",
        other => other,
    }
}

struct Table<'n> {
    name: &'n str,
    header: HashMap<String, usize>,
    rows: Vec<(u64, csv::StringRecord)>,
}

impl<'n> Table<'n> {
    fn read(name: &'n str, bytes: &[u8]) -> Result<Table<'n>, RosterError> {
        // A byte-order mark from spreadsheet exports would stick to the first column's name.
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let mut rdr = csv::ReaderBuilder::new()
            .flexible(true)
            .trim(csv::Trim::All)
            .from_reader(bytes);
        let mut header = HashMap::new();
        let names = rdr
            .headers()
            .map_err(|e| RosterError(format!("{name}: {e}")))?;
        for (i, h) in names.iter().enumerate() {
            let h = h.trim().to_ascii_lowercase();
            // Two `email` columns would leave which one counts to the reader; empty names
            // (a spreadsheet's trailing commas) name nothing we read.
            if !h.is_empty() && header.insert(h.clone(), i).is_some() {
                return Err(RosterError(format!("{name}: the column {h} appears twice")));
            }
        }
        let mut rows = Vec::new();
        for rec in rdr.records() {
            let rec = rec.map_err(|e| RosterError(format!("{name}: {e}")))?;
            let line = rec.position().map_or(0, |p| p.line());
            rows.push((line, rec));
        }
        Ok(Table { name, header, rows })
    }

    fn need(&self, cols: &[&str]) -> Result<(), RosterError> {
        for c in cols {
            if !self.header.contains_key(&c.to_ascii_lowercase()) {
                return Err(RosterError(format!("{}: no column {c}", self.name)));
            }
        }
        Ok(())
    }

    fn get<'a>(&self, rec: &'a csv::StringRecord, col: &str) -> &'a str {
        self.header
            .get(&col.to_ascii_lowercase())
            .and_then(|&i| rec.get(i))
            .unwrap_or("")
    }
}

fn split_ids(s: &str) -> Vec<String> {
    s.split(',')
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
}

/// Why a name-like field is refused, by the forms' rules: too long, or invisible or control
/// characters (a right-to-left override shows the text reversed); and, as these come from
/// spreadsheets and go back into them, a value that starts like a formula.
fn text_problem(what: &str, v: &str, max: usize) -> Option<String> {
    if v.chars().count() > max {
        Some(format!("{what} longer than {max} characters"))
    } else if has_hidden_chars(v, true) {
        Some(format!("{what} with invisible or control characters"))
    } else if starts_like_a_formula(v) {
        Some(format!(
            "{what} that starts like a spreadsheet formula (=, +, - or @)"
        ))
    } else {
        None
    }
}

/// Why a guardian's row is refused (the student is kept, without that guardian).
fn guardian_problem(g: &RosterGuardian) -> Option<String> {
    text_problem("a name", &g.name, 2 * NAME_MAX + 1)
        .or_else(|| {
            (!g.email.is_empty() && !is_email(&g.email))
                .then(|| format!("no valid e-mail address (\"{}\")", g.email))
        })
        .or_else(|| {
            (g.phone.chars().count() > PHONE_MAX || has_hidden_chars(&g.phone, true))
                .then(|| "a phone number that is not one".to_string())
        })
}

/// Reads OneRoster 1.1 CSV: `orgs.csv` and `users.csv`.
pub fn one_roster(orgs: &[u8], users: &[u8]) -> Result<Roster, RosterError> {
    let orgs = Table::read("orgs.csv", orgs)?;
    orgs.need(&["sourcedId", "name", "type"])?;
    let users = Table::read("users.csv", users)?;
    users.need(&[
        "sourcedId",
        "role",
        "givenName",
        "familyName",
        "email",
        "orgSourcedIds",
    ])?;
    let mut roster = Roster::default();
    let mut school_names: HashMap<String, String> = HashMap::new();
    for (line, rec) in &orgs.rows {
        if orgs.get(rec, "type").eq_ignore_ascii_case("school")
            && !orgs.get(rec, "status").eq_ignore_ascii_case("tobedeleted")
        {
            let id = orgs.get(rec, "sourcedId").to_string();
            let name = orgs.get(rec, "name").to_string();
            // The school becomes a choice of everyone's sign-up form.
            if let Some(why) = text_problem("a school name", &name, SCHOOL_MAX) {
                roster.refused.push(format!("orgs.csv: line {line}: {why}"));
            } else if !id.is_empty() && !name.is_empty() {
                school_names.insert(id.clone(), name.clone());
                roster.schools.push((id, name));
            }
        }
    }
    roster.schools.sort_by_key(|(_, n)| n.to_lowercase());
    // Guardians first, so students can name them (agentSourcedIds goes either way).
    let mut guardians: HashMap<String, RosterGuardian> = HashMap::new();
    let mut wards: HashMap<String, Vec<String>> = HashMap::new();
    for (line, rec) in &users.rows {
        let role = users.get(rec, "role").to_ascii_lowercase();
        if matches!(role.as_str(), "parent" | "guardian" | "relative")
            && !users.get(rec, "status").eq_ignore_ascii_case("tobedeleted")
        {
            let id = users.get(rec, "sourcedId").to_string();
            let name = format!(
                "{} {}",
                users.get(rec, "givenName"),
                users.get(rec, "familyName")
            )
            .trim()
            .to_string();
            let phone = [users.get(rec, "phone"), users.get(rec, "sms")]
                .into_iter()
                .find(|p| !p.is_empty())
                .unwrap_or("")
                .to_string();
            let guardian = RosterGuardian {
                name,
                relationship: role.clone(),
                email: users.get(rec, "email").to_string(),
                phone,
            };
            // Their name and address go into agreements and e-mails to them.
            if let Some(why) = guardian_problem(&guardian) {
                roster
                    .refused
                    .push(format!("users.csv: line {line}: {why}"));
                continue;
            }
            guardians.insert(id.clone(), guardian);
            for s in split_ids(users.get(rec, "agentSourcedIds")) {
                wards.entry(s).or_default().push(id.clone());
            }
        }
    }
    for (line, rec) in &users.rows {
        if !users.get(rec, "role").eq_ignore_ascii_case("student") {
            continue;
        }
        let at = format!("users.csv: line {line}");
        let id = users.get(rec, "sourcedId").to_string();
        if id.is_empty() {
            roster.refused.push(format!("{at}: no sourcedId"));
            continue;
        }
        let email = users.get(rec, "email").to_string();
        let enabled = !users.get(rec, "enabledUser").eq_ignore_ascii_case("false")
            && !users.get(rec, "status").eq_ignore_ascii_case("tobedeleted");
        let school = split_ids(users.get(rec, "orgSourcedIds"))
            .iter()
            .find_map(|o| school_names.get(o).cloned());
        let mut their: Vec<String> = split_ids(users.get(rec, "agentSourcedIds"));
        their.extend(wards.get(&id).cloned().unwrap_or_default());
        their.dedup();
        let guardians = their
            .iter()
            .filter_map(|g| guardians.get(g).cloned())
            .collect();
        match student(
            &at,
            id,
            &email,
            users.get(rec, "givenName"),
            users.get(rec, "familyName"),
            users.get(rec, "grades"),
            school,
            enabled,
            guardians,
        ) {
            Ok(s) => roster.students.push(s),
            Err(why) => roster.refused.push(why),
        }
    }
    Ok(roster)
}

#[allow(clippy::too_many_arguments)]
fn student(
    at: &str,
    sourced_id: String,
    email: &str,
    given: &str,
    family: &str,
    grades: &str,
    school: Option<String>,
    enabled: bool,
    guardians: Vec<RosterGuardian>,
) -> Result<RosterStudent, String> {
    if !is_email(email) {
        return Err(format!("{at}: no valid e-mail address (\"{email}\")"));
    }
    if given.is_empty() {
        return Err(format!("{at}: no given name"));
    }
    let school = school.unwrap_or_default();
    if let Some(why) = text_problem("a name", given, NAME_MAX)
        .or_else(|| text_problem("a name", family, NAME_MAX))
        .or_else(|| text_problem("a school name", &school, SCHOOL_MAX))
    {
        return Err(format!("{at}: {why}"));
    }
    // A row that only turns an account off needs no grade or school.
    let grade = grade_of(grades);
    if enabled && grade.is_none() {
        return Err(format!(
            "{at}: grade \"{grades}\" is not a high-school grade (9 to 12)"
        ));
    }
    if enabled && school.is_empty() {
        return Err(format!(
            "{at}: no school in orgs.csv matches its orgSourcedIds"
        ));
    }
    Ok(RosterStudent {
        sourced_id,
        email: email.to_string(),
        first_name: given.to_string(),
        last_name: family.to_string(),
        grade: grade.unwrap_or("").to_string(),
        school,
        enabled,
        guardians,
        line: at.to_string(),
    })
}

/// Reads a plain CSV: `email,first_name,last_name,grade,school` (and `enabled` optionally);
/// `name` is the file's name, as refusals say it ("students.csv: line 4: ...").
pub fn plain(bytes: &[u8], name: &str) -> Result<Roster, RosterError> {
    let t = Table::read(name, bytes)?;
    t.need(&["email", "first_name", "last_name", "grade", "school"])?;
    let mut roster = Roster::default();
    for (line, rec) in &t.rows {
        let at = format!("{name}: line {line}");
        let email = t.get(rec, "email");
        let school = t.get(rec, "school").to_string();
        let enabled = !matches!(
            t.get(rec, "enabled").to_ascii_lowercase().as_str(),
            "false" | "no" | "0"
        );
        match student(
            &at,
            email.to_lowercase(),
            email,
            t.get(rec, "first_name"),
            t.get(rec, "last_name"),
            t.get(rec, "grade"),
            Some(school.clone()).filter(|s| !s.is_empty()),
            enabled,
            Vec::new(),
        ) {
            Ok(s) => {
                if !s.school.is_empty()
                    && !roster
                        .schools
                        .iter()
                        .any(|(_, n)| n.eq_ignore_ascii_case(&s.school))
                {
                    roster
                        .schools
                        .push((s.school.to_lowercase(), s.school.clone()));
                }
                roster.students.push(s);
            }
            Err(why) => roster.refused.push(why),
        }
    }
    roster.schools.sort_by_key(|(_, n)| n.to_lowercase());
    Ok(roster)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORGS: &str = "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n\
        d1,active,,Lakeside Unified,district,,\n\
        s1,active,,Lakeside High,school,,d1\n\
        s2,active,,Ridgeview High,school,,d1\n";
    const USERS: &str = "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n\
        u1,active,,true,s1,student,,,Ana,Lopez,,,ana@lakeside.k12.ca.us,,,p1,11,\n\
        u2,active,,false,s2,student,,,Ben,Ito,,,ben@lakeside.k12.ca.us,,,,10,\n\
        u3,active,,true,s1,student,,,Cy,Day,,,not-an-email,,,,11,\n\
        u4,active,,true,s1,student,,,Di,Ng,,,di@lakeside.k12.ca.us,,,,07,\n\
        p1,active,,true,s1,parent,,,Maria,Lopez,,,maria@example.com,,555-0100,u1,,\n\
        t1,active,,true,s1,teacher,,,Tom,Teach,,,tom@lakeside.k12.ca.us,,,,,\n";

    #[test]
    fn one_roster_students_schools_guardians_and_refusals() {
        let r = one_roster(ORGS.as_bytes(), USERS.as_bytes()).unwrap();
        assert_eq!(
            r.schools
                .iter()
                .map(|(_, n)| n.as_str())
                .collect::<Vec<_>>(),
            ["Lakeside High", "Ridgeview High"]
        );
        assert_eq!(r.students.len(), 2, "{:?}", r.refused);
        let ana = &r.students[0];
        assert_eq!(
            (ana.grade.as_str(), ana.school.as_str(), ana.enabled),
            ("junior", "Lakeside High", true)
        );
        assert_eq!(ana.guardians.len(), 1);
        assert_eq!(ana.guardians[0].email, "maria@example.com");
        assert_eq!(ana.guardians[0].phone, "555-0100");
        assert!(!r.students[1].enabled);
        assert_eq!(r.refused.len(), 2);
        assert!(
            r.refused[0].starts_with("users.csv: line 4: no valid e-mail"),
            "{:?}",
            r.refused
        );
        assert!(
            r.refused[1].contains("users.csv: line 5") && r.refused[1].contains("\"07\""),
            "{:?}",
            r.refused
        );
    }

    #[test]
    fn a_missing_column_refuses_the_file() {
        let e = one_roster(ORGS.as_bytes(), b"sourcedId,role\nu1,student\n").unwrap_err();
        assert!(e.0.contains("no column givenName"), "{e}");
    }

    #[test]
    fn a_duplicate_column_refuses_the_file() {
        let e = one_roster(
            ORGS.as_bytes(),
            b"sourcedId,role,givenName,familyName,email,orgSourcedIds,Email\n",
        )
        .unwrap_err();
        assert_eq!(e.0, "users.csv: the column email appears twice");
        // Trailing commas (unnamed columns) are no duplicates.
        assert!(plain(b"email,first_name,last_name,grade,school,,\n", "s.csv").is_ok());
    }

    #[test]
    fn names_and_schools_get_the_forms_checks() {
        let orgs = "sourcedId,name,type\n\
            s1,Lakeside High,school\n\
            s2,\u{202E}hgiH edisekaL,school\n\
            s3,\"=HYPERLINK(\"\"https://x.example\"\",\"\"Lakeside High\"\")\",school\n";
        let users = "sourcedId,role,givenName,familyName,email,orgSourcedIds,grades,agentSourcedIds\n\
            u1,student,Ana,Lopez,ana@l.example,s1,11,p1\n\
            u2,student,Ben\u{202E},Ito,ben@l.example,s1,11,\n\
            u3,student,=cmd|' /C calc'!A0,Day,cy@l.example,s1,11,\n\
            p1,parent,Maria\u{200B},Lopez,maria@example.com,s1,,u1\n";
        let r = one_roster(orgs.as_bytes(), users.as_bytes()).unwrap();
        let names: Vec<&str> = r.schools.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["Lakeside High"]);
        assert_eq!(r.students.len(), 1);
        assert!(r.students[0].guardians.is_empty());
        assert_eq!(
            r.refused,
            [
                "orgs.csv: line 3: a school name with invisible or control characters",
                "orgs.csv: line 4: a school name that starts like a spreadsheet formula (=, +, - or @)",
                "users.csv: line 5: a name with invisible or control characters",
                "users.csv: line 3: a name with invisible or control characters",
                "users.csv: line 4: a name that starts like a spreadsheet formula (=, +, - or @)",
            ]
        );
        let r = plain(
            "email,first_name,last_name,grade,school\nzoe@x.org,Zoe,Ray,12,@SUM(A1)\n".as_bytes(),
            "s.csv",
        )
        .unwrap();
        assert!(r.schools.is_empty());
        assert_eq!(
            r.refused,
            ["s.csv: line 2: a school name that starts like a spreadsheet formula (=, +, - or @)"]
        );
    }

    #[test]
    fn plain_csv_with_a_bom() {
        let r = plain(
            "\u{feff}email,first_name,last_name,grade,school\nzoe@x.org,Zoe,Ray,12,Lakeside High\nbad,Al,B,11,X\n".as_bytes(),
            "students.csv",
        )
        .unwrap();
        assert_eq!(r.students.len(), 1);
        assert_eq!(r.students[0].grade, "senior");
        assert_eq!(r.refused.len(), 1);
        assert!(r.refused[0].starts_with("students.csv: line 3: no valid e-mail"));
    }
}
