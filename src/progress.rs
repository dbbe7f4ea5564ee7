//! A progress bar for long batches, only where a person watches: stderr is a terminal,
//! the report is not JSON, and the batch is large enough to wait for.

use crate::cli::{ConvertArgs, ReportFormat};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// Below this many files a batch finishes before a bar is worth drawing.
const MIN_FILES: usize = 300;

pub fn bar(args: &ConvertArgs, files: usize) -> ProgressBar {
    let watched =
        std::io::stderr().is_terminal() && files >= MIN_FILES && args.report != ReportFormat::Json;
    if !watched {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
        bar.set_style(style);
    }
    bar
}
