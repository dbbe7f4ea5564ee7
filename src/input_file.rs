//! Opening a file of an input, which a stranger may change while toolshift reads it.
//!
//! Callers open a file only once a probe (`symlink_metadata`) or a folder's listing said
//! it is a regular file. Between the two someone may put a link or a FIFO in its place;
//! the open itself then refuses the link and does not wait on the FIFO, so what the
//! probe or the listing promised still holds. Someone may also put another folder, or a
//! link to one, in the place of a folder listed: a thread reads a walk's files in a
//! folder it holds open, checked to be the one listed (`hold_folder`).

use std::ffi::OsStr;
use std::fs::File;
use std::path::Path;

/// A folder as the system knows it (its device and inode), whatever its path now leads
/// to: a folder someone puts in the place of one a walk listed is another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FolderId {
    device: u64,
    inode: u64,
}

impl FolderId {
    /// The folder's identity, from its metadata.
    #[cfg(unix)]
    pub fn of(metadata: &std::fs::Metadata) -> Self {
        use std::os::unix::fs::MetadataExt;
        Self {
            device: metadata.dev(),
            inode: metadata.ino(),
        }
    }
}

pub use toolshift_model::dialect::Unopened;

/// The file system, as readers see it through `Source::files`: each companion file is
/// probed, then opened as the probe saw it (`open_probed`).
#[derive(Debug, Clone, Copy, Default)]
pub struct FileSystem;

impl toolshift_model::InputFiles for FileSystem {
    fn open(
        &self,
        dir: &Path,
        file: &str,
    ) -> Result<Option<toolshift_model::dialect::OpenedFile>, Unopened> {
        let opened = open_probed(dir, file)?;
        Ok(opened.map(|(handle, size)| (Box::new(handle) as Box<dyn std::io::Read>, size)))
    }
}

/// Opens `path` for reading without following a link in its last component
/// (`O_NOFOLLOW`) and without waiting for a writer should it be a FIFO (`O_NONBLOCK`).
#[cfg(target_os = "linux")]
pub fn open_unfollowed(path: &Path) -> Result<File, Unopened> {
    open_unfollowed_in(rustix::fs::CWD, path)
}

/// `open_unfollowed` for `path` taken from `folder`, a handle on a folder.
#[cfg(target_os = "linux")]
pub fn open_unfollowed_in(folder: impl std::os::fd::AsFd, path: &Path) -> Result<File, Unopened> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    match rustix::fs::openat(folder, path, flags, Mode::empty()) {
        Ok(opened) => Ok(File::from(opened)),
        Err(errno) if errno == rustix::io::Errno::LOOP => Err(Unopened::Link),
        Err(errno) => Err(Unopened::Io(errno.into())),
    }
}

/// Opens `name`, listed as a folder in `folder`, from it without following a link: to
/// list it (`to_list`), or else only to open what is in it (`O_PATH`). A link or a file
/// in its place is `Unopened::Link` (Linux answers `ENOTDIR` for a link opened as a
/// folder, `ELOOP` otherwise).
#[cfg(target_os = "linux")]
pub fn open_listed_folder(
    folder: impl std::os::fd::AsFd,
    name: &OsStr,
    to_list: bool,
) -> Result<File, Unopened> {
    use rustix::fs::{Mode, OFlags};
    let access = if to_list {
        OFlags::RDONLY
    } else {
        OFlags::PATH
    };
    let flags = access | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    match rustix::fs::openat(folder, name, flags, Mode::empty()) {
        Ok(opened) => Ok(File::from(opened)),
        Err(errno) if errno == rustix::io::Errno::LOOP || errno == rustix::io::Errno::NOTDIR => {
            Err(Unopened::Link)
        }
        Err(errno) => Err(Unopened::Io(errno.into())),
    }
}

/// Elsewhere the probe before it is all the protection there is.
#[cfg(not(target_os = "linux"))]
pub fn open_unfollowed(path: &Path) -> Result<File, Unopened> {
    File::open(path).map_err(Unopened::Io)
}

/// A folder of an input a thread holds open, by the path it stands for.
#[cfg(target_os = "linux")]
struct HeldFolder {
    path: std::path::PathBuf,
    handle: File,
    id: FolderId,
}

/// The folders of an input a thread holds: the folder it last read a listed file in,
/// and the subfolder of it (a skill folder) it last read in.
#[cfg(target_os = "linux")]
#[derive(Default)]
struct Held {
    folder: Option<HeldFolder>,
    /// Opened from `folder`, so it needs no identity of its own.
    subfolder: Option<(std::path::PathBuf, File)>,
}

#[cfg(target_os = "linux")]
thread_local! {
    /// A batch's items come a folder at a time, so nearly every file is opened by its
    /// name in a folder already held (the system does not look up the folders on its
    /// path again), and the companion files a conversion then reads beside it come from
    /// the same folder.
    static HELD: std::cell::RefCell<Held> = std::cell::RefCell::new(Held::default());
}

#[cfg(target_os = "linux")]
fn replaced() -> std::io::Error {
    std::io::Error::other(
        "its folder was replaced after it was listed; toolshift reads a file only from the folder it listed, so it was not read",
    )
}

/// Makes `folder` the folder this thread holds: kept if held already, else opened by its
/// path and refused unless it is the folder `listed_in` names, where that is given. With
/// `subfolder`, that subfolder of it is held too, opened from it without following a
/// link.
#[cfg(target_os = "linux")]
pub fn hold_folder(
    folder: &Path,
    listed_in: Option<FolderId>,
    subfolder: Option<&OsStr>,
) -> std::io::Result<()> {
    hold_then(folder, listed_in, subfolder, |_| ())
}

/// `hold_folder`, then `then` on the handle held last (the subfolder's, if one is
/// asked for), in the same look at what the thread holds.
#[cfg(target_os = "linux")]
fn hold_then<R>(
    folder: &Path,
    listed_in: Option<FolderId>,
    subfolder: Option<&OsStr>,
    then: impl FnOnce(&File) -> R,
) -> std::io::Result<R> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC;
    HELD.with(|cell| {
        let mut held = cell.try_borrow_mut().map_err(std::io::Error::other)?;
        let held = &mut *held;
        held.subfolder = None;
        let parent = match held.folder.take() {
            Some(kept)
                if kept.path.as_os_str() == folder.as_os_str()
                    && listed_in.is_none_or(|id| id == kept.id) =>
            {
                held.folder.insert(kept)
            }
            _ => {
                let at = if folder.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    folder
                };
                let handle = File::from(rustix::fs::open(at, flags, Mode::empty())?);
                let id = FolderId::of(&handle.metadata()?);
                if listed_in.is_some_and(|listed| listed != id) {
                    return Err(replaced());
                }
                held.folder.insert(HeldFolder {
                    path: folder.to_path_buf(),
                    handle,
                    id,
                })
            }
        };
        let Some(name) = subfolder else {
            return Ok(then(&parent.handle));
        };
        let opened = open_listed_folder(&parent.handle, name, false).map_err(|unopened| match unopened {
            Unopened::Link => std::io::Error::other("it was listed as a folder and is now a symbolic link or a file; toolshift never follows a link in an input, so it was not read"),
            Unopened::Io(error) => error,
        })?;
        let done = then(&opened);
        held.subfolder = Some((folder.join(name), opened));
        Ok(done)
    })
}

/// Runs `with` on this thread's handle on `folder`, if it holds that folder.
#[cfg(target_os = "linux")]
fn in_held<R>(folder: &Path, with: impl FnOnce(&File) -> R) -> Option<R> {
    HELD.with(|cell| {
        let held = cell.try_borrow().ok()?;
        let subfolder = held.subfolder.as_ref().map(|(path, handle)| (path, handle));
        let folder_held = held.folder.as_ref().map(|held| (&held.path, &held.handle));
        let (_, handle) = [subfolder, folder_held]
            .into_iter()
            .flatten()
            .find(|(path, _)| path.as_os_str() == folder.as_os_str())?;
        Some(with(handle))
    })
}

/// What a probe of a file of an input found, without following a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probed {
    /// Nothing is there.
    Missing,
    /// A symbolic link, never followed.
    Link,
    /// A regular file, of this many bytes.
    File(u64),
    /// A folder, FIFO, socket or device: never opened.
    Other,
}

/// Probes `name` in `folder`: in the handle this thread holds on `folder` where it holds
/// one (the folder its manifest was read from), else by the path.
pub fn probe(folder: &Path, name: &str) -> Probed {
    #[cfg(target_os = "linux")]
    if let Some(probed) = in_held(folder, |handle| probe_in(handle, Path::new(name))) {
        return probed;
    }
    match std::fs::symlink_metadata(folder.join(name)) {
        Ok(metadata) if metadata.file_type().is_symlink() => Probed::Link,
        Ok(metadata) if metadata.is_file() => Probed::File(metadata.len()),
        Ok(_) => Probed::Other,
        Err(_) => Probed::Missing,
    }
}

/// Probes `path`, taken from `folder`, a handle on a folder, without following a link
/// in its last component.
#[cfg(target_os = "linux")]
pub fn probe_in(folder: impl std::os::fd::AsFd, path: &Path) -> Probed {
    use rustix::fs::{AtFlags, FileType};
    match rustix::fs::statat(folder, path, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(stat) => match FileType::from_raw_mode(stat.st_mode) {
            FileType::Symlink => Probed::Link,
            FileType::RegularFile => Probed::File(u64::try_from(stat.st_size).unwrap_or_default()),
            _ => Probed::Other,
        },
        Err(_) => Probed::Missing,
    }
}

/// Opens `name` in `folder` if a probe finds a regular file there, with its size then;
/// `None` where nothing, or something other than a file or a link, is there. The open
/// itself refuses a link and does not wait on a FIFO, should one have taken the file's
/// place since the probe.
pub fn open_probed(folder: &Path, name: &str) -> Result<Option<(File, u64)>, Unopened> {
    match probe(folder, name) {
        Probed::Link => Err(Unopened::Link),
        Probed::File(size) => Ok(Some((open_in(folder, name)?, size))),
        Probed::Missing | Probed::Other => Ok(None),
    }
}

/// Opens `name` in `folder` as `open_unfollowed` does: in the handle this thread holds
/// on `folder` where it holds one, else by the path.
pub fn open_in(folder: &Path, name: &str) -> Result<File, Unopened> {
    #[cfg(target_os = "linux")]
    if let Some(opened) = in_held(folder, |handle| open_unfollowed_in(handle, Path::new(name))) {
        return opened;
    }
    open_unfollowed(&folder.join(name))
}

/// Opens a file a walk listed as a regular file in a folder it listed (`listed_in`),
/// from the very folder listed: a link put in the file's place since is refused, as is
/// another folder, or a link to one, put in the folder's place.
#[cfg(target_os = "linux")]
pub fn open_listed(file: &Path, listed_in: Option<FolderId>) -> Result<File, Unopened> {
    let (Some(folder), Some(name)) = (file.parent(), file.file_name()) else {
        return open_unfollowed(file);
    };
    hold_then(folder, listed_in, None, |handle| {
        open_unfollowed_in(handle, Path::new(name))
    })
    .map_err(Unopened::Io)?
}

#[cfg(not(target_os = "linux"))]
pub fn open_listed(file: &Path, _listed_in: Option<FolderId>) -> Result<File, Unopened> {
    open_unfollowed(file)
}

#[cfg(not(target_os = "linux"))]
pub fn hold_folder(
    _folder: &Path,
    _listed_in: Option<FolderId>,
    _subfolder: Option<&OsStr>,
) -> std::io::Result<()> {
    Ok(())
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::io::Read;

    fn scratch(name: &str) -> std::path::PathBuf {
        let root =
            std::env::temp_dir().join(format!("toolshift-model-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        root
    }

    fn text_of(file: Result<File, Unopened>) -> String {
        let mut text = String::new();
        file.unwrap().read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn files_are_read_in_the_folder_held_whatever_its_path_leads_to_since() {
        let root = scratch("held");
        let (listed, skill) = (root.join("listed"), root.join("listed/skill"));
        std::fs::create_dir_all(&skill).unwrap();
        std::fs::write(listed.join("plugin.py"), "listed").unwrap();
        std::fs::write(skill.join("handler.js"), "listed skill").unwrap();
        let id = FolderId::of(&std::fs::metadata(&listed).unwrap());
        hold_folder(&listed, Some(id), None).unwrap();
        // The folder is put aside and an impostor put at its path.
        std::fs::rename(&listed, root.join("aside")).unwrap();
        std::fs::create_dir_all(listed.join("skill")).unwrap();
        std::fs::write(listed.join("plugin.py"), "impostor").unwrap();
        std::fs::write(listed.join("skill/handler.js"), "impostor skill").unwrap();
        assert_eq!(probe(&listed, "plugin.py"), Probed::File(6));
        assert_eq!(text_of(open_in(&listed, "plugin.py")), "listed");
        // A thread that does not hold it opens it by its path, and checks what it finds;
        // one holding nothing reads by the path.
        let elsewhere = std::thread::spawn({
            let listed = listed.clone();
            move || {
                let by_path = text_of(open_in(&listed, "plugin.py"));
                (
                    by_path,
                    hold_folder(&listed, Some(id), None).map_err(|e| e.to_string()),
                )
            }
        });
        let (by_path, checked) = elsewhere.join().unwrap();
        assert_eq!(by_path, "impostor");
        assert!(checked.unwrap_err().contains("replaced"));
        // A subfolder is opened from the folder listed, not from the impostor.
        let aside = root.join("aside");
        let aside_id = FolderId::of(&std::fs::metadata(&aside).unwrap());
        hold_folder(&aside, Some(aside_id), Some(OsStr::new("skill"))).unwrap();
        let skill_aside = aside.join("skill");
        assert_eq!(text_of(open_in(&skill_aside, "handler.js")), "listed skill");
        // One swapped for a link is refused.
        std::fs::remove_dir_all(&skill_aside).unwrap();
        std::os::unix::fs::symlink(listed.join("skill"), &skill_aside).unwrap();
        let linked = hold_folder(&aside, Some(aside_id), Some(OsStr::new("skill"))).unwrap_err();
        assert!(linked.to_string().contains("symbolic link"), "{linked}");
        assert_eq!(probe(&root, "aside"), Probed::Other);
        assert_eq!(probe(&aside, "skill"), Probed::Link);
        assert_eq!(probe(&aside, "none"), Probed::Missing);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_file_is_opened_a_link_is_refused_and_a_fifo_is_not_waited_on() {
        let root = scratch("unfollowed");
        let file = root.join("plain.py");
        std::fs::write(&file, "print('hi')").unwrap();
        let mut text = String::new();
        open_unfollowed(&file)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, "print('hi')");

        let link = root.join("link.py");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert!(matches!(open_unfollowed(&link), Err(Unopened::Link)));
        assert!(matches!(
            open_unfollowed(&root.join("missing.py")),
            Err(Unopened::Io(e)) if e.kind() == std::io::ErrorKind::NotFound
        ));

        let fifo = root.join("waits.py");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let (sender, receiver) = std::sync::mpsc::channel();
        let opening = fifo.clone();
        std::thread::spawn(move || {
            let read = open_unfollowed(&opening).map(|mut handle| {
                let mut text = String::new();
                handle.read_to_string(&mut text).map(|_| text).ok()
            });
            sender.send(read.ok().flatten())
        });
        let waited = receiver.recv_timeout(std::time::Duration::from_secs(10));
        if waited.is_err() {
            // Lets the waiting open go, then fails.
            let _ = std::fs::OpenOptions::new().write(true).open(&fifo);
        }
        assert_eq!(waited, Ok(Some(String::new())));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
