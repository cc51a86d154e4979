//! Pixels in and out: decode an original within limits, resize it (never enlarged,
//! aspect kept) and encode it as AVIF, WebP or JPEG; and draw the not-found image.

use std::io::Cursor;

use fast_image_resize::images::Image as FirImage;
use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ExtendedColorType, ImageDecoder, ImageReader, Limits, RgbImage};

use super::{Format, ImageError, ImageLimits};

/// rav1e's speed (1 slowest and smallest .. 10 fastest): well under WebP's bytes
/// (`make bench`). Even so AVIF takes seconds of a core where WebP takes milliseconds,
/// so the service encodes it in the background, never while a request waits.
pub const AVIF_SPEED: u8 = 8;
/// libwebp's method (0 fastest .. 6 smallest): its default.
pub const WEBP_METHOD: i32 = 4;

/// Decoded RGB pixels.
#[derive(Debug, Clone)]
pub struct Pixels {
    /// Width, px.
    pub width: u32,
    /// Height, px.
    pub height: u32,
    /// Row-major RGB, 3 bytes a pixel.
    pub rgb: Vec<u8>,
}

/// Decodes a JPEG, PNG or WebP within `limits`, turned upright by its EXIF orientation
/// and flattened onto white (every output format is shown on a page's white).
pub fn decode(bytes: &[u8], limits: &ImageLimits) -> Result<Pixels, ImageError> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| ImageError::NotAnImage)?;
    if reader.format().is_none() {
        return Err(ImageError::NotAnImage);
    }
    let mut reader = reader;
    let mut decoder_limits = Limits::default();
    decoder_limits.max_image_width = Some(limits.max_side);
    decoder_limits.max_image_height = Some(limits.max_side);
    // The decoded RGBA buffer of the largest image taken, plus the decoder's own buffers.
    decoder_limits.max_alloc = Some(limits.max_pixels.saturating_mul(4).saturating_add(64 << 20));
    reader.limits(decoder_limits);
    let refused = |error| map_decode_error(error, limits);
    let mut decoder = reader.into_decoder().map_err(refused)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > limits.max_pixels {
        return Err(ImageError::TooLarge(*limits));
    }
    let orientation = decoder.orientation().map_err(refused)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(refused)?;
    image.apply_orientation(orientation);
    let rgb = if image.color().has_alpha() {
        flatten_on_white(&image)
    } else {
        image.into_rgb8()
    };
    Ok(Pixels {
        width: rgb.width(),
        height: rgb.height(),
        rgb: rgb.into_raw(),
    })
}

fn map_decode_error(error: image::ImageError, limits: &ImageLimits) -> ImageError {
    match error {
        image::ImageError::Limits(_) => ImageError::TooLarge(*limits),
        _ => ImageError::NotAnImage,
    }
}

fn flatten_on_white(image: &DynamicImage) -> RgbImage {
    let rgba = image.to_rgba8();
    let mut out = RgbImage::new(rgba.width(), rgba.height());
    for (to, from) in out.pixels_mut().zip(rgba.pixels()) {
        let alpha = u16::from(from[3]);
        for c in 0..3 {
            let value = (u16::from(from[c]) * alpha + 255 * (255 - alpha) + 127) / 255;
            to[c] = value as u8;
        }
    }
    out
}

/// The size a request of `width` gives an original of `original`: never wider than the
/// original, height by the original's aspect (at least 1 px).
pub fn target_size(original: (u32, u32), width: u32) -> (u32, u32) {
    let (ow, oh) = original;
    let w = width.min(ow).max(1);
    let h = ((u64::from(oh) * u64::from(w) + u64::from(ow) / 2) / u64::from(ow.max(1))).max(1);
    (w, u32::try_from(h).unwrap_or(u32::MAX))
}

/// Resizes to `width` (SIMD convolution, Lanczos3); the original when it is not wider.
pub fn resize(pixels: Pixels, width: u32) -> Result<Pixels, ImageError> {
    let (w, h) = target_size((pixels.width, pixels.height), width);
    if w == pixels.width {
        return Ok(pixels);
    }
    let source = FirImage::from_vec_u8(pixels.width, pixels.height, pixels.rgb, PixelType::U8x3)
        .map_err(|e| ImageError::Internal(anyhow::anyhow!("resize source: {e}")))?;
    let mut target = FirImage::new(w, h, PixelType::U8x3);
    Resizer::new()
        .resize(
            &source,
            &mut target,
            &ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3)),
        )
        .map_err(|e| ImageError::Internal(anyhow::anyhow!("resize: {e}")))?;
    Ok(Pixels {
        width: w,
        height: h,
        rgb: target.into_vec(),
    })
}

/// Encodes at `quality` (0-100) in `format`.
pub fn encode(pixels: &Pixels, format: Format, quality: u32) -> Result<Vec<u8>, ImageError> {
    let internal = |what: &str, e: String| ImageError::Internal(anyhow::anyhow!("{what}: {e}"));
    match format {
        Format::Jpeg => {
            let mut out = Vec::new();
            let q = u8::try_from(quality.clamp(1, 100)).unwrap_or(75);
            JpegEncoder::new_with_quality(&mut out, q)
                .encode(
                    &pixels.rgb,
                    pixels.width,
                    pixels.height,
                    ExtendedColorType::Rgb8,
                )
                .map_err(|e| internal("JPEG encoding", e.to_string()))?;
            Ok(out)
        }
        Format::Webp => {
            let encoder = webp::Encoder::from_rgb(&pixels.rgb, pixels.width, pixels.height);
            let mut config =
                webp::WebPConfig::new().map_err(|()| internal("WebP config", String::new()))?;
            config.quality = quality as f32;
            config.method = WEBP_METHOD;
            let memory = encoder
                .encode_advanced(&config)
                .map_err(|e| internal("WebP encoding", format!("{e:?}")))?;
            Ok(memory.to_vec())
        }
        Format::Avif => {
            let rgb: Vec<ravif::RGB8> = pixels
                .rgb
                .chunks_exact(3)
                .map(|p| ravif::RGB8::new(p[0], p[1], p[2]))
                .collect();
            let encoded = ravif::Encoder::new()
                .with_quality(quality as f32)
                .with_speed(AVIF_SPEED)
                // One thread, as the service counts encoders per core: rav1e would
                // otherwise take every core for one request.
                .with_num_threads(Some(1))
                .encode_rgb(ravif::Img::new(
                    rgb.as_slice(),
                    pixels.width as usize,
                    pixels.height as usize,
                ))
                .map_err(|e| internal("AVIF encoding", e.to_string()))?;
            Ok(encoded.avif_file)
        }
    }
}

/// The default not-found image (seed 001: "Missing image: a default not-found image"),
/// drawn at `width` in the photos' 4:3: a grey car outline on a light ground, so a
/// missing photo keeps its place on the page and reads as "no photo".
pub fn not_found(width: u32) -> Pixels {
    let w = width.max(16);
    let h = w * 3 / 4;
    let ground = [238u8, 240, 242];
    let body = [196u8, 201, 207];
    let tyre = [150u8, 157, 166];
    let (fw, fh) = (f64::from(w), f64::from(h));
    let mut rgb = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            // Unit coordinates: x across 0..1, y down 0..1.
            let (u, v) = ((f64::from(x) + 0.5) / fw, (f64::from(y) + 0.5) / fh);
            let wheel = |cx: f64| {
                let (dx, dy) = ((u - cx) * fw, (v - 0.64) * fh);
                (dx * dx + dy * dy).sqrt() / fw
            };
            let in_body = (0.14..=0.86).contains(&u) && (0.46..=0.64).contains(&v);
            // The cabin narrows from its base (y 0.46) to its roof (y 0.32).
            let t = (0.46 - v) / 0.14;
            let in_cabin = (0.0..=1.0).contains(&t) && u >= 0.26 + 0.08 * t && u <= 0.72 - 0.08 * t;
            let (left, right) = (wheel(0.3), wheel(0.7));
            let colour = if left <= 0.032 || right <= 0.032 {
                ground
            } else if left <= 0.075 || right <= 0.075 {
                tyre
            } else if in_body || in_cabin {
                body
            } else {
                ground
            };
            rgb.extend_from_slice(&colour);
        }
    }
    Pixels {
        width: w,
        height: h,
        rgb,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_keep_the_aspect_and_never_enlarge() {
        assert_eq!(target_size((1600, 1200), 640), (640, 480));
        assert_eq!(target_size((1600, 1200), 1920), (1600, 1200));
        assert_eq!(target_size((3000, 1), 160), (160, 1));
        assert_eq!(target_size((1, 3000), 160), (1, 3000));
    }

    #[test]
    fn the_not_found_image_is_four_by_three_and_not_blank() {
        let image = not_found(320);
        assert_eq!((image.width, image.height), (320, 240));
        assert_eq!(image.rgb.len(), 320 * 240 * 3);
        let distinct: std::collections::BTreeSet<&[u8]> = image.rgb.chunks(3).collect();
        assert_eq!(distinct.len(), 3, "ground, body and tyres");
    }

    #[test]
    fn transparent_pixels_are_flattened_onto_white() {
        let image = DynamicImage::ImageRgba8(
            image::RgbaImage::from_raw(2, 1, vec![0, 0, 0, 0, 10, 20, 30, 255]).expect("2x1"),
        );
        let flat = flatten_on_white(&image);
        assert_eq!(flat.into_raw(), vec![255, 255, 255, 10, 20, 30]);
    }
}
