//! Serving the generated sites locally: the dealer of the Host gets `dist/<slug>/`,
//! with clean URLs (`/cars/x` -> `/cars/x/index.html`), its `404.html` with status 404,
//! `/media/*` from the shared `dist/_media/`, and `/assets/*` (content-hashed names)
//! with long cache headers. Dotfiles, build-internal files (`.forecourt/`) and names no
//! file system could hold are the site's 404 page. On Lambda the CDN does this and the
//! API serves only `/api`.

use std::path::{Path, PathBuf};

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::error::{ApiError, ErrorCode, NOT_FOUND, UNKNOWN_SITE};
use crate::AppState;

/// Cache header of content-hashed assets.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache header of pages (revalidated so a nightly build shows at once).
pub const REVALIDATE: &str = "public, max-age=0, must-revalidate";

/// The path inside a site folder a clean URL maps to.
pub fn file_path(path: &str) -> String {
    if path.ends_with('/') {
        return format!("{path}index.html");
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        path.to_owned()
    } else {
        format!("{path}/index.html")
    }
}

pub use crate::site_path::{percent_decode, MAX_PATH_BYTES, MAX_SEGMENT_BYTES};

/// Whether a request path may name a file of the site: no segment (decoded) starts with
/// `.` (dotfiles, `.forecourt/` build records, `..`) or is longer than a file name can be,
/// and the whole path is no longer than [`MAX_PATH_BYTES`] (the file service would fail
/// with an I/O error, a 500).
pub fn servable(path: &str) -> bool {
    let segments: Vec<Vec<u8>> = path.split('/').map(percent_decode).collect();
    segments.iter().map(Vec::len).sum::<usize>() + segments.len() <= MAX_PATH_BYTES
        && segments
            .iter()
            .all(|segment| !segment.starts_with(b".") && segment.len() <= MAX_SEGMENT_BYTES)
}

fn with_path(uri: &Uri, path: &str) -> Option<Uri> {
    let path_and_query = match uri.query() {
        Some(q) => format!("{path}?{q}"),
        None => path.to_owned(),
    };
    path_and_query.parse().ok()
}

async fn serve(dir: &Path, not_found: PathBuf, request: Request, cache: &'static str) -> Response {
    let served = ServeDir::new(dir)
        .not_found_service(ServeFile::new(not_found))
        .oneshot(request)
        .await;
    match served {
        Ok(response) => {
            let mut response = response.into_response();
            if response.status().is_success() {
                response
                    .headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            }
            response
        }
        Err(infallible) => match infallible {},
    }
}

/// The site's 404 page with status 404.
async fn not_found_page(site_dir: &Path, request: Request) -> Response {
    let served = ServeFile::new(site_dir.join("404.html"))
        .oneshot(request)
        .await;
    match served {
        Ok(response) => {
            let mut response = response.into_response();
            if response.status().is_success() {
                *response.status_mut() = StatusCode::NOT_FOUND;
            }
            response
        }
        Err(infallible) => match infallible {},
    }
}

/// Fallback handler: every non-API path.
pub async fn site(State(state): State<AppState>, mut request: Request) -> Response {
    if request.uri().path().starts_with("/api/") || request.uri().path() == "/api" {
        return ApiError::new(ErrorCode::NotFound, NOT_FOUND).into_response();
    }
    let Some(dist) = state.dist.clone() else {
        return ApiError::new(ErrorCode::NotFound, NOT_FOUND).into_response();
    };
    let Some(tenant) = state.tenants.resolve(request.headers()).cloned() else {
        return ApiError::new(ErrorCode::UnknownSite, UNKNOWN_SITE).into_response();
    };
    let path = request.uri().path().to_owned();
    let site_dir = dist.join(&tenant.slug);
    if !servable(&path) {
        return not_found_page(&site_dir, request).await;
    }
    if let Some(rest) = path.strip_prefix("/media/") {
        if let Some(uri) = with_path(request.uri(), &format!("/{rest}")) {
            *request.uri_mut() = uri;
        }
        return serve(
            &dist.join("_media"),
            site_dir.join("404.html"),
            request,
            IMMUTABLE,
        )
        .await;
    }
    let cache = if path.starts_with("/assets/") {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    if let Some(uri) = with_path(request.uri(), &file_path(&path)) {
        *request.uri_mut() = uri;
    }
    serve(&site_dir, site_dir.join("404.html"), request, cache).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotfiles_and_overlong_names_are_not_servable() {
        assert!(servable("/cars/red-ute/"));
        assert!(servable("/media/car-1.svg"));
        assert!(!servable("/.forecourt/manifest.json"));
        assert!(!servable("/%2Eforecourt/changed.txt"));
        assert!(!servable("/cars/.env"));
        assert!(!servable(&format!(
            "/cars/{}",
            "a".repeat(MAX_SEGMENT_BYTES + 1)
        )));
        assert!(servable(&format!(
            "/cars/{}",
            "a".repeat(MAX_SEGMENT_BYTES)
        )));
        assert!(!servable(&format!(
            "/cars/{}",
            "%61".repeat(MAX_SEGMENT_BYTES + 1)
        )));
        // Each segment fits, the whole path does not (a 500 from the file service before).
        let long = format!("/{}", vec!["a".repeat(200); 21].join("/"));
        assert!(long.len() > 4096 && !servable(&long));
    }
}
