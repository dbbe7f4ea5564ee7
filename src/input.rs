//! Reading an input: a file, a folder holding a manifest, or standard input.

use std::cell::RefCell;
use std::io::Read;
use std::path::{Path, PathBuf};
use toolshift_model::syntax;

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
    pub document: serde_json::Value,
    /// The text it was parsed from, and how, to place report entries in it.
    pub text: String,
    pub syntax: syntax::Syntax,
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
        return parsed(path_text(input), None, text);
    }
    // Opened and read at once: a folder answers the read with "is a directory", so a
    // file costs no separate probe (docs/performance.md). Some systems refuse to open a
    // folder at all; then it is asked.
    let text = match std::fs::File::open(input) {
        Ok(file) => match read_limited(file) {
            Ok(text) => text,
            Err(Unread::Io(error)) if error.kind() == std::io::ErrorKind::IsADirectory => {
                return load_skill_folder(input)
            }
            Err(unread) => return Err(unread.message("")),
        },
        Err(_) if input.is_dir() => return load_skill_folder(input),
        Err(error) => return Err(format!("cannot read: {error}")),
    };
    loaded(input, input, text)
}

/// `load` for a folder, such as a skill folder the walk found: read through its
/// manifest, without first being opened as a file.
pub fn load_skill_folder(folder: &Path) -> Result<LoadedInput, String> {
    let (manifest, text) = folder_manifest(folder)?;
    loaded(folder, &manifest, text)
}

/// An input read from `manifest` (the input itself, or a skill folder's manifest),
/// shown as the input and with the manifest's folder for what it names beside it.
fn loaded(input: &Path, manifest: &Path, text: String) -> Result<LoadedInput, String> {
    let dir = crate::paths::parent_of(manifest).map(Path::to_path_buf);
    parsed(path_text(input), dir, text)
}

/// The manifest of a skill folder and its text. It is probed before it is opened: a
/// link there is refused, not followed (it may lead anywhere on the machine), and a
/// FIFO there is never opened (opening one blocks).
fn folder_manifest(folder: &Path) -> Result<(PathBuf, String), String> {
    for name in FOLDER_MANIFESTS {
        let candidate = folder.join(name);
        let Ok(probe) = std::fs::symlink_metadata(&candidate) else {
            continue;
        };
        if probe.file_type().is_symlink() {
            return Err(format!(
                "{name} is a symbolic link; toolshift never follows a link in an input, so it was not read: put the file itself there"
            ));
        }
        if !probe.is_file() {
            continue;
        }
        let file =
            std::fs::File::open(&candidate).map_err(|e| format!("cannot read {name}: {e}"))?;
        let text = read_limited(file).map_err(|unread| unread.message(&format!("{name}: ")))?;
        return Ok((candidate, text));
    }
    Err(format!(
        "folder holds no manifest (looked for {})",
        FOLDER_MANIFESTS.join(", ")
    ))
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

fn parsed(display: String, dir: Option<PathBuf>, text: String) -> Result<LoadedInput, String> {
    let (document, syntax) = syntax::parse(&text).map_err(|e| e.to_string())?;
    Ok(LoadedInput {
        display,
        dir,
        document,
        text,
        syntax,
    })
}
