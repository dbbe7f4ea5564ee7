//! JSON Schema, as the dialects whose tool arguments are one JSON Schema object (MCP's
//! `inputSchema`, OpenAI's `parameters`) describe them, to and from the model.
//!
//! What the model has a field for (type, element type, allowed strings, description,
//! default, object fields, required keys, `null`) maps to those fields; every other
//! keyword is kept, key by key, in `ValueSchema::keywords`, so a JSON Schema dialect
//! writes it back and any other dialect reports it (`keyword-dropped`).

pub mod strict;

use serde_json::{Map, Value};
use toolshift_model::message;
use toolshift_model::places::Places;
use toolshift_model::{
    DialectError, Extra, Field, Loss, LossCode, Output, Parameter, Primitive, Property, Tool,
    ValueSchema, ValueType,
};
use toolshift_syntax::pointer::child;
use toolshift_syntax::text::NameIndex;

/// The `dialect` of a `ValueType::Native` whose type lives in its keywords (no `type`,
/// or a union such as `["string", "integer"]`, or array items the model cannot hold).
/// Every JSON Schema dialect writes it back; the others lower it to its equivalent.
pub const NATIVE: &str = toolshift_model::tool::JSON_SCHEMA;

/// Where both JSON Schema dialects keep a tool's arguments (`Dialect::locate`);
/// `{base}` is the arguments' schema (`/inputSchema`, `/function/parameters`...).
#[rustfmt::skip]
pub const ARGUMENT_PLACES: &Places = &[
    (Field::Parameters, "{base}/properties"),
    (Field::ParameterKeyword(0), "{base}/{keyword}"),
    (Field::ParameterRequired(0), "{base}/required"),
    (Field::Parameter(0), "{base}/properties/{param}"),
    (Field::ParameterSchema(0), "{base}/properties/{param}"),
    (Field::ParameterDescription(0), "{base}/properties/{param}/description"),
    (Field::ParameterType(0), "{base}/properties/{param}/type"),
    (Field::ParameterElementType(0), "{base}/properties/{param}/items/type"),
    (Field::ParameterEnum(0), "{base}/properties/{param}/enum"),
    (Field::ParameterDefault(0), "{base}/properties/{param}/default"),
];

/// Keys of an arguments object the model maps; any other becomes an extra of the dialect.
const ROOT_KEYS: [&str; 3] = ["type", "properties", "required"];

/// The parameters of a tool, and the keywords of its arguments object beyond them.
pub type Arguments = (Vec<Parameter>, Option<Map<String, Value>>);

/// Reads an arguments schema (`{"type": "object", "properties": ..., "required": ...}`)
/// at `pointer`. `strict`: the schema follows OpenAI's strict mode, where an optional
/// parameter is a required one that accepts `null`.
pub fn read_parameters(
    root: &Value,
    pointer: &str,
    dialect: &str,
    strict: bool,
    extras: &mut Vec<Extra>,
) -> Result<Arguments, DialectError> {
    let object = root
        .as_object()
        .ok_or_else(|| DialectError::invalid(pointer, "must be a JSON Schema object"))?;
    match object.get("type") {
        None => {}
        Some(Value::String(kind)) if kind == "object" => {}
        Some(_) => {
            return Err(DialectError::invalid(
                child(pointer, "type"),
                "a tool's arguments are an object: `type` must be \"object\"",
            ))
        }
    }
    let required = string_list(object.get("required"), &child(pointer, "required"))?;
    let empty = Map::new();
    let properties = match object.get("properties") {
        None => &empty,
        Some(Value::Object(properties)) => properties,
        Some(_) => {
            return Err(DialectError::invalid(
                child(pointer, "properties"),
                "must be an object of property schemas",
            ))
        }
    };
    let keywords: Map<String, Value> = object
        .iter()
        .filter(|(key, _)| !ROOT_KEYS.contains(&key.as_str()))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    // A required name with no property has no parameter to hold it: kept whole.
    if required.iter().any(|name| !properties.contains_key(name)) {
        if let Some(list) = object.get("required") {
            extras.push(Extra {
                dialect: dialect.to_owned(),
                pointer: child(pointer, "required"),
                value: list.clone(),
            });
        }
    }
    let base = child(pointer, "properties");
    let required_names = NameIndex::new(required.iter().map(String::as_str));
    let parameters = properties
        .iter()
        .map(|(name, schema)| {
            let at = child(&base, name);
            let mut read = read_value(schema, &at)?;
            let description = take_string(&mut read.keywords, "description");
            let default = read
                .keywords
                .as_mut()
                .and_then(|k| k.shift_remove("default"));
            let mut is_required = required_names.contains(name);
            if strict && is_required && decode_optional(&mut read) {
                is_required = false;
            }
            tidy(&mut read);
            Ok(Parameter {
                name: name.clone(),
                description: description.or_else(|| read.description.take()),
                required: Some(is_required),
                schema: read,
                default,
                inferrable: None,
            })
        })
        .collect::<Result<Vec<_>, DialectError>>()?;
    Ok((parameters, (!keywords.is_empty()).then_some(keywords)))
}

/// Reads one value schema. A top-level `description` and `default` stay in `keywords`
/// for the caller to take; a nested property's description is its own.
pub fn read_value(schema: &Value, pointer: &str) -> Result<ValueSchema, DialectError> {
    read_object(schema_object(schema.clone(), pointer)?, pointer)
}

/// A schema's keywords: toolshift reads object schemas only, and says what it found
/// instead.
fn schema_object(schema: Value, pointer: &str) -> Result<Map<String, Value>, DialectError> {
    let found = match schema {
        Value::Object(object) => return Ok(object),
        Value::Bool(_) => {
            return Err(DialectError::invalid(
                pointer,
                "toolshift reads object schemas only, not `true` or `false`",
            ))
        }
        Value::Null => "null",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
    };
    Err(DialectError::invalid(
        pointer,
        format!("a schema is an object, and this is {found}; toolshift reads object schemas only"),
    ))
}

/// `read_value` of a schema object the caller gives up: its properties are moved into
/// the model, not copied again at each level of nesting.
fn read_object(
    mut keywords: Map<String, Value>,
    pointer: &str,
) -> Result<ValueSchema, DialectError> {
    let mut nullable = None;
    let kind = match keywords.get("type") {
        Some(Value::String(kind)) => Some(kind.clone()),
        Some(Value::Array(kinds)) => {
            let names: Vec<&str> = kinds.iter().filter_map(Value::as_str).collect();
            match names.as_slice() {
                [kind, "null"] | ["null", kind]
                    if names.len() == kinds.len() && *kind != "null" =>
                {
                    nullable = Some(true);
                    Some((*kind).to_owned())
                }
                _ => None,
            }
        }
        _ => None,
    };
    let mut schema = ValueSchema::of(ValueType::Primitive(Primitive::Json));
    let value_type = match kind.as_deref().and_then(primitive) {
        Some(Primitive::Json) => {
            keywords.shift_remove("type");
            schema.properties = object_fields(&mut keywords, pointer)?;
            schema.required_keys = take_strings(&mut keywords, "required", pointer)?;
            ValueType::Primitive(Primitive::Json)
        }
        Some(primitive) => {
            keywords.shift_remove("type");
            ValueType::Primitive(primitive)
        }
        None if kind.as_deref() == Some("array") => match array_items(&mut keywords, pointer)? {
            Some((element, properties, required, allowed)) => {
                keywords.shift_remove("type");
                schema.element_properties = properties;
                schema.element_required_keys = required;
                schema.allowed = allowed;
                ValueType::Array(element)
            }
            // `type` stays with the `items` it goes with.
            None => {
                nullable = None;
                native("array", ValueType::Array(Primitive::Json))
            }
        },
        // No type, or a union: the keywords say it all.
        _ => {
            nullable = None;
            native(
                &keywords
                    .get("type")
                    .map_or_else(|| "any".to_owned(), Value::to_string),
                ValueType::Primitive(Primitive::Json),
            )
        }
    };
    schema.value_type = value_type;
    schema.nullable = nullable;
    // On an array, the model's allowed values are the elements' (`items.enum`); an
    // `enum` of whole arrays stays a keyword.
    if let (ValueType::Primitive(primitive), Some(Value::Array(values))) =
        (&schema.value_type, keywords.get("enum"))
    {
        if let Some(allowed) = allowed_values(values, *primitive) {
            schema.allowed = Some(allowed);
            keywords.shift_remove("enum");
        }
    }
    schema.keywords = Some(keywords);
    Ok(schema)
}

/// The model's allowed values (text, as every Arcade form spells them) of an `enum`
/// whose values all have the value's type: strings of a string, numbers of a number or
/// an integer, booleans of a boolean. Any other `enum` stays a keyword, as it is.
fn allowed_values(values: &[Value], primitive: Primitive) -> Option<Vec<String>> {
    values
        .iter()
        .map(|value| match (primitive, value) {
            (Primitive::String, Value::String(text)) => Some(text.clone()),
            (Primitive::Number, Value::Number(number)) => Some(number.to_string()),
            (Primitive::Integer, Value::Number(number)) if !number.is_f64() => {
                Some(number.to_string())
            }
            (Primitive::Boolean, Value::Bool(flag)) => Some(flag.to_string()),
            _ => None,
        })
        .collect()
}

/// Allowed values as the `enum` of a value of type `primitive`: numbers of a number or
/// an integer and booleans of a boolean where each one reads as such (Arcade spells
/// every allowed value as text), else the text.
fn typed_enum(allowed: &[String], primitive: Primitive) -> Value {
    let typed: Option<Vec<Value>> = match primitive {
        Primitive::Integer | Primitive::Number => allowed
            .iter()
            .map(|text| text.parse::<serde_json::Number>().ok().map(Value::Number))
            .collect(),
        Primitive::Boolean => allowed
            .iter()
            .map(|text| text.parse::<bool>().ok().map(Value::Bool))
            .collect(),
        Primitive::String | Primitive::Json => None,
    };
    typed.map_or_else(|| strings(allowed), Value::Array)
}

/// Strict mode spells an optional property as a required one that accepts `null`. It
/// reads back as optional only where it does accept `null`: an `enum` without `null`
/// refuses it, whatever the type says. The `null` goes from the type and the `enum`.
fn decode_optional(read: &mut ValueSchema) -> bool {
    let whole_values = matches!(read.value_type, ValueType::Primitive(_));
    if read.nullable != Some(true) || (whole_values && read.allowed.is_some()) {
        return false;
    }
    if let Some(keywords) = read.keywords.as_mut() {
        if let Some(Value::Array(values)) = keywords.get("enum") {
            if !values.contains(&Value::Null) {
                return false;
            }
            let rest: Vec<Value> = values.iter().filter(|v| !v.is_null()).cloned().collect();
            let strings: Option<Vec<String>> =
                rest.iter().map(|v| v.as_str().map(str::to_owned)).collect();
            match strings.filter(|_| whole_values) {
                Some(strings) => {
                    keywords.shift_remove("enum");
                    read.allowed = Some(strings);
                }
                None => {
                    keywords.insert("enum".into(), Value::Array(rest));
                }
            }
        }
    }
    read.nullable = None;
    true
}

/// A nested property keeps its own description; an empty keyword map is none.
fn tidy(schema: &mut ValueSchema) {
    if schema.keywords.as_ref().is_some_and(Map::is_empty) {
        schema.keywords = None;
    }
}

fn native(name: &str, equivalent: ValueType) -> ValueType {
    ValueType::Native {
        dialect: NATIVE.to_owned(),
        name: name.to_owned(),
        equivalent: Some(Box::new(equivalent)),
    }
}

fn primitive(kind: &str) -> Option<Primitive> {
    Some(match kind {
        "string" => Primitive::String,
        "integer" => Primitive::Integer,
        "number" => Primitive::Number,
        "boolean" => Primitive::Boolean,
        "object" => Primitive::Json,
        _ => return None,
    })
}

fn type_name(primitive: Primitive) -> &'static str {
    match primitive {
        Primitive::String => "string",
        Primitive::Integer => "integer",
        Primitive::Number => "number",
        Primitive::Boolean => "boolean",
        Primitive::Json => "object",
    }
}

fn object_fields(
    keywords: &mut Map<String, Value>,
    pointer: &str,
) -> Result<Option<Vec<Property>>, DialectError> {
    if !matches!(keywords.get("properties"), Some(Value::Object(_))) {
        return Ok(None);
    }
    let Some(Value::Object(properties)) = keywords.shift_remove("properties") else {
        return Ok(None);
    };
    let base = child(pointer, "properties");
    let fields = properties
        .into_iter()
        .map(|(name, schema)| {
            let at = child(&base, &name);
            let mut schema = read_object(schema_object(schema, &at)?, &at)?;
            schema.description = take_string(&mut schema.keywords, "description");
            tidy(&mut schema);
            Ok(Property { name, schema })
        })
        .collect::<Result<Vec<_>, DialectError>>()?;
    Ok(Some(fields))
}

/// An array's element type, the fields of object elements and which are required,
/// and the elements' allowed values (what the model's `allowed` means on an array).
type Items = (
    Primitive,
    Option<Vec<Property>>,
    Option<Vec<String>>,
    Option<Vec<String>>,
);

/// `items` the model holds: one primitive type, or an object's fields. Anything more
/// (an element description, a nested array, a union) stays a keyword.
fn array_items(
    keywords: &mut Map<String, Value>,
    pointer: &str,
) -> Result<Option<Items>, DialectError> {
    let Some(Value::Object(items)) = keywords.get("items") else {
        return Ok(None);
    };
    let at = child(pointer, "items");
    let element = read_object(items.clone(), &at)?;
    let plain = element.keywords.as_ref().is_none_or(Map::is_empty) && element.nullable.is_none();
    let result = match element.value_type {
        ValueType::Primitive(Primitive::Json) if plain && element.allowed.is_none() => Some((
            Primitive::Json,
            element.properties,
            element.required_keys,
            None,
        )),
        ValueType::Primitive(p) if plain && element.properties.is_none() => {
            Some((p, None, None, element.allowed))
        }
        _ => None,
    };
    if result.is_some() {
        keywords.shift_remove("items");
    }
    Ok(result)
}

fn take_string(keywords: &mut Option<Map<String, Value>>, key: &str) -> Option<String> {
    let keywords = keywords.as_mut()?;
    match keywords.get(key) {
        Some(Value::String(text)) => {
            let text = text.clone();
            keywords.shift_remove(key);
            Some(text)
        }
        _ => None,
    }
}

fn take_strings(
    keywords: &mut Map<String, Value>,
    key: &str,
    pointer: &str,
) -> Result<Option<Vec<String>>, DialectError> {
    let Some(value) = keywords.get(key) else {
        return Ok(None);
    };
    let list = string_list(Some(value), &child(pointer, key))?;
    keywords.shift_remove(key);
    Ok(Some(list))
}

fn string_list(value: Option<&Value>, pointer: &str) -> Result<Vec<String>, DialectError> {
    match value {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| DialectError::invalid(pointer, "must be a list of names"))
            })
            .collect(),
        Some(_) => Err(DialectError::invalid(pointer, "must be a list of names")),
    }
}

/// How a JSON Schema dialect writes arguments.
#[derive(Debug, Clone, Copy)]
pub struct Writing<'a> {
    /// The dialect's title, for messages.
    pub target: &'a str,
}

/// The arguments schema of a tool: `{"type": "object", "properties", "required"}`,
/// saying what the tool says; `strict::make_strict` makes a provider's strict form of it.
pub fn write_parameters(tool: &Tool, writing: Writing<'_>, losses: &mut Vec<Loss>) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (index, parameter) in tool.parameters.iter().enumerate() {
        let schema = &parameter.schema;
        let mut written = write_value(schema, Field::ParameterSchema(index), writing, losses);
        describe_parameter(&mut written, parameter, index, schema, writing, losses);
        if parameter.required == Some(true) {
            required.push(Value::String(parameter.name.clone()));
        }
        properties.insert(parameter.name.clone(), Value::Object(written));
    }
    let mut root = Map::new();
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        root.insert("required".into(), Value::Array(required));
    }
    copy_keywords(&mut root, tool.parameter_keywords.as_ref());
    Value::Object(root)
}

/// Puts a parameter's description and default first in its written schema: one
/// description per property (the parameter's, the value's own reported when it
/// differs), then its default.
fn describe_parameter(
    written: &mut Map<String, Value>,
    parameter: &Parameter,
    index: usize,
    schema: &ValueSchema,
    writing: Writing<'_>,
    losses: &mut Vec<Loss>,
) {
    let description = match (&parameter.description, &schema.description) {
        (Some(own), Some(value)) if own != value => {
            losses.push(Loss::new(
                LossCode::SchemaDetailsDropped,
                Field::ParameterSchema(index),
                message!("{} has one description per property; the value's own description {value:?} of `{}` was dropped, its parameter description kept.", writing.target, parameter.name),
            ));
            Some(own.clone())
        }
        (own, value) => own.clone().or_else(|| value.clone()),
    };
    if let Some(default) = &parameter.default {
        put_first(written, "default", default.clone());
    }
    if let Some(text) = description {
        put_first(written, "description", Value::String(text));
    }
}

/// Inserts `key` at the front of the map: JSON Schema writers put `description` and
/// `default` after `type`, so keep that order readable.
fn put_first(map: &mut Map<String, Value>, key: &str, value: Value) {
    let at = usize::from(map.contains_key("type"));
    map.shift_insert(at.min(map.len()), key.to_owned(), value);
}

/// A tool's output from the JSON Schema of the value it returns (MCP `outputSchema`,
/// Gemini `response`): the schema's own `description` says what the tool returns.
pub fn read_output(schema: &Value, pointer: &str) -> Result<Output, DialectError> {
    let mut value = read_value(schema, pointer)?;
    let mut description = None;
    if let Some(keywords) = value.keywords.as_mut() {
        if let Some(text) = keywords.get("description").and_then(Value::as_str) {
            description = Some(text.to_owned());
            keywords.shift_remove("description");
        }
        if keywords.is_empty() {
            value.keywords = None;
        }
    }
    Ok(Output {
        description,
        schema: Some(value),
        ..Output::default()
    })
}

/// A readable path into a schema, for messages: `step` after `path` (`attendees[].role`).
pub fn path_step(path: &str, step: &str, separator: &str) -> String {
    if path.is_empty() {
        step.to_owned()
    } else {
        format!("{path}{separator}{step}")
    }
}

/// Puts the output's description on the schema written for the value it returns, where
/// `read_output` takes it back from; the value's own description it replaces is named in
/// `dropped`.
pub fn describe_output(
    value: &mut Map<String, Value>,
    output: &Output,
    schema: &ValueSchema,
    dropped: &mut Vec<String>,
) {
    let Some(text) = &output.description else {
        return;
    };
    if let Some(own) = schema.description.as_ref().filter(|own| *own != text) {
        dropped.push(format!("the value's own description {own:?}"));
    }
    value.insert("description".into(), text.clone().into());
}

/// A type of another dialect that the model has no equivalent for.
fn without_equivalent(value_type: &ValueType) -> bool {
    matches!(value_type, ValueType::Native { .. }) && value_type.canonical_equivalent().is_none()
}

/// One value schema as JSON Schema.
pub fn write_value(
    schema: &ValueSchema,
    field: Field,
    writing: Writing<'_>,
    losses: &mut Vec<Loss>,
) -> Map<String, Value> {
    let mut out = Map::new();
    let value_type = match &schema.value_type {
        ValueType::Native { dialect, .. } if dialect == NATIVE => None,
        other if without_equivalent(other) => {
            // JSON Schema's broadest type is none at all: `json` would be an object,
            // and refuse the lists and strings such a type (TaskWeaver `list`) takes.
            losses.push(Loss::new(
                LossCode::TypeChanged,
                field,
                message!(
                    "{} has no {} equivalent; it was written without a `type`, which accepts any JSON value. Narrow the type by hand if you can.",
                    other.described(),
                    writing.target
                ),
            ));
            None
        }
        other => Some(toolshift_model::unheld::lower_native(
            other,
            field,
            writing.target,
            losses,
        )),
    };
    let type_of = |name: &str| -> Value {
        if schema.nullable == Some(true) {
            Value::Array(vec![name.into(), "null".into()])
        } else {
            name.into()
        }
    };
    match &value_type {
        Some(ValueType::Primitive(p)) => {
            out.insert("type".into(), type_of(type_name(*p)));
        }
        Some(ValueType::Array(p)) => {
            out.insert("type".into(), type_of("array"));
            let items = write_items(schema, *p, field, writing, losses);
            out.insert("items".into(), Value::Object(items));
        }
        // A native type is lowered above; a JSON Schema one has its type in the keywords.
        Some(ValueType::Native { .. }) | None => {}
    }
    if let Some(description) = &schema.description {
        out.insert("description".into(), description.clone().into());
    }
    if let (Some(allowed), Some(ValueType::Primitive(primitive))) = (&schema.allowed, &value_type) {
        out.insert("enum".into(), typed_enum(allowed, *primitive));
    }
    if value_type == Some(ValueType::Primitive(Primitive::Json)) {
        write_object_fields(&mut out, schema, field, writing, losses);
    }
    copy_keywords(&mut out, schema.keywords.as_ref());
    out
}

/// The `items` of an array of `element`: its type, allowed values and object fields.
fn write_items(
    schema: &ValueSchema,
    element: Primitive,
    field: Field,
    writing: Writing<'_>,
    losses: &mut Vec<Loss>,
) -> Map<String, Value> {
    let mut items = Map::new();
    items.insert("type".into(), type_name(element).into());
    if let Some(allowed) = &schema.allowed {
        items.insert("enum".into(), strings(allowed));
    }
    let required = schema.element_required_keys.as_ref();
    match &schema.element_properties {
        Some(fields) => write_fields(&mut items, fields, required, field, writing, losses),
        None => {
            if let Some(keys) = required {
                items.insert("required".into(), strings(keys));
            }
        }
    }
    items
}

/// An object's fields and required keys.
fn write_object_fields(
    out: &mut Map<String, Value>,
    schema: &ValueSchema,
    field: Field,
    writing: Writing<'_>,
    losses: &mut Vec<Loss>,
) {
    let required = schema.required_keys.as_ref();
    match &schema.properties {
        Some(fields) => write_fields(out, fields, required, field, writing, losses),
        None => {
            if let Some(keys) = required {
                out.insert("required".into(), strings(keys));
            }
        }
    }
}

/// Writes the keywords the structural keys did not already write.
fn copy_keywords(out: &mut Map<String, Value>, keywords: Option<&Map<String, Value>>) {
    for (key, value) in keywords.into_iter().flatten() {
        if !out.contains_key(key) {
            out.insert(key.clone(), value.clone());
        }
    }
}

/// Leaves out an empty `properties` or `required` of an arguments schema: they say what
/// their absence says (a documented normalization of both JSON Schema dialects).
pub fn drop_empty_lists(schema: &mut Value) {
    let Some(schema) = schema.as_object_mut() else {
        return;
    };
    for key in ["properties", "required"] {
        let empty = schema.get(key).is_some_and(|value| {
            value.as_object().is_some_and(Map::is_empty)
                || value.as_array().is_some_and(Vec::is_empty)
        });
        if empty {
            schema.remove(key);
        }
    }
}

fn write_fields(
    out: &mut Map<String, Value>,
    fields: &[Property],
    required: Option<&Vec<String>>,
    field: Field,
    writing: Writing<'_>,
    losses: &mut Vec<Loss>,
) {
    let mut properties = Map::new();
    for property in fields {
        let written = write_value(&property.schema, field, writing, losses);
        properties.insert(property.name.clone(), Value::Object(written));
    }
    out.insert("properties".into(), Value::Object(properties));
    if let Some(keys) = required {
        out.insert("required".into(), strings(keys));
    }
}

fn strings(values: &[String]) -> Value {
    Value::Array(values.iter().cloned().map(Value::String).collect())
}

/// The name of a tool in a dialect without toolkits: `Toolkit_Tool` when it has one, as
/// Arcade's own converters write it, with characters outside `allowed` replaced and the
/// result cut to `max` characters; each change reported.
pub fn flat_name(
    tool: &Tool,
    target: &str,
    allowed: impl Fn(char) -> bool,
    max: usize,
    losses: &mut Vec<Loss>,
) -> String {
    let mut name = tool.name.clone();
    if let Some(toolkit) = &tool.toolkit {
        name = format!("{}_{}", toolkit.name, tool.name);
        losses.push(Loss::new(
            LossCode::ToolkitInName,
            Field::Name,
            message!("{target} has no toolkit, so the tool is named `{name}`, with its toolkit `{}` in front, as Arcade's own converters name it.", toolkit.name),
        ));
        let mut dropped = Vec::new();
        if let Some(description) = &toolkit.description {
            dropped.push(format!("description {description:?}"));
        }
        if let Some(version) = &toolkit.version {
            dropped.push(format!("version {version:?}"));
        }
        if !dropped.is_empty() {
            losses.push(Loss::new(
                LossCode::ToolkitDropped,
                Field::Toolkit,
                message!(
                    "{target} has no toolkit; the toolkit's {} were dropped.",
                    dropped.join(" and ")
                ),
            ));
        }
    }
    let cleaned = short_name(&name, &allowed, max);
    if cleaned != name {
        losses.push(Loss::new(
            LossCode::NameSanitized,
            Field::Name,
            message!("{target} names allow only letters, digits and `_-`{}, up to {max} characters (a longer one keeps its beginning and a hash of the whole); `{name}` was written `{cleaned}`.", if allowed('.') { "." } else { "" }),
        ));
    }
    cleaned
}

/// What a function-calling target (OpenAI, Anthropic, Gemini) holds beside a tool's
/// name, description and JSON Schema arguments.
#[derive(Debug, Clone, Copy, Default)]
pub struct FunctionHolds {
    pub examples: bool,
    /// The output: its writer reports what of it the target lacks.
    pub output: bool,
}

/// What a function-calling target cannot hold of a tool: the authorization it needs,
/// then everything but its name (with the toolkit in it), description, JSON Schema
/// arguments and what `holds` says.
pub fn function_tool_losses(
    tool: &Tool,
    target: &str,
    holds: FunctionHolds,
    losses: &mut Vec<Loss>,
) {
    authorization_losses(tool, target, losses);
    losses.extend(toolshift_model::unheld::unheld(
        tool,
        target,
        toolshift_model::unheld::Holds {
            toolkit: true,
            parameter_defaults: true,
            parameter_enums: true,
            schema_details: true,
            schema_keywords: true,
            examples: holds.examples,
            output: holds.output,
            // The id goes with the whole requirement (`authorization-dropped`).
            auth_id: true,
            ..toolshift_model::unheld::Holds::default()
        },
    ));
}

/// Property keys at the top of `arguments` that `allowed` refuses (`allowed_text` says
/// which characters it takes), with each other character replaced by `_` and cut at 64;
/// `required` follows. The model then calls the tool with the written key.
pub fn sanitize_property_keys(
    tool: &Tool,
    arguments: &mut Value,
    target: &str,
    allowed: fn(char) -> bool,
    allowed_text: &str,
    losses: &mut Vec<Loss>,
) {
    let Some(Value::Object(properties)) = arguments.get_mut("properties") else {
        return;
    };
    let mut renamed = Vec::new();
    let fits =
        |key: &String| !key.is_empty() && key.chars().count() <= 64 && key.chars().all(allowed);
    let mut taken: Vec<String> = properties.keys().filter(|key| fits(key)).cloned().collect();
    *properties = std::mem::take(properties)
        .into_iter()
        .map(|(key, value)| {
            if fits(&key) {
                return (key, value);
            }
            let clean = unused_key(&key, allowed, &taken);
            taken.push(clean.clone());
            renamed.push((key, clean.clone()));
            (clean, value)
        })
        .collect();
    if let Some(Value::Array(required)) = arguments.get_mut("required") {
        for name in required.iter_mut() {
            if let Some((_, clean)) = renamed.iter().find(|(key, _)| name == key) {
                *name = Value::String(clean.clone());
            }
        }
    }
    for (key, clean) in renamed {
        let field = tool
            .parameters
            .iter()
            .position(|parameter| parameter.name == key)
            .map_or(Field::Parameters, Field::Parameter);
        losses.push(Loss::new(
            LossCode::NameSanitized,
            field,
            message!("{target} property keys allow only {allowed_text}, up to 64 characters; parameter `{key}` was written as `{clean}`. The model will call the tool with `{clean}`: map it back."),
        ));
    }
}

/// `key` with each character `allowed` refuses replaced by `_`, cut to fit 64, and, where
/// another property already has that name, numbered (`user_id_2`).
fn unused_key(key: &str, allowed: fn(char) -> bool, taken: &[String]) -> String {
    let clean: String = key
        .chars()
        .map(|c| if allowed(c) { c } else { '_' })
        .take(64)
        .collect();
    let clean = if clean.is_empty() {
        "_".to_owned()
    } else {
        clean
    };
    let mut candidate = clean.clone();
    let mut number = 2;
    while taken.contains(&candidate) {
        let suffix = format!("_{number}");
        let stem: String = clean.chars().take(64 - suffix.len()).collect();
        candidate = format!("{stem}{suffix}");
        number += 1;
    }
    candidate
}

/// `name` with each character `allowed` refuses replaced by `_`; one longer than `max`
/// becomes a readable stem and 8 hex digits of a hash of the whole name, so that two
/// long names sharing a beginning stay apart, run after run.
pub fn short_name(name: &str, allowed: impl Fn(char) -> bool, max: usize) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| if allowed(c) { c } else { '_' })
        .collect();
    if cleaned.chars().count() <= max {
        return cleaned;
    }
    // FNV-1a: small, stable across platforms and releases, which a name must be.
    let hash = name.bytes().fold(0x811c_9dc5_u32, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    });
    let stem: String = cleaned.chars().take(max.saturating_sub(9)).collect();
    format!("{stem}_{hash:08x}")
}

/// The authorization a tool needs, which neither MCP nor OpenAI can state per tool.
pub fn authorization_losses(tool: &Tool, target: &str, losses: &mut Vec<Loss>) {
    use toolshift_model::tool::Authorization;
    let what = match &tool.authorization {
        Authorization::Unspecified | Authorization::None => return,
        Authorization::Token => "a bearer token".to_owned(),
        Authorization::OAuth2(oauth2) => {
            let mut parts = vec!["OAuth2".to_owned()];
            if let Some(provider) = &oauth2.provider {
                parts.push(format!("provider `{provider}`"));
            }
            if let Some(id) = &oauth2.id {
                parts.push(format!("id `{id}`"));
            }
            if let Some(url) = &oauth2.authority {
                parts.push(format!("URL {url}"));
            }
            if let Some(scopes) = &oauth2.scopes {
                parts.push(format!("scopes {scopes:?}"));
            }
            parts.join(", ")
        }
    };
    losses.push(Loss::new(
        LossCode::AuthorizationDropped,
        Field::Authorization,
        message!("{target} cannot say per tool that a user's authorization is needed; the requirement ({what}) was dropped. The host that runs the tool must obtain the token."),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn round(schema: Value) -> Value {
        let mut extras = Vec::new();
        let (parameters, parameter_keywords) =
            read_parameters(&schema, "/s", "x", false, &mut extras).unwrap_or_default();
        let tool = Tool {
            parameters,
            parameter_keywords,
            ..Tool::default()
        };
        let mut losses = Vec::new();
        let written = write_parameters(&tool, Writing { target: "X" }, &mut losses);
        assert!(losses.is_empty(), "{losses:?}");
        written
    }

    #[test]
    fn a_schema_with_keywords_comes_back_unchanged() {
        let schema = json!({
            "type": "object",
            "properties": {
                "q": {"type": "string", "description": "Query", "minLength": 2, "pattern": "^a"},
                "n": {"type": ["integer", "null"], "default": 3, "minimum": 1},
                "tags": {"type": "array", "items": {"type": "string"}},
                "formats": {"type": "array", "items": {"type": "string", "enum": ["md", "html"]}},
                "shapes": {"type": "array", "enum": [["a"], ["b"]], "items": {"type": "string"}},
                "pairs": {"type": "array", "items": {"type": "array"}},
                "any": {"description": "anything"},
                "either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                "who": {"type": "object", "properties": {"id": {"type": "integer", "description": "Id"}}, "required": ["id"]},
                "mode": {"type": "string", "enum": ["a", "b"]},
                "level": {"type": "integer", "enum": [1, 2]}
            },
            "required": ["q"],
            "$defs": {"r": {"type": "string"}},
            "additionalProperties": false
        });
        assert_eq!(round(schema.clone()), schema);
    }

    #[test]
    fn bad_shapes_are_errors_naming_the_place() {
        let mut extras = Vec::new();
        let error = read_parameters(
            &json!({"type": "object", "properties": {"a": true}}),
            "/inputSchema",
            "x",
            false,
            &mut extras,
        );
        assert!(
            matches!(error, Err(DialectError::Invalid { pointer, .. }) if pointer == "/inputSchema/properties/a")
        );
        let error = read_parameters(&json!({"type": "string"}), "/p", "x", false, &mut extras);
        assert!(
            matches!(error, Err(DialectError::Invalid { pointer, .. }) if pointer == "/p/type")
        );
    }

    #[test]
    fn a_schema_that_is_no_object_is_named_for_what_it_is() {
        let mut extras = Vec::new();
        for (schema, found) in [
            (json!(true), "not `true` or `false`"),
            (json!(5), "this is a number"),
            (json!("string"), "this is a string"),
            (json!(["a"]), "this is an array"),
            (Value::Null, "this is null"),
        ] {
            let parameters = json!({"type": "object", "properties": {"a": schema}});
            match read_parameters(&parameters, "/s", "x", false, &mut extras) {
                Err(DialectError::Invalid { message, .. }) => {
                    assert!(message.contains(found), "{message}")
                }
                other => panic!("expected a refusal, got {other:?}"),
            }
        }
    }
}
