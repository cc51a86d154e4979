//! JSON Lines: one car per line. Also the translation of serde errors into the
//! `field: problem` pair of a line error, shared with the CSV reader.

use std::io::BufRead;

use domain::car::Car;
use serde::Deserialize;
use serde_path_to_error::Segment;

use super::check::checked;
use super::{parse_batch, Collector, FeedError, ReadOptions, RowError, RowResult, CHUNK_ROWS};

/// Streams the lines of `reader` in batches, parses each batch in parallel and hands the
/// results to the collector in line order.
pub(crate) fn read<R: BufRead>(
    mut reader: R,
    source_name: &str,
    opts: &ReadOptions,
    collector: &mut Collector,
) -> Result<(), FeedError> {
    let max_year = opts.max_year;
    let mut line_no: u64 = 0;
    let mut batch: Vec<(u64, Vec<u8>)> = Vec::with_capacity(CHUNK_ROWS);
    loop {
        let mut buf = Vec::new();
        let n = reader
            .read_until(b'\n', &mut buf)
            .map_err(|source| FeedError::Read {
                source_name: source_name.to_string(),
                line: line_no,
                source,
            })?;
        if n == 0 {
            break;
        }
        line_no += 1;
        if buf.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        batch.push((line_no, buf));
        if batch.len() == CHUNK_ROWS {
            collector.take(parse_batch(&batch, |bytes| parse_line(bytes, max_year)));
            batch.clear();
        }
    }
    if !batch.is_empty() {
        collector.take(parse_batch(&batch, |bytes| parse_line(bytes, max_year)));
    }
    Ok(())
}

/// Just enough of a row to attribute a rejected row to its dealer.
#[derive(Deserialize)]
struct DealerOnly {
    #[serde(default)]
    dealership_slug: Option<String>,
}

/// Parses and checks one line. The fast path is plain serde_json; only a failing line is
/// parsed again with path tracking to name the field.
pub(crate) fn parse_line(bytes: &[u8], max_year: u16) -> RowResult {
    let bytes = strip_bom(bytes);
    match serde_json::from_slice::<Car>(bytes) {
        Ok(car) => checked(car, max_year),
        Err(_) => Err(explain_json_line(bytes)),
    }
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

fn explain_json_line(bytes: &[u8]) -> RowError {
    let dealer = serde_json::from_slice::<DealerOnly>(bytes)
        .ok()
        .and_then(|d| d.dealership_slug);
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let err = match serde_path_to_error::deserialize::<_, Car>(&mut de) {
        // The value itself was fine; what follows it on the line is not.
        Ok(_) => match de.end() {
            Err(inner) => return syntax_error(&inner, dealer),
            Ok(()) => return RowError::new("json", "could not be read", dealer),
        },
        Err(err) => err,
    };
    let inner = err.inner();
    if inner.is_syntax() || inner.is_eof() || inner.is_io() {
        return syntax_error(inner, dealer);
    }
    let (field, problem) = describe(err.path().iter(), &strip_position(&inner.to_string()));
    RowError::new(field, problem, dealer)
}

fn syntax_error(inner: &serde_json::Error, dealer: Option<String>) -> RowError {
    let msg = strip_position(&inner.to_string());
    RowError::new(
        "json",
        format!("not valid JSON: {msg} at column {}", inner.column()),
        dealer,
    )
}

/// serde_json appends " at line L column C" to its messages; the line error has its own
/// line number, so the suffix is dropped.
fn strip_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

/// Builds the dotted field path (`images[2].thumb.url`) of an error and a message a
/// person can act on: missing and unknown fields name the field itself, unknown fields
/// suggest the closest known name.
pub(crate) fn describe<'a>(
    segments: impl Iterator<Item = &'a Segment>,
    message: &str,
) -> (String, String) {
    let mut path = String::new();
    for segment in segments {
        match segment {
            Segment::Seq { index } => path.push_str(&format!("[{index}]")),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Segment::Unknown => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push('?');
            }
        }
    }
    let join = |path: &str, name: &str| {
        if path.is_empty() || path.ends_with(name) {
            if path.is_empty() {
                name.to_string()
            } else {
                path.to_string()
            }
        } else {
            format!("{path}.{name}")
        }
    };
    if let Some(name) = backticked(message.strip_prefix("missing field ")) {
        return (join(&path, name), "required field is missing".to_string());
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        if let Some(name) = backticked(Some(rest)) {
            let known: Vec<&str> = rest.split('`').skip(3).step_by(2).collect();
            let best = known
                .iter()
                .map(|k| (strsim::jaro_winkler(name, k), *k))
                .filter(|(score, _)| *score > 0.8)
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let problem = match best {
                Some((_, k)) => format!("unknown field; did you mean `{k}`?"),
                None => "unknown field (not part of the feed format)".to_string(),
            };
            return (join(&path, name), problem);
        }
    }
    if path.is_empty() {
        path.push_str("json");
    }
    (path, message.to_string())
}

/// The first `name` of a message that starts with `` `name` ``.
fn backticked(rest: Option<&str>) -> Option<&str> {
    let rest = rest?.strip_prefix('`')?;
    let end = rest.find('`')?;
    Some(&rest[..end])
}
