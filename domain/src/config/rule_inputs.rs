//! What the rules read of a dealer's configuration. The rules take values, never the
//! configuration, so `rules` does not depend on `config`; these adapters hand them over.

use super::{DealerConfig, DeliveryZone, StockFilters};
use crate::rules::delivery::Zone;
use crate::rules::gating::Gates;
use crate::rules::stock::{DealerStock, StockFilterValues};

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
    fn stock_filters(&self) -> &impl StockFilterValues {
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

impl StockFilterValues for StockFilters {
    fn used_only(&self) -> bool {
        self.used_only
    }

    fn min_photos(&self) -> u32 {
        self.min_photos
    }

    fn in_stock_only(&self) -> bool {
        self.in_stock_only
    }

    fn excluded_stock_numbers(&self) -> &[String] {
        &self.excluded_stock_numbers
    }

    fn include_sold_cars_days(&self) -> u32 {
        self.include_sold_cars_days
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
