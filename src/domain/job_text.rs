//! An external job's description as a student should meet it: boards often open every job
//! with the same lines about the company, so a preview showed the same words on every
//! card. The opening lines most of a board's jobs share are left out; what is left is
//! about the role.

/// The descriptions of one board's jobs, each without the opening lines that at least half of
/// them (and at least two) begin with. A description that would be left empty keeps its text.
pub fn without_shared_opening(descriptions: &[String]) -> Vec<String> {
    let split: Vec<Vec<(&str, usize)>> = descriptions.iter().map(|d| lines(d)).collect();
    let needed = descriptions.len().div_ceil(2).max(2);
    let same_start = |a: &[(&str, usize)], b: &[(&str, usize)], k: usize| {
        a.len() >= k && b.len() >= k && a[..k].iter().zip(&b[..k]).all(|(x, y)| x.0 == y.0)
    };
    let shared = |first: &[(&str, usize)], k: usize| {
        split.iter().filter(|p| same_start(first, p, k)).count() >= needed
    };
    split
        .iter()
        .zip(descriptions)
        .map(|(p, whole)| {
            let mut k = 0;
            while k < p.len() && shared(p, k + 1) {
                k += 1;
            }
            if k == 0 || k == p.len() {
                whole.clone()
            } else {
                // From the end of the last shared line on, as written (blank lines kept).
                whole[p[k - 1].1..].trim_start().to_string()
            }
        })
        .collect()
}

/// The text's non-empty lines, trimmed, each with the byte offset where it ends.
fn lines(text: &str) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    for raw in text.split_inclusive('\n') {
        at += raw.len();
        let line = raw.trim();
        if !line.is_empty() {
            out.push((line, at));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_boards_shared_opening_is_left_out_of_each_job() {
        let about = "About Acme: we build robots for schools.";
        let jobs = vec![
            format!("{about}\n\nAs a design intern you will sketch."),
            format!("{about}\n\nAs a support intern you will answer mail."),
            "As a lone job you do this.".to_string(),
            about.to_string(),
        ];
        let out = without_shared_opening(&jobs);
        assert_eq!(out[0], "As a design intern you will sketch.");
        assert_eq!(out[1], "As a support intern you will answer mail.");
        assert_eq!(out[2], "As a lone job you do this.");
        assert_eq!(out[3], about, "nothing would be left: kept whole");
        // One job alone shares nothing.
        assert_eq!(without_shared_opening(&jobs[..1]), jobs[..1].to_vec());
    }
}
