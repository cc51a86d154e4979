//! The sections of dealer.toml other than finance. Each per-dealer behaviour of the seeds
//! ("on some sites", "one dealer", "one variant", "where enabled") is one named field
//! with the seed's default, so an absent key always means the seeds' general behaviour.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::messages;
use crate::rules::availability::{
    SimilarCarsSettings, DEFAULT_SIMILAR_CARS_COUNT, DEFAULT_SIMILAR_PRICE_SHARE,
};
use crate::rules::constants::{
    DEFAULT_SEARCH_PATH, OFFERS_CACHE_SIZE, PAGE_SIZE, RESERVE_DEPOSIT_DOLLARS, RESERVE_HOLD_HOURS,
    SPIN_DRAG_SENSITIVITY, SPIN_INTERVAL_MS,
};
use crate::rules::phone::PhoneSettings;
use crate::rules::reviews::DEFAULT_MIN_REVIEW_RATING;
use crate::rules::tag::{TagSettings, DEFAULT_JUST_ARRIVED_DAYS, DEFAULT_NEW_ARRIVAL_TEXT};

pub use crate::rules::availability::FavouritesRule;
/// Where the stock video goes in the gallery: one type for the config and the rule.
pub use crate::rules::constants::VideoPosition;
pub use crate::rules::hours::ClosedDisplay;

/// Share of a dealer's stock a new feed may drop before the build refuses it.
pub const DEFAULT_MAX_STOCK_DROP: f64 = 0.5;
/// Seed 001 section 2: the garage page is /my-garage.
pub const DEFAULT_GARAGE_PAGE: &str = "my-garage";

fn yes() -> bool {
    true
}

mod cards;
mod features;
mod forms;
mod locations;
mod reserve;
mod search;
mod spin;
mod stock;
mod theme;
mod vehicle_page;

pub use cards::*;
pub use features::*;
pub use forms::*;
pub use locations::*;
pub use reserve::*;
pub use search::*;
pub use spin::*;
pub use stock::*;
pub use theme::*;
pub use vehicle_page::*;
