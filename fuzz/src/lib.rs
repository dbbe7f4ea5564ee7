//! What every fuzz target does: parse the bytes as the CLI would, read the document
//! with one dialect, and convert what it read to every dialect. A panic is a bug.

use toolshift_model::{convert_all, Detail, Dialect, Source, WriteOptions};

pub const TARGETS: [&dyn Dialect; 7] = [
    &toolshift_arcade::Arcade,
    &toolshift_arcade_v1::ArcadeV1,
    &toolshift_arcade_v2::ArcadeV2,
    &toolshift_taskweaver::TaskWeaver,
    &toolshift_anythingllm::AnythingLlm,
    &toolshift_mcp::Mcp,
    &toolshift_openai::OpenAi,
];

pub fn read_and_convert(dialect: &dyn Dialect, bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok((document, _)) = toolshift_model::syntax::parse(text) else {
        return;
    };
    let source = Source {
        display: "fuzz",
        dir: None,
        listed: None,
        document: &document,
    };
    if dialect.read(&source).is_err() && dialect.tools_in(&document).is_none() {
        return;
    }
    for target in TARGETS {
        let _ = convert_all(
            dialect,
            target,
            &source,
            &WriteOptions::default(),
            Detail::Full,
        );
    }
}
