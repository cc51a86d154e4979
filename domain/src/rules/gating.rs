//! Sign-in gating (seed 001 s6): which routes need a signed-in user, and the `type` the
//! sign-in route is opened with (seed 001 s2: /sign-in?type=…&redirect=…&back=…).
//! online-payment, my-garage and the site's own garage page are always gated; checkout,
//! finance, spin-to-win and finance-by-credit-check only where the site switches them on.
//! Trade-in and sell-my-car are never gated. The watchlist lists a signed-in user's cars,
//! so it needs one too (seed 000 s2: type=watchlist).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::routes;

/// The `type` parameter of the sign-in route: why the shopper is asked to sign in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum SignInType {
    /// Saving a car or opening the watchlist.
    Watchlist,
    /// Trade-in (offered as a type; the route itself is never gated).
    TradeIn,
    /// Reserving or buying a car online.
    Checkout,
    /// The finance page.
    Finance,
    /// The spin-to-win page.
    SpinToWin,
    /// The online payment page.
    OnlinePayment,
    /// Finance by credit check (/personalised/finance).
    CarFinance,
    /// The garage.
    MyGarage,
}

impl SignInType {
    /// Every type.
    pub const ALL: [SignInType; 8] = [
        SignInType::Watchlist,
        SignInType::TradeIn,
        SignInType::Checkout,
        SignInType::Finance,
        SignInType::SpinToWin,
        SignInType::OnlinePayment,
        SignInType::CarFinance,
        SignInType::MyGarage,
    ];
}

/// Seed 001 s2: the site's default garage route.
pub const MY_GARAGE_PATH: &str = routes::MY_GARAGE.pattern;

/// The routes a site gates besides the fixed ones: its gated-route switches and its own
/// garage page (`DealerConfig::gates` reads them from the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Gates<'a> {
    /// Gate checkout (the journey and a car's checkout or buy-online page).
    pub checkout: bool,
    /// Gate the finance pages.
    pub finance: bool,
    /// Gate spin-to-win.
    pub spin_to_win: bool,
    /// Gate finance by credit check.
    pub finance_by_credit_check: bool,
    /// The site's own garage page, a path segment without slashes; None without a garage.
    pub garage_page: Option<&'a str>,
}

/// The sign-in type a page at `path` is gated with, or None when anyone may open it.
pub fn gate_for(path: &str, gated: &Gates) -> Option<SignInType> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    let garage_page = gated
        .garage_page
        .map(|page| format!("/{}", page.trim_matches('/')));
    let at = |route: routes::Route| path == route.pattern;
    match path {
        _ if at(routes::ONLINE_PAYMENT) => Some(SignInType::OnlinePayment),
        _ if at(routes::WATCHLIST) => Some(SignInType::Watchlist),
        p if p == MY_GARAGE_PATH || garage_page.as_deref() == Some(p) => Some(SignInType::MyGarage),
        _ if at(routes::CHECKOUT_JOURNEY) && gated.checkout => Some(SignInType::Checkout),
        // Finance links dealers use for the finance enquiry, gated as its own route is.
        "/apply-for-finance" | "/finance-enquiry" if gated.finance => Some(SignInType::Finance),
        _ if at(routes::FINANCE) && gated.finance => Some(SignInType::Finance),
        _ if at(routes::SPIN_TO_WIN) && gated.spin_to_win => Some(SignInType::SpinToWin),
        _ if at(routes::PERSONALISED_FINANCE) && gated.finance_by_credit_check => {
            Some(SignInType::CarFinance)
        }
        p if gated.checkout && is_car_checkout(p) => Some(SignInType::Checkout),
        _ => None,
    }
}

/// /cars/{slug}/checkout or /cars/{slug}/buy-online.
fn is_car_checkout(path: &str) -> bool {
    let mut parts = path.trim_start_matches('/').split('/');
    matches!(
        (parts.next(), parts.next(), parts.next(), parts.next()),
        (Some("cars"), Some(slug), Some("checkout" | "buy-online"), None) if !slug.is_empty()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_on() -> Gates<'static> {
        Gates {
            checkout: true,
            finance: true,
            spin_to_win: true,
            finance_by_credit_check: true,
            garage_page: None,
        }
    }

    #[test]
    fn always_gated_routes_need_sign_in_on_every_site() {
        let off = Gates::default();
        assert_eq!(
            gate_for("/online-payment", &off),
            Some(SignInType::OnlinePayment)
        );
        assert_eq!(gate_for("/my-garage", &off), Some(SignInType::MyGarage));
        assert_eq!(gate_for("/my-garage/", &off), Some(SignInType::MyGarage));
        assert_eq!(gate_for("/watchlist", &off), Some(SignInType::Watchlist));
        let garage = Gates {
            garage_page: Some("mymotorama"),
            ..off
        };
        assert_eq!(gate_for("/mymotorama", &garage), Some(SignInType::MyGarage));
        // A garage page name is only a garage where the site has one.
        assert_eq!(gate_for("/mymotorama", &off), None);
    }

    #[test]
    fn switched_routes_are_gated_only_where_switched_on() {
        let cases = [
            ("/cars/2021-toyota-hilux-123/checkout", SignInType::Checkout),
            (
                "/cars/2021-toyota-hilux-123/buy-online",
                SignInType::Checkout,
            ),
            (
                "/checkout-journey?car_id=2021-toyota-hilux-123",
                SignInType::Checkout,
            ),
            ("/finance#finance-form", SignInType::Finance),
            ("/apply-for-finance", SignInType::Finance),
            ("/spin-to-win", SignInType::SpinToWin),
            ("/personalised/finance?car_id=4", SignInType::CarFinance),
        ];
        for (path, kind) in cases {
            assert_eq!(gate_for(path, &all_on()), Some(kind), "{path}");
            assert_eq!(gate_for(path, &Gates::default()), None, "{path}");
        }
    }

    #[test]
    fn trade_in_sell_my_car_and_car_pages_are_never_gated() {
        for path in [
            "/trade-in",
            "/sell-my-car",
            "/cars/trade-in",
            "/cars/a-car",
            "/cars/a-car/print",
            "/",
            "/search/used-cars",
            "/sign-in",
        ] {
            assert_eq!(gate_for(path, &all_on()), None, "{path}");
        }
    }

    #[test]
    fn types_are_the_seed_words() {
        let words: Vec<String> = SignInType::ALL
            .iter()
            .map(|t| {
                serde_json::to_value(t)
                    .expect("serializes")
                    .as_str()
                    .expect("a string")
                    .to_string()
            })
            .collect();
        assert_eq!(
            words,
            [
                "watchlist",
                "trade-in",
                "checkout",
                "finance",
                "spin-to-win",
                "online-payment",
                "car-finance",
                "my-garage"
            ]
        );
    }
}
