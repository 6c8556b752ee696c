//! Why a school sign-in was refused, as the sign-in page is told it.

/// Why a school sign-in was refused. The sign-in page is reached by a redirect, so it gets a
/// code and the one name the sentence holds (`?ssoError=CODE&ssoName=...`), and says the
/// sentence in its reader's language: a link can never put words of its own on our page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Expired,
    UnknownProvider,
    /// The provider (named) did not answer its discovery.
    NoAnswer(String),
    /// The provider (named) answered with an error.
    ProviderRefused(String),
    /// The provider's (named) answer did not verify.
    NotConfirmed(String),
    /// The provider (named) has not verified the e-mail address.
    EmailUnverified(String),
    /// The e-mail (named) is outside the provider's domains.
    DomainNotAccepted(String),
    /// No staff account has this e-mail (named).
    NoStaffAccount(String),
    EmployerAccount,
    TurnedOff,
    /// The data directory failed (logged): nothing the reader can act on but trying again.
    Unavailable,
}

impl Refusal {
    /// The code the sign-in page knows (ui/src/features/auth: `ssoErrors`).
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Expired => "expired",
            Refusal::UnknownProvider => "unknown-provider",
            Refusal::NoAnswer(_) => "no-answer",
            Refusal::ProviderRefused(_) => "provider-refused",
            Refusal::NotConfirmed(_) => "not-confirmed",
            Refusal::EmailUnverified(_) => "email-unverified",
            Refusal::DomainNotAccepted(_) => "domain-not-accepted",
            Refusal::NoStaffAccount(_) => "no-staff-account",
            Refusal::EmployerAccount => "employer-account",
            Refusal::TurnedOff => "turned-off",
            Refusal::Unavailable => "unavailable",
        }
    }

    /// The provider or e-mail address the sentence names, if any.
    pub fn name(&self) -> Option<&str> {
        match self {
            Refusal::NoAnswer(n)
            | Refusal::ProviderRefused(n)
            | Refusal::NotConfirmed(n)
            | Refusal::EmailUnverified(n)
            | Refusal::DomainNotAccepted(n)
            | Refusal::NoStaffAccount(n) => Some(n),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Refusal;

    #[test]
    fn every_refusal_code_has_its_sentence_in_each_language_of_the_sign_in_page() {
        let n = || "Lakeside".to_string();
        let all = [
            Refusal::Expired,
            Refusal::UnknownProvider,
            Refusal::NoAnswer(n()),
            Refusal::ProviderRefused(n()),
            Refusal::NotConfirmed(n()),
            Refusal::EmailUnverified(n()),
            Refusal::DomainNotAccepted(n()),
            Refusal::NoStaffAccount(n()),
            Refusal::EmployerAccount,
            Refusal::TurnedOff,
            Refusal::Unavailable,
        ];
        for (lang, catalogue) in [
            ("en", include_str!("../../ui/src/locales/en/forms.json")),
            ("es", include_str!("../../ui/src/locales/es/forms.json")),
        ] {
            let forms: serde_json::Value = serde_json::from_str(catalogue).unwrap();
            let said = &forms["ssoRefused"];
            for r in &all {
                let sentence = said[r.code()].as_str();
                let sentence =
                    sentence.unwrap_or_else(|| panic!("{lang}: no ssoRefused.{}", r.code()));
                assert_eq!(
                    sentence.contains("{{name}}"),
                    r.name().is_some(),
                    "{lang}: ssoRefused.{} and its name",
                    r.code()
                );
            }
            assert_eq!(
                said.as_object().unwrap().len(),
                all.len(),
                "{lang}: a sentence no code uses"
            );
        }
    }
}
