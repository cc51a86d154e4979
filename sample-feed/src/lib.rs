//! `forecourt-sample-feed`: a deterministic, realistic Australian stock feed for the
//! sample dealers, with photographs (JPEG, [`photo`]) or, for fast tests, SVG drawings.
//!
//! Every car is drawn from its own random stream (`seed`, car index), so the output for a
//! seed and reference date is the same whatever the number of threads, and generation runs
//! in parallel: 100,000 cars take seconds. Cars go to the dealers of the dealers folder in
//! proportion to their size, and each car fits its dealer: a make and vehicle category the
//! dealer sells, a car type the dealer stocks, a location that sells the make, and finance
//! lender data for the dealer's provider. Media go into `media/` beside the feed, which
//! the build copies to `<out>/_media` and sites serve at `/media/`: photographs are pooled
//! per body shape and colour (see [`photo`] for the budget) and each car shows 8-25 of
//! its pool; drawings (`--drawings`) are written once per make, model, colour and view.
//! Spin frames are drawings in both modes, once per body shape and colour.

mod catalogue;
mod comments;
mod media;
mod parts;
mod photo;
mod rng;
mod svg;

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use domain::car::{Car, CarStatus, CarType, Hotspots};
use domain::config::{Dealer, VehicleCategory};
use domain::entities::{Location, LocationType};
use domain::view::slug::slugify;
use rayon::prelude::*;
use serde_json::Value;

use catalogue::{make_matches, model_colours, Model};
use media::{dealer_media, media_url, write_changed, MediaSet};
use parts::{
    asking_price, car_location, car_name, certified, equipment, features, gallery, gears, hotspots,
    lenders, litres, model_year, nvic, odometer, photo_gallery, pick_car_type, price_type,
    regplate, transmission, variant, vin, youx, CUSTOM_TAGS,
};
use photo::{Shot, SHOTS};
use rng::Rng;
use svg::{Photo, Shape, SpinFrame, SPIN_FRAMES};

/// Days over which `created_at` is spread before the reference date.
pub const LISTING_SPREAD_DAYS: i64 = 60;

/// Stream offset of the photo picks, so the rest of a car is the same in both media modes.
const PHOTO_STREAM: u64 = 0x5048_4f54_4f53_0001;

/// Stream offset of the dealer comments, written once the rest of the car is drawn.
const COMMENT_STREAM: u64 = 0x434f_4d4d_454e_0001;

/// What the feed's car photos are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    /// JPEG photographs of a real photo's size and weight (`make demo`, `make bench`):
    /// `shots` per body shape and colour ([`MediaKind::PHOTOS`] has the most, 25), so a
    /// car shows 8 to `shots` of them. Fewer shots render faster (the e2e's 8).
    Photos {
        /// Shots per shape and colour, [`MIN_SHOTS`] to 25.
        shots: u32,
    },
    /// SVG drawings of a few KB: fast, for tests that do not look at photo weight.
    Drawings,
}

/// The fewest photos a photographed car shows, so the fewest shots a pool may have.
pub const MIN_SHOTS: u32 = 8;

impl MediaKind {
    /// Photographs with the whole pool: 8-25 per car.
    pub const PHOTOS: MediaKind = MediaKind::Photos { shots: SHOTS };
}

/// Cars generated per parallel batch (bounds memory for very large feeds).
const BATCH: usize = 8192;

/// What `forecourt sample-feed` generates.
#[derive(Debug, Clone)]
pub struct SampleOptions {
    /// Number of cars.
    pub cars: usize,
    /// Random seed: the same seed, dealers and date give the same feed.
    pub seed: u64,
    /// The dealers folder the cars are distributed over.
    pub dealers: PathBuf,
    /// The feed file to write (JSON Lines); photos go to `media/` beside it.
    pub out: PathBuf,
    /// Reference date: listings are spread over the 60 days before it.
    pub as_of: NaiveDate,
    /// Photographs or drawings.
    pub media: MediaKind,
}

/// What was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleReport {
    /// The feed file.
    pub feed: PathBuf,
    /// The media folder.
    pub media: PathBuf,
    /// Cars per dealer slug.
    pub per_dealer: BTreeMap<String, usize>,
    /// Dealers that sell nothing in the catalogue and got no cars.
    pub skipped: Vec<String>,
    /// Media files referenced (written or already up to date).
    pub media_files: usize,
    /// Media files whose content changed.
    pub media_written: usize,
}

impl fmt::Display for SampleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total: usize = self.per_dealer.values().sum();
        writeln!(f, "wrote {total} cars to {}", self.feed.display())?;
        for (slug, count) in &self.per_dealer {
            writeln!(f, "  {slug}: {count} cars")?;
        }
        for slug in &self.skipped {
            writeln!(f, "  {slug}: no cars (none of its makes and vehicle categories is in the sample catalogue)")?;
        }
        writeln!(
            f,
            "media: {} files in {} ({} written, the rest unchanged)",
            self.media_files,
            self.media.display(),
            self.media_written
        )
    }
}

/// Why the sample feed could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    /// The dealers folder does not load.
    #[error("{0}")]
    Dealers(String),
    /// No dealer sells anything in the catalogue.
    #[error("no dealer in {0} sells a make and vehicle category of the sample catalogue")]
    NoDealers(PathBuf),
    /// A photograph could not be rendered.
    #[error("cannot render {path}: {message}")]
    Photo {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// Writing a file failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

fn write_error(path: &Path) -> impl FnOnce(std::io::Error) -> SampleError + '_ {
    move |source| SampleError::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// Loads the dealers, generates the cars and writes the feed (atomically) and its media.
pub fn write_sample(opts: &SampleOptions) -> Result<SampleReport, SampleError> {
    let dealers = domain::config::load_dealers(&opts.dealers)
        .map_err(|e| SampleError::Dealers(e.to_string()))?;
    let plan = Plan::new(&dealers, opts.seed, opts.as_of, opts.media);
    if plan.dealers.is_empty() {
        return Err(SampleError::NoDealers(opts.dealers.clone()));
    }
    let dir = opts
        .out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(write_error(dir))?;
    let media_dir = dir.join("media");
    fs::create_dir_all(&media_dir).map_err(write_error(&media_dir))?;

    let tmp = opts.out.with_extension("jsonl.partial");
    let file = fs::File::create(&tmp).map_err(write_error(&tmp))?;
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    let mut per_dealer: BTreeMap<String, usize> = BTreeMap::new();
    let mut media = MediaSet::default();
    let mut start = 0;
    while start < opts.cars {
        let end = (start + BATCH).min(opts.cars);
        let batch: Vec<(String, String, Drawn)> = (start..end)
            .into_par_iter()
            .map(|i| {
                let drawn = plan.car(i);
                let line = feed_line(&drawn.car);
                (drawn.car.dealership_slug.clone(), line, drawn)
            })
            .collect();
        for (slug, line, drawn) in batch {
            writer
                .write_all(line.as_bytes())
                .map_err(write_error(&tmp))?;
            writer.write_all(b"\n").map_err(write_error(&tmp))?;
            *per_dealer.entry(slug).or_default() += 1;
            media.add(&drawn);
        }
        start = end;
    }
    writer.flush().map_err(write_error(&tmp))?;
    writer.get_ref().sync_all().map_err(write_error(&tmp))?;
    drop(writer);

    let (mut media_files, mut media_written) = media.write(&media_dir, opts.media)?;
    let dealer_images = dealer_media(&dealers);
    media_files += dealer_images.len();
    media_written += write_changed(&media_dir, &dealer_images)?;
    fs::rename(&tmp, &opts.out).map_err(write_error(&opts.out))?;
    Ok(SampleReport {
        feed: opts.out.clone(),
        media: media_dir,
        per_dealer,
        skipped: plan.skipped,
        media_files,
        media_written,
    })
}

/// The cars of a sample feed without writing anything (for tests and benchmarks).
pub fn generate(
    dealers: &[Dealer],
    cars: usize,
    seed: u64,
    as_of: NaiveDate,
    media: MediaKind,
) -> Vec<Car> {
    let plan = Plan::new(dealers, seed, as_of, media);
    if plan.dealers.is_empty() {
        return Vec::new();
    }
    (0..cars).into_par_iter().map(|i| plan.car(i).car).collect()
}

/// One feed line: the car as JSON without the keys that only repeat a default (null,
/// empty text, empty lists and objects), so lines stay short and read like a real feed.
fn feed_line(car: &Car) -> String {
    let mut value = serde_json::to_value(car).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.retain(|_, v| match v {
            Value::Null => false,
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(o) => !o.is_empty() && !is_empty_hotspots(o),
            _ => true,
        });
        if let Some(Value::Object(variant)) = map.get_mut("variant") {
            variant.retain(|_, v| !v.is_null());
        }
    }
    value.to_string()
}

fn is_empty_hotspots(o: &serde_json::Map<String, Value>) -> bool {
    o.len() == 2
        && ["exterior", "interior"].iter().all(|k| {
            o.get(*k)
                .and_then(Value::as_array)
                .is_some_and(Vec::is_empty)
        })
}

/// A dealer that gets cars: what it sells and where.
struct SampleDealer<'a> {
    dealer: &'a Dealer,
    /// Indexes into [`catalogue::models`].
    models: Vec<usize>,
    car_types: Vec<CarType>,
    /// Sales locations (all locations when none is a sales location).
    locations: Vec<&'a Location>,
    weight: u64,
    prefix: String,
    id: u64,
}

/// Everything fixed before cars are drawn.
struct Plan<'a> {
    dealers: Vec<SampleDealer<'a>>,
    skipped: Vec<String>,
    total_weight: u64,
    seed: u64,
    as_of: DateTime<Utc>,
    year: u16,
    media: MediaKind,
}

impl<'a> Plan<'a> {
    fn new(dealers: &'a [Dealer], seed: u64, as_of: NaiveDate, media: MediaKind) -> Plan<'a> {
        let mut out = Vec::new();
        let mut skipped = Vec::new();
        for dealer in dealers {
            let config = &dealer.config;
            let categories: Vec<VehicleCategory> = if config.vehicle_categories.is_empty() {
                vec![VehicleCategory::Cars]
            } else {
                config.vehicle_categories.clone()
            };
            let makes: Vec<&str> = if config.makes.is_empty() {
                config.manufacturer.iter().map(String::as_str).collect()
            } else {
                config.makes.iter().map(String::as_str).collect()
            };
            let models: Vec<usize> = catalogue::models()
                .iter()
                .enumerate()
                .filter(|(_, m)| categories.contains(&m.category))
                .filter(|(_, m)| makes.is_empty() || makes.iter().any(|name| make_matches(m, name)))
                .map(|(i, _)| i)
                .collect();
            if models.is_empty() {
                skipped.push(config.slug.clone());
                continue;
            }
            let car_types = if config.stock_filters.used_only {
                vec![CarType::Used]
            } else if config.car_types.is_empty() {
                CarType::ORDER.to_vec()
            } else {
                config.car_types.clone()
            };
            let sales: Vec<&Location> = dealer
                .locations
                .iter()
                .filter(|l| l.location_type == LocationType::Sales && l.visible)
                .collect();
            let locations = if sales.is_empty() {
                dealer.locations.iter().collect()
            } else {
                sales
            };
            // Bigger groups carry more stock: 3 shares plus one per three locations (capped).
            let weight = 3 + (locations.len().min(45) / 3) as u64;
            let prefix: String = config
                .slug
                .split('-')
                .filter_map(|w| w.chars().next())
                .take(3)
                .collect::<String>()
                .to_ascii_uppercase();
            let id = 1000
                + blake3::hash(config.slug.as_bytes()).as_bytes()[..2]
                    .iter()
                    .fold(0u64, |a, b| a * 256 + u64::from(*b))
                    % 9000;
            out.push(SampleDealer {
                dealer,
                models,
                car_types,
                locations,
                weight,
                prefix,
                id,
            });
        }
        let total_weight = out.iter().map(|d| d.weight).sum();
        let as_of = Utc.from_utc_datetime(&as_of.and_hms_opt(0, 0, 0).unwrap_or_default());
        let year = u16::try_from(as_of.year()).unwrap_or(2026);
        Plan {
            dealers: out,
            skipped,
            total_weight,
            seed,
            as_of,
            year,
            media,
        }
    }

    fn pick_dealer(&self, rng: &mut Rng) -> &SampleDealer<'a> {
        let mut ticket = rng.below(self.total_weight);
        for d in &self.dealers {
            if ticket < d.weight {
                return d;
            }
            ticket -= d.weight;
        }
        &self.dealers[self.dealers.len() - 1]
    }

    /// Car number `index`, drawn from its own stream.
    fn car(&self, index: usize) -> Drawn {
        let mut rng = Rng::new(self.seed, index as u64);
        let dealer = self.pick_dealer(&mut rng);
        let model_index = *rng.pick(&dealer.models);
        let model = &catalogue::models()[model_index];
        let (badge, rrp) = *rng.pick(&model.badges);
        let train = *rng.pick(&model.trains);
        let colours = model_colours(model_index, model);
        let (colour, hex) = *rng.pick(&colours);
        let car_type = pick_car_type(&mut rng, &dealer.car_types);
        let year = model_year(&mut rng, model, car_type, self.year);
        let age = self.year.saturating_sub(year);
        let km = odometer(&mut rng, model, car_type, age);
        let price = asking_price(
            &mut rng,
            f64::from(rrp + train.premium),
            car_type,
            age,
            km.unwrap_or(0),
        );
        let id = 100_000 + index as u64;
        let created_at =
            self.as_of - Duration::seconds(rng.range(60, LISTING_SPREAD_DAYS * 86_400));

        let status = match rng.unit() {
            u if u < 0.08 => CarStatus::Sold,
            u if u < 0.14 && car_type != CarType::Used => CarStatus::ComingSoon,
            u if u < 0.10 => CarStatus::ComingSoon,
            _ => CarStatus::InStock,
        };
        // A quarter of sold cars carry seed 001's `sold` flag instead of the status.
        let flag_only = status == CarStatus::Sold && rng.chance(0.25);
        let sold_at = (status == CarStatus::Sold).then(|| {
            let listed = (self.as_of - created_at).num_seconds().max(120);
            self.as_of - Duration::seconds(rng.range(60, listed.min(21 * 86_400)))
        });

        let shape = Shape::of(model.category, model.body);
        let mut gallery = gallery(&mut rng, model, colour, hex, shape, status, car_type);
        let spin = car_type != CarType::Used
            && model.category != VehicleCategory::Caravans
            && rng.chance(0.3);
        let spin_images: Vec<String> = if spin {
            (0..SPIN_FRAMES)
                .map(|frame| {
                    media_url(
                        &SpinFrame {
                            shape,
                            colour,
                            hex,
                            frame,
                        }
                        .file_name(),
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut interior = media_url(
            &Photo {
                make: model.make,
                model: model.model,
                colour,
                hex,
                shape,
                view: svg::View::Interior,
            }
            .file_name(),
        );
        if let MediaKind::Photos { shots } = self.media {
            // Drawn after everything else from its own stream: the rest of the car is the
            // same as with drawings. A car with no photos yet keeps none.
            let mut photo_rng = Rng::new(self.seed ^ PHOTO_STREAM, index as u64);
            if !gallery.is_empty() {
                gallery = photo_gallery(&mut photo_rng, shape, colour, hex, shots);
            }
            let shot = |index| Shot {
                shape,
                colour,
                hex,
                index,
            };
            if let Some(inside) = (0..shots).map(shot).find(Shot::is_interior) {
                interior = media_url(&inside.file_name());
            }
        }
        let location = dealer.locations_for(model, &mut rng);

        let (simple_drive, drive) = match train.drive.texts() {
            Some((s, f)) => (Some(s.to_string()), Some(f.to_string())),
            None => (None, None),
        };
        let name = car_name(year, model, badge, &train);
        let slug = slugify(&format!(
            "{year} {} {} {badge} {id}",
            model.make, model.model
        ));
        let mut car = Car {
            id,
            slug,
            name,
            year,
            make: model.make.to_string(),
            model: model.model.to_string(),
            badge: Some(badge.to_string()),
            series: (!train.series.is_empty()).then(|| train.series.to_string()),
            colour: Some(colour.to_string()),
            price: Some(price.price),
            before_price: price.before,
            price_type: Some(price_type(&mut rng, car_type).to_string()),
            km,
            car_type,
            status: if flag_only {
                CarStatus::InStock
            } else {
                status
            },
            sold: flag_only,
            sold_at,
            reserved: status == CarStatus::InStock && rng.chance(0.03),
            tag: rng.chance(0.06).then(|| rng.pick(CUSTOM_TAGS).to_string()),
            stocknum: Some(format!("{}{:06}", dealer.prefix, index + 1)),
            vin: Some(vin(&mut rng, model.wmi, year)),
            regplate: (car_type != CarType::New)
                .then(|| regplate(&mut rng, location.map(|l| l.address.state.as_str()))),
            rego_expiry: (car_type != CarType::New)
                .then(|| (self.as_of + Duration::days(rng.range(-20, 360))).date_naive()),
            build_date: Some(format!(
                "{}-{:02}",
                year.saturating_sub(u16::from(rng.chance(0.3))),
                rng.range(1, 12)
            )),
            compliance_date: Some(format!("{:02}/{year}", rng.range(1, 12))),
            certified: certified(&mut rng, dealer.dealer, model, car_type, age, km),
            created_at,
            // Caravans have no seats: a 0 would read as "Seats 0".
            seats: (model.seats > 0).then_some(model.seats),
            fuel: train.fuel.text().map(str::to_string),
            simple_fuel: train.fuel.simple().map(str::to_string),
            simple_body: Some(model.body.to_string()),
            simple_transmission: transmission(train.trans).map(str::to_string),
            simple_drive,
            drive,
            engine_size: (train.litres > 0.0)
                .then(|| (train.litres * 1000.0).round() as u32 - u32::from(train.cylinders) * 2),
            engine_size_litres: (train.litres > 0.0).then(|| litres(&train)),
            gearnum: gears(train.trans),
            bodyconfiguration: Some(model.bodycfg.to_string()),
            views: Some(rng.range(0, 900) as u32),
            thumbnails: gallery.iter().map(|i| i.url.clone()).collect(),
            primary_image_url: gallery.first().map(|i| i.url.clone()),
            images: gallery,
            spin_images,
            spin_interior_image: spin.then(|| interior.clone()),
            hotspots: if spin {
                hotspots(model)
            } else {
                Hotspots::default()
            },
            // Written below from the finished car, from a stream of their own; these two
            // draws are the ones the comments took here before, so every other field of a
            // seed's cars stays as it was.
            dealercomments: {
                rng.next_u64();
                rng.next_u64();
                None
            },
            standard_equipment: equipment(model, &train)
                .iter()
                .map(|s| s.to_string())
                .collect(),
            features: rng
                .sample(features(model.category), 4)
                .iter()
                .map(|s| s.to_string())
                .collect(),
            location: location.map(|l| car_location(l, &dealer.locations, &mut rng)),
            location_name: location.map(|l| l.name.clone()),
            dealership_id: Some(dealer.id),
            dealership_slug: dealer.dealer.config.slug.clone(),
            city: location.map(|l| l.address.city.clone()),
            state: location.map(|l| l.address.state.clone()),
            nvic: (model.category == VehicleCategory::Cars && rng.chance(0.85))
                .then(|| nvic(&mut rng)),
            variant: variant(model, &train),
            show_on_dealer_website: !rng.chance(0.01),
            subscription_price: (car_type == CarType::New && rng.chance(0.04))
                .then(|| (price.price / 180.0).round()),
            ..Car::default()
        };
        car.has_nvic = car.nvic.is_some();
        if let Some(provider) = dealer.dealer.config.finance.provider {
            car.finance_lenders = lenders(&mut rng, provider, &car);
        }
        if car.visible_price().is_some() && rng.chance(0.25) {
            car.youx_quote = Some(youx(&mut rng, &car));
        }
        let mut comment_rng = Rng::new(self.seed ^ COMMENT_STREAM, index as u64);
        car.dealercomments = Some(comments::comments(
            &mut comment_rng,
            &comments::Facts {
                car: &car,
                model,
                train: &train,
                dealer: &dealer.dealer.config.name,
                this_year: self.year,
            },
        ));
        Drawn {
            car,
            model: model_index,
            colour,
            hex,
            shape,
        }
    }
}

impl SampleDealer<'_> {
    /// A location that sells the model's make (any location when none lists it).
    fn locations_for(&self, model: &Model, rng: &mut Rng) -> Option<&Location> {
        let selling: Vec<&Location> = self
            .locations
            .iter()
            .copied()
            .filter(|l| l.manufacturers.iter().any(|m| make_matches(model, m)))
            .collect();
        if selling.is_empty() {
            (!self.locations.is_empty()).then(|| *rng.pick(&self.locations))
        } else {
            Some(*rng.pick(&selling))
        }
    }
}

/// A generated car and what its media needs.
struct Drawn {
    car: Car,
    model: usize,
    colour: &'static str,
    hex: &'static str,
    shape: Shape,
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::media::{media_path, named_shape, write_photos};
    use super::parts::{retail, vin_value, vin_year};
    use super::svg::slide_svg;
    use super::*;
    use generator::feed::{parse_feed, FeedFormat, ReadOptions};

    fn dealers() -> Vec<Dealer> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers");
        domain::config::load_dealers(&dir).expect("sample dealers load")
    }

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).expect("a date")
    }

    /// A make keeps its manufacturer's casing ("KGM SsangYong", not the slug's title case
    /// "Kgm Ssangyong"): every word of it that an alias spells is spelled as the alias.
    #[test]
    fn catalogue_makes_keep_the_manufacturer_casing() {
        for model in catalogue::models() {
            for word in model.make.split_whitespace() {
                for alias in model.aliases.iter().flat_map(|a| a.split_whitespace()) {
                    assert!(
                        !word.eq_ignore_ascii_case(alias) || word == alias,
                        "{}: \"{word}\" is spelled \"{alias}\"",
                        model.make
                    );
                }
            }
        }
    }

    #[test]
    fn same_seed_same_feed_different_seed_different_feed() {
        let dealers = dealers();
        let a: Vec<String> = generate(&dealers, 300, 42, day(), MediaKind::Drawings)
            .iter()
            .map(feed_line)
            .collect();
        let b: Vec<String> = generate(&dealers, 300, 42, day(), MediaKind::Drawings)
            .iter()
            .map(feed_line)
            .collect();
        let c: Vec<String> = generate(&dealers, 300, 43, day(), MediaKind::Drawings)
            .iter()
            .map(feed_line)
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        // A prefix of a bigger feed is the smaller feed: each car has its own stream.
        let bigger: Vec<String> = generate(&dealers, 400, 42, day(), MediaKind::Drawings)
            .iter()
            .map(feed_line)
            .collect();
        assert_eq!(&bigger[..300], &a[..]);
    }

    #[test]
    fn every_line_parses_through_the_feed_reader() {
        let dealers = dealers();
        let text: String = generate(&dealers, 2000, 7, day(), MediaKind::Drawings)
            .iter()
            .map(|c| feed_line(c) + "\n")
            .collect();
        let opts =
            ReadOptions::at(Utc.from_utc_datetime(&day().and_hms_opt(12, 0, 0).expect("a time")));
        let feed = parse_feed(text.as_bytes(), FeedFormat::JsonLines, "sample", &opts)
            .expect("feed parses");
        assert_eq!(feed.len(), 2000, "{:?}", feed.report);
        for d in &dealers {
            assert!(
                !feed.dealer(&d.config.slug).is_empty(),
                "{} got no cars",
                d.config.slug
            );
        }
    }

    #[test]
    fn caravans_carry_their_masses_and_no_car_shows_spin_frames_or_hours_in_comments() {
        let dealers = dealers();
        let cars = generate(&dealers, 600, 7, day(), MediaKind::Drawings);
        let caravans: Vec<&Car> = cars
            .iter()
            .filter(|c| c.simple_body.as_deref() == Some("Caravan"))
            .collect();
        assert!(!caravans.is_empty(), "the sample has caravans");
        for van in &caravans {
            let v = &van.variant;
            let kg = |f: &Option<serde_json::Value>| {
                f.as_ref()
                    .and_then(serde_json::Value::as_f64)
                    .expect("caravan mass")
            };
            assert!(
                v.berths
                    .as_ref()
                    .and_then(serde_json::Value::as_u64)
                    .is_some_and(|b| (2..=6).contains(&b)),
                "{}",
                van.slug
            );
            assert!(
                kg(&v.ballweight) < kg(&v.tare) && kg(&v.tare) < kg(&v.atm),
                "{}: ball < tare < ATM",
                van.slug
            );
            assert_eq!(van.seats, None, "{}: a caravan has no seats", van.slug);
        }
        for car in &cars {
            assert!(
                car.simple_body.as_deref() == Some("Caravan") || car.variant.berths.is_none(),
                "{}",
                car.slug
            );
            assert!(
                car.images.iter().all(|i| !i.url.contains("/spin-")),
                "{}: a spin frame in the gallery",
                car.slug
            );
            let comments = car.dealercomments.as_deref().unwrap_or("");
            assert!(
                !comments.contains("seven days") && !comments.contains("Australia-wide"),
                "{}: {comments}",
                car.slug
            );
        }
    }

    /// Comments are the car's own: no two cars share them, each names the car's colour or
    /// size, its kilometres when it has been driven and the yard it is at, and the action
    /// follows the vehicle (no test drive on a caravan or a motorcycle).
    #[test]
    fn dealer_comments_are_written_from_each_cars_facts() {
        let dealers = dealers();
        let cars = generate(&dealers, 600, 7, day(), MediaKind::Drawings);
        // Distinct even without the stock number that closes them.
        let texts: BTreeSet<String> = cars
            .iter()
            .filter_map(|c| {
                let stock = c.stocknum.as_deref().unwrap_or("none");
                c.dealercomments.as_deref().map(|t| t.replace(stock, ""))
            })
            .collect();
        assert!(
            texts.len() * 100 >= cars.len() * 97,
            "{} different comments for {} cars",
            texts.len(),
            cars.len()
        );
        let thousands = |km: u32| {
            let s = km.to_string();
            let (head, tail) = s.split_at(s.len() - 3.min(s.len()));
            if head.is_empty() {
                tail.to_string()
            } else {
                format!("{head},{tail}")
            }
        };
        let mut kinds = BTreeSet::new();
        for car in &cars {
            let text = car.dealercomments.as_deref().unwrap_or_default();
            let lower = text.to_lowercase();
            let body = car.simple_body.as_deref().unwrap_or_default();
            kinds.insert(body.to_string());
            if let Some(place) = &car.location_name {
                assert!(text.contains(place.as_str()), "{}: {text}", car.slug);
            }
            if car.car_type == CarType::Used {
                if let Some(km) = car.km.filter(|k| *k >= 1000) {
                    assert!(text.contains(&thousands(km)), "{}: {text}", car.slug);
                }
            }
            let feature = car.features.first().map(|f| f.to_lowercase());
            assert!(
                feature.is_none_or(|f| lower.contains(&f)),
                "{}: {text}",
                car.slug
            );
            match body {
                "Caravan" => {
                    assert!(!lower.contains("test drive"), "{}: {text}", car.slug);
                    assert!(!lower.contains("test ride"), "{}: {text}", car.slug);
                    assert!(lower.contains("berth"), "{}: {text}", car.slug);
                }
                "Motorcycle" => {
                    assert!(!lower.contains("test drive"), "{}: {text}", car.slug);
                }
                _ => {}
            }
        }
        assert!(kinds.contains("Caravan") && kinds.contains("Motorcycle"));
    }

    #[test]
    fn cars_fit_their_dealer() {
        let dealers = dealers();
        let cars = generate(&dealers, 3000, 42, day(), MediaKind::Drawings);
        let by_slug: BTreeMap<&str, &Dealer> = dealers
            .iter()
            .map(|d| (d.config.slug.as_str(), d))
            .collect();
        let mut statuses = BTreeSet::new();
        let mut fuels = BTreeSet::new();
        for car in &cars {
            let dealer = by_slug[car.dealership_slug.as_str()];
            let makes = &dealer.config.makes;
            let model = catalogue::models()
                .iter()
                .find(|m| m.make == car.make && m.model == car.model)
                .expect("catalogue model");
            assert!(
                makes.is_empty() || makes.iter().any(|n| make_matches(model, n)),
                "{} at {}",
                car.make,
                car.dealership_slug
            );
            if dealer.config.stock_filters.used_only {
                assert_eq!(car.car_type, CarType::Used);
            }
            let vin = car.vin.as_deref().expect("every sample car has a VIN");
            assert_eq!(generator::feed::vin_problem(vin), None);
            assert!(
                car.created_at
                    <= Utc.from_utc_datetime(&day().and_hms_opt(0, 0, 0).expect("a time"))
            );
            assert!(
                car.created_at
                    >= Utc.from_utc_datetime(&day().and_hms_opt(0, 0, 0).expect("a time"))
                        - Duration::days(LISTING_SPREAD_DAYS)
            );
            if let Some(provider) = dealer.config.finance.provider {
                if car.visible_price().is_some() {
                    assert!(car.finance_lenders.contains_key(provider.key()));
                }
            }
            if car.car_type == CarType::New {
                assert!(car.km.unwrap_or(0) < 100);
            }
            statuses.insert((car.status.as_str(), car.sold, car.reserved));
            fuels.insert(car.simple_fuel.clone().unwrap_or_default());
            for image in &car.images {
                assert!(image.url.starts_with("/media/") && image.url.ends_with(".svg"));
            }
        }
        for status in ["in_stock", "coming_soon", "sold"] {
            assert!(statuses.iter().any(|s| s.0 == status), "no {status} car");
        }
        assert!(statuses.iter().any(|s| s.1), "no car with the sold flag");
        assert!(statuses.iter().any(|s| s.2), "no reserved car");
        for fuel in ["Petrol", "Diesel", "Hybrid", "Electric"] {
            assert!(fuels.contains(fuel), "no {fuel} car");
        }
        assert!(cars.iter().any(|c| c.tag.is_some()));
        assert!(cars.iter().any(|c| c.certified));
    }

    #[test]
    fn vin_check_digit_is_computed() {
        // The worked example of the North American check digit: 1M8GDM9A_KP042788 → X.
        let chars = b"1M8GDM9AXKP042788";
        const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
        let sum: u32 = chars
            .iter()
            .zip(WEIGHTS)
            .map(|(c, w)| vin_value(*c) * w)
            .sum();
        assert_eq!(sum % 11, 10);
        assert_eq!(vin_year(2010), 'A');
        assert_eq!(vin_year(2018), 'J');
        assert_eq!(vin_year(2026), 'T');
        assert_eq!(vin_year(2005), '5');
    }

    #[test]
    fn only_safe_media_paths_are_written() {
        assert_eq!(
            media_path("/media/slides/rav4-hybrid.svg"),
            Some("slides/rav4-hybrid.svg")
        );
        assert_eq!(media_path("/media/../etc/passwd.svg"), None);
        assert_eq!(media_path("/media//x.svg"), None);
        assert_eq!(media_path("/media/slides/x.png"), None);
        assert_eq!(media_path("https://cdn.example.com/media/x.svg"), None);
        assert_eq!(media_path("/media/Slides/X.svg"), None);
    }

    /// A slide is drawn as the vehicle it is about: the Jayco slide shows a caravan (not the
    /// dealer's first category, motorcycles), the truck slide a truck, the RAV4 slide an SUV.
    #[test]
    fn slides_show_the_vehicle_they_are_about() {
        let dealers = dealers();
        let media: BTreeMap<String, String> = dealer_media(&dealers).into_iter().collect();
        let slide = |slug: &str, file: &str, shape: Shape| {
            let dealer = dealers
                .iter()
                .find(|d| d.config.slug == slug)
                .expect("sample dealer");
            let entry = dealer
                .slides
                .iter()
                .find(|s| s.image.ends_with(file))
                .expect("slide");
            let drawn = &media[&format!("slides/{file}")];
            assert_eq!(
                drawn,
                &slide_svg(&entry.name, shape, &dealer.config.theme.primary),
                "{slug} {file} is drawn as {shape:?}"
            );
        };
        slide(
            "ironbark-moto-caravans",
            "ironbark-jayco.svg",
            Shape::Caravan,
        );
        slide(
            "ironbark-moto-caravans",
            "ironbark-dirt.svg",
            Shape::Motorcycle,
        );
        slide("moreton-motor-group", "moreton-trucks.svg", Shape::Truck);
        slide("jacaranda-toyota", "rav4-hybrid.svg", Shape::Suv);
        assert_eq!(
            named_shape(&[None, Some("?refinementList[make][0]=Isuzu%20Trucks".into())]),
            Some(Shape::Truck)
        );
    }

    /// Why an Australian phone number is not one a dealer in `state` could have, if it is
    /// not: "(0X) XXXX XXXX" with the state's area code and an exchange of that area,
    /// "04XX XXX XXX", "1300 XXX XXX", "1800 XXX XXX" or "13 XX XX".
    fn phone_problem(phone: &str, state: &str) -> Option<String> {
        let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
        let shape: String = phone
            .chars()
            .map(|c| if c.is_ascii_digit() { '9' } else { c })
            .collect();
        let ok = match shape.as_str() {
            "(99) 9999 9999" => {
                // Leading digits of the local number by area code and state.
                let area = &digits[1..2];
                let local = &digits[2..3];
                match (state, area) {
                    ("NSW", "2") => "456789".contains(local),
                    // Tweed Heads, NSW, is on the Gold Coast's exchange.
                    ("NSW", "7") => digits[2..].starts_with("55"),
                    ("ACT", "2") => local == "6",
                    ("VIC", "3") => "5789".contains(local),
                    ("TAS", "3") => local == "6",
                    ("QLD", "7") => "3457".contains(local),
                    ("SA", "8") => "78".contains(local),
                    ("WA", "8") => "69".contains(local),
                    ("NT", "8") => local == "8",
                    _ => false,
                }
            }
            "9999 999 999" => {
                digits.starts_with("04") || digits.starts_with("1300") || digits.starts_with("1800")
            }
            "99 99 99" => digits.starts_with("13"),
            _ => false,
        };
        (!ok).then(|| format!("{phone} is not a {state} number"))
    }

    /// Whether `licence` is a motor dealer licence number in `state`'s format.
    fn licence_plausible(licence: &str, state: &str) -> bool {
        let (prefixes, digits): (&[&str], &[usize]) = match state {
            "QLD" => (&["", "MDL "], &[7]),
            "NSW" => (&["MD ", "MD"], &[5, 6]),
            "VIC" => (&["LMCT ", "LMCT"], &[4, 5]),
            "SA" => (&["LMVD ", "MVD "], &[5, 6]),
            _ => return !licence.trim().is_empty(),
        };
        prefixes.iter().any(|p| {
            licence.strip_prefix(p).is_some_and(|n| {
                digits.contains(&n.len())
                    && n.chars().all(|c| c.is_ascii_digit())
                    && (state != "QLD" || n.starts_with(['3', '4']))
            })
        })
    }

    /// The sample dealers' phone numbers and motor dealer licences are ones a real dealer
    /// could have: the state's phone area and exchange, and each state's licence format
    /// (a group trading in two states shows both licences in its footer).
    #[test]
    fn sample_dealers_phones_and_licences_are_plausible() {
        assert!(phone_problem("(07) 3800 1117", "QLD").is_none());
        assert!(phone_problem("(02) 3802 6808", "NSW").is_some());
        assert!(licence_plausible("MD 041872", "NSW"));
        assert!(!licence_plausible("03100", "QLD"));
        assert!(!licence_plausible("MD 3400000", "NSW"));
        let mut problems = Vec::new();
        for dealer in dealers() {
            let slug = &dealer.config.slug;
            let home = dealer.config.default_state.to_uppercase();
            let phones = serde_json::to_value(&dealer.config.phones).expect("phones");
            for phone in phones
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(_, v)| v.as_str())
            {
                problems.extend(phone_problem(phone, &home).map(|p| format!("{slug}: {p}")));
            }
            let mut states = BTreeSet::new();
            for location in &dealer.locations {
                let state = location.address.state.to_uppercase();
                let contact = &location.contact_detail;
                for phone in [&contact.phone, &contact.landline_phone]
                    .into_iter()
                    .flatten()
                {
                    problems.extend(
                        phone_problem(phone, &state)
                            .map(|p| format!("{slug} {}: {p}", location.slug)),
                    );
                }
                if let Some(licence) = &location.dealer_license_number {
                    if !licence_plausible(licence, &state) {
                        problems.push(format!(
                            "{slug} {}: licence {licence} in {state}",
                            location.slug
                        ));
                    }
                }
                states.insert(state);
            }
            let footer = dealer
                .config
                .footer
                .dealer_licence
                .clone()
                .unwrap_or_default();
            for state in &states {
                let shown = footer.split(',').any(|part| {
                    let part = part.trim();
                    let number = part.strip_suffix(&format!(" ({state})")).unwrap_or(part);
                    licence_plausible(number, state)
                });
                if !shown {
                    problems.push(format!(
                        "{slug}: footer licence \"{footer}\" has none for {state}"
                    ));
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    /// The sample dealers' group figures agree with their data ("26 locations" where the
    /// locator lists 26), and a typed figure the data contradicts is found for the check.
    #[test]
    fn sample_group_figures_agree_with_the_data() {
        use domain::view::figures::contradicted_figures;
        let mut dealers = dealers();
        for dealer in &dealers {
            assert_eq!(
                contradicted_figures(dealer),
                Vec::<String>::new(),
                "{}",
                dealer.config.slug
            );
        }
        let moreton = dealers
            .iter_mut()
            .find(|d| d.config.slug == "moreton-motor-group")
            .expect("moreton");
        moreton.config.group.stat_banners[0].value = "50+".to_string();
        let problems = contradicted_figures(moreton);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("says 50+ locations but the dealer's data has 26"),
            "{}",
            problems[0]
        );
    }

    /// Every home link banner and search promo tile has something to say: a banner has its
    /// title and a line of text (or a picture), a promo banner its title, picture and link.
    #[test]
    fn sample_promo_tiles_are_never_empty() {
        for dealer in dealers() {
            let slug = &dealer.config.slug;
            for banner in &dealer.banners {
                assert!(
                    !banner.title.trim().is_empty(),
                    "{slug}: a banner without a title"
                );
                assert!(
                    !banner.text.trim().is_empty() || banner.image.is_some(),
                    "{slug}: banner \"{}\" has no text or picture",
                    banner.title
                );
            }
            for promo in &dealer.promos {
                let node = serde_json::to_value(&promo.node).expect("promo");
                for key in ["title", "image", "url"] {
                    if node["kind"] == "banner" {
                        assert!(
                            node[key].as_str().is_some_and(|v| !v.trim().is_empty()),
                            "{slug}: promo banner without {key}"
                        );
                    }
                }
                assert!(
                    node["url"].as_str().is_some_and(|v| !v.trim().is_empty()),
                    "{slug}: promo without a link"
                );
            }
        }
    }

    /// The trade-in catalogue (edge-api/data/trade_in_catalogue.toml) has every model the
    /// sample stock is drawn from, spelled as the feed spells it, so a shopper can pick
    /// any car the sample dealers sell and its comparables are found.
    #[test]
    fn the_trade_in_catalogue_has_every_sample_model() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../edge-api/data/trade_in_catalogue.toml");
        let text = fs::read_to_string(&path).expect("catalogue readable");
        let catalogue: BTreeMap<String, BTreeMap<String, Vec<String>>> =
            toml::from_str(&text).expect("catalogue parses");
        let key = |category: VehicleCategory| match category {
            VehicleCategory::Cars => "cars",
            VehicleCategory::Motorcycles => "motorcycles",
            VehicleCategory::Caravans => "caravans",
            VehicleCategory::Trucks => "trucks",
        };
        for model in catalogue::models() {
            let models = catalogue
                .get(key(model.category))
                .and_then(|makes| makes.get(model.make));
            assert!(
                models.is_some_and(|m| m.iter().any(|name| name == model.model)),
                "{} {} ({}) is not in the trade-in catalogue",
                model.make,
                model.model,
                key(model.category)
            );
        }
    }

    #[test]
    fn prices_end_in_990() {
        assert_eq!(retail(43_512.0), 43_990.0);
        assert_eq!(retail(8_345.0), 8_390.0);
    }

    #[test]
    fn write_sample_writes_the_feed_and_every_referenced_photo() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("feeds/sample.jsonl");
        let opts = SampleOptions {
            cars: 250,
            seed: 3,
            dealers: Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers"),
            out: out.clone(),
            as_of: day(),
            media: MediaKind::Drawings,
        };
        let report = write_sample(&opts).expect("sample feed written");
        assert_eq!(report.per_dealer.values().sum::<usize>(), 250);
        let text = fs::read_to_string(&out).expect("feed readable");
        assert_eq!(text.lines().count(), 250);
        for line in text.lines() {
            let car: Car = serde_json::from_str(line).expect("line is a car");
            for url in car.images.iter().map(|i| &i.url).chain(&car.spin_images) {
                let file = url.trim_start_matches("/media/");
                assert!(
                    dir.path().join("feeds/media").join(file).is_file(),
                    "{file} missing"
                );
            }
        }
        // Every image the dealers' configuration names under /media/ is drawn too.
        let dealers_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dealers");
        let mut named = 0;
        for entry in walkdir::WalkDir::new(&dealers_dir)
            .into_iter()
            .filter_map(Result::ok)
        {
            if entry.path().extension().is_some_and(|e| e == "toml") {
                let text = fs::read_to_string(entry.path()).expect("dealer file readable");
                for piece in text.split('"').filter(|p| p.starts_with("/media/")) {
                    named += 1;
                    let file = dir
                        .path()
                        .join("feeds/media")
                        .join(piece.trim_start_matches("/media/"));
                    assert!(
                        file.is_file(),
                        "{piece} named in {} was not drawn",
                        entry.path().display()
                    );
                }
            }
        }
        assert!(named > 0);
        // A second run rewrites nothing in media/.
        let again = write_sample(&opts).expect("sample feed written");
        assert_eq!(again.media_written, 0);
        assert_eq!(fs::read_to_string(&out).expect("feed readable"), text);
    }

    #[test]
    fn photographed_cars_show_8_to_25_pooled_jpegs_and_are_otherwise_the_same_car() {
        let dealers = dealers();
        let photos = generate(&dealers, 600, 11, day(), MediaKind::PHOTOS);
        let drawings = generate(&dealers, 600, 11, day(), MediaKind::Drawings);
        let mut pool = BTreeSet::new();
        for (p, d) in photos.iter().zip(&drawings) {
            assert_eq!(p.images.is_empty(), d.images.is_empty(), "{}", p.slug);
            if !p.images.is_empty() {
                assert!(
                    (8..=25).contains(&p.images.len()),
                    "{}: {}",
                    p.slug,
                    p.images.len()
                );
                assert!(
                    p.images[0].url.ends_with("-01.jpg"),
                    "front first: {}",
                    p.images[0].url
                );
            }
            for image in &p.images {
                assert!(image.url.starts_with("/media/photos-v2/") && image.url.ends_with(".jpg"));
                pool.insert(image.url.clone());
            }
            assert_eq!(p.primary_image_url, p.images.first().map(|i| i.url.clone()));
            if let Some(inside) = &p.spin_interior_image {
                assert!(inside.ends_with("-04.jpg"), "interior is a photo: {inside}");
            }
            // Everything but the photos is drawn as with drawings.
            let strip = |car: &Car| {
                let mut car = car.clone();
                car.images.clear();
                car.thumbnails.clear();
                car.primary_image_url = None;
                car.spin_interior_image = None;
                feed_line(&car)
            };
            assert_eq!(strip(p), strip(d));
        }
        // Pooled: far fewer files than photos shown.
        let shown: usize = photos.iter().map(|c| c.images.len()).sum();
        assert!(
            pool.len() * 4 < shown,
            "{} files for {shown} photos",
            pool.len()
        );
    }

    #[test]
    fn a_smaller_pool_shortens_galleries_to_its_shots_and_changes_nothing_else() {
        let dealers = dealers();
        let full = generate(&dealers, 300, 11, day(), MediaKind::PHOTOS);
        let few = generate(&dealers, 300, 11, day(), MediaKind::Photos { shots: 8 });
        let mut numbers = BTreeSet::new();
        for (f, s) in full.iter().zip(&few) {
            assert_eq!(f.images.is_empty(), s.images.is_empty(), "{}", f.slug);
            if !s.images.is_empty() {
                assert_eq!(s.images.len(), 8, "{}", s.slug);
                assert_eq!(s.images[0].url, f.images[0].url, "same hero: {}", s.slug);
            }
            for image in &s.images {
                numbers.insert(image.url.rsplit('-').next().unwrap_or_default().to_string());
            }
            assert_eq!(f.spin_interior_image, s.spin_interior_image);
            let strip = |car: &Car| {
                let mut car = car.clone();
                car.images.clear();
                car.thumbnails.clear();
                feed_line(&car)
            };
            assert_eq!(strip(f), strip(s));
        }
        let expected: BTreeSet<String> = (1..=8).map(|n| format!("{n:02}.jpg")).collect();
        assert_eq!(
            numbers, expected,
            "only the first 8 shots of a pool are shown"
        );
    }

    #[test]
    fn photos_are_rendered_once_and_a_cut_file_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let shots: Vec<Shot> = (0..2)
            .map(|index| Shot {
                shape: Shape::Van,
                colour: "Glacier White",
                hex: "#f2f3f1",
                index,
            })
            .collect();
        assert_eq!(write_photos(dir.path(), &shots).expect("written"), (2, 2));
        let first = dir.path().join(shots[0].file_name());
        let bytes = fs::read(&first).expect("photo");
        assert_eq!(write_photos(dir.path(), &shots).expect("written"), (2, 0));
        fs::write(&first, &bytes[..1000]).expect("cut");
        assert_eq!(write_photos(dir.path(), &shots).expect("written"), (2, 1));
        assert!(
            fs::read(&first).expect("photo") == bytes,
            "the same bytes again"
        );
    }
}
