//! The search URL grammar (`domain::search_url`) on the case table the browser's twin
//! (`frontend/src/features/search/search-state.ts`) is tested on too:
//! `domain/tests/data/search_url.json`.

use domain::search_url::{PageBase, SearchUrl};
use serde::Deserialize;

#[derive(Deserialize)]
struct Table {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    url: String,
    #[serde(default)]
    api: bool,
    state: SearchUrl,
    #[serde(default)]
    rejected: Vec<String>,
    written: Option<String>,
}

#[test]
fn search_urls_read_and_write_as_the_shared_cases_say() {
    let table: Table =
        serde_json::from_str(include_str!("data/search_url.json")).expect("case table parses");
    assert!(table.cases.len() >= 40);
    for case in &table.cases {
        let base = if case.api {
            PageBase::Zero
        } else {
            PageBase::One
        };
        let (state, rejected) = SearchUrl::parse(&case.url, base);
        assert_eq!(state, case.state, "{}: read", case.name);
        let rejected: Vec<&str> = rejected.iter().map(|r| r.parameter.as_str()).collect();
        assert_eq!(rejected, case.rejected, "{}: rejected", case.name);
        let written = state.to_query_string(base);
        assert_eq!(
            &written,
            case.written.as_ref().unwrap_or(&case.url),
            "{}: written",
            case.name
        );
        let (again, rejected) = SearchUrl::parse(&written, base);
        assert_eq!(
            (&again, rejected.len()),
            (&state, 0),
            "{}: the written string reads back",
            case.name
        );
    }
}

#[test]
fn a_rejected_parameter_says_what_is_wrong() {
    let (_, rejected) = SearchUrl::parse("range[price]=abc:1&lat=1&lng=2&radius=33", PageBase::One);
    let messages: Vec<String> = rejected
        .iter()
        .map(|r| format!("{}: {}", r.parameter, r.message))
        .collect();
    assert_eq!(
        messages,
        [
            "range[price]: 'abc' is not a number",
            "radius: must be one of 25, 50, 75, 100, 150, 250, 500, 750, 1000 (km)"
        ]
    );
}
