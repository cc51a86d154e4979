//! The media files of the sample feed: the cars' photographs or drawings and spin
//! frames, and the images the dealers' configuration names under `/media/`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use domain::config::{is_hex_colour, Dealer, VehicleCategory};
use rayon::prelude::*;
use serde_json::Value;

use crate::catalogue::{make_matches, Model};
use crate::photo::Shot;
use crate::svg::{
    banner_svg, photo_svg, slide_svg, spin_svg, Photo, Shape, SpinFrame, SPIN_FRAMES, VIEWS,
};
use crate::{catalogue, photo, write_error, Drawn, MediaKind, SampleError};

/// The media files the feed references.
#[derive(Default)]
pub(crate) struct MediaSet {
    photos: BTreeSet<(usize, &'static str, &'static str)>,
    spins: BTreeSet<(Shape, &'static str, &'static str)>,
}

impl MediaSet {
    pub(crate) fn add(&mut self, drawn: &Drawn) {
        self.photos.insert((drawn.model, drawn.colour, drawn.hex));
        // Galleries use spin frames as extra angles, so every shape+colour gets its frames.
        self.spins.insert((drawn.shape, drawn.colour, drawn.hex));
    }

    /// Writes every file whose content differs; returns (files, written).
    pub(crate) fn write(
        &self,
        dir: &Path,
        media: MediaKind,
    ) -> Result<(usize, usize), SampleError> {
        let photos: Vec<Photo> = self
            .photos
            .iter()
            .flat_map(|&(model, colour, hex)| {
                let m = &catalogue::models()[model];
                let shape = Shape::of(m.category, m.body);
                VIEWS.into_iter().map(move |view| Photo {
                    make: m.make,
                    model: m.model,
                    colour,
                    hex,
                    shape,
                    view,
                })
            })
            .collect();
        let frames: Vec<SpinFrame> = self
            .spins
            .iter()
            .flat_map(|&(shape, colour, hex)| {
                (0..SPIN_FRAMES).map(move |frame| SpinFrame {
                    shape,
                    colour,
                    hex,
                    frame,
                })
            })
            .collect();
        if let MediaKind::Photos { shots } = media {
            let shots: Vec<Shot> = self
                .spins
                .iter()
                .flat_map(|&(shape, colour, hex)| {
                    (0..shots).map(move |index| Shot {
                        shape,
                        colour,
                        hex,
                        index,
                    })
                })
                .collect();
            let (files, mut written) = write_photos(dir, &shots)?;
            let rendered: Vec<(String, String)> = frames
                .par_iter()
                .map(|f| (f.file_name(), spin_svg(f)))
                .collect();
            written += write_changed(dir, &rendered)?;
            return Ok((files + rendered.len(), written));
        }
        let rendered: Vec<(String, String)> = photos
            .par_iter()
            .map(|p| (p.file_name(), photo_svg(p)))
            .chain(frames.par_iter().map(|f| (f.file_name(), spin_svg(f))))
            .collect();
        let written = write_changed(dir, &rendered)?;
        Ok((rendered.len(), written))
    }
}

/// Writes each (path under `dir`, content) whose file is missing or different; returns
/// how many were written. Unchanged files keep their modification time, so incremental
/// builds and publishes see no change.
pub(crate) fn write_changed(dir: &Path, files: &[(String, String)]) -> Result<usize, SampleError> {
    let written = files
        .par_iter()
        .map(|(name, content)| {
            let path = dir.join(name);
            if fs::read(&path).is_ok_and(|old| old == content.as_bytes()) {
                return Ok(0usize);
            }
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(write_error(parent))?;
            }
            fs::write(&path, content).map_err(write_error(&path))?;
            Ok(1)
        })
        .collect::<Result<Vec<usize>, SampleError>>()?;
    Ok(written.into_iter().sum())
}

/// Renders each photo that is not already there whole; returns (files, written). A
/// photo's bytes depend on its name alone (see [`photo`]), so one that is there is the
/// same and is left as it is. Each is written to a temporary name and renamed, so an
/// interrupted run leaves no half file under the real name.
pub(crate) fn write_photos(dir: &Path, shots: &[Shot]) -> Result<(usize, usize), SampleError> {
    let written = shots
        .par_iter()
        .map(|shot| {
            let path = dir.join(shot.file_name());
            if photo::is_whole_jpeg(&path) {
                return Ok(0usize);
            }
            let bytes = photo::render(shot).map_err(|e| SampleError::Photo {
                path: path.clone(),
                message: e.to_string(),
            })?;
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(write_error(parent))?;
            }
            let partial = path.with_extension("jpg.partial");
            fs::write(&partial, &bytes).map_err(write_error(&partial))?;
            fs::rename(&partial, &path).map_err(write_error(&path))?;
            Ok(1)
        })
        .collect::<Result<Vec<usize>, SampleError>>()?;
    Ok((shots.len(), written.into_iter().sum()))
}

/// The images the dealers' configuration names under `/media/` (slides, offers, promo
/// nodes, model pages and their colours and variants), drawn like the car photos: the
/// vehicle named by the entry's make and model (or the dealer's main category) in the
/// entry's colour (or the dealer's primary theme colour), captioned with its title.
pub(crate) fn dealer_media(dealers: &[Dealer]) -> Vec<(String, String)> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for dealer in dealers {
        let fallback_category = dealer
            .config
            .vehicle_categories
            .first()
            .copied()
            .unwrap_or(VehicleCategory::Cars);
        let theme = &dealer.config.theme.primary;
        let primary = if is_hex_colour(theme) {
            theme.clone()
        } else {
            "#5b6770".to_string()
        };
        let parts = [
            serde_json::to_value(&dealer.config),
            serde_json::to_value(&dealer.models),
            serde_json::to_value(&dealer.offers),
            serde_json::to_value(&dealer.slides),
            serde_json::to_value(&dealer.promos),
            serde_json::to_value(&dealer.banners),
            serde_json::to_value(&dealer.brands),
        ];
        let root = Context {
            title: dealer.config.name.clone(),
            hex: primary,
            make: None,
            model: None,
            body: None,
            named: None,
        };
        for value in parts.iter().flatten() {
            collect_media(value, &root, fallback_category, &mut out);
        }
    }
    out.into_iter().collect()
}

/// What an image inherits from the configuration entries around it.
#[derive(Clone)]
pub(crate) struct Context {
    title: String,
    hex: String,
    make: Option<String>,
    model: Option<String>,
    body: Option<String>,
    /// The shape the entry's words name, when it names no make or body.
    named: Option<Shape>,
}

/// Whether `needle` occurs in `text` as whole words (both lower case).
pub(crate) fn has_words(text: &str, needle: &str) -> bool {
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(needle).any(|(at, _)| {
        boundary(text[..at].chars().next_back())
            && boundary(text[at + needle.len()..].chars().next())
    })
}

/// The vehicle shape an entry's words name, for an image whose entry names no make or
/// body ("Head north in a new Jayco", "Trucks at Eagle Farm", "Dirt season is here", a
/// search URL filtered to a make): words for a kind of vehicle first, then a model, then
/// a make (longest first, so "Isuzu Trucks" is not read as "Isuzu"), in the title, then
/// the description, then the URL.
pub(crate) fn named_shape(texts: &[Option<String>]) -> Option<Shape> {
    const KINDS: &[(&[&str], VehicleCategory)] = &[
        (
            &[
                "caravan", "caravans", "camper", "campers", "pop-top", "pop-tops",
            ],
            VehicleCategory::Caravans,
        ),
        (
            &[
                "motorcycle",
                "motorcycles",
                "bike",
                "bikes",
                "dirt",
                "ride away",
            ],
            VehicleCategory::Motorcycles,
        ),
        (&["truck", "trucks"], VehicleCategory::Trucks),
    ];
    let mut makes: Vec<(String, &Model)> = catalogue::models()
        .iter()
        .flat_map(|m| {
            std::iter::once(m.make)
                .chain(m.aliases.iter().copied())
                .map(move |name| (name.to_lowercase(), m))
        })
        .collect();
    makes.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
    for text in texts.iter().flatten() {
        let text = text.replace("%20", " ").to_lowercase();
        if let Some((_, category)) = KINDS
            .iter()
            .find(|(words, _)| words.iter().any(|w| has_words(&text, w)))
        {
            return Some(Shape::of(*category, ""));
        }
        if let Some(m) = catalogue::models()
            .iter()
            .find(|m| has_words(&text, &m.model.to_lowercase()))
        {
            return Some(Shape::of(m.category, m.body));
        }
        if let Some((_, m)) = makes.iter().find(|(name, _)| has_words(&text, name)) {
            return Some(Shape::of(m.category, m.body));
        }
    }
    None
}

/// A media path that is safe to write under the media folder: lower-case letters,
/// digits, `-`, `_`, `.` and `/`, no `..`, ending in `.svg`.
pub(crate) fn media_path(url: &str) -> Option<&str> {
    let path = url.strip_prefix("/media/")?;
    let safe = path.bytes().all(|b| {
        b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'.' | b'/')
    });
    (safe && path.ends_with(".svg") && !path.split('/').any(|p| p.is_empty() || p == ".."))
        .then_some(path)
}

pub(crate) fn collect_media(
    value: &Value,
    parent: &Context,
    category: VehicleCategory,
    out: &mut BTreeMap<String, String>,
) {
    match value {
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect_media(v, parent, category, out)),
        Value::Object(map) => {
            let text = |key: &str| {
                map.get(key)
                    .and_then(Value::as_str)
                    .filter(|s| !s.trim().is_empty())
                    .map(str::to_string)
            };
            let mut ctx = parent.clone();
            if let Some(title) = text("title")
                .or_else(|| text("full_name"))
                .or_else(|| text("name"))
            {
                ctx.title = title;
            }
            if let Some(hex) = ["hexCode", "hex", "colour_hex"]
                .iter()
                .find_map(|k| text(k))
                .filter(|h| is_hex_colour(h))
            {
                ctx.hex = hex;
            }
            ctx.make = text("make").or(ctx.make);
            ctx.model = text("model").or(ctx.model);
            ctx.body = text("body").or(ctx.body);
            if ctx.make.is_none() && ctx.body.is_none() {
                ctx.named = named_shape(&[
                    text("title").or_else(|| text("name")),
                    text("description"),
                    text("url"),
                ])
                .or(ctx.named);
            }
            for v in map.values() {
                match v {
                    Value::String(url) => add_banner(url, &ctx, category, out),
                    Value::Array(items) if items.iter().all(Value::is_string) => {
                        items
                            .iter()
                            .filter_map(Value::as_str)
                            .for_each(|url| add_banner(url, &ctx, category, out));
                    }
                    other => collect_media(other, &ctx, category, out),
                }
            }
        }
        _ => {}
    }
}

pub(crate) fn add_banner(
    url: &str,
    ctx: &Context,
    category: VehicleCategory,
    out: &mut BTreeMap<String, String>,
) {
    let Some(path) = media_path(url) else { return };
    let model = ctx.make.as_deref().and_then(|make| {
        catalogue::models().iter().find(|m| {
            make_matches(m, make)
                && ctx
                    .model
                    .as_deref()
                    .is_none_or(|name| m.model.eq_ignore_ascii_case(name))
        })
    });
    let shape = match (model, ctx.body.as_deref(), ctx.named) {
        (Some(m), _, _) => Shape::of(m.category, m.body),
        (None, Some(body), _) => Shape::of(VehicleCategory::Cars, body),
        (None, None, Some(named)) => named,
        (None, None, None) => Shape::of(category, "SUV"),
    };
    let subtitle = [ctx.make.as_deref(), ctx.model.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // Home page slides are drawn at the promotions slider size (seed 001 s9: 1920 by 540).
    let svg = || {
        if path.starts_with("slides/") {
            slide_svg(&ctx.title, shape, &ctx.hex)
        } else {
            banner_svg(&ctx.title, &subtitle, shape, &ctx.hex)
        }
    };
    out.entry(path.to_string()).or_insert_with(svg);
}

/// The URL a media file is served at on every dealer host.
pub(crate) fn media_url(file: &str) -> String {
    format!("/media/{file}")
}
