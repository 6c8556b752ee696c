//! Match scores (0-100) between a student and a posting, with the reasons behind them.
//!
//! - Interests (up to 60): a student interest that a posting's tags, skills, industry or title
//!   speak to (through a small synonym list) gives 40, each further one 10.
//! - Grade (15): the posting's grade requirement includes the student's grade, or names none.
//! - Work style (10): Remote 10, Hybrid 5 (we do not know where students live, so remote work
//!   is the one location fact that helps everyone).
//! - Deadline (15): still open. A passed deadline caps the score at 10.
//!
//! Students without interests get a neutral 50 for every open posting.

use time::Date;

use super::options::INTERESTS;
use super::said::Text;

/// Words that count as speaking to an interest.
fn synonyms(interest: &str) -> &'static [&'static str] {
    match interest {
        "technology" => &[
            "technology",
            "tech",
            "software",
            "coding",
            "code",
            "programming",
            "computer",
            "web",
            "app",
            "data",
            "it",
            "python",
            "javascript",
            "cybersecurity",
        ],
        "marketing" => &[
            "marketing",
            "social media",
            "advertising",
            "brand",
            "content",
            "seo",
        ],
        "finance" => &[
            "finance",
            "financial",
            "bank",
            "banking",
            "accounting",
            "money",
            "budget",
            "investing",
        ],
        "design" => &[
            "design",
            "graphic",
            "ux",
            "ui",
            "figma",
            "canva",
            "illustration",
            "creative",
        ],
        "healthcare" => &[
            "healthcare",
            "health",
            "medical",
            "hospital",
            "clinic",
            "nursing",
            "patient",
            "pediatric",
        ],
        "consulting" => &["consulting", "strategy", "analysis", "research"],
        "engineering" => &[
            "engineering",
            "engineer",
            "robotics",
            "mechanical",
            "electrical",
            "cad",
            "manufacturing",
            "hardware",
        ],
        "media" => &[
            "media",
            "video",
            "film",
            "journalism",
            "communications",
            "podcast",
            "photography",
            "content",
        ],
        "education" => &[
            "education",
            "teaching",
            "tutoring",
            "tutor",
            "school",
            "classroom",
            "kids",
            "camp",
            "library",
        ],
        "business" => &[
            "business",
            "sales",
            "retail",
            "entrepreneurship",
            "customer",
            "operations",
        ],
        "law" => &["law", "legal", "court", "paralegal"],
        "non-profit" => &[
            "non-profit",
            "nonprofit",
            "nonprofits",
            "community",
            "volunteer",
            "charity",
        ],
        "government" => &["government", "civic", "public", "city", "county", "policy"],
        "research" => &["research", "science", "lab", "laboratory", "data"],
        "sports" => &[
            "sports",
            "athletics",
            "fitness",
            "recreation",
            "coaching",
            "game",
        ],
        "arts" => &[
            "arts", "art", "music", "theater", "theatre", "museum", "creative",
        ],
        _ => &[],
    }
}

pub fn interest_label(interest: &str) -> String {
    match interest {
        "non-profit" => "Non-profit".into(),
        other => {
            let mut c = other.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        }
    }
}

/// Single-word synonyms → the interests they speak to; phrases ('social media') apart.
struct Vocabulary {
    words: std::collections::HashMap<&'static str, u32>,
    phrases: Vec<(&'static str, u32)>,
}

fn vocabulary() -> &'static Vocabulary {
    static V: std::sync::OnceLock<Vocabulary> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        let mut v = Vocabulary {
            words: std::collections::HashMap::new(),
            phrases: Vec::new(),
        };
        for (n, interest) in INTERESTS.iter().enumerate() {
            for syn in synonyms(interest) {
                if syn.contains(' ') {
                    v.phrases.push((syn, 1 << n));
                } else {
                    *v.words.entry(syn).or_default() |= 1 << n;
                }
            }
        }
        v
    })
}

fn interest_bit(interest: &str) -> u32 {
    INTERESTS
        .iter()
        .position(|i| *i == interest)
        .map_or(0, |n| 1 << n)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Remote,
    Hybrid,
    Other,
}

/// What scoring needs of a posting, computed once: a posting speaks to an interest when one
/// of the interest's synonyms is a word of its tags, skills, industry or title (lower-cased),
/// or, for phrases such as 'social media', appears within one of them.
/// What scoring reads of a posting (the store's record lends it: `Internship::posting_facts`).
pub struct Posting<'a> {
    pub title: &'a str,
    pub industry: &'a str,
    pub tags: &'a [String],
    pub skills: &'a [String],
    pub grade_requirement: &'a str,
    pub work_style: &'a str,
    pub deadline: Option<Date>,
}

#[derive(Clone)]
pub struct Facts {
    /// Bit n: speaks to `INTERESTS[n]`.
    interests: u32,
    grades: Option<(u32, u32)>,
    style: Style,
    deadline: Option<Date>,
}

impl Facts {
    /// Whether applications are still taken on `today` (no deadline: always).
    pub fn open_on(&self, today: Date) -> bool {
        crate::domain::applications::open_on(self.deadline, today)
    }

    pub fn of(i: &Posting) -> Facts {
        let vocabulary = vocabulary();
        let mut interests = 0;
        for s in i
            .tags
            .iter()
            .chain(i.skills)
            .map(String::as_str)
            .chain([i.industry, i.title])
        {
            let lower = s.to_lowercase();
            for word in lower
                .split(|c: char| !c.is_alphanumeric() && c != '-')
                .filter(|w| !w.is_empty())
            {
                interests |= vocabulary.words.get(word).copied().unwrap_or(0);
            }
            for (phrase, bit) in &vocabulary.phrases {
                if lower.contains(phrase) {
                    interests |= bit;
                }
            }
        }
        Facts {
            interests,
            grades: grade_range(i.grade_requirement),
            style: match i.work_style.to_lowercase().as_str() {
                "remote" => Style::Remote,
                "hybrid" => Style::Hybrid,
                _ => Style::Other,
            },
            deadline: i.deadline,
        }
    }
}

fn grade_number(grade: &str) -> Option<u32> {
    match grade {
        "freshman" => Some(9),
        "sophomore" => Some(10),
        "junior" => Some(11),
        "senior" => Some(12),
        _ => None,
    }
}

/// The grades a requirement such as '11th-12th grade', '10th+' or '12th grade' admits.
fn grade_range(req: &str) -> Option<(u32, u32)> {
    let nums: Vec<u32> = req
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .filter(|n| (9..=12).contains(n))
        .collect();
    match nums.as_slice() {
        [] => None,
        [one] if req.contains('+') => Some((*one, 12)),
        [one] => Some((*one, *one)),
        [a, b, ..] => Some(((*a).min(*b), (*a).max(*b))),
    }
}

pub struct Match {
    pub score: u8,
    pub reasons: Vec<Text>,
}

/// The score with its reasons, for one student and posting.
pub fn score(student: &Seeker, facts: &Facts, today: Date) -> Match {
    let mut reasons = Vec::new();
    let score = evaluate(student, facts, today, Some(&mut reasons));
    Match { score, reasons }
}

/// What scoring needs of a student, computed once per ranking.
pub struct Seeker<'a> {
    interests: &'a [String],
    /// `interest_bit` of each of the student's interests, in their order.
    bits: Vec<u32>,
    grade: Option<u32>,
}

impl<'a> Seeker<'a> {
    /// A student's (or guest's) interests and grade.
    pub fn of(interests: &'a [String], grade: &str) -> Seeker<'a> {
        Seeker {
            interests,
            bits: interests.iter().map(|i| interest_bit(i)).collect(),
            grade: grade_number(grade),
        }
    }
}

/// The score alone, from facts computed beforehand (ranking every posting for a feed).
pub fn score_of(student: &Seeker, facts: &Facts, today: Date) -> u8 {
    evaluate(student, facts, today, None)
}

/// The one scoring rule; `reasons`, when given, collects why.
fn evaluate(student: &Seeker, f: &Facts, today: Date, mut reasons: Option<&mut Vec<Text>>) -> u8 {
    let mut say = |r: Text| {
        if let Some(v) = reasons.as_deref_mut() {
            v.push(r);
        }
    };
    let open = f.open_on(today);
    if student.bits.is_empty() {
        say(crate::said!("recently-posted"));
        return if open { 50 } else { 10 };
    }
    let mut points: u32 = 0;
    let matched = student
        .bits
        .iter()
        .filter(|b| f.interests & **b != 0)
        .count() as u32;
    if matched > 0 {
        points += (40 + 10 * (matched - 1)).min(60);
        let names = student.interests.iter().zip(&student.bits);
        for (m, _) in names.filter(|(_, b)| f.interests & **b != 0).take(3) {
            // One entry per interest (`matches-your-interest-in-finance`): the interests are
            // a fixed list (`options`).
            say(Text::new(&format!("matches-your-interest-in-{m}")));
        }
    }
    match (student.grade, f.grades) {
        (Some(g), Some((lo, hi))) if (lo..=hi).contains(&g) => {
            points += 15;
            say(crate::said!("open-to-grade-th-graders", grade = g));
        }
        (_, None) => points += 15,
        _ => {}
    }
    match f.style {
        Style::Remote => {
            points += 10;
            say(crate::said!("remote-work-from-anywhere"));
        }
        Style::Hybrid => {
            points += 5;
            say(crate::said!("hybrid-schedule"));
        }
        Style::Other => {}
    }
    if open {
        points += 15;
        if let Some(d) = f.deadline {
            let days = (d - today).whole_days();
            if days <= 14 {
                say(match days {
                    0 => crate::said!("apply-soon-0-days-left"),
                    1 => crate::said!("apply-soon-1-days-left"),
                    _ => crate::said!("apply-soon-days-days-left", days = days),
                });
            }
        }
    } else {
        points = points.min(10);
        say(crate::said!("the-deadline-has-passed"));
    }
    points.min(100) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> Date {
        Date::parse(s, time::macros::format_description!("[year]-[month]-[day]")).unwrap()
    }

    fn owned(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn facts(title: &str, tags: &[&str], style: &str, deadline: &str) -> Facts {
        Facts::of(&Posting {
            title,
            industry: "other",
            tags: &owned(tags),
            skills: &[],
            grade_requirement: "11th-12th grade",
            work_style: style,
            deadline: Some(date(deadline)),
        })
    }

    #[test]
    fn scores_words_phrases_grades_styles_and_deadlines() {
        let today = date("2026-11-22");
        let interests = owned(&["technology", "marketing"]);
        let s = Seeker::of(&interests, "junior");
        let f = facts("Software Intern", &["Social Media"], "Remote", "2026-11-30");
        let m = score(&s, &f, today);
        // Both interests (50), grade 11 in 11-12 (15), remote (10), open (15).
        assert_eq!(m.score, 90);
        assert_eq!(
            m.reasons,
            [
                crate::said!("matches-your-interest-in-technology"),
                crate::said!("matches-your-interest-in-marketing"),
                crate::said!("open-to-grade-th-graders", grade = 11u8),
                crate::said!("remote-work-from-anywhere"),
                crate::said!("apply-soon-days-days-left", days = 8i64),
            ]
        );
        assert_eq!(score_of(&s, &f, today), m.score);

        // A word inside another word does not count; a passed deadline caps the score.
        let f = facts("Appliance Helper", &[], "On-site", "2026-11-01");
        let m = score(&s, &f, today);
        assert_eq!(m.score, 10);
        assert_eq!(
            m.reasons,
            [
                crate::said!("open-to-grade-th-graders", grade = 11u8),
                crate::said!("the-deadline-has-passed"),
            ]
        );
        assert_eq!(score_of(&s, &f, today), 10);

        // No interests: a neutral score.
        let m = score(&Seeker::of(&[], "junior"), &f, today);
        assert_eq!((m.score, m.reasons.len()), (10, 1));
    }
}
