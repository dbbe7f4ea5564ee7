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

/// Called as each item starts being written. In debug builds (what `cargo test` runs),
/// `TOOLSHIFT_TEST_INTERRUPT_AFTER=N` acts as Ctrl-C once N items have started, so the
/// interruption tests stop a batch at a point they choose instead of racing a signal
/// against the clock. Release builds have no such hook.
pub fn item_starts() {
    #[cfg(debug_assertions)]
    {
        use std::sync::atomic::AtomicUsize;
        use std::sync::OnceLock;
        static AFTER: OnceLock<Option<usize>> = OnceLock::new();
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let after = AFTER.get_or_init(|| {
            std::env::var("TOOLSHIFT_TEST_INTERRUPT_AFTER")
                .ok()
                .and_then(|count| count.parse().ok())
        });
        if let Some(after) = *after {
            if STARTED.fetch_add(1, Ordering::SeqCst) >= after {
                REQUESTED.store(true, Ordering::SeqCst);
            }
        }
    }
}
