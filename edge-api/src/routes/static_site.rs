//! Serving the generated sites locally: the dealer of the Host gets `dist/<slug>/`,
//! with clean URLs (`/cars/x` -> `/cars/x/index.html`), its `404.html` with status 404,
//! `/media/*` from the shared `dist/_media/`, and `/assets/*` (content-hashed names)
//! with long cache headers. Dotfiles, build-internal files (`.forecourt/`) and names no
//! file system could hold are the site's 404 page: the rules of
//! `domain::site_files`, which `forecourt serve` follows too. On Lambda the CDN does this
//! and the API serves only `/api`.

use std::path::{Path, PathBuf};

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::error::{ApiError, ErrorCode};
use crate::AppState;
use domain::messages::{NOT_FOUND, UNKNOWN_SITE};
use domain::site_files::{file_path, servable, MEDIA_DIR, MEDIA_URL_PREFIX, NOT_FOUND_PAGE};

/// Cache header of content-hashed assets.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache header of pages (revalidated so a nightly build shows at once).
pub const REVALIDATE: &str = "public, max-age=0, must-revalidate";

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
    let served = ServeFile::new(site_dir.join(NOT_FOUND_PAGE))
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
    if let Some(rest) = path.strip_prefix(MEDIA_URL_PREFIX) {
        if let Some(uri) = with_path(request.uri(), &format!("/{rest}")) {
            *request.uri_mut() = uri;
        }
        return serve(
            &dist.join(MEDIA_DIR),
            site_dir.join(NOT_FOUND_PAGE),
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
    serve(&site_dir, site_dir.join(NOT_FOUND_PAGE), request, cache).await
}
