//! The shape of `src/`, checked from its text (ARCHITECTURE.md): no circles between files, each
//! layer using only the layers below it, and no file over 500 lines without its reason at the
//! top. A new `use` that closes a circle or reaches up a layer fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/`, by its path relative to `src/`.
pub(crate) fn sources() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                out.insert(rel, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

/// `http/mod.rs` → ["http"], `http/accounts.rs` → ["http", "accounts"], `lib.rs` → [].
fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code without comments and without the unit tests at the end (tests may use anything).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) if !l[..at].contains('"') => &l[..at],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names from `crate::` or `super::`, as module segments from the root;
/// `use crate::a::{b, c::d}` groups are opened (one level of nesting is enough for this code).
fn named_paths(file: &str, text: &str) -> Vec<Vec<String>> {
    let me = module_of(file);
    let parent: Vec<String> = me[..me.len().saturating_sub(1)].to_vec();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    for (start, root) in ["crate::", "super::"]
        .iter()
        .flat_map(|r| text.match_indices(r).map(move |(i, _)| (i, *r)))
    {
        if start > 0 && text[..start].chars().next_back().is_some_and(ident) {
            continue;
        }
        let base = if root == "crate::" {
            Vec::new()
        } else {
            parent.clone()
        };
        let rest = &text[start + root.len()..];
        // The path's segments, then a `{...}` group if the path ends in one.
        let mut segs: Vec<String> = Vec::new();
        let mut at = rest;
        loop {
            let name: String = at.chars().take_while(|c| ident(*c)).collect();
            if name.is_empty() {
                break;
            }
            at = &at[name.len()..];
            segs.push(name);
            match at.strip_prefix("::") {
                Some(next) => at = next,
                None => break,
            }
        }
        let prefix = [base, segs].concat();
        match at.strip_prefix('{') {
            Some(group) => {
                let inner = &group[..group.find('}').unwrap_or(group.len())];
                for item in inner.split(',') {
                    let item: Vec<String> = item
                        .trim()
                        .split("::")
                        .map(|s| s.trim().to_string())
                        .take_while(|s| !s.is_empty() && s.chars().all(ident))
                        .collect();
                    out.push([prefix.clone(), item].concat());
                }
            }
            None => out.push(prefix),
        }
    }
    out
}

/// The file → files it uses, a module's own submodules left out (a parent may always use
/// its children).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = sources();
    let modules: BTreeMap<Vec<String>, String> =
        files.keys().map(|f| (module_of(f), f.clone())).collect();
    let mut graph = BTreeMap::new();
    for (file, text) in &files {
        let me = module_of(file);
        let mut uses = BTreeSet::new();
        for path in named_paths(file, &code(text)) {
            let target = (1..=path.len())
                .rev()
                .find_map(|n| modules.get(&path[..n]).map(|f| (n, f)));
            if let Some((n, target)) = target {
                let theirs = &path[..n];
                let mine = theirs.len() > me.len() && theirs[..me.len()] == me[..];
                if target != file && !mine {
                    uses.insert(target.clone());
                }
            }
        }
        graph.insert(file.clone(), uses);
    }
    graph
}

#[test]
fn no_file_of_src_is_in_a_circle_of_uses() {
    let graph = graph();
    // Depth-first search; a back edge is a circle, reported as its files in order.
    fn visit(
        f: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
        circles: &mut Vec<String>,
    ) {
        state.insert(f.to_string(), 1);
        stack.push(f.to_string());
        for g in &graph[f] {
            match state.get(g.as_str()).copied().unwrap_or(0) {
                0 => visit(g, graph, state, stack, circles),
                1 => {
                    let at = stack.iter().position(|s| s == g).unwrap();
                    circles.push(format!("{} -> {g}", stack[at..].join(" -> ")));
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(f.to_string(), 2);
    }
    let mut state = BTreeMap::new();
    let mut circles = Vec::new();
    for f in graph.keys() {
        if !state.contains_key(f.as_str()) {
            visit(f, &graph, &mut state, &mut Vec::new(), &mut circles);
        }
    }
    assert!(
        circles.is_empty(),
        "circles of uses:\n{}",
        circles.join("\n")
    );
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    // (files starting with, may not use files starting with)
    // The transcoding worker (media/worker.rs) is a background worker: it calls services.
    let workers = ["media/worker.rs"];
    // The layers above HTTP's state, above the services, and what does IO.
    const HTTP: &[&str] = &["http/", "auth/", "state.rs", "app/", "ws/"];
    const SERVICES: &[&str] = &["services/", "infra.rs"];
    const IO: &[&str] = &["store/", "media/", "search/", "mail/", "jobs/", "push/"];
    let rules: Vec<(&str, Vec<&str>)> = vec![
        // Field checks stand beside the domain: nothing that does IO.
        ("validate.rs", [HTTP, SERVICES, IO].concat()),
        // The one cache type stands below everything that keeps values.
        ("cache.rs", [HTTP, SERVICES, IO, &["domain/"]].concat()),
        // Mapped files' pages known by address: below the media store that maps them and
        // the connections that send them.
        (
            "sendfile.rs",
            [HTTP, SERVICES, IO, &["domain/", "serve.rs"]].concat(),
        ),
        (
            "store/",
            [
                HTTP,
                SERVICES,
                &["mail/", "push/", "jobs/", "fixtures/", "commands/"],
            ]
            .concat(),
        ),
        ("infra.rs", [HTTP, &["services/"]].concat()),
        ("media/", [HTTP, &["services/"]].concat()),
        // The push sender reads the services' settings: they never call it.
        ("services/", [HTTP, &["push/"]].concat()),
        // Operations stand beside HTTP, never on it.
        ("fixtures/", HTTP.to_vec()),
        ("synthetic.rs", HTTP.to_vec()),
        ("commands/", HTTP.to_vec()),
        ("jobs/", [HTTP, &["fixtures/"]].concat()),
        // HTTP knows no fixtures, and redb's tables only through the store's functions.
        (
            "http/",
            vec!["fixtures/", "synthetic.rs", "commands/", "store/tables.rs"],
        ),
    ];
    let mut wrong = Vec::new();
    for (file, uses) in graph() {
        // The domain knows nothing outside itself.
        if file.starts_with("domain/") {
            for u in uses.iter().filter(|u| !u.starts_with("domain/")) {
                wrong.push(format!("{file} uses {u}"));
            }
        }
        for (from, forbidden) in &rules {
            if file.starts_with(from) && !workers.contains(&file.as_str()) {
                for u in &uses {
                    if forbidden.iter().any(|f| u.starts_with(f)) {
                        wrong.push(format!("{file} uses {u}"));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "uses against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_file_passes_500_lines_without_saying_why_at_its_top() {
    let mut long = Vec::new();
    for (file, text) in sources() {
        let lines = text.lines().count();
        let top: String = text.lines().take(12).collect::<Vec<_>>().join("\n");
        if lines > 500 && !top.to_lowercase().contains("over 500 lines") {
            long.push(format!("{file}: {lines} lines"));
        }
    }
    assert!(
        long.is_empty(),
        "files over 500 lines without a reason in their first lines (\"Over 500 lines: ...\"):\n{}",
        long.join("\n")
    );
}
