//! The local server itself (`forecourt-api`'s `serve_listener` and `local_app`): a
//! header-read timeout for half-sent requests, and compressed text.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use edge_api::policy::Policy;
use edge_api::server::{local_app, serve_listener};
use reqwest::StatusCode;
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::support::{state, tenants};

/// The local server on a loopback port, as `forecourt-api` serves.
struct LocalServer {
    addr: SocketAddr,
    _dir: TempDir,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        self.server.abort();
    }
}

async fn spawn_local(header_read_timeout: Duration) -> LocalServer {
    let (state, _clock, dir) = state(tenants(None), Policy::default());
    spawn_router(local_app(state), header_read_timeout, dir).await
}

async fn spawn_router(
    router: axum::Router,
    header_read_timeout: Duration,
    dir: TempDir,
) -> LocalServer {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let server = tokio::spawn(serve_listener(
        listener,
        router,
        header_read_timeout,
        std::future::pending(),
    ));
    LocalServer {
        addr,
        _dir: dir,
        server,
    }
}

/// Reads until the server closes the connection; the bytes read.
async fn read_to_close(stream: &mut TcpStream) -> Vec<u8> {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return all,
            Ok(n) => all.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn a_half_sent_request_is_closed_after_the_header_read_timeout() {
    let timeout = Duration::from_millis(300);
    let server = spawn_local(timeout).await;

    let mut whole = TcpStream::connect(server.addr).await.expect("connect");
    whole
        .write_all(b"GET / HTTP/1.1\r\nHost: alpha.localhost\r\nConnection: close\r\n\r\n")
        .await
        .expect("write");
    let answer = String::from_utf8_lossy(&read_to_close(&mut whole).await).into_owned();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("Alpha home"), "{answer}");

    let mut half = TcpStream::connect(server.addr).await.expect("connect");
    half.write_all(b"GET / HTTP/1.1\r\nHost: alpha.lo")
        .await
        .expect("write");
    let started = Instant::now();
    let closed = tokio::time::timeout(Duration::from_secs(5), read_to_close(&mut half)).await;
    assert!(
        closed.is_ok(),
        "the half-sent request was still open after 5 s"
    );
    let waited = started.elapsed();
    assert!(
        waited >= timeout - Duration::from_millis(50),
        "closed after {waited:?}, before the timeout"
    );

    // A connection that sends nothing at all is closed too.
    let mut silent = TcpStream::connect(server.addr).await.expect("connect");
    let closed = tokio::time::timeout(Duration::from_secs(5), read_to_close(&mut silent)).await;
    assert!(
        closed.is_ok(),
        "a silent connection was still open after 5 s"
    );
}

#[tokio::test]
async fn text_is_compressed_as_the_client_accepts_and_images_are_not() {
    let server = spawn_local(Duration::from_secs(10)).await;
    let client = reqwest::Client::new();
    let get = |path: &str, accept: &str| {
        client
            .get(format!("http://{}{path}", server.addr))
            .header("host", format!("alpha.localhost:{}", server.addr.port()))
            .header("accept-encoding", accept)
            .send()
    };
    let plain = get("/", "identity").await.expect("page");
    assert_eq!(plain.headers().get("content-encoding"), None);
    let plain = plain.bytes().await.expect("body");

    for (accept, encoding) in [("br", "br"), ("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        let page = get("/", accept).await.expect("page");
        assert_eq!(page.status(), StatusCode::OK);
        assert_eq!(
            page.headers()["content-encoding"],
            encoding,
            "Accept-Encoding: {accept}"
        );
        let vary: Vec<String> = page
            .headers()
            .get_all("vary")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .map(str::to_ascii_lowercase)
            .collect();
        let vary = vary.join(", ");
        assert!(vary.contains("accept-encoding"), "{vary}");
        assert_ne!(page.bytes().await.expect("body"), plain, "{encoding} body");
    }
    let media_svg = get("/media/car-1.svg", "br").await.expect("svg");
    assert_eq!(media_svg.headers()["content-encoding"], "br", "SVG is text");

    let image = get("/media/car-2.png", "br, gzip").await.expect("image");
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/png");
    assert_eq!(
        image.headers().get("content-encoding"),
        None,
        "a PNG is compressed already"
    );
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed_after_the_header_read_timeout() {
    let timeout = Duration::from_millis(300);
    let server = spawn_local(timeout).await;
    let mut stream = TcpStream::connect(server.addr).await.expect("connect");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: alpha.localhost\r\n\r\n")
        .await
        .expect("write");
    // The answer comes, then the connection sits idle and is closed.
    let closed = tokio::time::timeout(Duration::from_secs(5), read_to_close(&mut stream)).await;
    let answer =
        String::from_utf8_lossy(&closed.expect("an idle connection was still open after 5 s"))
            .into_owned();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn a_body_that_stalls_or_trickles_is_cut_off() {
    let limits = (Duration::from_millis(1500), Duration::from_millis(400));
    let (state, _clock, dir) = state(tenants(None), Policy::default());
    let router = edge_api::server::local_app_with_body_limits(state, limits.0, limits.1);
    let server = spawn_router(router, Duration::from_secs(10), dir).await;
    let head = b"POST /api/leads HTTP/1.1\r\nHost: alpha.localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{";

    // Stalls after its first byte.
    let mut stalled = TcpStream::connect(server.addr).await.expect("connect");
    stalled.write_all(head).await.expect("write");
    let answer = tokio::time::timeout(Duration::from_secs(5), read_to_close(&mut stalled))
        .await
        .expect("a stalled body was still open after 5 s");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    assert!(answer.starts_with("HTTP/1.1 4"), "{answer}");

    // Trickles a byte every 200 ms: never stalls, but never ends within the deadline.
    let mut trickle = TcpStream::connect(server.addr).await.expect("connect");
    trickle.write_all(head).await.expect("write");
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    let mut answer = Vec::new();
    while started.elapsed() < Duration::from_secs(5) {
        if trickle.write_all(b" ").await.is_err() {
            break;
        }
        match tokio::time::timeout(Duration::from_millis(200), trickle.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => answer.extend_from_slice(&buf[..n]),
            Err(_) => {}
        }
    }
    let answer = String::from_utf8_lossy(&answer).into_owned();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "a trickling body was still read after 5 s"
    );
    assert!(answer.starts_with("HTTP/1.1 4"), "{answer}");
}

#[tokio::test]
async fn a_path_of_several_kilobytes_is_the_sites_404_page() {
    let server = spawn_local(Duration::from_secs(10)).await;
    let client = reqwest::Client::new();
    for path in [
        format!("/{}", vec!["a".repeat(200); 25].join("/")),
        format!("/cars/{}", "b".repeat(5000)),
        format!("/api/{}", "c".repeat(5000)),
    ] {
        let answer = client
            .get(format!("http://{}{path}", server.addr))
            .header("host", "alpha.localhost")
            .send()
            .await
            .expect("answer");
        assert_eq!(answer.status(), StatusCode::NOT_FOUND, "{}", &path[..20]);
    }
}
