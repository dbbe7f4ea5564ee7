//! A path's folder and name, as std gives them, without splitting every path into
//! components: several are asked of every file a batch reads and writes.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// `path.parent()`, spelled as std spells it.
pub fn parent_of(path: &Path) -> Option<&Path> {
    match split_last(path) {
        Some((folder, _)) => Some(folder),
        None => path.parent(),
    }
}

/// The last part of `path`'s name, as `Path::file_name` gives it.
pub fn name_of(path: &Path) -> Option<&OsStr> {
    match split_last(path) {
        Some((_, name)) => Some(name),
        None => path.file_name(),
    }
}

/// `path.parent()` and `path.file_name()` from one look at its bytes, for a path
/// spelled as this program joins them: `folder/name`. Several are asked of every file a
/// batch writes, and std splits the whole path into components for each. `None` for
/// any other spelling (a separator or `.` at either end of the cut, `..` last, no
/// folder), which std answers instead.
#[cfg(unix)]
fn split_last(path: &Path) -> Option<(&Path, &OsStr)> {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    let cut = bytes.iter().rposition(|b| *b == b'/')?;
    let (folder, name) = (bytes.get(..cut)?, bytes.get(cut + 1..)?);
    let plain_name = !(name.is_empty() || name == b"." || name == b"..");
    let plain_folder = !(folder.is_empty() || folder.ends_with(b"/") || folder.ends_with(b"."));
    (plain_name && plain_folder).then(|| {
        (
            Path::new(OsStr::from_bytes(folder)),
            OsStr::from_bytes(name),
        )
    })
}

#[cfg(not(unix))]
fn split_last(_path: &Path) -> Option<(&Path, &OsStr)> {
    None
}

/// What lies below `folder` in `path`, as `path.strip_prefix(folder)` gives it. A path
/// this program joined is spelled `folder/rest`, which its bytes answer; std matches
/// component by component, which for a folder several levels deep costs more than the
/// rest of placing a file. Any other spelling is left to std.
pub fn below<'p>(path: &'p Path, folder: &Path) -> Option<&'p Path> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        let base = folder.as_os_str().as_bytes();
        let rest = bytes
            .strip_prefix(base)
            .and_then(|rest| rest.strip_prefix(b"/"));
        if let Some(rest) = rest {
            let base_names = base.strip_prefix(b"/").unwrap_or(base);
            if plain_names(base_names) && plain_names(rest) {
                return Some(Path::new(OsStr::from_bytes(rest)));
            }
        }
    }
    path.strip_prefix(folder).ok()
}

/// Whether `bytes` is names joined by single separators, none of them `.`: a spelling
/// std splits at every separator and keeps whole.
#[cfg(unix)]
fn plain_names(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes
            .split(|b| *b == b'/')
            .all(|name| !(name.is_empty() || name == b"."))
}

/// `folder` with each of `names` pushed onto it, as `PathBuf::push` would push them,
/// where `names` is plain names (none empty, none holding a separator) joined by `/`.
/// Such a path is the folder, a separator unless it ends with one or is empty, and the
/// names as they are: one copy, where each push looks at the path and the part again.
/// Two are joined for every file a batch writes.
#[cfg(unix)]
pub fn with_names(folder: &Path, names: &str) -> PathBuf {
    let folder = folder.as_os_str();
    let mut path = OsString::with_capacity(folder.len() + 1 + names.len());
    path.push(folder);
    if !(folder.is_empty() || folder.as_encoded_bytes().ends_with(b"/")) {
        path.push("/");
    }
    path.push(names);
    PathBuf::from(path)
}

#[cfg(not(unix))]
pub fn with_names(folder: &Path, names: &str) -> PathBuf {
    let mut path = folder.to_path_buf();
    for name in names.split('/') {
        path.push(name);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path of up to `most` parts from a few awkward ones, each part after a
    /// separator (callers try each also without its leading one).
    fn spellings(most: usize) -> Vec<String> {
        let parts = ["a", "bc", ".", "..", "", "d.", ".e"];
        let mut spellings = vec![String::new()];
        for _ in 0..most {
            let longer: Vec<String> = spellings
                .iter()
                .flat_map(|path| parts.iter().map(move |part| format!("{path}/{part}")))
                .collect();
            spellings.extend(longer);
        }
        spellings
    }

    #[test]
    fn a_path_is_split_as_std_splits_it() {
        // Where the quick split answers, it answers as std does.
        let mut answered = 0;
        for spelling in &spellings(4) {
            for path in [spelling.as_str(), spelling.trim_start_matches('/')] {
                let path = Path::new(path);
                if let Some((folder, name)) = split_last(path) {
                    answered += 1;
                    // As spelled, not only as compared by components.
                    assert_eq!(
                        Some(folder.as_os_str()),
                        path.parent().map(Path::as_os_str),
                        "{path:?}"
                    );
                    assert_eq!(Some(name), path.file_name(), "{path:?}");
                }
                assert_eq!(name_of(path), path.file_name(), "{path:?}");
            }
        }
        assert!(answered > 1000, "{answered}");
    }

    #[test]
    fn what_lies_below_a_folder_is_found_as_std_finds_it() {
        let spellings = spellings(3);
        let mut quick = 0;
        for path in &spellings {
            for path in [path.as_str(), path.trim_start_matches('/')] {
                for folder in &spellings {
                    for folder in [folder.as_str(), folder.trim_start_matches('/')] {
                        let (path, folder) = (Path::new(path), Path::new(folder));
                        let expected = path.strip_prefix(folder).ok();
                        // As spelled, not only as compared by components.
                        assert_eq!(
                            below(path, folder).map(Path::as_os_str),
                            expected.map(Path::as_os_str),
                            "{path:?} below {folder:?}"
                        );
                        let bytes = path.as_os_str().as_encoded_bytes();
                        let base = folder.as_os_str().as_encoded_bytes();
                        quick +=
                            usize::from(expected.is_some() && bytes.get(base.len()) == Some(&b'/'));
                    }
                }
            }
        }
        assert!(quick > 1000, "{quick}");
    }

    #[test]
    fn names_are_added_as_std_pushes_them() {
        for folder in &spellings(3) {
            for folder in [folder.as_str(), folder.trim_start_matches('/')] {
                for names in ["x", "x.json", "sk/plugin.json", ".x/y/z.yaml", "..x"] {
                    let mut pushed = PathBuf::from(folder);
                    for name in names.split('/') {
                        pushed.push(name);
                    }
                    // As spelled, not only as compared by components.
                    assert_eq!(
                        with_names(Path::new(folder), names).as_os_str(),
                        pushed.as_os_str(),
                        "{folder:?} {names:?}"
                    );
                }
            }
        }
    }
}
