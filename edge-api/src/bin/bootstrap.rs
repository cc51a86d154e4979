//! `bootstrap`: the AWS Lambda binary. Tracing first, then clients, then the router,
//! then `run`; `FORECOURT_LAMBDA_MODE=drain-outbox` runs the lead delivery pass instead.

use edge_api::lambda::{self, DRAIN_MODE, MODE_VARIABLE};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::init_json_tracing();
    let settings = lambda::settings_from_env().map_err(|e| format!("{e:#}"))?;
    let state = lambda::state_from_env(&settings)
        .await
        .map_err(|e| format!("{e:#}"))?;
    if std::env::var(MODE_VARIABLE).is_ok_and(|mode| mode == DRAIN_MODE) {
        lambda::run_drain(state).await
    } else {
        lambda::run_api(state).await
    }
}
