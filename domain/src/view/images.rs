//! Images as every page shows them: a URL and its text alternative.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An image with its text alternative.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ImageView {
    /// Image URL.
    pub url: String,
    /// Text alternative.
    pub alt: String,
}

/// The public URL of a file named in the dealer's config: absolute URLs and paths stay,
/// a file in the dealer folder is published at the site root under its file name.
pub fn asset_url(value: &str) -> String {
    if value.starts_with("http://") || value.starts_with("https://") || value.starts_with('/') {
        value.to_string()
    } else {
        let file = value.rsplit(['/', '\\']).next().unwrap_or(value);
        format!("/{file}")
    }
}
