//! The vehicle page's viewer: its photo gallery, 360 spin with hotspots, walkaround,
//! interior panorama and videos (seed 000 s2/s4/s9).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::names::display_name;
use crate::car::{Car, Hotspot, HotspotPosition};
use crate::rules::video::{is_playable_video, video_embed, VideoEmbed};

/// One gallery image.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GalleryImage {
    /// Full-size image URL.
    pub url: String,
    /// Thumbnail URL (the full image when the feed has no thumbnail).
    pub thumb: String,
    /// Text alternative, e.g. "2023 Toyota RAV4 GX, photo 2 of 9".
    pub alt: String,
    /// The image service's candidates of `url` ([`super::images::photo_srcset`]);
    /// absent for drawings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub srcset: Option<String>,
    /// The candidates of `thumb`, likewise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub thumb_srcset: Option<String>,
}

/// A mode of the detail viewer (seed 000 s2/s4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ViewerModeView {
    /// 360-degree spin from `spin_images`.
    Spinner,
    /// Walkaround video.
    Walkaround,
    /// Photo gallery.
    Gallery,
    /// Interior panorama.
    Interior,
}

/// The detail viewer of a car (seed 000 s2/s4/s9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ViewerView {
    /// Modes the car has material for, in the seed's order (spinner, walkaround,
    /// gallery, interior); the gallery is always there.
    pub modes: Vec<ViewerModeView>,
    /// The dealer's default mode (`vehicle_page.viewer_default_mode`) when the car has
    /// it, else the gallery.
    pub default_mode: ViewerModeView,
    /// Spin frames, in angle order.
    pub spin_images: Vec<String>,
    /// Seed 000 s9: spin auto-rotate interval, ms (default 100).
    pub spin_interval_ms: u32,
    /// Seed 000 s9: drag sensitivity, px of drag per frame (default 20).
    pub spin_drag_sensitivity: u32,
    /// First walkaround video.
    pub walkaround_url: Option<String>,
    /// Poster of the walkaround video.
    pub walkaround_poster: Option<String>,
    /// Interior panorama image.
    pub interior_image: Option<String>,
    /// The image service's candidates of `interior_image`; absent for drawings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub interior_srcset: Option<String>,
    /// Text alternative base, e.g. "2024 Toyota RAV4 GX".
    pub name: String,
    /// Hotspots of the spin (seed 000 s3), each shown at the frames it has a position for.
    pub exterior_hotspots: Vec<HotspotView>,
    /// Hotspots of the interior view, at their angle-0 positions.
    pub interior_hotspots: Vec<HotspotView>,
    /// The stock video, placed among the gallery images (seed 000 s9).
    pub gallery_video: Option<GalleryVideo>,
    /// The optional external video (seed 000 s2), loaded only when the shopper asks.
    pub external_video: Option<VideoEmbed>,
}

/// A hotspot of the spin or the interior view: a button at a point of the frame that
/// opens its description.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct HotspotView {
    /// Button text: the hotspot's first anchor, else its description.
    pub label: String,
    /// Text shown when the hotspot is opened.
    pub description: String,
    /// Where it shows: spin frame (`angle`) and x/y in percent of the frame (0 to 100).
    pub positions: Vec<HotspotPosition>,
}

/// The stock video of the gallery.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GalleryVideo {
    /// Video file URL (played by the page, never a provider page).
    pub url: String,
    /// Poster: the video's own, else the car's primary image.
    pub poster: Option<String>,
    /// Its index among the gallery items (config `vehicle_page.stock_video_position`).
    pub index: u32,
    /// Accessible name, e.g. "2024 Toyota RAV4 GX, video".
    pub title: String,
}

/// The hotspots that show on a view of `frames` frames: positions outside the frames or
/// not finite are dropped (x and y clamped to the frame), and so are hotspots with
/// nothing left to show or no text.
pub fn hotspot_views(hotspots: &[Hotspot], frames: usize) -> Vec<HotspotView> {
    hotspots
        .iter()
        .filter_map(|h| {
            let description = h.description.trim().to_string();
            let anchor = h.anchors.iter().map(|a| a.trim()).find(|a| !a.is_empty());
            let label = anchor
                .map(str::to_string)
                .unwrap_or_else(|| description.clone());
            let positions: Vec<HotspotPosition> = h
                .positions
                .iter()
                .filter(|p| {
                    usize::try_from(p.angle).is_ok_and(|a| a < frames)
                        && p.x.is_finite()
                        && p.y.is_finite()
                })
                .map(|p| HotspotPosition {
                    angle: p.angle,
                    x: p.x.clamp(0.0, 100.0),
                    y: p.y.clamp(0.0, 100.0),
                })
                .collect();
            (!description.is_empty() && !positions.is_empty()).then_some(HotspotView {
                label,
                description,
                positions,
            })
        })
        .collect()
}

/// The stock video of `car` (`video_url`, else the first of `videos` the page can play)
/// at `position` among `image_count` gallery images.
pub fn gallery_video(
    car: &Car,
    position: crate::config::VideoPosition,
    image_count: usize,
) -> Option<GalleryVideo> {
    let own = car.video_url.as_deref().map(|url| (url, None));
    let listed = car
        .videos
        .iter()
        .map(|v| (v.url.as_str(), v.thumb.as_deref()));
    let (url, poster) = own
        .into_iter()
        .chain(listed)
        .map(|(u, p)| (u.trim(), p))
        .find(|(u, _)| is_playable_video(u))?;
    let poster = poster
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .or_else(|| car.primary_image())
        .map(str::to_string);
    Some(GalleryVideo {
        url: url.to_string(),
        poster,
        index: u32::try_from(position.index(image_count)).unwrap_or(u32::MAX),
        title: format!("{}, video", display_name(car)),
    })
}

/// The viewer of `car` with the dealer's default mode and spin settings.
pub fn viewer_view(car: &Car, config: &crate::config::VehiclePageConfig) -> ViewerView {
    use crate::config::ViewerMode;
    let spin_images: Vec<String> = car
        .spin_images
        .iter()
        .filter(|u| !u.trim().is_empty())
        .cloned()
        .collect();
    let walkaround = car
        .walkaround_videos
        .iter()
        .find(|v| !v.url.trim().is_empty());
    let interior_image = car
        .spin_interior_image
        .clone()
        .filter(|u| !u.trim().is_empty());
    let mut modes = Vec::new();
    if !spin_images.is_empty() {
        modes.push(ViewerModeView::Spinner);
    }
    if walkaround.is_some() {
        modes.push(ViewerModeView::Walkaround);
    }
    modes.push(ViewerModeView::Gallery);
    if interior_image.is_some() {
        modes.push(ViewerModeView::Interior);
    }
    let wanted = match config.viewer_default_mode.unwrap_or_default() {
        ViewerMode::Spinner => ViewerModeView::Spinner,
        ViewerMode::Walkaround => ViewerModeView::Walkaround,
        ViewerMode::Gallery => ViewerModeView::Gallery,
        ViewerMode::Interior => ViewerModeView::Interior,
    };
    ViewerView {
        default_mode: if modes.contains(&wanted) {
            wanted
        } else {
            ViewerModeView::Gallery
        },
        modes,
        exterior_hotspots: hotspot_views(&car.hotspots.exterior, spin_images.len()),
        interior_hotspots: if interior_image.is_some() {
            hotspot_views(&car.hotspots.interior, 1)
        } else {
            Vec::new()
        },
        spin_images,
        spin_interval_ms: u32::try_from(config.spin_interval_ms).unwrap_or(u32::MAX),
        spin_drag_sensitivity: config.spin_drag_sensitivity,
        walkaround_url: walkaround.map(|v| v.url.clone()),
        walkaround_poster: walkaround.and_then(|v| v.thumb.clone()),
        interior_srcset: interior_image
            .as_deref()
            .and_then(super::images::photo_srcset),
        interior_image,
        gallery_video: gallery_video(car, config.stock_video_position, gallery(car).len()),
        external_video: car.external_video_url.as_deref().and_then(video_embed),
        name: display_name(car),
    }
}

/// The gallery of a car: its images (less any that are frames of its 360 spin, which
/// show in the spin mode, never in the thumbnail strip), else its primary image alone.
pub fn gallery(car: &Car) -> Vec<GalleryImage> {
    let name = display_name(car);
    let mut images: Vec<(String, String)> = car
        .images
        .iter()
        .filter(|i| {
            !i.url.trim().is_empty() && !car.spin_images.iter().any(|s| s.trim() == i.url.trim())
        })
        .map(|i| {
            let thumb = i
                .thumb
                .as_ref()
                .map(|t| t.url.clone())
                .filter(|t| !t.trim().is_empty());
            (i.url.clone(), thumb.unwrap_or_else(|| i.url.clone()))
        })
        .collect();
    if images.is_empty() {
        if let Some(url) = car.primary_image() {
            images.push((url.to_string(), url.to_string()));
        }
    }
    let total = images.len();
    images
        .into_iter()
        .enumerate()
        .map(|(i, (url, thumb))| GalleryImage {
            srcset: super::images::photo_srcset(&url),
            thumb_srcset: super::images::photo_srcset(&thumb),
            url,
            thumb,
            alt: format!("{name}, photo {} of {total}", i + 1),
        })
        .collect()
}
