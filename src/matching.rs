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

use crate::clock;
use crate::store::internships::Internship;
use crate::store::users::User;

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

/// What a posting is about, lower-cased once per score: its tags, skills, industry and title,
/// one per line, and the words in them.
struct Topics<'a> {
    text: &'a str,
    words: Vec<&'a str>,
}

impl<'a> Topics<'a> {
    fn text_of(i: &Internship) -> String {
        let mut text = String::new();
        for s in i
            .tags
            .iter()
            .chain(&i.skills)
            .chain([&i.industry, &i.title])
        {
            text.push_str(&s.to_lowercase());
            text.push('\n');
        }
        text
    }

    fn new(text: &'a str) -> Topics<'a> {
        let words = text
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .filter(|w| !w.is_empty())
            .collect();
        Topics { text, words }
    }

    /// A synonym of the interest is one of the words, or (for phrases such as 'social media')
    /// appears within one line.
    fn speak_to(&self, interest: &str) -> bool {
        synonyms(interest).iter().any(|syn| {
            if syn.contains(' ') {
                self.text.contains(syn)
            } else {
                self.words.contains(syn)
            }
        })
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
    pub reasons: Vec<String>,
}

pub fn score(student: &User, i: &Internship, today: Date) -> Match {
    let mut reasons = Vec::new();
    let deadline = clock::parse_date(&i.deadline);
    let open = deadline.is_none_or(|d| d >= today);
    if student.interests.is_empty() {
        return Match {
            score: if open { 50 } else { 10 },
            reasons: vec!["Recently posted".into()],
        };
    }
    let mut points: u32 = 0;
    let text = Topics::text_of(i);
    let topics = Topics::new(&text);
    let matched: Vec<&String> = student
        .interests
        .iter()
        .filter(|interest| topics.speak_to(interest))
        .collect();
    if !matched.is_empty() {
        points += (40 + 10 * (matched.len() as u32 - 1)).min(60);
        for m in matched.iter().take(3) {
            reasons.push(format!("Matches your interest in {}", interest_label(m)));
        }
    }
    match (
        grade_number(&student.grade),
        grade_range(&i.grade_requirement),
    ) {
        (Some(g), Some((lo, hi))) if (lo..=hi).contains(&g) => {
            points += 15;
            reasons.push(format!("Open to {g}th graders"));
        }
        (_, None) => points += 15,
        _ => {}
    }
    match i.work_style.to_lowercase().as_str() {
        "remote" => {
            points += 10;
            reasons.push("Remote: work from anywhere".into());
        }
        "hybrid" => {
            points += 5;
            reasons.push("Hybrid schedule".into());
        }
        _ => {}
    }
    if open {
        points += 15;
        if let Some(d) = deadline {
            let days = (d - today).whole_days();
            if days <= 14 {
                reasons.push(format!("Apply soon: {days} days left"));
            }
        }
    } else {
        points = points.min(10);
        reasons.push("The deadline has passed".into());
    }
    Match {
        score: points.min(100) as u8,
        reasons,
    }
}
