//! The sample EOFY run-out (Moreton's offer 5301 and its demo search promo, seed 001 s9's
//! mid-June EOFY promo moved to the sample's year) built after it ends: hidden from the
//! offers list, the menus, the search promo cards and the sitemap; its own page stays,
//! saying it ended, for anyone holding an old link.

use std::path::Path;

use chrono::{DateTime, TimeZone, Utc};
use domain::config::load_dealer;
use domain::view::site::site_view;
use domain::view::{site_pages, Page, PageKind};

const OFFER_TITLE: &str = "EOFY run-out: demo stock across the group";
const PROMO_TITLE: &str = "EOFY demo run-out";

fn pages_at(y: i32, m: u32, d: u32) -> (Vec<Page>, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers/moreton-motor-group");
    let dealer = load_dealer(&dir).unwrap_or_else(|e| panic!("{e}"));
    let now: DateTime<Utc> = Utc
        .with_ymd_and_hms(y, m, d, 2, 0, 0)
        .single()
        .expect("time");
    let pages = site_pages(&dealer, &[], now);
    let menus = serde_json::to_string(&site_view(&dealer, &[], now)).expect("site JSON");
    (pages, menus)
}

fn props(page: &Page) -> String {
    serde_json::to_string(&page.props).expect("props JSON")
}

fn offer_page(pages: &[Page]) -> &Page {
    pages
        .iter()
        .find(|p| p.path == "/offers/5301")
        .expect("the EOFY offer's page")
}

#[test]
fn the_eofy_run_out_shows_everywhere_while_it_runs() {
    let (pages, _) = pages_at(2027, 6, 30);
    assert!(offer_page(&pages).in_sitemap);
    let lists: Vec<&Page> = pages
        .iter()
        .filter(|p| p.kind == PageKind::Offers)
        .collect();
    assert!(!lists.is_empty());
    assert!(lists.iter().all(|p| props(p).contains(OFFER_TITLE)));
    assert!(pages
        .iter()
        .any(|p| p.kind == PageKind::Search && props(p).contains(PROMO_TITLE)));
}

#[test]
fn an_ended_promo_is_hidden_everywhere_but_its_own_ended_page() {
    let (pages, menus) = pages_at(2027, 7, 1);
    let page = offer_page(&pages);
    assert!(props(page).contains("\"ended\":true"), "{}", props(page));
    assert!(
        !page.in_sitemap,
        "an ended offer is not worth a search result"
    );
    assert!(page.noindex);
    for p in pages.iter().filter(|p| p.path != "/offers/5301") {
        if matches!(p.kind, PageKind::Offers | PageKind::Search) {
            let json = props(p);
            assert!(
                !json.contains(OFFER_TITLE),
                "{} lists the ended offer",
                p.path
            );
            assert!(
                !json.contains(PROMO_TITLE),
                "{} shows the ended promo",
                p.path
            );
        }
        assert!(
            !props(p).contains("/offers/5301"),
            "{} links the ended offer",
            p.path
        );
    }
    assert!(!menus.contains("/offers/5301") && !menus.contains(OFFER_TITLE));
}
