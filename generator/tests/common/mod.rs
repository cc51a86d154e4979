//! What the generator's integration tests share: their fixture dealers
//! (`tests/fixtures/dealers/`, apart from the demo dealers of `dealers/` so a demo edit
//! cannot break a test) and feed rows.

use std::path::{Path, PathBuf};

use chrono::{Duration, Utc};
use serde_json::{json, Value};

/// The fixture dealer the tests build.
pub const DEALER: &str = "fixture-toyota";
/// The other fixture dealer: used cars with 8 photos or more, so none of the tests' rows.
#[allow(dead_code)] // build.rs does not use it
pub const OTHER_DEALER: &str = "fixture-motors";

/// The fixture dealers' folder.
pub fn dealers_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dealers")
}

/// The fixture dealers' folder copied to `dir`, with the fixture dealer's dealer.toml
/// rewritten by `edit`.
#[allow(dead_code)] // not every test file edits a dealer
pub fn dealers_with(dir: &Path, edit: impl FnOnce(String) -> String) -> PathBuf {
    let dealers = dir.join("dealers");
    for entry in walkdir::WalkDir::new(dealers_dir())
        .into_iter()
        .filter_map(Result::ok)
    {
        let rel = entry.path().strip_prefix(dealers_dir()).expect("inside");
        let target = dealers.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("dir");
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
    let toml = dealers.join(DEALER).join("dealer.toml");
    let text = std::fs::read_to_string(&toml).expect("dealer.toml");
    std::fs::write(&toml, edit(text)).expect("write dealer.toml");
    dealers
}

/// The row most tests start from: a used Corolla (id 101, $24,990, listed 5 days ago).
#[allow(dead_code)] // not every test file starts from it
pub fn corolla() -> String {
    line(
        101,
        "2022-toyota-corolla-101",
        "Corolla",
        "used",
        24_990.0,
        5,
        json!({}),
    )
}

/// One JSON Lines feed row: a 2022 Toyota of [`DEALER`] at its Grafton location, listed
/// `days_ago` days ago, with `extra` fields set over the defaults.
pub fn line(
    id: u64,
    slug: &str,
    model: &str,
    car_type: &str,
    price: f64,
    days_ago: i64,
    extra: Value,
) -> String {
    let mut car = json!({
        "id": id,
        "slug": slug,
        "year": 2022,
        "make": "Toyota",
        "model": model,
        "car_type": car_type,
        "status": "in_stock",
        "price": price,
        "created_at": (Utc::now() - Duration::days(days_ago)).to_rfc3339(),
        "dealership_slug": DEALER,
        "images": [{ "url": format!("https://cdn.example.com/{slug}.jpg") }],
        "location": { "name": "Fixture Toyota Grafton", "slug": "fixture-toyota-grafton" },
    });
    if let (Some(car), Some(extra)) = (car.as_object_mut(), extra.as_object()) {
        car.extend(extra.clone());
    }
    car.to_string()
}
