//! A progress bar for long batches, only where a person watches: stderr is a terminal,
//! the report is not JSON, and the batch is large enough to wait for.

use crate::cli::{ConvertArgs, ReportFormat};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// Below this many files a batch finishes before a bar is worth drawing.
const MIN_FILES: usize = 300;

/// `count` walks the inputs a second time, so it is asked only where a bar may be drawn.
pub fn bar(args: &ConvertArgs, count: impl FnOnce() -> usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() || args.report == ReportFormat::Json {
        return ProgressBar::hidden();
    }
    let files = count();
    if files < MIN_FILES {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
        bar.set_style(style);
    }
    bar
}
