//! Model pages (`/models/{slug}`, seed 001 sections 2, 4 and 9) and the `/models` list.
//!
//! The colour picker's data is laid out here once per variant, with the rules of
//! `rules::colour_picker` (series order, body-style order, when the body-style tabs show),
//! so the React picker only moves between prepared lists.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::entities::{Model, ModelColour, ModelStatus};
use crate::messages;
use crate::rules::availability::is_available;
use crate::rules::colour_picker::{
    body_styles, shows_body_style_tabs, sort_by_body_style, sort_variants_by_series,
};
use crate::rules::constants::DRIVER_ASSIST_SHOWN;
use crate::rules::format::format_dollars;
use crate::rules::vehicle_text::MODEL_PAGE_SPEC_COUNT;

use super::crumbs::Crumb;
use super::form_view::FormPageView;
use super::images::asset_url;
use super::images::ImageView;
use super::links::enquiry_url;
use super::model_cards::{body_style_label, model_cards, model_title, ModelCardView};
use super::slug::slugify;
use crate::rules::vehicle_text::SpecRow;

/// One colour swatch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ColourView {
    /// Colour name.
    pub name: String,
    /// Swatch colour "#RRGGBB".
    pub hex: String,
    /// The car in this colour.
    pub image: ImageView,
}

/// The colours of one body style (or all of a variant's colours when it has no tabs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ColourGroup {
    /// Tab label, e.g. "Dual Cab"; empty when the variant shows no body-style tabs.
    pub label: String,
    /// Colours in body-style order.
    pub colours: Vec<ColourView>,
}

/// One variant: its price card and its colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct VariantView {
    /// Short name, e.g. "EX" (the variant tab).
    pub name: String,
    /// Full name, e.g. "Omoda 5 EX".
    pub full_name: String,
    /// Drive-away price as shown, or 'Enquire for price.'.
    pub price_text: String,
    /// Variant image.
    pub image: Option<ImageView>,
    /// Key features.
    pub features: Vec<String>,
    /// Seed 001 s4: a body-style tab row shows with 3+ body styles and more than 15 colours.
    pub body_style_tabs: bool,
    /// Colour groups: one per body style with tabs, else one.
    pub colour_groups: Vec<ColourGroup>,
}

/// A model page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ModelPageView {
    /// Model name.
    pub name: String,
    /// Make.
    pub make: String,
    /// Heading, "{make} {name}" unless the name already starts with the make.
    pub title: String,
    /// Whether the model is coming soon (Register Interest instead of a test drive).
    pub coming_soon: bool,
    /// One paragraph.
    pub short_description: String,
    /// Hero image.
    pub image: ImageView,
    /// Carousel images.
    pub images: Vec<ImageView>,
    /// Brochure link.
    pub brochure_url: Option<String>,
    /// Seed 001 s2: the first 4 specifications with a value.
    pub specifications: Vec<SpecRow>,
    /// Driver-assist systems, all of them.
    pub driver_assist: Vec<String>,
    /// How many driver-assist systems show before Show More.
    #[ts(type = "number")]
    pub driver_assist_shown: usize,
    /// Variants in series order.
    pub variants: Vec<VariantView>,
    /// Ownership benefits.
    pub benefits: Vec<String>,
    /// The call to action: 'Register Interest' for coming-soon models, else 'Book a Test Drive'.
    pub cta_label: String,
    /// Its target: the enquiry form with the model named.
    pub cta_url: String,
    /// Discover card: matching cars in stock, when any.
    pub stock_link: Option<StockLink>,
    /// Breadcrumbs.
    pub breadcrumbs: Vec<Crumb>,
    /// The Register Interest form of a coming-soon model, on the page at
    /// `#register-interest-form` (seed 001 s2), which its call to action links.
    pub register_interest: Option<FormPageView>,
}

/// A link to the cars in stock of a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct StockLink {
    /// Text, e.g. "View 12 Omoda 5 in stock".
    pub label: String,
    /// Target search page.
    pub url: String,
    /// Available cars behind it.
    #[ts(type = "number")]
    pub count: u64,
}

/// The `/models` list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ModelsPageView {
    /// Heading.
    pub title: String,
    /// Models by make then name.
    pub models: Vec<ModelCardView>,
}

fn colour_view(colour: &ModelColour, title: &str) -> ColourView {
    ColourView {
        name: colour.name.clone(),
        hex: colour.hex_code.clone(),
        image: ImageView::new(
            asset_url(&colour.photo_url),
            format!("{title} in {}", colour.name),
        ),
    }
}

fn colour_groups(colours: &[ModelColour], title: &str) -> (bool, Vec<ColourGroup>) {
    let sorted = sort_by_body_style(colours);
    if shows_body_style_tabs(&sorted) {
        let groups = body_styles(&sorted)
            .into_iter()
            .map(|style| ColourGroup {
                label: body_style_label(&style),
                colours: sorted
                    .iter()
                    .filter(|c| c.oem_id.as_deref().map(str::trim) == Some(style.as_str()))
                    .map(|c| colour_view(c, title))
                    .collect(),
            })
            .collect();
        (true, groups)
    } else {
        (
            false,
            vec![ColourGroup {
                label: String::new(),
                colours: sorted.iter().map(|c| colour_view(c, title)).collect(),
            }],
        )
    }
}

/// Whether a car in stock is of this model (same make and model, ignoring case and
/// punctuation).
fn is_of_model(car: &Car, model: &Model) -> bool {
    slugify(&car.make) == slugify(&model.make) && slugify(&car.model) == slugify(&model.name)
}

/// The view of one model page.
pub fn model_page_view(model: &Model, cars: &[Car], series_order: &[String]) -> ModelPageView {
    let title = model_title(model);
    let variants = sort_variants_by_series(&model.variants, series_order);
    let variant_views: Vec<VariantView> = if variants.is_empty() {
        // A model without variants still shows its colours.
        let (tabs, groups) = colour_groups(&model.colours, &title);
        if model.colours.is_empty() {
            Vec::new()
        } else {
            vec![VariantView {
                name: model.name.clone(),
                full_name: title.clone(),
                price_text: messages::ENQUIRE_FOR_PRICE.to_string(),
                image: None,
                features: Vec::new(),
                body_style_tabs: tabs,
                colour_groups: groups,
            }]
        }
    } else {
        variants
            .iter()
            .map(|v| {
                let of_variant: Vec<ModelColour> = model
                    .colours
                    .iter()
                    .filter(|c| {
                        c.model_variant_name == v.name || c.model_variant_name == v.full_name
                    })
                    .cloned()
                    .collect();
                let (tabs, groups) = colour_groups(&of_variant, &v.full_name);
                VariantView {
                    name: v.name.clone(),
                    full_name: v.full_name.clone(),
                    price_text: v
                        .price
                        .filter(|p| *p > 0.0)
                        .map(format_dollars)
                        .unwrap_or_else(|| messages::ENQUIRE_FOR_PRICE.to_string()),
                    image: v
                        .image
                        .as_ref()
                        .map(|url| ImageView::new(asset_url(url), v.full_name.clone())),
                    features: v.features.clone(),
                    body_style_tabs: tabs,
                    colour_groups: groups,
                }
            })
            .collect()
    };
    let specifications: Vec<SpecRow> = model
        .model_specifications
        .iter()
        .filter_map(|s| {
            let value = s
                .value
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty() && !v.eq_ignore_ascii_case("null"))?;
            Some(SpecRow {
                label: s.name.clone(),
                value: value.to_string(),
            })
        })
        .take(MODEL_PAGE_SPEC_COUNT)
        .collect();
    let in_stock = cars
        .iter()
        .filter(|c| is_available(c) && is_of_model(c, model))
        .count() as u64;
    let coming_soon = model.status == ModelStatus::ComingSoon;
    let cta_label = if coming_soon {
        messages::REGISTER_INTEREST
    } else {
        messages::BOOK_A_TEST_DRIVE
    };
    let cta_url = enquiry_url(&if coming_soon {
        format!("Please register my interest in the {title}.")
    } else {
        format!("I'd like to book a test drive of the {title}.")
    });
    ModelPageView {
        name: model.name.clone(),
        make: model.make.clone(),
        title: title.clone(),
        coming_soon,
        short_description: model.short_description.clone(),
        image: ImageView::new(asset_url(&model.image), title.clone()),
        images: model
            .images
            .iter()
            .enumerate()
            .map(|(i, url)| ImageView::new(asset_url(url), format!("{title}, photo {}", i + 1)))
            .collect(),
        brochure_url: model.brochure_url.clone().filter(|u| !u.trim().is_empty()),
        specifications,
        driver_assist: model.driver_assist.clone(),
        driver_assist_shown: DRIVER_ASSIST_SHOWN,
        variants: variant_views,
        benefits: model.benefits.clone(),
        cta_label: cta_label.to_string(),
        cta_url,
        stock_link: (in_stock > 0).then(|| StockLink {
            label: format!("View {in_stock} {title} in stock"),
            url: crate::routes::SEARCH_MODEL.path(&[&slugify(&model.make), &slugify(&model.name)]),
            count: in_stock,
        }),
        breadcrumbs: vec![
            Crumb {
                label: messages::BREADCRUMB_HOME.to_string(),
                url: Some("/".to_string()),
            },
            Crumb {
                label: messages::MODELS_TITLE.to_string(),
                url: Some(crate::routes::MODELS.pattern.to_string()),
            },
            Crumb {
                label: title,
                url: None,
            },
        ],
        register_interest: None,
    }
}

/// The `/models` list of a dealer's model pages.
pub fn models_page_view(models: &[Model]) -> ModelsPageView {
    ModelsPageView {
        title: messages::MODELS_TITLE.to_string(),
        models: model_cards(models),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entities::{ModelSpecification, ModelVariant};

    #[test]
    fn body_style_codes_read_as_words() {
        assert_eq!(body_style_label("dual_cab"), "Dual Cab");
        assert_eq!(body_style_label("wagon"), "Wagon");
        assert_eq!(body_style_label("2_door"), "2 Door");
        assert_eq!(body_style_label(""), "");
    }

    fn colour(id: u64, name: &str, oem: &str, variant: &str) -> ModelColour {
        ModelColour {
            id,
            name: name.to_string(),
            photo_url: format!("/media/{id}.svg"),
            hex_code: "#000000".to_string(),
            oem_id: Some(oem.to_string()),
            model_variant_name: variant.to_string(),
        }
    }

    fn variant(name: &str, series: &str, price: Option<f64>) -> ModelVariant {
        ModelVariant {
            name: name.to_string(),
            full_name: format!("Hilux {name}"),
            series: Some(series.to_string()),
            image: None,
            price,
            features: vec![],
        }
    }

    fn model() -> Model {
        Model {
            id: 1,
            slug: "hilux".to_string(),
            name: "Hilux".to_string(),
            make: "Toyota".to_string(),
            status: ModelStatus::Available,
            short_description: String::new(),
            image: "/media/hilux.svg".to_string(),
            images: vec![],
            colours: vec![],
            brochure_url: None,
            model_specifications: vec![],
            variants: vec![],
            driver_assist: vec![],
            benefits: vec![],
        }
    }

    #[test]
    fn first_four_specifications_with_a_value() {
        let mut m = model();
        m.model_specifications = ["Engine", "Power", "Torque", "Economy", "Seats"]
            .iter()
            .enumerate()
            .map(|(i, n)| ModelSpecification {
                name: n.to_string(),
                value: if i == 1 {
                    Some("null".to_string())
                } else {
                    Some(format!("v{i}"))
                },
                category: String::new(),
            })
            .collect();
        let view = model_page_view(&m, &[], &[]);
        let labels: Vec<&str> = view
            .specifications
            .iter()
            .map(|s| s.label.as_str())
            .collect();
        assert_eq!(labels, ["Engine", "Torque", "Economy", "Seats"]);
        assert_eq!(view.cta_label, messages::BOOK_A_TEST_DRIVE);
        assert_eq!(view.title, "Toyota Hilux");
    }

    #[test]
    fn variants_follow_series_order_and_tabs_need_three_styles_and_sixteen_colours() {
        let mut m = model();
        m.status = ModelStatus::ComingSoon;
        m.variants = vec![
            variant("SR5", "sport", Some(61990.0)),
            variant("WorkMate", "duo", None),
        ];
        let styles = ["hatch", "single_cab", "dual_cab", "extra_cab"];
        m.colours = (0..16)
            .map(|i| colour(i, &format!("C{i}"), styles[i as usize % 4], "SR5"))
            .collect();
        m.colours.push(colour(99, "White", "dual_cab", "WorkMate"));
        // Seed 000 s9: "Series sort order duo, city, sport on one variant" (the dealer's
        // search.series_sort_order); without it the model file's order stands.
        assert_eq!(model_page_view(&m, &[], &[]).variants[0].name, "SR5");
        let duo_city_sport = ["duo", "city", "sport"].map(String::from);
        let view = model_page_view(&m, &[], &duo_city_sport);
        assert_eq!(view.cta_label, messages::REGISTER_INTEREST);
        assert_eq!(view.variants[0].name, "WorkMate");
        assert_eq!(view.variants[0].price_text, messages::ENQUIRE_FOR_PRICE);
        assert!(!view.variants[0].body_style_tabs);
        let sr5 = &view.variants[1];
        assert_eq!(sr5.price_text, "$61,990");
        assert!(sr5.body_style_tabs);
        let labels: Vec<&str> = sr5.colour_groups.iter().map(|g| g.label.as_str()).collect();
        // dual_cab and extra_cab rank 1 and 2; hatch and single_cab rank 3 keep feed order.
        assert_eq!(labels, ["Dual Cab", "Extra Cab", "Hatch", "Single Cab"]);
        assert!(sr5.colour_groups.iter().all(|g| g.colours.len() == 4));
        // Fifteen colours over four styles: one group, in body-style order.
        m.colours.truncate(15);
        let view = model_page_view(&m, &[], &duo_city_sport);
        assert!(!view.variants[1].body_style_tabs);
        assert_eq!(view.variants[1].colour_groups.len(), 1);
        assert_eq!(view.variants[1].colour_groups[0].colours[0].name, "C2");
    }

    #[test]
    fn body_style_labels_read_as_words() {
        assert_eq!(body_style_label("dual_cab"), "Dual Cab");
        assert_eq!(body_style_label("2_door"), "2 Door");
        assert_eq!(body_style_label("wagon"), "Wagon");
    }
}
