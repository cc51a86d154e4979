//! `forecourt serve`: the dealer's preview of `dist/`.
//!
//! Each site answers at `http://<slug>.localhost:<port>` (or at one of its configured
//! domains when the Host header names it): clean URLs, `404.html` for a missing page,
//! `/media/*` from `dist/_media`. A watcher polls the dealers folder and the feed every
//! second, rebuilds on a change and tells open pages to reload through the Server-Sent
//! Events endpoint `/__forecourt/livereload`; a `<script src>` of the small script that
//! listens (served here, at `/__forecourt/livereload.js`, so a page's strict CSP with no
//! inline scripts lets it run) is injected into HTML responses here, never into the
//! built files.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use domain::site_files;
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast;
use walkdir::WalkDir;

use crate::pipeline::{build, BuildOptions, Progress};
use crate::publish::content_type;

/// The live-reload endpoint.
pub const LIVERELOAD_PATH: &str = "/__forecourt/livereload";
/// Where serve answers with [`LIVERELOAD_JS`].
pub const LIVERELOAD_JS_PATH: &str = "/__forecourt/livereload.js";
/// The script that reloads the page when the events endpoint says a rebuild finished.
pub const LIVERELOAD_JS: &str =
    "new EventSource(\"/__forecourt/livereload\").addEventListener(\"reload\",function(){location.reload()});\n";
/// The element serve injects before `</body>` of every HTML response: an external
/// script, never an inline one.
pub const LIVERELOAD_SCRIPT: &str = "<script src=\"/__forecourt/livereload.js\"></script>";

/// What the preview server shares between requests.
#[derive(Clone)]
pub struct ServeState {
    /// The built sites (`dist`).
    pub out: PathBuf,
    /// Configured domain -> dealer slug, for hosts other than `<slug>.localhost`.
    pub domains: Arc<RwLock<HashMap<String, String>>>,
    /// Fires after each successful rebuild.
    pub reload: broadcast::Sender<()>,
}

impl ServeState {
    /// A state serving `out`, with no domains known.
    pub fn new(out: impl Into<PathBuf>) -> ServeState {
        let (reload, _) = broadcast::channel(16);
        ServeState {
            out: out.into(),
            domains: Arc::new(RwLock::new(HashMap::new())),
            reload,
        }
    }
}

/// The dealer slug a Host header names: `<slug>.localhost[:port]`, or a configured domain.
pub fn slug_for_host(host: &str, domains: &HashMap<String, String>) -> Option<String> {
    let name = domain::hosts::host_name(host);
    match domain::hosts::local_slug(&name) {
        Some(slug) => Some(slug.to_string()),
        None => domains.get(&name).cloned(),
    }
}

/// The file that answers a request path (as sent, `%XX` escaped) in `site`: the rules of
/// [`domain::site_files`], as the API's local site serving follows them. `None` for a
/// missing file or a path that is not to be served (dotfiles, `..`, overlong names).
pub fn resolve(site: &Path, path: &str) -> Option<PathBuf> {
    let target = site.join(site_files::relative_file(path)?);
    target.is_file().then_some(target)
}

/// The preview router.
pub fn app(state: ServeState) -> Router {
    Router::new()
        .route(LIVERELOAD_PATH, get(livereload))
        .route(LIVERELOAD_JS_PATH, get(livereload_js))
        .fallback(get(page))
        .with_state(state)
}

async fn livereload_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        LIVERELOAD_JS,
    )
        .into_response()
}

async fn livereload(
    State(state): State<ServeState>,
) -> Sse<impl Stream<Item = Result<Event, std::convert::Infallible>>> {
    let rx = state.reload.subscribe();
    let events = stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(()) => return Some((Ok(Event::default().event("reload").data("reload")), rx)),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(events).keep_alive(KeepAlive::default())
}

async fn page(State(state): State<ServeState>, headers: HeaderMap, uri: Uri) -> Response {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let path = uri.path();
    if let Some(media) = path.strip_prefix(site_files::MEDIA_URL_PREFIX) {
        return match resolve(&state.out.join(site_files::MEDIA_DIR), media) {
            Some(file) => file_response(&file, StatusCode::OK).await,
            None => (StatusCode::NOT_FOUND, format!("no media file {path}")).into_response(),
        };
    }
    let slug = state
        .domains
        .read()
        .ok()
        .and_then(|d| slug_for_host(host, &d));
    let site = slug
        .as_ref()
        .map(|s| state.out.join(s))
        .filter(|dir| dir.join("index.html").is_file());
    let Some(site) = site else {
        return no_site(&state.out, host);
    };
    match resolve(&site, path) {
        Some(file) => file_response(&file, StatusCode::OK).await,
        None => {
            let not_found = site.join(site_files::NOT_FOUND_PAGE);
            if not_found.is_file() {
                file_response(&not_found, StatusCode::NOT_FOUND).await
            } else {
                (StatusCode::NOT_FOUND, "not found").into_response()
            }
        }
    }
}

/// A help page for a host that names no built site: the sites there are, as links.
fn no_site(out: &Path, host: &str) -> Response {
    let port = host
        .rsplit_once(':')
        .map(|(_, p)| format!(":{p}"))
        .unwrap_or_default();
    let mut sites: Vec<String> = std::fs::read_dir(out)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| {
                    !n.starts_with('.')
                        && !n.starts_with('_')
                        && out.join(n).join("index.html").is_file()
                })
                .collect()
        })
        .unwrap_or_default();
    sites.sort();
    let links: String = sites
        .iter()
        .map(|s| {
            format!("<li><a href=\"http://{s}.localhost{port}/\">{s}.localhost{port}</a></li>")
        })
        .collect();
    let host = host.replace('&', "&amp;").replace('<', "&lt;");
    let body = format!(
        "<!doctype html><html lang=\"en-AU\"><meta charset=\"utf-8\"><title>No site here</title><h1>No dealer site for host \"{host}\"</h1><p>Built sites in {}:</p><ul>{links}</ul></html>",
        out.display()
    );
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

async fn file_response(file: &Path, status: StatusCode) -> Response {
    let bytes = match tokio::fs::read(file).await {
        Ok(bytes) => bytes,
        Err(e) => {
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot read {}: {e}", file.display()),
            )
                .into_response()
        }
    };
    let name = file.to_string_lossy();
    let kind = content_type(&name);
    let body = if kind.starts_with("text/html") {
        let html = String::from_utf8_lossy(&bytes);
        match html.rfind("</body>") {
            Some(at) => Body::from(format!("{}{LIVERELOAD_SCRIPT}{}", &html[..at], &html[at..])),
            None => Body::from(format!("{html}{LIVERELOAD_SCRIPT}")),
        }
    } else {
        Body::from(bytes)
    };
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, kind)
        .header(header::CACHE_CONTROL, "no-cache")
        .body(body)
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

/// What `forecourt serve` does.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Listen address.
    pub addr: SocketAddr,
    /// The build to run first and again on every change; `None` serves `out` as it is.
    pub build: Option<BuildOptions>,
    /// The built sites.
    pub out: PathBuf,
}

/// A fingerprint of the files a rebuild depends on: newest mtime and file count of the
/// dealers folder, the feed and the feed's media folder.
fn fingerprint(opts: &BuildOptions) -> (Option<SystemTime>, usize) {
    let media = opts.feed.parent().unwrap_or(Path::new(".")).join("media");
    let mut newest = None;
    let mut count = 0;
    for root in [
        opts.dealers_dir.as_path(),
        opts.feed.as_path(),
        media.as_path(),
    ] {
        for entry in WalkDir::new(root).into_iter().filter_map(Result::ok) {
            count += 1;
            if let Some(modified) = entry.metadata().ok().and_then(|m| m.modified().ok()) {
                if newest.is_none_or(|n| modified > n) {
                    newest = Some(modified);
                }
            }
        }
    }
    (newest, count)
}

fn domain_map(dealers_dir: &Path) -> HashMap<String, String> {
    domain::config::load_dealers(dealers_dir)
        .map(|dealers| {
            dealers
                .iter()
                .flat_map(|d| {
                    d.config
                        .domains
                        .iter()
                        .map(|domain| (domain.to_ascii_lowercase(), d.config.slug.clone()))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn rebuild(opts: &BuildOptions, state: &ServeState) {
    let mut opts = opts.clone();
    opts.now = chrono::Utc::now();
    let progress = Progress::auto();
    match build(&opts, &progress) {
        Ok(report) => {
            eprint!("{report}");
            if let Ok(mut domains) = state.domains.write() {
                *domains = domain_map(&opts.dealers_dir);
            }
            if report
                .dealers
                .iter()
                .any(|d| d.status == crate::pipeline::DealerStatus::Published)
            {
                let _ = state.reload.send(());
            }
        }
        Err(e) => eprintln!("error: {e}"),
    }
}

/// Builds (unless `opts.build` is `None`), then serves until interrupted, rebuilding and
/// reloading open pages when the dealers folder or the feed changes.
pub fn serve(opts: ServeOptions) -> Result<(), String> {
    let state = ServeState::new(&opts.out);
    if let Some(build_opts) = &opts.build {
        if let Ok(mut domains) = state.domains.write() {
            *domains = domain_map(&build_opts.dealers_dir);
        }
        rebuild(build_opts, &state);
        let build_opts = build_opts.clone();
        let watch_state = state.clone();
        std::thread::Builder::new()
            .name("forecourt-watch".to_string())
            .spawn(move || {
                let mut last = fingerprint(&build_opts);
                loop {
                    std::thread::sleep(Duration::from_secs(1));
                    let now = fingerprint(&build_opts);
                    if now != last {
                        eprintln!("change detected, rebuilding");
                        rebuild(&build_opts, &watch_state);
                        last = fingerprint(&build_opts);
                    }
                }
            })
            .map_err(|e| format!("cannot start the file watcher: {e}"))?;
    }
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(opts.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", opts.addr))?;
        let port = listener
            .local_addr()
            .map(|a| a.port())
            .unwrap_or(opts.addr.port());
        eprintln!(
            "serving {} at http://<slug>.localhost:{port}/ (Ctrl-C to stop)",
            opts.out.display()
        );
        axum::serve(listener, app(state))
            .await
            .map_err(|e| format!("server error: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_map_to_slugs() {
        let mut domains = HashMap::new();
        domains.insert("www.acme.com.au".to_string(), "acme".to_string());
        assert_eq!(
            slug_for_host("acme.localhost:8080", &domains).as_deref(),
            Some("acme")
        );
        assert_eq!(
            slug_for_host("Acme.LocalHost", &domains).as_deref(),
            Some("acme")
        );
        assert_eq!(
            slug_for_host("www.acme.com.au", &domains).as_deref(),
            Some("acme")
        );
        assert_eq!(slug_for_host("127.0.0.1:8080", &domains), None);
    }

    #[tokio::test]
    async fn pages_load_the_livereload_script_from_a_file_never_inline() {
        let dir = tempfile::tempdir().expect("tempdir");
        let page = dir.path().join("index.html");
        std::fs::write(&page, "<!doctype html><html><body><p>Hi</p></body></html>").expect("write");
        let response = file_response(&page, StatusCode::OK).await;
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("body");
        let html = String::from_utf8(body.to_vec()).expect("utf-8");
        assert!(
            html.ends_with(
                "<p>Hi</p><script src=\"/__forecourt/livereload.js\"></script></body></html>"
            ),
            "{html}"
        );
        assert!(
            !html.contains("<script>"),
            "an inline script would be refused by the page's CSP: {html}"
        );

        let script = livereload_js().await;
        assert_eq!(
            script.headers()[header::CONTENT_TYPE],
            "text/javascript; charset=utf-8"
        );
        let body = axum::body::to_bytes(script.into_body(), usize::MAX)
            .await
            .expect("body");
        assert_eq!(body, LIVERELOAD_JS.as_bytes());
        assert!(LIVERELOAD_JS.contains(LIVERELOAD_PATH));
    }

    #[test]
    fn paths_cannot_leave_the_site() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("cars/a")).expect("mkdir");
        std::fs::write(dir.path().join("cars/a/index.html"), "a").expect("write");
        std::fs::write(dir.path().join("robots.txt"), "r").expect("write");
        assert_eq!(
            resolve(dir.path(), "/cars/a"),
            Some(dir.path().join("cars/a/index.html"))
        );
        assert_eq!(
            resolve(dir.path(), "/cars/a/"),
            Some(dir.path().join("cars/a/index.html"))
        );
        assert_eq!(
            resolve(dir.path(), "/robots.txt"),
            Some(dir.path().join("robots.txt"))
        );
        assert_eq!(resolve(dir.path(), "/../etc/passwd"), None);
        assert_eq!(resolve(dir.path(), "/.forecourt/manifest.json"), None);
        assert_eq!(resolve(dir.path(), "/cars/b"), None);
    }
}
