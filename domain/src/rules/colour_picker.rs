//! The model colour picker (seed 001 sections 4 and 9; seed 000 s9 series order).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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

/// The picker's selection.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, TS)]
pub struct ColourPickerState {
    /// Selected variant index; defaults to the first.
    pub variant: usize,
    /// Selected colour index within [`ColourPickerState::visible_colours`]; defaults to the first.
    pub colour: usize,
    /// Selected body-style tab, when tabs are shown.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_style: Option<String>,
}

impl ColourPickerState {
    /// Seed 001 s4: first variant, first colour; with tabs, the first body style.
    pub fn initial(colours: &[ModelColour], variants: &[ModelVariant]) -> ColourPickerState {
        let mut state = ColourPickerState::default();
        state.body_style = state.first_body_style(colours, variants);
        state
    }

    fn variant_colours(
        &self,
        colours: &[ModelColour],
        variants: &[ModelVariant],
    ) -> Vec<ModelColour> {
        let of_variant: Vec<ModelColour> = match variants.get(self.variant) {
            Some(v) => colours
                .iter()
                .filter(|c| c.model_variant_name == v.name || c.model_variant_name == v.full_name)
                .cloned()
                .collect(),
            None => colours.to_vec(),
        };
        sort_by_body_style(&of_variant)
    }

    fn first_body_style(
        &self,
        colours: &[ModelColour],
        variants: &[ModelVariant],
    ) -> Option<String> {
        let of_variant = self.variant_colours(colours, variants);
        if shows_body_style_tabs(&of_variant) {
            body_styles(&of_variant).into_iter().next()
        } else {
            None
        }
    }

    /// The colours shown: the selected variant's, sorted by body style, and only those of
    /// the selected body style when tabs are shown.
    pub fn visible_colours(
        &self,
        colours: &[ModelColour],
        variants: &[ModelVariant],
    ) -> Vec<ModelColour> {
        let of_variant = self.variant_colours(colours, variants);
        match &self.body_style {
            Some(style) if shows_body_style_tabs(&of_variant) => of_variant
                .into_iter()
                .filter(|c| c.oem_id.as_deref() == Some(style.as_str()))
                .collect(),
            _ => of_variant,
        }
    }

    /// Seed 001 s4: changing variant resets the colour (and body style) to the first.
    pub fn select_variant(
        &self,
        index: usize,
        colours: &[ModelColour],
        variants: &[ModelVariant],
    ) -> ColourPickerState {
        let mut next = ColourPickerState {
            variant: index,
            colour: 0,
            body_style: None,
        };
        next.body_style = next.first_body_style(colours, variants);
        next
    }

    /// Choosing a body-style tab shows its colours from the first.
    pub fn select_body_style(&self, style: &str) -> ColourPickerState {
        ColourPickerState {
            variant: self.variant,
            colour: 0,
            body_style: Some(style.to_string()),
        }
    }

    /// Seed 001 s4: the right arrow; wraps from the last colour to the first.
    pub fn next(&self, visible_count: usize) -> ColourPickerState {
        let colour = if visible_count == 0 {
            0
        } else {
            (self.colour + 1) % visible_count
        };
        ColourPickerState {
            colour,
            ..self.clone()
        }
    }

    /// Seed 001 s4: the left arrow; wraps from the first colour to the last.
    pub fn previous(&self, visible_count: usize) -> ColourPickerState {
        let colour = match visible_count {
            0 => 0,
            n => (self.colour + n - 1) % n,
        };
        ColourPickerState {
            colour,
            ..self.clone()
        }
    }
}
