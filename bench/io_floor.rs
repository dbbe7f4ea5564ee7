//! The file-system floor of a TaskWeaver → AnythingLLM batch: the system calls
//! toolshift cannot avoid, with no parsing or converting. Each input is read, and its
//! skill is written as toolshift writes a new one: in a folder the run makes below the
//! output folder, the folder is made under a hidden name, each skill is a folder and two
//! files written straight into it, and the folder is renamed into place at the end; in
//! the output folder itself, each skill's two files go into a temporary folder, which is
//! renamed into place. Folders are shared out among as many threads as there are cores.
//! `bench/run` times it beside toolshift, so that a ratio to `cp -r` can be split into
//! what the write protocol costs and what the conversion costs (docs/performance.md).
//!
//!   cargo bench --bench io_floor -- INPUT_FOLDER OUTPUT_FOLDER

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Each folder below `folder` (and itself) with the files directly in it.
fn folders(folder: &Path, out: &mut Vec<(PathBuf, Vec<PathBuf>)>) {
    let mut files = Vec::new();
    let mut below = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            below.push(entry.path());
        } else {
            files.push(entry.path());
        }
    }
    files.sort();
    below.sort();
    out.push((folder.to_path_buf(), files));
    for folder in below {
        folders(&folder, out);
    }
}

fn write_skill(folder: &Path, text: &[u8]) {
    std::fs::create_dir(folder).unwrap();
    for name in ["plugin.json", "handler.js"] {
        std::fs::File::create(folder.join(name))
            .unwrap()
            .write_all(text)
            .unwrap();
    }
}

fn main() {
    // `cargo bench` passes `--bench`; the folders are the other arguments.
    let arguments: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    let [input, output] = arguments.as_slice() else {
        panic!("usage: cargo bench --bench io_floor -- INPUT_FOLDER OUTPUT_FOLDER");
    };
    let mut found = Vec::new();
    folders(input, &mut found);
    std::fs::create_dir_all(output).unwrap();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = found.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for part in found.chunks(share) {
            scope.spawn(move || {
                let mut text = Vec::new();
                for (folder, files) in part {
                    if files.is_empty() {
                        continue;
                    }
                    let place = output.join(folder.strip_prefix(input).unwrap());
                    let staged = place != *output && files.len() > 1;
                    let hidden = place.parent().unwrap().join(format!(
                        ".{}.folder.tmp",
                        place.file_name().unwrap_or_default().to_string_lossy()
                    ));
                    if staged {
                        std::fs::create_dir_all(place.parent().unwrap()).unwrap();
                        std::fs::create_dir(&hidden).unwrap();
                    }
                    for file in files {
                        text.clear();
                        std::fs::File::open(file)
                            .unwrap()
                            .read_to_end(&mut text)
                            .unwrap();
                        let name = file.file_stem().unwrap();
                        if staged {
                            write_skill(&hidden.join(name), &text);
                            continue;
                        }
                        std::fs::create_dir_all(&place).unwrap();
                        let staging = place.join(format!(".{}.tmp", name.to_string_lossy()));
                        write_skill(&staging, &text);
                        std::fs::rename(&staging, place.join(name)).unwrap();
                    }
                    if staged {
                        std::fs::rename(&hidden, &place).unwrap();
                    }
                }
            });
        }
    });
}
