//! `forecourt sample-feed`: a deterministic, realistic Australian stock feed for the
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
mod photo;
mod rng;
mod svg;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use domain::car::{
    Car, CarLocation, CarStatus, CarType, Hotspot, HotspotPosition, Hotspots, Image, Lender, Thumb,
    Variant, YouxQuote,
};
use domain::config::{is_hex_colour, Dealer, VehicleCategory};
use domain::entities::{Location, LocationType};
use domain::rules::finance::{repayment, FinanceProvider, PaymentFrequency, RepaymentInput};
use domain::view::slug::slugify;
use rayon::prelude::*;
use serde_json::{json, Value};

use catalogue::{make_matches, model_colours, Drive, Fuel, Model, Train, Trans, MODELS};
use photo::{Shot, SHOTS};
use rng::Rng;
use svg::{
    banner_svg, photo_svg, slide_svg, spin_svg, Photo, Shape, SpinFrame, SPIN_FRAMES, VIEWS,
};

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
    /// Indexes into [`MODELS`].
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
            let models: Vec<usize> = MODELS
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
        let model = &MODELS[model_index];
        let (badge, rrp) = *rng.pick(model.badges);
        let train = *rng.pick(model.trains);
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

/// The media files the feed references.
#[derive(Default)]
struct MediaSet {
    photos: BTreeSet<(usize, &'static str, &'static str)>,
    spins: BTreeSet<(Shape, &'static str, &'static str)>,
}

impl MediaSet {
    fn add(&mut self, drawn: &Drawn) {
        self.photos.insert((drawn.model, drawn.colour, drawn.hex));
        // Galleries use spin frames as extra angles, so every shape+colour gets its frames.
        self.spins.insert((drawn.shape, drawn.colour, drawn.hex));
    }

    /// Writes every file whose content differs; returns (files, written).
    fn write(&self, dir: &Path, media: MediaKind) -> Result<(usize, usize), SampleError> {
        let photos: Vec<Photo> = self
            .photos
            .iter()
            .flat_map(|&(model, colour, hex)| {
                let m = &MODELS[model];
                let shape = Shape::of(m.category, m.body);
                VIEWS.into_iter().map(move |view| Photo {
                    make: m.make,
                    model: m.model,
                    colour,
                    hex,
                    shape,
                    view,
                })
            })
            .collect();
        let frames: Vec<SpinFrame> = self
            .spins
            .iter()
            .flat_map(|&(shape, colour, hex)| {
                (0..SPIN_FRAMES).map(move |frame| SpinFrame {
                    shape,
                    colour,
                    hex,
                    frame,
                })
            })
            .collect();
        if let MediaKind::Photos { shots } = media {
            let shots: Vec<Shot> = self
                .spins
                .iter()
                .flat_map(|&(shape, colour, hex)| {
                    (0..shots).map(move |index| Shot {
                        shape,
                        colour,
                        hex,
                        index,
                    })
                })
                .collect();
            let (files, mut written) = write_photos(dir, &shots)?;
            let rendered: Vec<(String, String)> = frames
                .par_iter()
                .map(|f| (f.file_name(), spin_svg(f)))
                .collect();
            written += write_changed(dir, &rendered)?;
            return Ok((files + rendered.len(), written));
        }
        let rendered: Vec<(String, String)> = photos
            .par_iter()
            .map(|p| (p.file_name(), photo_svg(p)))
            .chain(frames.par_iter().map(|f| (f.file_name(), spin_svg(f))))
            .collect();
        let written = write_changed(dir, &rendered)?;
        Ok((rendered.len(), written))
    }
}

/// Writes each (path under `dir`, content) whose file is missing or different; returns
/// how many were written. Unchanged files keep their modification time, so incremental
/// builds and publishes see no change.
fn write_changed(dir: &Path, files: &[(String, String)]) -> Result<usize, SampleError> {
    let written = files
        .par_iter()
        .map(|(name, content)| {
            let path = dir.join(name);
            if fs::read(&path).is_ok_and(|old| old == content.as_bytes()) {
                return Ok(0usize);
            }
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(write_error(parent))?;
            }
            fs::write(&path, content).map_err(write_error(&path))?;
            Ok(1)
        })
        .collect::<Result<Vec<usize>, SampleError>>()?;
    Ok(written.into_iter().sum())
}

/// Renders each photo that is not already there whole; returns (files, written). A
/// photo's bytes depend on its name alone (see [`photo`]), so one that is there is the
/// same and is left as it is. Each is written to a temporary name and renamed, so an
/// interrupted run leaves no half file under the real name.
fn write_photos(dir: &Path, shots: &[Shot]) -> Result<(usize, usize), SampleError> {
    let written = shots
        .par_iter()
        .map(|shot| {
            let path = dir.join(shot.file_name());
            if photo::is_whole_jpeg(&path) {
                return Ok(0usize);
            }
            let bytes = photo::render(shot).map_err(|e| SampleError::Photo {
                path: path.clone(),
                message: e.to_string(),
            })?;
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(write_error(parent))?;
            }
            let partial = path.with_extension("jpg.partial");
            fs::write(&partial, &bytes).map_err(write_error(&partial))?;
            fs::rename(&partial, &path).map_err(write_error(&path))?;
            Ok(1)
        })
        .collect::<Result<Vec<usize>, SampleError>>()?;
    Ok((shots.len(), written.into_iter().sum()))
}

/// The images the dealers' configuration names under `/media/` (slides, offers, promo
/// nodes, model pages and their colours and variants), drawn like the car photos: the
/// vehicle named by the entry's make and model (or the dealer's main category) in the
/// entry's colour (or the dealer's primary theme colour), captioned with its title.
fn dealer_media(dealers: &[Dealer]) -> Vec<(String, String)> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for dealer in dealers {
        let fallback_category = dealer
            .config
            .vehicle_categories
            .first()
            .copied()
            .unwrap_or(VehicleCategory::Cars);
        let theme = &dealer.config.theme.primary;
        let primary = if is_hex_colour(theme) {
            theme.clone()
        } else {
            "#5b6770".to_string()
        };
        let parts = [
            serde_json::to_value(&dealer.config),
            serde_json::to_value(&dealer.models),
            serde_json::to_value(&dealer.offers),
            serde_json::to_value(&dealer.slides),
            serde_json::to_value(&dealer.promos),
            serde_json::to_value(&dealer.banners),
            serde_json::to_value(&dealer.brands),
        ];
        let root = Context {
            title: dealer.config.name.clone(),
            hex: primary,
            make: None,
            model: None,
            body: None,
            named: None,
        };
        for value in parts.iter().flatten() {
            collect_media(value, &root, fallback_category, &mut out);
        }
    }
    out.into_iter().collect()
}

/// What an image inherits from the configuration entries around it.
#[derive(Clone)]
struct Context {
    title: String,
    hex: String,
    make: Option<String>,
    model: Option<String>,
    body: Option<String>,
    /// The shape the entry's words name, when it names no make or body.
    named: Option<Shape>,
}

/// Whether `needle` occurs in `text` as whole words (both lower case).
fn has_words(text: &str, needle: &str) -> bool {
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(needle).any(|(at, _)| {
        boundary(text[..at].chars().next_back())
            && boundary(text[at + needle.len()..].chars().next())
    })
}

/// The vehicle shape an entry's words name, for an image whose entry names no make or
/// body ("Head north in a new Jayco", "Trucks at Eagle Farm", "Dirt season is here", a
/// search URL filtered to a make): words for a kind of vehicle first, then a model, then
/// a make (longest first, so "Isuzu Trucks" is not read as "Isuzu"), in the title, then
/// the description, then the URL.
fn named_shape(texts: &[Option<String>]) -> Option<Shape> {
    const KINDS: &[(&[&str], VehicleCategory)] = &[
        (
            &[
                "caravan", "caravans", "camper", "campers", "pop-top", "pop-tops",
            ],
            VehicleCategory::Caravans,
        ),
        (
            &[
                "motorcycle",
                "motorcycles",
                "bike",
                "bikes",
                "dirt",
                "ride away",
            ],
            VehicleCategory::Motorcycles,
        ),
        (&["truck", "trucks"], VehicleCategory::Trucks),
    ];
    let mut makes: Vec<(String, &Model)> = MODELS
        .iter()
        .flat_map(|m| {
            std::iter::once(m.make)
                .chain(m.aliases.iter().copied())
                .map(move |name| (name.to_lowercase(), m))
        })
        .collect();
    makes.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
    for text in texts.iter().flatten() {
        let text = text.replace("%20", " ").to_lowercase();
        if let Some((_, category)) = KINDS
            .iter()
            .find(|(words, _)| words.iter().any(|w| has_words(&text, w)))
        {
            return Some(Shape::of(*category, ""));
        }
        if let Some(m) = MODELS
            .iter()
            .find(|m| has_words(&text, &m.model.to_lowercase()))
        {
            return Some(Shape::of(m.category, m.body));
        }
        if let Some((_, m)) = makes.iter().find(|(name, _)| has_words(&text, name)) {
            return Some(Shape::of(m.category, m.body));
        }
    }
    None
}

/// A media path that is safe to write under the media folder: lower-case letters,
/// digits, `-`, `_`, `.` and `/`, no `..`, ending in `.svg`.
fn media_path(url: &str) -> Option<&str> {
    let path = url.strip_prefix("/media/")?;
    let safe = path.bytes().all(|b| {
        b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'.' | b'/')
    });
    (safe && path.ends_with(".svg") && !path.split('/').any(|p| p.is_empty() || p == ".."))
        .then_some(path)
}

fn collect_media(
    value: &Value,
    parent: &Context,
    category: VehicleCategory,
    out: &mut BTreeMap<String, String>,
) {
    match value {
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect_media(v, parent, category, out)),
        Value::Object(map) => {
            let text = |key: &str| {
                map.get(key)
                    .and_then(Value::as_str)
                    .filter(|s| !s.trim().is_empty())
                    .map(str::to_string)
            };
            let mut ctx = parent.clone();
            if let Some(title) = text("title")
                .or_else(|| text("full_name"))
                .or_else(|| text("name"))
            {
                ctx.title = title;
            }
            if let Some(hex) = ["hexCode", "hex", "colour_hex"]
                .iter()
                .find_map(|k| text(k))
                .filter(|h| is_hex_colour(h))
            {
                ctx.hex = hex;
            }
            ctx.make = text("make").or(ctx.make);
            ctx.model = text("model").or(ctx.model);
            ctx.body = text("body").or(ctx.body);
            if ctx.make.is_none() && ctx.body.is_none() {
                ctx.named = named_shape(&[
                    text("title").or_else(|| text("name")),
                    text("description"),
                    text("url"),
                ])
                .or(ctx.named);
            }
            for v in map.values() {
                match v {
                    Value::String(url) => add_banner(url, &ctx, category, out),
                    Value::Array(items) if items.iter().all(Value::is_string) => {
                        items
                            .iter()
                            .filter_map(Value::as_str)
                            .for_each(|url| add_banner(url, &ctx, category, out));
                    }
                    other => collect_media(other, &ctx, category, out),
                }
            }
        }
        _ => {}
    }
}

fn add_banner(
    url: &str,
    ctx: &Context,
    category: VehicleCategory,
    out: &mut BTreeMap<String, String>,
) {
    let Some(path) = media_path(url) else { return };
    let model = ctx.make.as_deref().and_then(|make| {
        MODELS.iter().find(|m| {
            make_matches(m, make)
                && ctx
                    .model
                    .as_deref()
                    .is_none_or(|name| m.model.eq_ignore_ascii_case(name))
        })
    });
    let shape = match (model, ctx.body.as_deref(), ctx.named) {
        (Some(m), _, _) => Shape::of(m.category, m.body),
        (None, Some(body), _) => Shape::of(VehicleCategory::Cars, body),
        (None, None, Some(named)) => named,
        (None, None, None) => Shape::of(category, "SUV"),
    };
    let subtitle = [ctx.make.as_deref(), ctx.model.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // Home page slides are drawn at the promotions slider size (seed 001 s9: 1920 by 540).
    let svg = || {
        if path.starts_with("slides/") {
            slide_svg(&ctx.title, shape, &ctx.hex)
        } else {
            banner_svg(&ctx.title, &subtitle, shape, &ctx.hex)
        }
    };
    out.entry(path.to_string()).or_insert_with(svg);
}

/// The URL a media file is served at on every dealer host.
fn media_url(file: &str) -> String {
    format!("/media/{file}")
}

const CUSTOM_TAGS: &[&str] = &[
    "Test Drive Only",
    "Low Kms",
    "One Owner",
    "Price Drop",
    "Finance Special",
    "Full Service History",
];

fn pick_car_type(rng: &mut Rng, types: &[CarType]) -> CarType {
    let weight = |t: &CarType| match t {
        CarType::New => 45,
        CarType::Demo => 10,
        CarType::Used => 45,
    };
    let total: u64 = types.iter().map(weight).sum();
    let mut ticket = rng.below(total);
    for t in types {
        if ticket < weight(t) {
            return *t;
        }
        ticket -= weight(t);
    }
    types[0]
}

fn model_year(rng: &mut Rng, model: &Model, car_type: CarType, this_year: u16) -> u16 {
    let (first, last) = model.years;
    let last = last.min(this_year + 1);
    let year = match car_type {
        CarType::New => this_year - u16::from(rng.chance(0.2)),
        CarType::Demo => this_year - u16::from(rng.chance(0.4)),
        CarType::Used => {
            // Skewed towards recent years: most used stock is 1–6 years old.
            let age = (rng.unit() * rng.unit() * 13.0) as u16 + 1;
            this_year.saturating_sub(age)
        }
    };
    year.clamp(first, last)
}

fn odometer(rng: &mut Rng, model: &Model, car_type: CarType, age: u16) -> Option<u32> {
    if model.category == VehicleCategory::Caravans {
        return None;
    }
    let per_year = match model.category {
        VehicleCategory::Motorcycles => (3_000, 9_000),
        VehicleCategory::Trucks => (30_000, 70_000),
        _ => (9_000, 22_000),
    };
    Some(match car_type {
        CarType::New => rng.range(5, 40) as u32,
        CarType::Demo => rng.range(1_200, 14_000) as u32,
        CarType::Used => {
            let years = f64::from(age.max(1)) - rng.float(0.0, 0.7);
            (years * rng.float(f64::from(per_year.0), f64::from(per_year.1))).round() as u32
        }
    })
}

struct Price {
    price: f64,
    before: Option<f64>,
}

/// Rounds to a price ending in 990 (or 90 under $10,000), as dealers advertise.
fn retail(value: f64) -> f64 {
    if value >= 10_000.0 {
        ((value / 1000.0).floor() * 1000.0 + 990.0).max(1990.0)
    } else {
        (value / 100.0).floor() * 100.0 + 90.0
    }
}

fn asking_price(rng: &mut Rng, rrp: f64, car_type: CarType, age: u16, km: u32) -> Price {
    if rng.chance(0.02) {
        // No advertised price: the card shows the enquiry wording.
        return Price {
            price: 0.0,
            before: None,
        };
    }
    let drive_away = rrp * rng.float(1.02, 1.08) + rng.float(2_500.0, 5_500.0);
    let price = match car_type {
        CarType::New => retail(drive_away),
        CarType::Demo => retail(drive_away * rng.float(0.86, 0.94)),
        CarType::Used => {
            let depreciation = 0.86 * 0.89_f64.powi(i32::from(age.saturating_sub(1)));
            let wear = (f64::from(km) / 400_000.0).min(0.35);
            retail((rrp * depreciation * (1.0 - wear) * rng.float(0.93, 1.07)).max(4_000.0))
        }
    };
    let before = rng
        .chance(0.12)
        .then(|| price + (rng.range(2, 12) * 250) as f64);
    Price { price, before }
}

fn price_type(rng: &mut Rng, car_type: CarType) -> &'static str {
    match car_type {
        CarType::Used => "Drive Away",
        _ if rng.chance(0.2) => "Excl. Government Charges",
        _ => "Drive Away",
    }
}

fn car_name(year: u16, model: &Model, badge: &str, train: &Train) -> String {
    // Motorcycles often have the model as their only badge ("Z900 Z900"): say it once.
    let mut name = format!("{year} {} {}", model.make, model.model);
    if !badge.eq_ignore_ascii_case(model.model) {
        name.push(' ');
        name.push_str(badge);
    }
    if !train.label.is_empty() {
        name.push(' ');
        name.push_str(train.label);
    }
    if model.category == VehicleCategory::Cars || model.category == VehicleCategory::Trucks {
        let trans = match train.trans {
            Trans::Auto(0) => "CVT",
            Trans::Auto(_) => "Auto",
            Trans::Manual(_) => "Manual",
            Trans::Gearless => "",
        };
        if !trans.is_empty() {
            name.push(' ');
            name.push_str(trans);
        }
    }
    name
}

/// Engine litres to one decimal (the catalogue's f32 would print as 1.0839999914169312).
fn litres(train: &Train) -> f64 {
    (f64::from(train.litres) * 10.0).round() / 10.0
}

fn transmission(trans: Trans) -> Option<&'static str> {
    match trans {
        Trans::Auto(_) => Some("Automatic"),
        Trans::Manual(_) => Some("Manual"),
        Trans::Gearless => None,
    }
}

fn gears(trans: Trans) -> Option<u8> {
    match trans {
        Trans::Auto(n) | Trans::Manual(n) if n > 0 => Some(n),
        _ => None,
    }
}

/// VIN model-year characters from 2010 (A) on; 2001–2009 are digits.
fn vin_year(year: u16) -> char {
    const CODES: &[u8] = b"ABCDEFGHJKLMNPRSTVWXY";
    match year {
        2001..=2009 => char::from(b'0' + (year - 2000) as u8),
        2010..=2030 => char::from(CODES[usize::from(year - 2010)]),
        _ => 'Y',
    }
}

const VIN_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

/// ISO 3779 transliteration value of a VIN character.
fn vin_value(c: u8) -> u32 {
    match c {
        b'0'..=b'9' => u32::from(c - b'0'),
        b'A'..=b'H' => u32::from(c - b'A') + 1,
        b'J'..=b'N' => u32::from(c - b'J') + 1,
        b'P' => 7,
        b'R' => 9,
        b'S'..=b'Z' => u32::from(c - b'S') + 2,
        _ => 0,
    }
}

/// A 17-character VIN: the model's WMI, six descriptor characters, the North American
/// check digit (computed, as many imports carry it), model year, plant and serial.
fn vin(rng: &mut Rng, wmi: &str, year: u16) -> String {
    let mut chars: Vec<u8> = wmi.bytes().take(3).collect();
    while chars.len() < 3 {
        chars.push(b'A');
    }
    for _ in 0..5 {
        chars.push(*rng.pick(VIN_ALPHABET));
    }
    chars.push(b'0');
    chars.push(vin_year(year) as u8);
    chars.push(*rng.pick(&VIN_ALPHABET[..23]));
    for _ in 0..6 {
        chars.push(b'0' + rng.below(10) as u8);
    }
    const WEIGHTS: [u32; 17] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum: u32 = chars
        .iter()
        .zip(WEIGHTS)
        .map(|(c, w)| vin_value(*c) * w)
        .sum();
    chars[8] = match sum % 11 {
        10 => b'X',
        d => b'0' + d as u8,
    };
    String::from_utf8(chars).unwrap_or_default()
}

fn letters(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b'A' + rng.below(26) as u8))
        .collect()
}

fn digits(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect()
}

/// A registration plate in the style of the car's state.
fn regplate(rng: &mut Rng, state: Option<&str>) -> String {
    match state.unwrap_or("QLD") {
        "NSW" => format!("{}{}{}", letters(rng, 2), digits(rng, 2), letters(rng, 2)),
        "VIC" => format!(
            "{}{}{}{}",
            digits(rng, 1),
            letters(rng, 2),
            digits(rng, 1),
            letters(rng, 2)
        ),
        "WA" => format!("1{}{}", letters(rng, 3), digits(rng, 3)),
        "SA" => format!("S{}{}", digits(rng, 3), letters(rng, 3)),
        "TAS" => format!("{}{}{}", letters(rng, 1), digits(rng, 2), letters(rng, 2)),
        _ => format!("{}{}", digits(rng, 3), letters(rng, 3)),
    }
}

fn nvic(rng: &mut Rng) -> String {
    (0..6)
        .map(|_| char::from(*rng.pick(VIN_ALPHABET)))
        .collect()
}

fn certified(
    rng: &mut Rng,
    dealer: &Dealer,
    model: &Model,
    car_type: CarType,
    age: u16,
    km: Option<u32>,
) -> bool {
    let Some(maker) = dealer.config.tags.certified_manufacturer.as_deref() else {
        return false;
    };
    car_type == CarType::Used
        && make_matches(model, maker)
        && age <= 6
        && km.unwrap_or(0) <= 140_000
        && rng.chance(0.7)
}

/// Gallery: the four photo views plus spin frames as extra angles. Used cars mostly have
/// 8–12 photos; some have fewer (the minimum-photos filter drops them on some sites) and a
/// few coming-soon cars have none yet.
fn gallery(
    rng: &mut Rng,
    model: &Model,
    colour: &'static str,
    hex: &'static str,
    shape: Shape,
    status: CarStatus,
    car_type: CarType,
) -> Vec<Image> {
    if status == CarStatus::ComingSoon && rng.chance(0.4) {
        return Vec::new();
    }
    let count = match rng.unit() {
        u if u < 0.1 => rng.range(1, 5) as usize,
        _ if car_type == CarType::Used => rng.range(8, 12) as usize,
        _ => rng.range(4, 10) as usize,
    };
    // Photos only: a spin frame ("360° · frame 4 of 24") in the gallery would put spin
    // frames in the thumbnail strip (issue 24); the spin has its own viewer mode.
    let photos = VIEWS.iter().map(|&view| {
        Photo {
            make: model.make,
            model: model.model,
            colour,
            hex,
            shape,
            view,
        }
        .file_name()
    });
    photos
        .take(count)
        .map(|file| {
            let url = media_url(&file);
            Image {
                thumb: Some(Thumb { url: url.clone() }),
                url,
            }
        })
        .collect()
}

/// A photographed car's gallery: 8-25 shots of its shape and colour's pool of `shots`,
/// the front three-quarter first (the hero), then the side and rear, then other angles and
/// the interior in pool order, as a photographer walks round the car.
fn photo_gallery(
    rng: &mut Rng,
    shape: Shape,
    colour: &'static str,
    hex: &'static str,
    shots: u32,
) -> Vec<Image> {
    // Drawn over the whole pool's range whatever `shots`, so a smaller pool only shortens
    // galleries.
    let count = (rng.range(i64::from(MIN_SHOTS), i64::from(SHOTS)) as usize).min(shots as usize);
    let rest: Vec<u32> = (3..shots).collect();
    let picked = rng.sample(&rest, count - 3);
    [0, 1, 2]
        .into_iter()
        .chain(picked)
        .map(|index| {
            let url = media_url(
                &Shot {
                    shape,
                    colour,
                    hex,
                    index,
                }
                .file_name(),
            );
            Image {
                thumb: Some(Thumb { url: url.clone() }),
                url,
            }
        })
        .collect()
}

fn hotspots(model: &Model) -> Hotspots {
    let spot = |description: &str, anchor: &str, angles: &[(u32, f64, f64)]| Hotspot {
        description: description.to_string(),
        anchors: vec![anchor.to_string()],
        positions: angles
            .iter()
            .map(|&(angle, x, y)| HotspotPosition { angle, x, y })
            .collect(),
    };
    let wheel = if model.category == VehicleCategory::Motorcycles {
        "Cast alloy wheels"
    } else {
        "Alloy wheels"
    };
    Hotspots {
        exterior: vec![
            spot(
                "LED headlights with automatic high beam",
                "Headlights",
                &[(0, 18.0, 46.0), (1, 20.0, 46.0), (23, 16.0, 46.0)],
            ),
            spot(
                wheel,
                "Wheels",
                &[(0, 27.0, 70.0), (6, 50.0, 70.0), (12, 73.0, 70.0)],
            ),
            spot(
                "Tail lights",
                "Rear",
                &[(12, 82.0, 45.0), (11, 80.0, 45.0), (13, 84.0, 45.0)],
            ),
        ],
        interior: vec![
            spot(
                "Touchscreen with wireless Apple CarPlay and Android Auto",
                "Infotainment",
                &[(0, 50.0, 40.0)],
            ),
            spot("Climate control", "Climate", &[(0, 50.0, 62.0)]),
        ],
    }
}

fn equipment(model: &Model, train: &Train) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = match model.category {
        VehicleCategory::Cars => vec![
            "Autonomous emergency braking",
            "Lane keep assist",
            "Adaptive cruise control",
            "Reversing camera",
            "Rear parking sensors",
            "Apple CarPlay and Android Auto",
            "Dual-zone climate control",
            "Keyless entry and start",
            "LED headlights",
            "Alloy wheels",
        ],
        VehicleCategory::Motorcycles => vec![
            "ABS",
            "LED lighting",
            "TFT instrument display",
            "Traction control",
            "Slipper clutch",
        ],
        VehicleCategory::Caravans => vec![
            "Queen bed",
            "Ensuite with shower and toilet",
            "Diesel heater",
            "Solar panels and lithium battery",
            "Three-way fridge",
            "Independent coil suspension",
            "External kitchen",
        ],
        VehicleCategory::Trucks => vec![
            "Air brakes",
            "Driver airbag",
            "Cruise control",
            "Bluetooth",
            "Exhaust brake",
        ],
    };
    if matches!(train.fuel, Fuel::Electric | Fuel::PlugIn) {
        out.push("Type 2 CCS charging port");
    }
    if matches!(train.drive, Drive::FourWd) {
        out.push("Low-range transfer case");
    }
    out
}

fn features(category: VehicleCategory) -> &'static [&'static str] {
    match category {
        VehicleCategory::Cars => &[
            "Sunroof",
            "Heated front seats",
            "Wireless phone charger",
            "Tow bar",
            "Roof racks",
            "Leather upholstery",
            "Head-up display",
            "360-degree camera",
            "Tinted windows",
        ],
        VehicleCategory::Motorcycles => &[
            "Heated grips",
            "Quickshifter",
            "Cruise control",
            "Panniers",
            "Touring screen",
        ],
        VehicleCategory::Caravans => &[
            "Awning",
            "Washing machine",
            "Air conditioner",
            "Bike rack",
            "Annexe",
        ],
        VehicleCategory::Trucks => &[
            "Tray body",
            "Tipper",
            "Reversing camera",
            "Tool boxes",
            "Tow hitch",
        ],
    }
}

fn car_location(location: &Location, all: &[&Location], rng: &mut Rng) -> CarLocation {
    let distribution_locations = if all.len() > 1 && rng.chance(0.15) {
        rng.sample(all, 2)
            .into_iter()
            .filter(|l| l.slug != location.slug)
            .map(|l| l.slug.clone())
            .collect()
    } else {
        Vec::new()
    };
    CarLocation {
        name: location.name.clone(),
        slug: location.slug.clone(),
        phone: location.contact_detail.phone.clone(),
        city: Some(location.address.city.clone()),
        state: Some(location.address.state.clone()),
        address: Some(location.address.street.clone()),
        distribution_locations,
    }
}

fn variant(model: &Model, train: &Train) -> Variant {
    let num = |v: f64| Some(json!(v));
    let int = |v: u32| (v > 0).then(|| json!(v));
    Variant {
        cylinders: (train.cylinders > 0).then(|| json!(train.cylinders)),
        enginesize: (train.litres > 0.0).then(|| json!((train.litres * 1000.0).round() as u32)),
        enginesize_litres: (train.litres > 0.0).then(|| json!(litres(train))),
        induction: (train.litres > 0.0).then(|| {
            json!(if train.turbo {
                "Turbo Intercooled"
            } else {
                "Aspirated"
            })
        }),
        fuelconsumptioncombined: (train.l100 > 0.0)
            .then(|| json!((f64::from(train.l100) * 10.0).round() / 10.0)),
        fuelcapacity: int(u32::from(model.tank)),
        grossvehiclemass: int(model.gvm),
        vehiclelength: num(f64::from(model.dims.0)),
        vehiclewidth: num(f64::from(model.dims.1)),
        vehicleheight: num(f64::from(model.dims.2)),
        towingcapacitybraked: int(model.tow),
        bodyconfiguration: Some(json!(model.bodycfg)),
        torque: int(u32::from(train.torque)),
        ancaprating: (model.ancap > 0).then(|| json!(model.ancap)),
        ..caravan_masses(model)
    }
}

/// A caravan's berths, tare and ball weight, drawn from its size: a van over 7 m sleeps
/// four and one over 8 m six (bunks); tare is about 78% of the ATM (`gvm` of a caravan)
/// and the ball weight about 9% of tare, as on Australian compliance plates. Other
/// vehicles have none of these.
fn caravan_masses(model: &Model) -> Variant {
    if model.category != VehicleCategory::Caravans {
        return Variant::default();
    }
    let length = model.dims.0;
    let berths = 2 + 2 * u32::from(length >= 7000) + 2 * u32::from(length >= 8000);
    let tare = (f64::from(model.gvm) * 0.78 / 10.0).round() * 10.0;
    let ball = (tare * 0.09 / 5.0).round() * 5.0;
    Variant {
        berths: Some(json!(berths)),
        tare: Some(json!(tare as u32)),
        atm: Some(json!(model.gvm)),
        ballweight: Some(json!(ball as u32)),
        ..Variant::default()
    }
}

/// Lender data for the dealer's provider: rates by car type and age, repayments from the
/// same amortisation the site's calculator uses, and the lender's disclaimer. A few cars
/// have null rates (the strip is hidden for them).
fn lenders(rng: &mut Rng, provider: FinanceProvider, car: &Car) -> BTreeMap<String, Lender> {
    let mut out = BTreeMap::new();
    let Some(price) = car.visible_price() else {
        return out;
    };
    if rng.chance(0.05) {
        out.insert(
            provider.key().to_string(),
            Lender {
                finance_provider: Some(provider.label().to_string()),
                ..Lender::default()
            },
        );
        return out;
    }
    let base = match car.car_type {
        CarType::New => rng.float(5.99, 7.99),
        CarType::Demo => rng.float(6.49, 8.49),
        CarType::Used => rng.float(7.99, 12.99),
    };
    let rate = (base * 100.0).round() / 100.0;
    let comparison = ((rate + rng.float(0.25, 1.1)) * 100.0).round() / 100.0;
    let term_years = 5.0;
    let fees = 395.0;
    let balloon = if car.car_type == CarType::Used {
        0.0
    } else {
        (price * 0.25 / 100.0).round() * 100.0
    };
    let pay = |frequency| {
        repayment(&RepaymentInput {
            amount: price,
            deposit: 0.0,
            trade_in: 0.0,
            establishment_fees: fees,
            balloon,
            rate,
            term_years,
            frequency,
            round_up: false,
        })
    };
    let week = pay(PaymentFrequency::Week);
    let month = pay(PaymentFrequency::Month);
    let disclaimer = format!(
        "Estimated repayment based on an interest rate of {rate:.2}% p.a. (comparison rate {comparison:.2}% p.a.) over {term_years} years \
         with no deposit, a {} establishment fee{}. Comparison rate based on a secured loan of $30,000 over 5 years. WARNING: This \
         comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other \
         loan amounts might result in a different comparison rate. Subject to lender approval; fees and charges apply.",
        domain::rules::format::format_price(fees),
        if balloon > 0.0 { format!(" and a {} balloon", domain::rules::format::format_price(balloon)) } else { String::new() }
    );
    out.insert(
        provider.key().to_string(),
        Lender {
            interest_rate: Some(rate),
            comparison_rate: Some(comparison),
            payment_week: Some(week),
            payment_month: Some(month),
            term_years: Some(term_years),
            term_months: Some(term_years * 12.0),
            term_weeks: Some(term_years * 52.0),
            deposit: Some(0.0),
            balloon: Some(balloon),
            establishment_fees: Some(fees),
            total_payable: Some(((week * term_years * 52.0 + balloon) * 100.0).round() / 100.0),
            disclaimer: Some(disclaimer),
            finance_provider: Some(provider.label().to_string()),
            ..Lender::default()
        },
    );
    out
}

fn youx(rng: &mut Rng, car: &Car) -> YouxQuote {
    let rate = (rng.float(6.49, 11.99) * 100.0).round() / 100.0;
    let weekly = repayment(&RepaymentInput {
        amount: car.visible_price().unwrap_or(0.0),
        deposit: 0.0,
        trade_in: 0.0,
        establishment_fees: 0.0,
        balloon: 0.0,
        rate,
        term_years: 5.0,
        frequency: PaymentFrequency::Week,
        round_up: true,
    });
    YouxQuote {
        weekly_repayment_amount: Some(weekly),
        advertised_rate: Some(rate),
        comparison_rate: Some(((rate + 0.42) * 100.0).round() / 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feed::{parse_feed, FeedFormat, ReadOptions};

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
        for model in catalogue::MODELS {
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
            let model = MODELS
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
            assert_eq!(crate::feed::check::vin_problem(vin), None);
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
        for model in MODELS {
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
