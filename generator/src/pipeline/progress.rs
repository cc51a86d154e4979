//! Operator output: indicatif progress bars on a terminal, plain lines otherwise (not a
//! TTY, or `CI=true`), nothing in tests.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Bars,
    Plain,
    Quiet,
}

/// Where the build reports what it is doing.
#[derive(Debug, Clone)]
pub struct Progress {
    mode: Mode,
    multi: MultiProgress,
}

impl Progress {
    /// Bars when stderr is a terminal and `CI` is not `true`, plain lines otherwise.
    pub fn auto() -> Progress {
        let ci = std::env::var("CI")
            .map(|v| v.eq_ignore_ascii_case("true") || v == "1")
            .unwrap_or(false);
        if std::io::stderr().is_terminal() && !ci {
            Progress::with_mode(Mode::Bars)
        } else {
            Progress::plain()
        }
    }

    /// One plain line per event on stderr.
    pub fn plain() -> Progress {
        Progress::with_mode(Mode::Plain)
    }

    /// No output at all (tests).
    pub fn quiet() -> Progress {
        Progress::with_mode(Mode::Quiet)
    }

    fn with_mode(mode: Mode) -> Progress {
        let target = if mode == Mode::Bars {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        Progress {
            mode,
            multi: MultiProgress::with_draw_target(target),
        }
    }

    /// A message line (printed above the bars when bars are shown).
    pub fn line(&self, message: &str) {
        match self.mode {
            Mode::Bars => {
                let _ = self.multi.println(message);
            }
            Mode::Plain => eprintln!("{message}"),
            Mode::Quiet => {}
        }
    }

    /// A bar of `len` steps labelled `label` (e.g. "acme-motors render").
    pub fn bar(&self, label: &str, len: u64) -> Bar {
        let bar = match self.mode {
            Mode::Bars => {
                let bar = self.multi.add(ProgressBar::new(len));
                let style = ProgressStyle::with_template(
                    "{prefix:>32.bold} [{bar:30.cyan/blue}] {pos}/{len} {msg} ({elapsed})",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
                bar.set_style(style);
                bar.set_prefix(label.to_string());
                bar.enable_steady_tick(Duration::from_millis(200));
                Some(bar)
            }
            Mode::Plain | Mode::Quiet => None,
        };
        Bar {
            bar,
            label: label.to_string(),
            len,
            plain: self.mode == Mode::Plain,
        }
    }
}

/// One phase's progress.
#[derive(Debug)]
pub struct Bar {
    bar: Option<ProgressBar>,
    label: String,
    len: u64,
    plain: bool,
}

impl Bar {
    /// One step done.
    pub fn inc(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// `steps` more than the bar was made with: work found along the way.
    pub fn grow(&self, steps: u64) {
        if let Some(bar) = &self.bar {
            bar.inc_length(steps);
        }
    }

    /// The phase ended; `summary` says how (plain mode prints it as one line).
    pub fn finish(&self, summary: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position(bar.length().unwrap_or(self.len));
            bar.finish_with_message(summary.to_string());
        } else if self.plain {
            eprintln!("{}: {summary}", self.label);
        }
    }
}
