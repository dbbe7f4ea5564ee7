//! Opening a file of an input, which a stranger may change while toolshift reads it.
//!
//! Callers open a file only once a probe (`symlink_metadata`) or a folder's listing said
//! it is a regular file. Between the two someone may put a link or a FIFO in its place;
//! the open itself then refuses the link and does not wait on the FIFO, so what the
//! probe or the listing promised still holds.

use std::fs::File;
use std::path::Path;

/// Why a file of an input was not opened.
#[derive(Debug)]
pub enum Unopened {
    /// A symbolic link is there, and was not followed.
    Link,
    Io(std::io::Error),
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

/// Elsewhere the probe before it is all the protection there is.
#[cfg(not(target_os = "linux"))]
pub fn open_unfollowed(path: &Path) -> Result<File, Unopened> {
    File::open(path).map_err(Unopened::Io)
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
