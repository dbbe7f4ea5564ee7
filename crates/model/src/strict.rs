//! What a provider's strict mode accepts (OpenAI's `strict` function calling,
//! Anthropic's strict tool use): the rules a dialect declares through
//! `Dialect::strict_rules`, and how large one strict schema may be. Making a schema
//! strict is `toolshift_json_schema::strict`'s work.

use serde_json::{Map, Value};

/// What one provider's strict mode accepts.
#[derive(Debug, Clone, Copy)]
pub struct StrictRules {
    /// The mode's name, for messages: `OpenAI strict mode`.
    pub target: &'static str,
    /// Constraint keywords it enforces, besides the structural ones every strict mode
    /// has (`type`, `properties`, `required`, `additionalProperties: false`, `items`,
    /// `enum`, `const`, `anyOf`, `$ref`, `$defs`, `description`, `title`).
    pub constraints: &'static [&'static str],
    /// The `format` values it accepts.
    pub formats: &'static [&'static str],
    /// Whether every property must be required (optional ones then accept `null`).
    pub all_required: bool,
    /// Whether it keeps `default` (else it goes into the description).
    pub defaults: bool,
    /// Whether a definition may refer to itself.
    pub recursion: bool,
    /// Whether `pattern` may use lookaround, backreferences and word boundaries.
    pub full_regex: bool,
    /// Whether `enum` may list objects and arrays, not only scalars.
    pub complex_enums: bool,
    /// How large one strict schema may be, where the provider says.
    pub size: Option<SizeLimits>,
}

/// How large one strict schema may be (OpenAI's "Objects have limitations on nesting
/// depth and size", "Limitations on total string size" and "on enum size").
#[derive(Debug, Clone, Copy)]
pub struct SizeLimits {
    /// Object properties, over the whole schema.
    pub properties: usize,
    /// Objects nested in one another, the arguments being the first.
    pub depth: usize,
    /// Characters of every property name, definition name, enum value and const value.
    pub characters: usize,
    /// Enum values, over the whole schema.
    pub enum_values: usize,
    /// An enum of more than `long_enum` strings may hold `long_enum_characters` at most.
    pub long_enum: usize,
    pub long_enum_characters: usize,
}

/// What one schema holds, counted as `SizeLimits` counts.
#[derive(Debug, Default)]
struct Size {
    properties: usize,
    depth: usize,
    characters: usize,
    enum_values: usize,
    /// The characters of the largest enum of more than `long_enum` strings.
    long_enum_characters: usize,
}

impl SizeLimits {
    /// Why `schema` is larger than these limits allow, if it is.
    pub fn exceeded_by(&self, schema: &Value) -> Option<String> {
        let mut size = Size::default();
        self.measure(schema, 0, &mut size);
        let over = |what: &str, count: usize, limit: usize| {
            (count > limit).then(|| format!("hold {count} {what}, more than the {limit} it takes"))
        };
        over("object properties", size.properties, self.properties)
            .or_else(|| over("levels of nested objects", size.depth, self.depth))
            .or_else(|| {
                over(
                    "characters of names and enum values",
                    size.characters,
                    self.characters,
                )
            })
            .or_else(|| over("enum values", size.enum_values, self.enum_values))
            .or_else(|| {
                over(
                    "characters in one long enum",
                    size.long_enum_characters,
                    self.long_enum_characters,
                )
            })
    }

    fn measure(&self, schema: &Value, depth: usize, size: &mut Size) {
        let Some(object) = schema.as_object() else {
            return;
        };
        // One pass over a schema's few keys: looking each keyword up hashed it.
        let mut depth = depth;
        for (key, value) in object {
            match (key.as_str(), value) {
                ("properties", properties) => {
                    depth += 1;
                    if let Value::Object(properties) = properties {
                        size.properties += properties.len();
                        size.characters += characters_of_keys(properties);
                    }
                }
                ("$defs" | "definitions", Value::Object(definitions)) => {
                    size.characters += characters_of_keys(definitions);
                }
                ("enum", Value::Array(values)) => self.measure_enum(values, size),
                ("const", value) => size.characters += characters_of_text(value),
                _ => {}
            }
        }
        size.depth = size.depth.max(depth);
        for_each_subschema(object, |child| self.measure(child, depth, size));
    }

    fn measure_enum(&self, values: &[Value], size: &mut Size) {
        let characters: usize = values.iter().map(characters_of_text).sum();
        size.enum_values += values.len();
        size.characters += characters;
        if values.len() > self.long_enum && values.iter().all(Value::is_string) {
            size.long_enum_characters = size.long_enum_characters.max(characters);
        }
    }
}

fn characters_of_keys(object: &Map<String, Value>) -> usize {
    object.keys().map(|key| key.chars().count()).sum()
}

fn characters_of_text(value: &Value) -> usize {
    value.as_str().map_or(0, |text| text.chars().count())
}

/// Visits the schemas one schema object holds, which strict mode's limits and budgets
/// count through: properties and definitions, the branches of `anyOf`, `oneOf` and
/// `allOf`, `items` and `additionalProperties`.
pub fn for_each_subschema<'a>(object: &'a Map<String, Value>, mut visit: impl FnMut(&'a Value)) {
    for (key, value) in object {
        match (key.as_str(), value) {
            ("properties" | "$defs" | "definitions", Value::Object(children)) => {
                children.values().for_each(&mut visit);
            }
            ("anyOf" | "oneOf" | "allOf", Value::Array(branches)) => {
                branches.iter().for_each(&mut visit);
            }
            ("items" | "additionalProperties", child) => visit(child),
            _ => {}
        }
    }
}
