//! `make bench`'s image service figures: resizes per second per core of a 1600x1200 JPEG
//! to a 640 px AVIF and WebP (decode, resize and encode, counted against the process's
//! CPU time so the figure is per core whatever the codecs' threads do), the latency of a
//! cache hit through the local server on loopback, and the bytes of each variant against
//! the source. Prints figures; asserts nothing.
//!
//! `cargo run --release -p edge-api --example image_bench -- [--source photo.jpg] [--runs N]`,
//! from the repository root (it serves the first sample dealer of `dealers/`).
//! Without `--source` it draws a photo-like 1600x1200 JPEG (gradients and grain).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use edge_api::images::codec;
use edge_api::images::{Format, ImageLimits, ImageService};
use edge_api::store::RedbStore;
use edge_api::AppState;

const WIDTH: u32 = 640;
const QUALITY: u32 = 75;
const HITS: usize = 200;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut source: Option<PathBuf> = None;
    let mut runs = 6usize;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--source" => source = args.next().map(PathBuf::from),
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(runs),
            other => anyhow::bail!("unknown argument {other}; use --source <jpeg> --runs <n>"),
        }
    }
    let (bytes, name) = match &source {
        Some(path) => (std::fs::read(path)?, path.display().to_string()),
        None => (
            drawn_photo(1600, 1200),
            "a drawn 1600x1200 photo".to_owned(),
        ),
    };
    let limits = ImageLimits::default();
    let original = codec::decode(&bytes, &limits)?;
    println!(
        "  source: {name}, {}x{}, {} KB",
        original.width,
        original.height,
        bytes.len() / 1024
    );
    for format in [Format::Avif, Format::Webp, Format::Jpeg] {
        let cpu_before = cpu_seconds();
        let wall = Instant::now();
        let mut out = Vec::new();
        for _ in 0..runs {
            let pixels = codec::resize(codec::decode(&bytes, &limits)?, WIDTH)?;
            out = codec::encode(&pixels, format, QUALITY)?;
        }
        let cpu = (cpu_seconds() - cpu_before).max(1e-9);
        let wall = wall.elapsed().as_secs_f64();
        println!(
            "  {:<4} {WIDTH} px q{QUALITY}: {:.1} resizes/s per core ({:.0} ms CPU, {:.0} ms wall each), {} KB = {:.1} % of the source",
            format.name(),
            runs as f64 / cpu,
            cpu * 1000.0 / runs as f64,
            wall * 1000.0 / runs as f64,
            out.len() / 1024,
            out.len() as f64 * 100.0 / bytes.len() as f64,
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(cache_hits(bytes))
}

/// Median and p95 of `HITS` sequential requests for one cached variant over loopback.
async fn cache_hits(photo: Vec<u8>) -> anyhow::Result<()> {
    let work = tempfile::tempdir()?;
    let dist = work.path().join("dist");
    std::fs::create_dir_all(dist.join("_media"))?;
    std::fs::write(dist.join("_media/photo.jpg"), &photo)?;
    // The repository's sample dealers (the bench runs from its root).
    let tenants = edge_api::config::load_tenants(std::path::Path::new("dealers"))?;
    let slug = tenants
        .slugs()
        .first()
        .map(|s| s.to_string())
        .unwrap_or_default();
    let store = RedbStore::open(&work.path().join("store.redb"))?;
    let mut state = AppState::new(Arc::new(store), tenants);
    state.dist = Some(dist);
    state.runtime = edge_api::Runtime::Local { dev_mode: false };
    state.images = Arc::new(ImageService::new(None, Some(work.path().join("images"))));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let router =
        edge_api::server::local_app(state).into_make_service_with_connect_info::<SocketAddr>();
    let server = tokio::spawn(async move { axum::serve(listener, router).await });
    let client = reqwest::Client::new();
    let url = format!("http://{addr}/img/w_{WIDTH},q_{QUALITY}/site/media/photo.jpg");
    for (accept, format) in [
        ("image/avif,image/webp,*/*", "avif"),
        ("image/webp,*/*", "webp"),
    ] {
        let get = || {
            client
                .get(&url)
                .header("host", format!("{slug}.localhost:{}", addr.port()))
                .header("accept", accept)
                .send()
        };
        let first = Instant::now();
        let made = get().await?.bytes().await?;
        let miss = first.elapsed().as_secs_f64() * 1000.0;
        let mut times = Vec::with_capacity(HITS);
        for _ in 0..HITS {
            let start = Instant::now();
            let body = get().await?.bytes().await?;
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            anyhow::ensure!(body == made, "a cache hit must return the stored variant");
        }
        times.sort_by(f64::total_cmp);
        println!(
            "  {format} over loopback HTTP: first request (miss) {miss:.0} ms; cache hit median {:.2} ms, p95 {:.2} ms ({HITS} requests)",
            times[HITS / 2],
            times[HITS * 95 / 100],
        );
    }
    server.abort();
    Ok(())
}

/// The process's user and system CPU time, seconds (Linux `/proc/self/stat`, 100 ticks/s).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// Smooth gradients with two scales of grain: compresses like a photograph, not a drawing.
fn drawn_photo(width: u32, height: u32) -> Vec<u8> {
    let mut seed = 0x2545_f491_u32;
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let fine = (seed % 24) as f32 - 12.0;
        let coarse = (((x / 37) * 31 + (y / 29) * 17) % 40) as f32 - 20.0;
        let (u, v) = (x as f32 / width as f32, y as f32 / height as f32);
        let channel = |base: f32| (base + coarse + fine).clamp(0.0, 255.0) as u8;
        image::Rgb([
            channel(90.0 + 120.0 * u),
            channel(110.0 + 90.0 * (1.0 - v)),
            channel(140.0 + 80.0 * v * u),
        ])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(&image)
        .unwrap_or_default();
    out
}
