//! The browser's API types come from the OpenAPI document this server serves: a copy of
//! it is committed at `frontend/src/types/generated/api/openapi.json`, and
//! openapi-typescript turns that copy into `schema.ts` beside it (the frontend's
//! `api-types.test.ts` checks that step). This test fails when the committed copy is not
//! what `/api/openapi.json` answers, so a changed request or answer type cannot leave
//! the browser's types behind. To refresh both after changing the API:
//!
//!     FORECOURT_UPDATE_TYPES=1 cargo test -p edge-api --test api openapi_types
//!     cd frontend && npm run api-types

use std::fs;
use std::path::{Path, PathBuf};

use reqwest::StatusCode;

const HOST: &str = "alpha.localhost";

fn committed_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/src/types/generated/api/openapi.json")
}

#[tokio::test]
async fn the_committed_openapi_document_is_the_served_one() {
    // The document of a production server: the browser never calls the dev endpoints.
    let (mut state, clock, dir) = crate::support::state(
        crate::support::tenants(None),
        edge_api::policy::Policy::default(),
    );
    state.runtime = edge_api::Runtime::Lambda;
    let app = crate::support::serve(state, clock, dir).await;
    let doc = app.get(HOST, "/api/openapi.json", None).await;
    assert_eq!(doc.status, StatusCode::OK);
    let fresh = format!(
        "{}\n",
        serde_json::to_string_pretty(&doc.json).expect("document as JSON")
    );
    let path = committed_path();
    if std::env::var("FORECOURT_UPDATE_TYPES").is_ok_and(|v| v == "1") {
        fs::create_dir_all(path.parent().expect("parent")).expect("create api types dir");
        fs::write(&path, &fresh).expect("write openapi.json");
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{} is out of step with /api/openapi.json; run \
         FORECOURT_UPDATE_TYPES=1 cargo test -p edge-api --test api openapi_types, \
         then `npm run api-types` in frontend/",
        path.display()
    );
}
