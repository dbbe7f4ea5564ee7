//! The exit codes of `toolshift`: part of its contract (`docs/cli.md`).

/// A file's report matched `--deny`; it was not written.
pub const EXIT_DENIED: u8 = 1;
/// An input could not be read or converted, or the command was wrong.
pub const EXIT_ERROR: u8 = 2;
/// 128 + SIGINT, as shells report a process the signal ended.
pub const EXIT_INTERRUPTED: u8 = 130;
