//! Outputs that would land on one path: two tools of one list document, or two items
//! of a batch. Either would replace a file unseen, so both are found before anything is
//! written.

use std::path::Path;
use toolshift_model::Dialect;

/// The paths given for more than one index, each with its indexes, in a fixed order.
/// Every output path is built the same way (the output folder joined with relative
/// components), so equal paths are equal bytes: sorting the bytes finds them with no
/// copy and no component-by-component comparison, which cost more than the check itself.
pub fn shared_paths<'a>(
    paths: impl Iterator<Item = (&'a Path, usize)>,
) -> Vec<(&'a Path, Vec<usize>)> {
    let mut sorted: Vec<(&[u8], &Path, usize)> = paths
        .map(|(path, index)| (path.as_os_str().as_encoded_bytes(), path, index))
        .collect();
    sorted.sort_unstable_by(|a, b| (a.0, a.2).cmp(&(b.0, b.2)));
    let mut shared: Vec<(&Path, Vec<usize>)> = Vec::new();
    for run in sorted.chunk_by(|a, b| a.0 == b.0) {
        // A run is sorted by index too: it holds two items exactly when its ends differ.
        if let (Some((_, path, first)), Some((_, _, last))) = (run.first(), run.last()) {
            if first != last {
                let mut indexes: Vec<usize> = run.iter().map(|(_, _, index)| *index).collect();
                indexes.dedup();
                shared.push((path, indexes));
            }
        }
    }
    shared
}

/// Two tools of one document that would be written to one file (a list naming one tool
/// twice): refused before anything is written, naming both. The second would replace
/// the first unseen, or fail the document when only half of it was in place. `advice`
/// ends the message: what the caller can do instead.
pub fn refuse_shared_outputs(
    conversions: &[toolshift_model::Conversion],
    from: &dyn Dialect,
    source: &toolshift_model::Source<'_>,
    advice: &str,
) -> Result<(), toolshift_model::DialectError> {
    if conversions.len() < 2 {
        return Ok(());
    }
    let paths = conversions
        .iter()
        .enumerate()
        .flat_map(|(index, conversion)| {
            let files = conversion.files.iter();
            files.map(move |file| (Path::new(file.path.as_str()), index))
        });
    let Some((path, tools)) = shared_paths(paths).into_iter().next() else {
        return Ok(());
    };
    let names =
        crate::request::name_pointers(from, source.document, conversions.iter().map(|c| &c.tool));
    let name_at = |tool: Option<&usize>| {
        tool.and_then(|&i| names.get(i))
            .cloned()
            .unwrap_or_default()
    };
    let first = name_at(tools.first());
    Err(toolshift_model::DialectError::invalid(
        name_at(tools.get(1)),
        format!(
            "this tool and the one named at {} would both be written to {}: {advice}",
            crate::batch_report::show_pointer(&first),
            path.display()
        ),
    ))
}
