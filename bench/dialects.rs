//! Micro-benchmarks of one manifest per dialect: parsing its text, reading it into the
//! model, and writing the model back (`cargo bench --bench dialects`). The documents
//! are the probes `toolshift explain` runs, which use every field of the model.

// A benchmark that cannot set up its input should stop loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use toolshift_model::{Dialect, Source, Tool, WriteOptions};
use toolshift_syntax::syntax;

fn main() {
    divan::main();
}

/// Every dialect of the registry, by id.
fn ids() -> impl Iterator<Item = &'static str> {
    toolshift::registry::DIALECTS
        .iter()
        .map(|dialect| dialect.id())
}

fn dialect(id: &str) -> &'static dyn Dialect {
    toolshift::registry::by_id(id).expect("a known dialect")
}

fn text(id: &str) -> &'static str {
    toolshift::probe_text(id).expect("a probe")
}

fn tool(id: &str) -> Tool {
    let (document, _) = syntax::parse(text(id)).unwrap();
    let source = Source::in_memory(id, &document);
    dialect(id).read(&source).unwrap().tool
}

#[divan::bench(args = ids())]
fn parse(id: &str) {
    divan::black_box(syntax::parse(divan::black_box(text(id))).unwrap());
}

#[divan::bench(args = ids())]
fn read(bencher: divan::Bencher, id: &str) {
    let (document, _) = syntax::parse(text(id)).unwrap();
    let source = Source::in_memory(id, &document);
    let dialect = dialect(id);
    bencher.bench(|| divan::black_box(dialect.read(&source)));
}

#[divan::bench(args = ids())]
fn write(bencher: divan::Bencher, id: &str) {
    let tool = tool(id);
    let dialect = dialect(id);
    let options = WriteOptions::default();
    bencher.bench(|| divan::black_box(dialect.write(&tool, &options)));
}

/// The written manifest as the text saved to disk: pretty JSON, and YAML (`--format yaml`).
fn manifest(id: &str) -> serde_json::Value {
    let written = dialect(id)
        .write(&tool(id), &WriteOptions::default())
        .unwrap();
    written.manifest().cloned().expect("a manifest")
}

#[divan::bench(args = ids())]
fn render_json(bencher: divan::Bencher, id: &str) {
    let manifest = manifest(id);
    bencher.bench(|| divan::black_box(toolshift_syntax::json_text::to_pretty(&manifest)));
}

#[divan::bench(args = ids())]
fn render_yaml(bencher: divan::Bencher, id: &str) {
    let manifest = manifest(id);
    bencher.bench(|| divan::black_box(toolshift_syntax::yaml::to_yaml(&manifest)));
}

/// serde_json's own reading into a value, without the duplicate-key and depth checks of
/// `parse`, for comparison.
#[divan::bench(args = ids().filter(|id| text(id).starts_with('{')))]
fn parse_serde(id: &str) {
    divan::black_box(
        serde_json::from_str::<serde_json::Value>(divan::black_box(text(id))).unwrap(),
    );
}
