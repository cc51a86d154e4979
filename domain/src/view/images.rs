//! Images as every page shows them: a URL, its text alternative and, for photos, the
//! image service's `srcset` over the width ladder ([`crate::rules::image_url`]). Which
//! of those widths a browser takes depends on where the photo sits, so the layouts
//! (drawn size and `sizes` at the seed's breakpoints) are here too, one list the React
//! components and the document head both read (the preload of a page's largest image
//! must name the same candidates and sizes as its `<img>`, or the browser fetches twice).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::constants::{
    breakpoints, IMAGE_QUALITY, LOCATION_CARD_IMAGE_PX, LOCATION_IMAGE_HEIGHT_PX,
    PROMOTIONS_SLIDER_PX,
};
use crate::rules::image_url::{self, WIDTHS};

/// An image with its text alternative.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImageView {
    /// Image URL (the original).
    pub url: String,
    /// Text alternative.
    pub alt: String,
    /// The image service's candidates over the whole width ladder (`/img/w_160,q_75/...
    /// 160w, ...`); absent for drawings (SVG) and data: URLs, which keep their plain URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub srcset: Option<String>,
}

impl ImageView {
    /// The view of the image at `url`, with its service candidates when it is a photo.
    pub fn new(url: impl Into<String>, alt: impl Into<String>) -> ImageView {
        let url = url.into();
        ImageView {
            srcset: photo_srcset(&url),
            url,
            alt: alt.into(),
        }
    }
}

/// The service candidates of a photo at the seed's quality over the whole ladder; `None`
/// for what the service does not take (drawings, data: URLs).
pub fn photo_srcset(url: &str) -> Option<String> {
    image_url::srcset(url, WIDTHS[WIDTHS.len() - 1], IMAGE_QUALITY)
}

/// Seed 001 s9 ("Missing image: a default not-found image"): what stands where a car has
/// no photo or a photo fails to load. Inline, so the fallback itself cannot fail to load
/// (and an error handler swapping to it cannot loop).
pub const NOT_FOUND_IMAGE: &str = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%20400%20300'%3E%3Crect%20width='400'%20height='300'%20fill='%23eef1f4'/%3E%3Cpath%20d='M150%20120h100v70H150z'%20fill='none'%20stroke='%239aa3ad'%20stroke-width='6'/%3E%3Ccircle%20cx='178'%20cy='145'%20r='10'%20fill='%239aa3ad'/%3E%3Cpath%20d='M156%20184l30-28%2020%2018%2014-12%2024%2022'%20fill='none'%20stroke='%239aa3ad'%20stroke-width='6'/%3E%3Ctext%20x='200'%20y='230'%20font-family='sans-serif'%20font-size='18'%20text-anchor='middle'%20fill='%235a636d'%3ENo%20photo%20available%3C/text%3E%3C/svg%3E";

/// Where a photo sits: the box it is drawn in (its `width` and `height` attributes, so
/// the page does not shift while it loads) and its `sizes` at the seed's breakpoints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImageLayout {
    /// Intrinsic width of the box, px (with `height`, the aspect ratio).
    pub width: u32,
    /// Intrinsic height of the box, px.
    pub height: u32,
    /// The `sizes` attribute: the drawn CSS width at each breakpoint, widest first.
    pub sizes: String,
}

/// The page container's widest content box: 1320 px less 1 rem padding each side.
const CONTAINER_PX: u32 = 1320 - 32;

/// Every photo layout by name. The widths follow the CSS: the container, the vehicle
/// page's 2:1 columns from `lg`, the card grid's 1, 2 and 3 columns at `xs`, `sm` and
/// `lg`, full-bleed slides.
pub fn image_layouts() -> BTreeMap<&'static str, ImageLayout> {
    use breakpoints::{LG, SM, XXL};
    let layout = |width: u32, height: u32, sizes: String| ImageLayout {
        width,
        height,
        sizes,
    };
    // The 1.5 rem column gap of the vehicle page, and 1 rem between cards.
    let vehicle_main = (CONTAINER_PX - 24) * 2 / 3;
    let card = (CONTAINER_PX - 2 * 16) / 3;
    BTreeMap::from([
        (
            "vehicle_hero",
            layout(
                1024,
                768,
                format!(
                    "(min-width: {XXL}px) {vehicle_main}px, (min-width: {LG}px) calc((100vw - 56px) * 2 / 3), calc(100vw - 32px)"
                ),
            ),
        ),
        // Drawn 96 px wide (the thumbnail strip), boxed at the feed's 4:3.
        ("vehicle_thumb", layout(120, 90, "96px".to_string())),
        ("fullscreen", layout(1600, 1200, "100vw".to_string())),
        (
            "card",
            layout(
                640,
                480,
                format!(
                    "(min-width: {XXL}px) {card}px, (min-width: {LG}px) calc((100vw - 64px) / 3), (min-width: {SM}px) calc(50vw - 24px), calc(100vw - 32px)"
                ),
            ),
        ),
        (
            "slide",
            layout(
                PROMOTIONS_SLIDER_PX.0,
                PROMOTIONS_SLIDER_PX.1,
                "100vw".to_string(),
            ),
        ),
        (
            "content",
            layout(
                1200,
                675,
                format!("(min-width: {XXL}px) {CONTAINER_PX}px, calc(100vw - 32px)"),
            ),
        ),
        (
            "tile",
            layout(
                600,
                338,
                format!(
                    "(min-width: {XXL}px) {card}px, (min-width: {LG}px) calc((100vw - 64px) / 3), (min-width: {SM}px) calc(50vw - 24px), calc(100vw - 32px)"
                ),
            ),
        ),
        ("small", layout(320, 240, "320px".to_string())),
        // Seed 001 s9: location card image 400 by 600, location image height 230.
        (
            "location_card",
            layout(
                LOCATION_CARD_IMAGE_PX.1,
                LOCATION_CARD_IMAGE_PX.0,
                format!("(min-width: {SM}px) {}px, calc(100vw - 32px)", LOCATION_CARD_IMAGE_PX.1),
            ),
        ),
        (
            "location",
            layout(
                1200,
                LOCATION_IMAGE_HEIGHT_PX,
                format!("(min-width: {XXL}px) {CONTAINER_PX}px, calc(100vw - 32px)"),
            ),
        ),
        ("menu", layout(96, 64, "96px".to_string())),
        ("banner", layout(600, 200, format!("(min-width: {LG}px) 600px, calc(100vw - 32px)"))),
    ])
}

/// The `<link rel="preload">` of a page's largest image: the same candidates and
/// `sizes` its `<img>` carries (or its plain URL for a drawing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroImage {
    /// The original URL (`href`, and Open Graph's image).
    pub url: String,
    /// `imagesrcset`, when the image service serves it.
    pub srcset: Option<String>,
    /// `imagesizes`, with `srcset`.
    pub sizes: Option<String>,
}

impl HeroImage {
    /// The hero at `url` drawn in `layout` (a key of [`image_layouts`]).
    pub fn new(url: &str, layout: &str) -> HeroImage {
        let srcset = photo_srcset(url);
        let sizes = srcset
            .as_ref()
            .and_then(|_| image_layouts().get(layout).map(|l| l.sizes.clone()));
        HeroImage {
            url: url.to_string(),
            srcset,
            sizes,
        }
    }
}

/// The public URL of a file named in the dealer's config: absolute URLs and paths stay,
/// a file in the dealer folder is published at the site root under its file name.
pub fn asset_url(value: &str) -> String {
    if value.starts_with("http://") || value.starts_with("https://") || value.starts_with('/') {
        value.to_string()
    } else {
        let file = value.rsplit(['/', '\\']).next().unwrap_or(value);
        format!("/{file}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_carry_the_service_ladder_and_drawings_keep_their_url() {
        let photo = ImageView::new("/media/photos-v1/suv-white-01.jpg", "A car");
        let srcset = photo.srcset.expect("a photo has candidates");
        let entries: Vec<&str> = srcset.split(", ").collect();
        assert_eq!(entries.len(), WIDTHS.len());
        assert_eq!(
            entries[0],
            "/img/w_160,q_75/site/media/photos-v1/suv-white-01.jpg 160w"
        );
        assert!(entries[WIDTHS.len() - 1].ends_with(" 1920w"));
        assert_eq!(ImageView::new("/media/slides/a.svg", "").srcset, None);
        assert_eq!(ImageView::new(NOT_FOUND_IMAGE, "").srcset, None);
        // A URL holds no space (the Nu checker refuses one in `src`).
        assert!(!NOT_FOUND_IMAGE.contains(' '));
        // No srcset key at all for a drawing: props stay as they were.
        let json = serde_json::to_string(&ImageView::new("/a.svg", "x")).expect("json");
        assert_eq!(json, r#"{"url":"/a.svg","alt":"x"}"#);
    }

    #[test]
    fn layouts_name_the_seed_breakpoints_and_a_box() {
        let layouts = image_layouts();
        let hero = &layouts["vehicle_hero"];
        assert!(hero
            .sizes
            .starts_with("(min-width: 1400px) 842px, (min-width: 992px) "));
        assert_eq!((hero.width, hero.height), (1024, 768));
        assert!(layouts["card"].sizes.contains("(min-width: 576px)"));
        assert_eq!(
            (layouts["slide"].width, layouts["slide"].height),
            (1920, 540)
        );
        for (name, layout) in &layouts {
            assert!(layout.width > 0 && layout.height > 0, "{name}");
            // The last entry has no media condition (the default).
            let last = layout.sizes.rsplit(", ").next().unwrap_or_default();
            assert!(!last.starts_with('('), "{name}: {}", layout.sizes);
        }
    }

    #[test]
    fn a_hero_preload_names_the_img_candidates_and_sizes() {
        let hero = HeroImage::new("/media/a.jpg", "vehicle_hero");
        assert_eq!(hero.srcset, photo_srcset("/media/a.jpg"));
        assert_eq!(
            hero.sizes.as_deref(),
            Some(image_layouts()["vehicle_hero"].sizes.as_str())
        );
        let drawing = HeroImage::new("/media/a.svg", "vehicle_hero");
        assert_eq!((drawing.srcset, drawing.sizes), (None, None));
    }
}
