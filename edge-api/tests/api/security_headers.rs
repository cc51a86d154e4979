//! One list of security headers: CloudFront's response headers policies in
//! infra/template.yaml carry exactly the headers of `edge_api::headers`, and the local
//! server sends them on pages, the API and (with the sandboxing policy) feed media.

use std::path::PathBuf;

use edge_api::headers::{headers, Kind, HSTS_HEADER, MEDIA_CSP, SET_BY_ANSWER};
use reqwest::StatusCode;
use serde_yaml::Value;

use crate::support::{self, spawn};

/// infra/template.yaml as YAML values; CloudFormation's short tags (`!Ref`, `!Sub`) come
/// through as tagged values, which the policies' headers never use.
fn template() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../infra/template.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_yaml::from_str(&text).expect("the template is YAML")
}

fn text(value: &Value, what: &str) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => panic!("{what}: expected a plain value, found {other:?}"),
    }
}

fn overridden(config: &Value, what: &str) {
    assert_eq!(
        config["Override"],
        Value::Bool(true),
        "{what}: CloudFront must replace what the origin sends"
    );
}

/// The settings a site policy must not override: the pages' CSP (a dealer's own policy
/// comes from the API or the sites' viewer-response function, and the policy's is the
/// platform's fallback for answers without one, such as CloudFront's error pages) and the
/// headers an answer may set itself ([`SET_BY_ANSWER`]).
fn kept_from_origin(resource: &str, header: &str) -> bool {
    resource == "SiteHeadersPolicy"
        && (header == "content-security-policy" || SET_BY_ANSWER.contains(&header))
}

/// The headers a `AWS::CloudFront::ResponseHeadersPolicy` resource adds, as the
/// lower-case name and value a browser receives.
fn policy_headers(template: &Value, resource: &str) -> Vec<(String, String)> {
    let policy = &template["Resources"][resource];
    assert_eq!(
        policy["Type"].as_str(),
        Some("AWS::CloudFront::ResponseHeadersPolicy"),
        "{resource}"
    );
    let config = &policy["Properties"]["ResponseHeadersPolicyConfig"];
    let mut out = Vec::new();
    let security = config["SecurityHeadersConfig"]
        .as_mapping()
        .expect("SecurityHeadersConfig");
    for (key, value) in security {
        let key = key.as_str().expect("a key");
        let header = match key {
            "StrictTransportSecurity" => {
                let mut hsts = format!("max-age={}", text(&value["AccessControlMaxAgeSec"], key));
                if value["IncludeSubdomains"] == Value::Bool(true) {
                    hsts.push_str("; includeSubDomains");
                }
                if value["Preload"] == Value::Bool(true) {
                    hsts.push_str("; preload");
                }
                (HSTS_HEADER.to_owned(), hsts)
            }
            "ContentTypeOptions" => ("x-content-type-options".to_owned(), "nosniff".to_owned()),
            "FrameOptions" => (
                "x-frame-options".to_owned(),
                text(&value["FrameOption"], key),
            ),
            "ReferrerPolicy" => (
                "referrer-policy".to_owned(),
                text(&value["ReferrerPolicy"], key),
            ),
            "ContentSecurityPolicy" => (
                "content-security-policy".to_owned(),
                text(&value["ContentSecurityPolicy"], key),
            ),
            "XSSProtection" => panic!("{resource}: X-XSS-Protection is not in edge_api::headers"),
            other => panic!("{resource}: unknown security header setting {other}"),
        };
        if kept_from_origin(resource, &header.0) {
            assert_eq!(value["Override"], Value::Bool(false), "{resource} {key}");
        } else {
            overridden(value, key);
        }
        out.push(header);
    }
    for item in config["CustomHeadersConfig"]["Items"]
        .as_sequence()
        .into_iter()
        .flatten()
    {
        overridden(item, "a custom header");
        out.push((
            text(&item["Header"], "Header").to_ascii_lowercase(),
            text(&item["Value"], "Value"),
        ));
    }
    out.sort();
    out
}

fn defined(kind: Kind) -> Vec<(String, String)> {
    let mut list: Vec<(String, String)> = headers(kind)
        .into_iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect();
    list.sort();
    list
}

#[test]
fn cloudfront_sends_exactly_the_headers_the_local_server_sends() {
    let template = template();
    assert_eq!(
        policy_headers(&template, "SiteHeadersPolicy"),
        defined(Kind::Page)
    );
    assert_eq!(
        policy_headers(&template, "MediaHeadersPolicy"),
        defined(Kind::Media)
    );
}

#[test]
fn every_cloudfront_behaviour_has_a_headers_policy_and_media_gets_the_sandbox() {
    let template = template();
    let config = &template["Resources"]["Distribution"]["Properties"]["DistributionConfig"];
    let policy_of = |behaviour: &Value| match &behaviour["ResponseHeadersPolicyId"] {
        Value::Tagged(tagged) if tagged.tag == "!Ref" => text(&tagged.value, "!Ref"),
        other => panic!(
            "behaviour {:?}: ResponseHeadersPolicyId must be !Ref of a policy, found {other:?}",
            behaviour["PathPattern"]
        ),
    };
    assert_eq!(
        policy_of(&config["DefaultCacheBehavior"]),
        "SiteHeadersPolicy"
    );
    let behaviours = config["CacheBehaviors"]
        .as_sequence()
        .expect("CacheBehaviors");
    let mut media = 0;
    for behaviour in behaviours {
        let pattern = text(&behaviour["PathPattern"], "PathPattern");
        let expected = if pattern == "/media/*" {
            "MediaHeadersPolicy"
        } else {
            "SiteHeadersPolicy"
        };
        assert_eq!(policy_of(behaviour), expected, "{pattern}");
        if pattern == "/media/*" {
            media += 1;
            // Media still reaches the bucket through the router, as under the default behaviour.
            for key in ["TargetOriginId", "CachePolicyId"] {
                assert_eq!(
                    behaviour[key], config["DefaultCacheBehavior"][key],
                    "/media/* {key}"
                );
            }
            assert_eq!(
                functions(behaviour),
                [("viewer-request".to_owned(), "RouterFunction".to_owned())],
                "/media/* keeps its sandbox: no pages' policy function"
            );
        }
    }
    assert_eq!(media, 1, "one /media/* behaviour");
    // Every site answer gets its dealer's policy at the edge.
    assert_eq!(
        functions(&config["DefaultCacheBehavior"]),
        [
            ("viewer-request".to_owned(), "RouterFunction".to_owned()),
            (
                "viewer-response".to_owned(),
                "SiteHeadersFunction".to_owned()
            ),
        ]
    );
}

/// A behaviour's functions: (event type, resource of `!GetAtt <resource>.FunctionMetadata...`).
fn functions(behaviour: &Value) -> Vec<(String, String)> {
    behaviour["FunctionAssociations"]
        .as_sequence()
        .into_iter()
        .flatten()
        .map(|association| {
            let arn = match &association["FunctionARN"] {
                Value::Tagged(tagged) if tagged.tag == "!GetAtt" => text(&tagged.value, "!GetAtt"),
                other => panic!("FunctionARN must be !GetAtt, found {other:?}"),
            };
            (
                text(&association["EventType"], "EventType"),
                arn.split('.').next().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// Runs `SiteHeadersFunction`'s code from the template in Node, with the CloudFront
/// key-value store holding `store`, on a response to each host; returns the CSP each got.
fn run_site_headers_function(store: &serde_json::Value, hosts: &[&str]) -> Vec<String> {
    let code = text(
        &template()["Resources"]["SiteHeadersFunction"]["Properties"]["FunctionCode"],
        "FunctionCode",
    );
    let import = "import cf from 'cloudfront';";
    assert!(code.contains(import), "{code}");
    // The runtime's module, as documented: kvs().get rejects a missing key.
    let stub = format!(
        "const STORE = {store};\n\
         const cf = {{ kvs: () => ({{ get: async (key) => {{\n\
           if (Object.prototype.hasOwnProperty.call(STORE, key)) return STORE[key];\n\
           throw new Error('key not found'); }} }}) }};"
    );
    let calls = hosts
        .iter()
        .map(|host| {
            format!(
                "out.push((await handler({{ request: {{ headers: {{ host: {{ value: {} }} }} }}, \
                 response: {{ statusCode: 200, headers: {{}} }} }})).headers['content-security-policy'].value);",
                serde_json::to_string(host).expect("json")
            )
        })
        .collect::<String>();
    let script = format!(
        "{}\nconst out = [];\n{calls}\nconsole.log(JSON.stringify(out));",
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

/// In production each dealer host's pages carry the policy domain::csp gives
/// (written by the deploy into the store); a host not written yet gets the platform's.
#[test]
fn cloudfront_sets_each_dealer_hosts_policy_and_the_platforms_otherwise() {
    let dealer = "default-src 'self'; script-src 'self' https://www.googletagmanager.com";
    let got = run_site_headers_function(
        &serde_json::json!({ "www.jacarandatoyota.com.au": dealer }),
        &["WWW.JacarandaToyota.com.au", "www.unknown.example"],
    );
    assert_eq!(got, [dealer, edge_api::headers::PAGE_CSP]);
}

/// The policy of every sample dealer, as the server configured from its flags
/// and environment sends it: exactly the tag origins each dealer's ids enable, exactly
/// the deployment's tile origin (`VITE_MAP_TILE_URL`, the frontend build's variable) and
/// the dealer's feed hosts in `img-src`, never any https image.
#[tokio::test]
async fn each_sample_dealer_gets_its_tag_origins_and_the_deployments_tile_origin() {
    use clap::{CommandFactory, Parser};
    use edge_api::config::{Cli, Settings, SmsChoice};
    use tower::ServiceExt;
    let map_arg = Cli::command()
        .get_arguments()
        .find(|a| a.get_id() == "map_tile_url")
        .and_then(|a| a.get_env().map(|e| e.to_string_lossy().into_owned()));
    assert_eq!(map_arg.as_deref(), Some("VITE_MAP_TILE_URL"));
    let dir = tempfile::tempdir().expect("tempdir");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let cli = Cli::try_parse_from([
        "forecourt-api".to_owned(),
        format!("--dealers={}", root.join("dealers").display()),
        format!("--data={}", dir.path().join("data").display()),
        format!("--dist={}", dir.path().join("dist").display()),
        "--map-tile-url=https://tiles.example.com/osm/{z}/{x}/{y}.png".to_owned(),
    ])
    .expect("flags");
    let settings = Settings::resolve(&cli.flags).expect("settings");
    let app = edge_api::app(settings.state(SmsChoice::Log).await.expect("state"));
    let csp_of = |slug: &str| {
        let app = app.clone();
        let host = format!("{slug}.localhost");
        async move {
            let answer = app
                .oneshot(
                    axum::http::Request::get("/api/openapi.json")
                        .header("host", host)
                        .body(axum::body::Body::empty())
                        .expect("request"),
                )
                .await
                .expect("answer");
            answer.headers()["content-security-policy"]
                .to_str()
                .expect("text")
                .to_owned()
        }
    };
    let directive = |csp: &str, name: &str| {
        csp.split("; ")
            .find(|d| d.split(' ').next() == Some(name))
            .unwrap_or_else(|| panic!("{name} in {csp}"))
            .to_owned()
    };
    // GTM only, and Stripe's origins: jacaranda takes the deposit by card.
    let jacaranda = csp_of("jacaranda-toyota").await;
    assert_eq!(
        directive(&jacaranda, "script-src"),
        "script-src 'self' https://www.googletagmanager.com https://js.stripe.com"
    );
    assert_eq!(
        directive(&jacaranda, "frame-src"),
        "frame-src https: https://js.stripe.com https://hooks.stripe.com"
    );
    assert!(directive(&jacaranda, "connect-src").ends_with(" https://api.stripe.com"));
    assert!(!jacaranda.contains("facebook"), "{jacaranda}");
    assert_eq!(
        directive(&jacaranda, "img-src"),
        "img-src 'self' data: https://tiles.example.com"
    );
    // GA4 and the Meta pixel, and a feed host.
    let redgum = csp_of("redgum-motors").await;
    assert_eq!(
        directive(&redgum, "script-src"),
        "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net"
    );
    assert_eq!(
        directive(&redgum, "img-src"),
        "img-src 'self' data: https://photos.redgummotors.com.au https://tiles.example.com"
    );
    // A dealer paid at the dealership gets no Stripe origin.
    assert!(!redgum.contains("stripe"), "{redgum}");
    // A dealer without ids: no tag origin at all, the tiles still.
    let mut bare = support::sample_dealer("jacaranda-toyota");
    bare.config.analytics = Default::default();
    bare.config.reserve = Default::default();
    let tiles = settings.map_tiles.as_ref().expect("tiles");
    let csp = domain::csp::page_csp(&bare.config, Some(tiles));
    assert_eq!(directive(&csp, "script-src"), "script-src 'self'");
    assert_eq!(directive(&csp, "connect-src"), "connect-src 'self'");
    assert_eq!(
        directive(&csp, "img-src"),
        "img-src 'self' data: https://tiles.example.com"
    );
}

#[tokio::test]
async fn the_local_server_sends_the_list_on_pages_api_and_media() {
    let app = spawn().await;
    for path in [
        "/",
        "/cars/red-ute",
        "/assets/app-3f9a1c.js",
        "/api/openapi.json",
        "/cars/sold-long-ago",
    ] {
        let page = app.get("www.alphamotors.com.au", path, None).await;
        for (name, value) in headers(Kind::Page) {
            assert_eq!(
                page.headers.get(name).and_then(|v| v.to_str().ok()),
                Some(value),
                "{path} {name}"
            );
        }
        let local = app.get("alpha.localhost", path, None).await;
        for (name, value) in headers(Kind::Page) {
            let expected = (name != HSTS_HEADER).then_some(value);
            assert_eq!(
                local.headers.get(name).and_then(|v| v.to_str().ok()),
                expected,
                "{path} {name} on localhost"
            );
        }
    }
    let media = app
        .get("www.alphamotors.com.au", "/media/car-1.svg", None)
        .await;
    assert_eq!(media.status, StatusCode::OK);
    for (name, value) in headers(Kind::Media) {
        assert_eq!(
            media.headers.get(name).and_then(|v| v.to_str().ok()),
            Some(value),
            "media {name}"
        );
    }
    // Opened directly, an SVG photo is a sandboxed document: no script runs.
    assert_eq!(media.headers["content-security-policy"], MEDIA_CSP);
    assert!(MEDIA_CSP.starts_with("sandbox;") && MEDIA_CSP.contains("default-src 'none'"));
    assert_eq!(media.headers["x-content-type-options"], "nosniff");
}

/// A dealer with tag ids gets a CSP naming exactly its tags' origins; one
/// without keeps the platform's policy.
#[tokio::test]
async fn a_dealer_with_tags_gets_their_origins_in_its_policy() {
    let app = spawn().await;
    let beta = app
        .get("beta.example.com.au", "/api/openapi.json", None)
        .await;
    let csp = beta.headers["content-security-policy"]
        .to_str()
        .expect("text")
        .to_owned();
    let script = csp
        .split("; ")
        .find(|d| d.starts_with("script-src"))
        .expect("script-src");
    assert_eq!(
        script,
        "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net"
    );
    assert!(csp.contains("https://*.google-analytics.com"), "{csp}");
    let alpha = app
        .get("www.alphamotors.com.au", "/api/openapi.json", None)
        .await;
    assert_eq!(
        alpha.headers["content-security-policy"],
        edge_api::headers::PAGE_CSP
    );
}

/// The dealer's deposit links carry a signed token: their pages send `same-origin` (their
/// own form still carries its Origin), and the list's own referrer policy does not replace
/// it, so the link never leaves the site in a Referer; every other header of the list is
/// still there.
#[tokio::test]
async fn a_signed_link_page_keeps_its_own_same_origin_referrer_policy() {
    let app = spawn().await;
    // A link without its action: the page that says so is one of the link's pages.
    let page = app
        .get(
            "www.alphamotors.com.au",
            "/api/reservations/r1/dealer",
            None,
        )
        .await;
    assert!(
        page.headers["content-type"]
            .to_str()
            .expect("text")
            .starts_with("text/html"),
        "{}",
        page.text
    );
    assert_eq!(page.headers["referrer-policy"], "same-origin");
    for (name, value) in headers(Kind::Page) {
        if !SET_BY_ANSWER.contains(&name) {
            assert_eq!(
                page.headers.get(name).and_then(|v| v.to_str().ok()),
                Some(value),
                "{name}"
            );
        }
    }
}
