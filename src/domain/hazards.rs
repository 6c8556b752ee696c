//! The hazardous-duties screen: postings are for 16-17 year olds, and federal law's Hazardous
//! Occupations Orders (29 CFR 570.50-570.68) forbid them a list of duties. A posting whose
//! text mentions one is held for the district's review (never refused: older clients know no
//! such rule and would lose the employer's text). This is the one place the term list lives; README's "Safety" section points
//! here.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::phrases::PhraseList;

/// (label shown to the employer and the admin, phrase). Phrases follow `phrases.rs`'s syntax:
/// words by spaces, alternatives by `|`, plurals folded.
const TERMS: &[(&str, &str)] = &[
    // HO 2: driving a motor vehicle, riding as an outside helper.
    (
        "driving",
        "drive|drives|drove|driving van|truck|car|vehicle|bus|tractor",
    ),
    ("driving", "delivery driver"),
    ("driving", "truck driver"),
    ("driving", "driver license|licence"),
    ("driving", "motor vehicle"),
    ("driving", "outside helper"),
    ("driving", "company van|truck|car|vehicle"),
    ("driving", "delivery van|truck|route"),
    // HO 7: power-driven hoisting apparatus.
    ("forklift", "forklift|forklifting|forklifter"),
    ("forklift", "fork lift|lifting|truck"),
    ("forklift", "reach|lift truck"),
    (
        "forklift",
        "power|powered|electric|motorized|motorised|riding pallet jack|truck",
    ),
    ("power hoist", "hoist"),
    ("power hoist", "crane operator|operation|work"),
    ("power hoist", "scissor|boom lift"),
    // HO 10: meat processing and slicers.
    (
        "meat slicer",
        "meat|deli|food slicer|slicing|grinder|grinding",
    ),
    ("meat slicer", "slicer"),
    // Hobart: the slicers and mixers of most US kitchens, named by brand in postings.
    ("meat slicer", "hobart"),
    ("meat processing", "meat processing|packing|cutting"),
    ("meat processing", "butcher|butchering"),
    ("meat processing", "bone saw"),
    // HO 11: bakery machines.
    ("bakery machine", "dough mixer|sheeter|divider"),
    ("bakery machine", "bakery machine|machinery|mixer"),
    ("bakery machine", "industrial mixer"),
    // HO 14: power saws, wood chippers; HO 5: power woodworking machines.
    (
        "power saw",
        "power|chain|circular|table|band|miter|mitre|radial|bone saw|chainsaw",
    ),
    ("power saw", "chainsaw"),
    ("wood chipper", "wood chipper"),
    ("wood chipper", "chipper"),
    (
        "woodworking machine",
        "woodworking machine|machinery|equipment",
    ),
    ("woodworking machine", "planer|jointer|wood lathe|shaper"),
    // HO 16: roofing and work on or about a roof.
    ("roofing", "roof|roofing|roofer|rooftop|reroof|reroofing"),
    ("roofing", "shingle|shingling"),
    // HO 15: wrecking, demolition, shipbreaking.
    ("demolition", "demolition|demolish|demolishing|wrecking"),
    // HO 17: excavation.
    (
        "excavation",
        "excavation|excavating|excavate|excavator|trench|trenching",
    ),
    // HO 3 and 6: mining; HO 4: logging and sawmills.
    (
        "mining",
        "mining site|operation|crew|company|equipment|industry",
    ),
    ("mining", "miner|quarry"),
    ("mining", "coal|gold|underground mine"),
    ("logging", "logging crew|operation|site|truck"),
    ("logging", "logger|sawmill|timber|lumberjack"),
    ("logging", "tree felling"),
    ("logging", "fell|felling tree"),
    // HO 1: explosives.
    ("explosives", "explosive device|material|charge"),
    (
        "explosives",
        "dynamite|detonator|blasting|firework|ammunition",
    ),
    // HO 8: metal-forming, punching and shearing machines.
    ("metal press", "punch|metal|stamping|hydraulic press"),
    ("metal press", "press brake"),
    ("metal press", "metal shear|shearing"),
    // HO 12: balers, compactors, paper machines.
    ("baler", "baler|compactor"),
    ("baler", "paper machine"),
    // HO 9 and 13: brick and tile, radioactive substances.
    ("kiln", "kiln"),
    ("radiation", "radioactive|ionizing radiation"),
    // Catch-alls districts asked for.
    ("heavy machinery", "heavy machinery|equipment"),
    ("scaffolding", "scaffold|scaffolding"),
];

fn list() -> &'static PhraseList {
    static LIST: OnceLock<PhraseList> = OnceLock::new();
    LIST.get_or_init(|| PhraseList::new(TERMS.iter().copied()))
}

/// The hazardous duties the texts mention, by label ("forklift", "meat slicer"), each once.
pub fn screen(texts: &[&str]) -> Vec<String> {
    list().find_affirmed(texts)
}

/// Where a term matched: which screened text (`field`, a key such as "description"), the
/// writer's own words there (`text`), and the same words as the screen read them (`words`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    pub term: String,
    pub field: String,
    pub text: String,
    pub words: String,
}

/// Every stretch of `text` where the screen finds a hazardous duty: (term, byte range).
pub fn marks(text: &str) -> Vec<(String, usize, usize)> {
    list()
        .locate_affirmed(text)
        .into_iter()
        .map(|l| (l.label, l.from, l.to))
        .collect()
}

/// The places of one field's text where the screen finds a hazardous duty (the affirmed
/// mentions `screen` counts), each term's distinct words once.
pub fn locate(field: &str, text: &str) -> Vec<Place> {
    let mut out: Vec<Place> = Vec::new();
    for l in list().locate_affirmed(text) {
        if out.iter().any(|p| p.term == l.label && p.words == l.words) {
            continue;
        }
        out.push(Place {
            term: l.label,
            field: field.to_string(),
            text: text[l.from..l.to].to_string(),
            words: l.words,
        });
    }
    out
}

/// The order of the terms as `screen` names them (the list's), for sorting places by term.
pub fn rank(term: &str) -> usize {
    TERMS
        .iter()
        .position(|(label, _)| *label == term)
        .unwrap_or(TERMS.len())
}

/// The district's word that a term held a posting by mistake: the places it was marked
/// for, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FalseMatch {
    pub term: String,
    pub places: Vec<Place>,
    pub at: i64,
}

impl FalseMatch {
    /// Whether the mark still covers the term, given where the screen finds it now: only
    /// while every place it matches was marked (the same field, the same words as the screen
    /// reads them). An edit that makes the term match other words, or in another field,
    /// holds the posting again for the district to look at; an edit elsewhere does not.
    pub fn covers(&self, now: &[Place]) -> bool {
        now.iter().filter(|p| p.term == self.term).all(|p| {
            self.places
                .iter()
                .any(|m| m.field == p.field && m.words == p.words)
        })
    }
}

/// "Held for district review: mentions 'forklift', 'meat slicer'".
pub fn held_line(terms: &[String]) -> crate::domain::said::Text {
    let quoted: Vec<String> = terms.iter().map(|t| format!("'{t}'")).collect();
    crate::said!(
        "held-for-district-review-mentions-terms",
        terms = quoted.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reviewed_postings_are_caught() {
        assert_eq!(
            screen(&["Drive the delivery van, operate the meat slicer and forklift"]),
            ["driving", "forklift", "meat slicer"]
        );
        assert_eq!(
            screen(&["Help our crew on the roof, use the power saw"]),
            ["power saw", "roofing"]
        );
        assert_eq!(
            screen(&["Forklifts and chainsaws", "Roofing experience"]),
            ["forklift", "power saw", "roofing"]
        );
    }

    #[test]
    fn what_the_probe_slipped_past_is_caught() {
        for (text, term) in [
            ("F\u{043E}rklift operator", "forklift"),
            ("Fork\u{00AD}lift operator", "forklift"),
            ("Fork\u{034F}lift", "forklift"),
            ("You will run the forkl\u{200B}ift daily", "forklift"),
            ("f o r k l i f t", "forklift"),
            ("Forklifting in the warehouse", "forklift"),
            ("Operate a fork truck", "forklift"),
            ("Reach truck training provided", "forklift"),
            ("Move pallets with the powered pallet jack", "forklift"),
            ("Run the Hobart in our deli", "meat slicer"),
            ("Carry shingles up the ladder", "roofing"),
            ("Run errands in the company van", "driving"),
            (
                "No experience needed, you will operate the forklift",
                "forklift",
            ),
            (
                "We do not require experience but you will drive the delivery truck",
                "driving",
            ),
        ] {
            assert!(
                screen(&[text]).contains(&term.to_string()),
                "{text}: {:?}",
                screen(&[text])
            );
        }
    }

    #[test]
    fn a_negation_that_governs_the_duty_still_denies_it() {
        for text in [
            "Interns never drive company vehicles.",
            "No forklift experience required.",
            "You will not be operating forklifts or power saws.",
            "Interns don't use slicers.",
            "Pallet jacks are manual; no powered pallet jack.",
        ] {
            assert!(screen(&[text]).is_empty(), "{text}: {:?}", screen(&[text]));
        }
    }

    #[test]
    fn ordinary_postings_pass() {
        for text in [
            "Help our marketing team drive sales and grow our social media presence.",
            "Data-driven design interns: Figma, user research, a friend of mine recommends it.",
            "Shadow nurses at the front desk; waterproof shoes recommended.",
            "Write logging and monitoring code in Rust; some data mining.",
            "Join a startup in explosive growth.",
            "Serve customers at the bakery counter and keep the display tidy.",
            "Interns do not use slicers, balers or other power equipment",
            "Interns do not operate production machinery, forklifts or hoists.",
        ] {
            assert!(screen(&[text]).is_empty(), "{text}: {:?}", screen(&[text]));
        }
    }

    #[test]
    fn a_place_is_the_writers_own_words_in_one_field() {
        let places = locate(
            "description",
            "Join our delivery network. You will Drive the Delivery Vans; no roofing.",
        );
        assert_eq!(
            places,
            [Place {
                term: "driving".into(),
                field: "description".into(),
                text: "Drive the Delivery Vans".into(),
                words: "drive delivery van".into(),
            }]
        );
        // The same duty twice in other words: two places; the same words twice: one.
        let places = locate(
            "benefits",
            "F\u{043E}rklift training, forklift breaks, Forklifts",
        );
        let texts: Vec<&str> = places.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["F\u{043E}rklift"]);
        let places = locate("title", "Fork lift and forklift operator");
        let texts: Vec<&str> = places.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["Fork lift", "forklift"]);
    }

    #[test]
    fn a_false_match_covers_only_the_places_it_was_marked_for() {
        let before = locate("description", "Drive the delivery van to our stores.");
        let mark = FalseMatch {
            term: "driving".into(),
            places: before.clone(),
            at: 0,
        };
        assert!(mark.covers(&before));
        // Other fields' terms and nothing at all: still covered.
        assert!(mark.covers(&locate("title", "Forklift helper")));
        assert!(mark.covers(&[]));
        // The same words in other capitals and plurals: covered.
        assert!(mark.covers(&locate("description", "DRIVE THE DELIVERY VANS!")));
        // Other words, or the same words in another field: not covered.
        assert!(!mark.covers(&locate("description", "Drive the company truck.")));
        assert!(!mark.covers(&locate("title", "Drive the delivery van")));
    }

    #[test]
    fn the_line_names_each_term() {
        assert_eq!(
            held_line(&["forklift".into(), "meat slicer".into()]),
            crate::said!(
                "held-for-district-review-mentions-terms",
                terms = "'forklift', 'meat slicer'"
            )
        );
    }
}
