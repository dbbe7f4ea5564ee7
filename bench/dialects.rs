//! Micro-benchmarks of one manifest per dialect: parsing its text, reading it into the
//! model, and writing the model back (`cargo bench --bench dialects`). The documents
//! are the probes `toolshift explain` runs, which use every field of the model.

// A benchmark that cannot set up its input should stop loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use toolshift_model::{syntax, Dialect, Source, Tool, WriteOptions};

fn main() {
    divan::main();
}

const PROBES: [(&str, &str); 7] = [
    ("arcade", include_str!("../src/probes/arcade-full.json")),
    (
        "arcade-v1",
        include_str!("../src/probes/arcade-v1-full.json"),
    ),
    (
        "arcade-v2",
        include_str!("../src/probes/arcade-v2-full.json"),
    ),
    (
        "taskweaver",
        include_str!("../src/probes/taskweaver-full.yaml"),
    ),
    (
        "anythingllm",
        include_str!("../src/probes/anythingllm-full.json"),
    ),
    ("mcp", include_str!("../src/probes/mcp-full.json")),
    ("openai", include_str!("../src/probes/openai-strict.json")),
];

fn dialect(id: &str) -> &'static dyn Dialect {
    let all: [&'static dyn Dialect; 7] = [
        &toolshift_arcade::Arcade,
        &toolshift_arcade_v1::ArcadeV1,
        &toolshift_arcade_v2::ArcadeV2,
        &toolshift_taskweaver::TaskWeaver,
        &toolshift_anythingllm::AnythingLlm,
        &toolshift_mcp::Mcp,
        &toolshift_openai::OpenAi,
    ];
    all.into_iter()
        .find(|d| d.id() == id)
        .expect("a known dialect")
}

fn text(id: &str) -> &'static str {
    PROBES
        .iter()
        .find(|(d, _)| *d == id)
        .map(|(_, t)| *t)
        .expect("a probe")
}

fn tool(id: &str) -> Tool {
    let (document, _) = syntax::parse(text(id)).unwrap();
    let source = Source {
        display: id,
        dir: None,
        listed: None,
        document: &document,
    };
    dialect(id).read(&source).unwrap().tool
}

#[divan::bench(args = ["arcade", "arcade-v1", "arcade-v2", "taskweaver", "anythingllm", "mcp", "openai"])]
fn parse(id: &str) {
    divan::black_box(syntax::parse(divan::black_box(text(id))).unwrap());
}

#[divan::bench(args = ["arcade", "arcade-v1", "arcade-v2", "taskweaver", "anythingllm", "mcp", "openai"])]
fn read(bencher: divan::Bencher, id: &str) {
    let (document, _) = syntax::parse(text(id)).unwrap();
    let source = Source {
        display: id,
        dir: None,
        listed: None,
        document: &document,
    };
    let dialect = dialect(id);
    bencher.bench(|| divan::black_box(dialect.read(&source)));
}

#[divan::bench(args = ["arcade", "arcade-v1", "arcade-v2", "taskweaver", "anythingllm", "mcp", "openai"])]
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

#[divan::bench(args = ["arcade", "arcade-v1", "arcade-v2", "taskweaver", "anythingllm", "mcp", "openai"])]
fn render_json(bencher: divan::Bencher, id: &str) {
    let manifest = manifest(id);
    bencher.bench(|| divan::black_box(toolshift_model::json_text::to_pretty(&manifest)));
}

#[divan::bench(args = ["arcade", "arcade-v1", "arcade-v2", "taskweaver", "anythingllm", "mcp", "openai"])]
fn render_yaml(bencher: divan::Bencher, id: &str) {
    let manifest = manifest(id);
    bencher.bench(|| divan::black_box(toolshift_model::yaml::to_yaml(&manifest)));
}

/// serde_json's pretty printer, which `render_json` replaced, for comparison.
#[divan::bench(args = ["arcade", "arcade-v1", "arcade-v2", "taskweaver", "anythingllm", "mcp", "openai"])]
fn render_json_serde(bencher: divan::Bencher, id: &str) {
    let manifest = manifest(id);
    bencher.bench(|| divan::black_box(serde_json::to_string_pretty(&manifest)));
}

/// serde_json's own reading into a value, without the duplicate-key and depth checks of
/// `parse`, for comparison.
#[divan::bench(args = ["arcade", "arcade-v1", "arcade-v2", "anythingllm", "mcp", "openai"])]
fn parse_serde(id: &str) {
    divan::black_box(
        serde_json::from_str::<serde_json::Value>(divan::black_box(text(id))).unwrap(),
    );
}
