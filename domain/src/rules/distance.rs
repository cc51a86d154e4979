//! Great-circle distance (seed 001 s9: earth radius 6371 km): the one Rust implementation,
//! used by the delivery calculator, the locations page and the search's distance filter.
//! The dealer locator's TypeScript twin (`frontend/src/features/locator/locator-state.ts`)
//! is tested on the same table, `domain/tests/data/distance_cases.json`.

use super::constants::EARTH_RADIUS_KM;

/// Great-circle distance in km between two points given in degrees (haversine).
pub fn haversine_km(lat1: f64, lng1: f64, lat2: f64, lng2: f64) -> f64 {
    let (phi1, phi2) = (lat1.to_radians(), lat2.to_radians());
    let d_phi = (lat2 - lat1).to_radians();
    let d_lambda = (lng2 - lng1).to_radians();
    let a = (d_phi / 2.0).sin().powi(2) + phi1.cos() * phi2.cos() * (d_lambda / 2.0).sin().powi(2);
    // Rounding can put `a` a hair above 1 for antipodes; asin needs at most 1.
    2.0 * EARTH_RADIUS_KM * a.sqrt().min(1.0).asin()
}
