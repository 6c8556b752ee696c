//! The option sets of the forms (grades, interests, industries, company sizes...), and their
//! canonical stored forms.

pub const GRADES: [&str; 4] = ["freshman", "sophomore", "junior", "senior"];

/// The union of the sign-up and profile interest sets, lower-cased.
pub const INTERESTS: [&str; 16] = [
    "technology",
    "marketing",
    "finance",
    "design",
    "healthcare",
    "consulting",
    "engineering",
    "media",
    "education",
    "business",
    "law",
    "non-profit",
    "government",
    "research",
    "sports",
    "arts",
];

/// The union of the sign-up and profile industry sets, lower-cased.
pub const INDUSTRIES: [&str; 13] = [
    "technology",
    "healthcare",
    "finance",
    "education",
    "retail",
    "manufacturing",
    "marketing",
    "nonprofits",
    "government",
    "other",
    "food & beverage",
    "consulting",
    "non-profit",
];

pub const COMPANY_SIZES: [&str; 6] = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1000+"];

/// Case-insensitive lookup in an option set; the canonical (lower-case) value.
pub fn canonical(set: &[&'static str], value: &str) -> Option<&'static str> {
    let v = value.trim().to_lowercase();
    let v = match v.as_str() {
        "media & communications" => "media".to_string(),
        "nonprofit" => "non-profit".to_string(),
        "marketing & advertising" => "marketing".to_string(),
        _ => v,
    };
    set.iter().find(|s| **s == v).copied()
}

pub fn grade_label(grade: &str) -> &'static str {
    match grade {
        "freshman" => "9th grade",
        "sophomore" => "10th grade",
        "junior" => "11th grade",
        "senior" => "12th grade",
        _ => "",
    }
}
