//! The sample EOFY promo of seed 001 s9, "expiring mid-June 2025": Moreton's EOFY run-out
//! (offer 5301, its demo search promo, its home slide and its `/eofy` sale page) all end on
//! 15 June 2025. While it runs it shows everywhere; from the next day it is hidden from
//! the offers list, the menus, the home slides and banners, the search promo cards and the
//! sitemap. Its own pages stay, saying it ended, for anyone holding an old link.

use std::path::Path;

use chrono::{DateTime, TimeZone, Utc};
use domain::config::{load_dealer, Banner, Dealer, MenuItem};
use domain::view::site::site_view;
use domain::view::{site_pages, Page, PageKind};

const OFFER_TITLE: &str = "EOFY run-out: demo stock across the group";
const PROMO_TITLE: &str = "EOFY demo run-out";
const OFFER_PATH: &str = "/offers/5301";
const SALE_PATH: &str = "/eofy";
const ENDED: &str = "This offer has ended.";

fn link(label: &str, url: &str) -> MenuItem {
    MenuItem {
        label: label.to_string(),
        url: url.to_string(),
        children: Vec::new(),
    }
}

/// Moreton as configured, plus what a dealer might add by hand while the sale runs: a
/// header item with the sale page under it, a footer link to the offer and a home banner.
fn moreton() -> Dealer {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers/moreton-motor-group");
    let mut dealer = load_dealer(&dir).unwrap_or_else(|e| panic!("{e}"));
    let menus = &mut dealer.config.menus;
    let mut item = link("EOFY", SALE_PATH);
    item.children
        .push(link("EOFY Sale", &format!("{SALE_PATH}/")));
    menus.header.push(item);
    menus.footer[0]
        .links
        .push(link("EOFY offer", &format!("{OFFER_PATH}?from=footer")));
    dealer.banners.push(Banner {
        title: "EOFY".to_string(),
        text: "Ends 15 June.".to_string(),
        url: SALE_PATH.to_string(),
        image: None,
    });
    dealer
}

fn pages_at(dealer: &Dealer, y: i32, m: u32, d: u32) -> (Vec<Page>, String) {
    let now: DateTime<Utc> = Utc
        .with_ymd_and_hms(y, m, d, 2, 0, 0)
        .single()
        .expect("time");
    let pages = site_pages(dealer, &[], now);
    let menus = serde_json::to_string(&site_view(dealer, &[], now)).expect("site JSON");
    (pages, menus)
}

fn props(page: &Page) -> String {
    serde_json::to_string(&page.props).expect("props JSON")
}

fn page<'a>(pages: &'a [Page], path: &str) -> &'a Page {
    pages
        .iter()
        .find(|p| p.path == path)
        .unwrap_or_else(|| panic!("the page {path}"))
}

/// A JSON string value naming `path` as a link: exactly, with a slash, a query or a hash.
fn links(json: &str, path: &str) -> bool {
    ["\"", "/\"", "?", "#"]
        .iter()
        .any(|end| json.contains(&format!("\"{path}{end}")))
}

#[test]
fn the_eofy_run_out_shows_everywhere_while_it_runs() {
    let dealer = moreton();
    let (pages, menus) = pages_at(&dealer, 2025, 6, 15);
    for path in [OFFER_PATH, SALE_PATH] {
        let own = page(&pages, path);
        assert!(own.in_sitemap && !own.noindex, "{path}");
    }
    assert!(props(page(&pages, OFFER_PATH)).contains("\"ended\":false"));
    assert!(!props(page(&pages, SALE_PATH)).contains(ENDED));
    let lists: Vec<&Page> = pages
        .iter()
        .filter(|p| p.kind == PageKind::Offers)
        .collect();
    assert!(!lists.is_empty());
    assert!(lists.iter().all(|p| props(p).contains(OFFER_TITLE)));
    assert!(pages
        .iter()
        .any(|p| p.kind == PageKind::Search && props(p).contains(PROMO_TITLE)));
    let home = props(page(&pages, "/"));
    assert!(home.contains(PROMO_TITLE), "the home slide");
    assert!(
        links(&home, SALE_PATH),
        "the slide and banner link the sale"
    );
    assert!(links(&menus, SALE_PATH) && links(&menus, OFFER_PATH));
}

#[test]
fn an_ended_promo_is_hidden_everywhere_but_its_own_ended_pages() {
    let dealer = moreton();
    // The day after, and the sample's own build date, long after.
    for (y, m, d) in [(2025, 6, 16), (2026, 11, 29)] {
        let (pages, menus) = pages_at(&dealer, y, m, d);
        for path in [OFFER_PATH, SALE_PATH] {
            let own = page(&pages, path);
            assert!(
                !own.in_sitemap,
                "{path}: an ended sale is not worth a search result"
            );
            assert!(own.noindex, "{path}");
        }
        assert!(props(page(&pages, OFFER_PATH)).contains("\"ended\":true"));
        assert!(props(page(&pages, SALE_PATH)).contains(ENDED));
        for p in pages
            .iter()
            .filter(|p| p.path != OFFER_PATH && p.path != SALE_PATH)
        {
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
            for path in [OFFER_PATH, SALE_PATH] {
                assert!(!links(&json, path), "{} links {path}", p.path);
            }
        }
        for path in [OFFER_PATH, SALE_PATH] {
            assert!(!links(&menus, path), "the menus link {path}");
        }
        assert!(!menus.contains(OFFER_TITLE));
    }
}
