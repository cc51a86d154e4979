//! Entities other than the car: locations and their hours, reviews, models and colours,
//! manufacturers, promo nodes, special offers and slides. Dealers edit these in
//! `dealers/<slug>/locations.toml`, `offers.toml` and `models/*.toml`, so every struct
//! rejects unknown keys.

mod location;
mod model;
mod offer;

pub use location::*;
pub use model::*;
pub use offer::*;
