//! Routes and links several pages point to: the list pages, the enquiry and test-drive
//! forms, and a link with the number of cars behind it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::slug::encode_query_value;
use crate::config::{FeaturesConfig, MessagingConfig};
use crate::routes;
use crate::rules::messaging::{message_channel, message_text, MessageChannel};

/// Route of the brands list.
pub const BRANDS_PATH: &str = routes::BRANDS.pattern;

/// Route of the offers list.
pub const OFFERS_PATH: &str = routes::OFFERS.pattern;

/// The catalogue's route (seed 001 s2: /parts/search).
pub const PARTS_SEARCH_PATH: &str = routes::PARTS_SEARCH.pattern;

/// The test-drive page (seed 001 s2: /book-test-drive/).
pub const TEST_DRIVE_PATH: &str = routes::TEST_DRIVE.pattern;

/// The general enquiry page: a car's enquiry links go there without JavaScript, and links
/// from offers and model pages fill its message (`?message=...`, [`enquiry_url`]).
pub const ENQUIRY_PATH: &str = routes::ENQUIRY.pattern;

/// The privacy policy route; every site has it.
pub const PRIVACY_PATH: &str = routes::PRIVACY.pattern;
/// The terms and conditions route; every site has it.
pub const TERMS_PATH: &str = routes::TERMS.pattern;

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

/// The link Message Now opens for the car named `car_name` at `car_url` (with id
/// `car_id`), or `None` when the dealer has no (valid) channel and Message Now stays
/// the enquiry form. Every value is percent-encoded, so a name cannot add parameters.
pub fn message_url(
    messaging: &MessagingConfig,
    car_id: u64,
    car_name: &str,
    car_url: &str,
) -> Option<String> {
    let body = encode_query_value(&message_text(car_name, car_url));
    let channel = message_channel(
        messaging.sms.as_deref(),
        messaging.whatsapp.as_deref(),
        messaging.messenger.as_deref(),
    )?;
    Some(match channel {
        MessageChannel::Sms(phone) => format!("sms:{}?body={body}", phone.e164()),
        // wa.me takes the full international number without "+".
        MessageChannel::WhatsApp(phone) => format!(
            "https://wa.me/{}?text={body}",
            phone.e164().trim_start_matches('+')
        ),
        MessageChannel::Messenger(page) => format!("https://m.me/{page}?ref=car-{car_id}"),
    })
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
    [(routes::PARTS_ORDER_ALIAS.pattern, "features.parts_orders")];

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
        routes::USED_CAR.path(&[car_type.as_str()])
    } else {
        car_type_search_path(car_type)
    }
}

/// The search landing page of one car type, `/search/{type}-cars`.
pub fn car_type_search_path(car_type: crate::car::CarType) -> String {
    routes::SEARCH.path(&[&format!("{}-cars", car_type.as_str())])
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

    fn channel(
        sms: Option<&str>,
        whatsapp: Option<&str>,
        messenger: Option<&str>,
    ) -> MessagingConfig {
        MessagingConfig {
            sms: sms.map(str::to_string),
            whatsapp: whatsapp.map(str::to_string),
            messenger: messenger.map(str::to_string),
        }
    }

    const URL: &str = "https://www.redgum.com.au/cars/2021-toyota-hilux-sr5-7";

    #[test]
    fn sms_opens_the_number_with_the_car_prefilled() {
        let url = message_url(
            &channel(Some("0412 345 678"), None, None),
            7,
            "2021 Toyota HiLux SR5",
            URL,
        );
        assert_eq!(
            url.as_deref(),
            Some("sms:+61412345678?body=Hi%2C%20I%27m%20interested%20in%20the%202021%20Toyota%20HiLux%20SR5%3A%20https%3A%2F%2Fwww.redgum.com.au%2Fcars%2F2021-toyota-hilux-sr5-7")
        );
    }

    #[test]
    fn whatsapp_takes_the_international_number_without_its_plus() {
        let url =
            message_url(&channel(None, Some("+61 412 345 678"), None), 7, "Ute", URL).unwrap();
        assert!(url.starts_with("https://wa.me/61412345678?text=Hi%2C%20I%27m%20interested%20in%20the%20Ute%3A%20https%3A%2F%2F"), "{url}");
    }

    #[test]
    fn a_car_name_cannot_break_out_of_the_message() {
        let url = message_url(
            &channel(Some("0412345678"), None, None),
            7,
            "A&B <x> \"y\" #z?body=evil",
            URL,
        )
        .unwrap();
        assert!(
            url.contains("A%26B%20%3Cx%3E%20%22y%22%20%23z%3Fbody%3Devil"),
            "{url}"
        );
        assert_eq!(url.matches("body=").count(), 1);
        assert!(!url.contains(['<', '>', '"', ' ', '#', '&']));
    }

    #[test]
    fn messenger_opens_the_page_with_the_car_as_its_ref() {
        let url = message_url(&channel(None, None, Some("redgummotors")), 7, "Ute", URL);
        assert_eq!(url.as_deref(), Some("https://m.me/redgummotors?ref=car-7"));
    }

    #[test]
    fn without_a_valid_channel_message_now_stays_the_enquiry_form() {
        assert_eq!(
            message_url(&MessagingConfig::default(), 7, "Ute", URL),
            None
        );
        // A landline takes no text messages.
        assert_eq!(
            message_url(&channel(Some("(07) 3123 4567"), None, None), 7, "Ute", URL),
            None
        );
        assert_eq!(
            message_url(&channel(None, None, Some("bad/page")), 7, "Ute", URL),
            None
        );
    }
}
