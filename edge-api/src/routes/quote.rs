//! `POST /api/youx/quote` (seed 001 s3/s7): body selfAssessedCreditScore (always GREAT
//! from the browser), purchasePrice, loanTerm (5), year, vin, nvic, whoIsHelping; answer
//! the quote object weeklyRepaymentAmount, advertisedRate, comparisonRate. No quoting
//! provider is configured on this platform, so the finance engine every page uses prices
//! the loan on the dealer's terms ([`domain::rules::quote::local_quote`], the same
//! `CarLoan` a car page's figures come from; the request names no lender data, so the
//! dealer's default rate applies). A car page prices its own quote when it is built. Only dealers with `features.youx_quote`
//! answer; the browser ignores any non-OK answer silently.

use axum::extract::State;
use axum::routing::post;
use axum::Json;
use axum::Router;
use chrono::Datelike;
use domain::messages::QUOTES_OFF;
use domain::rules::finance::{
    price_range_message, purchase_price_max, CalculatorSettings, TERM_MIN_YEARS,
};
use domain::rules::quote::{local_quote, Quote, QuoteRequest, CREDIT_SCORES};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::answers::RateLimited;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::{ApiJson, ClientIp};
use crate::rate::limit_platform;
use crate::tenancy::Site;
use crate::AppState;

/// Longest loan term a quote prices, years.
pub const MAX_QUOTE_TERM_YEARS: f64 = 7.0;
/// Oldest model year a quote prices.
pub const OLDEST_YEAR: i32 = 1950;

/// Body of `POST /api/youx/quote` (names as the seed spells them).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct QuoteBody {
    /// EXCELLENT, GREAT, GOOD, FAIR or POOR (the browser sends GREAT).
    pub self_assessed_credit_score: String,
    /// The car's price, AUD.
    pub purchase_price: f64,
    /// Loan term in years (the browser sends 5).
    pub loan_term: f64,
    /// The car's model year.
    pub year: i32,
    /// The car's VIN (kept for a provider; the local rules do not need it).
    #[serde(default)]
    pub vin: Option<String>,
    /// The car's NVIC.
    #[serde(default)]
    pub nvic: Option<String>,
    /// Who is helping the shopper (empty from the browser).
    #[serde(default)]
    pub who_is_helping: Option<String>,
}

/// The quote object.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteAnswer {
    /// Weekly repayment, AUD.
    pub weekly_repayment_amount: f64,
    /// Interest rate, percent per annum.
    pub advertised_rate: f64,
    /// Comparison rate, percent per annum ($30,000 over 5 years with the dealer's fees).
    pub comparison_rate: f64,
}

impl From<Quote> for QuoteAnswer {
    fn from(q: Quote) -> Self {
        QuoteAnswer {
            weekly_repayment_amount: q.weekly_repayment_amount,
            advertised_rate: q.advertised_rate,
            comparison_rate: q.comparison_rate,
        }
    }
}

/// Checks the body into a quote request, naming each bad field.
fn request(
    body: &QuoteBody,
    settings: &CalculatorSettings,
    current_year: i32,
) -> Result<QuoteRequest, ApiError> {
    let mut fields = std::collections::BTreeMap::new();
    let score = body.self_assessed_credit_score.trim().to_ascii_uppercase();
    let credit = CREDIT_SCORES.iter().position(|s| *s == score);
    if credit.is_none() {
        fields.insert(
            "selfAssessedCreditScore".to_owned(),
            format!(
                "selfAssessedCreditScore must be one of: {}.",
                CREDIT_SCORES.join(", ")
            ),
        );
    }
    // The range the dealer's calculator accepts for this price (its quick picks' maximum,
    // or 105% of a price over 100000 where the dealer applies that rule), so the quote and
    // the calculator never refuse different prices.
    let min_price = settings.purchase_price_min.max(settings.loan_amount_min);
    let max_price = purchase_price_max(
        settings,
        Some(body.purchase_price).filter(|p| p.is_finite()),
    );
    if !(body.purchase_price.is_finite() && (min_price..=max_price).contains(&body.purchase_price))
    {
        fields.insert(
            "purchasePrice".to_owned(),
            price_range_message(min_price, max_price),
        );
    }
    let term_ok = body.loan_term.is_finite()
        && (TERM_MIN_YEARS..=MAX_QUOTE_TERM_YEARS).contains(&body.loan_term)
        && (body.loan_term * 2.0).fract() == 0.0;
    if !term_ok {
        fields.insert(
            "loanTerm".to_owned(),
            "loanTerm must be 1 to 7 years in steps of 0.5.".to_owned(),
        );
    }
    if !(OLDEST_YEAR..=current_year + 1).contains(&body.year) {
        fields.insert(
            "year".to_owned(),
            format!("year must be from {OLDEST_YEAR} to {}.", current_year + 1),
        );
    }
    match credit {
        Some(credit) if fields.is_empty() => Ok(QuoteRequest {
            purchase_price: body.purchase_price,
            loan_term_years: body.loan_term,
            year: body.year,
            credit,
        }),
        _ => Err(ApiError::validation(fields).with_code(ErrorCode::BadRequest)),
    }
}

/// A finance quote for a car from the dealer's lender rules.
#[utoipa::path(post, path = "/api/youx/quote", tag = "finance", request_body = QuoteBody,
    responses((status = 200, body = QuoteAnswer, description = "The repayment quote"),
        (status = 400, body = ErrorBody, description = "A bad field; `fields` names each one"),
        (status = 404, body = ErrorBody, description = "The dealer does not offer quotes, or the host names no dealer"),
        RateLimited))]
pub async fn quote(
    State(state): State<AppState>,
    Site(site): Site,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<QuoteBody>,
) -> Result<Json<QuoteAnswer>, ApiError> {
    if !site.youx_quote {
        return Err(ApiError::new(ErrorCode::NotFound, QUOTES_OFF));
    }
    let current_year = state.clock.now().year();
    let request = request(&body, &site.finance.settings, current_year)?;
    // Across the platform: quotes are a provider's service, counted per client whichever
    // dealer's site asks.
    limit_platform(
        &state,
        &site.slug,
        "quotes-ip",
        &ip,
        state.policy.quotes_per_ip,
    )
    .await?;
    Ok(Json(
        local_quote(&site.finance, &request, current_year).into(),
    ))
}

/// This feature's endpoints, merged into the app by [`crate::app`].
pub fn router() -> Router<AppState> {
    Router::new().route("/api/youx/quote", post(quote))
}
