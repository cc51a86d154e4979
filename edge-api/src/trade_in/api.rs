//! The trade-in endpoints' requests and answers (seed 001 s3 "Trade-in valuation:
//! offer_price, adjustment answers (id, adjustmentAnswers), rego, regoState").

use domain::messages;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A make with the models the market can value.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MakeModels {
    /// Make.
    pub make: String,
    /// Models, sorted.
    pub models: Vec<String>,
    /// Those of `models` the market has enough comparable cars to value online; the rest
    /// are told there is no online estimate.
    pub valued: Vec<String>,
}

/// One answer of a condition question.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AnswerChoice {
    /// The value sent as the answer.
    pub value: String,
    /// What the shopper reads.
    pub label: String,
}

/// A condition (adjustment) question.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct QuestionChoice {
    /// Question id (an adjustment answer's `id`).
    pub id: String,
    /// The question.
    pub question: String,
    /// The message when it is left unanswered.
    pub required_message: String,
    /// The answers, the best condition first.
    pub answers: Vec<AnswerChoice>,
}

/// The messages of the car step's checks the browser makes before asking the API.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CarMessages {
    /// The rego is empty.
    pub rego_required: String,
    /// No year chosen.
    pub year_required: String,
    /// No make chosen.
    pub make_required: String,
    /// No model chosen.
    pub model_required: String,
    /// The odometer is empty.
    pub kms_required: String,
    /// The odometer is not a whole number of km.
    pub kms_invalid: String,
}

impl CarMessages {
    /// The messages of the car step.
    pub(crate) fn new() -> CarMessages {
        CarMessages {
            rego_required: messages::field_required("Rego"),
            year_required: messages::field_required("Year"),
            make_required: messages::field_required("Make"),
            model_required: messages::field_required("Model"),
            kms_required: messages::field_required("Odometer"),
            kms_invalid: messages::INVALID_KMS.to_owned(),
        }
    }
}

/// Answer of `GET /api/trade-in/options`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct TradeInOptions {
    /// The dealer values cars online (config `features.trade_in`); when false the page
    /// keeps its ordinary trade-in enquiry and the lists below are empty.
    pub enabled: bool,
    /// The car is found by rego and state (a provider answers); otherwise the shopper picks
    /// year, make and model from `years` and `makes`.
    pub lookup: bool,
    /// The state preselected.
    pub default_state: String,
    /// Registration states.
    pub states: Vec<String>,
    /// Model years offered, newest first.
    pub years: Vec<u16>,
    /// Makes and models with enough cars in the market to value (empty with a provider).
    pub makes: Vec<MakeModels>,
    /// The condition questions, in order.
    pub questions: Vec<QuestionChoice>,
    /// Save each valuation through `POST /api/miscellaneous` with column_name valuation.
    pub save_valuations: bool,
    /// Seed 001 s5: no online estimate for cars older than this many years.
    pub max_age_years: i32,
    /// Seed 001 s5: no online estimate for cars with more km than this.
    pub max_km: u32,
    /// Seed 001 s4: the subcategory of the lead sent when the shopper accepts the offer.
    pub lead_subcategory: String,
    /// Seed 001 s9: the call to action that starts the valuation ('Get Your Valuation').
    pub start_label: String,
    /// The car step's messages.
    pub messages: CarMessages,
}

/// The shopper's car as entered (or as a lookup answered it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Vehicle {
    /// Model year.
    pub year: u16,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Badge (variant), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub badge: Option<String>,
    /// Body, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
}

/// Body of `POST /api/trade-in/lookup`: a rego (and its state), or the vehicle.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LookupBody {
    /// Registration plate (with a provider).
    #[serde(default)]
    pub rego: Option<String>,
    /// State of the registration (default: the dealer's state).
    #[serde(default, rename = "regoState")]
    pub rego_state: Option<String>,
    /// The vehicle, when the shopper picked it.
    #[serde(default)]
    pub vehicle: Option<Vehicle>,
    /// Odometer, km.
    pub kms: u32,
}

/// Whether an online estimate can be made for the car.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LookupOutcome {
    /// Go on to the condition questions.
    Ready,
    /// Over 7 years or 100,000 km: no online estimate.
    NotEligible,
    /// Too few comparable cars: no online estimate.
    NoEstimate,
}

/// Answer of `POST /api/trade-in/lookup`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LookupAnswer {
    /// What happens next.
    pub outcome: LookupOutcome,
    /// Why there is no online estimate.
    pub message: Option<String>,
    /// The car.
    pub vehicle: Vehicle,
    /// Odometer, km.
    pub kms: u32,
    /// The rego as a registry writes it, when looked up.
    pub rego: Option<String>,
    /// Its state.
    #[serde(rename = "regoState")]
    pub rego_state: Option<String>,
}

/// One adjustment answer (seed 001 s3: id, adjustmentAnswers).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjustmentAnswer {
    /// Question id.
    pub id: String,
    /// Answer value.
    pub answer: String,
}

/// Body of `POST /api/trade-in/valuation`.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ValuationBody {
    /// The car.
    pub vehicle: Vehicle,
    /// Odometer, km.
    pub kms: u32,
    /// An answer to every condition question.
    #[serde(rename = "adjustmentAnswers")]
    pub adjustment_answers: Vec<AdjustmentAnswer>,
    /// Registration plate, when looked up.
    #[serde(default)]
    pub rego: Option<String>,
    /// Its state.
    #[serde(default, rename = "regoState")]
    pub rego_state: Option<String>,
}

/// How a valuation came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ValuationOutcome {
    /// An offer.
    Offer,
    /// Over 7 years or 100,000 km: no online estimate.
    NotEligible,
    /// No online estimate for this car.
    NoEstimate,
}

/// What one answer took off the offer.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AdjustmentView {
    /// Question id.
    pub id: String,
    /// Answer value.
    pub answer: String,
    /// Dollars taken off (local offers; null from a provider).
    pub amount: Option<f64>,
}

/// Answer of `POST /api/trade-in/valuation`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Valuation {
    /// Offer or why not.
    pub outcome: ValuationOutcome,
    /// Why there is no offer.
    pub message: Option<String>,
    /// The valuation's id (send it with the lead).
    pub id: Option<String>,
    /// The offer, AUD.
    pub offer_price: Option<f64>,
    /// Bottom of the range, AUD.
    pub range_min: Option<f64>,
    /// Top of the range, AUD.
    pub range_max: Option<f64>,
    /// Comparable cars behind a local offer.
    pub comparables: Option<usize>,
    /// Confidence of a local offer, 0 to 1.
    pub confidence: Option<f64>,
    /// The answers and what each took off.
    pub adjustments: Vec<AdjustmentView>,
    /// The car.
    pub vehicle: Vehicle,
    /// Odometer, km.
    pub kms: u32,
    /// The rego, when looked up.
    pub rego: Option<String>,
    /// Its state.
    #[serde(rename = "regoState")]
    pub rego_state: Option<String>,
    /// `local` (from the market) or `provider`.
    pub source: String,
}
