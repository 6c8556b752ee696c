//! What a coordinator used to keep on paper beside a placement: the career cluster it belongs
//! to, the worksite safety checklist, the visits. The district's lists, or these defaults.

/// The 16 National Career Clusters (Advance CTE), for a district that set no list of its own.
pub const DEFAULT_CLUSTERS: [&str; 16] = [
    "Agriculture, Food & Natural Resources",
    "Architecture & Construction",
    "Arts, A/V Technology & Communications",
    "Business Management & Administration",
    "Education & Training",
    "Finance",
    "Government & Public Administration",
    "Health Science",
    "Hospitality & Tourism",
    "Human Services",
    "Information Technology",
    "Law, Public Safety, Corrections & Security",
    "Manufacturing",
    "Marketing",
    "Science, Technology, Engineering & Mathematics",
    "Transportation, Distribution & Logistics",
];

/// A worksite safety checklist for a district that set none.
pub const DEFAULT_CHECKLIST: [&str; 5] = [
    "Safety orientation given before the first task",
    "Emergency exits, first aid and whom to tell shown to the student",
    "Protective equipment provided where the work needs it",
    "No task the federal child-labor rules forbid for workers under 18",
    "A supervisor is on site whenever the student works",
];

/// The catalogue's key of each default cluster, in `DEFAULT_CLUSTERS`' order (the English is
/// also the stored value: it reads in its reader's language by this key).
pub const DEFAULT_CLUSTER_KEYS: [&str; 16] = [
    "cluster-agriculture",
    "cluster-architecture",
    "cluster-arts",
    "cluster-business",
    "cluster-education",
    "cluster-finance",
    "cluster-government",
    "cluster-health",
    "cluster-hospitality",
    "cluster-human-services",
    "cluster-it",
    "cluster-law",
    "cluster-manufacturing",
    "cluster-marketing",
    "cluster-stem",
    "cluster-transportation",
];

/// The catalogue's key of each default checklist item, in `DEFAULT_CHECKLIST`'s order.
pub const DEFAULT_CHECKLIST_KEYS: [&str; 5] = [
    "checklist-orientation",
    "checklist-exits",
    "checklist-equipment",
    "checklist-no-forbidden-task",
    "checklist-supervisor",
];

/// The key of `item` when it is one of `defaults` (the other list's keys, same order): a
/// default reads by key; a district's own item as the district wrote it.
pub fn default_key(item: &str, defaults: &[&str], keys: &[&'static str]) -> Option<&'static str> {
    defaults
        .iter()
        .position(|d| *d == item)
        .and_then(|i| keys.get(i).copied())
}

/// A district's list from its file: one item per line, blanks and repeats dropped; the
/// default when it holds none.
pub fn list_of(text: Option<&str>, default: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.unwrap_or("").lines().map(str::trim) {
        if !line.is_empty() && line.chars().count() <= 120 && !out.iter().any(|x| x == line) {
            out.push(line.to_string());
        }
    }
    if out.is_empty() {
        out = default.iter().map(|s| s.to_string()).collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_district_list_is_its_lines_or_the_default() {
        assert_eq!(list_of(None, &DEFAULT_CHECKLIST).len(), 5);
        assert_eq!(list_of(Some("\n  \n"), &DEFAULT_CLUSTERS).len(), 16);
        assert_eq!(
            list_of(
                Some(" Health Science \nFinance\nFinance\n"),
                &DEFAULT_CLUSTERS
            ),
            vec!["Health Science", "Finance"]
        );
    }
}
