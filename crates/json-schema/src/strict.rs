//! Strict mode: a provider's subset of JSON Schema (OpenAI's `strict` function calling,
//! Anthropic's strict tool use), made from the arguments schema a JSON Schema dialect
//! writes.
//!
//! One rule holds: the strict schema accepts the argument objects the original accepts,
//! an omitted optional property being passed as `null`. A rewrite that keeps that set
//! (an optional property made nullable, a `oneOf` of disjoint types read as `anyOf`, an
//! unused definition left out) is made and reported. A constraint strict mode does not
//! enforce but words can say (`minLength`, a `format` outside its list, a `default`)
//! moves into the description, reported: the model is told, the schema no longer checks
//! it. Anything else (an open object, `allOf`, `not`, a value without a type) leaves the
//! tool non-strict, and `NotStrict` names the property and the reason.
//!
//! An object that has `properties` (even none) and says nothing of others is read as
//! closed: its properties are what the tool reads. An object without `properties` is
//! free-form, but for the arguments themselves, which are then a tool without any.

use serde_json::{Map, Value};
use std::collections::BTreeSet;
use toolshift_model::message;
use toolshift_model::strict::{SizeLimits, StrictRules};
use toolshift_model::{Field, Loss, LossCode, Tool};
use toolshift_syntax::text::NameIndex;

/// OpenAI's function calling with `strict: true` (Structured Outputs, supported schemas;
/// docs/openai.md cites the page).
pub const OPENAI_STRICT: StrictRules = StrictRules {
    target: "OpenAI strict mode",
    constraints: &[
        "pattern",
        "format",
        "multipleOf",
        "maximum",
        "exclusiveMaximum",
        "minimum",
        "exclusiveMinimum",
        "minItems",
        "maxItems",
    ],
    formats: &[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "uuid",
    ],
    all_required: true,
    defaults: false,
    recursion: true,
    full_regex: true,
    complex_enums: true,
    size: Some(SizeLimits {
        properties: 5000,
        depth: 10,
        characters: 120_000,
        enum_values: 1000,
        long_enum: 250,
        long_enum_characters: 15_000,
    }),
};

/// Anthropic's strict tool use (structured outputs' JSON Schema limits; docs/anthropic.md
/// cites the page): optional properties stay optional, `default` is kept, no recursion,
/// no numeric or length constraints, `minItems` only up to 1 (folded here), a `pattern`
/// without lookaround, backreferences or word boundaries, and `enum` of scalars only.
pub const ANTHROPIC_STRICT: StrictRules = StrictRules {
    target: "Anthropic strict tool use",
    constraints: &["pattern", "format"],
    formats: &[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "uri",
        "ipv4",
        "ipv6",
        "uuid",
    ],
    all_required: false,
    defaults: true,
    recursion: false,
    full_regex: false,
    complex_enums: false,
    size: None,
};

/// Why a tool cannot be strict.
#[derive(Debug, Clone, PartialEq)]
pub struct NotStrict {
    /// The property that prevents it, as `attendees[].role` (empty: the arguments).
    pub path: String,
    /// The top-level parameter it lies in, by index.
    pub parameter: Option<usize>,
    pub reason: String,
}

impl NotStrict {
    /// The `strict-unavailable` entry that says so.
    pub fn loss(&self, rules: &StrictRules) -> Loss {
        let field = self
            .parameter
            .map_or(Field::Parameters, Field::ParameterSchema);
        let whose = if self.path.is_empty() {
            "the arguments".to_owned()
        } else {
            format!("`{}`", self.path)
        };
        Loss::new(
            LossCode::StrictUnavailable,
            field,
            message!(
                "{} cannot keep what the tool accepts: {whose} {}. The function was written with `strict: false`.",
                rules.target,
                self.reason
            ),
        )
    }
}

/// Annotations: they constrain nothing, so leaving them out changes no accepted call.
pub const ANNOTATIONS: [&str; 11] = [
    "$schema",
    "$id",
    "$comment",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "contentMediaType",
    "markdownDescription",
    "x-google-enum-descriptions",
];

fn constrains_nothing(key: &str, value: &Value) -> bool {
    ANNOTATIONS.contains(&key) || (key == "uniqueItems" && value == &Value::Bool(false))
}

/// Keys every strict mode keeps as they are.
const KEPT: [&str; 5] = ["description", "title", "enum", "const", "$ref"];

/// The strict form of `parameters` (an arguments schema as a JSON Schema dialect writes
/// it), with an entry for each change; or why there is none.
///
/// It takes the schema whole and moves its keys and values into the strict form:
/// copying them was a quarter of the walk's work. A caller that writes the plain schema
/// where strict mode refuses writes it again (the refusal is the rarer case).
pub fn make_strict(
    parameters: Value,
    tool: &Tool,
    rules: &StrictRules,
) -> Result<(Value, Vec<Loss>), NotStrict> {
    let mut walk = Walk {
        rules,
        tool,
        losses: Vec::new(),
        references: BTreeSet::new(),
    };
    let Value::Object(mut root) = parameters else {
        return Err(NotStrict {
            path: String::new(),
            parameter: None,
            reason: "are not a schema object".into(),
        });
    };
    // Walked once the schema has said which of them it refers to.
    let definitions: Vec<(&str, Value)> = ["$defs", "definitions"]
        .into_iter()
        .filter_map(|key| root.shift_remove(key).map(|value| (key, value)))
        .collect();
    let mut out = walk.schema(root, &Place::root())?;
    walk.definitions(definitions, &mut out)?;
    let out = Value::Object(out);
    if !rules.recursion {
        if let Some(path) = recursive_definition(&out) {
            return Err(NotStrict {
                path,
                parameter: None,
                reason: "refers to itself, and strict mode has no recursive schemas".into(),
            });
        }
    }
    if let Some(over) = rules.size.and_then(|limits| limits.exceeded_by(&out)) {
        return Err(NotStrict {
            path: String::new(),
            parameter: None,
            reason: over,
        });
    }
    Ok((out, walk.losses))
}

/// Where in the arguments a schema lies: a readable path and the top-level parameter.
#[derive(Debug, Clone)]
struct Place {
    path: String,
    parameter: Option<usize>,
    is_root: bool,
}

impl Place {
    fn root() -> Self {
        Place {
            path: String::new(),
            parameter: None,
            is_root: true,
        }
    }

    fn then(&self, step: &str, separator: &str) -> Place {
        Place {
            path: crate::path_step(&self.path, step, separator),
            parameter: self.parameter,
            is_root: false,
        }
    }

    fn whose(&self) -> String {
        if self.path.is_empty() {
            "the arguments".into()
        } else {
            format!("`{}`", self.path)
        }
    }
}

/// What a schema's keywords say of its structure, gathered in the one pass over them.
#[derive(Default)]
struct Shape {
    typed: bool,
    /// Its `type` is or includes `object`, `array`.
    object: bool,
    array: bool,
    /// It has `anyOf`, `oneOf`, `$ref`, `enum` or `const`.
    composed: bool,
    properties: Option<Value>,
    required: Option<Value>,
    additional: Option<Value>,
    items: Option<Value>,
}

struct Walk<'a> {
    rules: &'a StrictRules,
    tool: &'a Tool,
    losses: Vec<Loss>,
    /// Definitions referred to (`#/$defs/NAME`, `#/definitions/NAME`), by name.
    references: BTreeSet<String>,
}

impl Walk<'_> {
    fn refuse<T>(&self, place: &Place, reason: impl Into<String>) -> Result<T, NotStrict> {
        Err(NotStrict {
            path: place.path.clone(),
            parameter: place.parameter,
            reason: reason.into(),
        })
    }

    fn field(&self, place: &Place) -> Field {
        place
            .parameter
            .map_or(Field::Parameters, Field::ParameterSchema)
    }

    /// `of_parameter(index)` for a parameter itself, else the schema it sits in.
    fn parameter_field(&self, place: &Place, of_parameter: fn(usize) -> Field) -> Field {
        match place.parameter {
            Some(index) if !place.path.contains(['.', '[']) => of_parameter(index),
            _ => self.field(place),
        }
    }

    /// One schema, keyword by keyword, in its own order.
    fn schema(
        &mut self,
        schema: Map<String, Value>,
        place: &Place,
    ) -> Result<Map<String, Value>, NotStrict> {
        // An open object is the reason to name, before any keyword it carries.
        if let Some(open) = schema
            .get("additionalProperties")
            .filter(|v| **v != Value::Bool(false))
        {
            let reason =
                format!("accepts keys beyond its properties (`additionalProperties: {open}`)");
            return self.refuse(place, reason);
        }
        let mut out = Map::new();
        let mut notes = Vec::new();
        let mut shape = Shape::default();
        for (key, value) in schema {
            match key.as_str() {
                "type" => {
                    let names = type_names(Some(&value));
                    self.check_type(&value, &names, place)?;
                    shape.object = names.contains(&"object");
                    shape.array = names.contains(&"array");
                    shape.typed = true;
                    out.insert(key, value);
                }
                "properties" => shape.properties = Some(value),
                "required" => shape.required = Some(value),
                "additionalProperties" => shape.additional = Some(value),
                "items" => shape.items = Some(value),
                "anyOf" => {
                    shape.composed = true;
                    let branches = self.branches(value, place)?;
                    out.insert(key, branches);
                }
                "oneOf" => {
                    shape.composed = true;
                    let branches = self.one_of(value, place)?;
                    out.insert("anyOf".into(), branches);
                }
                "default" if self.rules.defaults => {
                    out.insert(key, value);
                }
                "default" => notes.push(self.fold_default(&value, place)),
                "enum" if !self.rules.complex_enums && holds_containers(&value) => {
                    return self.refuse(
                        place,
                        "has an `enum` listing objects or arrays, which strict mode cannot say",
                    );
                }
                name if KEPT.contains(&name) => {
                    shape.composed |= matches!(name, "$ref" | "enum" | "const");
                    if name == "$ref" {
                        self.refer(&value);
                    }
                    out.insert(key, value);
                }
                name => match folded_note(name, &value, self.rules) {
                    Some(note) => notes.push(self.fold(name, &value, note, place)),
                    None if self.rules.constraints.contains(&name) => {
                        out.insert(key, value);
                    }
                    None if constrains_nothing(name, &value) => {
                        self.drop_annotation(name, &value, place)
                    }
                    None => {
                        return self.refuse(
                            place,
                            format!("has `{name}`, which strict mode cannot enforce"),
                        )
                    }
                },
            }
        }
        self.structure(shape, place, &mut out)?;
        self.drop_dead_null(&mut out, place);
        add_notes(&mut out, &notes, true);
        Ok(out)
    }

    /// The object and array parts of a schema: its properties, closed and all required,
    /// and its items.
    fn structure(
        &mut self,
        shape: Shape,
        place: &Place,
        out: &mut Map<String, Value>,
    ) -> Result<(), NotStrict> {
        let has_properties = shape.properties.is_some();
        if shape.object || (!shape.typed && has_properties) {
            self.object(
                shape.properties,
                shape.required,
                shape.additional,
                place,
                out,
            )?;
        } else if has_properties || shape.additional.is_some() {
            return self.refuse(
                place,
                "has object keywords on a value that is not an object",
            );
        }
        if shape.array {
            let Some(Value::Object(items)) = shape.items else {
                return self.refuse(place, "is an array whose items have no schema");
            };
            let items = self.schema(items, &place.then("[]", ""))?;
            out.insert("items".into(), Value::Object(items));
        } else if shape.items.is_some() {
            return self.refuse(place, "has `items` on a value that is not an array");
        }
        if !shape.typed && !shape.composed && !has_properties {
            return self.refuse(place, "has no type: it accepts any value");
        }
        Ok(())
    }

    /// An object: every property required, optional ones made nullable, no others. Each
    /// property's schema is replaced by its strict form where it stands.
    fn object(
        &mut self,
        properties: Option<Value>,
        required: Option<Value>,
        additional: Option<Value>,
        place: &Place,
        out: &mut Map<String, Value>,
    ) -> Result<(), NotStrict> {
        let closed = additional == Some(Value::Bool(false));
        let mut properties = match properties {
            None if !closed && !place.is_root => {
                return self.refuse(
                    place,
                    "is an object without properties: it accepts any keys",
                );
            }
            None => Map::new(),
            Some(Value::Object(properties)) => properties,
            Some(_) => return self.refuse(place, "has `properties` that are not an object"),
        };
        let required = NameIndex::new(
            required
                .as_ref()
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str),
        );
        let parameters = place
            .is_root
            .then(|| NameIndex::new(self.tool.parameters.iter().map(|p| p.name.as_str())));
        for (name, property) in &mut properties {
            let mut at = place.then(name, ".");
            if let Some(parameters) = &parameters {
                at.parameter = parameters.position(name);
            }
            let Value::Object(schema) = std::mem::take(property) else {
                return self.refuse(&at, "is `true` or `false`, which strict mode cannot say");
            };
            let mut strict = self.schema(schema, &at)?;
            if self.rules.all_required && !required.contains(name) {
                self.make_nullable(&mut strict, &at);
            }
            *property = Value::Object(strict);
        }
        let names = properties
            .keys()
            .filter(|name| self.rules.all_required || required.contains(name))
            .cloned()
            .map(Value::String)
            .collect();
        out.insert("properties".into(), Value::Object(properties));
        out.insert("required".into(), Value::Array(names));
        out.insert("additionalProperties".into(), Value::Bool(false));
        Ok(())
    }

    /// An optional property as a required one that also accepts `null`, which the model
    /// passes to leave it out.
    fn make_nullable(&mut self, schema: &mut Map<String, Value>, place: &Place) {
        accept_null(schema);
        let field = self.parameter_field(place, Field::ParameterRequired);
        self.losses.push(Loss::new(
            LossCode::OptionalAsNullable,
            field,
            message!("{} requires every property, so optional `{}` is required and accepts null; the model passes null to leave it out. The function must treat null as absent.", self.rules.target, place.path),
        ));
    }

    /// A type that allows `null` beside an `enum` without it never accepts `null`; the
    /// `null` is taken from the type, so that no reader takes the value for optional.
    fn drop_dead_null(&mut self, out: &mut Map<String, Value>, place: &Place) {
        let refused = out
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|values| !values.contains(&Value::Null));
        let Some(Value::Array(names)) = out.get_mut("type") else {
            return;
        };
        if !refused || !names.contains(&Value::String("null".into())) {
            return;
        }
        names.retain(|name| name != "null");
        if let [single] = names.as_slice() {
            let single = single.clone();
            out.insert("type".into(), single);
        }
        self.losses.push(Loss::new(
            LossCode::KeywordRewritten,
            self.field(place),
            message!("{}'s type allows null but its `enum` does not, so it never accepts null; `null` was taken from its type, which accepts the same values and does not read as optional.", place.whose()),
        ));
    }

    /// Refuses a `type` strict mode cannot say; `names` are the ones it gives.
    fn check_type(&self, value: &Value, names: &[&str], place: &Place) -> Result<(), NotStrict> {
        let non_null = names.iter().filter(|name| **name != "null").count();
        let known = names.iter().all(|name| {
            matches!(
                *name,
                "string" | "number" | "integer" | "boolean" | "object" | "array" | "null"
            )
        });
        if names.is_empty() || !known || (value.is_array() && non_null > 1) {
            return self.refuse(
                place,
                format!("has the type {value}, which strict mode cannot say"),
            );
        }
        Ok(())
    }

    fn branches(&mut self, value: Value, place: &Place) -> Result<Value, NotStrict> {
        let Value::Array(branches) = value else {
            return self.refuse(place, "has an `anyOf` that is not a list");
        };
        let mut out = Vec::with_capacity(branches.len());
        for (index, branch) in branches.into_iter().enumerate() {
            let at = place.then(&format!("anyOf[{index}]"), ".");
            let Value::Object(branch) = branch else {
                return self.refuse(&at, "is `true` or `false`, which strict mode cannot say");
            };
            out.push(Value::Object(self.schema(branch, &at)?));
        }
        Ok(Value::Array(out))
    }

    /// `oneOf` accepts a value that matches exactly one branch; where the branches'
    /// types cannot overlap, that is `anyOf`, which strict mode has.
    fn one_of(&mut self, value: Value, place: &Place) -> Result<Value, NotStrict> {
        let branches = value.as_array().map(Vec::as_slice).unwrap_or_default();
        let mut seen: Vec<&str> = Vec::new();
        for branch in branches {
            let names = type_names(branch.get("type"));
            let overlaps = names.is_empty()
                || names.iter().any(|name| {
                    seen.contains(name)
                        || (*name == "number" && seen.contains(&"integer"))
                        || (*name == "integer" && seen.contains(&"number"))
                });
            if overlaps {
                return self.refuse(
                    place,
                    "has a `oneOf` whose branches may overlap, which `anyOf` cannot say",
                );
            }
            seen.extend(names);
        }
        self.losses.push(Loss::new(
            LossCode::KeywordRewritten,
            self.field(place),
            message!("{} has no `oneOf`; {}'s branches have types that cannot overlap, so it was written as `anyOf`, which accepts the same values.", self.rules.target, place.whose()),
        ));
        self.branches(value, place)
    }

    fn refer(&mut self, reference: &Value) {
        let name = reference.as_str().and_then(|text| {
            text.strip_prefix("#/$defs/")
                .or_else(|| text.strip_prefix("#/definitions/"))
        });
        if let Some(name) = name {
            self.references.insert(name.to_owned());
        }
    }

    fn fold_default(&mut self, value: &Value, place: &Place) -> String {
        let field = self.parameter_field(place, Field::ParameterDefault);
        self.losses.push(Loss::new(
            LossCode::DefaultFolded,
            field,
            message!(
                "{} has no `default`; {}'s default {value} was put in its description.",
                self.rules.target,
                place.whose()
            ),
        ));
        format!("Default: {value}.")
    }

    fn fold(&mut self, key: &str, value: &Value, note: String, place: &Place) -> String {
        self.losses.push(Loss::new(
            LossCode::KeywordFolded,
            self.field(place),
            message!("{} does not enforce `{key}`; `{key}: {value}` of {} was put in its description (\"{note}\"): the model is told, the schema no longer checks it.", self.rules.target, place.whose()),
        ));
        note
    }

    fn drop_annotation(&mut self, key: &str, value: &Value, place: &Place) {
        self.losses.push(Loss::new(
            LossCode::KeywordDropped,
            self.field(place),
            message!("{} does not support `{key}`; `{key}: {value}` of {} was dropped. It is an annotation: no call is accepted or refused for it.", self.rules.target, place.whose()),
        ));
    }

    /// The definitions the strict schema refers to (the root's `$defs` and
    /// `definitions`), each made strict; the others are left out and reported.
    fn definitions(
        &mut self,
        root_definitions: Vec<(&str, Value)>,
        out: &mut Map<String, Value>,
    ) -> Result<(), NotStrict> {
        for (key, definitions) in root_definitions {
            let Value::Object(mut definitions) = definitions else {
                continue;
            };
            let mut written = Map::new();
            // A definition may refer to another: walk until no new name is referred to.
            loop {
                let pending: Vec<String> = definitions
                    .keys()
                    .filter(|name| self.references.contains(*name) && !written.contains_key(*name))
                    .cloned()
                    .collect();
                if pending.is_empty() {
                    break;
                }
                for name in pending {
                    let place = Place::root().then(&format!("{key}/{name}"), "");
                    let place = Place {
                        is_root: false,
                        ..place
                    };
                    let Some(Value::Object(definition)) =
                        definitions.get_mut(&name).map(std::mem::take)
                    else {
                        return self
                            .refuse(&place, "is `true` or `false`, which strict mode cannot say");
                    };
                    let strict = self.schema(definition, &place)?;
                    written.insert(name, Value::Object(strict));
                }
            }
            for name in definitions
                .keys()
                .filter(|name| !written.contains_key(*name))
            {
                self.losses.push(Loss::new(
                    LossCode::KeywordDropped,
                    self.root_keyword_field(key),
                    message!("{} checks every definition, used or not; `{key}/{name}` is referred to nowhere, so it was left out, which changes no accepted call.", self.rules.target),
                ));
            }
            // Kept in the order the input gave them.
            let ordered: Map<String, Value> = definitions
                .keys()
                .filter_map(|name| written.swap_remove(name).map(|value| (name.clone(), value)))
                .collect();
            if !ordered.is_empty() {
                out.insert(key.to_owned(), Value::Object(ordered));
            }
        }
        Ok(())
    }

    fn root_keyword_field(&self, key: &str) -> Field {
        self.tool
            .parameter_keywords
            .as_ref()
            .and_then(|keywords| keywords.keys().position(|name| name == key))
            .map_or(Field::Parameters, Field::ParameterKeyword)
    }
}

/// The names a `type` keyword gives: one, a list, or none.
fn type_names(value: Option<&Value>) -> Vec<&str> {
    match value {
        Some(Value::String(name)) => vec![name.as_str()],
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Makes a written schema accept `null` as well.
fn accept_null(schema: &mut Map<String, Value>) {
    let null = Value::String("null".into());
    match schema.get_mut("type") {
        Some(Value::String(name)) if name != "null" => {
            let name = std::mem::take(name);
            schema.insert("type".into(), Value::Array(vec![Value::String(name), null]));
        }
        Some(Value::Array(names)) if !names.contains(&null) => names.push(null),
        Some(_) => {}
        None => {
            if let Some(Value::Array(branches)) = schema.get_mut("anyOf") {
                if !branches
                    .iter()
                    .any(|b| type_names(b.get("type")) == ["null"])
                {
                    branches.push(serde_json::json!({"type": "null"}));
                }
                return;
            }
            // A `$ref` or a `const` alone: the alternative is a branch of its own, and
            // the description stays with the property.
            let (outer, inner): (Map<String, Value>, Map<String, Value>) = std::mem::take(schema)
                .into_iter()
                .partition(|(key, _)| key == "description" || key == "title");
            *schema = outer;
            schema.insert(
                "anyOf".into(),
                Value::Array(vec![
                    Value::Object(inner),
                    serde_json::json!({"type": "null"}),
                ]),
            );
            return;
        }
    }
    if let Some(Value::Array(values)) = schema.get_mut("enum") {
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
    }
    if let Some(constant) = schema.remove("const") {
        schema.insert("enum".into(), Value::Array(vec![constant, Value::Null]));
    }
}

/// The words a constraint becomes where `rules` do not enforce it (a `format` outside
/// their list, `minLength`...); `None` where they keep it, or words cannot say it.
pub fn folded_note(key: &str, value: &Value, rules: &StrictRules) -> Option<String> {
    if !rules.constraints.contains(&key) {
        return wording(key, value);
    }
    if key == "pattern" && !rules.full_regex && value.as_str().is_some_and(beyond_basic_regex) {
        return wording(key, value);
    }
    let format = value.as_str().filter(|_| key == "format")?;
    (!rules.formats.contains(&format)).then(|| format!("Format: {format}."))
}

/// A JSON Schema constraint in words the model reads (`minLength: 1` as "At least 1
/// character."), for a target that cannot enforce it; `None` where words cannot say it.
pub fn constraint_wording(key: &str, value: &Value) -> Option<String> {
    wording(key, value)
}

/// A constraint strict mode lacks, in words the model reads; `None` where words cannot
/// say it.
fn wording(key: &str, value: &Value) -> Option<String> {
    let count = |unit: &str| {
        let n = value.as_u64()?;
        Some(format!("{n} {unit}{}", if n == 1 { "" } else { "s" }))
    };
    Some(match key {
        "minLength" => format!("At least {}.", count("character")?),
        "maxLength" => format!("At most {}.", count("character")?),
        "minProperties" => format!("At least {}.", count("key")?),
        "maxProperties" => format!("At most {}.", count("key")?),
        "minItems" => format!("At least {}.", count("item")?),
        "maxItems" => format!("At most {}.", count("item")?),
        "minimum" => format!("At least {value}."),
        "maximum" => format!("At most {value}."),
        "exclusiveMinimum" => format!("Greater than {value}."),
        "exclusiveMaximum" => format!("Less than {value}."),
        "multipleOf" => format!("A multiple of {value}."),
        "pattern" => format!("Matches the pattern {value}."),
        "uniqueItems" if value == &Value::Bool(true) => "Items are unique.".to_owned(),
        "uniqueItems" => return None,
        "format" => format!("Format: {}.", value.as_str()?),
        _ => return None,
    })
}

/// Adds folded constraints to a schema's description, after its own text. A schema
/// without one gets one: right after `type` with `after_type` (strict mode), else where
/// `insert` puts it (Gemini's reading).
pub fn add_notes(out: &mut Map<String, Value>, notes: &[String], after_type: bool) {
    if notes.is_empty() {
        return;
    }
    let notes = notes.join(" ");
    match out.get_mut("description") {
        Some(Value::String(text)) if !text.is_empty() => {
            text.push(' ');
            text.push_str(&notes);
        }
        _ if after_type => {
            let at = usize::from(out.contains_key("type")).min(out.len());
            out.shift_insert(at, "description".into(), Value::String(notes));
        }
        _ => {
            out.insert("description".into(), Value::String(notes));
        }
    }
}

/// Whether an `enum`'s values include an object or an array.
fn holds_containers(values: &Value) -> bool {
    values
        .as_array()
        .is_some_and(|values| values.iter().any(|v| v.is_object() || v.is_array()))
}

/// Whether a regular expression uses lookaround, a backreference or a word boundary.
fn beyond_basic_regex(pattern: &str) -> bool {
    let mut chars = pattern.chars().peekable();
    let mut previous = None;
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some('b' | 'B' | '1'..='9' | 'k')) => return true,
            ('\\', Some(_)) => {
                chars.next();
                previous = None;
                continue;
            }
            ('?', Some('=' | '!' | '<')) if previous == Some('(') => return true,
            _ => {}
        }
        previous = Some(c);
    }
    false
}

/// The first definition that refers to itself, directly or through others (`$ref: "#"`
/// is the arguments themselves), as `$defs/NAME`.
fn recursive_definition(root: &Value) -> Option<String> {
    let mut graph: Vec<(String, BTreeSet<String>)> = Vec::new();
    let mut own = BTreeSet::new();
    references_in(root, &mut own, true);
    if own.contains("#") {
        return Some(String::new());
    }
    for key in ["$defs", "definitions"] {
        for (name, definition) in root
            .get(key)
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let mut refers = BTreeSet::new();
            references_in(definition, &mut refers, false);
            if refers.contains("#") {
                return Some(format!("{key}/{name}"));
            }
            graph.push((name.clone(), refers));
        }
    }
    graph.iter().find_map(|(name, _)| {
        let mut seen = BTreeSet::new();
        let mut pending = vec![name.clone()];
        while let Some(next) = pending.pop() {
            let Some((_, refers)) = graph.iter().find(|(n, _)| *n == next) else {
                continue;
            };
            if refers.contains(name) {
                return Some(format!("$defs/{name}"));
            }
            pending.extend(refers.iter().filter(|r| seen.insert((*r).clone())).cloned());
        }
        None
    })
}

/// The names each `$ref` inside `value` points at (`#` for the root); the root's own
/// definitions are skipped when `skip_definitions`.
fn references_in(value: &Value, found: &mut BTreeSet<String>, skip_definitions: bool) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                if skip_definitions && (key == "$defs" || key == "definitions") {
                    continue;
                }
                if key == "$ref" {
                    if let Some(text) = child.as_str() {
                        let name = text
                            .strip_prefix("#/$defs/")
                            .or_else(|| text.strip_prefix("#/definitions/"))
                            .unwrap_or(text);
                        found.insert(name.to_owned());
                    }
                }
                references_in(child, found, false);
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|item| references_in(item, found, false)),
        _ => {}
    }
}
