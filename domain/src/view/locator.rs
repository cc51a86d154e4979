//! The dealer locator (`/dealer-locator`, seed 000 s2, s7, s8, s9): the page's constants
//! and the websites `GET /api/manufacturer-locations` answers: every site on the platform
//! with the locations that sell the asking site's makes.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config::Dealer;
use crate::entities::LocationType;
use crate::messages;
use crate::rules::constants::{
    DEFAULT_RADIUS_KM, DISTANCE_CHOICES_KM, MAP_PICK_NEAREST, MAP_PICK_RADIUS_KM,
};

use super::names::department_label;
use super::site::{canonical_base, website_id};
use super::slug::slugify;

/// Route of the locator.
pub const LOCATOR_PATH: &str = "/dealer-locator";
/// Its heading.
pub const LOCATOR_TITLE: &str = "Dealer Locator";
/// The endpoint the page calls.
pub const MANUFACTURER_LOCATIONS_API: &str = "/api/manufacturer-locations";

/// One location of a website.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct WebsiteLocation {
    /// Location id.
    #[ts(type = "number")]
    pub id: u64,
    /// Name.
    pub name: String,
    /// Department, e.g. "Sales".
    pub department: String,
    /// Street line.
    pub street: String,
    /// Suburb or city.
    pub city: String,
    /// State, e.g. "QLD".
    pub state: String,
    /// Postcode.
    pub postcode: String,
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lng: f64,
    /// Main phone.
    pub phone: Option<String>,
    /// Makes sold or serviced here.
    pub makes: Vec<String>,
    /// The location's page on its website (absolute).
    pub url: String,
}

/// One website on the platform (seed 000 s7: id, name, url, dealership, locations).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Website {
    /// Website id (stable per dealer slug).
    #[ts(type = "number")]
    pub id: u64,
    /// Trading name.
    pub name: String,
    /// Home page (absolute).
    pub url: String,
    /// The dealership's slug.
    pub dealership: String,
    /// Its visible locations.
    pub locations: Vec<WebsiteLocation>,
}

/// The locator page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocatorPageView {
    /// Heading.
    pub title: String,
    /// The endpoint listing the websites.
    pub api_path: String,
    /// The makes of this site (the list is limited to dealers selling them).
    pub makes: Vec<String>,
    /// Seed 000 s9: distance choices, km.
    pub distance_choices: Vec<u32>,
    /// Seed 000 s9: default nearby radius, km.
    pub default_radius_km: u32,
    /// Seed 000 s9: radius after the shopper picks a place, km.
    pub pick_radius_km: u32,
    /// Seed 000 s9: how many nearest locations show after a pick.
    #[ts(type = "number")]
    pub pick_nearest: usize,
    /// Seed 000 s8: what a failed fetch logs.
    pub failure_log: String,
}

/// The makes a dealer sells: its manufacturer, else the makes of its visible locations.
pub fn dealer_makes(dealer: &Dealer) -> Vec<String> {
    let mut makes: Vec<String> = Vec::new();
    let configured = dealer.config.manufacturer.iter().cloned();
    let of_locations = dealer
        .locations
        .iter()
        .filter(|l| l.visible)
        .flat_map(|l| l.manufacturers.iter().cloned());
    for make in configured.chain(of_locations) {
        let make = make.trim().to_string();
        if !make.is_empty() && !makes.iter().any(|m| slugify(m) == slugify(&make)) {
            makes.push(make);
        }
    }
    makes
}

/// The website of a dealer, with every visible location.
pub fn website(dealer: &Dealer) -> Website {
    let base = canonical_base(dealer);
    Website {
        id: website_id(&dealer.config.slug),
        name: dealer.config.name.clone(),
        url: format!("{base}/"),
        dealership: dealer.config.slug.clone(),
        locations: dealer
            .locations
            .iter()
            .filter(|l| l.visible)
            .map(|l| WebsiteLocation {
                id: l.id,
                name: l.name.clone(),
                department: department_label(l.location_type).to_string(),
                street: l.address.street.clone(),
                city: l.address.city.clone(),
                state: l.address.state.clone(),
                postcode: l.address.postcode.clone(),
                lat: l.address.lat,
                lng: l.address.long,
                phone: l
                    .contact_detail
                    .phone
                    .clone()
                    .filter(|p| !p.trim().is_empty()),
                makes: l.manufacturers.clone(),
                url: format!("{base}/locations/{}", l.slug),
            })
            .collect(),
    }
}

/// The answer of `GET /api/manufacturer-locations` for a site selling `makes`: every
/// website with its sales locations selling one of them (all sales locations when `makes`
/// is empty); websites left without locations are dropped. The asking site comes first,
/// then by name.
pub fn manufacturer_locations(
    websites: &[Website],
    asking: &str,
    makes: &[String],
) -> Vec<Website> {
    let wanted: Vec<String> = makes.iter().map(|m| slugify(m)).collect();
    let sales = department_label(LocationType::Sales);
    let mut answer: Vec<Website> = websites
        .iter()
        .map(|w| Website {
            locations: w
                .locations
                .iter()
                .filter(|l| l.department == sales)
                .filter(|l| {
                    wanted.is_empty() || l.makes.iter().any(|m| wanted.contains(&slugify(m)))
                })
                .cloned()
                .collect(),
            ..w.clone()
        })
        .filter(|w| !w.locations.is_empty())
        .collect();
    answer.sort_by(|a, b| {
        (a.dealership != asking)
            .cmp(&(b.dealership != asking))
            .then_with(|| a.name.cmp(&b.name))
    });
    answer
}

/// The locator page of a dealer.
pub fn locator_page_view(dealer: &Dealer) -> LocatorPageView {
    LocatorPageView {
        title: LOCATOR_TITLE.to_string(),
        api_path: MANUFACTURER_LOCATIONS_API.to_string(),
        makes: dealer_makes(dealer),
        distance_choices: DISTANCE_CHOICES_KM.to_vec(),
        default_radius_km: DEFAULT_RADIUS_KM,
        pick_radius_km: MAP_PICK_RADIUS_KM,
        pick_nearest: MAP_PICK_NEAREST,
        failure_log: messages::FAILED_TO_FETCH_LOCATIONS.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn location(id: u64, department: &str, makes: &[&str]) -> WebsiteLocation {
        WebsiteLocation {
            id,
            name: format!("L{id}"),
            department: department.to_string(),
            street: String::new(),
            city: String::new(),
            state: "QLD".to_string(),
            postcode: "4000".to_string(),
            lat: -27.0,
            lng: 153.0,
            phone: None,
            makes: makes.iter().map(|m| m.to_string()).collect(),
            url: String::new(),
        }
    }

    fn site(slug: &str, name: &str, locations: Vec<WebsiteLocation>) -> Website {
        Website {
            id: website_id(slug),
            name: name.to_string(),
            url: String::new(),
            dealership: slug.to_string(),
            locations,
        }
    }

    #[test]
    fn only_sales_locations_of_the_makes_asked_for_the_asking_site_first() {
        let sales = department_label(LocationType::Sales);
        let service = department_label(LocationType::Service);
        let sites = vec![
            site(
                "b",
                "Beta",
                vec![
                    location(1, sales, &["Toyota"]),
                    location(2, service, &["Toyota"]),
                ],
            ),
            site("a", "Alpha", vec![location(3, sales, &["Mazda"])]),
            site("z", "Zed", vec![location(4, sales, &["toyota", "Kia"])]),
        ];
        let answer = manufacturer_locations(&sites, "z", &["TOYOTA".to_string()]);
        let ids: Vec<(String, Vec<u64>)> = answer
            .iter()
            .map(|w| {
                (
                    w.dealership.clone(),
                    w.locations.iter().map(|l| l.id).collect(),
                )
            })
            .collect();
        assert_eq!(
            ids,
            [("z".to_string(), vec![4]), ("b".to_string(), vec![1])]
        );
        assert_eq!(
            manufacturer_locations(&sites, "a", &[]).len(),
            3,
            "no makes: every sales location"
        );
        assert_ne!(website_id("a"), website_id("b"));
    }
}
