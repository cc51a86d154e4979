//! `forecourt-sample-feed`: writes the sample stock feed and its media for the sample
//! dealers (`make demo`, the e2e, `make bench`). Demo and test data only: the `forecourt`
//! binary that builds and publishes the sites does not carry it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sample_feed::{write_sample, MediaKind, SampleOptions};

/// Write a deterministic sample stock feed (JSON Lines) for the dealers, with JPEG
/// photographs (or SVG drawings) in media/ beside it.
#[derive(Debug, Parser)]
#[command(name = "forecourt-sample-feed", version, long_about = None)]
struct Cli {
    /// Number of cars.
    #[arg(long, default_value_t = 3000)]
    cars: usize,
    /// Random seed: the same seed, dealers and --as-of date give the same feed.
    #[arg(long, default_value_t = 42)]
    seed: u64,
    /// The dealers folder the cars are distributed over.
    #[arg(long, default_value = "dealers")]
    dealers: PathBuf,
    /// The feed file to write; photos go to media/ in the same folder.
    #[arg(long, default_value = "feeds/sample.jsonl")]
    out: PathBuf,
    /// Reference date (YYYY-MM-DD): listings spread over the 60 days before it (default today).
    #[arg(long, value_name = "DATE")]
    as_of: Option<chrono::NaiveDate>,
    /// SVG drawings of a few KB instead of JPEG photographs (fast, for tests that do not
    /// look at photo weight).
    #[arg(long)]
    drawings: bool,
    /// Photographs per body shape and colour, 8 to 25: a car shows 8 to that many. Fewer
    /// render faster (the e2e's 8).
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u32).range(8..=25), conflicts_with = "drawings")]
    photo_shots: u32,
}

fn main() -> ExitCode {
    let args = Cli::parse();
    let opts = SampleOptions {
        cars: args.cars,
        seed: args.seed,
        dealers: args.dealers,
        out: args.out,
        as_of: args
            .as_of
            .unwrap_or_else(|| chrono::Utc::now().date_naive()),
        media: if args.drawings {
            MediaKind::Drawings
        } else {
            MediaKind::Photos {
                shots: args.photo_shots,
            }
        },
    };
    match write_sample(&opts) {
        Ok(report) => {
            eprint!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: sample feed: {e}");
            ExitCode::FAILURE
        }
    }
}
