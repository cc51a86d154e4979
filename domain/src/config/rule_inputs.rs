//! What the rules read of a dealer's configuration. The rules take values, never the
//! configuration, so `rules` does not depend on `config`; these adapters hand them over.

use super::{DealerConfig, DeliveryZone};
use crate::rules::delivery::Zone;
use crate::rules::gating::Gates;
use crate::rules::stock::{DealerStock, StockFilters};

impl DealerConfig {
    /// The routes this site gates besides the fixed ones: its gated-route switches, and its
    /// garage page where the garage is on.
    pub fn gates(&self) -> Gates<'_> {
        Gates {
            checkout: self.gated_routes.checkout,
            finance: self.gated_routes.finance,
            spin_to_win: self.gated_routes.spin_to_win,
            finance_by_credit_check: self.gated_routes.finance_by_credit_check,
            garage_page: self.garage.enabled.then_some(self.garage.page.as_str()),
        }
    }
}

impl DealerStock for DealerConfig {
    fn stock_filters(&self) -> &StockFilters {
        &self.stock_filters
    }

    fn status_filter(&self) -> bool {
        self.search.status_filter
    }

    fn manufacturer(&self) -> Option<&str> {
        self.manufacturer.as_deref()
    }

    fn makes(&self) -> &[String] {
        &self.makes
    }
}

impl Zone for DeliveryZone {
    fn region(&self) -> &str {
        &self.region
    }

    fn price(&self) -> f64 {
        self.price
    }

    fn max_km(&self) -> f64 {
        self.max_km
    }
}
