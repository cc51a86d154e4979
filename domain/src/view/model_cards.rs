//! Model cards: the `/models` list, a brand's overview and the home page show them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::{Model, ModelStatus};
use crate::messages;
use crate::rules::format::format_dollars;

use super::images::asset_url;
use super::images::ImageView;

/// A card of the `/models` list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ModelCardView {
    /// Heading.
    pub title: String,
    /// `/models/{slug}`.
    pub url: String,
    /// Hero image.
    pub image: ImageView,
    /// 'From $39,990' with the lowest variant price, when any variant has one.
    pub price_text: Option<String>,
    /// 'COMING SOON' for coming-soon models.
    pub badge: Option<String>,
    /// One paragraph.
    pub short_description: String,
    /// Manufacturer (the catalogue search's manufacturer filter).
    pub make: String,
    /// Model name (the model filter).
    pub model: String,
    /// Body styles of its colours, e.g. "Wagon" (the body filter).
    pub bodies: Vec<String>,
}

/// Label of a body-style code: "dual_cab" gives "Dual Cab", "2_door" gives "2 Door".
pub fn body_style_label(code: &str) -> String {
    code.split(['_', '-', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "{make} {name}", or the name alone when it already names the make.
pub fn model_title(model: &Model) -> String {
    if model
        .name
        .to_lowercase()
        .starts_with(&model.make.to_lowercase())
    {
        model.name.clone()
    } else {
        format!("{} {}", model.make, model.name)
    }
}

/// The cards of `models`, by make then name.
pub fn model_cards(models: &[Model]) -> Vec<ModelCardView> {
    let mut sorted: Vec<&Model> = models.iter().collect();
    sorted.sort_by(|a, b| a.make.cmp(&b.make).then_with(|| a.name.cmp(&b.name)));
    sorted
        .into_iter()
        .map(|m| {
            let title = model_title(m);
            let lowest = m
                .variants
                .iter()
                .filter_map(|v| v.price)
                .filter(|p| *p > 0.0)
                .fold(None, |acc: Option<f64>, p| {
                    Some(acc.map_or(p, |a| a.min(p)))
                });
            let mut bodies: Vec<String> = Vec::new();
            for colour in &m.colours {
                let body = body_style_label(colour.oem_id.as_deref().unwrap_or_default());
                if !body.is_empty() && !bodies.contains(&body) {
                    bodies.push(body);
                }
            }
            ModelCardView {
                make: m.make.trim().to_string(),
                model: m.name.trim().to_string(),
                bodies,
                url: crate::routes::MODEL.path(&[&m.slug]),
                image: ImageView::new(asset_url(&m.image), title.clone()),
                price_text: lowest.map(|p| format!("From {}", format_dollars(p))),
                badge: (m.status == ModelStatus::ComingSoon)
                    .then(|| messages::COMING_SOON.to_string()),
                short_description: m.short_description.clone(),
                title,
            }
        })
        .collect()
}
