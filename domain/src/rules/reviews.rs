//! Location reviews (seed 001 s3, s9): minimum rating filter, aggregate and stars.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::entities::Review;

/// Seed 001 s9: minimum review rating shown (configurable).
pub const DEFAULT_MIN_REVIEW_RATING: f64 = 4.0;
/// Seed 001 s9: Google reviews full quantity.
pub const GOOGLE_REVIEWS_FULL_QUANTITY: usize = 12;
/// Seed 001 s9: whole stars drawn at most; the rest of the rating is one partial star.
pub const MAX_WHOLE_STARS: u8 = 4;

/// Star drawing of an average rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct StarRating {
    /// Whole stars, 0 to 4.
    pub whole: u8,
    /// The partial star's fill, one decimal (0.0 to 1.0).
    pub partial: f64,
}

/// Seed 001 s9: up to 4 whole stars plus a partial with one decimal: 4.6 gives 4 + 0.6,
/// 3.25 gives 3 + 0.3, 5 gives 4 + 1.0. Ratings are clamped to 0..=5.
pub fn star_rating(average: f64) -> StarRating {
    let average = if average.is_nan() {
        0.0
    } else {
        average.clamp(0.0, 5.0)
    };
    let whole = average.floor().min(f64::from(MAX_WHOLE_STARS));
    let partial = ((average - whole) * 10.0).round() / 10.0;
    StarRating {
        whole: whole as u8,
        partial,
    }
}

/// Count, average and stars of a set of reviews.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
pub struct ReviewSummary {
    /// Number of reviews.
    pub count: u32,
    /// Average rating, one decimal.
    pub average: f64,
    /// Stars of the average.
    pub stars: StarRating,
}

/// The aggregate a location reports (seed 001 s3 `reviews (average_rating, count)`), or
/// None when it has no reviews.
pub fn summary_from_aggregate(
    average_rating: Option<f64>,
    count: Option<u32>,
) -> Option<ReviewSummary> {
    let count = count.filter(|c| *c > 0)?;
    let average = (average_rating?.clamp(0.0, 5.0) * 10.0).round() / 10.0;
    Some(ReviewSummary {
        count,
        average,
        stars: star_rating(average),
    })
}

/// The aggregate of a review list, or None when empty.
pub fn summarise(reviews: &[Review]) -> Option<ReviewSummary> {
    if reviews.is_empty() {
        return None;
    }
    let total: f64 = reviews.iter().map(|r| r.rating).sum();
    summary_from_aggregate(
        Some(total / reviews.len() as f64),
        Some(reviews.len() as u32),
    )
}

/// Seed 001 s9: reviews rated at least `min_rating` (default 4), newest first.
pub fn shown_reviews(reviews: &[Review], min_rating: f64) -> Vec<&Review> {
    let mut shown: Vec<&Review> = reviews.iter().filter(|r| r.rating >= min_rating).collect();
    shown.sort_by_key(|r| std::cmp::Reverse(r.review_date));
    shown
}
