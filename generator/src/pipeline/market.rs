//! The market file of the local price comparison and each dealer's stock state, written
//! after the dealers' sites.

use std::path::Path;

use domain::rules::market::Market;

use super::BuildError;

/// Where the market file of the local price comparison lives under the output folder.
pub const MARKET_FILE: &str = "_data/market.tsv";

/// Writes the market file (a temporary file, then a rename, so the API never reads half).
pub fn write_market(market: &Market, out: &Path) -> Result<(), BuildError> {
    let path = out.join(MARKET_FILE);
    let fail = |e: std::io::Error| {
        BuildError::new(format!("market: cannot write {}: {e}", path.display()))
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let partial = path.with_extension("tsv.partial");
    std::fs::write(&partial, market.to_tsv()).map_err(fail)?;
    std::fs::rename(&partial, &path).map_err(fail)
}

/// The lines of the market file that are `slug`'s cars, under the file's header.
pub fn dealer_stock(market_tsv: &str, slug: &str) -> String {
    let mut out = String::new();
    for (i, line) in market_tsv.lines().enumerate() {
        if i == 0 || line.split('\t').next() == Some(slug) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Writes a dealer's stock state into its site folder, in the build metadata (not a
/// page of the site), where `forecourt publish` takes it to the bucket the API reads
/// on AWS (a temporary file, then a rename, so a publish never uploads half).
pub fn write_stock(market_tsv: &str, out: &Path, slug: &str) -> Result<(), BuildError> {
    let path = out
        .join(slug)
        .join(crate::publish::META_DIR)
        .join(crate::publish::STOCK_FILE);
    let fail =
        |e: std::io::Error| BuildError::new(format!("stock: cannot write {}: {e}", path.display()));
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let partial = path.with_extension("tsv.partial");
    std::fs::write(&partial, dealer_stock(market_tsv, slug)).map_err(fail)?;
    std::fs::rename(&partial, &path).map_err(fail)
}
