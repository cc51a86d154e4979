//! The feed examples in the READMEs are real: every ```json block of README.md and
//! feeds/README.md parses through the feed reader as one accepted car.

use std::path::Path;

use chrono::{TimeZone, Utc};
use generator::feed::{parse_feed, FeedFormat, ReadOptions};

fn json_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.trim()) {
            (None, "```json") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn readme_feed_examples_parse() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let opts = ReadOptions::at(
        Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0)
            .single()
            .expect("time"),
    );
    let mut seen = 0;
    for file in ["README.md", "feeds/README.md"] {
        let text = std::fs::read_to_string(root.join(file)).expect("readme");
        for block in json_blocks(&text) {
            let feed =
                parse_feed(block.as_bytes(), FeedFormat::JsonLines, file, &opts).expect("feed");
            assert_eq!(feed.len(), 1, "{file}: {:?}", feed.report);
            seen += 1;
        }
    }
    assert!(seen >= 2, "both READMEs carry an example line");
}
