//! toolshift as a library: the registry of dialects, conversion of documents in memory,
//! and the batch engine behind the `toolshift` command.
//!
//! The binary (`src/main.rs`) only parses its arguments and calls `run`.

#![warn(missing_docs)]

pub mod api;
mod batch;
pub mod batch_report;
mod chunks;
mod collisions;
// clap makes a doc comment the `--help` text, which `docs/cli.md` and the manual
// page fix; the flags are documented there.
#[allow(missing_docs)]
pub mod cli;
mod commands;
pub mod exit_code;
mod html;
mod input;
pub mod input_file;
mod interrupt;
mod matrix;
mod output;
mod paths;
mod progress;
pub mod registry;
mod report;
mod request;
mod review;
mod sarif;
mod schemas;
#[cfg(target_os = "linux")]
mod unnamed;
mod validate;
pub mod view;
mod walk;
mod written;

pub use commands::run;
pub use matrix::probe_text;
