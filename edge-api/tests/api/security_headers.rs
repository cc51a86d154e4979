//! One list of security headers: CloudFront's response headers policies in
//! infra/template.yaml carry exactly the headers of `edge_api::headers`, and the local
//! server sends them on pages, the API and (with the sandboxing policy) feed media.

use std::path::PathBuf;

use edge_api::headers::{headers, Kind, HSTS_HEADER, MEDIA_CSP};
use reqwest::StatusCode;
use serde_yaml::Value;

use crate::support::spawn;

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
        overridden(value, key);
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
            for key in ["TargetOriginId", "CachePolicyId", "FunctionAssociations"] {
                assert_eq!(
                    behaviour[key], config["DefaultCacheBehavior"][key],
                    "/media/* {key}"
                );
            }
        }
    }
    assert_eq!(media, 1, "one /media/* behaviour");
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

/// Issue 28: a dealer with tag ids gets a CSP naming exactly its tags' origins; one
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
