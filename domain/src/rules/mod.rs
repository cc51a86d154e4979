//! Business rules of the specification, each a pure function with table-driven tests.
//! Where a seed says a value is configured, the rule takes it as a parameter and the
//! module exports a `DEFAULT_*` constant with the seed's default.

pub mod appointments;
pub mod availability;
pub mod colour_picker;
pub mod constants;
pub mod contact;
pub mod counts;
pub mod delivery;
pub mod distance;
pub mod finance;
pub mod format;
pub mod forms;
pub mod fuel;
pub mod gating;
pub mod hours;
pub mod image_url;
pub mod market;
pub mod messaging;
pub mod phone;
pub mod postcode;
pub mod postcodes;
pub mod price_comparison;
pub mod quote;
pub mod reviews;
pub mod slider;
pub mod spin;
pub mod stock;
pub mod tag;
pub mod trade_in;
pub mod vehicle_text;
pub mod video;
