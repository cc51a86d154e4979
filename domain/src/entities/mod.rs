//! Entities other than the car: locations and their hours, reviews, models and colours,
//! manufacturers, promo nodes, special offers, slides and parts. Dealers edit these in
//! `dealers/<slug>/locations.toml`, `offers.toml`, `parts.toml` and `models/*.toml`, so
//! every struct rejects unknown keys.

mod location;
mod model;
mod offer;
mod part;

pub use location::*;
pub use model::*;
pub use offer::*;
pub use part::*;
