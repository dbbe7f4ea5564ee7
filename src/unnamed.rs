//! New files written without a name until they are whole (Linux `O_TMPFILE`), then
//! given their name at once (`linkat`).
//!
//! A named temporary file needs a rename and, were the process killed before it, would
//! stay behind; an unnamed one needs neither, and the link refuses a name that is
//! already taken instead of replacing it. Where the file system or the kernel offers no
//! unnamed files, or does not let this process name one, the caller writes a named
//! temporary file as before; the first refusal turns this off for the rest of the run.

use std::fs::File;
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

static UNAVAILABLE: AtomicBool = AtomicBool::new(false);

/// Why an unnamed file could not be used.
#[derive(Debug)]
pub enum Refused {
    /// Not offered here: write a named temporary file instead.
    Unavailable,
    /// Offered, and this write failed.
    Failed(std::io::Error),
}

/// An unnamed file in `folder` holding `bytes`, flushed to the disk first with `sync`.
pub fn write(folder: &Path, bytes: &[u8], sync: bool) -> Result<File, Refused> {
    if UNAVAILABLE.load(Ordering::Relaxed) {
        return Err(Refused::Unavailable);
    }
    let mut file = create_in(folder)?;
    file.write_all(bytes)
        .and_then(|()| if sync { file.sync_all() } else { Ok(()) })
        .map_err(Refused::Failed)?;
    Ok(file)
}

/// Gives the unnamed file its name. A name already taken is refused as `AlreadyExists`.
pub fn name(file: &File, path: &Path) -> Result<(), Refused> {
    use rustix::io::Errno;
    let flags = rustix::fs::AtFlags::EMPTY_PATH;
    match rustix::fs::linkat(file, "", rustix::fs::CWD, path, flags) {
        Ok(()) => Ok(()),
        // Kernels before 6.10 name an open file only for a process allowed to read any
        // file (CAP_DAC_READ_SEARCH), and answer ENOENT otherwise. Were the folder
        // gone instead, the named temporary file written in its place fails and says so.
        Err(errno) if errno == Errno::NOENT || errno == Errno::PERM || errno == Errno::NOSYS => {
            Err(turned_off())
        }
        Err(errno) => Err(Refused::Failed(errno.into())),
    }
}

fn create_in(folder: &Path) -> Result<File, Refused> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::TMPFILE | OFlags::WRONLY | OFlags::CLOEXEC;
    match rustix::fs::open(folder, flags, Mode::from_raw_mode(0o666)) {
        Ok(fd) => Ok(File::from(fd)),
        // The file system has no unnamed files (EOPNOTSUPP), or the kernel predates
        // them and took the flag for O_DIRECTORY (EISDIR).
        Err(errno)
            if errno == rustix::io::Errno::OPNOTSUPP
                || errno == rustix::io::Errno::ISDIR
                || errno == rustix::io::Errno::INVAL =>
        {
            Err(turned_off())
        }
        Err(errno) => Err(Refused::Failed(errno.into())),
    }
}

/// The first refusal turns unnamed files off for the rest of the run.
fn turned_off() -> Refused {
    UNAVAILABLE.store(true, Ordering::Relaxed);
    Refused::Unavailable
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::output::tests::{listing as entries, scratch};

    /// Linux has offered unnamed files on tmpfs, ext4, XFS and Btrfs since 3.11, and
    /// lets their opener name them since 6.10 (root always could), so these tests run
    /// wherever toolshift is built and tested.
    fn unnamed(folder: &Path, bytes: &[u8]) -> File {
        match write(folder, bytes, false) {
            Ok(file) => file,
            Err(Refused::Unavailable) => panic!("{}: no unnamed files here", folder.display()),
            Err(Refused::Failed(error)) => panic!("{error}"),
        }
    }

    fn named(file: &File, path: &Path) -> std::io::Result<()> {
        match name(file, path) {
            Ok(()) => Ok(()),
            Err(Refused::Unavailable) => {
                panic!("{}: cannot name an unnamed file here", path.display())
            }
            Err(Refused::Failed(error)) => Err(error),
        }
    }

    #[test]
    fn an_unnamed_file_appears_only_when_named_and_whole() {
        let root = scratch("unnamed-named");
        let file = unnamed(&root, b"whole");
        assert!(entries(&root).is_empty());
        named(&file, &root.join("out.json")).unwrap();
        drop(file);
        assert_eq!(entries(&root), ["out.json"]);
        assert_eq!(std::fs::read(root.join("out.json")).unwrap(), b"whole");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn an_unnamed_file_never_named_leaves_nothing() {
        let root = scratch("unnamed-dropped");
        let file = unnamed(&root, b"never seen");
        drop(file);
        assert!(entries(&root).is_empty());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn naming_never_replaces_a_file_already_there() {
        let root = scratch("unnamed-taken");
        std::fs::write(root.join("out.json"), "theirs").unwrap();
        let file = unnamed(&root, b"ours");
        let refused = named(&file, &root.join("out.json")).unwrap_err();
        assert_eq!(refused.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(root.join("out.json")).unwrap(), b"theirs");
        assert_eq!(entries(&root), ["out.json"]);
        let _ = std::fs::remove_dir_all(&root);
    }
}
