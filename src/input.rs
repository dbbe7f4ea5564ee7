//! Reading an input: a file, a folder holding a manifest, or standard input.

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

pub fn load(input: &Path) -> Result<LoadedInput, String> {
    let display = input.to_string_lossy().into_owned();
    if input == Path::new("-") {
        let text = read_limited(std::io::stdin().lock(), 0)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return parsed(display, None, text);
    }
    // Opened first, the handle says whether it is a folder: no separate probe per file.
    // (Some systems refuse to open a folder at all; then it is asked.)
    let (manifest, file, metadata) = match std::fs::File::open(input) {
        Ok(file) => {
            let metadata = file.metadata().map_err(|e| format!("cannot read: {e}"))?;
            if metadata.is_dir() {
                folder_manifest(input)?
            } else {
                (input.to_path_buf(), file, metadata)
            }
        }
        Err(_) if input.is_dir() => folder_manifest(input)?,
        Err(error) => return Err(format!("cannot read: {error}")),
    };
    // Sized from the file's length, the text is read in one call, not in doubling steps.
    let text = read_limited(file, metadata.len())?;
    let dir = manifest.parent().map(Path::to_path_buf);
    parsed(display, dir, text)
}

/// The manifest of a skill folder, opened, with its metadata. It is probed before it is
/// opened: a link there is refused, not followed (it may lead anywhere on the
/// machine), and a FIFO there is never opened (opening one blocks).
fn folder_manifest(folder: &Path) -> Result<(PathBuf, std::fs::File, std::fs::Metadata), String> {
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
        let metadata = file
            .metadata()
            .map_err(|e| format!("cannot read {name}: {e}"))?;
        return Ok((candidate, file, metadata));
    }
    Err(format!(
        "folder holds no manifest (looked for {})",
        FOLDER_MANIFESTS.join(", ")
    ))
}

/// Reads at most one byte past the limit, so an oversized input is refused without
/// being held in memory, and decodes it as UTF-8.
fn read_limited(reader: impl Read, size: u64) -> Result<String, String> {
    let capacity = usize::try_from(size.min(MAX_INPUT_BYTES)).unwrap_or(0) + 1;
    let mut bytes = Vec::with_capacity(capacity);
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!(
            "larger than {MAX_INPUT_BYTES} bytes; no manifest is this large"
        ));
    }
    String::from_utf8(bytes)
        .map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
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
