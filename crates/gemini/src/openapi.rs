//! Gemini's `Schema` from the JSON Schema the model writes, and back.
//!
//! `Schema` is a subset of OpenAPI 3.0: upper-case types, `nullable` instead of a type
//! array, `enum` of strings only, and, as the Gemini API takes it, no `$ref`, `default`
//! or `additionalProperties` (docs/gemini.md cites why). What it lacks is rewritten
//! where the same values stay accepted (`keyword-rewritten`), put into the description
//! where words can say it (`keyword-folded`, `default-folded`), and dropped otherwise
//! (`keyword-dropped`).

use serde_json::{Map, Value};
use toolshift_json_schema::strict::{add_notes, constraint_wording, ANNOTATIONS};
use toolshift_model::{message, Field, Loss, LossCode, Tool};
use toolshift_syntax::text::NameIndex;

const TITLE: &str = "Gemini";

/// `Schema` keys that JSON Schema spells and means alike.
const KEPT: [&str; 15] = [
    "description",
    "title",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "pattern",
    "required",
    "example",
    "propertyOrdering",
    "nullable",
];

/// The formats the Gemini API takes, by type (docs/gemini.md).
fn format_allowed(kind: Option<&Value>, format: &str) -> bool {
    matches!(
        (kind.and_then(Value::as_str), format),
        (Some("STRING"), "enum" | "date-time")
            | (Some("NUMBER"), "float" | "double")
            | (Some("INTEGER"), "int32" | "int64")
    )
}

/// Where a schema lies: a readable path for messages, the field entries name, and
/// whether it is the root (the arguments, or `response`).
#[derive(Clone)]
struct Place {
    path: String,
    field: Field,
    is_root: bool,
}

impl Place {
    fn whose(&self) -> String {
        if self.path.is_empty() {
            "the arguments object".into()
        } else {
            format!("`{}`", self.path)
        }
    }

    fn then(&self, step: &str, separator: &str) -> Place {
        Place {
            path: toolshift_json_schema::path_step(&self.path, step, separator),
            field: self.field,
            is_root: false,
        }
    }
}

/// Gemini's form of an arguments schema, with an entry for each change.
/// `spelled_nullable`: the tool came from Gemini, whose `nullable` its reader spelled as
/// a type array; writing it back is no change to report.
pub fn to_gemini(arguments: &Value, tool: &Tool, spelled_nullable: bool) -> (Value, Vec<Loss>) {
    let root = Place {
        path: String::new(),
        field: Field::Parameters,
        is_root: true,
    };
    to_gemini_from(arguments, root, tool, spelled_nullable)
}

/// Gemini's form of the tool's output schema (`response`), its entries on the output.
pub fn response_to_gemini(
    schema: &Value,
    tool: &Tool,
    spelled_nullable: bool,
) -> (Value, Vec<Loss>) {
    let root = Place {
        path: "response".into(),
        field: Field::OutputSchema,
        is_root: true,
    };
    to_gemini_from(schema, root, tool, spelled_nullable)
}

fn to_gemini_from(
    arguments: &Value,
    place: Place,
    tool: &Tool,
    spelled_nullable: bool,
) -> (Value, Vec<Loss>) {
    let Some(root) = arguments.as_object() else {
        return (arguments.clone(), Vec::new());
    };
    let mut walk = Walk {
        tool,
        root: arguments,
        root_field: place.field,
        losses: Vec::new(),
        inlining: Vec::new(),
        spelled_nullable,
    };
    let mut out = walk.schema(root, &place);
    walk.definitions(root);
    out.remove("$defs");
    out.remove("definitions");
    (Value::Object(out), walk.losses)
}

struct Walk<'a> {
    tool: &'a Tool,
    /// The schema whole, which a local `$ref` points into.
    root: &'a Value,
    /// The field of the schema whole: the arguments, or the output's schema.
    root_field: Field,
    losses: Vec<Loss>,
    /// The references being inlined, innermost last: one seen again is a recursion.
    inlining: Vec<String>,
    spelled_nullable: bool,
}

impl Walk<'_> {
    fn loss(&mut self, code: LossCode, place: &Place, text: String) {
        self.losses.push(Loss::new(code, place.field, text));
    }

    /// A keyword's own entry: on the arguments object, the keyword itself.
    fn keyword_loss(&mut self, code: LossCode, key: &str, place: &Place, text: String) {
        let field = if place.is_root {
            self.root_keyword(key)
        } else {
            place.field
        };
        self.losses.push(Loss::new(code, field, text));
    }

    /// The field of a keyword of the root itself: for the arguments, the keyword's own.
    fn root_keyword(&self, key: &str) -> Field {
        if self.root_field != Field::Parameters {
            return self.root_field;
        }
        self.tool
            .parameter_keywords
            .as_ref()
            .and_then(|keywords| keywords.keys().position(|k| k == key))
            .map_or(Field::Parameters, Field::ParameterKeyword)
    }

    fn schema(&mut self, input: &Map<String, Value>, place: &Place) -> Map<String, Value> {
        let mut out = match input.get("$ref").and_then(Value::as_str) {
            Some(reference) => self.inline(reference, place),
            None => Map::new(),
        };
        let mut notes = Vec::new();
        for (key, value) in input {
            match key.as_str() {
                "$ref" | "format" => {}
                "$defs" | "definitions" if place.is_root => {}
                "type" => self.kind(value, &mut out, place),
                "properties" => {
                    let properties = self.properties(value, place);
                    out.insert(key.clone(), properties);
                }
                "items" => self.items(value, &mut out, place),
                "anyOf" => {
                    let branches = self.branches(value, place);
                    out.insert(key.clone(), branches);
                }
                "oneOf" => self.one_of(value, &mut out, place),
                "enum" => self.enumeration(value, &mut out, &mut notes, place),
                "const" => self.constant(value, &mut out, &mut notes, place),
                "default" => notes.push(self.fold_default(value, place)),
                "additionalProperties" => self.additional(value, place),
                key if KEPT.contains(&key) => {
                    out.insert(key.to_owned(), value.clone());
                }
                key => self.other(key, value, &mut notes, place),
            }
        }
        if let Some(format) = input.get("format").and_then(Value::as_str) {
            if format_allowed(out.get("type"), format) {
                out.insert("format".into(), format.into());
            } else {
                let note = format!("Format: {format}.");
                self.loss(LossCode::KeywordFolded, place, message!("{TITLE} takes no `format: {format}` here; it was put in the description of {} (\"{note}\"): the model is told, the schema no longer checks it.", place.whose()));
                notes.push(note);
            }
        }
        add_notes(&mut out, &notes, false);
        out
    }

    fn properties(&mut self, value: &Value, place: &Place) -> Value {
        let Some(properties) = value.as_object() else {
            return value.clone();
        };
        let mut written = Map::new();
        let parameters = (place.is_root && place.field == Field::Parameters)
            .then(|| NameIndex::new(self.tool.parameters.iter().map(|p| p.name.as_str())));
        for (name, property) in properties {
            let mut at = place.then(name, ".");
            if let Some(parameters) = &parameters {
                if let Some(index) = parameters.position(name) {
                    // The parameter as a whole: a fold changes its description too.
                    at.field = Field::Parameter(index);
                }
            }
            let schema = match property.as_object() {
                Some(schema) => Value::Object(self.schema(schema, &at)),
                None => property.clone(),
            };
            written.insert(name.clone(), schema);
        }
        Value::Object(written)
    }

    fn items(&mut self, value: &Value, out: &mut Map<String, Value>, place: &Place) {
        match value.as_object() {
            Some(items) => {
                let items = self.schema(items, &place.then("[]", ""));
                out.insert("items".into(), Value::Object(items));
            }
            None => self.loss(LossCode::KeywordDropped, place, message!("{TITLE}'s `items` is one schema; `items: {value}` of {} was dropped, so its elements are no longer checked.", place.whose())),
        }
    }

    fn branches(&mut self, value: &Value, place: &Place) -> Value {
        let Some(branches) = value.as_array() else {
            return value.clone();
        };
        let written = branches
            .iter()
            .enumerate()
            .map(|(index, branch)| match branch.as_object() {
                Some(branch) => {
                    Value::Object(self.schema(branch, &place.then(&format!("anyOf[{index}]"), ".")))
                }
                None => branch.clone(),
            })
            .collect();
        Value::Array(written)
    }

    /// `type`: upper case; a type array becomes one type with `nullable`, or `anyOf`.
    fn kind(&mut self, value: &Value, out: &mut Map<String, Value>, place: &Place) {
        let upper = |name: &str| Value::String(name.to_ascii_uppercase());
        let Some(names) = value.as_array() else {
            out.insert("type".into(), value.as_str().map_or(value.clone(), upper));
            return;
        };
        let names: Vec<&str> = names.iter().filter_map(Value::as_str).collect();
        let non_null: Vec<&str> = names.iter().copied().filter(|n| *n != "null").collect();
        let nullable = names.contains(&"null");
        match non_null.as_slice() {
            [] => {
                out.insert("type".into(), upper("null"));
            }
            [single] => {
                out.insert("type".into(), upper(single));
                if nullable {
                    out.insert("nullable".into(), Value::Bool(true));
                }
            }
            several => {
                let branches = several.iter().map(|name| {
                    let mut branch = Map::new();
                    branch.insert("type".into(), upper(name));
                    Value::Object(branch)
                });
                out.insert("anyOf".into(), Value::Array(branches.collect()));
                if nullable {
                    out.insert("nullable".into(), Value::Bool(true));
                }
                self.loss(LossCode::KeywordRewritten, place, message!("{TITLE}'s `type` is one type; {}'s type {value} was written as `anyOf` of each type, which accepts the same values.", place.whose()));
            }
        }
        if nullable && non_null.len() == 1 && !self.spelled_nullable {
            self.loss(LossCode::KeywordRewritten, place, message!("{TITLE} spells a type that allows null as `nullable: true`; {}'s type {value} was written so, which accepts the same values.", place.whose()));
        }
    }

    /// `oneOf` as `anyOf`: the same values where the branches' types cannot overlap.
    fn one_of(&mut self, value: &Value, out: &mut Map<String, Value>, place: &Place) {
        let branches = value.as_array().map(Vec::as_slice).unwrap_or_default();
        let mut seen: Vec<String> = Vec::new();
        let mut disjoint = true;
        for branch in branches {
            let kind = branch
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let number = |k: &str| k == "number" || k == "integer";
            if kind.is_empty()
                || seen
                    .iter()
                    .any(|s| s == kind || (number(s) && number(kind)))
            {
                disjoint = false;
            }
            seen.push(kind.to_owned());
        }
        let written = self.branches(value, place);
        out.insert("anyOf".into(), written);
        if disjoint {
            self.loss(LossCode::KeywordRewritten, place, message!("{TITLE} has no `oneOf`; {}'s branches have types that cannot overlap, so it was written as `anyOf`, which accepts the same values.", place.whose()));
        } else {
            self.loss(LossCode::KeywordDropped, place, message!("{TITLE} has no `oneOf`; {}'s was written as `anyOf`, which also accepts a value that matches several branches.", place.whose()));
        }
    }

    /// `enum`: strings only; `null` among them is `nullable`; other values go into
    /// the description.
    fn enumeration(
        &mut self,
        value: &Value,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
        place: &Place,
    ) {
        let values = value.as_array().map(Vec::as_slice).unwrap_or_default();
        let kept: Vec<&Value> = values.iter().filter(|v| !v.is_null()).collect();
        if kept.len() < values.len() {
            out.insert("nullable".into(), Value::Bool(true));
        }
        if kept.iter().all(|v| v.is_string()) {
            out.insert(
                "enum".into(),
                Value::Array(kept.into_iter().cloned().collect()),
            );
            string_typed(out);
            return;
        }
        let listed: Vec<String> = kept.iter().map(|v| v.to_string()).collect();
        let note = format!("One of: {}.", listed.join(", "));
        self.loss(LossCode::KeywordFolded, place, message!("{TITLE}'s `enum` holds strings only; {}'s allowed values {value} were put in its description (\"{note}\"): the model is told, the schema no longer checks them.", place.whose()));
        notes.push(note);
    }

    fn constant(
        &mut self,
        value: &Value,
        out: &mut Map<String, Value>,
        notes: &mut Vec<String>,
        place: &Place,
    ) {
        if value.is_string() {
            out.insert("enum".into(), Value::Array(vec![value.clone()]));
            string_typed(out);
            self.loss(LossCode::KeywordRewritten, place, message!("{TITLE} has no `const`; {}'s `const: {value}` was written as a one-value `enum`, which accepts the same value.", place.whose()));
            return;
        }
        let note = format!("Always {value}.");
        self.loss(LossCode::KeywordFolded, place, message!("{TITLE} has no `const`, and its `enum` holds strings only; {}'s `const: {value}` was put in its description (\"{note}\").", place.whose()));
        notes.push(note);
    }

    fn fold_default(&mut self, value: &Value, place: &Place) -> String {
        self.loss(LossCode::DefaultFolded, place, message!("The Gemini API refuses `default`; {}'s default {value} was put in its description.", place.whose()));
        format!("Default: {value}.")
    }

    fn additional(&mut self, value: &Value, place: &Place) {
        // An open object says what the keyword's absence says.
        let open = value == &Value::Bool(true) || value.as_object().is_some_and(Map::is_empty);
        let effect = if value == &Value::Bool(false) {
            "keys beyond its properties are no longer refused"
        } else {
            "the values of keys beyond its properties are no longer checked"
        };
        if !open {
            self.keyword_loss(LossCode::KeywordDropped, "additionalProperties", place, message!("The Gemini API refuses `additionalProperties`; `additionalProperties: {value}` of {} was dropped, so {effect}.", place.whose()));
        }
    }

    fn other(&mut self, key: &str, value: &Value, notes: &mut Vec<String>, place: &Place) {
        if let Some(note) = constraint_wording(key, value) {
            self.keyword_loss(LossCode::KeywordFolded, key, place, message!("{TITLE}'s Schema has no `{key}`; `{key}: {value}` of {} was put in its description (\"{note}\"): the model is told, the schema no longer checks it.", place.whose()));
            notes.push(note);
        } else if ANNOTATIONS.contains(&key) {
            self.keyword_loss(LossCode::KeywordDropped, key, place, message!("{TITLE}'s Schema has no `{key}`; `{key}: {value}` of {} was dropped. It is an annotation: no call is accepted or refused for it.", place.whose()));
        } else {
            self.keyword_loss(LossCode::KeywordDropped, key, place, message!("{TITLE}'s Schema has no `{key}`; `{key}: {value}` of {} was dropped, so the schema no longer checks it.", place.whose()));
        }
    }

    /// The definition a local `$ref` names, itself in Gemini's form; a recursion is
    /// dropped, as an inlined schema cannot hold itself.
    fn inline(&mut self, reference: &str, place: &Place) -> Map<String, Value> {
        let root = self.root;
        let definition = reference
            .strip_prefix('#')
            .and_then(|pointer| root.pointer(pointer))
            .and_then(Value::as_object);
        let recursive = self.inlining.iter().any(|r| r == reference);
        match definition {
            Some(definition) if !recursive => {
                self.inlining.push(reference.to_owned());
                let written = self.schema(definition, place);
                self.inlining.pop();
                self.loss(LossCode::KeywordRewritten, place, message!("{TITLE}'s Schema has no `$ref`; {}'s `$ref: {reference}` was replaced by the definition it names, which accepts the same values.", place.whose()));
                written
            }
            _ => {
                let why = if recursive {
                    "refers to itself"
                } else {
                    "names no definition of the arguments"
                };
                self.loss(LossCode::KeywordDropped, place, message!("{TITLE}'s Schema has no `$ref`, and {}'s `$ref: {reference}` {why}, so it cannot be inlined; it was dropped, and that value is no longer checked.", place.whose()));
                Map::new()
            }
        }
    }

    /// The arguments' definitions: inlined where referred to (`inline`), left out here.
    fn definitions(&mut self, root: &Map<String, Value>) {
        for key in ["$defs", "definitions"] {
            if let Some(value) = root.get(key) {
                let field = self.root_keyword(key);
                let names: Vec<&String> = value
                    .as_object()
                    .into_iter()
                    .flat_map(|d| d.keys())
                    .collect();
                self.losses.push(Loss::new(
                    LossCode::KeywordDropped,
                    field,
                    message!("{TITLE}'s Schema has no `{key}`; it was left out, and each definition of {names:?} was written where a `$ref` names it, which changes no accepted call."),
                ));
            }
        }
    }
}

/// An `enum` of strings is a string: Gemini's `enum` sits on a `STRING` (the `type` a
/// schema gives itself, read later, replaces this one).
fn string_typed(out: &mut Map<String, Value>) {
    if !out.contains_key("type") {
        out.insert("type".into(), Value::String("STRING".into()));
    }
}

/// JSON Schema from Gemini's `Schema`: lower-case types, `nullable` as a type array.
pub fn to_json_schema(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => {
            let mut out = Map::new();
            let nullable = map.get("nullable") == Some(&Value::Bool(true));
            for (key, value) in map {
                match key.as_str() {
                    "nullable" => {}
                    "type" => {
                        let name = value.as_str().map(str::to_ascii_lowercase);
                        let written = match (name, nullable) {
                            (Some(name), true) if name != "null" => {
                                Value::Array(vec![name.into(), "null".into()])
                            }
                            (Some(name), _) => Value::String(name),
                            (None, _) => value.clone(),
                        };
                        out.insert(key.clone(), written);
                    }
                    "properties" => {
                        let properties = value.as_object().map(|p| {
                            p.iter()
                                .map(|(k, v)| (k.clone(), to_json_schema(v)))
                                .collect()
                        });
                        out.insert(key.clone(), properties.map_or(value.clone(), Value::Object));
                    }
                    "items" => {
                        out.insert(key.clone(), to_json_schema(value));
                    }
                    "anyOf" => {
                        let branches = value
                            .as_array()
                            .map(|b| b.iter().map(to_json_schema).collect());
                        out.insert(key.clone(), branches.map_or(value.clone(), Value::Array));
                    }
                    _ => {
                        out.insert(key.clone(), value.clone());
                    }
                }
            }
            if nullable && !map.contains_key("type") {
                // `nullable` beside `anyOf` (or alone) keeps its meaning as a branch.
                match out.get_mut("anyOf") {
                    Some(Value::Array(branches)) => {
                        branches.push(serde_json::json!({"type": "null"}))
                    }
                    _ => {
                        out.insert("nullable".into(), Value::Bool(true));
                    }
                }
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}
