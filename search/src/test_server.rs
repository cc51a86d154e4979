//! A real Meilisearch for tests (feature `test-server`): the search conformance suite and
//! the edge API's search tests run their cases against it as well as the embedded index.
//!
//! [`RealMeilisearch::from_env`] finds the server the environment names:
//! - `MEILISEARCH_URL` (and `MEILISEARCH_KEY`): a server someone else runs;
//! - `MEILISEARCH_BIN`: a `meilisearch` binary (`.ci/run` unpacks
//!   `../shared/tools/meilisearch.gz` and sets it): the test starts its own server on a
//!   free loopback port with a fresh database, and stops it when the value is dropped;
//! - neither: it prints one line saying the real-server run was skipped, and the test
//!   returns without running its cases.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a started server may take to answer `/health` (a cold start on a busy CI
/// machine takes a few seconds; the database is empty).
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// A Meilisearch server a test can index into and search.
pub struct RealMeilisearch {
    url: String,
    key: Option<String>,
    /// The server this test started, stopped on drop; `None` for `MEILISEARCH_URL`.
    started: Option<Started>,
}

struct Started {
    child: Child,
    /// Holds the database and the server's log until the server is stopped.
    _dir: tempfile::TempDir,
}

impl RealMeilisearch {
    /// The server the environment names, or `None` (after printing that `test` skipped
    /// its real-server run). Panics when `MEILISEARCH_BIN` is set but the server does not
    /// start: a configured real-server run must not pass silently.
    pub fn from_env(test: &str) -> Option<RealMeilisearch> {
        if let Ok(url) = std::env::var("MEILISEARCH_URL") {
            return Some(RealMeilisearch {
                url,
                key: std::env::var("MEILISEARCH_KEY").ok(),
                started: None,
            });
        }
        match std::env::var_os("MEILISEARCH_BIN") {
            Some(bin) => Some(RealMeilisearch::start(Path::new(&bin))),
            None => {
                println!(
                    "{test}: real Meilisearch run skipped (set MEILISEARCH_BIN to a meilisearch binary, or MEILISEARCH_URL)"
                );
                None
            }
        }
    }

    /// Starts `bin` on a free 127.0.0.1 port with a fresh database and waits until it is
    /// healthy. Panics, with the server's log, when it does not come up.
    pub fn start(bin: &Path) -> RealMeilisearch {
        let dir = tempfile::tempdir().expect("temp dir for Meilisearch");
        let log_path = dir.path().join("meilisearch.log");
        let log = std::fs::File::create(&log_path).expect("Meilisearch log file");
        let port = free_port();
        // Unique per server, long enough for Meilisearch's 16-byte minimum.
        let key = format!(
            "forecourt-test-{}-{port}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or_default()
        );
        let child = Command::new(bin)
            .arg("--db-path")
            .arg(dir.path().join("db"))
            .args(["--http-addr", &format!("127.0.0.1:{port}")])
            .args(["--master-key", &key])
            .args(["--env", "development", "--no-analytics"])
            // Polite on a shared 2-core machine; the fixtures are a handful of documents.
            .args(["--max-indexing-threads", "1"])
            .args(["--max-indexing-memory", "256MiB"])
            .args(["--log-level", "WARN"])
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log handle"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start Meilisearch at {}: {e}", bin.display()));
        let mut server = RealMeilisearch {
            url: format!("http://127.0.0.1:{port}"),
            key: Some(key),
            started: Some(Started { child, _dir: dir }),
        };
        server.wait_until_healthy(port, &log_path);
        server
    }

    fn wait_until_healthy(&mut self, port: u16, log: &Path) {
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            if healthy(port) {
                return;
            }
            let exited = self
                .started
                .as_mut()
                .and_then(|s| s.child.try_wait().ok().flatten());
            if exited.is_some() || Instant::now() > deadline {
                let why = match exited {
                    Some(status) => format!("exited with {status}"),
                    None => format!("not healthy after {}s", START_TIMEOUT.as_secs()),
                };
                panic!(
                    "Meilisearch on port {port} {why}; its log:\n{}",
                    std::fs::read_to_string(log).unwrap_or_default()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The server's base URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The key to index and search with (the master key of a started server).
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }
}

impl Drop for RealMeilisearch {
    fn drop(&mut self) {
        if let Some(started) = &mut self.started {
            // Already exited is fine; either way reap it so no process outlives the test.
            let _already_gone = started.child.kill();
            let _status = started.child.wait();
        }
    }
}

/// A port nothing listens on now (the OS picks it; the server binds it right after).
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    listener.local_addr().expect("local address").port()
}

/// Whether `GET /health` answers 200 (plain HTTP/1.1 over a socket: no client needed).
fn healthy(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let request =
        format!("GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).is_ok() && head.starts_with(b"HTTP/1.1 200")
}
