//! Semantic checks of one feed row, after it parsed as a [`Car`]. Duplicates across rows
//! are checked later, in file order, by the collector.

use domain::car::Car;

use super::RowError;

/// Earliest plausible model year.
pub const MIN_YEAR: u16 = 1900;

/// Whether `s` is non-empty and made only of RFC 3986 unreserved characters (ASCII
/// letters, digits, `-`, `.`, `_`, `~`), so it can sit in a URL path as it is.
pub fn is_url_safe(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// Characters a VIN may contain: digits and capital letters except I, O and Q.
fn vin_char(b: u8) -> bool {
    b.is_ascii_digit() || (b.is_ascii_uppercase() && !matches!(b, b'I' | b'O' | b'Q'))
}

/// What is wrong with a VIN, or `None` when it is 17 characters of `[A-HJ-NPR-Z0-9]`.
pub fn vin_problem(vin: &str) -> Option<String> {
    if let Some(c) = vin.chars().find(|c| !c.is_ascii() || !vin_char(*c as u8)) {
        return Some(format!(
            "\"{vin}\" contains '{c}'; a VIN has only digits and capital letters other than I, O and Q"
        ));
    }
    let len = vin.len();
    if len != 17 {
        return Some(format!("\"{vin}\" has {len} characters; a VIN has 17"));
    }
    None
}

/// Whether a media URL of the feed is one a page may load or link: `http://` or
/// `https://` with a host, or site-relative (`/media/x.jpg`). Anything else (`javascript:`,
/// `data:`, `//other.host/`) would reach preload links, `og:image`, JSON-LD and `src`
/// attributes as it is. Whitespace, control characters and `\` are refused inside the URL
/// too, since browsers drop or rewrite them (`/\t/evil.example` opens `//evil.example`).
pub fn is_media_url(url: &str) -> bool {
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
    {
        return false;
    }
    let lower = url.to_ascii_lowercase();
    let host = ["https://", "http://"]
        .iter()
        .find_map(|scheme| lower.strip_prefix(scheme));
    match host {
        Some(rest) => !rest.is_empty() && !rest.starts_with('/'),
        None => url.starts_with('/') && !url.starts_with("//"),
    }
}

/// Every image and video URL of a car with the field path a row error names
/// (`images[0].url`, `videos[1].thumb`, ...). Empty values count as absent.
fn media_urls(car: &Car) -> Vec<(String, &str)> {
    let mut urls: Vec<(String, &str)> = Vec::new();
    for (i, image) in car.images.iter().enumerate() {
        urls.push((format!("images[{i}].url"), &image.url));
        if let Some(thumb) = &image.thumb {
            urls.push((format!("images[{i}].thumb.url"), &thumb.url));
        }
    }
    for (i, url) in car.thumbnails.iter().enumerate() {
        urls.push((format!("thumbnails[{i}]"), url));
    }
    for (name, value) in [
        ("primary_image_url", &car.primary_image_url),
        ("video_url", &car.video_url),
        ("external_video_url", &car.external_video_url),
        ("spin_interior_image", &car.spin_interior_image),
    ] {
        if let Some(url) = value {
            urls.push((name.to_string(), url));
        }
    }
    for (list, videos) in [
        ("videos", &car.videos),
        ("walkaround_videos", &car.walkaround_videos),
    ] {
        for (i, video) in videos.iter().enumerate() {
            urls.push((format!("{list}[{i}].url"), &video.url));
            if let Some(thumb) = &video.thumb {
                urls.push((format!("{list}[{i}].thumb"), thumb));
            }
        }
    }
    for (i, url) in car.spin_images.iter().enumerate() {
        urls.push((format!("spin_images[{i}]"), url));
    }
    urls.retain(|(_, url)| !url.trim().is_empty());
    urls
}

/// The first rule a parsed row breaks: slug non-empty and URL-safe, dealership_slug
/// present, year from [`MIN_YEAR`] to `max_year`, price not negative, VIN well formed
/// when present (an empty VIN counts as absent), every image and video URL http, https
/// or site-relative.
pub fn check_car(car: &Car, max_year: u16) -> Result<(), (String, String)> {
    check_fields(car, max_year).map_err(|(field, problem)| (field.to_string(), problem))?;
    if let Some((field, url)) = media_urls(car)
        .into_iter()
        .find(|(_, url)| !is_media_url(url.trim()))
    {
        return Err((
            field,
            format!("\"{url}\" is not an http, https or site-relative (/...) URL"),
        ));
    }
    Ok(())
}

fn check_fields(car: &Car, max_year: u16) -> Result<(), (&'static str, String)> {
    if car.slug.is_empty() {
        return Err(("slug", "must not be empty".to_string()));
    }
    if !is_url_safe(&car.slug) {
        return Err((
            "slug",
            format!(
                "\"{}\" is not URL-safe; use only letters, digits, '-', '.', '_' and '~'",
                car.slug
            ),
        ));
    }
    if car.dealership_slug.trim().is_empty() {
        return Err(("dealership_slug", "must not be empty".to_string()));
    }
    if car.year < MIN_YEAR || car.year > max_year {
        return Err((
            "year",
            format!(
                "{} is not a plausible model year (expected {MIN_YEAR} to {max_year})",
                car.year
            ),
        ));
    }
    for (field, value) in [("price", car.price), ("before_price", car.before_price)] {
        if let Some(v) = value {
            if !v.is_finite() || v < 0.0 {
                return Err((field, format!("{v} must not be negative")));
            }
        }
    }
    if let Some(vin) = car.vin.as_deref().filter(|v| !v.is_empty()) {
        if let Some(problem) = vin_problem(vin) {
            return Err(("vin", problem));
        }
    }
    Ok(())
}

/// [`check_car`] as a row result, attributing the row to its dealer.
pub(crate) fn checked(car: Car, max_year: u16) -> Result<Car, RowError> {
    match check_car(&car, max_year) {
        Ok(()) => Ok(car),
        Err((field, problem)) => Err(RowError::new(field, problem, Some(car.dealership_slug))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vins_need_17_characters_of_the_vin_alphabet() {
        assert_eq!(vin_problem("JTMW43FV60D123456"), None);
        assert_eq!(
            vin_problem("JTMW43FV60D12345").as_deref(),
            Some("\"JTMW43FV60D12345\" has 16 characters; a VIN has 17")
        );
        assert!(vin_problem("JTMW43FV60D12345O").is_some_and(|p| p.contains("contains 'O'")));
        assert!(vin_problem("jtmw43fv60d123456").is_some_and(|p| p.contains("contains 'j'")));
    }

    #[test]
    fn media_urls_are_http_https_or_site_relative() {
        for good in [
            "https://cdn.example.com.au/a.jpg",
            "HTTP://cdn.example.com.au/a.jpg",
            "/media/a.svg",
        ] {
            assert!(is_media_url(good), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "data:image/svg+xml,<svg/>",
            "//evil.example/a.jpg",
            "https://",
            "https:///a",
            "media/a.jpg",
            "/\t/evil.example",
            "/\\evil.example",
            "vbscript:x",
            "",
        ] {
            assert!(!is_media_url(bad), "{bad}");
        }
    }

    #[test]
    fn a_car_with_a_script_url_for_a_photo_names_the_field() {
        let mut car: Car = serde_json::from_value(serde_json::json!({
            "id": 1, "slug": "a-1", "year": 2024, "make": "Toyota", "model": "RAV4", "car_type": "used", "status": "in_stock",
            "created_at": "2026-11-02T08:15:00Z", "dealership_slug": "acme",
            "images": [{ "url": "/media/a.svg" }, { "url": " javascript:alert(1)" }],
        }))
        .expect("a car");
        let (field, problem) = check_car(&car, 2027).expect_err("refused");
        assert_eq!(field, "images[1].url");
        assert_eq!(
            problem,
            "\" javascript:alert(1)\" is not an http, https or site-relative (/...) URL"
        );
        car.images.truncate(1);
        car.videos.push(domain::car::Video {
            url: "https://cdn.example.com.au/v.mp4".into(),
            thumb: Some("javascript:x".into()),
        });
        assert_eq!(
            check_car(&car, 2027).map_err(|(field, _)| field),
            Err("videos[0].thumb".to_string())
        );
        car.videos[0].thumb = None;
        assert_eq!(check_car(&car, 2027), Ok(()));
    }

    #[test]
    fn url_safe_slugs() {
        assert!(is_url_safe("2022-toyota-rav4-gxl-100001"));
        assert!(!is_url_safe(""));
        assert!(!is_url_safe("rav4 gxl"));
        assert!(!is_url_safe("rav4/gxl"));
        assert!(!is_url_safe("škoda"));
    }
}
