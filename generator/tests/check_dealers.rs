//! `forecourt check` and `forecourt schema` on the real dealers/ folder and on the
//! invalid fixtures of the domain crate.

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use generator::check::{check, check_on, file_schemas, schema_json, write_schemas};

fn dealers_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers")
}

#[test]
fn committed_schemas_are_in_step_with_the_code() {
    for (path, generated) in file_schemas() {
        let file = dealers_dir().join(path);
        let committed = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            committed == generated,
            "dealers/{path} is out of date with the config types; run `make schema` and commit the result"
        );
    }
}

#[test]
fn check_passes_on_the_sample_dealers() {
    let report = check(&dealers_dir())
        .unwrap_or_else(|errors| panic!("dealers/ must pass check:\n{errors}"));
    assert_eq!(report.dealers.len(), 6);
    // The only warnings, each on purpose: three sample dealers list more card buttons than
    // a card shows at once, so their sites show the cards' More menu; Moreton's EOFY sale
    // (seed 001 s9's promo expiring mid-June 2025) has ended, so its site shows it hidden.
    let dir = dealers_dir();
    let moreton = dir.join("moreton-motor-group");
    let moreton = moreton.display();
    let more = |slug: &str, count: usize, hidden: &str| {
        format!(
            "{}/dealer.toml: search.card_buttons: {count} buttons listed but a card shows 2 at once; {hidden} only under its More menu",
            dir.join(slug).display()
        )
    };
    let mut warnings = report.warnings.clone();
    warnings.sort();
    assert_eq!(
        warnings,
        [
            more("ironbark-moto-caravans", 3, "trade_in"),
            more("moreton-motor-group", 5, "finance, reserve, enquire"),
            format!("{moreton}/offers.toml: offers[0].expiry: offer 5301 expired and is not shown"),
            format!("{moreton}/offers.toml: promos[1].expiry: promo expired and is not shown"),
            format!("{moreton}/offers.toml: slides[1].expiry: slide expired and is not shown"),
            format!("{moreton}/pages/eofy.md: expiry: the sale ended; its page says so and nothing links to it"),
            more("redgum-motors", 4, "trade_in, custom"),
        ]
    );
    let text = report.to_string();
    assert!(text.contains("ok moreton-motor-group: Moreton Motor Group"));
    assert!(text.ends_with("6 dealers checked, 7 warnings"));
}

/// A dealer listing more card buttons than a card shows at once hears which ones wait
/// under More; two or fewer, or the default, say nothing. The count is the card's.
#[test]
fn more_card_buttons_than_a_card_shows_is_a_warning_naming_file_and_key() {
    let warnings_for = |buttons: Option<&str>| {
        let dir = tempfile::tempdir().expect("temp dir");
        let dealer = dir.path().join("acme");
        std::fs::create_dir(&dealer).expect("dealer folder");
        let search = buttons
            .map(|b| format!("[search]\ncard_buttons = {b}\n"))
            .unwrap_or_default();
        std::fs::write(
            dealer.join("dealer.toml"),
            format!("slug = \"acme\"\nname = \"Acme\"\n[theme]\nprimary = \"#111111\"\nsecondary = \"#222222\"\nlogo = \"/media/acme.svg\"\n{search}"),
        )
        .expect("dealer.toml");
        let today = NaiveDate::from_ymd_opt(2026, 2, 1).expect("date");
        let report = check_on(dir.path(), today).expect("valid dealer");
        report
            .warnings
            .into_iter()
            .filter(|w| w.contains("card_buttons"))
            .map(|w| w.replace(&dealer.display().to_string(), "acme"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        warnings_for(Some("[\"enquire\", \"details\", \"test_drive\", \"reserve\"]")),
        ["acme/dealer.toml: search.card_buttons: 4 buttons listed but a card shows 2 at once; test_drive, reserve only under its More menu"]
    );
    assert!(warnings_for(Some("[\"reserve\", \"details\"]")).is_empty());
    assert!(warnings_for(Some("[]")).is_empty());
    assert!(warnings_for(None).is_empty(), "the default is two buttons");
}

#[test]
fn check_reports_every_error_of_the_invalid_fixtures() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../domain/tests/fixtures/invalid/misspelt_key");
    let errors = check(&dir).expect_err("invalid fixture");
    let line = errors.to_string();
    assert!(
        line.ends_with("misspelt_key/acme/dealer.toml:10:1: finance.provder: unknown key; did you mean `provider`? allowed: provider, link, calculator, fees, examples, vehicle_types"),
        "{line}"
    );
}

#[test]
fn expired_offers_and_stale_schemas_are_warnings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dealer = dir.path().join("acme");
    std::fs::create_dir(&dealer).expect("dealer folder");
    std::fs::write(
        dealer.join("dealer.toml"),
        "slug = \"acme\"\nname = \"Acme\"\n[theme]\nprimary = \"#111111\"\nsecondary = \"#222222\"\nlogo = \"/media/acme.svg\"\n[service]\nbooking_embed = true\n",
    )
    .expect("dealer.toml");
    std::fs::write(
        dealer.join("offers.toml"),
        "[[offers]]\nid = 7\ntitle = \"Old\"\nimage = \"/media/old.svg\"\nexpiry = \"2026-01-31\"\n",
    )
    .expect("offers.toml");
    let today = NaiveDate::from_ymd_opt(2026, 2, 1).expect("date");
    let report = check_on(dir.path(), today).expect("valid dealer");
    let acme = dealer.display();
    let root = dir.path().display();
    assert_eq!(
        report.warnings,
        [
            format!("{acme}/locations.toml: no locations; the dealer locator and location pages stay empty"),
            format!("{acme}/offers.toml: offers[0].expiry: offer 7 expired and is not shown"),
            format!("{acme}/dealer.toml: service.booking_embed_url: missing; the service page shows \"no xtime url found\""),
            format!("{acme}/dealer.toml: leads: no webhook; leads are stored but not delivered"),
            format!("{root}/schema.json: out of date with the code; run `make schema`"),
            format!("{root}/schema/locations.json: out of date with the code; run `make schema`"),
            format!("{root}/schema/brands.json: out of date with the code; run `make schema`"),
            format!("{root}/schema/offers.json: out of date with the code; run `make schema`"),
            format!("{root}/schema/parts.json: out of date with the code; run `make schema`"),
            format!("{root}/schema/model.json: out of date with the code; run `make schema`"),
        ]
    );
    write_schemas(dir.path()).expect("schemas written");
    let report = check_on(dir.path(), today).expect("valid dealer");
    assert_eq!(report.warnings.len(), 4, "{:?}", report.warnings);
}

#[test]
fn schema_documents_every_key_and_rejects_unknown_ones() {
    let schema: serde_json::Value = serde_json::from_str(&schema_json()).expect("schema is JSON");
    assert_eq!(schema["additionalProperties"], false);
    let required: Vec<&str> = schema["required"]
        .as_array()
        .expect("required")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert_eq!(required, ["slug", "name", "theme"]);
    // Every property of every object carries the field's /// doc as its description.
    let mut undocumented = Vec::new();
    let mut objects = vec![("root".to_string(), &schema)];
    for (name, def) in schema["definitions"].as_object().expect("definitions") {
        objects.push((name.clone(), def));
    }
    for (name, object) in objects {
        if let Some(properties) = object.get("properties").and_then(|p| p.as_object()) {
            assert_eq!(
                object["additionalProperties"], false,
                "{name} must reject unknown keys"
            );
            for (key, property) in properties {
                if property.get("description").is_none() {
                    undocumented.push(format!("{name}.{key}"));
                }
            }
        }
    }
    assert!(
        undocumented.is_empty(),
        "keys without a description: {undocumented:?}"
    );
    let finance = &schema["definitions"]["FinanceProvider"];
    let providers: Vec<&str> = finance["oneOf"]
        .as_array()
        .map(|alts| {
            alts.iter()
                .filter_map(|alt| alt["const"].as_str())
                .collect()
        })
        .or_else(|| {
            finance["enum"]
                .as_array()
                .map(|e| e.iter().filter_map(|v| v.as_str()).collect())
        })
        .unwrap_or_default();
    assert_eq!(
        providers,
        [
            "taurus",
            "360_finance",
            "ausloans",
            "manual",
            "angle",
            "powertorque",
            "nissan_finance",
            "car_clarity"
        ]
    );
}

#[test]
fn every_dealer_file_points_editors_at_its_schema() {
    for entry in walk(&dealers_dir()) {
        let text = std::fs::read_to_string(&entry).expect("readable");
        let name = entry
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let in_models = entry
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|n| n == "models");
        let expected = match (name, in_models) {
            (_, true) => "#:schema ../../schema/model.json",
            ("dealer.toml", _) => "#:schema ../schema.json",
            ("locations.toml", _) => "#:schema ../schema/locations.json",
            ("brands.toml", _) => "#:schema ../schema/brands.json",
            ("offers.toml", _) => "#:schema ../schema/offers.json",
            ("parts.toml", _) => "#:schema ../schema/parts.json",
            _ => continue,
        };
        assert_eq!(text.lines().next(), Some(expected), "{}", entry.display());
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("readable dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
    files
}

/// A Stripe secret or restricted key anywhere under dealers/ stops `forecourt check`,
/// which names the file and the key; a publishable key is what a dealer file holds.
#[test]
fn check_refuses_stripe_secret_and_restricted_keys_naming_file_and_key() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dealer = dir.path().join("acme");
    std::fs::create_dir(&dealer).expect("dealer folder");
    let base = "slug = \"acme\"\nname = \"Acme\"\n[theme]\nprimary = \"#111111\"\nsecondary = \"#222222\"\nlogo = \"/media/acme.svg\"\n";
    std::fs::write(
        dealer.join("dealer.toml"),
        format!("{base}[reserve]\npayment = \"stripe\"\nstripe_publishable_key = \"sk_test_4eC39HqLyjWDarjtT1zdp7dc\"\n"),
    )
    .expect("dealer.toml");
    std::fs::create_dir(dealer.join("pages")).expect("pages");
    std::fs::write(
        dealer.join("pages/notes.md"),
        "# Notes\n\nOur key is rk_live_51Habc123 for the CRM.\n",
    )
    .expect("notes");
    let today = NaiveDate::from_ymd_opt(2026, 2, 1).expect("date");
    let errors = check_on(dir.path(), today).expect_err("secret keys refused");
    let text = errors.to_string();
    let toml = dealer.join("dealer.toml");
    let md = dealer.join("pages/notes.md");
    assert!(
        text.contains(&format!(
            "{}: reserve.stripe_publishable_key: a Stripe secret or restricted key",
            toml.display()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("{}:3:1", md.display()))
            && text.contains("FORECOURT_STRIPE_SECRET_KEY"),
        "{text}"
    );
    // The publishable key passes, and stripe without one is refused by name.
    std::fs::remove_file(&md).expect("remove notes");
    std::fs::write(
        dealer.join("dealer.toml"),
        format!(
            "{base}[reserve]\npayment = \"stripe\"\nstripe_publishable_key = \"pk_test_abc\"\n"
        ),
    )
    .expect("dealer.toml");
    check_on(dir.path(), today).expect("a publishable key is fine");
    std::fs::write(
        dealer.join("dealer.toml"),
        format!("{base}[reserve]\npayment = \"stripe\"\n"),
    )
    .expect("dealer.toml");
    let errors = check_on(dir.path(), today).expect_err("no publishable key");
    assert!(
        errors
            .to_string()
            .contains("reserve.stripe_publishable_key: is required"),
        "{errors}"
    );
}
