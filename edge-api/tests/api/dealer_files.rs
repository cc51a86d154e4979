//! Dealer files the API refuses to start with: they ship to production as they are, so
//! they can neither open the development endpoints nor send leads in plain http.

use std::path::Path;

use edge_api::config::load_tenants;

/// A dealers folder of the smallest dealer, `acme`: `top` is line 4 of its dealer.toml
/// (top-level keys), `tables` follows its `[theme]` table from line 9.
fn dealers_with(top: &str, tables: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let dealer = dir.path().join("acme");
    std::fs::create_dir(&dealer).expect("dealer folder");
    let text = format!(
        "slug = \"acme\"\nname = \"Acme Cars\"\ndomains = [\"www.acme.com.au\"]\n{top}\n[theme]\nprimary = \"#123456\"\nsecondary = \"#654321\"\nlogo = \"/media/acme.svg\"\n{tables}"
    );
    std::fs::write(dealer.join("dealer.toml"), text).expect("dealer.toml");
    dir
}

fn load_error(dir: &Path) -> String {
    match load_tenants(dir) {
        Ok(tenants) => panic!("loaded {:?}", tenants.slugs()),
        Err(e) => format!("{e:#}"),
    }
}

#[test]
fn the_smallest_dealer_folder_loads() {
    let dir = dealers_with(
        "",
        "[leads]\nwebhook_url = \"https://crm.acme.com.au/leads\"\n",
    );
    let tenants = load_tenants(dir.path()).expect("loads");
    let acme = tenants.by_slug("acme").expect("acme");
    assert_eq!(
        acme.webhook_url.as_deref(),
        Some("https://crm.acme.com.au/leads")
    );
}

#[test]
fn a_dealer_file_cannot_turn_on_development_endpoints() {
    let dir = dealers_with("dev_mode = true", "");
    let error = load_error(dir.path());
    assert!(
        error.contains("acme/dealer.toml:4:1: dev_mode: not a dealer setting"),
        "{error}"
    );
    assert!(
        error.contains("starting the local server with `--dev-mode`"),
        "{error}"
    );
}

#[test]
fn lead_webhooks_must_be_https() {
    for key in ["webhook_url", "adf_webhook_url"] {
        for url in [
            "http://crm.acme.com.au/leads",
            "http://127.0.0.1:9000/leads",
            "http://localhost/leads",
        ] {
            let dir = dealers_with("", &format!("[leads]\n{key} = \"{url}\"\n"));
            let error = load_error(dir.path());
            assert!(error.contains("acme/dealer.toml:10:"), "{error}");
            assert!(
                error.contains(&format!("leads.{key}: expected an https URL"))
                    && error.contains(url),
                "{error}"
            );
        }
    }
}
