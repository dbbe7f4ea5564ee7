//! The files a run put in place, known by identity, so that `--force` never replaces
//! one of them. On a file system that ignores case (macOS, Windows), `foo.json` found
//! there may be the `Foo.json` this run wrote a moment ago: both spellings name one
//! file, so paths cannot tell, but the file's device and inode can. Kept only under
//! `--force`, since without it a file found there is refused anyway.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;

/// Device and inode of each file this run put in place (under `--force`).
#[derive(Debug, Default)]
pub struct WrittenFiles(Mutex<HashSet<(u64, u64)>>);

impl WrittenFiles {
    /// Remembers the file now at `path` as one this run wrote.
    pub fn record(&self, path: &Path) {
        if let (Some(id), Ok(mut written)) = (identity(path), self.0.lock()) {
            written.insert(id);
        }
    }

    /// Why the file at one of `paths`, found there, may not be replaced: this run wrote
    /// it, under a name that differs only by case.
    pub fn refusal<'a>(&self, mut paths: impl Iterator<Item = &'a Path>) -> Option<String> {
        let written = self.0.lock().ok()?;
        if written.is_empty() {
            return None;
        }
        let path = paths.find(|path| identity(path).is_some_and(|id| written.contains(&id)))?;
        Some(format!(
            "{}: this run already wrote this file under a name that differs only by case \
             (the file system ignores case); replacing it would lose that output. Give the \
             two tools names that differ otherwise",
            path.display()
        ))
    }
}

#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let metadata = std::fs::symlink_metadata(path).ok()?;
    Some((metadata.dev(), metadata.ino()))
}

/// Windows gives no stable file identity to stable Rust: not covered there.
#[cfg(not(unix))]
fn identity(_: &Path) -> Option<(u64, u64)> {
    None
}
