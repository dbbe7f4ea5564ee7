//! Cutting a batch into chunks converted and written together, so that memory stays
//! flat however many files there are.
//!
//! Outputs can collide only within one output folder, so a chunk that never splits a
//! folder's items finds every collision itself. Chunks are cut only where the walk says
//! no folder has items on both sides, and kept to about `size` items. A run of items
//! that cannot be cut and is larger than two chunks (thousands of files in one folder)
//! comes as one planned chunk: every output path is planned first (as a hash), so that
//! collisions are still found before anything is written, and it is then converted
//! `size` items at a time.

use crate::walk::{Found, Item};
use std::collections::VecDeque;

#[derive(Debug)]
pub struct Chunk {
    pub items: Vec<Item>,
    /// Too large to convert whole: planned first, then converted in parts.
    pub planned: bool,
    /// How many items each run no chunk may split holds, in order: no two outputs of
    /// different runs can collide.
    pub runs: Vec<usize>,
}

impl Chunk {
    /// The chunk's items, a run at a time.
    pub fn by_run(&self) -> Vec<&[Item]> {
        let mut rest = self.items.as_slice();
        let mut runs = Vec::with_capacity(self.runs.len());
        for &length in &self.runs {
            let (run, after) = rest.split_at(length.min(rest.len()));
            runs.push(run);
            rest = after;
        }
        runs
    }
}

pub struct Chunks<I> {
    found: I,
    size: usize,
    /// Items since the last place the batch may be cut.
    uncut: Vec<Item>,
    /// Whole runs of items, not yet a full chunk, and the length of each.
    gathered: Vec<Item>,
    gathered_runs: Vec<usize>,
    ready: VecDeque<Chunk>,
    ended: bool,
}

impl<I: Iterator<Item = Found>> Chunks<I> {
    pub fn new(found: I, size: usize) -> Self {
        Self {
            found,
            size: size.max(1),
            uncut: Vec::new(),
            gathered: Vec::new(),
            gathered_runs: Vec::new(),
            ready: VecDeque::new(),
            ended: false,
        }
    }

    /// What the items come from (the walk), between chunks.
    pub fn source(&mut self) -> &mut I {
        &mut self.found
    }

    /// Adds a run of items no chunk may split.
    fn gather(&mut self, run: Vec<Item>) {
        if run.len() > self.size.saturating_mul(2) {
            self.flush();
            self.ready.push_back(Chunk {
                runs: vec![run.len()],
                items: run,
                planned: true,
            });
            return;
        }
        if !self.gathered.is_empty() && self.gathered.len().saturating_add(run.len()) > self.size {
            self.flush();
        }
        self.gathered_runs.push(run.len());
        toolshift_model::append_moving(&mut self.gathered, run);
        if self.gathered.len() >= self.size {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if !self.gathered.is_empty() {
            self.ready.push_back(Chunk {
                items: std::mem::take(&mut self.gathered),
                planned: false,
                runs: std::mem::take(&mut self.gathered_runs),
            });
        }
    }
}

impl<I: Iterator<Item = Found>> Iterator for Chunks<I> {
    type Item = Chunk;

    fn next(&mut self) -> Option<Chunk> {
        while self.ready.is_empty() && !self.ended {
            match self.found.next() {
                Some(found) => {
                    self.uncut.push(found.item);
                    if found.cut_after {
                        let run = std::mem::take(&mut self.uncut);
                        self.gather(run);
                    }
                }
                None => {
                    self.ended = true;
                    // A walk always allows a cut after its last item; this is only a
                    // guard, so that nothing is ever left behind.
                    let run = std::mem::take(&mut self.uncut);
                    if !run.is_empty() {
                        self.gather(run);
                    }
                    self.flush();
                }
            }
        }
        self.ready.pop_front()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::path::Path;
    use std::sync::Arc;

    /// Items named by their folder, `cut` marking where a chunk may end.
    fn found(folders: &[(&str, bool)]) -> Vec<Found> {
        folders
            .iter()
            .enumerate()
            .map(|(index, (folder, cut))| Found {
                item: Item {
                    path: Path::new(folder).join(index.to_string()).into_boxed_path(),
                    relative_dir: Arc::from(Path::new(folder)),
                    walked: true,
                    listed: None,
                    skill_folder: false,
                    folder: None,
                },
                cut_after: *cut,
            })
            .collect()
    }

    /// Each chunk's items by folder, a run at a time, and whether it is planned.
    fn shape(found: Vec<Found>, size: usize) -> Vec<(Vec<Vec<String>>, bool)> {
        Chunks::new(found.into_iter(), size)
            .map(|chunk| {
                assert_eq!(chunk.runs.iter().sum::<usize>(), chunk.items.len());
                let runs = chunk
                    .by_run()
                    .into_iter()
                    .map(|run| {
                        run.iter()
                            .map(|item| item.relative_dir.display().to_string())
                            .collect()
                    })
                    .collect();
                (runs, chunk.planned)
            })
            .collect()
    }

    /// Runs of items named by their folder.
    fn folders(runs: &[&[&str]]) -> Vec<Vec<String>> {
        runs.iter()
            .map(|names| names.iter().map(|name| (*name).to_owned()).collect())
            .collect()
    }

    #[test]
    fn chunks_are_cut_only_where_allowed_and_kept_near_their_size() {
        let batch = found(&[
            ("a", false),
            ("a", true),
            ("b", true),
            ("c", false),
            ("c", false),
            ("c", true),
        ]);
        assert_eq!(
            shape(batch, 2),
            vec![
                (folders(&[&["a", "a"]]), false),
                (folders(&[&["b"]]), false),
                (folders(&[&["c", "c", "c"]]), false),
            ]
        );
    }

    #[test]
    fn small_runs_share_a_chunk() {
        let batch = found(&[("a", true), ("b", true), ("c", true), ("d", true)]);
        assert_eq!(
            shape(batch, 3),
            vec![
                (folders(&[&["a"], &["b"], &["c"]]), false),
                (folders(&[&["d"]]), false)
            ]
        );
    }

    #[test]
    fn a_run_larger_than_two_chunks_is_planned_on_its_own() {
        let mut batch = found(&[("a", true)]);
        batch.extend(found(&[("b", false), ("b", false), ("b", true)]));
        batch.extend(found(&[("c", false), ("c", true)]));
        assert_eq!(
            shape(batch, 1),
            vec![
                (folders(&[&["a"]]), false),
                (folders(&[&["b", "b", "b"]]), true),
                (folders(&[&["c", "c"]]), false),
            ]
        );
    }

    #[test]
    fn nothing_is_left_behind_without_a_final_cut() {
        let batch = found(&[("a", true), ("b", false), ("b", false)]);
        assert_eq!(
            shape(batch, 8),
            vec![(folders(&[&["a"], &["b", "b"]]), false)]
        );
    }
}
