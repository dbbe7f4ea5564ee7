//! Turning the INPUTs into the manifests to convert: files as given, and folders
//! walked for every manifest they hold.
//!
//! Folders come from strangers, so the walk trusts nothing in them: it never follows a
//! symbolic link, skips hidden entries, and reports what it passed over and why.
//!
//! One folder is walked lazily, a listing at a time, so a batch holds the folders it is
//! inside, not every file it will convert. Several inputs are walked whole first: their
//! outputs can meet in one folder from anywhere in the list.

#[cfg(target_os = "linux")]
use crate::input_file::probe_in;
pub use crate::input_file::FolderId;
use crate::input_file::{probe, Probed, Unopened};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One manifest to convert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// A file, a skill folder, or `-`.
    pub path: Box<Path>,
    /// Where its outputs go below the output folder, mirroring the input layout: the
    /// folder it sat in, relative to the folder that was walked. Empty for a named input.
    /// Shared by the items of one folder.
    pub relative_dir: Arc<Path>,
    /// Found by walking a folder (so a file that is no manifest is skipped, not failed).
    pub walked: bool,
    /// For a manifest file found by walking, the names in its folder, sorted by their
    /// bytes (`Source::listed`), shared by the folder's items.
    pub listed: Option<Arc<[Box<OsStr>]>>,
    /// A skill folder the walk found: it is read through its manifest, without first
    /// being opened as a file (three system calls a skill).
    pub skill_folder: bool,
    /// For a manifest file or skill folder found by walking, the folder the walk listed
    /// it in, so that it is read from that folder and no other (`input::load_walked`,
    /// `input::load_skill_folder`).
    pub folder: Option<FolderId>,
}

/// A manifest, and whether a batch may be cut after it: whether no output folder has
/// items both before and after it, so that a chunk ending there holds every item two
/// outputs could collide in.
#[derive(Debug)]
pub struct Found {
    pub item: Item,
    pub cut_after: bool,
}

/// An entry the walk passed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub reason: String,
}

/// Files whose extension a manifest may have.
const MANIFEST_EXTENSIONS: &[&str] = &["json", "jsonc", "json5", "yaml", "yml"];

/// How many folders deep a walk goes below an input. Each folder on the way down is
/// held open while it is walked (its subfolders are opened from it), so a hostile tree
/// nested thousands deep would otherwise take every file handle the process may have.
pub const MAX_FOLDER_DEPTH: usize = 64;

/// The folder a manifest of a skill is found in.
pub const SKILL_MANIFEST: &str = "plugin.json";

/// Every manifest the inputs hold, walked to the end (for the rare run whose output
/// folder holds inputs).
pub fn expand(inputs: &[PathBuf]) -> Vec<Item> {
    Walker::new(inputs).map(|found| found.item).collect()
}

/// Whether an input is a folder to walk, rather than a manifest (a skill folder is one).
pub fn is_folder(input: &Path) -> bool {
    input.as_os_str() != "-"
        && std::fs::symlink_metadata(input).is_ok_and(|m| m.is_dir())
        && !is_skill_folder(input)
}

/// Whether a folder is an AnythingLLM skill: one input, read through its manifest.
fn is_skill_folder(folder: &Path) -> bool {
    // Not through a link: a folder whose `plugin.json` is one is walked, and the link
    // skipped and reported like any other.
    matches!(probe(folder, SKILL_MANIFEST), Probed::File(_))
}

/// The inputs' manifests in order: inputs as given, each folder's entries sorted by
/// name, so that a batch and its report come out the same on every machine.
pub struct Walker<'a> {
    inputs: std::iter::Enumerate<std::slice::Iter<'a, PathBuf>>,
    /// For each input, whether it is known to be no folder to walk (probed already:
    /// a file, or a link), so that it is not probed again. Inputs past its end are
    /// probed.
    known_not_folders: Vec<bool>,
    /// The folders the walk is inside, outermost first.
    frames: Vec<Frame>,
    /// The resolved folder input being walked, to tell links inside it from links out.
    root: PathBuf,
    /// With several inputs: every manifest, walked first.
    listed: Option<std::vec::IntoIter<Found>>,
    pub skipped: Vec<Skipped>,
}

/// A folder being walked: its listing, and how many of its manifests are still to come.
struct Frame {
    entries: std::vec::IntoIter<Entry>,
    names: Arc<[Box<OsStr>]>,
    relative: Arc<Path>,
    manifests_left: usize,
    gave_manifest: bool,
    /// The folder, held open while it is walked: its subfolders are opened from it, not
    /// by their paths, so a link put in the place of one since the listing is refused.
    listed: Listed,
}

/// A folder opened for listing, and what it is.
#[cfg(target_os = "linux")]
struct Listed {
    handle: std::fs::File,
    id: FolderId,
}

/// Elsewhere a folder is listed by its path, and nothing is held.
#[cfg(not(target_os = "linux"))]
struct Listed;

/// What an entry of a listing is, as the listing says (`d_type`), without following it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    File,
    Folder,
    Link,
    Other,
}

enum Entry {
    /// A manifest file: an item of this folder.
    Manifest(PathBuf),
    /// A skill folder: an item of this folder, read through its own manifest.
    Skill(PathBuf),
    Folder(PathBuf),
    Link(PathBuf),
    Other(PathBuf),
}

impl<'a> Walker<'a> {
    /// Takes back from `skipped` the files a conversion read beside its manifest (a
    /// TaskWeaver plugin's `.py`): they are part of that manifest, not passed over.
    pub fn read_with(&mut self, companions: &[PathBuf]) {
        if companions.is_empty() {
            return;
        }
        let read: std::collections::BTreeSet<&Path> =
            companions.iter().map(PathBuf::as_path).collect();
        self.skipped
            .retain(|entry| !read.contains(entry.path.as_path()));
    }

    pub fn new(inputs: &'a [PathBuf]) -> Self {
        Self::knowing(inputs, Vec::new())
    }

    /// `new`, for inputs some of which are known to be no folder to walk (`ResolvedInput::
    /// folder_itself`): a command line of thousands of files is probed once to be
    /// resolved, and asking each file again here doubled that.
    pub fn knowing(inputs: &'a [PathBuf], known_not_folders: Vec<bool>) -> Self {
        let mut walker = Self {
            inputs: inputs.iter().enumerate(),
            known_not_folders,
            frames: Vec::new(),
            root: PathBuf::new(),
            listed: None,
            skipped: Vec::new(),
        };
        if inputs.len() > 1 {
            let items: Vec<Item> = walker.by_ref().map(|found| found.item).collect();
            walker.listed = Some(with_cuts(items).into_iter());
        }
        walker
    }

    /// Lists a folder and enters it. Whether each subfolder is a skill is asked now, so
    /// that the frame knows how many of its manifests are still to come. A subfolder is
    /// opened from the folder it was listed in, without following a link.
    fn enter(&mut self, folder: &Path, relative: Arc<Path>) {
        let parent = self.frames.last().map(|frame| &frame.listed);
        let (listed, names) = match read_folder(folder, parent) {
            Ok(listed) => listed,
            Err(unopened) => {
                let reason = match unopened {
                    Unopened::Link => "it was listed as a folder and is now a symbolic link or a file; a link is never followed".to_owned(),
                    Unopened::Io(error) => format!("cannot read the folder: {error}"),
                };
                self.skipped.push(Skipped {
                    path: folder.to_path_buf(),
                    reason,
                });
                return;
            }
        };
        let mut listing: Vec<(PathBuf, Kind)> = names
            .into_iter()
            .map(|(name, kind)| (folder.join(name), kind))
            .collect();
        // Every path shares the folder's prefix, so their bytes order them as their
        // names do, without splitting each path into components at every comparison.
        listing.sort_unstable_by(|(a, _), (b, _)| {
            a.as_os_str()
                .as_encoded_bytes()
                .cmp(b.as_os_str().as_encoded_bytes())
        });
        let names: Arc<[Box<OsStr>]> = listing
            .iter()
            .filter_map(|(path, _)| crate::paths::name_of(path).map(Box::from))
            .collect();
        // A file no dialect claims (a TaskWeaver plugin's `.py` among them) is listed
        // as skipped here; the conversion that reads it as a companion takes it back
        // (`Walker::read_with`), since only the plugin's `code` or `name` says which.
        let entries: Vec<Entry> = listing
            .into_iter()
            .filter(|(path, _)| {
                !crate::paths::name_of(path)
                    .is_some_and(|name| name.as_encoded_bytes().starts_with(b"."))
            })
            .map(|(path, kind)| match kind {
                Kind::Link => Entry::Link(path),
                Kind::Folder if listed.holds_skill(&path) => Entry::Skill(path),
                Kind::Folder => Entry::Folder(path),
                Kind::File if has_manifest_extension(&path) => Entry::Manifest(path),
                Kind::File | Kind::Other => Entry::Other(path),
            })
            .collect();
        let manifests_left = entries
            .iter()
            .filter(|entry| matches!(entry, Entry::Manifest(_) | Entry::Skill(_)))
            .count();
        self.frames.push(Frame {
            entries: entries.into_iter(),
            names,
            relative,
            manifests_left,
            gave_manifest: false,
            listed,
        });
    }

    /// No folder on the way down has given a manifest and still has one to give.
    fn at_cut(&self) -> bool {
        self.frames
            .iter()
            .all(|frame| !frame.gave_manifest || frame.manifests_left == 0)
    }

    fn next_walked(&mut self) -> Option<Found> {
        loop {
            let Some(frame) = self.frames.last_mut() else {
                let (index, input) = self.inputs.next()?;
                let known_not_folder = self.known_not_folders.get(index) == Some(&true);
                if !known_not_folder && is_folder(input) {
                    self.root = input.canonicalize().unwrap_or_else(|_| input.clone());
                    self.enter(input, Arc::from(Path::new("")));
                    continue;
                }
                return Some(Found {
                    item: Item {
                        path: input.clone().into_boxed_path(),
                        relative_dir: Arc::from(Path::new("")),
                        walked: false,
                        listed: None,
                        skill_folder: false,
                        folder: None,
                    },
                    cut_after: true,
                });
            };
            let Some(entry) = frame.entries.next() else {
                self.frames.pop();
                continue;
            };
            let (path, listed, skill_folder) = match entry {
                Entry::Manifest(path) => (path, Some(Arc::clone(&frame.names)), false),
                // A skill folder's companions are in the skill folder, not listed here.
                Entry::Skill(path) => (path, None, true),
                Entry::Folder(path) => {
                    let relative = match path.file_name() {
                        Some(name) => Arc::from(frame.relative.join(name)),
                        None => Arc::clone(&frame.relative),
                    };
                    if self.frames.len() > MAX_FOLDER_DEPTH {
                        self.skipped.push(Skipped {
                            path,
                            reason: format!("nested more than {MAX_FOLDER_DEPTH} folders below the input; no collection of tools is this deep, so it was not walked"),
                        });
                        continue;
                    }
                    self.enter(&path, relative);
                    continue;
                }
                Entry::Link(path) => {
                    self.skipped.push(Skipped {
                        reason: link_reason(&path, &self.root),
                        path,
                    });
                    continue;
                }
                Entry::Other(path) => {
                    self.skipped.push(Skipped {
                        path,
                        reason: "not a manifest (no .json, .jsonc, .yaml or .yml name)".to_owned(),
                    });
                    continue;
                }
            };
            frame.manifests_left = frame.manifests_left.saturating_sub(1);
            frame.gave_manifest = true;
            let item = Item {
                path: path.into_boxed_path(),
                relative_dir: Arc::clone(&frame.relative),
                walked: true,
                listed,
                skill_folder,
                folder: frame.listed.id(),
            };
            return Some(Found {
                item,
                cut_after: self.at_cut(),
            });
        }
    }
}

impl Iterator for Walker<'_> {
    type Item = Found;

    fn next(&mut self) -> Option<Found> {
        match &mut self.listed {
            Some(listed) => listed.next(),
            None => self.next_walked(),
        }
    }
}

/// Marks where a listed batch may be cut: after an item when every output folder
/// with items before it has its last item at or before it.
fn with_cuts(items: Vec<Item>) -> Vec<Found> {
    let mut last: std::collections::BTreeMap<Arc<Path>, usize> = Default::default();
    for (index, item) in items.iter().enumerate() {
        last.insert(Arc::clone(&item.relative_dir), index);
    }
    let mut reach = 0;
    items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            reach = reach.max(last.get(&item.relative_dir).copied().unwrap_or(index));
            Found {
                cut_after: reach == index,
                item,
            }
        })
        .collect()
}

/// Lists a folder: the walked input opened by its path, a subfolder by its name in the
/// folder it was listed in (`parent`), never through a link. The type of each entry
/// comes with the listing (`d_type`): no system call per entry, except on the few file
/// systems that leave it out, where it is asked of the entry, not following a link.
#[cfg(target_os = "linux")]
fn read_folder(
    folder: &Path,
    parent: Option<&Listed>,
) -> Result<(Listed, Vec<(std::ffi::OsString, Kind)>), Unopened> {
    use rustix::fs::{AtFlags, FileType, Mode, OFlags};
    use std::os::unix::ffi::OsStrExt;
    let handle = match (parent, folder.file_name()) {
        (Some(parent), Some(name)) => {
            crate::input_file::open_listed_folder(&parent.handle, name, true)?
        }
        _ => {
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            std::fs::File::from(
                rustix::fs::open(folder, flags, Mode::empty())
                    .map_err(|errno| Unopened::Io(errno.into()))?,
            )
        }
    };
    let id = FolderId::of(&handle.metadata().map_err(Unopened::Io)?);
    // The listing takes a duplicate of the handle, which stays for opening subfolders
    // (`Dir::read_from` would open the folder a second time).
    let duplicate = handle.try_clone().map_err(Unopened::Io)?;
    let mut listing =
        rustix::fs::Dir::new(duplicate).map_err(|errno| Unopened::Io(errno.into()))?;
    let mut names = Vec::new();
    while let Some(entry) = listing.read() {
        let entry = entry.map_err(|errno| Unopened::Io(errno.into()))?;
        let name = entry.file_name();
        if matches!(name.to_bytes(), b"." | b"..") {
            continue;
        }
        let file_type = match entry.file_type() {
            FileType::Unknown => {
                let stat = rustix::fs::statat(&handle, name, AtFlags::SYMLINK_NOFOLLOW)
                    .map_err(|errno| Unopened::Io(errno.into()))?;
                FileType::from_raw_mode(stat.st_mode)
            }
            known => known,
        };
        let kind = match file_type {
            FileType::RegularFile => Kind::File,
            FileType::Directory => Kind::Folder,
            FileType::Symlink => Kind::Link,
            _ => Kind::Other,
        };
        names.push((OsStr::from_bytes(name.to_bytes()).to_os_string(), kind));
    }
    Ok((Listed { handle, id }, names))
}

#[cfg(not(target_os = "linux"))]
fn read_folder(
    folder: &Path,
    _parent: Option<&Listed>,
) -> Result<(Listed, Vec<(std::ffi::OsString, Kind)>), Unopened> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(Unopened::Io)? {
        let entry = entry.map_err(Unopened::Io)?;
        let kind = entry.file_type().map_err(Unopened::Io)?;
        let kind = if kind.is_symlink() {
            Kind::Link
        } else if kind.is_dir() {
            Kind::Folder
        } else if kind.is_file() {
            Kind::File
        } else {
            Kind::Other
        };
        names.push((entry.file_name(), kind));
    }
    Ok((Listed, names))
}

impl Listed {
    /// Whether a subfolder listed in this folder is an AnythingLLM skill, asked of the
    /// held folder by the subfolder's name rather than by its whole path: two names
    /// looked up, not every folder above, which may have been swapped since they were
    /// listed. The subfolder itself may have been too; that only changes how it is
    /// read, since it is then opened without following a link either way.
    #[cfg(target_os = "linux")]
    fn holds_skill(&self, subfolder: &Path) -> bool {
        let Some(name) = subfolder.file_name() else {
            return false;
        };
        // Not through a link, as `is_skill_folder`.
        let manifest = Path::new(name).join(SKILL_MANIFEST);
        matches!(probe_in(&self.handle, &manifest), Probed::File(_))
    }

    #[cfg(not(target_os = "linux"))]
    fn holds_skill(&self, subfolder: &Path) -> bool {
        is_skill_folder(subfolder)
    }

    /// What the folder is, where it is known.
    fn id(&self) -> Option<FolderId> {
        #[cfg(target_os = "linux")]
        return Some(self.id);
        #[cfg(not(target_os = "linux"))]
        return None;
    }
}

fn has_manifest_extension(path: &Path) -> bool {
    path.extension().is_some_and(|extension| {
        MANIFEST_EXTENSIONS
            .iter()
            .any(|known| extension.eq_ignore_ascii_case(known))
    })
}

/// The number of manifests the inputs hold, walked without keeping them.
pub fn count(inputs: &[PathBuf]) -> usize {
    Walker::new(inputs).count()
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
        let root = crate::output::tests::scratch("walk");
        std::fs::create_dir_all(root.join("b/skill")).unwrap();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::write(root.join("b/skill/plugin.json"), "{}").unwrap();
        std::fs::write(root.join("b/skill/handler.js"), "").unwrap();
        // A folder named like a skill's manifest makes no skill of the folder above.
        std::fs::create_dir_all(root.join("b/odd/plugin.json")).unwrap();
        std::fs::write(root.join("a.yaml"), "").unwrap();
        std::fs::write(root.join("a.py"), "").unwrap();
        std::fs::write(root.join("c.py"), "").unwrap();
        std::fs::write(root.join(".hidden.json"), "").unwrap();
        std::fs::write(root.join(".git/config.json"), "").unwrap();
        let mut walker = Walker::new(std::slice::from_ref(&root));
        let items: Vec<(String, String, bool)> = walker
            .by_ref()
            .map(|found| found.item)
            .map(|i| {
                (
                    i.path.strip_prefix(&root).unwrap().display().to_string(),
                    i.relative_dir.display().to_string(),
                    i.skill_folder,
                )
            })
            .collect();
        assert_eq!(
            items,
            vec![
                ("a.yaml".to_owned(), String::new(), false),
                ("b/skill".to_owned(), "b".to_owned(), true)
            ]
        );
        // Neither `.py` is a manifest; the one a conversion reads is taken back.
        assert_eq!(walker.skipped.len(), 2);
        walker.read_with(&[root.join("a.py")]);
        assert_eq!(walker.skipped.len(), 1);
        assert!(walker.skipped[0].path.ends_with("c.py"));
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_folder_is_not_cut_while_it_has_manifests_to_come() {
        let root = crate::output::tests::scratch("cuts");
        for file in [
            "a.yaml",
            "b/x.yaml",
            "b/y.yaml",
            "c.yaml",
            "d/z.yaml",
            "d/e/w.yaml",
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let cuts = |inputs: &[PathBuf]| -> Vec<(String, bool)> {
            Walker::new(inputs)
                .map(|found| {
                    let name = found.item.path.strip_prefix(&root).unwrap();
                    (name.display().to_string(), found.cut_after)
                })
                .collect()
        };
        let expected = vec![
            ("a.yaml".to_owned(), false),
            ("b/x.yaml".to_owned(), false),
            ("b/y.yaml".to_owned(), false),
            ("c.yaml".to_owned(), true),
            ("d/e/w.yaml".to_owned(), true),
            ("d/z.yaml".to_owned(), true),
        ];
        // One folder is walked lazily; the same folder twice is listed whole, and its
        // second walk writes to the same output folders as the first.
        assert_eq!(cuts(std::slice::from_ref(&root)), expected);
        let twice = cuts(&[root.clone(), root.clone()]);
        assert_eq!(twice.len(), 12);
        assert!(twice[..11].iter().all(|(_, cut)| !cut), "{twice:?}");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_swapped_for_a_link_after_its_listing_is_never_entered() {
        let root = crate::output::tests::scratch("swapped");
        let (input, outside) = (root.join("input"), root.join("outside"));
        for file in ["input/a/x.yaml", "input/b/y.yaml", "outside/secret.yaml"] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let mut walker = Walker::new(std::slice::from_ref(&input));
        let first = walker.next().unwrap().item;
        assert!(first.path.ends_with("a/x.yaml"));
        // The input is listed, and `b` with it; `b` becomes a link before it is entered.
        std::fs::remove_dir_all(input.join("b")).unwrap();
        std::os::unix::fs::symlink(&outside, input.join("b")).unwrap();
        let rest: Vec<Item> = walker.by_ref().map(|found| found.item).collect();
        assert_eq!(rest, Vec::new());
        assert_eq!(walker.skipped.len(), 1);
        assert_eq!(walker.skipped[0].path, input.join("b"));
        assert!(
            walker.skipped[0].reason.contains("now a symbolic link"),
            "{:?}",
            walker.skipped
        );
        // Listed as it is now, it is a link like any other.
        let listed_now = Walker::new(std::slice::from_ref(&input));
        let paths: Vec<PathBuf> = listed_now
            .map(|found| found.item.path.into_path_buf())
            .collect();
        assert_eq!(paths, vec![input.join("a/x.yaml")]);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn folders_nested_deeper_than_the_limit_are_skipped_and_reported() {
        let root = crate::output::tests::scratch("deep");
        let mut folder = root.clone();
        for level in 1..=MAX_FOLDER_DEPTH + 1 {
            folder.push("d");
            std::fs::create_dir(&folder).unwrap();
            std::fs::write(folder.join(format!("at{level}.yaml")), "").unwrap();
        }
        let mut walker = Walker::new(std::slice::from_ref(&root));
        let found = walker.by_ref().count();
        // The input is level 0: levels 1 to the limit are walked, the one below is not.
        assert_eq!(found, MAX_FOLDER_DEPTH);
        assert_eq!(walker.skipped.len(), 1);
        assert_eq!(walker.skipped[0].path, folder);
        assert!(walker.skipped[0]
            .reason
            .contains("nested more than 64 folders"));
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn inputs_known_to_be_no_folder_are_not_asked_again() {
        let root = crate::output::tests::scratch("known");
        std::fs::create_dir(root.join("plugins")).unwrap();
        std::fs::write(root.join("plugins/a.yaml"), "").unwrap();
        std::fs::write(root.join("b.yaml"), "").unwrap();
        let inputs = [root.join("plugins"), root.join("b.yaml")];
        let paths = |known: Vec<bool>| -> Vec<PathBuf> {
            Walker::knowing(&inputs, known)
                .map(|found| found.item.path.into_path_buf())
                .collect()
        };
        let walked = vec![root.join("plugins/a.yaml"), root.join("b.yaml")];
        // Unknown, or known for only some of the inputs: each is asked.
        assert_eq!(paths(Vec::new()), walked);
        assert_eq!(paths(vec![false]), walked);
        assert_eq!(paths(vec![false, true]), walked);
        // Taken at its word: the folder, said to be none, is not asked, so not walked.
        assert_eq!(
            paths(vec![true, true]),
            vec![root.join("plugins"), root.join("b.yaml")]
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
