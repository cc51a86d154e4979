//! The crate's layering, read from its source: handlers live in `src/routes/`, and
//! nothing below the routes (tenancy, extractors, the store, the outbox, layers,
//! providers) names a route module. `lib.rs` is the one place that merges the routers.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The file's code with `//` comments removed (doc comments may mention routes).
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .expect("source file")
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `text` names the identifier `word` (not as part of a longer one).
fn names(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
    })
}

fn below_routes() -> Vec<PathBuf> {
    let src = src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .filter(|f| !f.starts_with(src.join("routes")) && *f != src.join("lib.rs"))
        .collect()
}

#[test]
fn nothing_below_the_routes_imports_a_route() {
    let files = below_routes();
    assert!(files.len() > 10, "found only {files:?}");
    let upward: Vec<String> = files
        .iter()
        .filter(|f| names(&code(f), "routes"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        upward.is_empty(),
        "these files sit below src/routes/ but name a route module; move what they need \
         out of the route into the layer below: {upward:?}"
    );
}

#[test]
fn every_handler_lives_in_src_routes() {
    let outside: Vec<String> = below_routes()
        .iter()
        .filter(|f| code(f).contains("#[utoipa::path"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        outside.is_empty(),
        "these files outside src/routes/ define an endpoint: {outside:?}"
    );
}

#[test]
fn the_word_check_sees_identifiers_only() {
    assert!(names("use crate::routes::leads;", "routes"));
    assert!(names("use crate::{routes, store};", "routes"));
    assert!(!names("let reroutes = 1; let routes_left = 2;", "routes"));
}
