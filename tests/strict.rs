//! Strict mode keeps what a tool accepts. For every golden and corpus document, and
//! every tool of the MCP corpus (`../shared/corpus/mcp`, with `TOOLSHIFT_CORPUS`),
//! converted with `--strict` to each dialect that has a strict mode (`openai`,
//! `anthropic`):
//!
//! - a strict output keeps to the mode's documented rules (`strict_rule_breaks`);
//! - argument objects generated from the plain schema (what the tool accepts) are
//!   accepted by the strict one, each omitted property passed as `null` where the mode
//!   requires every property; and objects generated from the strict schema, with each
//!   such `null` left out, are accepted by the plain one, once the constraints the
//!   report says were folded into descriptions are taken from it;
//! - a non-strict output has a `strict-unavailable` entry naming the property.
//!
//! Objects are validated with the `jsonschema` crate; the generator is a seeded one in
//! this file, so every run checks the same objects.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use libtest_mimic::Arguments;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use support::Document;
use toolshift_json_schema::strict::folded_note;
use toolshift_model::strict::StrictRules;
use toolshift_model::{convert_all, Detail, Dialect, LossCode, WriteOptions};

/// Objects generated from each side of each tool.
const SAMPLES: usize = 24;
/// Objects generated for each one a schema accepts, at most.
const ATTEMPTS: usize = 200;

#[derive(Default)]
struct Counts {
    tools: usize,
    strict: usize,
    equivalent: usize,
    objects: usize,
    codes: BTreeMap<&'static str, usize>,
}

fn main() {
    let arguments = Arguments::from_args();
    let scratch = support::Scratch::new().unwrap();
    let (mut documents, corpus) = support::test_documents(scratch.path());
    if let Some(corpus) = corpus {
        documents.extend(mcp_documents(&corpus.join("mcp")));
    }
    let mut trials = Vec::new();
    for target in support::all_dialects().filter(|d| d.strict_rules().is_some()) {
        let mut counts = Counts::default();
        for document in &documents {
            let problems = check(document, target, &mut counts);
            let name = format!("{} -> {} --strict", document.name, target.id());
            trials.push(support::trial(name, problems));
        }
        eprintln!(
            "strict: {} tools to {} --strict: {} strict, {} of them equivalent on {} objects; {} non-strict",
            counts.tools,
            target.id(),
            counts.strict,
            counts.equivalent,
            counts.objects,
            counts.tools - counts.strict
        );
        eprintln!("strict: {} entries {:?}", target.id(), counts.codes);
    }
    let conclusion = libtest_mimic::run(&arguments, trials);
    // `exit` skips destructors: the scratch folder goes first.
    drop(scratch);
    conclusion.exit();
}

fn mcp_documents(folder: &Path) -> Vec<Document> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.retain(|path| path.extension().is_some_and(|e| e == "json"));
    paths.sort();
    assert!(!paths.is_empty(), "no MCP corpus at {}", folder.display());
    let mcp = support::dialect("mcp").unwrap();
    // Each file is a `tools/list` result: `convert_all` takes its tools one by one.
    paths
        .iter()
        .map(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let (value, _) = support::read_manifest(path).unwrap();
            assert!(mcp.detect(&value) > 0, "{name} is not an MCP tools list");
            Document {
                name: format!("corpus/mcp/{name}"),
                dialect: mcp,
                value,
                dir: None,
            }
        })
        .collect()
}

/// A written tool's own object (OpenAI nests it under `function`), and its arguments.
fn tool_and_arguments(written: &Value) -> (Value, Value) {
    let tool = written.get("function").unwrap_or(written).clone();
    let arguments = tool
        .get("parameters")
        .or_else(|| tool.get("input_schema"))
        .cloned()
        .unwrap_or(Value::Null);
    (tool, arguments)
}

/// Each tool of the document, plain and strict; what breaks the promise.
fn check(document: &Document, target: &'static dyn Dialect, counts: &mut Counts) -> Vec<String> {
    let rules = target.strict_rules().unwrap();
    let source = support::source_of(document);
    let convert = |strict| {
        let options = WriteOptions {
            strict,
            ..WriteOptions::default()
        };
        convert_all(document.dialect, target, &source, &options, Detail::Full)
    };
    let (plain, strict) = match (convert(false), convert(true)) {
        (Ok(plain), Ok(strict)) => (plain, strict),
        // A document the target refuses (the refusal goldens) has no tool to check.
        (Err(_), _) | (_, Err(_)) if document.name.starts_with("golden/") => return Vec::new(),
        (Err(error), _) | (_, Err(error)) => return vec![format!("not converted: {error}")],
    };
    let mut problems = Vec::new();
    for (plain, strict) in plain.iter().zip(&strict) {
        let (Some(plain_tool), Some(strict_tool)) = (plain.manifest(), strict.manifest()) else {
            continue;
        };
        counts.tools += 1;
        let codes: Vec<LossCode> = strict.entries.iter().map(|e| e.code).collect();
        for code in &codes {
            *counts.codes.entry(code.code()).or_default() += 1;
        }
        let (_, plain_arguments) = tool_and_arguments(plain_tool);
        let (strict_fn, strict_arguments) = tool_and_arguments(strict_tool);
        let name = strict_fn["name"].as_str().unwrap_or_default().to_owned();
        if strict_fn["strict"] != json!(true) {
            let named = strict.entries.iter().any(|entry| {
                entry.code == LossCode::StrictUnavailable && entry.message.contains("cannot keep")
            });
            if !named {
                problems.push(format!(
                    "{name}: non-strict without an entry naming the property"
                ));
            }
            continue;
        }
        counts.strict += 1;
        let breaks = strict_rule_breaks(&strict_arguments, rules);
        if !breaks.is_empty() {
            problems.push(format!(
                "{name}: breaks {}'s rules: {breaks:?}",
                rules.target
            ));
            continue;
        }
        let folded = codes.contains(&LossCode::KeywordFolded);
        match equivalent(&plain_arguments, &strict_arguments, &name, folded, rules) {
            Ok(objects) => {
                counts.equivalent += 1;
                counts.objects += objects;
            }
            Err(problem) => problems.push(format!("{name}: {problem}")),
        }
    }
    problems
}

/// Generates objects from each side, maps them across and validates them on the other.
fn equivalent(
    plain: &Value,
    strict: &Value,
    name: &str,
    folded: bool,
    rules: &StrictRules,
) -> Result<usize, String> {
    let relaxed = relax(plain, rules);
    if (relaxed != *plain) != folded {
        return Err(
            "the constraints taken into descriptions and the keyword-folded entries disagree"
                .into(),
        );
    }
    let validator = |schema: &Value| {
        // Formats are checked whatever `$schema` says (strict mode drops it), as the
        // providers check the formats they list.
        jsonschema::options()
            .should_validate_formats(true)
            .build(schema)
            .map_err(|error| format!("schema does not compile: {error}"))
    };
    let (plain_check, relaxed_check, strict_check) =
        (validator(plain)?, validator(&relaxed)?, validator(strict)?);
    let mut random = Random::seeded(name);
    let mut objects = 0;
    for _ in 0..SAMPLES {
        // Where the mode keeps optional properties optional, an object maps as it is.
        let to_strict = |object: &Value| match rules.all_required {
            true => with_nulls(object, strict, strict),
            false => object.clone(),
        };
        if let Some((object, mapped)) =
            one_way(plain, &plain_check, to_strict, &strict_check, &mut random)?
        {
            return Err(format!(
                "the tool accepts {object}, strict mode refuses {mapped}"
            ));
        }
        let to_plain = |object: &Value| match rules.all_required {
            true => without_nulls(object, plain, plain),
            false => object.clone(),
        };
        if let Some((object, mapped)) =
            one_way(strict, &strict_check, to_plain, &relaxed_check, &mut random)?
        {
            return Err(format!(
                "strict mode accepts {object}, the tool refuses {mapped}"
            ));
        }
        objects += 2;
    }
    Ok(objects)
}

/// An object generated from `from` (tried until `accepts` takes one), mapped across
/// and validated by `to`: the object and its mapped form where `to` refuses it.
fn one_way(
    from: &Value,
    accepts: &jsonschema::Validator,
    map: impl Fn(&Value) -> Value,
    to: &jsonschema::Validator,
    random: &mut Random,
) -> Result<Option<(Value, Value)>, String> {
    for _ in 0..ATTEMPTS {
        let Some(object) = generate(from, from, random, 0) else {
            continue;
        };
        if accepts.is_valid(&object) {
            let mapped = map(&object);
            return Ok((!to.is_valid(&mapped)).then_some((object, mapped)));
        }
    }
    Err(format!(
        "no object the schema accepts in {ATTEMPTS} attempts: {from}"
    ))
}

/// The schema without the constraints strict mode moves into descriptions.
fn relax(schema: &Value, rules: &StrictRules) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, value)| folded_note(key, value, rules).is_none())
                .map(|(key, value)| (key.clone(), relax(value, rules)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|item| relax(item, rules)).collect()),
        other => other.clone(),
    }
}

/// Breaks of a strict mode's documented rules: every object closed (with all its
/// properties required, where the mode says so), only the supported keywords and
/// formats, a type on every value, `null` among the allowed values of every nullable
/// `enum`, no unused definitions.
fn strict_rule_breaks(parameters: &Value, rules: &StrictRules) -> Vec<String> {
    let mut breaks = Vec::new();
    rule_breaks(parameters, "", rules, &mut breaks);
    let text = parameters.to_string();
    for (name, _) in parameters
        .get("$defs")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        if !text.contains(&format!("\"#/$defs/{name}\"")) {
            breaks.push(format!("$defs/{name} is unused"));
        }
        let own = parameters["$defs"][name].to_string();
        if !rules.recursion && own.contains(&format!("\"#/$defs/{name}\"")) {
            breaks.push(format!("$defs/{name} refers to itself"));
        }
    }
    breaks
}

/// The keywords every strict mode has; each mode's constraints come from its
/// `StrictRules`, which docs/openai.md and docs/anthropic.md list against the
/// providers' pages.
const STRUCTURAL_KEYWORDS: [&str; 12] = [
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "$ref",
    "$defs",
    "description",
    "title",
];

fn rule_breaks(schema: &Value, path: &str, rules: &StrictRules, breaks: &mut Vec<String>) {
    let Some(map) = schema.as_object() else {
        breaks.push(format!("{path}: not a schema object"));
        return;
    };
    let supported = |key: &str| {
        STRUCTURAL_KEYWORDS.contains(&key)
            || rules.constraints.contains(&key)
            || (key == "default" && rules.defaults)
    };
    for key in map.keys().filter(|key| !supported(key)) {
        breaks.push(format!("{path}: keyword {key}"));
    }
    if let Some(pattern) = map.get("pattern").and_then(Value::as_str) {
        let advanced = ["(?=", "(?!", "(?<", "\\b", "\\B", "\\1", "\\k<"];
        if !rules.full_regex && advanced.iter().any(|a| pattern.contains(a)) {
            breaks.push(format!("{path}: pattern {pattern}"));
        }
    }
    if let Some(format) = map.get("format").and_then(Value::as_str) {
        if !rules.formats.contains(&format) {
            breaks.push(format!("{path}: format {format}"));
        }
    }
    let types = types_of(map);
    if types.is_empty()
        && !["anyOf", "$ref", "enum", "const"]
            .iter()
            .any(|k| map.contains_key(*k))
    {
        breaks.push(format!("{path}: no type"));
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        if types.contains(&"null") && !values.contains(&Value::Null) {
            breaks.push(format!("{path}: nullable, but its enum lacks null"));
        }
    }
    if types.contains(&"object") {
        if map.get("additionalProperties") != Some(&Value::Bool(false)) {
            breaks.push(format!("{path}: an open object"));
        }
        let properties = map.get("properties").and_then(Value::as_object);
        let names: Vec<&String> = properties.into_iter().flat_map(|p| p.keys()).collect();
        let required: Vec<&str> = required_of(map);
        let all =
            names.len() == required.len() && names.iter().all(|n| required.contains(&n.as_str()));
        if rules.all_required && !all {
            breaks.push(format!("{path}: not every property is required"));
        }
    }
    for (child_path, child) in subschemas(map, path) {
        rule_breaks(child, &child_path, rules, breaks);
    }
}

/// Each schema directly inside `map`, with its path as the breaks name it.
fn subschemas<'a>(map: &'a Map<String, Value>, path: &str) -> Vec<(String, &'a Value)> {
    let mut found: Vec<(String, &Value)> = Vec::new();
    if let Some(properties) = map.get("properties").and_then(Value::as_object) {
        found.extend(
            properties
                .iter()
                .map(|(name, p)| (format!("{path}.{name}"), p)),
        );
    }
    if let Some(items) = map.get("items") {
        found.push((format!("{path}[]"), items));
    }
    if let Some(branches) = map.get("anyOf").and_then(Value::as_array) {
        found.extend(
            branches
                .iter()
                .enumerate()
                .map(|(i, b)| (format!("{path}|{i}"), b)),
        );
    }
    if let Some(definitions) = map.get("$defs").and_then(Value::as_object) {
        found.extend(
            definitions
                .iter()
                .map(|(name, d)| (format!("$defs/{name}"), d)),
        );
    }
    found
}

fn required_of(map: &Map<String, Value>) -> Vec<&str> {
    map.get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

fn types_of(map: &Map<String, Value>) -> Vec<&str> {
    match map.get("type") {
        Some(Value::String(name)) => vec![name.as_str()],
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// A local `$ref` resolved against the root; any other schema as it is.
fn resolve<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    let Some(reference) = schema.get("$ref").and_then(Value::as_str) else {
        return schema;
    };
    let Some(pointer) = reference.strip_prefix('#') else {
        return schema;
    };
    root.pointer(pointer).unwrap_or(schema)
}

/// The object schema that describes `object`: the schema itself where it has
/// properties, else the first of its `anyOf` branches whose properties hold every key
/// of the object.
fn object_schema<'a>(
    schema: &'a Value,
    root: &'a Value,
    object: &Map<String, Value>,
) -> Option<&'a Map<String, Value>> {
    let schema = resolve(schema, root);
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        let fits = object.keys().all(|key| properties.contains_key(key));
        return fits.then_some(schema.as_object()?);
    }
    schema
        .get("anyOf")?
        .as_array()?
        .iter()
        .find_map(|branch| object_schema(branch, root, object))
}

/// Strict mode's form of an object: each property it leaves out, passed as `null`.
fn with_nulls(value: &Value, schema: &Value, root: &Value) -> Value {
    map_objects(value, schema, root, &|object, properties, _| {
        for name in properties.keys() {
            object.entry(name.clone()).or_insert(Value::Null);
        }
    })
}

/// The tool's form of a strict object: each optional property passed as `null` left out.
fn without_nulls(value: &Value, schema: &Value, root: &Value) -> Value {
    map_objects(value, schema, root, &|object, _, required| {
        object.retain(|name, value| !value.is_null() || required.contains(&name.as_str()));
    })
}

type Rewrite = dyn Fn(&mut Map<String, Value>, &Map<String, Value>, &[&str]);

/// Applies `rewrite` to every object in `value`, with the properties and required names
/// `schema` gives it, walking the two together.
fn map_objects(value: &Value, schema: &Value, root: &Value, rewrite: &Rewrite) -> Value {
    let schema = resolve(schema, root);
    match value {
        Value::Object(object) => {
            let Some(object_schema) = object_schema(schema, root, object) else {
                return value.clone();
            };
            let empty = Map::new();
            let properties = object_schema
                .get("properties")
                .and_then(Value::as_object)
                .unwrap_or(&empty);
            let mut out: Map<String, Value> = object
                .iter()
                .map(|(name, item)| {
                    let mapped = match properties.get(name) {
                        Some(sub) => map_objects(item, sub, root, rewrite),
                        None => item.clone(),
                    };
                    (name.clone(), mapped)
                })
                .collect();
            let required: Vec<&str> = required_of(object_schema);
            rewrite(&mut out, properties, &required);
            Value::Object(out)
        }
        Value::Array(items) => {
            let item_schema = schema.get("items").cloned().unwrap_or(Value::Bool(true));
            Value::Array(
                items
                    .iter()
                    .map(|item| map_objects(item, &item_schema, root, rewrite))
                    .collect(),
            )
        }
        other => other.clone(),
    }
}

/// A small seeded generator (xorshift), so every run checks the same objects.
struct Random(u64);

impl Random {
    fn seeded(name: &str) -> Self {
        let seed = name.bytes().fold(0x9E37_79B9_7F4A_7C15_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)
        });
        Random(seed | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % (n.max(1) as u64)).unwrap_or(0)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// One value the schema may accept (the caller validates it): a random choice at each
/// type, branch, optional property and length, with extra keys where an object is open.
fn generate(schema: &Value, root: &Value, random: &mut Random, depth: usize) -> Option<Value> {
    if depth > 6 {
        return None;
    }
    let schema = resolve(schema, root);
    let map = schema.as_object()?;
    if let Some(constant) = map.get("const") {
        return Some(constant.clone());
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        return random.pick(values).cloned();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = map.get(key) {
            return generate(random.pick(branches)?, root, random, depth + 1);
        }
    }
    let types = types_of(map);
    let any = ["string", "integer", "object", "null", "boolean"];
    let kind = if types.is_empty() {
        *random.pick(&any)?
    } else {
        *random.pick(&types)?
    };
    Some(match kind {
        "object" => generate_object(map, root, random, depth)?,
        "array" => {
            let least = map.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
            let most = map
                .get("maxItems")
                .and_then(Value::as_u64)
                .map_or(least + 3, |m| m as usize);
            let length = least + random.below(most.saturating_sub(least) + 1);
            let items = map.get("items").cloned().unwrap_or(json!({}));
            Value::Array(
                (0..length)
                    .map(|_| generate(&items, root, random, depth + 1))
                    .collect::<Option<_>>()?,
            )
        }
        "string" => match map
            .get("format")
            .and_then(Value::as_str)
            .and_then(formatted)
        {
            // Mostly a value of the format, sometimes any string: both sides must agree.
            Some(good) if random.below(4) != 0 => json!(good),
            _ => json!(random.pick(&[
                "",
                "a",
                "abc",
                "x y",
                "2024-01-01T00:00:00Z",
                "user@example.com",
                "A123",
                "https://example.com"
            ])?),
        },
        "integer" => json!(random.pick(&[0, 1, -1, 3, 15, 30, 100, 1000])?),
        "number" => json!(random.pick(&[0.0, 0.5, 1.0, -2.5, 15.0, 99.9])?),
        "boolean" => json!(random.below(2) == 1),
        _ => Value::Null,
    })
}

/// A value of a `format` the providers list.
fn formatted(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "2024-01-01T00:00:00Z",
        "date" => "2024-01-01",
        "time" => "12:00:00Z",
        "duration" => "P1D",
        "email" => "user@example.com",
        "hostname" => "example.com",
        "ipv4" => "192.0.2.1",
        "ipv6" => "2001:db8::1",
        "uuid" => "123e4567-e89b-12d3-a456-426614174000",
        "uri" => "https://example.com/a",
        _ => return None,
    })
}

fn generate_object(
    map: &Map<String, Value>,
    root: &Value,
    random: &mut Random,
    depth: usize,
) -> Option<Value> {
    let required: Vec<&str> = required_of(map);
    let mut object = Map::new();
    let properties = map.get("properties").and_then(Value::as_object);
    for (name, property) in properties.into_iter().flatten() {
        if required.contains(&name.as_str()) || random.below(2) == 1 {
            object.insert(name.clone(), generate(property, root, random, depth + 1)?);
        }
    }
    // A key beyond the properties, where the object does not refuse one (an object with
    // `properties` is read as closed: see `toolshift_json_schema::strict`).
    let extra = match map.get("additionalProperties") {
        Some(Value::Bool(false)) => None,
        Some(Value::Object(schema)) => Some(Value::Object(schema.clone())),
        Some(_) => Some(json!({})),
        None if properties.is_none() => Some(json!({})),
        None => None,
    };
    if let Some(extra) = extra {
        if random.below(2) == 1 {
            object.insert(
                "extra_key".into(),
                generate(&extra, root, random, depth + 1)?,
            );
        }
    }
    Some(Value::Object(object))
}
