//! Delivery estimates by postcode (seed 000 s3/s4/s8: "Delivery price lookup by postcode
//! ... returns price and region name"). A dealer configures delivery zones by distance
//! (`[[delivery_zones]]`: region, price, max_km); the shopper's postcode is placed by the
//! Australian postcode dataset, measured in a straight line (earth radius 6371 km) to the
//! dealer's nearest location, and priced by the smallest zone that reaches it. Beyond the
//! largest zone there is no estimate, and the calculator shows the seed's no-estimate text.

use serde::{Deserialize, Serialize};

use super::distance::haversine_km;
use super::postcodes::PostcodePlace;

/// A priced delivery zone, as the estimate reads it (a dealer's `[[delivery_zones]]` rows
/// implement it).
pub trait Zone {
    /// The region name shown with the estimate.
    fn region(&self) -> &str;
    /// The delivery price, AUD.
    fn price(&self) -> f64;
    /// The farthest straight-line distance the zone covers, km.
    fn max_km(&self) -> f64;
}

/// A place the dealer delivers from.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    /// Location slug, as a car's `location.slug` names it.
    pub slug: String,
    /// Location name, e.g. "Jacaranda Toyota Grafton".
    pub name: String,
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lng: f64,
}

/// The answer of a delivery lookup (seed 000 s3: price and region name).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeliveryEstimate {
    /// The postcode asked about.
    pub postcode: String,
    /// Its usual locality as people write it, e.g. "Sydney" for 2000.
    pub locality: String,
    /// Its state, e.g. "QLD".
    pub state: String,
    /// The zone's region name.
    pub region: String,
    /// Delivery price in AUD (0 is free delivery).
    pub price: f64,
    /// Straight-line distance from the nearest location, km, one decimal.
    pub distance_km: f64,
    /// The nearest location's name.
    pub location: String,
}

/// A delivery asked from a location the dealer does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("There is no location '{0}' to deliver from. Ask again without a location to get the estimate from the nearest yard.")]
pub struct UnknownLocation(pub String);

/// Where a car is delivered from (measured from the car's own location, not
/// whichever yard is nearest the shopper): the origin named `location` when one is given,
/// else every origin (the nearest is used).
pub fn delivery_origins<'a>(
    origins: &'a [Origin],
    location: Option<&str>,
) -> Result<&'a [Origin], UnknownLocation> {
    match location.map(str::trim).filter(|l| !l.is_empty()) {
        None => Ok(origins),
        Some(slug) => origins
            .iter()
            .position(|o| o.slug == slug)
            .map(|i| &origins[i..=i])
            .ok_or_else(|| UnknownLocation(slug.chars().take(80).collect())),
    }
}

/// The estimate for `place`: the zone with the smallest `max_km` that covers the distance
/// from the nearest origin; `None` when the dealer has no zones or origins, or the place is
/// beyond every zone.
pub fn delivery_estimate<Z: Zone>(
    zones: &[Z],
    origins: &[Origin],
    place: &PostcodePlace,
) -> Option<DeliveryEstimate> {
    let (origin, distance) = origins
        .iter()
        .map(|o| (o, haversine_km(o.lat, o.lng, place.lat, place.lng)))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    let zone = zones
        .iter()
        .filter(|z| distance <= z.max_km())
        .min_by(|a, b| a.max_km().total_cmp(&b.max_km()))?;
    Some(DeliveryEstimate {
        postcode: place.postcode.clone(),
        locality: place.locality.clone(),
        state: place.state.clone(),
        region: zone.region().to_string(),
        price: zone.price(),
        distance_km: (distance * 10.0).round() / 10.0,
        location: origin.name.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct TestZone {
        region: String,
        price: f64,
        max_km: f64,
    }

    impl Zone for TestZone {
        fn region(&self) -> &str {
            &self.region
        }
        fn price(&self) -> f64 {
            self.price
        }
        fn max_km(&self) -> f64 {
            self.max_km
        }
    }

    fn zone(region: &str, price: f64, max_km: f64) -> TestZone {
        TestZone {
            region: region.into(),
            price,
            max_km,
        }
    }

    fn place(postcode: &str, lat: f64, lng: f64) -> PostcodePlace {
        PostcodePlace {
            postcode: postcode.into(),
            locality: "X".into(),
            state: "QLD".into(),
            lat,
            lng,
        }
    }

    #[test]
    fn the_smallest_zone_covering_the_nearest_origin_prices_the_delivery() {
        // Listed out of order on purpose: zones are tried from the smallest distance up.
        let zones = [
            zone("State", 900.0, 800.0),
            zone("Metro", 0.0, 40.0),
            zone("Regional", 350.0, 250.0),
        ];
        let origins = [
            Origin {
                slug: "brisbane".into(),
                name: "Brisbane".into(),
                lat: -27.47,
                lng: 153.03,
            },
            Origin {
                slug: "toowoomba".into(),
                name: "Toowoomba".into(),
                lat: -27.56,
                lng: 151.95,
            },
        ];
        let metro =
            delivery_estimate(&zones, &origins, &place("4006", -27.45, 153.04)).expect("metro");
        assert_eq!(
            (metro.region.as_str(), metro.price, metro.location.as_str()),
            ("Metro", 0.0, "Brisbane")
        );
        assert!(metro.distance_km < 5.0);
        // Dalby is nearer Toowoomba (about 80 km) than Brisbane.
        let dalby =
            delivery_estimate(&zones, &origins, &place("4405", -27.18, 151.26)).expect("regional");
        assert_eq!(
            (dalby.region.as_str(), dalby.location.as_str()),
            ("Regional", "Toowoomba")
        );
        // Cairns is about 1,400 km away: beyond every zone.
        assert_eq!(
            delivery_estimate(&zones, &origins, &place("4870", -16.92, 145.77)),
            None
        );
        assert_eq!(
            delivery_estimate::<TestZone>(&[], &origins, &place("4006", -27.45, 153.04)),
            None
        );
        assert_eq!(
            delivery_estimate(&zones, &[], &place("4006", -27.45, 153.04)),
            None
        );
    }

    #[test]
    fn a_car_is_delivered_from_its_own_location_not_the_yard_nearest_the_shopper() {
        let zones = [zone("Metro", 0.0, 40.0), zone("Regional", 350.0, 250.0)];
        let origins = [
            Origin {
                slug: "brisbane".into(),
                name: "Brisbane".into(),
                lat: -27.47,
                lng: 153.03,
            },
            Origin {
                slug: "toowoomba".into(),
                name: "Toowoomba".into(),
                lat: -27.56,
                lng: 151.95,
            },
        ];
        let brisbane_cbd = place("4000", -27.47, 153.03);
        // A car at Toowoomba delivered to Brisbane travels about 110 km: regional, not metro.
        let from = delivery_origins(&origins, Some("toowoomba")).expect("known");
        let answer = delivery_estimate(&zones, from, &brisbane_cbd).expect("estimate");
        assert_eq!(
            (
                answer.location.as_str(),
                answer.region.as_str(),
                answer.price
            ),
            ("Toowoomba", "Regional", 350.0)
        );
        assert!(answer.distance_km > 90.0, "{}", answer.distance_km);
        // Without a location the nearest yard is used.
        let nearest = delivery_estimate(
            &zones,
            delivery_origins(&origins, None).expect("all"),
            &brisbane_cbd,
        )
        .expect("estimate");
        assert_eq!(nearest.location, "Brisbane");
        assert_eq!(
            delivery_origins(&origins, Some("  "))
                .expect("blank is none")
                .len(),
            2
        );
        let unknown = delivery_origins(&origins, Some("cairns")).expect_err("unknown");
        assert_eq!(unknown, UnknownLocation("cairns".into()));
        assert!(unknown.to_string().contains("without a location"));
    }
}
