//! The file-system floor of a TaskWeaver → AnythingLLM batch: the system calls
//! toolshift cannot avoid, with no parsing or converting. Each input is read, and its
//! skill is written as toolshift writes a new one: two files in a temporary folder, which
//! is renamed into place; on as many threads as there are cores. `bench/run` times it beside toolshift, so that a
//! ratio to `cp -r` can be split into what the write protocol costs and what the
//! conversion costs (docs/performance.md).
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

fn inputs(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            inputs(&entry.path(), out);
        } else {
            out.push(entry.path());
        }
    }
}

fn main() {
    // `cargo bench` passes `--bench`; the folders are the other arguments.
    let folders: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    let [input, output] = folders.as_slice() else {
        panic!("usage: cargo bench --bench io_floor -- INPUT_FOLDER OUTPUT_FOLDER");
    };
    let mut files = Vec::new();
    inputs(input, &mut files);
    files.sort();
    std::fs::create_dir_all(output).unwrap();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let share = files.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        for part in files.chunks(share) {
            scope.spawn(move || {
                let mut text = Vec::new();
                for file in part {
                    text.clear();
                    std::fs::File::open(file)
                        .unwrap()
                        .read_to_end(&mut text)
                        .unwrap();
                    let folder = output.join(file.strip_prefix(input).unwrap().with_extension(""));
                    let parent = folder.parent().unwrap();
                    let staging = parent.join(format!(
                        ".{}.tmp",
                        folder.file_name().unwrap().to_string_lossy()
                    ));
                    if std::fs::create_dir(&staging).is_err() {
                        std::fs::create_dir_all(parent).unwrap();
                        std::fs::create_dir(&staging).unwrap();
                    }
                    for name in ["plugin.json", "handler.js"] {
                        std::fs::File::create(staging.join(name))
                            .unwrap()
                            .write_all(&text)
                            .unwrap();
                    }
                    std::fs::rename(&staging, &folder).unwrap();
                }
            });
        }
    });
}
