//! Photographs for the sample feed: JPEGs with the size and entropy of a yard camera's, so
//! pages, the image service and Lighthouse see what real dealer stock weighs.
//!
//! Design (the budget: 3000 cars within about 1.5 GB and 3 minutes on 2 cores):
//! - A photo is the scene drawing of [`super::svg`] with a camera's marks laid over it
//!   as SVG (light where it falls and a vignette, a different position per shot; texture,
//!   low-frequency fractal noise; grain, fine noise), rasterised with `resvg` at
//!   1600x1200 and encoded as baseline JPEG. Grain is what makes a JPEG weigh what a
//!   photo does: flat drawings compress to a few KB, a grained frame does not. The
//!   noise is resvg's `feTurbulence`, rendered once per process into two tiles a little
//!   larger than a photo; each shot lays them over at its own offset with tiny-skia's
//!   overlay blend. All per-pixel work runs in those optimised dependencies, even in a
//!   debug build (`[profile.dev.package.*]` in the root Cargo.toml).
//! - Photos are pooled per body shape and colour: [`SHOTS`] shots each (the four views,
//!   then the spin angles that read as a car), so the pool is at most about 100 sets of
//!   25 whatever the number of cars, about 1 GB. A car shows 8-25 shots of its set.
//! - Every pixel is a function of the file name alone, so the bytes are the same on every
//!   run, for every seed. The render version is part of the path ([`DIR`]): a file that
//!   is already there whole (ends with the JPEG end marker) is by construction the same
//!   bytes and is neither re-rendered nor rewritten, which keeps a re-run fast and keeps
//!   modification times for incremental builds and publishes.

use std::fs;
use std::io::Read as _;
use std::io::{Seek, SeekFrom};
use std::path::Path;
use std::sync::OnceLock;

use domain::view::slug::slugify;
use resvg::tiny_skia::{BlendMode, FilterQuality, Pixmap, PixmapPaint, Transform};

use super::rng::splitmix64;
use super::svg::{photo_svg, spin_svg, Photo, Shape, SpinFrame, View, SPIN_FRAMES, VIEWS};

/// Folder of the photographs under `media/`; its version changes whenever the renderer
/// does, so old and new bytes never share a name.
pub(crate) const DIR: &str = "photos-v2";

/// Photo size, px: the low end of a yard camera's output.
pub(crate) const WIDTH: u32 = 1600;
/// Photo height, px (4:3).
pub(crate) const HEIGHT: u32 = 1200;

/// Shots per shape and colour: the most photos one car shows.
pub(crate) const SHOTS: u32 = 25;

/// Encoder quality: the range a dealer's photo tool exports at.
const QUALITY: u8 = 88;

/// One photograph of the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Shot {
    /// Body shape drawn.
    pub shape: Shape,
    /// Colour name.
    pub colour: &'static str,
    /// Paint, `#rrggbb`.
    pub hex: &'static str,
    /// 0..SHOTS: the four views, then spin angles.
    pub index: u32,
}

/// The spin frames used as extra angles: every frame but those seen exactly end-on or
/// side-on again (0 repeats the side view; 6 and 18 are a sliver).
fn extra_frame(k: u32) -> u32 {
    const SKIPPED: [u32; 3] = [0, 6, 18];
    (0..SPIN_FRAMES)
        .filter(|f| !SKIPPED.contains(f))
        .nth(k as usize)
        .unwrap_or(1)
}

impl Shot {
    /// Path under `media/`: `photos-v2/<shape>-<colour>-<nn>.jpg`.
    pub(crate) fn file_name(&self) -> String {
        format!(
            "{DIR}/{}-{}-{:02}.jpg",
            self.shape.slug(),
            slugify(self.colour),
            self.index + 1
        )
    }

    /// The scene drawing this shot is rendered from.
    fn svg(&self) -> String {
        match VIEWS.get(self.index as usize) {
            Some(&view) => photo_svg(&Photo {
                // The drawing depends on shape, colour and view; the names only caption
                // it, and captions are not rasterised (no fonts are loaded).
                make: "",
                model: "",
                colour: self.colour,
                hex: self.hex,
                shape: self.shape,
                view,
            }),
            None => spin_svg(&SpinFrame {
                shape: self.shape,
                colour: self.colour,
                hex: self.hex,
                frame: extra_frame(self.index - VIEWS.len() as u32),
            }),
        }
    }

    /// Whether this shot is the interior view (the car's `interior` field).
    pub(crate) fn is_interior(&self) -> bool {
        VIEWS.get(self.index as usize) == Some(&View::Interior)
    }
}

/// Why a photo could not be made.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PhotoError {
    /// The drawing did not parse (a bug in the drawing code).
    #[error("the drawing does not parse: {0}")]
    Svg(String),
    /// The encoder refused the frame.
    #[error("JPEG encoding failed: {0}")]
    Jpeg(String),
}

/// How strong the camera's marks are: grain (per-pixel noise) and texture (blotches),
/// as the opacity of each overlay. Grain is what gives a JPEG a photo's weight.
#[derive(Debug, Clone, Copy)]
struct Film {
    grain: f32,
    texture: f32,
}

const FILM: Film = Film {
    grain: 0.75,
    texture: 0.5,
};

/// Extra size of the noise tiles past the photo, px: each shot takes the tile at its own
/// offset, so no two shots share their grain's position.
const TILE_MARGIN: u32 = 240;

/// A noise tile: fractal noise at the given frequency (per px) and octaves, nearly grey
/// (a little chroma noise, as a sensor's), its contrast around mid-grey scaled by
/// `contrast`.
fn noise_tile(
    frequency: &str,
    octaves: u32,
    seed: u32,
    contrast: f32,
) -> Result<Pixmap, PhotoError> {
    let (w, h) = (WIDTH + TILE_MARGIN, HEIGHT + TILE_MARGIN);
    let row = |r: f32, g: f32, b: f32| {
        let offset = 0.5 * (1.0 - contrast);
        format!(
            "{:.3} {:.3} {:.3} 0 {offset:.3}",
            r * contrast,
            g * contrast,
            b * contrast
        )
    };
    let matrix = format!(
        "{}  {}  {}  0 0 0 0 1",
        row(0.5, 0.3, 0.2),
        row(0.45, 0.35, 0.2),
        row(0.4, 0.3, 0.3)
    );
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">
<filter id="n" x="0" y="0" width="{w}" height="{h}" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
<feTurbulence type="fractalNoise" baseFrequency="{frequency}" numOctaves="{octaves}" seed="{seed}"/>
<feColorMatrix type="matrix" values="{matrix}"/>
</filter>
<rect width="{w}" height="{h}" filter="url(#n)"/>
</svg>"##
    );
    rasterise(&svg, w, h)
}

/// The two noise tiles, made once per process (the noise is the slow part of a photo).
fn tiles() -> Result<&'static (Pixmap, Pixmap), PhotoError> {
    static TILES: OnceLock<Result<(Pixmap, Pixmap), String>> = OnceLock::new();
    TILES
        .get_or_init(|| {
            Ok((
                noise_tile("0.5", 2, 7, 1.6).map_err(|e| e.to_string())?,
                noise_tile("0.006 0.01", 4, 11, 1.0).map_err(|e| e.to_string())?,
            ))
        })
        .as_ref()
        .map_err(|e| PhotoError::Svg(e.clone()))
}

fn rasterise(svg: &str, width: u32, height: u32) -> Result<Pixmap, PhotoError> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| PhotoError::Svg(e.to_string()))?;
    let mut pixmap =
        Pixmap::new(width, height).ok_or_else(|| PhotoError::Svg("empty canvas".into()))?;
    let size = tree.size();
    let transform =
        Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Renders one shot to JPEG bytes.
pub(crate) fn render(shot: &Shot) -> Result<Vec<u8>, PhotoError> {
    render_with(shot, FILM)
}

fn render_with(shot: &Shot, film: Film) -> Result<Vec<u8>, PhotoError> {
    let mut pick = name_seed(&shot.file_name());
    let mut unit = || (splitmix64(&mut pick) >> 11) as f64 / (1u64 << 53) as f64;
    let light = (
        80.0 + unit() * 640.0,
        40.0 + unit() * 260.0,
        0.16 + unit() * 0.12,
    );
    let mut offset = || -((unit() * f64::from(TILE_MARGIN)) as i32);
    let (grain_at, texture_at) = ((offset(), offset()), (offset(), offset()));

    let mut photo = rasterise(&lit(&shot.svg(), light), WIDTH, HEIGHT)?;
    let (grain, texture) = tiles()?;
    // Overlay: mid-grey leaves the scene as it is, the noise either side lightens or
    // darkens it, as film grain and uneven light do. tiny-skia does the per-pixel work.
    for (tile, (x, y), opacity) in [
        (texture, texture_at, film.texture),
        (grain, grain_at, film.grain),
    ] {
        photo.draw_pixmap(
            x,
            y,
            tile.as_ref(),
            &PixmapPaint {
                opacity,
                blend_mode: BlendMode::Overlay,
                quality: FilterQuality::Nearest,
            },
            Transform::identity(),
            None,
        );
    }
    let mut out = Vec::with_capacity(600 * 1024);
    // The backdrop is opaque, so premultiplied RGBA is plain RGBA; the encoder drops alpha.
    jpeg_encoder::Encoder::new(&mut out, QUALITY)
        .encode(
            photo.data(),
            WIDTH as u16,
            HEIGHT as u16,
            jpeg_encoder::ColorType::Rgba,
        )
        .map_err(|e| PhotoError::Jpeg(e.to_string()))?;
    Ok(out)
}

/// A 64-bit seed from a file name (FNV-1a, then one splitmix64 step to spread it).
fn name_seed(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    splitmix64(&mut h)
}

/// The drawing with the shot's light over it: a glow where the light falls (x, y in the
/// drawing's 800x600 units, and its strength) fading to a vignette at the edges.
fn lit(drawing: &str, (lx, ly, glow): (f64, f64, f64)) -> String {
    // The drawing's content without its outer <svg> element.
    let inner = drawing
        .find('>')
        .and_then(|open| {
            drawing
                .rfind("</svg>")
                .map(|close| &drawing[open + 1..close])
        })
        .unwrap_or_default();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">
<defs>
<radialGradient id="light" cx="{lx:.1}" cy="{ly:.1}" r="700" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="#fff" stop-opacity="{glow:.3}"/>
<stop offset="0.55" stop-color="#fff" stop-opacity="0"/>
<stop offset="1" stop-color="#000" stop-opacity="0.38"/>
</radialGradient>
</defs>
<g>{inner}</g>
<rect width="800" height="600" fill="url(#light)"/>
</svg>"##
    )
}

/// Whether `path` holds a whole JPEG (starts with SOI, ends with EOI): a file cut short by
/// an interrupted run is rendered again.
pub(crate) fn is_whole_jpeg(path: &Path) -> bool {
    let Ok(mut file) = fs::File::open(path) else {
        return false;
    };
    let mut head = [0u8; 2];
    let mut tail = [0u8; 2];
    file.read_exact(&mut head).is_ok()
        && file.seek(SeekFrom::End(-2)).is_ok()
        && file.read_exact(&mut tail).is_ok()
        && head == [0xFF, 0xD8]
        && tail == [0xFF, 0xD9]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Width and height from the baseline frame header (SOF0).
    fn jpeg_size(bytes: &[u8]) -> Option<(u32, u32)> {
        let mut i = 2;
        while i + 9 < bytes.len() {
            if bytes[i] != 0xFF {
                return None;
            }
            let marker = bytes[i + 1];
            let len = usize::from(u16::from_be_bytes([bytes[i + 2], bytes[i + 3]]));
            if (0xC0..=0xC2).contains(&marker) {
                let h = u16::from_be_bytes([bytes[i + 5], bytes[i + 6]]);
                let w = u16::from_be_bytes([bytes[i + 7], bytes[i + 8]]);
                return Some((u32::from(w), u32::from(h)));
            }
            i += 2 + len;
        }
        None
    }

    /// Tuning aid: `PHOTO_GRAIN=0.5 PHOTO_TEXTURE=0.3 cargo test -p generator
    /// photo_sizes -- --ignored --nocapture` prints each view's size under other films.
    #[test]
    #[ignore = "a tuning aid that prints sizes"]
    fn photo_sizes() {
        let var = |name: &str, default: f32| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        let film = Film {
            grain: var("PHOTO_GRAIN", FILM.grain),
            texture: var("PHOTO_TEXTURE", FILM.texture),
        };
        for (colour, hex) in [("Glacier White", "#f2f3f1"), ("Eclipse Black", "#16171b")] {
            for index in [0, 1, 3, 10] {
                let s = Shot {
                    colour,
                    hex,
                    ..shot(Shape::Suv, index)
                };
                let start = std::time::Instant::now();
                let bytes = render_with(&s, film).expect("renders");
                println!(
                    "{colour} {index}: {} KB in {:?}",
                    bytes.len() / 1024,
                    start.elapsed()
                );
                if index == 0 {
                    fs::write(format!("/tmp/photo-{index}-{hex}.jpg"), &bytes).ok();
                }
            }
        }
    }

    fn shot(shape: Shape, index: u32) -> Shot {
        Shot {
            shape,
            colour: "Glacier White",
            hex: "#f2f3f1",
            index,
        }
    }

    #[test]
    fn photos_are_whole_jpegs_of_photo_size_and_weight() {
        // A light and a dark paint, a view and a spin angle, a car and a caravan.
        let shots = [
            shot(Shape::Suv, 0),
            Shot {
                colour: "Eclipse Black",
                hex: "#16171b",
                ..shot(Shape::Sedan, 3)
            },
            shot(Shape::Caravan, SHOTS - 1),
        ];
        for s in shots {
            let bytes = render(&s).expect("renders");
            assert_eq!(&bytes[..2], &[0xFF, 0xD8], "{s:?} starts with SOI");
            assert_eq!(
                &bytes[bytes.len() - 2..],
                &[0xFF, 0xD9],
                "{s:?} ends with EOI"
            );
            assert_eq!(jpeg_size(&bytes), Some((1600, 1200)), "{s:?}");
            let kb = bytes.len() / 1024;
            assert!((250..=600).contains(&kb), "{s:?}: {kb} KB");
        }
    }

    #[test]
    fn the_same_shot_gives_the_same_bytes_and_shots_differ() {
        let a = render(&shot(Shape::Hatch, 5)).expect("renders");
        let b = render(&shot(Shape::Hatch, 5)).expect("renders");
        assert!(a == b, "deterministic");
        let c = render(&shot(Shape::Hatch, 6)).expect("renders");
        assert!(a != c, "another angle is another photo");
    }

    #[test]
    fn names_carry_the_render_version_and_every_shot_has_a_drawing() {
        assert_eq!(
            shot(Shape::Suv, 0).file_name(),
            "photos-v2/suv-glacier-white-01.jpg"
        );
        let extra: Vec<u32> = (0..SHOTS - VIEWS.len() as u32).map(extra_frame).collect();
        let mut unique = extra.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), extra.len(), "no spin angle twice: {extra:?}");
        assert!(!extra.contains(&0) && !extra.contains(&6) && !extra.contains(&18));
    }

    #[test]
    fn a_cut_file_is_not_whole() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.jpg");
        let bytes = render(&shot(Shape::Ute, 1)).expect("renders");
        fs::write(&path, &bytes).expect("write");
        assert!(is_whole_jpeg(&path));
        fs::write(&path, &bytes[..bytes.len() / 2]).expect("write");
        assert!(!is_whole_jpeg(&path));
        assert!(!is_whole_jpeg(&dir.path().join("missing.jpg")));
    }
}
