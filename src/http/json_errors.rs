//! A JSON body the API could not read, said plainly: serde's and axum's wording ("receiverId:
//! invalid type: string \"x\", expected u64") as the field and what it must be, by key.

/// serde's wording ("receiverId: invalid type: string \"x\", expected u64 at line 1 column
/// 20") said plainly, naming the field.
pub(super) fn plain(text: &str) -> String {
    // not said: serde's and axum's own wording, read here to say it plainly
    const SHAPE: &str = "Failed to deserialize the JSON body into the target type: ";
    // not said: axum's own wording, read here to say it plainly
    if text.starts_with("Failed to parse the request body as JSON") {
        return crate::t!("the-request-body-is-not-valid-json");
    }
    let Some(rest) = text.strip_prefix(SHAPE) else {
        return text.to_string();
    };
    let rest = rest.split(" at line ").next().unwrap_or(rest);
    if let Some(field) = rest
        .strip_prefix("missing field `")
        .and_then(|f| f.split('`').next())
    {
        return crate::t!("the-field-field-is-required", field = field);
    }
    let Some((path, problem)) = rest.split_once(": ").filter(|(p, _)| !p.contains(' ')) else {
        return crate::t!("the-request-body-has-a-field-of");
    };
    let expected = problem.rsplit("expected ").next().unwrap_or("");
    match expected {
        e if e.starts_with('u') || e.starts_with('i') || e.contains("integer") => {
            crate::t!("the-field-field-must-be-a-whole", field = path)
        }
        e if e.starts_with('f') => crate::t!("the-field-field-must-be-a-number", field = path),
        e if e.contains("string") => crate::t!("the-field-field-must-be-text", field = path),
        e if e.contains("bool") => crate::t!("the-field-field-must-be-true-or", field = path),
        e if e.contains("sequence") => crate::t!("the-field-field-must-be-a-list", field = path),
        e if e.contains("map") || e.contains("struct") => {
            crate::t!("the-field-field-must-be-an-object", field = path)
        }
        _ => crate::t!("the-field-field-must-be-of-another", field = path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_errors_are_said_plainly() {
        let shape = "Failed to deserialize the JSON body into the target type: ";
        for (raw, said) in [
            (
                "receiverId: invalid type: string \"x\", expected u64 at line 1 column 20",
                "The field 'receiverId' must be a whole number",
            ),
            (
                "missing field `content` at line 1 column 2",
                "The field 'content' is required",
            ),
            (
                "interests: invalid type: string \"x\", expected a sequence at line 1 column 9",
                "The field 'interests' must be a list",
            ),
            (
                "pin: invalid type: integer `5`, expected a string at line 1 column 8",
                "The field 'pin' must be text",
            ),
        ] {
            assert_eq!(plain(&format!("{shape}{raw}")), said);
        }
        assert_eq!(
            plain("Failed to parse the request body as JSON: EOF while parsing"),
            crate::t!("the-request-body-is-not-valid-json")
        );
    }
}
