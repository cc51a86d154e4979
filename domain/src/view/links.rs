//! Routes and links several pages point to: the list pages, the enquiry and test-drive
//! forms, and a link with the number of cars behind it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::slug::encode_query_value;
use crate::config::FeaturesConfig;

/// Route of the brands list.
pub const BRANDS_PATH: &str = "/brands";

/// Route of the offers list.
pub const OFFERS_PATH: &str = "/special-offers";

/// The catalogue's route (seed 001 s2: /parts/search).
pub const PARTS_SEARCH_PATH: &str = "/parts/search";

/// The test-drive page (seed 001 s2: /book-test-drive/).
pub const TEST_DRIVE_PATH: &str = "/book-test-drive";

/// The general enquiry page: a car's enquiry links go there without JavaScript, and links
/// from offers and model pages fill its message (`?message=...`, [`enquiry_url`]).
pub const ENQUIRY_PATH: &str = "/contact-us";

/// The privacy policy route; every site has it.
pub const PRIVACY_PATH: &str = "/privacy-policy";
/// The terms and conditions route; every site has it.
pub const TERMS_PATH: &str = "/terms-and-conditions";

/// The id of the enquiry form on that page.
pub const ENQUIRY_FORM_ID: &str = "enquiry-form";

/// Where the finance links land (seed 001 s2: they end with `#finance-form`).
pub const FINANCE_FORM_ID: &str = "finance-form";

/// Where the service links land (seed 001 s2: `/service#service-booking`).
pub const SERVICE_FORM_ID: &str = "service-booking";

/// The enquiry form with its message filled in.
pub fn enquiry_url(message: &str) -> String {
    format!(
        "{ENQUIRY_PATH}?message={}#{ENQUIRY_FORM_ID}",
        encode_query_value(message)
    )
}

/// A link with the number of cars behind it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CountLink {
    /// Text.
    pub label: String,
    /// Target.
    pub url: String,
    /// Cars behind the link.
    #[ts(type = "number")]
    pub count: u64,
}

/// Routes a dealer's site publishes only with a feature switched on: (path, the
/// dealer.toml key that switches it on).
pub const FEATURE_ROUTES: [(&str, &str); 1] =
    [("/vehicle-parts-and-accessories", "features.parts_orders")];

/// The feature key a link's route needs that the dealer has switched off, or `None` when
/// the route is not a feature's (or the feature is on). Menus leave such links out: the
/// page they name is not published (the default footer links the parts order form).
pub fn switched_off_feature(features: &FeaturesConfig, url: &str) -> Option<&'static str> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    let (_, key) = FEATURE_ROUTES.iter().find(|(route, _)| *route == path)?;
    let on = match *key {
        "features.parts_orders" => features.parts_orders,
        _ => false,
    };
    (!on).then_some(*key)
}

/// The landing page of one car type that the site's links use: `/used-car/{car type}`
/// where the dealer switches the seed 001 s2 path variant on, else `/search/{type}-cars`
/// (both are published on such a site; breadcrumbs, home and footer links use one).
pub fn car_type_path(
    car_type: crate::car::CarType,
    search: &crate::config::SearchConfig,
) -> String {
    if search.used_car_path_variant {
        format!("/used-car/{}", car_type.as_str())
    } else {
        format!("/search/{}-cars", car_type.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_order_route_is_off_without_its_feature() {
        let mut features = FeaturesConfig::default();
        for url in [
            "/vehicle-parts-and-accessories",
            "/vehicle-parts-and-accessories/",
            "/vehicle-parts-and-accessories#parts-order",
        ] {
            assert_eq!(
                switched_off_feature(&features, url),
                Some("features.parts_orders"),
                "{url}"
            );
        }
        assert_eq!(switched_off_feature(&features, "/parts"), None);
        features.parts_orders = true;
        assert_eq!(
            switched_off_feature(&features, "/vehicle-parts-and-accessories"),
            None
        );
    }
}
