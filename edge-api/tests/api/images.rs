//! The image service, `/img/w_<width>,q_<quality>/<source>`: ladder and parameters,
//! allowed feed hosts (a photo server on loopback), Accept negotiation (magic bytes and
//! dimensions of what comes back), never enlarged, the disk cache, the not-found image,
//! limits, and the same route through the Lambda router (a base64 body).

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::http::{header, StatusCode as AxumStatus};
use axum::routing::get;
use edge_api::images::{ImageLimits, ImageService};
use edge_api::policy::{Policy, RateLimit};
use reqwest::StatusCode;
use serde_json::json;
use tempfile::TempDir;
use tower::ServiceExt;

use crate::support::{serve, state, tenants, TestApp};

const CHROME_ACCEPT: &str = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const PHOTO: &str = "/img/w_640,q_75/site/media/photo.jpg";

/// A 1600x1200 JPEG with the gradients and grain of a photo (not flat, so codecs work).
fn photo_jpeg(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        let grain = ((x.wrapping_mul(7919) ^ y.wrapping_mul(104_729)) % 23) as u8;
        image::Rgb([
            (x * 255 / width) as u8 / 2 + grain,
            (y * 255 / height) as u8 / 2 + grain,
            ((x + y) % 256) as u8 / 3 + grain,
        ])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&image)
        .expect("encode");
    out
}

/// A dist folder with a shared photo, a text file posing as one and the dealer's logo.
fn photo_dist() -> TempDir {
    let dist = tempfile::tempdir().expect("dist");
    let media = dist.path().join("_media");
    std::fs::create_dir_all(&media).expect("media");
    std::fs::write(media.join("photo.jpg"), photo_jpeg(1600, 1200)).expect("photo");
    std::fs::write(media.join("notes.jpg"), "not a photo at all").expect("notes");
    let alpha = dist.path().join("alpha");
    std::fs::create_dir_all(&alpha).expect("alpha");
    std::fs::write(alpha.join("404.html"), "<h1>Not found</h1>").expect("404");
    let mut logo = Vec::new();
    image::DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
        200,
        100,
        image::Rgba([200, 0, 0, 255]),
    ))
    .write_to(&mut Cursor::new(&mut logo), image::ImageFormat::Png)
    .expect("png");
    std::fs::write(alpha.join("logo.png"), logo).expect("logo");
    dist
}

struct ImageApp {
    app: TestApp,
    cache: PathBuf,
    _dist: TempDir,
}

/// The app over a photo dist with a disk cache; alpha allows feed photos from `hosts`.
async fn spawn_images(hosts: &[String], limits: ImageLimits) -> ImageApp {
    spawn_images_with(hosts, limits, Policy::default(), |service| service).await
}

/// [`spawn_images`] with a policy and the service as `tune` makes it.
async fn spawn_images_with(
    hosts: &[String],
    limits: ImageLimits,
    policy: Policy,
    tune: impl FnOnce(ImageService) -> ImageService,
) -> ImageApp {
    let dist = photo_dist();
    let (mut state, clock, dir) = state(tenants(None), policy);
    let cache = dir.path().join("images");
    state.dist = Some(dist.path().to_path_buf());
    state.images = Arc::new(tune(
        ImageService::new(None, Some(cache.clone()))
            .with_limits(limits)
            .allow_hosts("alpha", hosts),
    ));
    ImageApp {
        app: serve(state, clock, dir).await,
        cache,
        _dist: dist,
    }
}

struct Got {
    status: StatusCode,
    content_type: String,
    headers: reqwest::header::HeaderMap,
    bytes: Vec<u8>,
}

async fn fetch(app: &TestApp, host: &str, path: &str, accept: &str) -> Got {
    let response = app
        .request(reqwest::Method::GET, host, path)
        .header("accept", accept)
        .send()
        .await
        .expect("request");
    let headers = response.headers().clone();
    Got {
        status: response.status(),
        content_type: headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned(),
        headers,
        bytes: response.bytes().await.expect("body").to_vec(),
    }
}

fn json_of(got: &Got) -> serde_json::Value {
    serde_json::from_slice(&got.bytes).unwrap_or_else(|_| {
        panic!(
            "{} {} is not JSON: {:?}",
            got.status,
            got.content_type,
            String::from_utf8_lossy(&got.bytes[..got.bytes.len().min(200)])
        )
    })
}

/// Width and height of an AVIF, from its `ispe` (image spatial extents) property.
fn avif_size(bytes: &[u8]) -> (u32, u32) {
    let at = bytes
        .windows(4)
        .position(|w| w == b"ispe")
        .expect("an ispe box");
    let word = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    // Box type, then version and flags (4 bytes), then width and height.
    (word(at + 8), word(at + 12))
}

/// Format and size of an answer's body, from its bytes alone.
fn sniff(bytes: &[u8]) -> (&'static str, (u32, u32)) {
    if bytes.len() > 12 && &bytes[4..12] == b"ftypavif" {
        return ("avif", avif_size(bytes));
    }
    let format = image::guess_format(bytes).expect("a known image format");
    let decoded = image::load_from_memory(bytes).expect("decodes");
    let name = match format {
        image::ImageFormat::WebP => "webp",
        image::ImageFormat::Jpeg => "jpeg",
        other => panic!("unexpected {other:?}"),
    };
    (name, (decoded.width(), decoded.height()))
}

#[tokio::test]
async fn photos_come_back_at_the_ladder_width_in_the_best_accepted_format() {
    let images = spawn_images(&[], ImageLimits::default()).await;
    // AVIF is made in the background; until it is there, a JPEG stands in.
    let stand_in = fetch(&images.app, "alpha.localhost", PHOTO, "image/avif").await;
    assert_eq!(sniff(&stand_in.bytes), ("jpeg", (640, 480)));
    wait_for_background(&images.app.state.images).await;
    for (accept, format) in [
        (CHROME_ACCEPT, "webp"),
        ("image/avif,image/*,*/*;q=0.8", "avif"),
        ("image/avif,image/webp;q=0", "avif"),
        ("image/*,*/*;q=0.8", "jpeg"),
    ] {
        let got = fetch(&images.app, "alpha.localhost", PHOTO, accept).await;
        assert_eq!(got.status, StatusCode::OK, "{accept}");
        assert_eq!(got.content_type, format!("image/{format}"), "{accept}");
        assert_eq!(sniff(&got.bytes), (format, (640, 480)), "{accept}");
        assert_eq!(got.headers["vary"], "Accept");
        assert_eq!(
            got.headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert!(
            got.bytes.len() < 100_000,
            "{format}: {} bytes",
            got.bytes.len()
        );
    }
}

#[tokio::test]
async fn photos_are_never_enlarged_and_dealer_files_are_served_too() {
    let images = spawn_images(&[], ImageLimits::default()).await;
    let got = fetch(
        &images.app,
        "alpha.localhost",
        "/img/w_1920,q_60/site/media/photo.jpg",
        "image/jpeg",
    )
    .await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(
        sniff(&got.bytes),
        ("jpeg", (1600, 1200)),
        "not past the original"
    );
    // A file of the dealer's own folder (its logo), by the path the site serves it at.
    let logo = fetch(
        &images.app,
        "alpha.localhost",
        "/img/w_160,q_75/site/logo.png",
        "image/webp",
    )
    .await;
    assert_eq!(logo.status, StatusCode::OK);
    assert_eq!(sniff(&logo.bytes), ("webp", (160, 80)));
    // Another dealer has no such file: its not-found image.
    let other = fetch(
        &images.app,
        "beta.localhost",
        "/img/w_160,q_75/site/logo.png",
        "image/webp",
    )
    .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn off_ladder_and_malformed_requests_are_400_with_a_reason_never_500() {
    let images = spawn_images(&[], ImageLimits::default()).await;
    for (path, code, says) in [
        (
            "/img/w_641,q_75/site/media/photo.jpg",
            "bad_request",
            "160, 320, 480, 640",
        ),
        (
            "/img/w_640,q_74/site/media/photo.jpg",
            "bad_request",
            "50, 60, 75, 85",
        ),
        (
            "/img/w640,q_75/site/media/photo.jpg",
            "bad_request",
            "w_<width>,q_<quality>",
        ),
        (
            "/img/w_640,q_75/site/../secret.jpg",
            "bad_request",
            "neither site/",
        ),
        (
            "/img/w_640,q_75/ftp/host/a.jpg",
            "bad_request",
            "neither site/",
        ),
        ("/img/w_640,q_75", "bad_request", "neither site/"),
        (
            "/img/w_99999999999,q_75/site/media/photo.jpg",
            "bad_request",
            "w_<width>",
        ),
        (
            "/img/w_640,q_75/site/media/notes.jpg",
            "not_an_image",
            "JPEG, PNG or WebP",
        ),
    ] {
        let got = fetch(&images.app, "alpha.localhost", path, CHROME_ACCEPT).await;
        assert_eq!(got.status, StatusCode::BAD_REQUEST, "{path}");
        let body = json_of(&got);
        assert_eq!(body["code"], code, "{path}: {body}");
        let message = body["message"].as_str().expect("message");
        assert!(message.contains(says), "{path}: {message}");
        assert!(message.ends_with('.'), "{path}: a sentence: {message}");
    }
}

#[tokio::test]
async fn an_original_over_the_limits_is_refused_before_it_is_decoded() {
    let tight = ImageLimits {
        max_pixels: 1_000_000,
        ..ImageLimits::default()
    };
    let images = spawn_images(&[], tight).await;
    let got = fetch(&images.app, "alpha.localhost", PHOTO, "image/jpeg").await;
    assert_eq!(got.status, StatusCode::BAD_REQUEST);
    let body = json_of(&got);
    assert_eq!(body["code"], "image_too_large", "{body}");
    assert!(body["message"]
        .as_str()
        .expect("message")
        .contains("1 megapixels"));
    let few_bytes = ImageLimits {
        max_bytes: 10_000,
        ..ImageLimits::default()
    };
    let images = spawn_images(&[], few_bytes).await;
    let got = fetch(&images.app, "alpha.localhost", PHOTO, "image/jpeg").await;
    assert_eq!(json_of(&got)["code"], "image_too_large");
}

#[tokio::test]
async fn a_missing_original_is_a_404_whose_body_is_the_not_found_image() {
    let images = spawn_images(&[], ImageLimits::default()).await;
    // Never AVIF: that would take seconds, for a drawing that is small in JPEG too.
    for (accept, format) in [
        (CHROME_ACCEPT, "webp"),
        ("image/avif", "jpeg"),
        ("*/*", "jpeg"),
    ] {
        let got = fetch(
            &images.app,
            "alpha.localhost",
            "/img/w_320,q_75/site/media/no-such-photo.jpg",
            accept,
        )
        .await;
        assert_eq!(got.status, StatusCode::NOT_FOUND);
        assert_eq!(got.content_type, format!("image/{format}"));
        assert_eq!(
            sniff(&got.bytes),
            (format, (320, 240)),
            "the 4:3 not-found image"
        );
        assert_eq!(got.headers["cache-control"], "public, max-age=300");
    }
}

#[tokio::test]
async fn a_variant_is_made_once_then_served_from_disk() {
    let images = spawn_images(&[], ImageLimits::default()).await;
    let service = Arc::clone(&images.app.state.images);
    let first = fetch(&images.app, "alpha.localhost", PHOTO, "image/webp").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(service.encodes(), 1);
    let files = cached_files(&images.cache);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0].to_string_lossy().ends_with(".webp"));
    let modified = std::fs::metadata(&files[0])
        .and_then(|m| m.modified())
        .expect("mtime");
    let second = fetch(&images.app, "alpha.localhost", PHOTO, "image/webp").await;
    assert_eq!(second.bytes, first.bytes);
    assert_eq!(service.encodes(), 1, "read from disk, not encoded again");
    assert_eq!(
        std::fs::metadata(&files[0])
            .and_then(|m| m.modified())
            .expect("mtime"),
        modified,
        "not rewritten"
    );
    // Another format of the same photo is another variant.
    fetch(&images.app, "alpha.localhost", PHOTO, "image/jpeg").await;
    assert_eq!(service.encodes(), 2);
    // Concurrent requests for one new variant wait for one encode.
    let path = "/img/w_320,q_60/site/media/photo.jpg";
    let answers = futures_join(&images.app, path, 4).await;
    assert!(answers.iter().all(|bytes| bytes == &answers[0]));
    assert_eq!(service.encodes(), 3, "one encode for four requests");
}

async fn futures_join(app: &TestApp, path: &str, n: usize) -> Vec<Vec<u8>> {
    let mut handles = Vec::new();
    for _ in 0..n {
        let request = app
            .request(reqwest::Method::GET, "alpha.localhost", path)
            .header("accept", "image/jpeg");
        handles.push(tokio::spawn(async move {
            let response = request.send().await.expect("request");
            assert_eq!(response.status(), StatusCode::OK);
            response.bytes().await.expect("body").to_vec()
        }));
    }
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.expect("joined"));
    }
    out
}

fn cached_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for sub in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(sub.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            files.push(file.path());
        }
    }
    files
}

/// A feed's photo server on loopback: `/stock/1.jpg` is a photo, anything else 404,
/// `/broken.jpg` a 500.
/// Serves `router` on a free loopback port until the handle is dropped or aborted;
/// answers its `host:port`.
async fn serve_on_loopback(router: axum::Router) -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let host = listener.local_addr().expect("addr").to_string();
    let server = tokio::spawn(async move {
        axum::serve(listener, router).await.expect("serve");
    });
    (host, server)
}

async fn photo_server() -> (String, tokio::task::JoinHandle<()>) {
    let photo = photo_jpeg(1600, 1200);
    let router = axum::Router::new()
        .route(
            "/stock/1.jpg",
            get(move || {
                let photo = photo.clone();
                async move { ([(header::CONTENT_TYPE, "image/jpeg")], photo) }
            }),
        )
        .route(
            "/broken.jpg",
            get(|| async { AxumStatus::INTERNAL_SERVER_ERROR }),
        );
    let (host, server) = serve_on_loopback(router).await;
    (host, server)
}

#[tokio::test]
async fn feed_photos_come_only_from_hosts_the_dealer_allows() {
    let (host, server) = photo_server().await;
    let images = spawn_images(std::slice::from_ref(&host), ImageLimits::default()).await;
    let path = format!("/img/w_320,q_75/http/{host}/stock/1.jpg");
    let allowed = fetch(&images.app, "alpha.localhost", &path, "image/webp").await;
    assert_eq!(allowed.status, StatusCode::OK);
    assert_eq!(sniff(&allowed.bytes), ("webp", (320, 240)));
    // Beta allows no feed host.
    let refused = fetch(&images.app, "beta.localhost", &path, "image/webp").await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let body = json_of(&refused);
    assert_eq!(body["code"], "image_host_not_allowed");
    assert!(body["message"]
        .as_str()
        .expect("message")
        .contains("images.allowed_hosts"));
    // Alpha's host, but no such photo: the not-found image.
    let missing = fetch(
        &images.app,
        "alpha.localhost",
        &format!("/img/w_320,q_75/http/{host}/stock/2.jpg"),
        "image/jpeg",
    )
    .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(sniff(&missing.bytes).0, "jpeg");
    // The host failing: still an image, never cached.
    let broken = fetch(
        &images.app,
        "alpha.localhost",
        &format!("/img/w_320,q_75/http/{host}/broken.jpg"),
        "image/jpeg",
    )
    .await;
    assert_eq!(broken.status, StatusCode::BAD_GATEWAY);
    assert_eq!(broken.headers["cache-control"], "no-store");
    assert_eq!(sniff(&broken.bytes).0, "jpeg");
    server.abort();
}

#[tokio::test]
async fn on_lambda_site_media_is_read_from_the_dealer_site_and_the_body_is_base64() {
    use base64_engine::decode;
    // The dealer's site, as CloudFront would serve it: the local server over the dist.
    let site = spawn_images(&[], ImageLimits::default()).await;
    let (mut state, _clock, _dir) = state(tenants(None), Policy::default());
    state.runtime = edge_api::Runtime::Lambda;
    state.origin_secrets = edge_api::extract::OriginSecrets::new([SECRET]);
    state.dist = None;
    state.images = Arc::new(ImageService::new(
        Some(format!("http://{}", site.app.addr)),
        None,
    ));
    let event = json!({
        "version": "2.0",
        "routeKey": "GET /img/{proxy+}",
        "rawPath": PHOTO,
        "rawQueryString": "",
        "headers": {
            "accept": CHROME_ACCEPT,
            "host": "abc123def4.execute-api.ap-southeast-2.amazonaws.com",
            "x-forwarded-host": "www.alphamotors.com.au",
            "x-forecourt-image-format": "webp",
            "x-forecourt-origin-verify": SECRET,
        },
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "abc123def4",
            "domainName": "abc123def4.execute-api.ap-southeast-2.amazonaws.com",
            "domainPrefix": "abc123def4",
            "http": { "method": "GET", "path": PHOTO, "protocol": "HTTP/1.1", "sourceIp": "130.176.0.9", "userAgent": "Fixture" },
            "requestId": "img-1",
            "routeKey": "GET /img/{proxy+}",
            "stage": "$default",
            "time": "22/Nov/2026:09:32:00 +0000",
            "timeEpoch": 1795339920000u64
        },
        "pathParameters": { "proxy": PHOTO.trim_start_matches("/img/") },
        "isBase64Encoded": false
    });
    let request = lambda_http::request::from_str(&event.to_string()).expect("event");
    let response = edge_api::lambda::router(state)
        .oneshot(request)
        .await
        .expect("answer");
    let response = lambda_http::IntoResponse::into_response(response).await;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = match response.body() {
        lambda_http::Body::Binary(bytes) => bytes.clone(),
        other => panic!("an image is a binary body (base64 to API Gateway): {other:?}"),
    };
    assert_eq!(
        sniff(&bytes),
        ("webp", (640, 480)),
        "CloudFront's format choice"
    );
    // What the runtime sends API Gateway: the same bytes, base64.
    let wire = serde_json::to_value(lambda_http::aws_lambda_events::encodings::Body::Binary(
        bytes.clone(),
    ))
    .expect("serialises");
    assert_eq!(decode(wire.as_str().expect("a base64 string")), bytes);
}

const SECRET: &str = "fixture-origin-secret-6d1f0c2a9b8e4f7a";

/// A standard base64 decoder for one assertion (no crate for it in the tests).
mod base64_engine {
    pub fn decode(text: &str) -> Vec<u8> {
        let value = |c: u8| -> u32 {
            match c {
                b'A'..=b'Z' => u32::from(c - b'A'),
                b'a'..=b'z' => u32::from(c - b'a') + 26,
                b'0'..=b'9' => u32::from(c - b'0') + 52,
                b'+' => 62,
                b'/' => 63,
                _ => panic!("not base64: {c}"),
            }
        };
        let mut out = Vec::new();
        for chunk in text.trim_end_matches('=').as_bytes().chunks(4) {
            let mut n = 0u32;
            for (i, &c) in chunk.iter().enumerate() {
                n |= value(c) << (18 - 6 * i);
            }
            for i in 0..chunk.len().saturating_sub(1) {
                out.push((n >> (16 - 8 * i)) as u8);
            }
        }
        out
    }
}

/// Every percent-encoded spelling of one photo is the same variant, made once
/// and kept once, for site media and feed photos alike.
#[tokio::test]
async fn every_spelling_of_a_photo_is_one_variant_on_disk() {
    let (host, server) = photo_server().await;
    let images = spawn_images(std::slice::from_ref(&host), ImageLimits::default()).await;
    let service = Arc::clone(&images.app.state.images);
    let first = fetch(&images.app, "alpha.localhost", PHOTO, "image/webp").await;
    assert_eq!(first.status, StatusCode::OK);
    for spelling in [
        "/img/w_640,q_75/site/%6dedia/photo.jpg",
        "/img/w_640,q_75/site/media/ph%6Fto.jpg",
        "/img/w_640,q_75/site/m%65dia/%70%68oto%2Ejpg",
        "/img/w_640,q_75/site/media%2Fphoto.jpg",
    ] {
        let got = fetch(&images.app, "alpha.localhost", spelling, "image/webp").await;
        assert_eq!(got.status, StatusCode::OK, "{spelling}");
        assert_eq!(got.bytes, first.bytes, "{spelling}");
    }
    assert_eq!(service.encodes(), 1, "one encode for every spelling");
    assert_eq!(cached_files(&images.cache).len(), 1);
    let feed = format!("/img/w_320,q_75/http/{host}/stock/1.jpg");
    let feed_first = fetch(&images.app, "alpha.localhost", &feed, "image/webp").await;
    assert_eq!(feed_first.status, StatusCode::OK);
    for spelling in [
        format!("/img/w_320,q_75/http/{host}/stock/%31.jpg"),
        format!("/img/w_320,q_75/http/{host}/%73tock/1%2ejpg"),
    ] {
        let got = fetch(&images.app, "alpha.localhost", &spelling, "image/webp").await;
        assert_eq!(got.status, StatusCode::OK, "{spelling}");
        assert_eq!(got.bytes, feed_first.bytes, "{spelling}");
    }
    assert_eq!(service.encodes(), 2);
    assert_eq!(cached_files(&images.cache).len(), 2);
    server.abort();
}

/// The disk cache has a cap in bytes; past it the least recently used variants
/// go, and one asked for again is made again.
#[tokio::test]
async fn the_disk_cache_stays_under_its_cap_least_recently_used_first() {
    let widths = [160, 320, 480, 640, 800];
    let path = |w: u32| format!("/img/w_{w},q_75/site/media/photo.jpg");
    // The size of each variant, from a service without a cap to speak of.
    let sizing = spawn_images(&[], ImageLimits::default()).await;
    let mut sizes = Vec::new();
    for w in widths {
        let got = fetch(&sizing.app, "alpha.localhost", &path(w), "image/webp").await;
        sizes.push(got.bytes.len() as u64);
    }
    // Room for the last two only.
    let cap = sizes[3] + sizes[4];
    let images = spawn_images_with(&[], ImageLimits::default(), Policy::default(), |service| {
        service.with_cache_max_bytes(cap)
    })
    .await;
    let service = Arc::clone(&images.app.state.images);
    for w in widths {
        let got = fetch(&images.app, "alpha.localhost", &path(w), "image/webp").await;
        assert_eq!(got.status, StatusCode::OK);
        let on_disk: u64 = cached_files(&images.cache)
            .iter()
            .map(|f| std::fs::metadata(f).map(|m| m.len()).unwrap_or(0))
            .sum();
        assert!(on_disk <= cap, "{on_disk} bytes on disk, cap {cap}");
    }
    assert_eq!(service.cached_bytes().await, cap);
    assert_eq!(cached_files(&images.cache).len(), 2);
    assert_eq!(service.encodes(), 5);
    // The two most recent are read from disk; the first is made again.
    fetch(&images.app, "alpha.localhost", &path(800), "image/webp").await;
    fetch(&images.app, "alpha.localhost", &path(640), "image/webp").await;
    assert_eq!(service.encodes(), 5);
    fetch(&images.app, "alpha.localhost", &path(160), "image/webp").await;
    assert_eq!(service.encodes(), 6);
    assert!(service.cached_bytes().await <= cap);
}

/// AVIF (seconds of CPU) is never made while a request waits: a miss is
/// answered with a JPEG stand-in, cached briefly, while the AVIF is made in the
/// background; the next request gets the AVIF, made once.
#[tokio::test]
async fn an_avif_miss_is_a_brief_jpeg_stand_in_until_the_background_has_made_it() {
    let images = spawn_images(&[], ImageLimits::default()).await;
    let service = Arc::clone(&images.app.state.images);
    let logo = "/img/w_1920,q_85/site/logo.png";
    let first = fetch(&images.app, "alpha.localhost", logo, "image/avif").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.content_type, "image/jpeg");
    assert_eq!(sniff(&first.bytes), ("jpeg", (200, 100)), "never enlarged");
    assert_eq!(first.headers["cache-control"], "public, max-age=60");
    assert_eq!(first.headers["vary"], "Accept");
    wait_for_background(&service).await;
    for _ in 0..2 {
        let next = fetch(&images.app, "alpha.localhost", logo, "image/avif").await;
        assert_eq!(next.status, StatusCode::OK);
        assert_eq!(sniff(&next.bytes), ("avif", (200, 100)));
        assert_eq!(
            next.headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
    }
    assert_eq!(service.encodes(), 2, "the stand-in and the AVIF, each once");
}

/// Waits until the service's background AVIF encodes are done.
async fn wait_for_background(service: &ImageService) {
    let waited = tokio::time::timeout(std::time::Duration::from_secs(120), async {
        while service.encoding_later() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(waited.is_ok(), "the background AVIF is made");
}

/// Requests that make a variant are limited per client address (the socket
/// peer here, never a header the client writes), across dealers; variants already on
/// disk are not counted.
#[tokio::test]
async fn making_variants_is_limited_per_client_address() {
    let policy = Policy {
        image_misses_per_ip: RateLimit {
            max: 3,
            window_secs: 60 * 60,
        },
        ..Policy::default()
    };
    let images = spawn_images_with(&[], ImageLimits::default(), policy, |service| service).await;
    let path = |w: u32| format!("/img/w_{w},q_75/site/media/photo.jpg");
    for w in [160, 320, 480] {
        let got = fetch(&images.app, "alpha.localhost", &path(w), "image/webp").await;
        assert_eq!(got.status, StatusCode::OK, "{w}");
    }
    let limited = fetch(&images.app, "alpha.localhost", &path(640), "image/webp").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(json_of(&limited)["code"], "rate_limited");
    assert!(limited.headers.contains_key("retry-after"));
    // Another dealer's site, or a forged address header: the same address.
    let other = fetch(&images.app, "beta.localhost", &path(640), "image/webp").await;
    assert_eq!(other.status, StatusCode::TOO_MANY_REQUESTS);
    let forged = images
        .app
        .request(reqwest::Method::GET, "alpha.localhost", &path(640))
        .header("accept", "image/webp")
        .header("x-forwarded-for", "203.0.113.7")
        .header("cloudfront-viewer-address", "203.0.113.7:5000")
        .send()
        .await
        .expect("request");
    assert_eq!(forged.status(), StatusCode::TOO_MANY_REQUESTS);
    // What is on disk is still served.
    let cached = fetch(&images.app, "alpha.localhost", &path(160), "image/webp").await;
    assert_eq!(cached.status, StatusCode::OK);
}

/// A feed host whose `/slow.jpg` answers the photo only once released; `arrived` is
/// notified when the request comes in.
async fn stalling_server() -> (
    String,
    Arc<tokio::sync::Notify>,
    Arc<tokio::sync::Notify>,
    tokio::task::JoinHandle<()>,
) {
    let photo = photo_jpeg(800, 600);
    let arrived = Arc::new(tokio::sync::Notify::new());
    let release = Arc::new(tokio::sync::Notify::new());
    let (on_arrival, on_release) = (Arc::clone(&arrived), Arc::clone(&release));
    let router = axum::Router::new().route(
        "/slow.jpg",
        get(move || {
            let (photo, arrived, release) = (
                photo.clone(),
                Arc::clone(&on_arrival),
                Arc::clone(&on_release),
            );
            async move {
                arrived.notify_one();
                release.notified().await;
                ([(header::CONTENT_TYPE, "image/jpeg")], photo)
            }
        }),
    );
    let (host, server) = serve_on_loopback(router).await;
    (host, arrived, release, server)
}

/// Encodes are bounded; with every encoder busy and the queue full, a request
/// is a 503 with Retry-After, never a pile-up, and is served once the encoder is free.
#[tokio::test]
async fn with_every_encoder_busy_and_the_queue_full_the_answer_is_503_with_retry_after() {
    let (host, arrived, release, server) = stalling_server().await;
    let images = spawn_images_with(
        std::slice::from_ref(&host),
        ImageLimits::default(),
        Policy::default(),
        |service| service.with_encoders(1, 0),
    )
    .await;
    // The one encoder, held by a miss whose original is still coming.
    let slow = images
        .app
        .request(
            reqwest::Method::GET,
            "alpha.localhost",
            &format!("/img/w_320,q_75/http/{host}/slow.jpg"),
        )
        .header("accept", "image/webp");
    let slow = tokio::spawn(async move { slow.send().await.expect("request").status() });
    tokio::time::timeout(std::time::Duration::from_secs(10), arrived.notified())
        .await
        .expect("the slow original is asked for");
    let busy = fetch(&images.app, "alpha.localhost", PHOTO, "image/webp").await;
    assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(json_of(&busy)["code"], "unavailable");
    assert_eq!(busy.headers["retry-after"], "2");
    release.notify_one();
    assert_eq!(slow.await.expect("joined"), StatusCode::OK);
    let later = fetch(&images.app, "alpha.localhost", PHOTO, "image/webp").await;
    assert_eq!(later.status, StatusCode::OK);
    server.abort();
}

/// The dealer's site as the Lambda reads it (`--image-site-url`): the photo at
/// `/media/photo.jpg`, 404 for anything else, and every path it was asked for.
async fn recording_site() -> (
    String,
    Arc<std::sync::Mutex<Vec<String>>>,
    tokio::task::JoinHandle<()>,
) {
    let photo = photo_jpeg(800, 600);
    let asked: Arc<std::sync::Mutex<Vec<String>>> = Arc::default();
    let log = Arc::clone(&asked);
    let router = axum::Router::new().fallback(move |uri: axum::http::Uri| {
        let (photo, log) = (photo.clone(), Arc::clone(&log));
        async move {
            log.lock().expect("log").push(uri.path().to_owned());
            if uri.path() == "/media/photo.jpg" {
                Ok(([(header::CONTENT_TYPE, "image/jpeg")], photo))
            } else {
                Err(AxumStatus::NOT_FOUND)
            }
        }
    });
    let (host, server) = serve_on_loopback(router).await;
    let base = format!("http://{host}");
    (base, asked, server)
}

/// Without a dist (Lambda) a `site/` source is read through the dealer's own
/// domain, so it may only be the site's media or image files, decoded and spelt one way:
/// `img/` (the image route itself), `api/`, pages and anything else are refused before
/// anything is fetched.
#[tokio::test]
async fn site_sources_are_only_the_sites_media_and_image_files() {
    let (base, asked, server) = recording_site().await;
    let (mut state, clock, dir) = state(tenants(None), Policy::default());
    state.dist = None;
    state.images = Arc::new(ImageService::new(
        Some(base),
        Some(dir.path().join("images")),
    ));
    let app = serve(state, clock, dir).await;
    for source in [
        "site/img/w_160,q_75/site/img/w_160,q_75/site/media/photo.jpg",
        "site/%69mg/w_160,q_75/site/media/photo.jpg",
        "site/img%2Fw_160,q_75%2Fsite%2Fmedia%2Fphoto.jpg",
        "site/api/openapi.json",
        "site/API/leads",
        "site/cars/toyota-camry-1/autogauge",
        "site/index.html",
        "site/sitemap.xml",
        "site/assets/app.js",
    ] {
        let path = format!("/img/w_160,q_75/{source}");
        let got = fetch(&app, "alpha.localhost", &path, "image/webp").await;
        assert_eq!(got.status, StatusCode::BAD_REQUEST, "{source}");
        let body = json_of(&got);
        assert_eq!(body["code"], "bad_request", "{source}: {body}");
        assert!(
            body["message"]
                .as_str()
                .expect("message")
                .contains("site/media/<path>"),
            "{source}: {body}"
        );
    }
    // Climbing out once decoded: the not-found image, as for any missing original.
    for source in [
        "site/media/%2E%2E%2Fimg%2Fw_160,q_75%2Fsite%2Fmedia%2Fphoto.jpg",
        "site/media/..%2F..%2Fapi%2Fleads",
    ] {
        let path = format!("/img/w_160,q_75/{source}");
        let got = fetch(&app, "alpha.localhost", &path, "image/webp").await;
        assert_eq!(got.status, StatusCode::NOT_FOUND, "{source}");
        assert_eq!(got.content_type, "image/webp", "{source}");
    }
    assert!(
        asked.lock().expect("log").is_empty(),
        "nothing fetched: {:?}",
        asked.lock().expect("log")
    );
    // The media, under any spelling, is fetched by its one spelling and made once.
    let before = app.state.images.encodes();
    for spelling in ["site/media/photo.jpg", "site/%6dedia/ph%6fto.jpg"] {
        let path = format!("/img/w_160,q_75/{spelling}");
        let got = fetch(&app, "alpha.localhost", &path, "image/webp").await;
        assert_eq!(got.status, StatusCode::OK, "{spelling}");
        assert_eq!(sniff(&got.bytes), ("webp", (160, 120)));
    }
    assert_eq!(*asked.lock().expect("log"), vec!["/media/photo.jpg"]);
    assert_eq!(app.state.images.encodes(), before + 1);
    server.abort();
}
