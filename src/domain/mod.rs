//! Domain rules that know no IO: what a district's review, the hazardous-duties screen, the
//! comment word list and reports decide. The store keeps these types; HTTP, the CLI and the
//! workers ask these functions.

pub mod applications;
pub mod captions_rule;
pub mod contact;
pub mod guardians;
pub mod hazards;
pub mod job_text;
pub mod markers;
pub mod matching;
pub mod normalize;
pub mod options;
pub mod phrases;
pub mod placements;
pub mod quiet_hours;
pub mod reports;
pub mod review;
pub mod roster;
pub mod said;
pub mod sso_refusal;
pub mod student_friendly;
pub mod text;
