//! Ctrl-C ends a batch between files, never in the middle of one: a write in progress
//! finishes or is rolled back, and no temporary file is left behind.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Catches SIGINT (and SIGTERM) for the rest of the run. If the handler cannot be set
/// the default behaviour stays, which may leave a temporary file.
pub fn install() {
    let _ = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst));
}

pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
