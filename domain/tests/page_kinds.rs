//! One page-kind list: `domain::view::PageKind`. Its `ALL`, its `as_str`, its serde and
//! TypeScript names and the list in `docs/contracts.md` are held to the enum here; the
//! frontend's entries and page registry are held to the exported `PageKind.ts` by
//! `frontend/src/server/page-kinds.test.ts`.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use domain::view::PageKind;
use ts_rs::{Config, TS};

fn all_names() -> Vec<&'static str> {
    PageKind::ALL.iter().map(|k| k.as_str()).collect()
}

#[test]
fn as_str_is_the_name_serde_and_the_worker_protocol_use() {
    for kind in PageKind::ALL {
        assert_eq!(
            serde_json::to_value(kind).expect("serialize"),
            serde_json::Value::String(kind.as_str().to_string()),
            "{kind:?}"
        );
    }
}

#[test]
fn all_holds_every_variant_once() {
    let names = all_names();
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "a kind twice in PageKind::ALL");
    // ts-rs writes the union from the enum's variants themselves.
    let union = PageKind::inline(&Config::default());
    let variants: BTreeSet<String> = union
        .split('|')
        .map(|v| v.trim().trim_matches('"').to_string())
        .collect();
    let listed: BTreeSet<String> = names.iter().map(|n| n.to_string()).collect();
    assert_eq!(variants, listed, "PageKind::ALL and the enum differ");
}

#[test]
fn the_docs_list_every_kind_and_no_other() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/contracts.md");
    let text = fs::read_to_string(&path).expect("read docs/contracts.md");
    let section = text
        .split("\n## Page kinds\n")
        .nth(1)
        .expect("docs/contracts.md has a '## Page kinds' section");
    let section = section.split("\n## ").next().unwrap_or(section);
    // The section's last paragraph is the list: "home, search, ..., not_found."
    let list = section
        .trim()
        .rsplit("\n\n")
        .next()
        .expect("a paragraph listing the kinds");
    let documented: BTreeSet<&str> = list
        .split(|c: char| c == ',' || c == '.' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let kinds: BTreeSet<&str> = all_names().into_iter().collect();
    assert_eq!(
        documented, kinds,
        "docs/contracts.md's page kinds and PageKind differ"
    );
}
