//! `make bench`: what the price comparison panel says over a build's stock. Reads the
//! market file a build writes (`dist/_data/market.tsv`) and prints, per car type, how
//! many published cars get each deal label and how many have the panel hidden (and why).
//!
//!     cargo run --release -p domain --example deal_labels -- dist/_data/market.tsv

use domain::rules::market::Market;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: deal_labels <market.tsv>")?;
    let market = Market::from_tsv(&std::fs::read_to_string(&path)?)?;
    let rows = market.deal_labels();
    let total: usize = rows.iter().map(|(_, _, n)| n).sum();
    println!("{total} published priced cars in {path}");
    println!("{:<6} {:<40} {:>6} {:>6}", "type", "label", "cars", "share");
    for (car_type, label, n) in &rows {
        let of_type: usize = rows
            .iter()
            .filter(|(t, _, _)| t == car_type)
            .map(|(_, _, n)| n)
            .sum();
        println!(
            "{:<6} {:<40} {:>6} {:>5.1}%",
            car_type.as_str(),
            label,
            n,
            100.0 * *n as f64 / of_type.max(1) as f64
        );
    }
    Ok(())
}
