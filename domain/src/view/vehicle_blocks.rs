//! Blocks of the vehicle page below its viewer (seed 000 s2): the map at `#vehicle-map`
//! (where the car is: the address and a directions link as text, and the point the
//! browser's map marks once the block comes into view) and the promo banner with its three links (latest offers,
//! book service online, sell your car), and the assurance sections (seed 001 s2/s9:
//! Toyota Certified Pre-Owned, Reserve Online, the used-car money back guarantee, Why Buy
//! From Us, Protect Your Car) with the history report link (seed 001 s7: event 60).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::car::Car;
use crate::messages;
use crate::routes;

use super::card::car_location_name;
use super::form::form_routes;
use super::links::{OFFERS_PATH, SERVICE_FORM_ID};
use super::location_cards::{map_point, MapPoint};
use super::site::ViewContext;
use super::slug::encode_query_value;

/// Where the car is (`#vehicle-map`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct VehicleMapView {
    /// Location name, e.g. "Jacaranda Toyota Grafton".
    pub name: String,
    /// Street line, when known.
    pub street: Option<String>,
    /// "City STATE postcode" (what is known of it).
    pub locality: Option<String>,
    /// Directions to the location in the shopper's maps app (a link: nothing loads on the
    /// page).
    pub directions_url: String,
    /// The location's page on this site, when the dealer has it.
    pub location_url: Option<String>,
    /// Where the map puts its marker: the dealer's location, when its address has
    /// coordinates; without one the block stays text and links.
    pub point: Option<MapPoint>,
}

fn present(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

fn join(parts: &[Option<&str>], separator: &str) -> Option<String> {
    let text = parts
        .iter()
        .filter_map(|p| present(*p))
        .collect::<Vec<_>>()
        .join(separator);
    (!text.is_empty()).then_some(text)
}

/// The map block of `car`: its location from the dealer's locations (matched by slug,
/// visible ones only) with the full address, else what the feed carries (address, city,
/// state); none when the car names no location.
pub fn vehicle_map(car: &Car, ctx: &ViewContext<'_>) -> Option<VehicleMapView> {
    let feed = car.location.as_ref();
    let known = feed
        .map(|l| l.slug.as_str())
        .filter(|slug| !slug.is_empty())
        .and_then(|slug| {
            ctx.dealer
                .locations
                .iter()
                .find(|l| l.visible && l.slug == slug)
        });
    let point = known.and_then(|l| map_point(&l.address));
    let (name, street, locality, place_id, location_url) = match known {
        Some(location) => {
            let a = &location.address;
            (
                present(Some(&location.name)).or_else(|| car_location_name(car))?,
                present(Some(&a.street)),
                join(&[Some(&a.city), Some(&a.state), Some(&a.postcode)], " "),
                present(a.place_id.as_deref()),
                Some(crate::routes::LOCATION.path(&[&location.slug])),
            )
        }
        None => {
            let city = feed.and_then(|l| l.city.as_deref()).or(car.city.as_deref());
            let state = feed
                .and_then(|l| l.state.as_deref())
                .or(car.state.as_deref());
            (
                car_location_name(car)?,
                present(feed.and_then(|l| l.address.as_deref())),
                join(&[city, state], " "),
                None,
                None,
            )
        }
    };
    let destination = join(&[Some(&name), street.as_deref(), locality.as_deref()], ", ")
        .unwrap_or_else(|| name.clone());
    let place = place_id
        .map(|id| format!("&destination_place_id={}", encode_query_value(&id)))
        .unwrap_or_default();
    let directions_url = format!(
        "https://www.google.com/maps/dir/?api=1&destination={}{place}",
        encode_query_value(&destination)
    );
    Some(VehicleMapView {
        name,
        street,
        locality,
        directions_url,
        location_url,
        point,
    })
}

/// One link of the promo banner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PromoLinkView {
    /// Link text, e.g. "Latest offers".
    pub label: String,
    /// Target: a page of the site, or the manufacturer's service booking page.
    pub url: String,
    /// The target is another site (opens in a new tab).
    pub external: bool,
}

/// The promo banner of the vehicle page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PromoBannerView {
    /// Latest offers, book service online, sell your car: each only when its page exists.
    pub links: Vec<PromoLinkView>,
}

fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The promo banner (seed 000 s2) with links to pages the site publishes: the special
/// offers page (always built), the service booking (the dealer's external booking page
/// where configured, else `/service#service-booking`, or `/service` when a dealer page
/// takes that path) and `/sell-my-car` (the trade-in form, or a dealer page there). None
/// when no link is left.
pub fn promo_banner(ctx: &ViewContext<'_>) -> Option<PromoBannerView> {
    let dealer = ctx.dealer;
    let forms = form_routes(dealer);
    let form_at = |path: &str| forms.iter().any(|r| r.path == path);
    let page_at = |path: &str| dealer.pages.iter().any(|p| p.path == path);
    let link = |label: &str, url: String, external: bool| PromoLinkView {
        label: sentence_case(label),
        url,
        external,
    };
    let mut links = vec![link(
        messages::LATEST_OFFERS,
        OFFERS_PATH.to_string(),
        false,
    )];
    let external_service = dealer
        .config
        .service
        .external_booking_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty());
    if let Some(url) = external_service {
        links.push(link(messages::BOOK_SERVICE_ONLINE, url.to_string(), true));
    } else if form_at(routes::SERVICE.pattern) {
        links.push(link(
            messages::BOOK_SERVICE_ONLINE,
            format!("{}#{SERVICE_FORM_ID}", routes::SERVICE.pattern),
            false,
        ));
    } else if page_at(routes::SERVICE.pattern) {
        links.push(link(
            messages::BOOK_SERVICE_ONLINE,
            routes::SERVICE.pattern.to_string(),
            false,
        ));
    }
    let sell = routes::SELL_MY_CAR.pattern;
    if form_at(sell) || page_at(sell) {
        links.push(link(messages::SELL_YOUR_CAR, sell.to_string(), false));
    }
    Some(PromoBannerView { links })
}

/// One assurance section: its heading and points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct AssuranceView {
    /// Heading (the seed's words).
    pub title: String,
    /// Points, in order.
    pub points: Vec<String>,
}

/// The assurance sections of a vehicle page; each absent where it does not apply.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
pub struct VehicleAssurancesView {
    /// The certified section of a certified car of the dealer's certified make (Toyota
    /// Certified Pre-Owned: 90 point inspection, 1-year roadside assist; other makes' from config).
    pub certified: Option<AssuranceView>,
    /// Reserve Online (a car that can be reserved): the deposit, the hold and 100% refundable.
    pub reserve_online: Option<AssuranceView>,
    /// "48 hour money back guarantee" (used cars, where the dealer offers it).
    pub money_back: Option<String>,
    /// Why Buy From Us (config `vehicle_page.why_buy_from_us`).
    pub why_buy: Option<AssuranceView>,
    /// Protect Your Car (config `vehicle_page.protect_your_car`).
    pub protect: Option<AssuranceView>,
    /// The car's history report (feed `file`), opened in a new tab, where the session
    /// plugin "PPSR Report" is on (seed 001 s3).
    pub history_report_url: Option<String>,
}

/// Seed 001 s9: the manufacturer whose certified copy the seed gives ("Toyota certified:
/// 90 point inspection, 1-year roadside assist"); other makes' copy comes from config.
const SEED_CERTIFIED_MAKE: &str = "Toyota";

/// The certified section of `car`: only a certified car of the dealer's own
/// certified make (`tags.certified_manufacturer`, the make whose programme the dealer
/// runs), headed and worded from config (`vehicle_page.certified_title`,
/// `certified_points`), with the seed's Toyota copy as Toyota's default. A certified
/// Toyota at a Nissan dealer is not "Toyota Certified Pre-Owned" there: that programme is
/// the Toyota dealer's. No wording (a make other than Toyota without configured points)
/// leaves the section out rather than print a heading with nothing under it.
pub fn certified_section(car: &Car, ctx: &ViewContext<'_>) -> Option<AssuranceView> {
    let config = &ctx.dealer.config;
    let make = config
        .tags
        .certified_manufacturer
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())?;
    if !car.certified || !car.make.trim().eq_ignore_ascii_case(make) {
        return None;
    }
    let page = &config.vehicle_page;
    let seed_make = make.eq_ignore_ascii_case(SEED_CERTIFIED_MAKE);
    let title = present(page.certified_title.as_deref()).unwrap_or_else(|| {
        if seed_make {
            messages::TOYOTA_CERTIFIED_PRE_OWNED.to_string()
        } else {
            format!("{make} Certified Pre-Owned")
        }
    });
    let points = if !page.certified_points.is_empty() || !seed_make {
        page.certified_points.clone()
    } else {
        vec![
            messages::TOYOTA_CERTIFIED_INSPECTION.to_string(),
            messages::TOYOTA_CERTIFIED_ROADSIDE.to_string(),
        ]
    };
    section(&title, &points)
}

fn section(title: &str, points: &[String]) -> Option<AssuranceView> {
    let points: Vec<String> = points
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect();
    (!points.is_empty()).then(|| AssuranceView {
        title: title.to_string(),
        points,
    })
}

/// The assurance sections of `car`; `reservable` is whether the page offers Reserve Now.
pub fn vehicle_assurances(
    car: &Car,
    reservable: bool,
    ctx: &ViewContext<'_>,
) -> VehicleAssurancesView {
    let config = &ctx.dealer.config;
    let available = crate::rules::availability::is_available(car);
    let reserve = &config.reserve;
    VehicleAssurancesView {
        certified: certified_section(car, ctx),
        reserve_online: reservable.then(|| AssuranceView {
            title: messages::RESERVE_ONLINE.to_string(),
            points: vec![
                format!(
                    "Reserve this {} online with a ${} deposit.",
                    super::words::car_action_words(ctx.dealer, car).noun,
                    reserve.deposit
                ),
                format!("We hold it for you for {} hours.", reserve.hold_hours),
                format!("The deposit is {}.", messages::FULLY_REFUNDABLE),
            ],
        }),
        money_back: (available
            && config.vehicle_page.money_back_guarantee
            && car.car_type == crate::car::CarType::Used)
            .then(|| messages::MONEY_BACK_GUARANTEE.to_string()),
        why_buy: section(
            messages::WHY_BUY_FROM_US,
            &config.vehicle_page.why_buy_from_us,
        ),
        protect: section(
            messages::PROTECT_YOUR_CAR,
            &config.vehicle_page.protect_your_car,
        ),
        history_report_url: config
            .has_plugin(crate::config::SessionPlugin::PpsrReport)
            .then(|| present(car.file.as_deref()))
            .flatten(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::car::CarLocation;
    use crate::config::{ContentPage, Dealer};
    use crate::entities::Location;

    fn dealer(extra: &str) -> Dealer {
        crate::view::test_dealer(extra)
    }

    fn springwood(visible: bool) -> Location {
        toml::from_str(&format!(
            "id = 1\nname = \"Acme Springwood\"\nslug = \"acme-springwood\"\nvisible = {visible}\n\
             [address]\nstreet = \"1 Main St\"\ncity = \"Springwood\"\nstate = \"QLD\"\npostcode = \"4127\"\n\
             lat = -27.6\nlong = 153.1\nplace_id = \"ChIJ x\"\n"
        ))
        .expect("location")
    }

    fn car_at(location: Option<CarLocation>) -> Car {
        Car {
            id: 1,
            slug: "car-1".into(),
            location,
            ..Car::default()
        }
    }

    fn map(dealer: &Dealer, car: &Car) -> Option<VehicleMapView> {
        let ctx = ViewContext::new(
            dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        vehicle_map(car, &ctx)
    }

    fn banner(dealer: &Dealer) -> Vec<(String, String, bool)> {
        let ctx = ViewContext::new(
            dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        promo_banner(&ctx)
            .map(|b| {
                b.links
                    .into_iter()
                    .map(|l| (l.label, l.url, l.external))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn the_map_uses_the_dealer_location_address_and_links_directions() {
        let mut acme = dealer("");
        acme.locations = vec![springwood(true)];
        let car = car_at(Some(CarLocation {
            name: "Feed name".into(),
            slug: "acme-springwood".into(),
            ..CarLocation::default()
        }));
        let view = map(&acme, &car).expect("map");
        assert_eq!(view.name, "Acme Springwood");
        assert_eq!(view.street.as_deref(), Some("1 Main St"));
        assert_eq!(view.locality.as_deref(), Some("Springwood QLD 4127"));
        assert_eq!(
            view.location_url.as_deref(),
            Some("/locations/acme-springwood")
        );
        assert_eq!(
            view.directions_url,
            "https://www.google.com/maps/dir/?api=1&destination=Acme%20Springwood%2C%201%20Main%20St%2C%20Springwood%20QLD%204127&destination_place_id=ChIJ%20x"
        );
        assert_eq!(
            view.point,
            Some(MapPoint {
                lat: -27.6,
                lng: 153.1
            })
        );
    }

    #[test]
    fn the_map_has_no_point_without_usable_coordinates() {
        let mut acme = dealer("");
        let mut unplaced = springwood(true);
        unplaced.address.lat = 0.0;
        unplaced.address.long = 0.0;
        acme.locations = vec![unplaced];
        let car = car_at(Some(CarLocation {
            slug: "acme-springwood".into(),
            ..CarLocation::default()
        }));
        let view = map(&acme, &car).expect("map");
        assert_eq!(
            view.point, None,
            "0, 0 is a missing position, not the Gulf of Guinea"
        );
        let mut address = springwood(true).address;
        address.lat = 91.0;
        assert_eq!(map_point(&address), None);
        address.lat = f64::NAN;
        assert_eq!(map_point(&address), None);
    }

    #[test]
    fn the_map_falls_back_to_the_feed_and_is_absent_without_a_location() {
        let mut acme = dealer("");
        acme.locations = vec![springwood(false)];
        let feed = CarLocation {
            name: "Acme Springwood".into(),
            slug: "acme-springwood".into(),
            address: Some("1 Main St".into()),
            city: Some("Springwood".into()),
            state: Some("QLD".into()),
            ..CarLocation::default()
        };
        let view = map(&acme, &car_at(Some(feed))).expect("map from the feed");
        assert_eq!(
            (view.street.as_deref(), view.locality.as_deref()),
            (Some("1 Main St"), Some("Springwood QLD"))
        );
        assert_eq!(
            view.location_url, None,
            "a hidden location has no page to link"
        );
        assert!(view
            .directions_url
            .ends_with("destination=Acme%20Springwood%2C%201%20Main%20St%2C%20Springwood%20QLD"));
        assert_eq!(map(&acme, &car_at(None)), None);
        let nameless = car_at(Some(CarLocation {
            name: " ".into(),
            ..CarLocation::default()
        }));
        assert_eq!(map(&acme, &nameless), None);
    }

    #[test]
    fn the_promo_banner_links_offers_service_booking_and_sell_my_car() {
        let links = banner(&dealer(""));
        assert_eq!(
            links,
            vec![
                (
                    "Latest offers".to_string(),
                    "/special-offers".to_string(),
                    false
                ),
                (
                    "Book service online".to_string(),
                    "/service#service-booking".to_string(),
                    false
                ),
                (
                    "Sell your car".to_string(),
                    "/sell-my-car".to_string(),
                    false
                ),
            ]
        );
    }

    #[test]
    fn the_service_link_follows_an_external_booking_page_or_a_dealer_page() {
        let external = banner(&dealer(
            "[service]\nexternal_booking_url = \"https://www.toyota.com.au/service-booking\"\n",
        ));
        assert_eq!(
            external[1],
            (
                "Book service online".to_string(),
                "https://www.toyota.com.au/service-booking".to_string(),
                true
            )
        );
        let mut own = dealer("");
        own.pages.push(ContentPage {
            slug: "service".into(),
            title: "Service".into(),
            path: "/service".into(),
            description: None,
            markdown: "Call us to book.".into(),
            expiry: None,
        });
        assert_eq!(
            banner(&own)[1].1,
            "/service",
            "a dealer page has no booking form to jump to"
        );
    }

    fn assurances(dealer: &Dealer, car: &Car, reservable: bool) -> VehicleAssurancesView {
        let ctx = ViewContext::new(
            dealer,
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0)
                .single()
                .expect("time"),
        );
        vehicle_assurances(car, reservable, &ctx)
    }

    const TOYOTA_CERTIFIED: &str =
        "[tags]\ncertified_manufacturer = \"Toyota\"\ncertified_logo = \"certified.svg\"\n";

    #[test]
    fn certified_copy_is_the_dealers_own_certified_make() {
        // Seed 001 s2 "Toyota Certified Pre-Owned", s9 "Toyota certified: 90 point
        // inspection, 1-year roadside assist": the Toyota dealer's programme, not every
        // site's. A Nissan dealer's certified used cars get Nissan's wording from config.
        use crate::car::{CarStatus, CarType};
        let certified = |make: &str| Car {
            id: 3,
            make: make.into(),
            car_type: CarType::Used,
            status: CarStatus::InStock,
            certified: true,
            ..Car::default()
        };
        let toyota_dealer = dealer(TOYOTA_CERTIFIED);
        let toyota = assurances(&toyota_dealer, &certified("toyota"), false)
            .certified
            .expect("a certified Toyota at the Toyota dealer");
        assert_eq!(toyota.title, "Toyota Certified Pre-Owned");
        assert_eq!(
            toyota.points,
            ["90 point inspection", "1-year roadside assist"]
        );

        let nissan_dealer = dealer(
            "[tags]\ncertified_manufacturer = \"Nissan\"\ncertified_logo = \"certified.svg\"\n\
             [vehicle_page]\ncertified_points = [\"Nissan multi-point inspection\", \"Nissan roadside assistance\"]\n",
        );
        let nissan = assurances(&nissan_dealer, &certified("Nissan"), false)
            .certified
            .expect("a certified Nissan at the Nissan dealer");
        assert_eq!(nissan.title, "Nissan Certified Pre-Owned");
        assert_eq!(
            nissan.points,
            [
                "Nissan multi-point inspection",
                "Nissan roadside assistance"
            ]
        );
        // A certified Toyota traded in at the Nissan dealer is not in its programme, and
        // a site without a certified make says nothing of certification.
        assert_eq!(
            assurances(&nissan_dealer, &certified("Toyota"), false).certified,
            None
        );
        assert_eq!(
            assurances(&dealer(""), &certified("Toyota"), false).certified,
            None
        );
        // The dealer's own heading; another make without configured points is left out.
        let titled = dealer(&format!(
            "{TOYOTA_CERTIFIED}[vehicle_page]\ncertified_title = \"Certified by Jacaranda\"\n"
        ));
        let view = assurances(&titled, &certified("Toyota"), false)
            .certified
            .expect("titled");
        assert_eq!(view.title, "Certified by Jacaranda");
        assert_eq!(view.points.len(), 2, "Toyota keeps the seed's points");
        let wordless = dealer(
            "[tags]\ncertified_manufacturer = \"Mazda\"\ncertified_logo = \"certified.svg\"\n",
        );
        assert_eq!(
            assurances(&wordless, &certified("Mazda"), false).certified,
            None
        );
    }

    #[test]
    fn assurances_follow_the_car_and_the_dealer() {
        use crate::car::{CarStatus, CarType};
        let plain = dealer(TOYOTA_CERTIFIED);
        let used = Car {
            id: 2,
            make: "Toyota".into(),
            car_type: CarType::Used,
            status: CarStatus::InStock,
            certified: true,
            file: Some(" https://reports.example/2.pdf ".into()),
            ..Car::default()
        };
        let view = assurances(&plain, &used, true);
        let certified = view.certified.expect("certified Toyota");
        assert_eq!(
            (certified.title.as_str(), certified.points.as_slice()),
            (
                "Toyota Certified Pre-Owned",
                &[
                    "90 point inspection".to_string(),
                    "1-year roadside assist".to_string()
                ][..]
            )
        );
        let reserve = view.reserve_online.expect("reservable");
        assert_eq!(reserve.title, "Reserve Online");
        assert_eq!(
            reserve.points,
            [
                "Reserve this car online with a $200 deposit.",
                "We hold it for you for 48 hours.",
                "The deposit is 100% refundable."
            ]
        );
        assert_eq!(
            view.history_report_url.as_deref(),
            Some("https://reports.example/2.pdf")
        );
        // Nothing the dealer did not switch on or fill in.
        assert_eq!(
            (view.money_back, view.why_buy, view.protect),
            (None, None, None)
        );
        // Another make's certified car, a car that cannot be reserved, no report.
        let kia = Car {
            make: "Kia".into(),
            file: None,
            ..used.clone()
        };
        let view = assurances(&plain, &kia, false);
        assert_eq!(
            (view.certified, view.reserve_online, view.history_report_url),
            (None, None, None)
        );

        // Seed 001 s3: "Website session plugins: feature or name values Autogauge, Car
        // Analysis, PPSR Report": without PPSR Report the report link goes.
        let mut no_ppsr = plain.clone();
        no_ppsr.config.session_plugins = vec![crate::config::SessionPlugin::Autogauge];
        assert_eq!(assurances(&no_ppsr, &used, true).history_report_url, None);

        let mut generous = dealer("[vehicle_page]\nmoney_back_guarantee = true\nwhy_buy_from_us = [\"Family owned since 1965\", \" \"]\nprotect_your_car = [\"Paint protection\"]\n");
        generous.config.reserve.deposit = 500;
        let view = assurances(&generous, &used, true);
        assert_eq!(
            view.money_back.as_deref(),
            Some("48 hour money back guarantee")
        );
        assert_eq!(
            view.why_buy.expect("why buy").points,
            ["Family owned since 1965"]
        );
        assert_eq!(view.protect.expect("protect").title, "Protect Your Car");
        assert!(view.reserve_online.expect("reserve").points[0].contains("$500"));
        // The guarantee is for used cars only.
        assert_eq!(
            assurances(
                &generous,
                &Car {
                    car_type: CarType::New,
                    ..used
                },
                true
            )
            .money_back,
            None
        );
    }
}
