//! CSV feeds: a header row of [`Car`] field names, one car per record. Scalar columns
//! hold the value as text; the complex columns ([`JSON_COLUMNS`]) hold JSON text; an
//! empty cell means the field is absent. [`CsvFeedWriter`] writes the same shape, so a
//! JSON Lines feed converts to CSV and back without loss.

use std::io::{self, Read, Write};

use ::csv::{ErrorKind, StringRecord};
use domain::car::Car;
use serde_json::{Map, Number, Value};

use super::check::checked;
use super::jsonl::describe;
use super::{parse_batch, Collector, FeedError, ReadOptions, RowError, RowResult, CHUNK_ROWS};

/// Columns whose cells are JSON text (objects or arrays).
pub const JSON_COLUMNS: [&str; 12] = [
    "images",
    "finance_lenders",
    "location",
    "hotspots",
    "variant",
    "videos",
    "walkaround_videos",
    "spin_images",
    "standardEquipment",
    "features",
    "thumbnails",
    "youxQuote",
];

/// Whole-number columns.
const INT_COLUMNS: [&str; 8] = [
    "id",
    "year",
    "km",
    "seats",
    "engine_size",
    "gearnum",
    "views",
    "dealership_id",
];
/// Decimal-number columns.
const FLOAT_COLUMNS: [&str; 4] = [
    "price",
    "before_price",
    "engine_size_litres",
    "subscription_price",
];
/// true/false columns (also accepted: 1/0, yes/no, any case).
const BOOL_COLUMNS: [&str; 5] = [
    "sold",
    "reserved",
    "certified",
    "has_nvic",
    "show_on_dealer_website",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Int,
    Float,
    Bool,
    Json,
}

/// Every column a CSV feed may have, in the order of the [`Car`] fields.
pub fn columns() -> Vec<String> {
    match serde_json::to_value(Car::default()) {
        Ok(Value::Object(map)) => map.keys().cloned().collect(),
        // A Car always serialises to an object; an empty list would make every header unknown.
        _ => Vec::new(),
    }
}

fn kind_of(column: &str) -> Kind {
    if JSON_COLUMNS.contains(&column) {
        Kind::Json
    } else if INT_COLUMNS.contains(&column) {
        Kind::Int
    } else if FLOAT_COLUMNS.contains(&column) {
        Kind::Float
    } else if BOOL_COLUMNS.contains(&column) {
        Kind::Bool
    } else {
        Kind::Text
    }
}

struct Column {
    name: String,
    kind: Kind,
}

/// Checks the header row: every column known, none repeated.
fn header_columns(headers: &StringRecord, source_name: &str) -> Result<Vec<Column>, FeedError> {
    let known = columns();
    let mut out: Vec<Column> = Vec::with_capacity(headers.len());
    let mut problems = Vec::new();
    for (i, raw) in headers.iter().enumerate() {
        let name = if i == 0 {
            raw.trim_start_matches('\u{feff}')
        } else {
            raw
        }
        .trim();
        if !known.iter().any(|k| k == name) {
            let hint = known
                .iter()
                .map(|k| (strsim::jaro_winkler(name, k), k))
                .filter(|(score, _)| *score > 0.8)
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, k)| format!("; did you mean `{k}`?"))
                .unwrap_or_default();
            problems.push(format!("unknown column \"{name}\"{hint}"));
        } else if out.iter().any(|c| c.name == name) {
            problems.push(format!("column \"{name}\" appears twice"));
        }
        out.push(Column {
            name: name.to_string(),
            kind: kind_of(name),
        });
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(FeedError::CsvHeader {
            source_name: source_name.to_string(),
            problem: problems.join(", "),
        })
    }
}

/// Streams the records of a CSV feed in batches parsed in parallel.
pub(crate) fn read<R: Read>(
    reader: R,
    source_name: &str,
    opts: &ReadOptions,
    collector: &mut Collector,
) -> Result<(), FeedError> {
    let max_year = opts.max_year;
    let mut rdr = ::csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(reader);
    let read_error = |line: u64, e: ::csv::Error| FeedError::Read {
        source_name: source_name.to_string(),
        line,
        source: io::Error::other(e),
    };
    let headers = rdr.headers().map_err(|e| read_error(0, e))?.clone();
    if headers.is_empty() {
        return Ok(());
    }
    let columns = header_columns(&headers, source_name)?;
    let parse = |row: &Result<StringRecord, RowError>| match row {
        Ok(record) => parse_record(&columns, record, max_year),
        Err(e) => Err(e.clone()),
    };
    let mut batch: Vec<(u64, Result<StringRecord, RowError>)> = Vec::with_capacity(CHUNK_ROWS);
    let mut last_line = 1;
    loop {
        let mut record = StringRecord::new();
        match rdr.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                last_line = record.position().map_or(last_line + 1, |p| p.line());
                batch.push((last_line, Ok(record)));
            }
            Err(e) => {
                let line = e.position().map_or(last_line + 1, |p| p.line());
                let problem = match e.kind() {
                    ErrorKind::UnequalLengths {
                        expected_len, len, ..
                    } => {
                        format!(
                            "row has {len} fields but the header has {expected_len}; row skipped"
                        )
                    }
                    ErrorKind::Utf8 { err, .. } => match headers.get(err.field()) {
                        Some(column) => format!("column {column} is not valid UTF-8"),
                        None => "row is not valid UTF-8".to_string(),
                    },
                    ErrorKind::Io(_) => return Err(read_error(last_line, e)),
                    _ => e.to_string(),
                };
                last_line = line;
                batch.push((line, Err(RowError::new("csv", problem, None))));
            }
        }
        if batch.len() == CHUNK_ROWS {
            collector.take(parse_batch(&batch, parse));
            batch.clear();
        }
    }
    if !batch.is_empty() {
        collector.take(parse_batch(&batch, parse));
    }
    Ok(())
}

/// One record to a checked [`Car`]: cells become JSON values by column kind, then serde
/// reads the object exactly as it reads a JSON line.
fn parse_record(columns: &[Column], record: &StringRecord, max_year: u16) -> RowResult {
    let dealer = columns
        .iter()
        .zip(record.iter())
        .find(|(c, _)| c.name == "dealership_slug")
        .map(|(_, cell)| cell.to_string())
        .filter(|s| !s.is_empty());
    let mut map = Map::with_capacity(columns.len());
    for (column, cell) in columns.iter().zip(record.iter()) {
        if cell.is_empty() {
            continue;
        }
        let value = match column.kind {
            Kind::Json => serde_json::from_str::<Value>(cell).map_err(|e| {
                let msg = e.to_string();
                let msg = msg.rfind(" at line ").map_or(msg.as_str(), |i| &msg[..i]);
                RowError::new(
                    column.name.clone(),
                    format!("not valid JSON: {msg} at column {}", e.column()),
                    dealer.clone(),
                )
            })?,
            Kind::Int => {
                let t = cell.trim();
                t.parse::<u64>()
                    .map(Value::from)
                    .or_else(|_| t.parse::<i64>().map(Value::from))
                    .or_else(|_| {
                        t.parse::<f64>()
                            .ok()
                            .and_then(Number::from_f64)
                            .map(Value::Number)
                            .ok_or(())
                    })
                    .unwrap_or_else(|_| Value::String(cell.to_string()))
            }
            Kind::Float => {
                let t = cell.trim();
                t.parse::<f64>()
                    .ok()
                    .and_then(Number::from_f64)
                    .map_or_else(|| Value::String(cell.to_string()), Value::Number)
            }
            Kind::Bool => match cell.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => Value::Bool(true),
                "false" | "0" | "no" => Value::Bool(false),
                _ => Value::String(cell.to_string()),
            },
            Kind::Text => Value::String(cell.to_string()),
        };
        map.insert(column.name.clone(), value);
    }
    match serde_path_to_error::deserialize::<_, Car>(Value::Object(map)) {
        Ok(car) => checked(car, max_year),
        Err(err) => {
            let (field, problem) = describe(err.path().iter(), &err.inner().to_string());
            Err(RowError::new(field, problem, dealer))
        }
    }
}

/// Writes cars as a CSV feed: the header row (every column of [`columns`]) on creation,
/// then one record per [`CsvFeedWriter::write`].
pub struct CsvFeedWriter<W: Write> {
    inner: ::csv::Writer<W>,
    columns: Vec<String>,
}

impl<W: Write> CsvFeedWriter<W> {
    /// Starts a CSV feed on `out` and writes the header row.
    pub fn new(out: W) -> io::Result<CsvFeedWriter<W>> {
        let columns = columns();
        let mut inner = ::csv::Writer::from_writer(out);
        inner.write_record(&columns).map_err(io::Error::other)?;
        Ok(CsvFeedWriter { inner, columns })
    }

    /// Writes one car: scalars as text, complex fields as JSON text, absent or empty
    /// values as empty cells.
    pub fn write(&mut self, car: &Car) -> io::Result<()> {
        let Value::Object(map) = serde_json::to_value(car).map_err(io::Error::other)? else {
            return Err(io::Error::other("a car did not serialise to a JSON object"));
        };
        let mut cells: Vec<String> = Vec::with_capacity(self.columns.len());
        for column in &self.columns {
            let cell = match map.get(column) {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(s)) => s.clone(),
                Some(Value::Bool(b)) => b.to_string(),
                Some(Value::Number(n)) => n.to_string(),
                Some(Value::Array(a)) if a.is_empty() => String::new(),
                Some(Value::Object(o)) if o.is_empty() => String::new(),
                Some(v) => serde_json::to_string(v).map_err(io::Error::other)?,
            };
            cells.push(cell);
        }
        self.inner.write_record(&cells).map_err(io::Error::other)
    }

    /// Flushes and returns the underlying writer.
    pub fn finish(self) -> io::Result<W> {
        self.inner
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))
    }
}
