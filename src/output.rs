//! Where outputs go, how they are serialized, and writing them so that a failure
//! never leaves a half-written file or replaces an input.

use crate::cli::Format;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use toolshift_model::dialect::check_file_name;
use toolshift_model::{ManifestSyntax, OutputContent, OutputFile};

#[derive(Debug, Clone)]
pub enum Destination {
    Stdout,
    File(PathBuf),
    Folder(PathBuf),
}

/// One rendered file, ready to write.
#[derive(Debug)]
pub struct Planned {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
    pub create_only: bool,
}

/// The relative path `render` will give the file, without rendering it.
pub fn rendered_name(
    file: &OutputFile,
    chosen: Option<Format>,
    native: ManifestSyntax,
) -> Result<String, String> {
    if let OutputContent::Text(_) = &file.content {
        return Ok(file.path.clone());
    }
    rendered_manifest_name(&file.path, chosen, native)
}

/// The relative path `render` will give a manifest the writer named `path`.
pub fn rendered_manifest_name(
    path: &str,
    chosen: Option<Format>,
    native: ManifestSyntax,
) -> Result<String, String> {
    let format = manifest_format(path, chosen, native)?;
    let stem = path
        .strip_suffix(".json")
        .or_else(|| path.strip_suffix(".yaml"))
        .unwrap_or(path);
    Ok(match format {
        Format::Json => [stem, ".json"].concat(),
        Format::Yaml => [stem, ".yaml"].concat(),
    })
}

fn manifest_format(
    path: &str,
    chosen: Option<Format>,
    native: ManifestSyntax,
) -> Result<Format, String> {
    Ok(match (chosen, native) {
        (Some(Format::Yaml), ManifestSyntax::JsonOnly) => {
            return Err(format!(
                "{path} must be JSON: the target reads no other format"
            ))
        }
        (Some(format), _) => format,
        (None, ManifestSyntax::Yaml) => Format::Yaml,
        (None, ManifestSyntax::Json | ManifestSyntax::JsonOnly) => Format::Json,
    })
}

pub fn render(
    file: &OutputFile,
    chosen: Option<Format>,
    native: ManifestSyntax,
) -> Result<(String, Vec<u8>), String> {
    match &file.content {
        OutputContent::Manifest(document) => render_manifest(&file.path, document, chosen, native),
        OutputContent::Text(text) => Ok((file.path.clone(), text.clone().into_bytes())),
    }
}

/// `render` for a file the caller gives up: a text's bytes are its own, not a copy (a
/// generated handler is about a kilobyte, on every skill).
pub fn render_into_bytes(
    file: OutputFile,
    chosen: Option<Format>,
    native: ManifestSyntax,
) -> Result<(String, Vec<u8>), String> {
    match file.content {
        OutputContent::Manifest(document) => render_manifest(&file.path, &document, chosen, native),
        OutputContent::Text(text) => Ok((file.path, text.into_bytes())),
    }
}

fn render_manifest(
    path: &str,
    document: &serde_json::Value,
    chosen: Option<Format>,
    native: ManifestSyntax,
) -> Result<(String, Vec<u8>), String> {
    let name = rendered_manifest_name(path, chosen, native)?;
    let bytes = if name.ends_with(".yaml") {
        toolshift_syntax::yaml::to_yaml(document).into_bytes()
    } else {
        let mut text = toolshift_syntax::json_text::to_pretty(document);
        text.push('\n');
        text.into_bytes()
    };
    Ok((name, bytes))
}

/// Joins a writer's relative path onto the output folder, refusing any escape.
pub fn inside(folder: &Path, relative: &str) -> Result<PathBuf, String> {
    // Cut at each `/` found by a byte scan: `split('/')` starts a searcher for every
    // part, which costs more than these short names.
    let mut rest = relative;
    loop {
        let (component, after) = match rest.bytes().position(|byte| byte == b'/') {
            Some(at) => (rest.get(..at).unwrap_or_default(), rest.get(at + 1..)),
            None => (rest, None),
        };
        check_file_name(component).map_err(|e| e.to_string())?;
        match after {
            Some(after) => rest = after,
            None => break,
        }
    }
    Ok(crate::paths::with_names(folder, relative))
}

/// The inputs an output could replace: those inside the output folder (or the output
/// file itself). Each is resolved once, so checking an output costs no system call.
#[derive(Debug, Default)]
pub struct Claims {
    /// The output folder (or file) as given, and resolved.
    root: Option<(PathBuf, PathBuf)>,
    inputs: BTreeSet<PathBuf>,
}

impl Claims {
    /// `resolved_inputs` gives each input resolved, in order (`resolve_inputs`), asked
    /// for only where there is an output to claim.
    pub fn new<'r>(
        destination: &Destination,
        inputs: &[PathBuf],
        resolved_inputs: impl FnOnce() -> &'r [Option<ResolvedInput>],
    ) -> Self {
        let (given, resolved) = match destination {
            Destination::Stdout => return Self::default(),
            Destination::File(path) | Destination::Folder(path) => (path.clone(), normalized(path)),
        };
        // Only an input at or inside the output can hold a file an output would replace
        // (an output inside an input folder is refused before this), so only such inputs
        // are walked, and usually none is.
        let reachable: Vec<PathBuf> = inputs
            .iter()
            .zip(resolved_inputs())
            .filter(|(_, input)| {
                input.as_ref().is_some_and(|input| {
                    input.canonical.starts_with(&resolved) || resolved.starts_with(&input.canonical)
                })
            })
            .map(|(input, _)| input.clone())
            .collect();
        let items = crate::walk::expand(&reachable);
        let mut inputs = BTreeSet::new();
        // A walked item is never a link (the walk skips them), so resolving its folder,
        // once per folder, resolves it.
        let mut folders: BTreeMap<PathBuf, Option<PathBuf>> = Default::default();
        for item in items.iter().filter(|item| item.path.as_os_str() != "-") {
            let resolved_item = match (item.walked, item.path.parent(), item.path.file_name()) {
                (true, Some(parent), Some(name)) => folders
                    .entry(parent.to_path_buf())
                    .or_insert_with(|| normalized_dir(parent).canonicalize().ok())
                    .as_ref()
                    .map(|folder| folder.join(name)),
                _ => item.path.canonicalize().ok(),
            };
            let Some(path) = resolved_item else {
                continue;
            };
            if !path.starts_with(&resolved) {
                continue;
            }
            // A skill folder's files are inputs too.
            if path.is_dir() {
                for entry in std::fs::read_dir(&path).into_iter().flatten().flatten() {
                    inputs.insert(entry.path());
                }
            }
            inputs.insert(path);
        }
        Self {
            root: Some((given, resolved)),
            inputs,
        }
    }

    pub fn check(&self, path: &Path) -> Result<(), String> {
        let Some((given, resolved)) = &self.root else {
            return Ok(());
        };
        if self.inputs.is_empty() {
            return Ok(());
        }
        let key = match path.strip_prefix(given) {
            Ok(relative) if relative.as_os_str().is_empty() => resolved.clone(),
            Ok(relative) => resolved.join(relative),
            Err(_) => normalized(path),
        };
        if self.inputs.contains(&key) {
            return Err(format!(
                "{} is an input of this run; refusing to overwrite it",
                path.display()
            ));
        }
        Ok(())
    }
}

/// When written files reach the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sync {
    /// As the operating system decides, like cargo, rustfmt and git's own checkouts.
    Never,
    /// Each file is flushed (fsync) before its rename (`--sync`).
    EachFile,
}

/// An input as the system resolves it: its canonical path, and whether it is a folder
/// (a link to one counts, as `Path::is_dir` counts it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedInput {
    pub canonical: PathBuf,
    pub is_dir: bool,
    /// Whether the input itself is a folder, not a link to one: what the walk asks of
    /// an input before walking it (`walk::Walker::knowing`).
    pub folder_itself: bool,
}

/// Each input resolved, in order; `None` for standard input and for a path that does
/// not resolve. An input that is not a link is its folder's canonical path joined with
/// its name, and each folder is resolved once: resolving a path asks the system about
/// every part of it, so a command line of thousands of files from a few folders (the
/// batch issue's own measurement) asked about each part of each path twice.
pub fn resolve_inputs(inputs: &[PathBuf]) -> Vec<Option<ResolvedInput>> {
    let mut folders: BTreeMap<&Path, Option<PathBuf>> = BTreeMap::new();
    inputs
        .iter()
        .map(|input| {
            if input.as_os_str() == "-" {
                return None;
            }
            let probe = std::fs::symlink_metadata(input).ok()?;
            // A path that ends in `/`, `/.` or `..` does not end in its name: the system
            // follows a link in its last part, and only a full resolution is right.
            let ends_in_name = input.file_name().is_some_and(|name| {
                input
                    .as_os_str()
                    .as_encoded_bytes()
                    .ends_with(name.as_encoded_bytes())
            });
            match (probe.file_type().is_symlink(), input.parent()) {
                (false, Some(parent)) if ends_in_name => {
                    let folder = folders
                        .entry(parent)
                        .or_insert_with(|| {
                            let parent = if parent.as_os_str().is_empty() {
                                Path::new(".")
                            } else {
                                parent
                            };
                            parent.canonicalize().ok()
                        })
                        .as_ref()?;
                    Some(ResolvedInput {
                        canonical: folder.join(input.file_name()?),
                        is_dir: probe.is_dir(),
                        folder_itself: probe.is_dir(),
                    })
                }
                _ => {
                    let canonical = input.canonicalize().ok()?;
                    let is_dir = canonical.is_dir();
                    Some(ResolvedInput {
                        canonical,
                        is_dir,
                        folder_itself: probe.is_dir(),
                    })
                }
            }
        })
        .collect()
}

/// Refuses an output inside an input folder (a second run would read the first one's
/// outputs) and an input given as its own output.
pub fn refuse_inside_inputs(
    output: &Path,
    inputs: &[PathBuf],
    resolved_inputs: &[Option<ResolvedInput>],
) -> Result<(), String> {
    let output_key = normalized(output);
    for (input, resolved) in inputs.iter().zip(resolved_inputs) {
        let Some(ResolvedInput {
            canonical: input_key,
            is_dir,
            ..
        }) = resolved
        else {
            continue;
        };
        if output_key == *input_key {
            return Err(format!(
                "{} is both an input and the output; write somewhere else",
                output.display()
            ));
        }
        if *is_dir && output_key.starts_with(input_key) {
            return Err(format!(
                "the output {} is inside the input folder {}; toolshift never writes into an input",
                output.display(),
                input.display()
            ));
        }
    }
    Ok(())
}

/// Folders this run made, and the output folder. A file in a folder the run made cannot
/// have existed before the run, and no two items claim one output path, so writing
/// there needs no existence probe: on a batch into a new folder that is one system call
/// less per output file. The output folder is there before any item is converted (made
/// or found by `destination`), and no item removes it: remembered as found, it is not
/// asked for again, where a flat batch (every skill in the output folder itself) asked
/// with a failed `mkdir` and a `statx` per item. Only folders several items may share
/// are remembered (the output folder and those mirroring input folders, not one per
/// skill), so what is held does not grow with the batch.
///
/// Folders are held by their spelling, without a trailing separator: its bytes hash in
/// a fraction of the time a path's components take, and every item asks once. Output
/// paths are all joined onto the output folder the same way, so a folder has one
/// spelling; one spelled otherwise would only be probed again.
///
/// Under `--force` it also holds the files the run put in place (`crate::written`), so
/// that no item replaces another's file.
#[derive(Debug, Default)]
pub struct KnownFolders {
    folders: std::sync::Mutex<HashMap<OsString, bool>>,
    written: crate::written::WrittenFiles,
}

impl KnownFolders {
    /// Whether the run made the folder (`Some(false)`: it was there already), where the
    /// folder is remembered.
    fn known(&self, folder: &Path) -> Option<bool> {
        self.folders
            .lock()
            .ok()
            .and_then(|known| known.get(spelling(folder)).copied())
    }

    fn record(&self, folder: &Path, made: bool) {
        if let Ok(mut known) = self.folders.lock() {
            known.insert(spelling(folder).to_owned(), made);
        }
    }

    /// Remembers the output folder, there before any item is written: its files are
    /// probed for, as in any folder the run did not make.
    pub fn found_output_folder(&self, folder: &Path) {
        self.record(folder, false);
    }

    fn forget(&self, folder: &Path) {
        if let Ok(mut known) = self.folders.lock() {
            known.remove(spelling(folder));
        }
    }

    /// Makes the folder and any missing parent. Answers whether this run made it (now
    /// or before); each folder it made now is pushed onto `made_now`, parents first.
    /// Folders at or above `shared` are remembered for other items.
    fn ensure(
        &self,
        folder: &Path,
        shared: &Path,
        made_now: &mut Vec<PathBuf>,
    ) -> Result<bool, String> {
        if folder.as_os_str().is_empty() {
            return Ok(false);
        }
        if let Some(made) = self.known(folder) {
            return Ok(made);
        }
        let cannot = |e: std::io::Error| format!("{}: cannot create folder: {e}", folder.display());
        match create_folder(folder) {
            Ok(true) => {}
            Ok(false) => return Ok(false),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if let Some(parent) = folder.parent() {
                    self.ensure(parent, shared, made_now)?;
                }
                // Another item may have made it meanwhile.
                if !create_folder(folder).map_err(cannot)? {
                    return Ok(false);
                }
            }
            Err(e) => return Err(cannot(e)),
        }
        if shared.starts_with(folder) {
            self.record(folder, true);
        }
        made_now.push(folder.to_path_buf());
        Ok(true)
    }
}

/// A folder's path as `KnownFolders` holds it: `out/` and `out` are one folder.
fn spelling(folder: &Path) -> &OsStr {
    let whole = folder.as_os_str();
    if !whole.as_encoded_bytes().ends_with(b"/") {
        return whole;
    }
    match whole.to_str().map(|text| text.trim_end_matches('/')) {
        Some(trimmed) if !trimmed.is_empty() => OsStr::new(trimmed),
        // The root, or a name that is not UTF-8, as it is.
        _ => whole,
    }
}

/// Makes a folder, answering whether this call made it (`false`: a folder is there).
/// An item that is not written removes the empty folders it made, so a folder found
/// there may be gone a moment later; it is then made again.
fn create_folder(folder: &Path) -> std::io::Result<bool> {
    let mut attempts = 0;
    loop {
        match std::fs::create_dir(folder) {
            Ok(()) => return Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                if folder.is_dir() {
                    return Ok(false);
                }
                attempts += 1;
                // Something other than a folder is there, or folders keep vanishing.
                if attempts == 3 || folder.symlink_metadata().is_ok() {
                    return Err(e);
                }
            }
            Err(e) => return Err(e),
        }
    }
}

/// Takes out of `files` the generated code (`create_only`) that already exists, which
/// is never replaced; their paths.
pub fn keep_existing_code(files: &mut Vec<Planned>) -> Vec<String> {
    let mut kept = Vec::new();
    files.retain(|file| {
        let keep_theirs = file.create_only && file.path.exists();
        if keep_theirs {
            kept.push(crate::input::path_text(&file.path));
        }
        !keep_theirs
    });
    kept
}

/// Writes every file to a temporary sibling first and renames only when all were
/// written, so either the whole output appears or none of it changes. An existing file
/// is replaced only with `force`, and generated code never is. An item whose files all
/// sit in a folder of its own (a skill) is written whole into a temporary folder, which
/// is renamed into place: the skill appears at once, with one rename instead of one per
/// file.
pub fn write_all(
    files: &[Planned],
    shared: &Path,
    force: bool,
    sync: Sync,
    known_folders: &KnownFolders,
    staged: Option<&StagedFolder>,
) -> Result<(), String> {
    crate::interrupt::item_starts();
    // After Ctrl-C no folder is made, only to be removed again.
    not_interrupted()?;
    if let Some((hidden, places)) = staged.and_then(|staged| staged.places_of(files)) {
        return write_unseen(hidden, files, &places, sync, known_folders);
    }
    if let Some(folder) = own_folder(files, shared) {
        return write_own_folder(files, folder, shared, force, sync, known_folders);
    }
    // Folders first: a file in a folder this run made needs no probe.
    let (fresh, made_now) = make_folders(files, shared, known_folders)?;
    // One probe per file elsewhere.
    let exists: Vec<bool> = files
        .iter()
        .map(|file| fresh.get(folder_of(&file.path)) != Some(&true) && file.path.exists())
        .collect();
    let existing: Vec<&Planned> = files
        .iter()
        .zip(&exists)
        .filter(|(_, e)| **e)
        .map(|(file, _)| file)
        .collect();
    if let Some(refusal) = refusal_to_replace(&existing, force, known_folders) {
        undo_folders(&made_now, known_folders);
        return Err(refusal);
    }
    // An unnamed file holds its descriptor until it is named: an item of many files (a
    // list document of 20,000 tools) would run out of them, so its files wait under
    // temporary names instead.
    let unnamed = files.len() <= MOST_UNNAMED;
    let mut staged: Vec<(Staged, &Planned)> = Vec::with_capacity(files.len());
    let result = (|| {
        for (file, exists) in files.iter().zip(&exists) {
            staged.push((stage(file, unnamed && !exists, sync)?, file));
        }
        not_interrupted()
    })();
    if let Err(error) = result {
        discard(staged);
        undo_folders(&made_now, known_folders);
        return Err(error);
    }
    let mut left = staged.into_iter().zip(&exists);
    while let Some(((one, file), exists)) = left.next() {
        if let Err(error) = put_in_place(one, file, *exists, sync) {
            discard(left.map(|(staged, _)| staged).collect());
            return Err(error);
        }
        if force {
            known_folders.written.record(&file.path);
        }
    }
    Ok(())
}

/// Makes the folders of an item's files where they are missing: whether each was made
/// now, and the folders made, to remove again if the item fails. Each folder is looked
/// up, not searched for: a list of 20,000 tools written as skills is 20,000 folders.
fn make_folders<'a>(
    files: &'a [Planned],
    shared: &Path,
    known_folders: &KnownFolders,
) -> Result<(HashMap<&'a Path, bool>, Vec<PathBuf>), String> {
    let mut made_now: Vec<PathBuf> = Vec::new();
    let mut fresh: HashMap<&Path, bool> = HashMap::new();
    for file in files {
        let parent = folder_of(&file.path);
        if let std::collections::hash_map::Entry::Vacant(slot) = fresh.entry(parent) {
            let made = known_folders.ensure(parent, shared, &mut made_now);
            slot.insert(made.inspect_err(|_| undo_folders(&made_now, known_folders))?);
        }
    }
    Ok((fresh, made_now))
}

/// A file written but not yet at its path.
enum Staged {
    #[cfg(target_os = "linux")]
    Unnamed(std::fs::File),
    Named(PathBuf),
}

/// The most files of one item written unnamed, each holding a descriptor open until all
/// are written (a common limit is 1,024 a process, shared by the threads).
const MOST_UNNAMED: usize = 64;

/// Writes a file where it waits for its name: unnamed when it is new and the system
/// offers that (`crate::unnamed`), else under its temporary name.
fn stage(file: &Planned, new: bool, sync: Sync) -> Result<Staged, String> {
    #[cfg(target_os = "linux")]
    if new {
        let folder = folder_of(&file.path);
        match crate::unnamed::write(folder, &file.bytes, sync == Sync::EachFile) {
            Ok(unnamed) => return Ok(Staged::Unnamed(unnamed)),
            Err(crate::unnamed::Refused::Unavailable) => {}
            Err(crate::unnamed::Refused::Failed(e)) => {
                return Err(format!("{}: cannot write: {e}", file.path.display()))
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = new;
    let temporary = temporary_for(&file.path);
    write_file(&temporary, file, sync)?;
    Ok(Staged::Named(temporary))
}

/// Gives a staged file its path. `sync` is for a file written again, which only an
/// unnamed one can need. A file that was not there when probed (`replaces` false) never
/// replaces what is there now: a file made meanwhile, or, on a file system that ignores
/// case (macOS, Windows), one this run wrote as `Foo.json` before `foo.json`.
#[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
fn put_in_place(staged: Staged, file: &Planned, replaces: bool, sync: Sync) -> Result<(), String> {
    let cannot = |e: std::io::Error| {
        match e.kind() {
        std::io::ErrorKind::AlreadyExists => format!(
            "{}: cannot write: a file of this name appeared while it was written (one made meanwhile, or on a file system that ignores case one this run wrote under another case); it was not replaced",
            file.path.display()
        ),
        _ => format!("{}: cannot write: {e}", file.path.display()),
    }
    };
    match staged {
        #[cfg(target_os = "linux")]
        Staged::Unnamed(unnamed) => match crate::unnamed::name(&unnamed, &file.path) {
            Ok(()) => Ok(()),
            // Written, but this process may not name it: written again, named.
            Err(crate::unnamed::Refused::Unavailable) => {
                put_in_place(stage(file, false, sync)?, file, false, sync)
            }
            Err(crate::unnamed::Refused::Failed(e)) => Err(cannot(e)),
        },
        Staged::Named(temporary) => {
            let renamed = if replaces {
                std::fs::rename(&temporary, &file.path)
            } else {
                rename_to_free_name(&temporary, &file.path)
            };
            renamed.map_err(|e| {
                let _ = std::fs::remove_file(&temporary);
                cannot(e)
            })
        }
    }
}

/// Removes staged files that will not be put in place. Unnamed ones vanish when closed.
fn discard(staged: Vec<(Staged, &Planned)>) {
    for (one, _) in staged {
        if let Staged::Named(temporary) = one {
            let _ = std::fs::remove_file(temporary);
        }
    }
}

/// Why the files found already there may not be replaced: generated code never is,
/// anything else only with --force. Also refuses once Ctrl-C was pressed.
fn refusal(existing: &[&Planned], force: bool) -> Option<String> {
    if let Some(code) = existing.iter().find(|file| file.create_only) {
        Some(format!(
            "{} already exists; toolshift never overwrites code you may have edited. Move it away, or write to another folder",
            code.path.display()
        ))
    } else if let (false, Some(file)) = (force, existing.first()) {
        Some(format!(
            "{} already exists; pass --force to replace it",
            file.path.display()
        ))
    } else {
        not_interrupted().err()
    }
}

/// `refusal`, and under `--force` a file found there that this run wrote itself.
fn refusal_to_replace(
    existing: &[&Planned],
    force: bool,
    known_folders: &KnownFolders,
) -> Option<String> {
    let replaced = existing.iter().map(|file| file.path.as_path());
    refusal(existing, force).or_else(|| force.then(|| known_folders.written.refusal(replaced))?)
}

/// Why a converted item was not written: Ctrl-C came first.
pub const INTERRUPTED: &str = "interrupted before it was written";

/// Asked between writing an item's files and renaming them into place, so that after
/// Ctrl-C nothing of the item appears.
fn not_interrupted() -> Result<(), String> {
    if crate::interrupt::requested() {
        Err(INTERRUPTED.to_owned())
    } else {
        Ok(())
    }
}

/// The folder every file of the item sits in, when it lies below the folder items
/// share, so that no other item writes there.
fn own_folder<'a>(files: &'a [Planned], shared: &Path) -> Option<&'a Path> {
    let folder = files.first().map(|file| folder_of(&file.path))?;
    let own = !shared.as_os_str().is_empty()
        && strictly_below(folder, shared)
        && files.iter().all(|file| {
            // Spelled alike nearly always: the bytes answer before the components do.
            let other = folder_of(&file.path);
            other.as_os_str() == folder.as_os_str() || other == folder
        });
    own.then_some(folder)
}

/// Whether `folder` lies below `shared`, and is not `shared` itself. An output path is
/// `shared` joined with more, so its text nearly always answers: `shared`, a
/// separator, then a name. Only other spellings are compared component by component,
/// which costs far more, once per item of a batch.
fn strictly_below(folder: &Path, shared: &Path) -> bool {
    let text = folder.as_os_str().as_encoded_bytes();
    let base = shared.as_os_str().as_encoded_bytes();
    let named_below = text.starts_with(base)
        && !base.ends_with(b"/")
        && text.get(base.len()) == Some(&b'/')
        && text
            .get(base.len() + 1)
            .is_some_and(|first| *first != b'/' && *first != b'.');
    named_below || (folder != shared && folder.starts_with(shared))
}

/// A folder the run makes for a run of items (the outputs of one input folder), written
/// under a hidden name beside its place and renamed into place once the run is written.
/// No one looks into the hidden folder, so each item's files go straight to their places
/// in it: a skill is a folder and two files, with no folder of its own to rename, and a
/// manifest is a file, with no unnamed file to link. A new folder of 100 skills then
/// takes one rename instead of 100 (docs/performance.md at 79948a8, sixteenth round).
/// The folder appears whole, with every item the run wrote; an item that failed removed
/// what it had written, as anywhere else.
#[derive(Debug)]
pub struct StagedFolder {
    folder: PathBuf,
    hidden: PathBuf,
    /// Folders above it that were made for it, removed again if it holds nothing.
    made_now: Vec<PathBuf>,
}

impl StagedFolder {
    /// Starts writing `folder` under its hidden name, where nothing is at `folder` yet.
    /// `None` where something is, or the hidden folder cannot be made: the items are
    /// then written into place one by one, as in any folder.
    pub fn begin(folder: &Path, known_folders: &KnownFolders) -> Option<Self> {
        let parent = folder_of(folder);
        let mut made_now = Vec::new();
        known_folders.ensure(parent, parent, &mut made_now).ok()?;
        let hidden = hidden_folder_for(folder);
        let free = matches!(
            std::fs::symlink_metadata(folder),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound
        );
        if free && std::fs::create_dir(&hidden).is_ok() {
            return Some(Self {
                folder: folder.to_path_buf(),
                hidden,
                made_now,
            });
        }
        undo_folders(&made_now, known_folders);
        None
    }

    /// The hidden folder, and where each of an item's files goes in it, if all lie
    /// below the folder.
    fn places_of(&self, files: &[Planned]) -> Option<(&Path, Vec<PathBuf>)> {
        let places = files
            .iter()
            .map(|file| {
                let below = crate::paths::below(&file.path, &self.folder)?;
                (!below.as_os_str().is_empty()).then(|| joined(&self.hidden, below))
            })
            .collect::<Option<Vec<PathBuf>>>()?;
        Some((&self.hidden, places))
    }

    /// Puts the folder in place: renamed whole where its place is still free, else
    /// (something appeared there while the run wrote) entry by entry, refusing a name
    /// already taken. Answers the places of the entries not put in place, with why;
    /// those are removed. A folder no item was written into is removed instead.
    pub fn publish(self, written: bool, known_folders: &KnownFolders) -> Vec<(PathBuf, String)> {
        if !written {
            let _ = std::fs::remove_dir(&self.hidden);
            undo_folders(&self.made_now, known_folders);
            return Vec::new();
        }
        if rename_to_free_name(&self.hidden, &self.folder).is_ok() {
            return Vec::new();
        }
        let entries = match std::fs::read_dir(&self.hidden) {
            Ok(entries) => entries,
            Err(e) => {
                remove_entry(&self.hidden);
                let error = format!("{}: cannot write: {e}", self.folder.display());
                return vec![(self.folder.clone(), error)];
            }
        };
        let mut unplaced = Vec::new();
        for entry in entries.flatten() {
            let place = joined(&self.folder, entry.file_name());
            if let Err(e) = rename_to_free_name(&entry.path(), &place) {
                remove_entry(&entry.path());
                let error = format!("{}: cannot write: {e}", place.display());
                unplaced.push((place, error));
            }
        }
        let _ = std::fs::remove_dir(&self.hidden);
        unplaced
    }
}

/// The hidden name of a folder being staged: not the name `temporary_for` gives, which
/// a skill of the same name as the folder would write under.
fn hidden_folder_for(folder: &Path) -> PathBuf {
    static SUFFIX: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    hidden_beside(
        folder,
        SUFFIX.get_or_init(|| format!(".toolshift-{}.folder.tmp", process_id())),
    )
}

/// Renames `from` to `to` only where nothing is at `to` (a folder there, even an
/// empty one, is not replaced).
fn rename_to_free_name(from: &Path, to: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        match renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE) {
            Ok(()) => return Ok(()),
            // A file system that cannot refuse a taken name is asked first instead.
            Err(errno) if errno == rustix::io::Errno::INVAL => {}
            Err(errno) => return Err(errno.into()),
        }
    }
    if std::fs::symlink_metadata(to).is_ok() {
        return Err(std::io::Error::from(std::io::ErrorKind::AlreadyExists));
    }
    std::fs::rename(from, to)
}

/// Removes a file or a folder this run wrote, never following a link.
fn remove_entry(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(metadata) if metadata.is_dir() => {
            let _ = std::fs::remove_dir_all(path);
        }
        _ => {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Writes an item's files straight to their places in a staged folder (`root`), making
/// the folders below it they sit in. On failure what it wrote and made is removed again.
fn write_unseen(
    root: &Path,
    files: &[Planned],
    places: &[PathBuf],
    sync: Sync,
    known_folders: &KnownFolders,
) -> Result<(), String> {
    let mut made: Vec<PathBuf> = Vec::new();
    let mut ready: Vec<&Path> = Vec::new();
    let mut written: Vec<&Path> = Vec::new();
    let result = (|| {
        for (file, place) in files.iter().zip(places) {
            let cannot = |e: std::io::Error| format!("{}: cannot write: {e}", file.path.display());
            let folder = folder_of(place);
            let open = || {
                std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(place)
            };
            // Places are the root joined with names, so their bytes compare them.
            let below_root = folder.as_os_str() != root.as_os_str();
            if below_root
                && !ready
                    .iter()
                    .any(|made| made.as_os_str() == folder.as_os_str())
            {
                make_folders_below(folder, root, &mut made).map_err(cannot)?;
                ready.push(folder);
            }
            // A folder another item of the run made, and removed when that item failed,
            // is made again.
            let mut handle = match open() {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && below_root => {
                    make_folders_below(folder, root, &mut made).map_err(cannot)?;
                    open()
                }
                opened => opened,
            }
            .map_err(cannot)?;
            written.push(place);
            fill(&mut handle, &file.bytes, sync).map_err(cannot)?;
        }
        not_interrupted()
    })();
    if result.is_err() {
        for place in written {
            let _ = std::fs::remove_file(place);
        }
        undo_folders(&made, known_folders);
    }
    result
}

/// Makes `folder` and the folders between it and `root`, pushing each made onto `made`,
/// parents first.
fn make_folders_below(folder: &Path, root: &Path, made: &mut Vec<PathBuf>) -> std::io::Result<()> {
    match create_folder(folder) {
        Ok(true) => made.push(folder.to_path_buf()),
        Ok(false) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let parent = folder_of(folder);
            if parent == root || !parent.starts_with(root) {
                return Err(e);
            }
            make_folders_below(parent, root, made)?;
            if create_folder(folder)? {
                made.push(folder.to_path_buf());
            }
        }
        Err(e) => return Err(e),
    }
    Ok(())
}

/// Writes the files into a temporary folder beside `folder` and renames it into place.
/// Where `folder` is already there with something in it, the files written are
/// renamed into it one by one instead, under the usual rules for existing files.
fn write_own_folder(
    files: &[Planned],
    folder: &Path,
    shared: &Path,
    force: bool,
    sync: Sync,
    known_folders: &KnownFolders,
) -> Result<(), String> {
    let mut made_now: Vec<PathBuf> = Vec::new();
    let parent = folder_of(folder);
    known_folders
        .ensure(parent, shared, &mut made_now)
        .inspect_err(|_| undo_folders(&made_now, known_folders))?;
    let staging = temporary_for(folder);
    if let Err(e) = std::fs::create_dir(&staging) {
        undo_folders(&made_now, known_folders);
        return Err(format!("{}: cannot create folder: {e}", folder.display()));
    }
    let staged = |file: &Planned| {
        joined(
            &staging,
            crate::paths::name_of(&file.path).unwrap_or_default(),
        )
    };
    let discard = || {
        for file in files {
            let _ = std::fs::remove_file(staged(file));
        }
        let _ = std::fs::remove_dir(&staging);
        undo_folders(&made_now, known_folders);
    };
    let written = files
        .iter()
        .try_for_each(|file| write_file(&staged(file), file, sync))
        .and_then(|()| not_interrupted());
    if let Err(error) = written {
        discard();
        return Err(error);
    }
    let record = || {
        if force {
            files
                .iter()
                .for_each(|file| known_folders.written.record(&file.path));
        }
    };
    match std::fs::rename(&staging, folder) {
        Ok(()) => {
            record();
            return Ok(());
        }
        // Not there, or an empty folder, is replaced whole; anything else is refused
        // by the system and handled below.
        Err(_) if folder.is_dir() => {}
        Err(e) => {
            discard();
            return Err(format!("{}: cannot write: {e}", folder.display()));
        }
    }
    let existing: Vec<&Planned> = files.iter().filter(|file| file.path.exists()).collect();
    if let Some(refusal) = refusal_to_replace(&existing, force, known_folders) {
        discard();
        return Err(refusal);
    }
    for file in files {
        let replaces = existing.iter().any(|there| std::ptr::eq(*there, file));
        let renamed = if replaces {
            std::fs::rename(staged(file), &file.path)
        } else {
            rename_to_free_name(&staged(file), &file.path)
        };
        if let Err(e) = renamed {
            // What was renamed stays, as when renaming file by file anywhere else.
            discard();
            return Err(format!("{}: cannot write: {e}", file.path.display()));
        }
    }
    record();
    let _ = std::fs::remove_dir(&staging);
    Ok(())
}

/// Creates (or empties) `path`, a temporary name, and writes the file's bytes to it.
fn write_file(path: &Path, file: &Planned, sync: Sync) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("{}: cannot write: {e}", file.path.display());
    let mut handle = std::fs::File::create(path).map_err(cannot)?;
    fill(&mut handle, &file.bytes, sync).map_err(cannot)
}

/// Writes `bytes` to a file just made, flushing it to the disk with `Sync::EachFile`.
fn fill(handle: &mut std::fs::File, bytes: &[u8], sync: Sync) -> std::io::Result<()> {
    handle.write_all(bytes)?;
    match sync {
        Sync::EachFile => handle.sync_all(),
        Sync::Never => Ok(()),
    }
}

/// The hidden name a file or folder is written under before it is renamed to `path`:
/// beside it, so that the rename stays on one file system, and named by this process.
pub fn temporary_for(path: &Path) -> PathBuf {
    static SUFFIX: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    hidden_beside(
        path,
        SUFFIX.get_or_init(|| format!(".toolshift-{}.tmp", process_id())),
    )
}

/// `path`'s name, hidden (a leading `.`) and followed by `suffix`, beside it. Once per
/// written file: concat is a fraction of format!'s cost.
fn hidden_beside(path: &Path, suffix: &str) -> PathBuf {
    let name = crate::paths::name_of(path).unwrap_or_default();
    let mut hidden = std::ffi::OsString::with_capacity(1 + name.len() + suffix.len());
    hidden.push(".");
    hidden.push(name);
    hidden.push(suffix);
    joined(folder_of(path), hidden)
}

/// `folder` joined with `name` in one allocation of the right size, where
/// `Path::join` copies the folder and then grows the copy: this is done several
/// times for every file written.
pub fn joined(folder: &Path, name: impl AsRef<Path>) -> PathBuf {
    let name = name.as_ref();
    let length = folder.as_os_str().len() + 1 + name.as_os_str().len();
    let mut path = PathBuf::with_capacity(length);
    path.push(folder);
    path.push(name);
    path
}

/// The folder `path` sits in, `.` for a bare name.
pub fn folder_of(path: &Path) -> &Path {
    crate::paths::parent_of(path)
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Removes the folders an item made for outputs it then did not write, deepest first.
/// One another item has written into since is not empty, and stays.
fn undo_folders(made_now: &[PathBuf], known_folders: &KnownFolders) {
    for folder in made_now.iter().rev() {
        if std::fs::remove_dir(folder).is_ok() {
            known_folders.forget(folder);
        }
    }
}

/// Whether the user means `path` as a folder: one that exists, or a name ending in `/`.
pub fn means_folder(path: &Path) -> bool {
    path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/')
}

/// This process's id, which names its temporary files; asked of the system once.
pub fn process_id() -> u32 {
    static ID: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *ID.get_or_init(std::process::id)
}

/// The canonical path of the file, or of its folder joined with its name when it does not exist yet.
fn normalized(path: &Path) -> PathBuf {
    if let Ok(canonical) = path.canonicalize() {
        return canonical;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => normalized_dir(parent).join(name),
        _ => path.to_path_buf(),
    }
}

fn normalized_dir(dir: &Path) -> PathBuf {
    if dir.as_os_str().is_empty() {
        return PathBuf::from(".").canonicalize().unwrap_or_default();
    }
    dir.canonicalize().unwrap_or_else(|_| normalized(dir))
}

#[cfg(test)]
pub(crate) mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn below_by_text_agrees_with_below_by_components() {
        let paths = [
            "out", "out/", "out/a", "out/a/b", "out//a", "out/./a", "out/.a", "out/..", "outer/a",
            "ou", ".", "./a", "a", "/out", "/out/a", "out/.", "out/./", "",
        ];
        for folder in paths {
            for shared in paths {
                let (folder, shared) = (Path::new(folder), Path::new(shared));
                let expected = folder != shared && folder.starts_with(shared);
                assert_eq!(
                    strictly_below(folder, shared),
                    expected,
                    "{folder:?} below {shared:?}"
                );
            }
        }
    }

    /// Each spelling resolves as `Path::canonicalize` and `Path::is_dir` resolve it:
    /// links in the last part and before it, trailing separators and dots, parent
    /// steps, relative paths, and paths that do not resolve.
    #[cfg(unix)]
    #[test]
    fn inputs_resolve_as_the_system_resolves_them() {
        let root = scratch("resolve-inputs");
        std::fs::create_dir_all(root.join("real/sub")).unwrap();
        std::fs::write(root.join("real/a.yaml"), "name: a").unwrap();
        std::fs::write(root.join("real/sub/b.yaml"), "name: b").unwrap();
        std::os::unix::fs::symlink(root.join("real"), root.join("to-real")).unwrap();
        std::os::unix::fs::symlink(root.join("real/a.yaml"), root.join("to-a.yaml")).unwrap();
        std::os::unix::fs::symlink(root.join("nowhere"), root.join("broken")).unwrap();
        let under_root = [
            "real",
            "real/",
            "real/.",
            "real/a.yaml",
            "real/./a.yaml",
            "real//a.yaml",
            "real/sub/../a.yaml",
            "real/sub/..",
            "real/sub/b.yaml",
            "to-real",
            "to-real/",
            "to-real/.",
            "to-real/a.yaml",
            "to-real/sub/../sub/b.yaml",
            "to-a.yaml",
            "broken",
            "missing.yaml",
            "real/missing.yaml",
            "real/a.yaml/",
            "to-real/sub/..",
        ];
        let mut inputs: Vec<PathBuf> = under_root.iter().map(|p| root.join(p)).collect();
        // Relative to the test's working folder, the package's.
        for relative in [
            "Cargo.toml",
            "./Cargo.toml",
            "src",
            "src/",
            "src/../Cargo.toml",
            ".",
            "..",
            "",
        ] {
            inputs.push(PathBuf::from(relative));
        }
        inputs.push(PathBuf::from("-"));
        let resolved = resolve_inputs(&inputs);
        assert_eq!(resolved.len(), inputs.len());
        for (input, resolved) in inputs.iter().zip(&resolved) {
            let expected = (input.as_os_str() != "-")
                .then(|| input.canonicalize().ok())
                .flatten()
                .map(|canonical| ResolvedInput {
                    canonical,
                    is_dir: input.is_dir(),
                    folder_itself: std::fs::symlink_metadata(input).is_ok_and(|m| m.is_dir()),
                });
            assert_eq!(resolved, &expected, "{input:?}");
        }
        // Every kind above appears: resolved files and folders, and unresolved paths.
        assert!(resolved.iter().flatten().any(|r| r.is_dir));
        assert!(resolved.iter().flatten().any(|r| !r.is_dir));
        // A link to a folder is one for a path's checks, not for the walk.
        assert!(resolved
            .iter()
            .flatten()
            .any(|r| r.is_dir && !r.folder_itself));
        assert!(resolved.iter().filter(|r| r.is_none()).count() >= 5);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A fresh folder for one test, in the system's temporary folder.
    pub(crate) fn scratch(name: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("toolshift-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        root
    }

    fn planned(path: PathBuf, text: &str) -> Planned {
        Planned {
            path,
            bytes: text.as_bytes().to_vec(),
            create_only: false,
        }
    }

    #[test]
    fn a_folder_made_by_the_run_is_known_and_one_found_is_not() {
        let root = scratch("new-folders");
        let folders = KnownFolders::default();
        let mut made = Vec::new();
        let shared = root.join("a");
        assert!(!folders.ensure(&root, &shared, &mut made).unwrap());
        assert!(folders
            .ensure(&root.join("a/b"), &shared, &mut made)
            .unwrap());
        assert_eq!(made, vec![root.join("a"), root.join("a/b")]);
        // Made earlier in the run, so still new to it, and made by no one this time.
        let mut again = Vec::new();
        assert!(folders
            .ensure(&root.join("a"), &shared, &mut again)
            .unwrap());
        assert!(again.is_empty());
        // Spelled with a trailing separator, it is the same folder.
        let mut a_slash = root.join("a").into_os_string();
        a_slash.push("/");
        assert_eq!(folders.known(Path::new(&a_slash)), Some(true));
        // An item's own folder is not remembered: no other item writes there.
        assert_eq!(folders.known(&root.join("a/b")), None);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn the_output_folder_is_asked_for_once() {
        let root = scratch("output-folder");
        let folders = KnownFolders::default();
        folders.found_output_folder(&root);
        // Gone behind the run's back: no item asks the system again, so no item makes
        // it again either, and files in it are still probed for (not made by the run).
        std::fs::remove_dir(&root).unwrap();
        let mut made = Vec::new();
        assert!(!folders.ensure(&root, &root, &mut made).unwrap());
        assert!(made.is_empty() && !root.exists());
        assert_eq!(folders.known(&root), Some(false));
    }

    #[test]
    fn an_existing_file_is_still_refused_and_the_folders_made_for_it_are_removed() {
        let root = scratch("refused");
        std::fs::create_dir_all(root.join("old")).unwrap();
        std::fs::write(root.join("old/kept.json"), "before").unwrap();
        let folders = KnownFolders::default();
        let files = [
            planned(root.join("new/deep/a.json"), "a"),
            planned(root.join("old/kept.json"), "after"),
        ];
        let error = write_all(&files, &root, false, Sync::Never, &folders, None).unwrap_err();
        assert!(error.contains("kept.json already exists"), "{error}");
        assert!(
            !root.join("new").exists(),
            "the folders made for the item stay"
        );
        assert_eq!(
            std::fs::read_to_string(root.join("old/kept.json")).unwrap(),
            "before"
        );
        // With --force the same item is written, and a later item in the new folder too.
        write_all(&files, &root, true, Sync::Never, &folders, None).unwrap();
        assert_eq!(
            std::fs::read_to_string(root.join("old/kept.json")).unwrap(),
            "after"
        );
        write_all(
            &[planned(root.join("new/deep/b.json"), "b")],
            &root.join("new/deep"),
            false,
            Sync::Never,
            &folders,
            None,
        )
        .unwrap();
        assert_eq!(
            std::fs::read_to_string(root.join("new/deep/b.json")).unwrap(),
            "b"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_new_file_never_replaces_one_that_took_its_name_meanwhile() {
        let root = scratch("taken-meanwhile");
        let file = planned(root.join("Tool.json"), "ours");
        // Staged under a temporary name, and (on Linux) unnamed.
        for unnamed in [false, true] {
            let staged = stage(&file, unnamed, Sync::Never).unwrap();
            std::fs::write(&file.path, "theirs").unwrap();
            let error = put_in_place(staged, &file, false, Sync::Never).unwrap_err();
            assert!(error.contains("it was not replaced"), "{error}");
            assert_eq!(std::fs::read_to_string(&file.path).unwrap(), "theirs");
            assert_eq!(listing(&root), ["Tool.json"], "a temporary file stays");
        }
        // A file that was there when probed is replaced (--force).
        let staged = stage(&file, false, Sync::Never).unwrap();
        put_in_place(staged, &file, true, Sync::Never).unwrap();
        assert_eq!(std::fs::read_to_string(&file.path).unwrap(), "ours");
        assert_eq!(listing(&root), ["Tool.json"]);
        let _ = std::fs::remove_dir_all(&root);
    }

    /// On a file system that ignores case, `foo.json` is the file `Foo.json`: a hard link
    /// is the same here, and a link to a folder stands for `greet/` being `Greet/`.
    #[cfg(unix)]
    #[test]
    fn with_force_a_file_this_run_wrote_is_never_replaced_under_another_name() {
        let root = scratch("case-blind");
        let folders = KnownFolders::default();
        folders.found_output_folder(&root);
        std::fs::write(root.join("Foo.json"), "before the run").unwrap();
        let write = |name: &str, text: &str| {
            let file = planned(root.join(name), text);
            write_all(&[file], &root, true, Sync::Never, &folders, None)
        };
        write("Foo.json", "first").unwrap();
        std::fs::hard_link(root.join("Foo.json"), root.join("foo.json")).unwrap();
        let error = write("foo.json", "second").unwrap_err();
        assert!(error.contains("differs only by case"), "{error}");
        assert_eq!(
            std::fs::read_to_string(root.join("Foo.json")).unwrap(),
            "first"
        );
        // What was there before the run is replaced as --force asks.
        std::fs::write(root.join("bar.json"), "before the run").unwrap();
        write("bar.json", "new").unwrap();
        assert_eq!(
            std::fs::read_to_string(root.join("bar.json")).unwrap(),
            "new"
        );

        let skill = |folder: &str, text: &str| {
            let file = planned(root.join(folder).join("plugin.json"), text);
            write_all(&[file], &root, true, Sync::Never, &folders, None)
        };
        skill("Greet", "first").unwrap();
        std::os::unix::fs::symlink("Greet", root.join("greet")).unwrap();
        let error = skill("greet", "second").unwrap_err();
        assert!(error.contains("differs only by case"), "{error}");
        let kept = std::fs::read_to_string(root.join("Greet/plugin.json")).unwrap();
        assert_eq!(kept, "first");
        let _ = std::fs::remove_dir_all(&root);
    }

    /// The names in a folder, sorted, hidden ones included.
    pub(crate) fn listing(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// Skills written into a staged folder: `name` with a manifest and a handler.
    fn staged_skill(folder: &Path, name: &str) -> [Planned; 2] {
        [
            planned(folder.join(name).join("plugin.json"), name),
            Planned {
                create_only: true,
                ..planned(folder.join(name).join("handler.js"), name)
            },
        ]
    }

    /// A scratch folder (`scratch(name)`), the folders known, and `out/tools` staged
    /// with the skills named written into it.
    fn staged_with(name: &str, skills: &[&str]) -> (PathBuf, KnownFolders, PathBuf, StagedFolder) {
        let root = scratch(name);
        let folders = KnownFolders::default();
        let folder = root.join("out/tools");
        let staged = StagedFolder::begin(&folder, &folders).unwrap();
        for name in skills {
            let skill = staged_skill(&folder, name);
            write_all(&skill, &folder, false, Sync::Never, &folders, Some(&staged)).unwrap();
        }
        assert!(!folder.exists(), "nothing shows before the run is written");
        (root, folders, folder, staged)
    }

    #[test]
    fn a_staged_folder_appears_whole_with_every_item_written_into_it() {
        let (root, folders, folder, staged) = staged_with("staged-whole", &["a", "b"]);
        // A manifest of its own and one in a folder below, as Arcade writes them.
        for place in ["Echo.json", "kit/deeper/Echo.json"] {
            let file = planned(folder.join(place), "{}");
            write_all(
                &[file],
                &folder,
                false,
                Sync::Never,
                &folders,
                Some(&staged),
            )
            .unwrap();
        }
        assert!(!folder.exists());
        assert!(staged.publish(true, &folders).is_empty());
        assert_eq!(
            listing(&root.join("out")),
            ["tools"],
            "nothing hidden is left"
        );
        assert_eq!(listing(&folder), ["Echo.json", "a", "b", "kit"]);
        assert_eq!(listing(&folder.join("a")), ["handler.js", "plugin.json"]);
        assert_eq!(
            std::fs::read_to_string(folder.join("b/plugin.json")).unwrap(),
            "b"
        );
        assert_eq!(listing(&folder.join("kit/deeper")), ["Echo.json"]);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_staged_folder_is_only_begun_where_nothing_is_and_leaves_nothing_unused() {
        let root = scratch("staged-unused");
        let folders = KnownFolders::default();
        std::fs::create_dir_all(root.join("out/there")).unwrap();
        assert!(StagedFolder::begin(&root.join("out/there"), &folders).is_none());
        std::fs::write(root.join("out/file"), "").unwrap();
        assert!(StagedFolder::begin(&root.join("out/file"), &folders).is_none());
        // No item was written: the hidden folder goes, and so does the folder made for it.
        let staged = StagedFolder::begin(&root.join("out/new/tools"), &folders).unwrap();
        assert_eq!(listing(&root.join("out")), ["file", "new", "there"]);
        assert!(staged.publish(false, &folders).is_empty());
        assert_eq!(listing(&root.join("out")), ["file", "there"]);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn an_item_that_fails_in_a_staged_folder_removes_what_it_wrote() {
        let (root, folders, folder, staged) = staged_with("staged-failure", &["a"]);
        // Its second file cannot be made: something holds its place already.
        let [manifest, _] = staged_skill(&folder, "b");
        let hidden = staged.hidden.clone();
        std::fs::write(hidden.join("other"), "").unwrap();
        let taken = planned(folder.join("other"), "b");
        let error = write_all(
            &[manifest, taken],
            &folder,
            false,
            Sync::Never,
            &folders,
            Some(&staged),
        )
        .unwrap_err();
        assert!(error.contains("cannot write"), "{error}");
        assert_eq!(
            listing(&hidden),
            ["a", "other"],
            "b's folder and manifest are gone"
        );
        std::fs::remove_file(hidden.join("other")).unwrap();
        assert!(staged.publish(true, &folders).is_empty());
        assert_eq!(listing(&folder), ["a"]);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_staged_folder_whose_place_was_taken_goes_in_entry_by_entry() {
        let (root, folders, folder, staged) = staged_with("staged-taken", &["a", "b"]);
        // Meanwhile something made the folder, with a skill `a` of its own.
        std::fs::create_dir_all(folder.join("a")).unwrap();
        std::fs::write(folder.join("a/plugin.json"), "theirs").unwrap();
        let unplaced = staged.publish(true, &folders);
        assert_eq!(unplaced.len(), 1, "{unplaced:?}");
        let (place, error) = &unplaced[0];
        assert_eq!(place, &folder.join("a"));
        assert!(error.contains("cannot write"), "{error}");
        assert_eq!(
            listing(&root.join("out")),
            ["tools"],
            "nothing hidden is left"
        );
        assert_eq!(listing(&folder), ["a", "b"]);
        assert_eq!(
            listing(&folder.join("a")),
            ["plugin.json"],
            "theirs is untouched"
        );
        assert_eq!(
            std::fs::read_to_string(folder.join("a/plugin.json")).unwrap(),
            "theirs"
        );
        assert_eq!(listing(&folder.join("b")), ["handler.js", "plugin.json"]);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_skill_folder_appears_whole_and_an_existing_one_keeps_the_usual_rules() {
        let root = scratch("own-folder");
        let folders = KnownFolders::default();
        let skill = |text: &str| {
            [
                planned(root.join("out/weather/plugin.json"), text),
                Planned {
                    create_only: true,
                    ..planned(root.join("out/weather/handler.js"), text)
                },
            ]
        };
        let shared = root.join("out");
        write_all(&skill("one"), &shared, false, Sync::Never, &folders, None).unwrap();
        assert_eq!(listing(&shared), ["weather"], "no temporary folder is left");
        assert_eq!(
            listing(&shared.join("weather")),
            ["handler.js", "plugin.json"]
        );
        // Already there: refused without --force, and nothing is left behind.
        let error =
            write_all(&skill("two"), &shared, false, Sync::Never, &folders, None).unwrap_err();
        assert!(error.contains("already exists"), "{error}");
        assert_eq!(listing(&shared), ["weather"]);
        assert_eq!(
            std::fs::read_to_string(shared.join("weather/plugin.json")).unwrap(),
            "one"
        );
        // --force replaces the manifest but never the handler a user may have edited.
        let error =
            write_all(&skill("two"), &shared, true, Sync::Never, &folders, None).unwrap_err();
        assert!(error.contains("never overwrites code"), "{error}");
        std::fs::remove_file(shared.join("weather/handler.js")).unwrap();
        write_all(&skill("two"), &shared, true, Sync::Never, &folders, None).unwrap();
        assert_eq!(listing(&shared), ["weather"]);
        assert_eq!(
            std::fs::read_to_string(shared.join("weather/plugin.json")).unwrap(),
            "two"
        );
        assert_eq!(
            std::fs::read_to_string(shared.join("weather/handler.js")).unwrap(),
            "two"
        );
        // An empty folder of that name is taken over.
        std::fs::remove_dir_all(shared.join("weather")).unwrap();
        std::fs::create_dir(shared.join("weather")).unwrap();
        write_all(&skill("three"), &shared, false, Sync::Never, &folders, None).unwrap();
        assert_eq!(
            listing(&shared.join("weather")),
            ["handler.js", "plugin.json"]
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
