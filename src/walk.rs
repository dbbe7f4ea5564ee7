//! Turning the INPUTs into the list of manifests to convert: files as given, and
//! folders walked for every manifest they hold.
//!
//! Folders come from strangers, so the walk trusts nothing in them: it never follows a
//! symbolic link, skips hidden entries, and reports what it passed over and why.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One manifest to convert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// A file, a skill folder, or `-`. Boxed, and the folder shared, since a batch
    /// keeps one item per manifest for its whole run.
    pub path: Box<Path>,
    /// Where its outputs go below the output folder, mirroring the input layout: the
    /// folder it sat in, relative to the folder that was walked. Empty for a named input.
    pub relative_dir: Arc<Path>,
    /// Found by walking a folder (so a file that is no manifest is skipped, not failed).
    pub walked: bool,
}

/// An entry the walk passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub reason: String,
}

#[derive(Debug, Default)]
pub struct Walk {
    pub items: Vec<Item>,
    pub skipped: Vec<Skipped>,
}

/// Files whose extension a manifest may have.
const MANIFEST_EXTENSIONS: &[&str] = &["json", "jsonc", "json5", "yaml", "yml"];

/// The folder a manifest of a skill is found in.
pub const SKILL_MANIFEST: &str = "plugin.json";

pub fn expand(inputs: &[PathBuf]) -> Walk {
    let mut walk = Walk::default();
    for input in inputs {
        let is_folder = input.as_os_str() != "-"
            && std::fs::symlink_metadata(input).is_ok_and(|m| m.is_dir())
            && !input.join(SKILL_MANIFEST).is_file();
        if is_folder {
            let root = input.canonicalize().unwrap_or_else(|_| input.clone());
            walk_folder(input, &root, Path::new(""), &mut walk);
        } else {
            walk.items.push(Item {
                path: input.clone().into_boxed_path(),
                relative_dir: Arc::from(Path::new("")),
                walked: false,
            });
        }
    }
    walk
}

fn walk_folder(folder: &Path, root: &Path, relative: &Path, walk: &mut Walk) {
    let shared: Arc<Path> = Arc::from(relative);
    // The entry's type comes with the listing (d_type): no system call per entry, except
    // on the few file systems that leave it out, where std asks for it.
    let mut entries: Vec<(PathBuf, std::fs::FileType)> = match std::fs::read_dir(folder) {
        Ok(entries) => entries
            .flatten()
            .filter_map(|e| e.file_type().ok().map(|kind| (e.path(), kind)))
            .collect(),
        Err(error) => {
            walk.skipped.push(Skipped {
                path: folder.to_path_buf(),
                reason: format!("cannot read the folder: {error}"),
            });
            return;
        }
    };
    // Sorted, so the batch and its report come out in the same order on every machine.
    entries.sort_by(|(a, _), (b, _)| a.cmp(b));
    for (path, kind) in entries {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') {
            continue;
        }
        if kind.is_symlink() {
            walk.skipped.push(Skipped {
                reason: link_reason(&path, root),
                path,
            });
            continue;
        }
        if kind.is_dir() {
            if path.join(SKILL_MANIFEST).is_file() {
                walk.items.push(Item {
                    path: path.into_boxed_path(),
                    relative_dir: Arc::clone(&shared),
                    walked: true,
                });
            } else {
                walk_folder(&path, root, &relative.join(&name), walk);
            }
            continue;
        }
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        if kind.is_file() && MANIFEST_EXTENSIONS.contains(&extension.as_str()) {
            walk.items.push(Item {
                path: path.into_boxed_path(),
                relative_dir: Arc::clone(&shared),
                walked: true,
            });
        } else {
            walk.skipped.push(Skipped {
                path,
                reason: "not a manifest (no .json, .jsonc, .yaml or .yml name)".to_owned(),
            });
        }
    }
}

/// Why a link was not followed: one leading out of the input is never followed, and
/// one inside it would give the same file twice.
fn link_reason(path: &Path, root: &Path) -> String {
    match path.canonicalize() {
        Ok(target) if target.starts_with(root) => format!(
            "a symbolic link to {} inside the input, which is converted from its own path",
            target.display()
        ),
        Ok(target) => format!(
            "a symbolic link to {} outside the input; links out of an input are never followed",
            target.display()
        ),
        Err(_) => "a symbolic link that is broken or loops; it is never followed".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn folders_are_walked_in_order_and_hidden_entries_skipped() {
        let root = std::env::temp_dir().join(format!("toolshift-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("b/skill")).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::write(root.join("b/skill/plugin.json"), "{}").unwrap();
        std::fs::write(root.join("b/skill/handler.js"), "").unwrap();
        std::fs::write(root.join("a.yaml"), "").unwrap();
        std::fs::write(root.join("a.py"), "").unwrap();
        std::fs::write(root.join(".hidden.json"), "").unwrap();
        std::fs::write(root.join(".git/config.json"), "").unwrap();
        let walk = expand(std::slice::from_ref(&root));
        let items: Vec<(String, String)> = walk
            .items
            .iter()
            .map(|i| {
                (
                    i.path.strip_prefix(&root).unwrap().display().to_string(),
                    i.relative_dir.display().to_string(),
                )
            })
            .collect();
        assert_eq!(
            items,
            vec![
                ("a.yaml".to_owned(), String::new()),
                ("b/skill".to_owned(), "b".to_owned())
            ]
        );
        assert_eq!(walk.skipped.len(), 1);
        assert!(walk.skipped[0].path.ends_with("a.py"));
        let _ = std::fs::remove_dir_all(&root);
    }
}
