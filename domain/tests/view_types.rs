//! The TypeScript prop types in `frontend/src/types/generated/` are generated from the
//! view models with ts-rs and committed. This test regenerates them into a temporary
//! folder and fails when the committed files differ. To refresh them after changing a
//! view model:
//!
//!     FORECOURT_UPDATE_TYPES=1 cargo test -p domain --test view_types

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use domain::rules::price_comparison::PriceComparisonView;
use domain::view::brands::{BrandPageView, BrandsPageView};
use domain::view::client::{ClientPageView, NotFoundView};
use domain::view::content::ContentPageView;
use domain::view::form_page::{FormPageView, VehicleFormSet};
use domain::view::home::HomePageView;
use domain::view::location::{LocationPageView, LocationsPageView};
use domain::view::locator::LocatorPageView;
use domain::view::model::{ModelPageView, ModelsPageView};
use domain::view::offers::{OfferPageView, OffersPageView};
use domain::view::pages::PageProps;
use domain::view::parts::PartsSearchPageView;
use domain::view::posts::PostsPageView;
use domain::view::search::SearchPageView;
use domain::view::vehicle::{SimilarCarsView, VehiclePageView};
use ts_rs::{Config, TS};

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/src/types/generated")
}

fn export_all(dir: &Path) {
    let cfg = Config::new().with_out_dir(dir).with_large_int("number");
    PageProps::<HomePageView>::export_all(&cfg).expect("export PageProps");
    HomePageView::export_all(&cfg).expect("export HomePageView");
    SearchPageView::export_all(&cfg).expect("export SearchPageView");
    VehiclePageView::export_all(&cfg).expect("export VehiclePageView");
    // Not a page prop: the vehicle page loads it from its `similar_url`.
    SimilarCarsView::export_all(&cfg).expect("export SimilarCarsView");
    LocationPageView::export_all(&cfg).expect("export LocationPageView");
    LocationsPageView::export_all(&cfg).expect("export LocationsPageView");
    ContentPageView::export_all(&cfg).expect("export ContentPageView");
    FormPageView::export_all(&cfg).expect("export FormPageView");
    VehicleFormSet::export_all(&cfg).expect("export VehicleFormSet");
    ClientPageView::export_all(&cfg).expect("export ClientPageView");
    NotFoundView::export_all(&cfg).expect("export NotFoundView");
    domain::view::compare::ComparePageView::export_all(&cfg).expect("export ComparePageView");
    LocatorPageView::export_all(&cfg).expect("export LocatorPageView");
    ModelPageView::export_all(&cfg).expect("export ModelPageView");
    ModelsPageView::export_all(&cfg).expect("export ModelsPageView");
    OffersPageView::export_all(&cfg).expect("export OffersPageView");
    OfferPageView::export_all(&cfg).expect("export OfferPageView");
    BrandsPageView::export_all(&cfg).expect("export BrandsPageView");
    BrandPageView::export_all(&cfg).expect("export BrandPageView");
    PartsSearchPageView::export_all(&cfg).expect("export PartsSearchPageView");
    PostsPageView::export_all(&cfg).expect("export PostsPageView");
    domain::view::spin::SpinPageView::export_all(&cfg).expect("export SpinPageView");
    // The kinds of page the SSR bundle renders (frontend/src/server/page-registry.tsx).
    domain::view::PageKind::export_all(&cfg).expect("export PageKind");
    // Not a page prop: the vehicle page reads it from GET {car path}/autogauge.
    PriceComparisonView::export_all(&cfg).expect("export PriceComparisonView");
    // The vehicle page's finance-estimate box (domain::view::finance::finance_estimate_view).
    domain::view::finance::FinanceEstimateView::export_all(&cfg)
        .expect("export FinanceEstimateView");
    fs::write(
        dir.join("messages.ts"),
        domain::messages::ui::messages_module(),
    )
    .expect("write messages.ts");
    fs::write(
        dir.join("constants.ts"),
        domain::view::ts_constants::constants_module(),
    )
    .expect("write constants.ts");
}

fn read_ts_files(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.ends_with(".ts") {
                files.insert(
                    name,
                    fs::read_to_string(entry.path()).expect("read generated file"),
                );
            }
        }
    }
    files
}

#[test]
fn generated_prop_types_are_up_to_date() {
    let fresh_dir = tempfile::tempdir().expect("temp dir");
    export_all(fresh_dir.path());
    let fresh = read_ts_files(fresh_dir.path());
    assert!(
        fresh.contains_key("VehiclePageView.ts"),
        "ts-rs wrote no VehiclePageView.ts: {:?}",
        fresh.keys()
    );
    let committed_path = committed_dir();
    if std::env::var("FORECOURT_UPDATE_TYPES").is_ok_and(|v| v == "1") {
        fs::create_dir_all(&committed_path).expect("create generated dir");
        for name in read_ts_files(&committed_path).keys() {
            if !fresh.contains_key(name) {
                fs::remove_file(committed_path.join(name)).expect("remove stale type");
            }
        }
        for (name, text) in &fresh {
            fs::write(committed_path.join(name), text).expect("write type");
        }
    }
    let committed = read_ts_files(&committed_path);
    let missing: Vec<&String> = fresh
        .keys()
        .filter(|k| !committed.contains_key(*k))
        .collect();
    let stale: Vec<&String> = committed
        .keys()
        .filter(|k| !fresh.contains_key(*k))
        .collect();
    let changed: Vec<&String> = fresh
        .iter()
        .filter(|(k, v)| committed.get(*k).is_some_and(|c| c != *v))
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty() && stale.is_empty() && changed.is_empty(),
        "frontend/src/types/generated is out of step with the Rust view models \
         (missing {missing:?}, stale {stale:?}, changed {changed:?}); run \
         FORECOURT_UPDATE_TYPES=1 cargo test -p domain --test view_types"
    );
}
