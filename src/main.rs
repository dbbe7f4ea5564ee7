//! toolshift: convert AI-agent tool manifests between dialects and report every loss.

// glibc's malloc and free were over a third of a batch's user time (many small strings
// per document, under two threads); mimalloc cuts a batch by about a sixth. Its v2 line
// without transparent huge pages keeps peak memory under the 50 MB goal at 100,000
// files (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::Parser;

fn main() -> std::process::ExitCode {
    toolshift::run(toolshift::cli::Cli::parse())
}
