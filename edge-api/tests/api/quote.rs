//! `POST /api/youx/quote`: the quote object from the dealer's lender rules.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::spawn;

fn body(price: f64, year: i32) -> serde_json::Value {
    json!({ "selfAssessedCreditScore": "GREAT", "purchasePrice": price, "loanTerm": 5, "year": year, "vin": "JTMW1RFV10D012345", "nvic": "0A1B2C", "whoIsHelping": "" })
}

#[tokio::test]
async fn a_quote_carries_the_weekly_repayment_the_rate_and_the_comparison_rate() {
    let app = spawn().await;
    let answer = app
        .post(
            "alpha.localhost",
            "/api/youx/quote",
            &body(30_000.0, 2026),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json["advertisedRate"], 8.5);
    assert_eq!(answer.json["comparisonRate"], 8.5);
    let weekly = answer.json["weeklyRepaymentAmount"]
        .as_f64()
        .expect("weekly");
    assert!((weekly - 141.7).abs() < 0.5, "{weekly}");
    let older = app
        .post(
            "alpha.localhost",
            "/api/youx/quote",
            &body(30_000.0, 2016),
            None,
        )
        .await;
    assert!(
        older.json["advertisedRate"].as_f64() > answer.json["advertisedRate"].as_f64(),
        "an older car costs more"
    );
}

#[tokio::test]
async fn bad_requests_name_their_fields_and_dealers_without_quotes_say_so() {
    let app = spawn().await;
    let bad = app
        .post("alpha.localhost", "/api/youx/quote", &json!({ "selfAssessedCreditScore": "AMAZING", "purchasePrice": 400000, "loanTerm": 9, "year": 1800 }), None)
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert_eq!(
        bad.json["fields"]["purchasePrice"],
        "Cannot be less than $1,000 or more than $250,000"
    );
    for field in ["selfAssessedCreditScore", "loanTerm", "year"] {
        assert!(
            bad.json["fields"][field].is_string(),
            "{field}: {}",
            bad.text
        );
    }
    let missing = app
        .post(
            "alpha.localhost",
            "/api/youx/quote",
            &json!({ "purchasePrice": 30000 }),
            None,
        )
        .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    let off = app
        .post(
            "beta.example.com.au",
            "/api/youx/quote",
            &body(30_000.0, 2026),
            None,
        )
        .await;
    assert_eq!(
        (off.status, off.json["message"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("Finance quotes are not offered on this site.")
        )
    );
}
