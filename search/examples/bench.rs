//! Embedded search benchmark: builds an index from a generated stock (or a JSON Lines feed
//! of cars) and prints p50/p99 per query shape, every facet counted, cache bypassed.
//!
//!     cargo run --release -p search --example bench -- --cars 5000
//!     cargo run --release -p search --example bench -- --cars 100000
//!     cargo run --release -p search --example bench -- --feed feeds/sample.jsonl
//!
//! `--verbose` also prints the slowest query of each shape; `--shape <words>` runs only the
//! shapes whose name holds them and `--runs <n>` sets the queries per shape (for profiling
//! one shape).
//!
//! The generated stock is synthetic benchmark input (a deterministic pseudo-random mix of
//! makes, models, bodies, prices and locations), never shown to anyone.

use std::io::BufRead;
use std::time::Instant;

use chrono::{TimeZone, Utc};
use domain::car::{Car, CarLocation, CarStatus, CarType, Image, YouxQuote};
use search::{write_index, EmbeddedSearch, FixedFilters, IndexDoc, SearchQuery};
use serde_json::json;

const DEALER: &str = "bench";
const RUNS: usize = 300;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

const MAKES: [(&str, [&str; 5]); 12] = [
    (
        "Toyota",
        ["Corolla", "RAV4", "HiLux", "Camry", "LandCruiser"],
    ),
    ("Mazda", ["CX-5", "3", "CX-3", "BT-50", "CX-9"]),
    (
        "Kia",
        ["Sportage", "Cerato", "Carnival", "Seltos", "Sorento"],
    ),
    ("Hyundai", ["i30", "Tucson", "Kona", "Santa Fe", "Venue"]),
    ("Ford", ["Ranger", "Everest", "Mustang", "Puma", "Escape"]),
    (
        "Mitsubishi",
        [
            "Triton",
            "Outlander",
            "ASX",
            "Pajero Sport",
            "Eclipse Cross",
        ],
    ),
    ("Nissan", ["Navara", "X-Trail", "Qashqai", "Patrol", "Juke"]),
    ("Volkswagen", ["Golf", "Tiguan", "Amarok", "Polo", "T-Roc"]),
    ("Subaru", ["Forester", "Outback", "XV", "WRX", "Impreza"]),
    ("Honda", ["CR-V", "Civic", "HR-V", "Jazz", "Accord"]),
    ("Isuzu", ["D-Max", "MU-X", "D-Max", "MU-X", "D-Max"]),
    ("BMW", ["X3", "X5", "3 Series", "1 Series", "X1"]),
];
const BADGES: [&str; 8] = [
    "GX", "GXL", "Sport", "Touring", "Limited", "Base", "Premium", "XLT",
];
const COLOURS: [&str; 8] = [
    "White", "Black", "Silver", "Grey", "Blue", "Red", "Green", "Bronze",
];
const BODIES: [&str; 7] = ["SUV", "Sedan", "Hatch", "Ute", "Wagon", "Van", "Coupe"];
const FUELS: [&str; 5] = ["Petrol", "Diesel", "Hybrid", "Electric", "Plug-in Hybrid"];
const DRIVES: [&str; 4] = ["FWD", "RWD", "AWD", "4WD"];
const PLACES: [(&str, &str, &str, f64, f64); 8] = [
    ("Brisbane City", "Brisbane", "QLD", -27.4698, 153.0251),
    ("Gold Coast", "Southport", "QLD", -27.9670, 153.4000),
    ("Sunshine Coast", "Maroochydore", "QLD", -26.6500, 153.0667),
    ("Toowoomba", "Toowoomba", "QLD", -27.5598, 151.9507),
    ("Sydney West", "Parramatta", "NSW", -33.8150, 151.0011),
    ("Newcastle", "Newcastle", "NSW", -32.9283, 151.7817),
    ("Melbourne North", "Coburg", "VIC", -37.7440, 144.9660),
    ("Adelaide", "Adelaide", "SA", -34.9285, 138.6007),
];
const FEATURES: [&str; 8] = [
    "Apple CarPlay",
    "Android Auto",
    "Reversing Camera",
    "Sunroof",
    "Heated Seats",
    "Tow Bar",
    "Navigation",
    "Bluetooth",
];

fn generate(n: usize) -> Vec<(Car, f64, f64)> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let base = Utc
        .with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
        .single()
        .expect("date");
    (0..n)
        .map(|i| {
            let (make, models) = rng.pick(&MAKES);
            let model = rng.pick(models);
            let place = rng.pick(&PLACES);
            let car_type = *rng.pick(&[
                CarType::New,
                CarType::Demo,
                CarType::Used,
                CarType::Used,
                CarType::Used,
            ]);
            let year = 2010 + rng.below(16) as u16;
            let sold = rng.below(50) == 0;
            let features: Vec<String> = FEATURES
                .iter()
                .filter(|_| rng.below(3) == 0)
                .map(|s| s.to_string())
                .collect();
            let car = Car {
                id: i as u64 + 1,
                slug: format!(
                    "{}-{}-{}",
                    make.to_lowercase(),
                    model.to_lowercase().replace(' ', "-"),
                    i
                ),
                year,
                make: make.to_string(),
                model: model.to_string(),
                badge: Some(rng.pick(&BADGES).to_string()),
                series: Some(format!("S{}", rng.below(90) + 10)),
                colour: Some(rng.pick(&COLOURS).to_string()),
                price: (rng.below(40) != 0).then(|| 8_000.0 + rng.below(120_000) as f64),
                km: Some(if car_type == CarType::New {
                    rng.below(50) as u32
                } else {
                    rng.below(250_000) as u32
                }),
                car_type,
                status: if sold {
                    CarStatus::Sold
                } else {
                    *rng.pick(&[
                        CarStatus::InStock,
                        CarStatus::InStock,
                        CarStatus::ComingSoon,
                    ])
                },
                sold_at: sold.then(|| base - chrono::Duration::hours(rng.below(24 * 10) as i64)),
                tag: (rng.below(20) == 0).then(|| "Test Drive Only".to_string()),
                stocknum: Some(format!("STK{i:07}")),
                vin: Some(format!("VIN{:014}", rng.next() % 100_000_000_000_000)),
                certified: car_type == CarType::Used && rng.below(10) == 0,
                created_at: base - chrono::Duration::minutes(rng.below(60 * 24 * 365) as i64),
                seats: Some(*rng.pick(&[2u8, 4, 5, 5, 5, 7, 8])),
                simple_fuel: Some(rng.pick(&FUELS).to_string()),
                simple_body: Some(rng.pick(&BODIES).to_string()),
                simple_transmission: Some(
                    rng.pick(&["Automatic", "Automatic", "Manual"]).to_string(),
                ),
                simple_drive: Some(rng.pick(&DRIVES).to_string()),
                images: (0..rng.below(12))
                    .map(|p| Image {
                        url: format!("/media/{i}-{p}.svg"),
                        thumb: None,
                    })
                    .collect(),
                features,
                location: Some(CarLocation {
                    name: place.0.into(),
                    city: Some(place.1.into()),
                    state: Some(place.2.into()),
                    ..Default::default()
                }),
                location_name: Some(place.0.into()),
                city: Some(place.1.into()),
                state: Some(place.2.into()),
                dealership_slug: DEALER.into(),
                youx_quote: (rng.below(2) == 0).then(|| YouxQuote {
                    weekly_repayment_amount: Some(60.0 + rng.below(500) as f64),
                    ..Default::default()
                }),
                show_on_dealer_website: true,
                ..Default::default()
            };
            (car, place.3, place.4)
        })
        .collect()
}

fn read_feed(path: &str) -> Vec<(Car, f64, f64)> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    std::io::BufReader::new(file)
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let line = line.unwrap_or_else(|e| panic!("{path}: {e}"));
            if line.trim().is_empty() {
                return None;
            }
            match serde_json::from_str::<Car>(&line) {
                Ok(car) => Some((car, f64::NAN, f64::NAN)),
                Err(e) => {
                    eprintln!("{path}:{}: skipped: {e}", n + 1);
                    None
                }
            }
        })
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let stock = match (arg("--feed"), arg("--cars")) {
        (Some(path), _) => read_feed(&path),
        (None, Some(n)) => generate(
            n.parse()
                .unwrap_or_else(|_| panic!("--cars takes a number, got {n}")),
        ),
        (None, None) => generate(5000),
    };
    let verbose = args.iter().any(|a| a == "--verbose");
    let only = arg("--shape");
    let runs = arg("--runs").map_or(RUNS, |n| {
        n.parse()
            .unwrap_or_else(|_| panic!("--runs takes a number, got {n}"))
    });
    let dir = tempfile::tempdir().expect("temp dir");
    let docs: Vec<IndexDoc<'_>> = stock
        .iter()
        .map(|(car, lat, lng)| {
            let card = json!({"id": car.id, "slug": car.slug, "title": format!("{} {} {}", car.year, car.make, car.model), "price": car.price});
            let doc = IndexDoc::new(car, card);
            if lat.is_nan() { doc } else { doc.at(*lat, *lng) }
        })
        .collect();
    let t = Instant::now();
    write_index(dir.path(), DEALER, &docs).expect("index written");
    let write_s = t.elapsed().as_secs_f64();
    let search = EmbeddedSearch::open(dir.path()).expect("open");
    let t = Instant::now();
    search.preload(DEALER).expect("load");
    let load_ms = t.elapsed().as_secs_f64() * 1e3;
    println!("cars: {}  write_index: {write_s:.2} s  open+load columns: {load_ms:.1} ms  runs per shape: {runs}", docs.len());

    let fixed = FixedFilters::for_dealer(DEALER);
    let total = search
        .search_uncached(&SearchQuery::from_query_string("", &fixed).expect("query"))
        .expect("answer")
        .count;
    let last_page = (total.saturating_sub(1) / 21) as u32;
    let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
    type Shape = Box<dyn FnMut(&mut Rng) -> String>;
    let shapes: Vec<(&str, Shape)> = vec![
        ("no filter", Box::new(|_| String::new())),
        (
            "three facets",
            Box::new(|r: &mut Rng| {
                format!(
                    "refinementList[make][0]={}&refinementList[body][0]={}&refinementList[body][1]={}&refinementList[car_type][0]={}",
                    r.pick(&MAKES).0,
                    r.pick(&BODIES),
                    r.pick(&BODIES),
                    r.pick(&["new", "used", "demo"])
                )
            }),
        ),
        (
            "text + range + sort",
            Box::new(|r: &mut Rng| {
                let (make, models) = r.pick(&MAKES);
                let word = if r.below(2) == 0 {
                    make.to_lowercase()
                } else {
                    models[0].to_lowercase()
                };
                let cut = 3 + r.below(word.len().saturating_sub(2) as u64) as usize;
                let lo = 5_000 + r.below(40_000);
                format!(
                    "query={}&range[price]={lo}:{}&sortBy=price_asc",
                    &word[..cut.min(word.len())],
                    lo + 30_000
                )
            }),
        ),
        (
            "text with typo",
            Box::new(|r: &mut Rng| {
                format!(
                    "query={}",
                    r.pick(&[
                        "toyta corola",
                        "mazad",
                        "hyundia tucsn",
                        "landcruser",
                        "sportage gt"
                    ])
                )
            }),
        ),
        (
            "shopper words",
            Box::new(|r: &mut Rng| {
                format!(
                    "query={}",
                    r.pick(&[
                        "diesel+4x4+ute",
                        "rav4+hybrid",
                        "7+seater+awd",
                        "white+suv+tow+bar",
                        "used+electric",
                        "corolla+hatch+apple+carplay",
                    ])
                )
            }),
        ),
        (
            "deep page",
            Box::new(move |r: &mut Rng| {
                format!(
                    "page={}&sortBy=latest",
                    last_page.saturating_sub(r.below(5) as u32)
                )
            }),
        ),
        (
            "distance + facets",
            Box::new(|r: &mut Rng| {
                let p = r.pick(&PLACES);
                format!(
                    "lat={}&lng={}&radius={}&refinementList[fuel][0]={}",
                    p.3,
                    p.4,
                    r.pick(&[25, 100, 500]),
                    r.pick(&FUELS)
                )
            }),
        ),
    ];
    println!(
        "{:<22} {:>9} {:>9} {:>9}",
        "shape", "p50 ms", "p99 ms", "max ms"
    );
    for (name, mut make) in shapes {
        // Every shape draws its queries, so a shape's queries do not depend on `--shape`.
        let strings: Vec<String> = (0..runs).map(|_| make(&mut rng)).collect();
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let queries: Vec<SearchQuery> = strings
            .iter()
            .map(|qs| SearchQuery::from_query_string(qs, &fixed).expect("valid bench query"))
            .collect();
        // Warm up once per shape.
        search.search_uncached(&queries[0]).expect("answer");
        let mut times: Vec<(f64, usize)> = queries
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let t = Instant::now();
                let a = search.search_uncached(q).expect("answer");
                std::hint::black_box(a.count);
                (t.elapsed().as_secs_f64() * 1e3, i)
            })
            .collect();
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let slowest = times
            .last()
            .map(|t| strings[t.1].clone())
            .unwrap_or_default();
        let times: Vec<f64> = times.into_iter().map(|t| t.0).collect();
        println!(
            "{name:<22} {:>9.3} {:>9.3} {:>9.3}",
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            times.last().copied().unwrap_or(0.0)
        );
        if verbose {
            println!("    slowest: {slowest}");
        }
    }
    let q =
        SearchQuery::from_query_string("refinementList[make][0]=Toyota", &fixed).expect("valid");
    search.search_now(&q).expect("answer");
    let t = Instant::now();
    for _ in 0..RUNS {
        std::hint::black_box(search.search_now(&q).expect("answer").count);
    }
    println!(
        "{:<22} {:>9.3} (mean)",
        "cached answer",
        t.elapsed().as_secs_f64() * 1e3 / RUNS as f64
    );
}
