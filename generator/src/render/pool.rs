//! The pool of long-lived Node SSR workers (docs/contracts.md, "Generator <-> SSR worker
//! protocol").
//!
//! Each worker is one `node frontend/build/server/worker.js` process that loads the SSR
//! bundle once and answers newline-delimited JSON requests. One manager thread per worker
//! owns the process: it keeps up to [`PoolOptions::in_flight`] requests outstanding so
//! Node never waits for Rust, and it restarts the worker when it exits, closes a pipe or
//! stops answering. The pages that were outstanding on a crashed worker are retried once,
//! each alone on the fresh worker, so an innocent page that merely shared the worker with
//! the page that crashed it is not blamed; a page whose retry crashes the worker again
//! fails with the worker's last stderr lines (the JavaScript error).

use std::collections::{HashMap, VecDeque};
use std::ffi::OsString;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use serde::Deserialize;

/// The largest markup a worker may answer with (a page is well under 1 MiB); a header
/// claiming more is not a protocol answer.
const MAX_ANSWER_BYTES: usize = 64 << 20;

/// How many stderr lines of a crashed worker are kept for the error message.
const STDERR_TAIL_LINES: usize = 40;

/// The command line of one SSR worker.
#[derive(Debug, Clone)]
pub struct WorkerCommand {
    /// The program, normally `node`.
    pub program: OsString,
    /// Its arguments, normally the worker script.
    pub args: Vec<OsString>,
    /// Extra environment variables.
    pub env: Vec<(OsString, OsString)>,
    /// Working directory; the current one when `None`.
    pub cwd: Option<PathBuf>,
}

impl WorkerCommand {
    /// `node <script>` with `NODE_ENV=production`, as docs/contracts.md prescribes, and a
    /// young generation of 64 MiB: a page's render makes short-lived garbage by the
    /// megabyte, and with V8's default 16 MiB semi-spaces a worker spent 6.4 % of its time
    /// collecting it (4.7 % with 64).
    pub fn node(script: &Path) -> WorkerCommand {
        WorkerCommand {
            program: OsString::from("node"),
            args: vec![
                OsString::from("--max-semi-space-size=64"),
                script.as_os_str().to_os_string(),
            ],
            env: vec![(OsString::from("NODE_ENV"), OsString::from("production"))],
            cwd: None,
        }
    }

    fn describe(&self) -> String {
        let mut parts = vec![self.program.to_string_lossy().into_owned()];
        parts.extend(self.args.iter().map(|a| a.to_string_lossy().into_owned()));
        parts.join(" ")
    }

    fn spawn(&self) -> std::io::Result<Child> {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(cwd) = &self.cwd {
            cmd.current_dir(cwd);
        }
        cmd.spawn()
    }
}

/// Sizing of the pool.
#[derive(Debug, Clone, Copy)]
pub struct PoolOptions {
    /// Number of worker processes.
    pub workers: usize,
    /// Requests kept outstanding per worker to hide the pipe latency.
    pub in_flight: usize,
    /// How long a worker may take to answer one request before it is treated as crashed.
    pub timeout: Duration,
    /// Pages an on-demand pool gives each worker before it starts another: a worker's
    /// start and JIT warm-up cost more CPU than a second worker saves on a few pages, on
    /// a machine whose other cores are making and writing pages meanwhile.
    pub pages_per_worker: usize,
}

impl PoolOptions {
    /// `workers` processes with 4 requests in flight each, a 60 second answer timeout and,
    /// started on demand, a worker for every 2000 pages.
    pub fn new(workers: usize) -> PoolOptions {
        PoolOptions {
            workers: workers.max(1),
            in_flight: 4,
            timeout: Duration::from_secs(60),
            pages_per_worker: 2000,
        }
    }
}

/// A page that could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderError {
    /// The label the caller gave the job (the dealer and page path).
    pub page: String,
    /// What went wrong: the JavaScript error text, or the crash and the worker's stderr.
    pub message: String,
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.page, self.message)
    }
}

impl std::error::Error for RenderError {}

/// The pool could not start.
#[derive(Debug, Clone)]
pub struct StartError(String);

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

/// One render request handed to the pool.
#[derive(Debug, Clone)]
pub struct RenderJob {
    /// A label for error messages, e.g. "acme-motors /cars/abc".
    pub label: String,
    /// The page kind (`vehicle`, `search`, ...).
    pub kind: String,
    /// The props, already serialized as one line of JSON.
    pub props_json: String,
}

struct Job {
    job: RenderJob,
    attempts: u8,
    reply: Sender<Result<String, RenderError>>,
}

/// The shared job queue: a blocking pop waits on the condvar without holding the lock,
/// so a manager with pages in flight can always take more work.
#[derive(Default)]
struct JobQueue {
    state: Mutex<(VecDeque<Job>, bool)>,
    ready: Condvar,
}

impl JobQueue {
    fn push(&self, job: Job) -> Result<(), Job> {
        let Ok(mut state) = self.state.lock() else {
            return Err(job);
        };
        if state.1 {
            return Err(job);
        }
        state.0.push_back(job);
        self.ready.notify_one();
        Ok(())
    }

    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.1 = true;
        }
        self.ready.notify_all();
    }

    fn pop(&self, block: bool) -> Next {
        let Ok(mut state) = self.state.lock() else {
            return Next::Closed;
        };
        loop {
            if let Some(job) = state.0.pop_front() {
                return Next::Job(job);
            }
            if state.1 {
                return Next::Closed;
            }
            if !block {
                return Next::Empty;
            }
            state = match self.ready.wait(state) {
                Ok(state) => state,
                Err(_) => return Next::Closed,
            };
        }
    }
}

/// Counters a test or the summary can read.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PoolStats {
    /// Worker processes started, restarts included.
    pub spawned: usize,
    /// Worker processes that crashed or stopped answering.
    pub crashes: usize,
}

/// A pool of SSR workers; dropping it closes the workers' stdin and waits for them.
pub struct Pool {
    queue: Arc<JobQueue>,
    command: WorkerCommand,
    options: PoolOptions,
    /// One manager thread per worker started so far.
    managers: Mutex<Vec<JoinHandle<()>>>,
    /// Jobs submitted so far: how many workers an on-demand pool runs follows from it.
    submitted: AtomicUsize,
    /// Why the first worker could not be started, once that happened.
    start_error: Mutex<Option<StartError>>,
    stats: Arc<Mutex<PoolStats>>,
}

impl Pool {
    /// Starts `options.workers` workers running `command`. Fails when the program cannot
    /// be started at all (for example Node is not installed).
    pub fn start(command: WorkerCommand, options: PoolOptions) -> Result<Pool, StartError> {
        let pool = Pool::on_demand(command, options);
        pool.grow(options.workers.max(1))?;
        Ok(pool)
    }

    /// A pool that starts no worker until it is given a page, then one more for every
    /// [`PoolOptions::pages_per_worker`] pages given so far, up to `options.workers`:
    /// each worker loads the whole SSR bundle and warms up its JIT, which a build with
    /// nothing or little to render would pay for nothing.
    pub fn on_demand(command: WorkerCommand, options: PoolOptions) -> Pool {
        Pool {
            queue: Arc::new(JobQueue::default()),
            command,
            options,
            managers: Mutex::new(Vec::new()),
            submitted: AtomicUsize::new(0),
            start_error: Mutex::new(None),
            stats: Arc::new(Mutex::new(PoolStats::default())),
        }
    }

    /// Starts the first worker now, if none runs yet, so it loads the bundle while pages
    /// are still being made. Fails when the program cannot be started at all.
    pub fn warm(&self) -> Result<(), StartError> {
        self.grow(1)
    }

    /// Runs at least `workers` workers (at most `options.workers`). An error only when no
    /// worker runs: with one running, the others' jobs wait for it instead.
    fn grow(&self, workers: usize) -> Result<(), StartError> {
        let workers = workers.min(self.options.workers.max(1));
        let Ok(mut managers) = self.managers.lock() else {
            return Err(StartError("the SSR worker pool is broken".to_string()));
        };
        // A program that could not start once is not tried again for every page.
        if managers.is_empty() {
            if let Some(e) = self.start_error.lock().ok().and_then(|e| e.clone()) {
                return Err(e);
            }
        }
        while managers.len() < workers {
            let index = managers.len();
            match self.start_manager(index) {
                Ok(handle) => managers.push(handle),
                Err(e) if managers.is_empty() => {
                    if let Ok(mut first) = self.start_error.lock() {
                        first.get_or_insert_with(|| e.clone());
                    }
                    return Err(e);
                }
                Err(_) => break,
            }
        }
        Ok(())
    }

    fn start_manager(&self, index: usize) -> Result<JoinHandle<()>, StartError> {
        let command = &self.command;
        let worker = Worker::spawn(command, index, &self.stats).map_err(|e| {
            StartError(format!(
                "could not start the SSR worker `{}`: {e}",
                command.describe()
            ))
        })?;
        let manager = Manager {
            command: command.clone(),
            options: self.options,
            index,
            jobs: Arc::clone(&self.queue),
            stats: Arc::clone(&self.stats),
            worker: Some(worker),
            next_id: 0,
            in_flight: HashMap::new(),
            retries: VecDeque::new(),
        };
        thread::Builder::new()
            .name(format!("ssr-worker-{index}"))
            .spawn(move || manager.run())
            .map_err(|e| StartError(format!("could not start a pool thread: {e}")))
    }

    /// Queues one job; the answer arrives on the returned receiver.
    pub fn submit(&self, job: RenderJob) -> Receiver<Result<String, RenderError>> {
        let (reply, answer) = mpsc::channel();
        let label = job.label.clone();
        let submitted = self.submitted.fetch_add(1, Ordering::Relaxed);
        let wanted = 1 + submitted / self.options.pages_per_worker.max(1);
        if let Err(e) = self.grow(wanted) {
            let _ = reply.send(Err(RenderError {
                page: label,
                message: e.to_string(),
            }));
            return answer;
        }
        if self
            .queue
            .push(Job {
                job,
                attempts: 0,
                reply: reply.clone(),
            })
            .is_err()
        {
            let _ = reply.send(Err(RenderError {
                page: label,
                message: "the SSR worker pool has shut down".to_string(),
            }));
        }
        answer
    }

    /// Renders every job, calling `done` as each finishes, and returns the results in
    /// the order of `jobs`.
    pub fn render_all(
        &self,
        jobs: Vec<RenderJob>,
        done: impl Fn(&Result<String, RenderError>),
    ) -> Vec<Result<String, RenderError>> {
        let answers: Vec<_> = jobs
            .into_iter()
            .map(|job| (job.label.clone(), self.submit(job)))
            .collect();
        answers
            .into_iter()
            .map(|(label, answer)| {
                let result = answer.recv().unwrap_or_else(|_| {
                    Err(RenderError {
                        page: label,
                        message: "the SSR worker pool stopped before answering".to_string(),
                    })
                });
                done(&result);
                result
            })
            .collect()
    }

    /// Workers started and crashed so far.
    pub fn stats(&self) -> PoolStats {
        self.stats.lock().map(|s| *s).unwrap_or_default()
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing the queue lets each manager finish its work, close stdin and reap its worker.
        self.queue.close();
        let managers = match self.managers.get_mut() {
            Ok(managers) => std::mem::take(managers),
            Err(poisoned) => std::mem::take(poisoned.into_inner()),
        };
        for handle in managers {
            let _ = handle.join();
        }
    }
}

/// What the stdout reader thread reports.
enum Event {
    /// One answer, parsed.
    Answer(Response),
    /// Output that is not a protocol answer (the text, for the error message).
    Garbage(String),
    Closed,
}

/// One answer of a worker: a JSON line `{"id", "html"}` or `{"id", "error"}`, or a header
/// line `{"id", "bytes": N}` followed by N bytes of markup (docs/contracts.md).
#[derive(Deserialize)]
struct Response {
    id: serde_json::Value,
    #[serde(default)]
    html: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    bytes: Option<usize>,
}

/// Reads one answer from a worker's stdout; `None` at the end of the stream.
fn read_answer(reader: &mut impl BufRead, line: &mut String) -> Option<Event> {
    loop {
        line.clear();
        match reader.read_line(line) {
            Ok(0) | Err(_) => return None,
            Ok(_) if line.trim().is_empty() => continue,
            Ok(_) => break,
        }
    }
    let mut response: Response = match serde_json::from_str(line.trim_end()) {
        Ok(r) => r,
        Err(e) => {
            return Some(Event::Garbage(format!(
                "({e}): {}",
                truncate(line.trim_end(), 200)
            )))
        }
    };
    if let Some(bytes) = response.bytes.take() {
        if bytes > MAX_ANSWER_BYTES {
            return Some(Event::Garbage(format!(
                "(answer {} claims {bytes} bytes of markup)",
                response.id
            )));
        }
        let mut body = Vec::with_capacity(bytes);
        // A stream that ends before the markup does is a worker that exited.
        match reader.take(bytes as u64).read_to_end(&mut body) {
            Ok(n) if n == bytes => {}
            _ => return None,
        }
        match String::from_utf8(body) {
            Ok(html) => response.html = Some(html),
            Err(e) => {
                return Some(Event::Garbage(format!(
                    "(the markup of answer {} is not UTF-8: {e})",
                    response.id
                )))
            }
        }
    }
    Some(Event::Answer(response))
}

struct Worker {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    readers: Vec<JoinHandle<()>>,
}

impl Worker {
    fn spawn(
        command: &WorkerCommand,
        index: usize,
        stats: &Mutex<PoolStats>,
    ) -> std::io::Result<Worker> {
        let mut child = command.spawn()?;
        if let Ok(mut s) = stats.lock() {
            s.spawned += 1;
        }
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("worker stdout was not piped"))?;
        let stderr_pipe = child
            .stderr
            .take()
            .ok_or_else(|| std::io::Error::other("worker stderr was not piped"))?;
        let (tx, events) = mpsc::channel();
        let out_reader = thread::Builder::new()
            .name(format!("ssr-worker-{index}-stdout"))
            .spawn(move || {
                let mut reader = BufReader::with_capacity(1 << 16, stdout);
                let mut line = String::new();
                while let Some(event) = read_answer(&mut reader, &mut line) {
                    if tx.send(event).is_err() {
                        return;
                    }
                }
                let _ = tx.send(Event::Closed);
            })?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let err_reader = thread::Builder::new()
            .name(format!("ssr-worker-{index}-stderr"))
            .spawn(move || {
                let mut reader = BufReader::new(stderr_pipe);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.by_ref().read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                            if let Ok(mut tail) = tail.lock() {
                                if tail.len() == STDERR_TAIL_LINES {
                                    tail.pop_front();
                                }
                                tail.push_back(line);
                            }
                        }
                    }
                }
            })?;
        Ok(Worker {
            child,
            stdin,
            events,
            stderr,
            readers: vec![out_reader, err_reader],
        })
    }

    /// Writes one request line (ending in a newline) in one go.
    fn send(&mut self, line: &str) -> std::io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::other("worker stdin is closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.flush()
    }

    /// Kills the process (if still running) and returns what it wrote to stderr last.
    fn kill(mut self) -> String {
        self.stdin.take();
        let _ = self.child.kill();
        let status = self.child.wait().ok();
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
        let tail = self
            .stderr
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join("\n"))
            .unwrap_or_default();
        let status = status
            .map(|s| s.to_string())
            .unwrap_or_else(|| "unknown status".to_string());
        if tail.trim().is_empty() {
            format!("(exit: {status}; nothing on stderr)")
        } else {
            format!("(exit: {status})\n{tail}")
        }
    }

    /// Closes stdin so the worker exits on its own, then reaps it.
    fn finish(mut self) {
        self.stdin.take();
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) if std::time::Instant::now() >= deadline => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break;
                }
                Ok(None) => thread::sleep(Duration::from_millis(10)),
            }
        }
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
    }
}

struct Manager {
    command: WorkerCommand,
    options: PoolOptions,
    index: usize,
    jobs: Arc<JobQueue>,
    stats: Arc<Mutex<PoolStats>>,
    worker: Option<Worker>,
    next_id: u64,
    in_flight: HashMap<u64, Job>,
    /// Jobs that were outstanding on a crashed worker; each is retried alone.
    retries: VecDeque<Job>,
}

enum Next {
    Job(Job),
    Empty,
    Closed,
}

impl Manager {
    fn run(mut self) {
        let mut closed = false;
        loop {
            // A retry runs alone so a crash is attributed to exactly one page.
            let isolated = self.in_flight.values().any(|j| j.attempts > 0);
            if !isolated {
                if let Some(job) = self.retries.pop_front() {
                    if self.in_flight.is_empty() {
                        self.dispatch(job);
                        continue;
                    }
                    self.retries.push_front(job);
                } else if !closed {
                    while self.in_flight.len() < self.options.in_flight {
                        match self.next_job(self.in_flight.is_empty()) {
                            Next::Job(job) => self.dispatch(job),
                            Next::Empty => break,
                            Next::Closed => {
                                closed = true;
                                break;
                            }
                        }
                        if self.in_flight.is_empty() {
                            // The job failed to send (crash handled); pick up retries first.
                            break;
                        }
                    }
                }
            }
            if self.in_flight.is_empty() {
                if self.retries.is_empty() && closed {
                    break;
                }
                continue;
            }
            self.await_one();
        }
        if let Some(worker) = self.worker.take() {
            worker.finish();
        }
    }

    fn next_job(&self, block: bool) -> Next {
        self.jobs.pop(block)
    }

    fn dispatch(&mut self, job: Job) {
        if self.worker.is_none() && !self.restart() {
            let message = format!(
                "the SSR worker could not be restarted (`{}`)",
                self.command.describe()
            );
            let _ = job.reply.send(Err(RenderError {
                page: job.job.label.clone(),
                message,
            }));
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        let line = format!(
            "{{\"id\":{id},\"kind\":{},\"props\":{}}}\n",
            serde_json::Value::String(job.job.kind.clone()),
            job.job.props_json
        );
        self.in_flight.insert(id, job);
        let sent = self.worker.as_mut().map(|w| w.send(&line));
        if !matches!(sent, Some(Ok(()))) {
            let reason = match sent {
                Some(Err(e)) => format!("writing to the worker failed ({e})"),
                _ => "the worker is gone".to_string(),
            };
            self.crashed(&reason);
        }
    }

    fn await_one(&mut self) {
        let Some(worker) = self.worker.as_ref() else {
            self.crashed("the worker is gone");
            return;
        };
        match worker.events.recv_timeout(self.options.timeout) {
            Ok(Event::Answer(response)) => self.answer(response),
            Ok(Event::Garbage(text)) => self.crashed(&format!(
                "the worker wrote output that is not a protocol answer {text}"
            )),
            Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.crashed("the worker exited")
            }
            Err(RecvTimeoutError::Timeout) => {
                let reason = format!(
                    "the worker did not answer within {} seconds",
                    self.options.timeout.as_secs()
                );
                self.crashed(&reason)
            }
        }
    }

    fn answer(&mut self, response: Response) {
        let Some(id) = response.id.as_u64() else {
            let reason = format!(
                "the worker answered without a request id: {}",
                response.error.unwrap_or_default()
            );
            self.crashed(&reason);
            return;
        };
        let Some(job) = self.in_flight.remove(&id) else {
            return;
        };
        let result = match (response.html, response.error) {
            (_, Some(error)) => Err(RenderError {
                page: job.job.label.clone(),
                message: format!("the page threw in React SSR:\n{error}"),
            }),
            (Some(html), None) => Ok(html),
            (None, None) => Err(RenderError {
                page: job.job.label.clone(),
                message: "the worker answered with neither html nor error".to_string(),
            }),
        };
        let _ = job.reply.send(result);
    }

    /// The worker died: restart it, retry each outstanding page once, fail the rest.
    fn crashed(&mut self, reason: &str) {
        if let Ok(mut s) = self.stats.lock() {
            s.crashes += 1;
        }
        let stderr = self.worker.take().map(Worker::kill).unwrap_or_default();
        let mut outstanding: Vec<(u64, Job)> = self.in_flight.drain().collect();
        outstanding.sort_by_key(|(id, _)| *id);
        for (_, mut job) in outstanding {
            job.attempts += 1;
            if job.attempts >= 2 {
                let message =
                    format!("the SSR worker crashed twice rendering this page: {reason} {stderr}");
                let _ = job.reply.send(Err(RenderError {
                    page: job.job.label.clone(),
                    message,
                }));
            } else {
                self.retries.push_back(job);
            }
        }
        self.restart();
    }

    fn restart(&mut self) -> bool {
        match Worker::spawn(&self.command, self.index, &self.stats) {
            Ok(worker) => {
                self.worker = Some(worker);
                true
            }
            Err(_) => false,
        }
    }
}

fn truncate(s: &str, max: usize) -> &str {
    match s.char_indices().nth(max) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(stream: &[u8]) -> Vec<Result<(String, Option<String>), String>> {
        let mut reader = std::io::Cursor::new(stream.to_vec());
        let mut line = String::new();
        let mut out = Vec::new();
        while let Some(event) = read_answer(&mut reader, &mut line) {
            out.push(match event {
                Event::Answer(r) => Ok((r.id.to_string(), r.html.or(r.error))),
                Event::Garbage(text) => Err(text),
                Event::Closed => Err("closed".to_string()),
            });
        }
        out
    }

    #[test]
    fn answers_are_framed_markup_or_json_lines() {
        let markup = "<p title=\"a\">Café\n✓</p>";
        let stream = format!("{{\"id\":1,\"bytes\":{}}}\n{markup}\n{{\"id\":2,\"error\":\"boom\"}}\n{{\"id\":3,\"html\":\"<b>x</b>\"}}\n", markup.len());
        let got = answers(stream.as_bytes());
        assert_eq!(
            got,
            vec![
                Ok(("1".to_string(), Some(markup.to_string()))),
                Ok(("2".to_string(), Some("boom".to_string()))),
                Ok(("3".to_string(), Some("<b>x</b>".to_string()))),
            ]
        );
    }

    #[test]
    fn a_bad_frame_is_not_an_answer() {
        assert!(
            matches!(answers(b"not json\n").as_slice(), [Err(text)] if text.contains("not json"))
        );
        let huge = format!("{{\"id\":1,\"bytes\":{}}}\n", MAX_ANSWER_BYTES + 1);
        assert!(
            matches!(answers(huge.as_bytes()).as_slice(), [Err(text)] if text.contains("claims"))
        );
        assert_eq!(
            answers(b"{\"id\":1,\"bytes\":10}\n<p>").len(),
            0,
            "markup cut short ends the stream"
        );
        assert!(
            matches!(answers(b"{\"id\":1,\"bytes\":2}\n\xff\xfe").as_slice(), [Err(text)] if text.contains("UTF-8"))
        );
    }
}
