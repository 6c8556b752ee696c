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

fn speaks_to(i: &Internship, interest: &str) -> bool {
    let hay: Vec<String> = i
        .tags
        .iter()
        .chain(i.skills.iter())
        .chain(std::iter::once(&i.industry))
        .chain(std::iter::once(&i.title))
        .map(|s| s.to_lowercase())
        .collect();
    synonyms(interest).iter().any(|syn| {
        hay.iter().any(|h| {
            h == syn
                || h.split(|c: char| !c.is_alphanumeric() && c != '-')
                    .any(|w| w == *syn)
                || (syn.contains(' ') && h.contains(syn))
        })
    })
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
    let open = clock::parse_date(&i.deadline).is_none_or(|d| d >= today);
    if student.interests.is_empty() {
        return Match {
            score: if open { 50 } else { 10 },
            reasons: vec!["Recently posted".into()],
        };
    }
    let mut points: u32 = 0;
    let matched: Vec<&String> = student
        .interests
        .iter()
        .filter(|interest| speaks_to(i, interest))
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
        if let Some(d) = clock::parse_date(&i.deadline) {
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
