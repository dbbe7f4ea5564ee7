//! The dialects toolshift knows. Adding one is one crate and one line here.

use serde_json::Value;
use toolshift_model::Dialect;

/// Every dialect, in the order lists and messages show them: the one list of dialects.
pub static DIALECTS: &[&dyn Dialect] = &[
    &toolshift_arcade_v1::ArcadeV1,
    &toolshift_arcade_v2::ArcadeV2,
    &toolshift_arcade::Arcade,
    &toolshift_taskweaver::TaskWeaver,
    &toolshift_anythingllm::AnythingLlm,
    &toolshift_mcp::Mcp,
    &toolshift_openai::OpenAi,
    &toolshift_anthropic::Anthropic,
    &toolshift_gemini::Gemini,
];

/// Every dialect's id, comma-separated, for messages.
pub fn ids() -> String {
    DIALECTS
        .iter()
        .map(|d| d.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The dialect of `id`, or a message listing the ids there are.
pub fn by_id(id: &str) -> Result<&'static dyn Dialect, String> {
    DIALECTS
        .iter()
        .copied()
        .find(|dialect| dialect.id() == id)
        .ok_or_else(|| format!("unknown dialect `{id}`; expected one of: {}", ids()))
}

/// Whether no dialect claims the document at all: a walked file such as `package.json`.
pub fn detect_none(document: &Value) -> bool {
    DIALECTS.iter().all(|dialect| dialect.detect(document) == 0)
}

/// The dialect with the strongest claim on the document; a tie is not a guess.
pub fn detect(document: &Value) -> Result<&'static dyn Dialect, String> {
    let mut scored: Vec<(u8, &'static dyn Dialect)> = DIALECTS
        .iter()
        .map(|dialect| (dialect.detect(document), *dialect))
        .filter(|(score, _)| *score > 0)
        .collect();
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    match scored.as_slice() {
        [] => Err(format!(
            "not a manifest of any known dialect ({}); pass --from",
            ids()
        )),
        [(best, first), (second_score, second), ..] if best == second_score => Err(format!(
            "could be {} or {}; pass --from",
            first.id(),
            second.id()
        )),
        [(_, best), ..] => Ok(*best),
    }
}
