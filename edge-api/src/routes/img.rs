//! The image service's route, `GET /img/w_<width>,q_<quality>/<source>` (seed 001 s9:
//! "images via a cloud image service (quality and width parameters)"; the scheme is
//! `domain::rules::image_url`). The answer is the photo resized to the width (never
//! enlarged) in the best format the browser accepts, cached for a year (the URL names
//! the variant). A malformed request is a 400 with the API's error body; a missing
//! original is a 404 whose body is the not-found image, so an `<img>` still shows
//! something. Making a variant is counted per client address (`image_misses_per_ip`);
//! one read from the cache is not.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use domain::rules::image_url;

use crate::error::ErrorBody;
use crate::extract::ClientIp;
use crate::images::{Format, ImageError, SiteOf, Variant};
use crate::rate::limit_platform;
use crate::routes::static_site::IMMUTABLE;
use crate::tenancy::Site;
use crate::AppState;

/// Cache header of the not-found image answering a missing original: short, so a photo
/// that appears later (the next feed) is shown soon.
pub const NOT_FOUND_CACHE: &str = "public, max-age=300";
/// Cache header of the not-found image answering a feed host's failure.
pub const UPSTREAM_FAILED_CACHE: &str = "no-store";
/// Cache header of a stand-in for a format being made in the background: short, so the
/// CDN asks again soon and gets the format asked for.
pub const PROVISIONAL_CACHE: &str = "public, max-age=60";
/// `Retry-After` of a busy answer, seconds: about one encode's time.
pub const BUSY_RETRY_AFTER: &str = "2";
/// The rate-limit scope of requests that make a variant. Counted across the platform:
/// the CPU they spend is shared by every dealer.
pub const MISS_SCOPE: &str = "image-miss-ip";

/// One photo at one width and quality.
#[utoipa::path(get, path = "/img/{params}/{source}", tag = "images",
    params(
        ("params" = String, Path, description = "w_<width>,q_<quality>: width one of 160, 320, 480, 640, 800, 960, 1280, 1600, 1920; quality one of 50, 60, 75, 85"),
        ("source" = String, Path, description = "site/<path> for the site's media (e.g. site/media/car.jpg), or https/<host>/<path> for a feed photo on a host the dealer allows (images.allowed_hosts)"),
    ),
    responses(
        (status = 200, description = "The photo at the width (never enlarged), as AVIF or WebP when Accept lists them, else JPEG; Vary: Accept",
            content(("image/avif"), ("image/webp"), ("image/jpeg"))),
        (status = 400, body = ErrorBody, description = "bad_request (parameters off the ladder or malformed), image_host_not_allowed, not_an_image or image_too_large"),
        (status = 404, description = "No original at the source: the not-found image in the negotiated format; or unknown_site (JSON)",
            content(("image/avif"), ("image/webp"), ("image/jpeg"), (ErrorBody = "application/json"))),
        (status = 502, description = "The feed host failed: the not-found image, not cached",
            content(("image/avif"), ("image/webp"), ("image/jpeg"))),
    ))]
pub async fn image(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let format = Format::negotiate(&headers);
    let request = match image_url::parse(uri.path()) {
        Ok(request) => request,
        Err(e) => return refused(ImageError::Url(e)),
    };
    let of = SiteOf {
        slug: &site.slug,
        domain: site.domains.first().map(String::as_str),
        dist: state.dist.as_deref(),
    };
    let admit = || async {
        let rule = state.policy.image_misses_per_ip;
        limit_platform(&state, &site.slug, MISS_SCOPE, &ip, rule)
            .await
            .map_err(ImageError::Refused)
    };
    let (status, cache) = match state.images.variant(&request, format, of, admit).await {
        Ok(variant) if variant.provisional => {
            return answer(StatusCode::OK, PROVISIONAL_CACHE, variant)
        }
        Ok(variant) => return answer(StatusCode::OK, IMMUTABLE, variant),
        Err(ImageError::Missing) => (StatusCode::NOT_FOUND, NOT_FOUND_CACHE),
        Err(ImageError::Upstream(reason)) => {
            tracing::warn!(source = %request.source.original_url(), %reason, "image host failed");
            (StatusCode::BAD_GATEWAY, UPSTREAM_FAILED_CACHE)
        }
        Err(other) => return refused(other),
    };
    match state
        .images
        .not_found(request.width, request.quality, format)
        .await
    {
        Ok(variant) => answer(status, cache, variant),
        Err(e) => refused(e),
    }
}

fn refused(error: ImageError) -> Response {
    let busy = matches!(error, ImageError::Busy);
    match error.api_error() {
        Some(api) => {
            let mut response = api.into_response();
            if busy {
                response.headers_mut().insert(
                    header::RETRY_AFTER,
                    HeaderValue::from_static(BUSY_RETRY_AFTER),
                );
            }
            response
        }
        // Only Missing and Upstream have no API error; both are answered above.
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

fn answer(status: StatusCode, cache: &'static str, variant: Variant) -> Response {
    let mut response = (status, variant.bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(variant.format.mime()),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(header::VARY, HeaderValue::from_static("Accept"));
    response
}

/// This feature's endpoint, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/img/{*rest}", get(image))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_service_says_when_to_ask_again() {
        let response = refused(ImageError::Busy);
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], BUSY_RETRY_AFTER);
        let response = refused(ImageError::NotSitePhoto("api/leads".into()));
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    }
}
