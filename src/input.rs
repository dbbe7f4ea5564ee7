//! Reading an input: a file, a folder holding a manifest, or standard input.

use crate::input_file::FolderId;
use std::cell::RefCell;
use std::io::Read;
use std::path::{Path, PathBuf};
use toolshift_model::Source;
use toolshift_syntax::syntax;

/// Inputs larger than this are refused: no manifest comes close.
const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Manifest names looked for when the input is a folder.
const FOLDER_MANIFESTS: &[&str] = &[crate::walk::SKILL_MANIFEST];

#[derive(Debug)]
pub struct LoadedInput {
    /// How the user named it, for messages and the report.
    pub display: String,
    /// The folder holding the manifest, if it came from the file system.
    pub dir: Option<PathBuf>,
    /// The manifest file, where the input is a folder (a skill's `plugin.json`): what
    /// positions in `text` are positions in.
    pub manifest: Option<String>,
    pub document: serde_json::Value,
    /// The text it was parsed from, and how, to place report entries in it.
    pub text: String,
    pub syntax: syntax::Syntax,
}

impl LoadedInput {
    /// The input as a reader sees it, with the folder's names as a walk listed them
    /// (`listed`), and its companion files opened from the file system.
    pub fn source<'a>(&'a self, listed: Option<&'a [Box<std::ffi::OsStr>]>) -> Source<'a> {
        Source {
            display: &self.display,
            dir: self.dir.as_deref(),
            listed,
            document: &self.document,
            files: &crate::input_file::FileSystem,
        }
    }
}

/// A path as text, for reports and messages: its own text when it is UTF-8, as nearly
/// every path is, checked by the fast UTF-8 test; otherwise with replacement characters.
pub fn path_text(path: &Path) -> String {
    match path.to_str() {
        Some(text) => text.to_owned(),
        None => path.to_string_lossy().into_owned(),
    }
}

pub fn load(input: &Path) -> Result<LoadedInput, String> {
    if input.as_os_str() == "-" {
        let text = read_limited(std::io::stdin().lock())
            .map_err(|unread| unread.message("cannot read standard input: "))?;
        return parsed(path_text(input), None, text, Reading::Named);
    }
    load_opened(input, std::fs::File::open(input), Reading::Named)
}

/// How an input came to be read: named by the user, or found by a walk of a folder,
/// which passes by the files that hold no manifest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    Named,
    Walked,
}

/// `load` for a manifest file a walk listed in `folder`: opened in that folder, and
/// refused, not followed, where a link has taken its place since the folder was listed,
/// or another folder has taken the folder's.
pub fn load_walked(file: &Path, folder: Option<FolderId>) -> Result<LoadedInput, String> {
    load_opened(file, open_listed(file, folder), Reading::Walked)
}

fn load_opened(
    input: &Path,
    opened: std::io::Result<std::fs::File>,
    reading: Reading,
) -> Result<LoadedInput, String> {
    let (manifest, text) = read_opened(input, opened)?;
    loaded(input, &manifest, text, reading)
}

/// The manifest a file or folder given by path holds, and its text, unparsed: for a
/// caller that parses it itself (`api::convert_path`).
pub fn read(input: &Path) -> Result<(PathBuf, String), String> {
    read_opened(input, std::fs::File::open(input))
}

/// The manifest `input` names (itself, or a skill folder's `plugin.json`) and its text.
fn read_opened(
    input: &Path,
    opened: std::io::Result<std::fs::File>,
) -> Result<(PathBuf, String), String> {
    // Opened and read at once: a folder answers the read with "is a directory", so a
    // file costs no separate probe (docs/performance.md). Some systems refuse to open a
    // folder at all; then it is asked.
    match opened {
        Ok(file) => match read_limited(file) {
            Ok(text) => Ok((input.to_path_buf(), text)),
            Err(Unread::Io(error)) if error.kind() == std::io::ErrorKind::IsADirectory => {
                folder_manifest(input)
            }
            Err(unread) => Err(unread.message("")),
        },
        Err(_) if input.is_dir() => folder_manifest(input),
        Err(error) => Err(format!("cannot read: {error}")),
    }
}

/// `load` for a folder, such as a skill folder the walk found in the folder `listed_in`:
/// read through its manifest, without first being opened as a file. A skill folder the
/// walk found is opened from the folder it listed, without following a link, and its
/// files are read in it (`crate::input_file::hold_folder`).
pub fn load_skill_folder(
    folder: &Path,
    listed_in: Option<FolderId>,
) -> Result<LoadedInput, String> {
    if let (Some(listed_in), Some(parent), Some(name)) =
        (listed_in, folder.parent(), folder.file_name())
    {
        crate::input_file::hold_folder(parent, Some(listed_in), Some(name))
            .map_err(|error| format!("cannot read: {error}"))?;
    }
    let (manifest, text) = folder_manifest(folder)?;
    loaded(folder, &manifest, text, Reading::Named)
}

/// An input read from `manifest` (the input itself, or a skill folder's manifest),
/// shown as the input and with the manifest's folder for what it names beside it.
fn loaded(
    input: &Path,
    manifest: &Path,
    text: String,
    reading: Reading,
) -> Result<LoadedInput, String> {
    let dir = crate::paths::parent_of(manifest).map(Path::to_path_buf);
    let mut loaded = parsed(path_text(input), dir, text, reading)?;
    if input != manifest {
        loaded.manifest = Some(path_text(manifest));
    }
    Ok(loaded)
}

/// The manifest of a skill folder and its text. It is probed before it is opened: a
/// link there is refused, not followed (it may lead anywhere on the machine), and a
/// FIFO there is never opened (opening one blocks); one put there after the probe is
/// refused or not waited on by the open.
fn folder_manifest(folder: &Path) -> Result<(PathBuf, String), String> {
    use crate::input_file::{open_probed, Unopened};
    for name in FOLDER_MANIFESTS {
        // Opened as probed, even if swapped since: no link followed, no FIFO waited on.
        let file = match open_probed(folder, name) {
            Ok(Some((file, _))) => file,
            Ok(None) => continue,
            Err(Unopened::Link) => return Err(format!("{name} is a symbolic link; toolshift never follows a link in an input, so it was not read: put the file itself there")),
            Err(Unopened::Io(e)) => return Err(format!("cannot read {name}: {e}")),
        };
        let text = read_limited(file).map_err(|unread| unread.message(&format!("{name}: ")))?;
        return Ok((folder.join(name), text));
    }
    Err(format!(
        "folder holds no manifest (looked for {})",
        FOLDER_MANIFESTS.join(", ")
    ))
}

/// Opens a file the walk listed as a regular file in a folder it listed
/// (`crate::input_file::open_listed`), naming a link put in its place since.
fn open_listed(file: &Path, listed_in: Option<FolderId>) -> std::io::Result<std::fs::File> {
    use crate::input_file::Unopened;
    crate::input_file::open_listed(file, listed_in).map_err(|unopened| match unopened {
        Unopened::Link => std::io::Error::other(
            "it was listed as a file and is now a symbolic link; toolshift never follows a link in an input, so it was not read",
        ),
        Unopened::Io(error) => error,
    })
}

/// Why an input's text could not be had.
enum Unread {
    Io(std::io::Error),
    TooLarge,
    NotText { valid_up_to: usize },
}

impl Unread {
    fn message(&self, before: &str) -> String {
        match self {
            Unread::Io(error) => format!("{before}cannot read: {error}"),
            Unread::TooLarge => {
                format!("{before}larger than {MAX_INPUT_BYTES} bytes; no manifest is this large")
            }
            Unread::NotText { valid_up_to } => {
                format!("{before}not UTF-8 text (byte {valid_up_to})")
            }
        }
    }
}

/// What one read asks for first: more than nearly any manifest, so that a file takes
/// one read and the read that finds its end.
const READ_BUFFER_BYTES: usize = 64 * 1024;

thread_local! {
    /// Reused for every input a thread reads; the text is then copied out at its size.
    static READ_BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Reads at most one byte past the limit, so an oversized input is refused without
/// being held in memory, and decodes it as UTF-8.
fn read_limited(reader: impl Read) -> Result<String, Unread> {
    READ_BUFFER.with(|cell| {
        let mut fresh = Vec::new();
        let mut held = cell.try_borrow_mut();
        let buffer = match held.as_deref_mut() {
            Ok(buffer) => buffer,
            Err(_) => &mut fresh,
        };
        buffer.clear();
        buffer.reserve(READ_BUFFER_BYTES);
        let read = reader
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(buffer)
            .map_err(Unread::Io);
        let text = read.and_then(|_| {
            if buffer.len() as u64 > MAX_INPUT_BYTES {
                return Err(Unread::TooLarge);
            }
            std::str::from_utf8(buffer)
                .map(str::to_owned)
                .map_err(|error| Unread::NotText {
                    valid_up_to: error.valid_up_to(),
                })
        });
        // A rare large input does not stay held by its thread.
        if buffer.capacity() > 4 * READ_BUFFER_BYTES {
            *buffer = Vec::new();
        }
        text
    })
}

fn parsed(
    display: String,
    dir: Option<PathBuf>,
    text: String,
    reading: Reading,
) -> Result<LoadedInput, String> {
    let (document, syntax) = match syntax::parse(&text) {
        Ok(parsed) => parsed,
        // A walk passes by a file of comments alone, as it passes by any file no dialect
        // claims (`registry::detect_none`); named, it is refused with the reason.
        Err(syntax::SyntaxError::OnlyComments) if reading == Reading::Walked => {
            (serde_json::Value::Null, syntax::Syntax::Json)
        }
        Err(error) => return Err(error.to_string()),
    };
    Ok(LoadedInput {
        display,
        dir,
        manifest: None,
        document,
        text,
        syntax,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::output::tests::scratch;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_listed_file_is_read_in_its_folder_and_a_link_in_its_place_is_refused() {
        let root = scratch("listed");
        let (first, second) = (root.join("first"), root.join("second"));
        std::fs::create_dir_all(&first).unwrap();
        std::fs::create_dir_all(&second).unwrap();
        let secret = root.join("secret.json");
        std::fs::write(&secret, r#"{"name": "secret"}"#).unwrap();
        for (folder, name) in [(&first, "a"), (&first, "b"), (&second, "c"), (&first, "d")] {
            std::fs::write(
                folder.join(format!("{name}.json")),
                format!(r#"{{"name": "{name}"}}"#),
            )
            .unwrap();
        }
        let id = |folder: &Path| Some(FolderId::of(&std::fs::metadata(folder).unwrap()));
        let (first_id, second_id) = (id(&first), id(&second));
        // Read in turn from two folders and back, as a thread of a batch may.
        for (folder, listed_in, name) in [
            (&first, first_id, "a"),
            (&first, first_id, "b"),
            (&second, second_id, "c"),
            (&first, first_id, "d"),
        ] {
            let loaded = load_walked(&folder.join(format!("{name}.json")), listed_in).unwrap();
            assert_eq!(loaded.document["name"], name);
        }
        // Listed as a file, then swapped for a link to a file outside the input.
        std::os::unix::fs::symlink(&secret, second.join("swapped.json")).unwrap();
        let refused = load_walked(&second.join("swapped.json"), second_id).unwrap_err();
        assert!(refused.contains("now a symbolic link"), "{refused}");
        // A named input is the user's own choice, and is followed.
        assert_eq!(
            load(&second.join("swapped.json")).unwrap().document["name"],
            "secret"
        );
        let missing = load_walked(&first.join("gone.json"), first_id).unwrap_err();
        assert!(missing.starts_with("cannot read:"), "{missing}");
        // The folder listed is put aside and another put in its place. This thread
        // holds the listed one open, and reads from it; a thread that does not hold it
        // finds another folder at its path, and refuses it, as it refuses a link there.
        std::fs::rename(&first, root.join("aside")).unwrap();
        std::fs::create_dir(&first).unwrap();
        std::fs::write(first.join("a.json"), r#"{"name": "impostor"}"#).unwrap();
        let held = load_walked(&first.join("a.json"), first_id).unwrap();
        assert_eq!(held.document["name"], "a");
        let on_another_thread = |file: PathBuf| {
            std::thread::spawn(move || load_walked(&file, first_id).map(|_| ()))
                .join()
                .unwrap()
        };
        let replaced = on_another_thread(first.join("a.json")).unwrap_err();
        assert!(replaced.contains("folder was replaced"), "{replaced}");
        std::fs::remove_dir_all(&first).unwrap();
        std::os::unix::fs::symlink(&second, &first).unwrap();
        let linked = on_another_thread(first.join("c.json")).unwrap_err();
        assert!(linked.contains("folder was replaced"), "{linked}");
        // A skill folder the walk listed in `second`, then swapped for a link to one
        // outside the input.
        let (skill, outside) = (second.join("skill"), root.join("outside"));
        for folder in [&skill, &outside] {
            std::fs::create_dir(folder).unwrap();
            std::fs::write(folder.join("plugin.json"), r#"{"name": "s"}"#).unwrap();
        }
        assert!(load_skill_folder(&skill, second_id).is_ok());
        std::fs::remove_dir_all(&skill).unwrap();
        std::os::unix::fs::symlink(&outside, &skill).unwrap();
        let swapped = load_skill_folder(&skill, second_id).unwrap_err();
        assert!(swapped.contains("now a symbolic link"), "{swapped}");
        // Named by the user, it is the user's choice, and is followed.
        assert!(load_skill_folder(&skill, None).is_ok());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
