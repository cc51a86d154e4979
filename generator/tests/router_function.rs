//! One URL per page across a dealer's domains: publishing maps each of a dealer's hosts
//! in the CDN's host map, the other hosts naming the primary, and the router function of
//! infra/template.yaml, run in Node with that map, answers every other host with a 301 to
//! the same path and query on the primary host.

use std::path::Path;

use generator::publish::{publish, PublishOptions};
use serde_json::{json, Value};

/// The `FunctionCode` block of `resource` in infra/template.yaml (a literal block: the
/// lines after `FunctionCode: |` indented deeper than the key).
fn function_code(resource: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../infra/template.yaml");
    let template = std::fs::read_to_string(&path).expect("the template");
    let start = template
        .find(&format!("\n  {resource}:\n"))
        .unwrap_or_else(|| panic!("{resource} in the template"));
    let rest = &template[start..];
    let key = rest.find("FunctionCode: |\n").expect("its FunctionCode");
    let key_line_start = rest[..key].rfind('\n').map_or(0, |i| i + 1);
    let key_indent = key - key_line_start;
    let mut code = String::new();
    for line in rest[key + "FunctionCode: |\n".len()..].lines() {
        let indent = line.len() - line.trim_start().len();
        if !line.trim().is_empty() && indent <= key_indent {
            break;
        }
        code.push_str(line.get(key_indent + 2..).unwrap_or(""));
        code.push('\n');
    }
    code
}

/// Runs the router with `store` as its key-value store on each (host, uri, querystring)
/// request; returns what it answered (a response, or the request it passes on).
fn route(store: &Value, requests: &[(&str, &str, Value)]) -> Vec<Value> {
    let code = function_code("RouterFunction");
    let import = "import cf from 'cloudfront';";
    assert!(code.contains(import), "{code}");
    // The runtime's module, as documented: kvs().get rejects a missing key.
    let stub = format!(
        "const STORE = {store};\n\
         const cf = {{ kvs: () => ({{ get: async (key) => {{\n\
           if (Object.prototype.hasOwnProperty.call(STORE, key)) return STORE[key];\n\
           throw new Error('key not found'); }} }}) }};"
    );
    let calls: String = requests
        .iter()
        .map(|(host, uri, qs)| {
            format!(
                "out.push(await handler({{ request: {{ uri: {}, querystring: {qs}, headers: {{ host: {{ value: {} }} }} }} }}));\n",
                json!(uri),
                json!(host)
            )
        })
        .collect();
    let script = format!(
        "{}\nconst out = [];\n{calls}console.log(JSON.stringify(out));",
        code.replace(import, &stub)
    );
    let output = std::process::Command::new("node")
        .args(["--input-type=module", "-e", &script])
        .output()
        .expect("node runs (the frontend needs it too)");
    assert!(
        output.status.success(),
        "{}\n{script}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("a JSON list")
}

/// The host map publishing writes for a dealer with these domains (primary first).
fn host_map(domains: &[&str]) -> Value {
    let site = tempfile::tempdir().expect("tempdir");
    std::fs::write(site.path().join("index.html"), "home").expect("page");
    let shell = publish(&PublishOptions {
        site: site.path().to_path_buf(),
        prefix: "acme-motors".into(),
        bucket: "b".into(),
        distribution: None,
        previous: None,
        hosts: domains.iter().map(|d| d.to_string()).collect(),
        policies: Vec::new(),
        record: false,
    })
    .expect("plan");
    let mut map = serde_json::Map::new();
    for line in shell.lines().filter(|l| l.starts_with("kvs_put ")) {
        let quoted: Vec<&str> = line.split('\'').collect();
        map.insert(quoted[1].to_string(), json!(quoted[3]));
    }
    Value::Object(map)
}

#[test]
fn every_other_host_of_a_dealer_answers_with_a_301_to_the_primary() {
    let store = host_map(&["www.acme.com.au", "acme.com.au", "www.acmecars.com.au"]);
    assert_eq!(
        store,
        json!({
            "www.acme.com.au": "acme-motors",
            "acme.com.au": "acme-motors www.acme.com.au",
            "www.acmecars.com.au": "acme-motors www.acme.com.au",
        })
    );
    let query = json!({
        "page": { "value": "2" },
        "refinementList%5Bmake%5D%5B0%5D": { "value": "Toyota", "multiValue": [{ "value": "Toyota" }] },
    });
    let answers = route(
        &store,
        &[
            ("acme.com.au", "/search/used-cars", query.clone()),
            ("WWW.AcmeCars.com.au", "/cars/a-car", json!({})),
            ("www.acme.com.au", "/search/used-cars", query),
            ("www.unknown.example", "/", json!({})),
        ],
    );
    assert_eq!(answers[0]["statusCode"], 301);
    assert_eq!(
        answers[0]["headers"]["location"]["value"],
        "https://www.acme.com.au/search/used-cars?page=2&refinementList%5Bmake%5D%5B0%5D=Toyota"
    );
    assert_eq!(answers[1]["statusCode"], 301);
    assert_eq!(
        answers[1]["headers"]["location"]["value"],
        "https://www.acme.com.au/cars/a-car"
    );
    // The primary host is served from the dealer's prefix, a clean URL as its index.html.
    assert_eq!(answers[2]["statusCode"], Value::Null);
    assert_eq!(
        answers[2]["uri"],
        "/acme-motors/search/used-cars/index.html"
    );
    assert_eq!(answers[3]["statusCode"], 404);
}

/// A car's page is at its slug with repeated words said once; the feed's form of the
/// slug (what older links and search results hold) answers with a 301 there.
#[test]
fn a_car_slug_that_repeats_words_moves_with_a_301_to_the_page_the_build_writes() {
    let store = json!({ "www.acme.com.au": "acme-motors" });
    let slugs = [
        "2022-ktm-390-duke-390-duke-7",
        "2021-ford-ranger-ranger-xlt-12",
        "2023-omoda-omoda-5-fx-fx-44",
        "2022-toyota-corolla-101",
    ];
    let requests: Vec<(&str, String, Value)> = slugs
        .iter()
        .map(|s| ("www.acme.com.au", format!("/cars/{s}"), json!({})))
        .chain(std::iter::once((
            "www.acme.com.au",
            "/cars/ranger-ranger-3/checkout".to_string(),
            json!({ "from": { "value": "card" } }),
        )))
        .collect();
    let borrowed: Vec<(&str, &str, Value)> = requests
        .iter()
        .map(|(h, u, q)| (*h, u.as_str(), q.clone()))
        .collect();
    let answers = route(&store, &borrowed);
    for (slug, answer) in slugs.iter().zip(&answers) {
        let car: domain::car::Car = serde_json::from_value(json!({
            "id": 1, "slug": slug, "year": 2022, "make": "KTM", "model": "390 Duke",
            "car_type": "used", "status": "in_stock", "created_at": "2026-11-01T00:00:00Z",
            "dealership_slug": "acme-motors"
        }))
        .expect("car");
        if car.slug == *slug {
            assert_eq!(
                answer["uri"],
                format!("/acme-motors/cars/{slug}/index.html")
            );
        } else {
            assert_eq!(answer["statusCode"], 301, "{slug}");
            assert_eq!(
                answer["headers"]["location"]["value"],
                format!("https://www.acme.com.au{}", car.page_path()),
                "{slug}: the router and the build agree"
            );
        }
    }
    assert_eq!(
        answers[0]["headers"]["location"]["value"],
        "https://www.acme.com.au/cars/2022-ktm-390-duke-7"
    );
    assert_eq!(
        answers[4]["headers"]["location"]["value"],
        "https://www.acme.com.au/cars/ranger-3/checkout?from=card"
    );
}
