//! The files a run put in place, so that `--force` never replaces one of them. On a
//! file system that ignores case (macOS, Windows), `foo.json` found there may be the
//! `Foo.json` this run wrote a moment ago: both spellings name one file. Where the
//! system gives each file an identity (device and inode on Unix), that tells, hard links
//! included; Windows gives stable Rust none, so there a file is known by its path with
//! case folded as NTFS folds it. Kept only under `--force`, since without it a file
//! found there is refused anyway.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;

/// How a written file is recognised when it is found again: its device and inode, or
/// where there are none, a 128-bit hash of its folded path (16 bytes a file either way,
/// for a million-file run).
type Key = (u64, u64);

/// Each file this run put in place (under `--force`).
#[derive(Debug)]
pub struct WrittenFiles {
    keys: Mutex<HashSet<Key>>,
    key: fn(&Path) -> Option<Key>,
}

impl Default for WrittenFiles {
    fn default() -> Self {
        WrittenFiles {
            keys: Mutex::default(),
            key: platform_key,
        }
    }
}

impl WrittenFiles {
    /// Remembers the file now at `path` as one this run wrote.
    pub fn record(&self, path: &Path) {
        if let (Some(key), Ok(mut keys)) = ((self.key)(path), self.keys.lock()) {
            keys.insert(key);
        }
    }

    /// Why the file at one of `paths`, found there, may not be replaced: this run wrote
    /// it, under a name that differs only by case.
    pub fn refusal<'a>(&self, mut paths: impl Iterator<Item = &'a Path>) -> Option<String> {
        let keys = self.keys.lock().ok()?;
        if keys.is_empty() {
            return None;
        }
        let path = paths.find(|path| (self.key)(path).is_some_and(|key| keys.contains(&key)))?;
        Some(format!(
            "{}: this run already wrote this file under a name that differs only by case \
             (the file system ignores case); replacing it would lose that output. Give the \
             two tools names that differ otherwise",
            path.display()
        ))
    }
}

#[cfg(unix)]
fn platform_key(path: &Path) -> Option<Key> {
    use std::os::unix::fs::MetadataExt;
    let metadata = std::fs::symlink_metadata(path).ok()?;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn platform_key(path: &Path) -> Option<Key> {
    folded_path(path)
}

/// NTFS compares names by upper-casing each character, so two paths it takes for one
/// file fold to one string here. Upper-casing folds a few more pairs than NTFS does
/// (`ß` and `SS`): such a pair is refused, never replaced, as is the rare pair whose
/// hashes collide. The whole path is folded, as a folder's name may differ by case too
/// (`Greet/` and `greet/`).
#[cfg_attr(unix, allow(dead_code))]
fn folded_path(path: &Path) -> Option<Key> {
    use std::hash::{Hash, Hasher};
    let folded = path.to_string_lossy().to_uppercase();
    let hash = |seed: u8| {
        let mut hasher = std::hash::DefaultHasher::new();
        seed.hash(&mut hasher);
        folded.hash(&mut hasher);
        hasher.finish()
    };
    Some((hash(0), hash(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How Windows runs tell the files apart, tried on any system: by path alone.
    fn by_path() -> WrittenFiles {
        WrittenFiles {
            key: folded_path,
            ..WrittenFiles::default()
        }
    }

    #[test]
    fn where_files_have_no_identity_a_path_differing_only_by_case_is_refused() {
        let written = by_path();
        let refused = |path: &str| written.refusal([Path::new(path)].into_iter());
        assert_eq!(refused("out/Foo.json"), None, "nothing written yet");
        written.record(Path::new("out/Greet/plugin.json"));
        written.record(Path::new("out/Foo.json"));
        for same in ["out/foo.json", "OUT/FOO.JSON", "out/greet/plugin.json"] {
            let error = refused(same).unwrap_or_default();
            assert!(error.contains("differs only by case"), "{same}: {error}");
        }
        // `ſ` (long s) is `S` upper-cased, as NTFS's table has it.
        written.record(Path::new("out/ſkill.json"));
        assert!(refused("out/skill.json").is_some());
        for other in ["out/bar.json", "out/Foo.yaml", "out/Greet/handler.js"] {
            assert_eq!(refused(other), None, "{other}");
        }
    }
}
