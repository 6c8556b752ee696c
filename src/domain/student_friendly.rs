//! Is a job student-friendly (for 16-18 year olds)? A few documented rules:
//!
//! 1. A beginner signal is needed: the title, level or commitment says intern(ship), co-op,
//!    apprentice(ship), entry level, junior/jr, trainee, student, summer, high school,
//!    part-time or associate (or the provider's employment type is Intern).
//! 2. Seniority words (senior, sr., staff, principal, lead, manager, director, head of, vp,
//!    chief, architect, executive) rule it out, unless an internship word is there too.
//! 3. A description asking for 3 or more years of experience rules it out.
//! 4. So do college requirements (bachelor's, undergraduate, college or university student,
//!    degree required, currently enrolled at a university or college, MBA, PhD) and adult-only
//!    or hazardous work under US child-labour rules (must be 18/21, driver's licence, CDL,
//!    forklift, alcohol, roofing, demolition, power saws and slicers, security clearance,
//!    overnight shifts).

fn words(s: &str) -> Vec<String> {
    s.to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '.')
        .map(|w| w.trim_end_matches('.').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

fn has_word(ws: &[String], w: &str) -> bool {
    ws.iter().any(|x| x == w)
}

/// The phrase occurs as whole words ('mba' is not found in 'ambassador').
fn has_phrase(text: &str, p: &str) -> bool {
    text.match_indices(p).any(|(at, _)| {
        // Only the start is anchored: a phrase may be the stem of a longer word ('bartend'
        // in 'bartender').
        text[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
    })
}

const INTERN_WORDS: [&str; 6] = [
    "intern",
    "internship",
    "co-op",
    "coop",
    "apprentice",
    "apprenticeship",
];
const BEGINNER_WORDS: [&str; 8] = [
    "trainee",
    "student",
    "summer",
    "junior",
    "jr",
    "associate",
    "entry",
    "students",
];
const BEGINNER_PHRASES: [&str; 6] = [
    "entry level",
    "entry-level",
    "high school",
    "part-time",
    "part time",
    "interns",
];
const SENIOR_WORDS: [&str; 12] = [
    "senior",
    "sr",
    "staff",
    "principal",
    "lead",
    "manager",
    "director",
    "vp",
    "chief",
    "architect",
    "executive",
    "head",
];
const ADULT_ONLY: [&str; 24] = [
    "must be 18",
    "must be 21",
    "18 years of age or older",
    "18 years or older",
    "21 years or older",
    "at least 18",
    "at least 21",
    "driver's license",
    "driver's licence",
    "drivers license",
    "driving licence",
    "cdl",
    "forklift",
    "alcohol",
    "bartend",
    "roofing",
    "roof work",
    "demolition",
    "chainsaw",
    "power saw",
    "meat slicer",
    "security clearance",
    "overnight",
    "heavy machinery",
];
const DEGREE: [&str; 17] = [
    "bachelor",
    "undergraduate",
    "undergrad",
    "college student",
    "university student",
    "graduate student",
    "enrolled in college",
    "pursuing a degree",
    "college junior",
    "degree required",
    "degree in",
    "currently enrolled in a university",
    "currently enrolled at a university",
    "enrolled in a 4-year",
    "mba",
    "phd",
    "college degree",
];

fn intern_word(title_words: &[String], text: &str) -> bool {
    INTERN_WORDS.iter().any(|w| has_word(title_words, w)) || has_phrase(text, "interns")
}

/// The lower bound of the years of experience a description asks for, if any:
/// '3+ years', '3 or more years', 'at least 3 years', 'minimum of 3 years', '3-5 years'.
pub fn years_required(description: &str) -> Option<u32> {
    let ws = words(&description.replace(['+', '-', '–'], " "));
    let mut best: Option<u32> = None;
    for (n, w) in ws.iter().enumerate() {
        if !(w == "years" || w == "year" || w == "yrs") {
            continue;
        }
        // Only experience: the words after 'years' should mention it soon.
        let tail = ws[n + 1..ws.len().min(n + 5)].join(" ");
        if !tail.contains("experience") {
            continue;
        }
        for back in ws[n.saturating_sub(4)..n].iter() {
            if let Ok(v) = back.parse::<u32>() {
                if v <= 30 {
                    best = Some(best.map_or(v, |b: u32| b.min(v)));
                }
                break;
            }
        }
    }
    best
}

/// Whether a job suits a 16-18 year old, by the rules above.
pub fn is_beginner(title: &str, level: &str, commitment: &str, description: &str) -> bool {
    let head = format!("{title} {level} {commitment}").to_lowercase();
    let head_words = words(&head);
    let desc = description.to_lowercase();
    let intern = intern_word(&head_words, &head);
    let beginner = intern
        || BEGINNER_WORDS.iter().any(|w| has_word(&head_words, w))
        || BEGINNER_PHRASES.iter().any(|p| has_phrase(&head, p));
    if !beginner {
        return false;
    }
    let title_words = words(title);
    let senior = SENIOR_WORDS.iter().any(|w| has_word(&title_words, w))
        || has_phrase(&title.to_lowercase(), "head of");
    if senior && !intern {
        return false;
    }
    if years_required(&desc).is_some_and(|y| y >= 3) {
        return false;
    }
    let everything = format!("{head} {desc}");
    if DEGREE.iter().any(|p| has_phrase(&everything, p)) {
        return false;
    }
    !ADULT_ONLY.iter().any(|p| has_phrase(&everything, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_classified_as_a_student_would_expect() {
        let rows: &[(&str, &str, bool)] = &[
            ("Marketing Intern", "", true),
            ("Summer Intern, Design", "", true),
            ("High School Summer Program Assistant", "", true),
            ("Part-time Retail Associate", "", true),
            ("Junior Web Developer", "", true),
            ("Jr. Data Analyst", "", true),
            ("Software Engineering Apprentice", "", true),
            ("Student Ambassador", "", true),
            ("Entry Level Customer Support", "", true),
            ("Senior Software Engineer", "", false),
            ("Sr. Product Designer", "", false),
            ("Staff Engineer", "", false),
            ("Engineering Manager", "", false),
            ("Director of Sales", "", false),
            ("Head of Growth", "", false),
            ("VP, Marketing", "", false),
            ("Solutions Architect", "", false),
            ("Senior Research Intern", "", true),
            ("Policy Research Intern (Undergraduate)", "", false),
            (
                "Marketing Intern",
                "Open to college students in their junior year",
                false,
            ),
            ("Lead Organizer", "", false),
            ("Software Engineer", "", false),
            ("Barista", "", false),
            (
                "Junior Analyst",
                "Requires 5+ years of experience in finance.",
                false,
            ),
            (
                "Junior Analyst",
                "At least 3 years of experience with Excel.",
                false,
            ),
            ("Junior Analyst", "1-2 years of experience is a plus.", true),
            ("Marketing Intern", "Bachelor's degree required.", false),
            (
                "Warehouse Associate",
                "Must hold a forklift certification.",
                false,
            ),
            (
                "Delivery Associate",
                "A valid driver's license is required.",
                false,
            ),
            ("Summer Roofing Helper", "", false),
            ("Part-time Host", "You must be 21 to serve alcohol.", false),
            (
                "Summer Intern",
                "Minimum of 2 years of experience preferred.",
                true,
            ),
        ];
        for (title, desc, want) in rows {
            assert_eq!(is_beginner(title, "", "", desc), *want, "{title} / {desc}");
        }
    }

    #[test]
    fn commitment_and_level_count_as_signals() {
        assert!(is_beginner("Hardware Engineer", "", "Intern", ""));
        assert!(is_beginner("Operations Assistant", "Entry level", "", ""));
        assert!(!is_beginner("Operations Assistant", "", "Full-time", ""));
    }

    #[test]
    fn years_of_experience_take_the_lower_bound() {
        assert_eq!(years_required("3-5 years of experience"), Some(3));
        assert_eq!(years_required("5+ years of relevant experience"), Some(5));
        assert_eq!(years_required("at least 2 years experience"), Some(2));
        assert_eq!(years_required("founded 20 years ago"), None);
        assert_eq!(years_required("no experience needed"), None);
    }
}
