//! The training agreement's template: the default text and the placeholders a district's own
//! template may use.

/// The default training agreement (the district edits it). Placeholders in braces.
pub const DEFAULT_TEMPLATE: &str = "WORK-BASED LEARNING TRAINING AGREEMENT

{district} and {company} agree to host {student} (grade {grade}, {school}) as {title} from {start} to {end}, {schedule}, for about {hours} hours in all, at {worksite}. The student is {pay}. The supervisor is {supervisor}.

The student will:
- attend school and the worksite as scheduled, on time, and tell the supervisor and the school's coordinator before missing a day;
- follow the worksite's safety rules and ask when unsure;
- keep an honest log of the hours worked and what was learned;
- tell the school's coordinator before leaving the placement, and at once about anything unsafe or unwelcome.

The employer will:
- name {supervisor} to supervise and train the student, and give safety training before any task;
- assign no hazardous duties: nothing the federal child-labor rules forbid for workers under 18 (driving, power-driven machinery such as forklifts, saws, meat slicers or balers, roofing, excavation, explosives, and the other Hazardous Occupations Orders);
- pay at least the applicable minimum wage when the placement is paid;
- keep the hours within the district's limits ({max_day} hours a day, {max_week} hours a week) and outside school hours unless the school agrees;
- approve the student's time log, evaluate the student at the midpoint and at the end, and let the school's coordinator visit.

The parent or guardian will:
- consent to this placement and arrange the student's transportation to and from the worksite;
- tell the school's coordinator about any concern.

The school will:
- name a coordinator who monitors the placement, may visit the worksite, and can be reached by every party;
- review the time log and the evaluations, and keep the record of this placement.

Any party may end this agreement by telling the others. Changing any detail above voids every signature, and everyone signs again.";

/// Every placeholder a template may use.
pub const PLACEHOLDERS: [&str; 16] = [
    "student",
    "grade",
    "school",
    "company",
    "title",
    "supervisor",
    "worksite",
    "start",
    "end",
    "schedule",
    "hours",
    "pay",
    "district",
    "max_day",
    "max_week",
    "guardian",
];

/// The placeholders of `template` we do not know, in order.
pub fn unknown_placeholders(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) => {
                let name = &after[..j];
                if !PLACEHOLDERS.contains(&name) && !out.iter().any(|n| n == name) {
                    out.push(name.to_string());
                }
                rest = &after[j + 1..];
            }
            None => break,
        }
    }
    out
}

/// The template with each `{name}` replaced by its value.
pub fn fill(template: &str, value: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) if PLACEHOLDERS.contains(&&after[..j]) => {
                out.push_str(&value(&after[..j]));
                rest = &after[j + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_filled_and_unknown_placeholders_named() {
        assert!(unknown_placeholders(DEFAULT_TEMPLATE).is_empty());
        assert_eq!(
            unknown_placeholders("Hi {student}, {nickname} and {pet}"),
            ["nickname", "pet"]
        );
        let out = fill("{student} at {company}; {unknown} {", |k| k.to_uppercase());
        assert_eq!(out, "STUDENT at COMPANY; {unknown} {");
    }
}
