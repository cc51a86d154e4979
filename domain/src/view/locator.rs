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

use super::site::{canonical_base, website_id};
use super::slug::slugify;

/// Route of the locator.
pub const LOCATOR_PATH: &str = crate::routes::LOCATOR.pattern;
/// The endpoint the page calls.
pub const MANUFACTURER_LOCATIONS_API: &str = "/api/manufacturer-locations";

/// A dealership as seed 000 s3 names it on a location: `dealership (id, slug)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealershipRef {
    /// Dealership id: the location's `dealership_id`, else the website id (a dealer with
    /// one dealership is that dealership).
    pub id: u64,
    /// Dealership slug: the location's `dealership_slug`, else the dealer's slug.
    pub slug: String,
}

/// Where a locator location is (seed 000 s3: `address (lat, long)`, with the street
/// lines seed 001 s3 gives a location's address).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LocatorAddress {
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
    /// Longitude (the seeds call it `long`).
    pub long: f64,
    /// Seed 001 s3 `address.map_key`: the key printed on the location's marker and
    /// beside its name in the list; null for a plain pin.
    pub map_key: Option<String>,
}

/// One location of a website: seed 000 s3 "Dealership location" (id, name,
/// location_type, address (lat, long), dealership (id, slug), website_id, website_name,
/// website_url), with the phone, makes and page the locator's list shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealershipLocation {
    /// Location id.
    pub id: u64,
    /// Name.
    pub name: String,
    /// Department: sales, service, parts or service-and-parts.
    pub location_type: LocationType,
    /// Address with coordinates.
    pub address: LocatorAddress,
    /// The dealership the location belongs to.
    pub dealership: DealershipRef,
    /// Id of the website listing it.
    pub website_id: u64,
    /// Name of that website.
    pub website_name: String,
    /// Home page of that website (absolute).
    pub website_url: String,
    /// Main phone.
    pub phone: Option<String>,
    /// Makes sold or serviced here.
    pub makes: Vec<String>,
    /// The location's page on its website (absolute).
    pub url: String,
}

/// One website on the platform (seed 000 s7: id, name, url, dealership, locations).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Website {
    /// Website id (stable per dealer slug).
    pub id: u64,
    /// Trading name.
    pub name: String,
    /// Home page (absolute).
    pub url: String,
    /// The dealer itself as a dealership (id = website id, slug = dealer slug).
    pub dealership: DealershipRef,
    /// Its visible locations.
    pub locations: Vec<DealershipLocation>,
    /// On another dealer's locator, the manufacturer network it is listed under (e.g.
    /// "Toyota"); null for the asking dealer's own website.
    #[serde(default)]
    pub network: Option<String>,
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
    /// The manufacturer network listed after the dealer's own dealerships (config
    /// `locations.locator_network`), if any.
    pub network: Option<String>,
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
    let id = website_id(&dealer.config.slug);
    let url = format!("{base}/");
    let own = DealershipRef {
        id,
        slug: dealer.config.slug.clone(),
    };
    Website {
        id,
        name: dealer.config.name.clone(),
        url: url.clone(),
        dealership: own.clone(),
        locations: dealer
            .locations
            .iter()
            .filter(|l| l.visible)
            .map(|l| DealershipLocation {
                id: l.id,
                name: l.name.clone(),
                location_type: l.location_type,
                address: LocatorAddress {
                    street: l.address.street.clone(),
                    city: l.address.city.clone(),
                    state: l.address.state.clone(),
                    postcode: l.address.postcode.clone(),
                    lat: l.address.lat,
                    long: l.address.long,
                    map_key: l.address.map_key.clone().filter(|k| !k.trim().is_empty()),
                },
                dealership: DealershipRef {
                    id: l.dealership_id.unwrap_or(own.id),
                    slug: l
                        .dealership_slug
                        .clone()
                        .unwrap_or_else(|| own.slug.clone()),
                },
                website_id: id,
                website_name: dealer.config.name.clone(),
                website_url: url.clone(),
                phone: l
                    .contact_detail
                    .phone
                    .clone()
                    .filter(|p| !p.trim().is_empty()),
                makes: l.manufacturers.clone(),
                url: format!("{base}/locations/{}", l.slug),
            })
            .collect(),
        network: None,
    }
}

/// The manufacturer network a dealer's locator lists (config `locations.locator_network`).
pub fn locator_network(dealer: &Dealer) -> Option<String> {
    dealer
        .config
        .locations
        .locator_network
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
}

/// The answer of `GET /api/manufacturer-locations` for the site `asking`: its own
/// website with every sales location (a group's dealerships are its own), then, only
/// where the dealer configures a manufacturer `network`, every other website with its
/// sales locations selling that make, each marked with the network; websites left
/// without locations are dropped. Other websites by name.
pub fn manufacturer_locations(
    websites: &[Website],
    asking: &str,
    network: Option<&str>,
) -> Vec<Website> {
    let network = network.map(|n| (n.to_string(), slugify(n)));
    let mut answer: Vec<Website> = websites
        .iter()
        .filter_map(|w| {
            let own = w.dealership.slug == asking;
            let listed_as = if own { None } else { Some(network.as_ref()?) };
            let locations: Vec<DealershipLocation> = w
                .locations
                .iter()
                .filter(|l| l.location_type == LocationType::Sales)
                .filter(|l| {
                    listed_as.is_none_or(|(_, make)| l.makes.iter().any(|m| slugify(m) == *make))
                })
                .map(|l| {
                    let mut l = l.clone();
                    if own {
                        l.url = site_relative(&l.url, &w.url);
                    }
                    l
                })
                .collect();
            (!locations.is_empty()).then(|| Website {
                locations,
                network: listed_as.map(|(name, _)| name.clone()),
                ..w.clone()
            })
        })
        .collect();
    answer.sort_by(|a, b| {
        (a.dealership.slug != asking)
            .cmp(&(b.dealership.slug != asking))
            .then_with(|| a.name.cmp(&b.name))
    });
    answer
}

/// `url` as a path of the site at `site_url` when it is one of its pages: the asking
/// dealer's own location pages stay on the site being browsed (a preview or the demo
/// host), while other dealers' pages keep their absolute address.
fn site_relative(url: &str, site_url: &str) -> String {
    url.strip_prefix(site_url.trim_end_matches('/'))
        .filter(|path| path.starts_with('/'))
        .map_or_else(|| url.to_string(), str::to_string)
}

/// The locator page of a dealer.
pub fn locator_page_view(dealer: &Dealer) -> LocatorPageView {
    LocatorPageView {
        title: messages::LOCATOR_TITLE.to_string(),
        api_path: MANUFACTURER_LOCATIONS_API.to_string(),
        makes: dealer_makes(dealer),
        distance_choices: DISTANCE_CHOICES_KM.to_vec(),
        default_radius_km: DEFAULT_RADIUS_KM,
        pick_radius_km: MAP_PICK_RADIUS_KM,
        pick_nearest: MAP_PICK_NEAREST,
        failure_log: messages::FAILED_TO_FETCH_LOCATIONS.to_string(),
        network: locator_network(dealer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entities::Location;

    fn location(id: u64, kind: &str, makes: &[&str], extra: &str) -> Location {
        toml::from_str(&format!(
            "id = {id}\nname = \"L{id}\"\nslug = \"l{id}\"\nlocation_type = \"{kind}\"\n\
             manufacturers = {makes:?}\n{extra}\n\
             [address]\nstreet = \"1 Main St\"\ncity = \"Grafton\"\nstate = \"NSW\"\n\
             postcode = \"2460\"\nlat = -29.69\nlong = 152.93\n"
        ))
        .expect("location")
    }

    fn site(slug: &str, name: &str, locations: Vec<Location>) -> Website {
        let mut dealer = crate::view::test_dealer("");
        dealer.config.slug = slug.to_string();
        dealer.config.name = name.to_string();
        dealer.locations = locations;
        website(&dealer)
    }

    #[test]
    fn own_dealerships_always_and_a_network_only_where_configured() {
        let sites = vec![
            site(
                "b",
                "Beta",
                vec![
                    location(1, "sales", &["Toyota"], ""),
                    location(2, "service", &["Toyota"], ""),
                ],
            ),
            site("a", "Alpha", vec![location(3, "sales", &["Mazda"], "")]),
            site(
                "z",
                "Zed",
                vec![
                    location(4, "sales", &["Kia"], ""),
                    location(5, "sales", &["toyota"], ""),
                ],
            ),
        ];
        let ids = |answer: &[Website]| -> Vec<(String, Vec<u64>, Option<String>)> {
            answer
                .iter()
                .map(|w| {
                    (
                        w.dealership.slug.clone(),
                        w.locations.iter().map(|l| l.id).collect(),
                        w.network.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(
            ids(&manufacturer_locations(&sites, "z", None)),
            [("z".to_string(), vec![4, 5], None)],
            "no network: the dealer's own sales locations, whatever they sell"
        );
        assert_eq!(
            ids(&manufacturer_locations(&sites, "z", Some("TOYOTA"))),
            [
                ("z".to_string(), vec![4, 5], None),
                ("b".to_string(), vec![1], Some("TOYOTA".to_string()))
            ],
            "a network: others' sales locations of that make, marked"
        );
        assert_ne!(website_id("a"), website_id("b"));
    }

    #[test]
    fn own_location_links_stay_on_the_site_and_network_links_are_absolute() {
        let sites = vec![
            site("b", "Beta", vec![location(1, "sales", &["Toyota"], "")]),
            site("z", "Zed", vec![location(5, "sales", &["Toyota"], "")]),
        ];
        let answer = manufacturer_locations(&sites, "z", Some("Toyota"));
        let urls: Vec<(&str, &str)> = answer
            .iter()
            .map(|w| (w.dealership.slug.as_str(), w.locations[0].url.as_str()))
            .collect();
        let beta = format!("{}locations/l1", sites[0].url);
        assert_eq!(urls, [("z", "/locations/l5"), ("b", beta.as_str())]);
        assert!(beta.starts_with("http"), "{beta}");
        assert_eq!(
            site_relative("https://b.example/x", "https://a.example/"),
            "https://b.example/x"
        );
    }

    #[test]
    fn a_location_answers_the_seed_dealership_location_shape() {
        // Seed 000 s3: "Dealership location: id, name, location_type (sales, service,
        // parts), address (lat, long), dealership (id, slug), website_id, website_name,
        // website_url."
        let group = site(
            "moreton",
            "Moreton Motor Group",
            vec![
                location(
                    7,
                    "sales",
                    &["Kia"],
                    "dealership_id = 31\ndealership_slug = \"moreton-kia\"",
                ),
                location(8, "parts", &["Kia"], ""),
            ],
        );
        let json = serde_json::to_value(&group).expect("json");
        let first = &json["locations"][0];
        assert_eq!(first["id"], 7);
        assert_eq!(first["name"], "L7");
        assert_eq!(first["location_type"], "sales");
        assert_eq!(first["address"]["lat"], -29.69);
        assert_eq!(first["address"]["long"], 152.93);
        assert_eq!(
            first["dealership"],
            serde_json::json!({"id": 31, "slug": "moreton-kia"})
        );
        assert_eq!(first["website_id"], website_id("moreton"));
        assert_eq!(first["website_name"], "Moreton Motor Group");
        assert_eq!(first["website_url"], json["url"]);
        assert!(first.get("department").is_none() && first.get("lng").is_none());
        // A location without its own dealership belongs to the dealer's.
        let second = &json["locations"][1];
        assert_eq!(second["location_type"], "parts");
        assert_eq!(
            second["dealership"],
            serde_json::json!({"id": website_id("moreton"), "slug": "moreton"})
        );
        assert_eq!(json["dealership"], second["dealership"]);
    }
}
