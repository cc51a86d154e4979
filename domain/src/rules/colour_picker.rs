//! The model colour picker (seed 001 sections 4 and 9; seed 000 s9 series order): the
//! orders and the tab rule the model page's colour groups are laid out by
//! (`view::model`). Moving between them (variant, tab, arrows) is the browser's
//! (`frontend/src/features/catalogue/colour-picker-state.ts`).

use crate::entities::{ModelColour, ModelVariant};

/// Seed 001 s4/s9: body-style tabs need at least this many distinct body styles...
pub const TAB_MIN_BODY_STYLES: usize = 3;
/// ...and more than this many colours.
pub const TAB_MIN_COLOURS_EXCLUSIVE: usize = 15;

/// Seed 001 s9: wagon/dual_cab/2_door 1, sedan/extra_cab/4_door 2, hatch/single_cab 3;
/// other or missing codes sort last (4).
pub fn body_style_rank(oem_id: Option<&str>) -> u8 {
    match oem_id.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        Some("wagon" | "dual_cab" | "2_door") => 1,
        Some("sedan" | "extra_cab" | "4_door") => 2,
        Some("hatch" | "single_cab") => 3,
        _ => 4,
    }
}

/// Colours sorted by body-style rank (stable, so equal ranks keep their order).
pub fn sort_by_body_style(colours: &[ModelColour]) -> Vec<ModelColour> {
    let mut sorted = colours.to_vec();
    sorted.sort_by_key(|c| body_style_rank(c.oem_id.as_deref()));
    sorted
}

/// The distinct body styles of `colours` in rank order (colours without one are skipped).
pub fn body_styles(colours: &[ModelColour]) -> Vec<String> {
    let mut styles: Vec<String> = Vec::new();
    for colour in sort_by_body_style(colours) {
        if let Some(style) = colour
            .oem_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            if !styles.iter().any(|s| s == style) {
                styles.push(style.to_string());
            }
        }
    }
    styles
}

/// Seed 001 s4: the body-style tab row appears with at least 3 distinct body styles and
/// more than 15 colours.
pub fn shows_body_style_tabs(colours: &[ModelColour]) -> bool {
    body_styles(colours).len() >= TAB_MIN_BODY_STYLES && colours.len() > TAB_MIN_COLOURS_EXCLUSIVE
}

/// Seed 000 s9 "Series sort order duo, city, sport on one variant": variants sorted by
/// the dealer's series order (`search.series_sort_order`, ignoring case); series it does
/// not name keep their order after those. A dealer that sets no order keeps the model
/// file's order, so one site's order is not every site's.
pub fn sort_variants_by_series<S: AsRef<str>>(
    variants: &[ModelVariant],
    order: &[S],
) -> Vec<ModelVariant> {
    let rank = |v: &ModelVariant| {
        let series = v.series.as_deref().unwrap_or("").trim();
        order
            .iter()
            .position(|s| s.as_ref().trim().eq_ignore_ascii_case(series))
            .unwrap_or(order.len())
    };
    let mut sorted = variants.to_vec();
    sorted.sort_by_key(rank);
    sorted
}
