//! What one request of a provider's API takes beyond each tool: how many tools, and
//! strict mode's budget shared by all of them. `--bundle` writes one request's tools,
//! so the batch checks these over the bundle (docs/losses.md, `request-limit-exceeded`
//! and `strict-over-budget`).

use serde_json::Value;
use toolshift_syntax::text::NameIndex;

/// The limits of one request, as the provider documents them (each dialect's page in
/// `docs/` cites its source).
#[derive(Debug, Clone, Copy)]
pub struct RequestLimits {
    /// The API's name, for messages: `OpenAI`.
    pub target: &'static str,
    /// How many tools one request may hold.
    pub tools: Option<usize>,
    /// Strict mode's budget over every strict tool of the request.
    pub strict: Option<StrictBudget>,
}

/// What the strict tools of one request may hold together.
#[derive(Debug, Clone, Copy)]
pub struct StrictBudget {
    /// The mode's name, for messages: `Anthropic strict tool use`.
    pub mode: &'static str,
    pub tools: usize,
    /// Properties not listed in their object's `required`, at any depth.
    pub optional_parameters: usize,
    /// Properties whose schema is an `anyOf` or a type array, at any depth.
    pub union_parameters: usize,
}

/// Where one manifest keeps what a request limits, as pointers into it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RequestPlaces {
    pub name: String,
    pub arguments: Option<String>,
    /// The strict flag, for a target whose tools can be strict.
    pub strict: Option<String>,
}

/// How many optional and how many union-typed properties a schema holds, at any depth,
/// as strict mode's budget counts them.
pub fn budget_counts(schema: &Value) -> (usize, usize) {
    let mut counts = (0, 0);
    count_in(schema, &mut counts);
    counts
}

fn count_in(schema: &Value, counts: &mut (usize, usize)) {
    let Some(object) = schema.as_object() else {
        return;
    };
    if let Some(properties) = object.get("properties").and_then(Value::as_object) {
        let required = object.get("required").and_then(Value::as_array);
        let listed = NameIndex::new(required.into_iter().flatten().filter_map(Value::as_str));
        for (key, property) in properties {
            counts.0 += usize::from(!listed.contains(key));
            counts.1 += usize::from(is_union(property));
        }
    }
    crate::strict::for_each_subschema(object, |child| count_in(child, counts));
}

fn is_union(schema: &Value) -> bool {
    schema.get("anyOf").is_some()
        || schema.get("oneOf").is_some()
        || schema
            .get("type")
            .and_then(Value::as_array)
            .is_some_and(|types| types.len() > 1)
}

#[cfg(test)]
mod tests {
    use super::budget_counts;
    use serde_json::json;

    #[test]
    fn optional_and_union_properties_are_counted_at_every_depth() {
        let schema = json!({
            "type": "object",
            "properties": {
                "a": {"type": "string"},
                "b": {"type": ["string", "null"]},
                "c": {"type": "array", "items": {
                    "type": "object",
                    "properties": {"d": {"anyOf": [{"type": "string"}, {"type": "integer"}]}},
                    "required": ["d"]
                }}
            },
            "required": ["a"]
        });
        assert_eq!(budget_counts(&schema), (2, 2));
    }
}
