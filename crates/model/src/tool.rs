//! The canonical tool: one shape that every dialect reads into and writes from.
//!
//! Optional fields are `Option` so that "absent" and "present with a default value"
//! stay distinct: a same-dialect round trip must not invent keys the input lacked.

use crate::message;
use serde_json::Value;

/// One tool, independent of any dialect.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tool {
    /// The machine name the model calls (`SendEmail`, `sql_pull_data`, a hubId).
    pub name: String,
    /// A separate human-facing title, where a dialect has one (AnythingLLM `name`).
    pub display_name: Option<String>,
    pub toolkit: Option<Toolkit>,
    pub description: Option<String>,
    /// The tool's own version: a content hash in Arcade v1, free text elsewhere.
    pub version: Option<String>,
    pub parameters: Vec<Parameter>,
    /// JSON Schema keywords of the arguments object itself (`$defs`, `$schema`,
    /// `additionalProperties`), for dialects whose arguments are one JSON Schema.
    pub parameter_keywords: Option<serde_json::Map<String, Value>>,
    pub output: Output,
    pub authorization: Authorization,
    pub settings: Vec<Setting>,
    pub examples: Vec<Example>,
    pub implementation: Option<Implementation>,
    /// TaskWeaver `enabled`, AnythingLLM `active`.
    pub enabled: Option<bool>,
    pub author: Option<String>,
    pub url: Option<String>,
    pub license: Option<String>,
    /// Keys the source dialect had that the model has no field for.
    pub extras: Vec<Extra>,
    /// The dialect the tool was read from, so a writer can tell a same-dialect round
    /// trip (where re-encoding a convention loses nothing) from a real conversion.
    pub origin: Option<String>,
    /// What the tool does to the world it touches (Arcade `metadata.behavior`).
    pub behavior: Option<Behavior>,
    /// Why the tool should no longer be used, and what replaces it.
    pub deprecation: Option<String>,
}

impl Tool {
    /// The toolkit name a target that requires one writes: `--toolkit`, the tool's own
    /// (reported when it was split off a qualified name), or `default` (reported).
    pub fn toolkit_name(
        &self,
        chosen: Option<&str>,
        default: &str,
        target: &str,
        losses: &mut Vec<crate::loss::Loss>,
    ) -> String {
        use crate::field::Field;
        use crate::loss::{Loss, LossCode};
        match (chosen, &self.toolkit) {
            (Some(name), _) => name.to_owned(),
            (None, Some(toolkit)) => {
                if toolkit.origin == ToolkitOrigin::QualifiedName {
                    losses.push(Loss::new(
                        LossCode::NameSplit,
                        Field::ToolkitName,
                        message!(
                            "the qualified name `{}.{}` became toolkit `{}` and tool `{}`. Pass --toolkit to choose another toolkit.",
                            toolkit.name, self.name, toolkit.name, self.name
                        ),
                    ));
                }
                toolkit.name.clone()
            }
            (None, None) => {
                losses.push(Loss::new(
                    LossCode::ToolkitDefaulted,
                    Field::ToolkitName,
                    message!("{target} requires a toolkit and the input names none; `{default}` was written. Pass --toolkit NAME."),
                ));
                default.to_owned()
            }
        }
    }

    /// The value `dialect` stored at `pointer` because the model has no field for it.
    pub fn extra(&self, dialect: &str, pointer: &str) -> Option<&Value> {
        self.extras
            .iter()
            .find(|extra| extra.dialect == dialect && extra.pointer == pointer)
            .map(|extra| &extra.value)
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Toolkit {
    pub name: String,
    pub description: Option<String>,
    pub version: Option<String>,
    pub origin: ToolkitOrigin,
}

/// Where the toolkit came from, so that a writer can report a toolkit it had to infer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ToolkitOrigin {
    /// The input declared it as a toolkit object.
    #[default]
    Declared,
    /// It was split off a qualified tool name such as `Google.SendEmail`.
    QualifiedName,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Parameter {
    pub name: String,
    pub description: Option<String>,
    pub required: Option<bool>,
    pub schema: ValueSchema,
    /// A default value, kept in the JSON type it was written with.
    pub default: Option<Value>,
    /// Whether a model may infer the value (Arcade; defaults to true there).
    pub inferrable: Option<bool>,
}

impl Parameter {
    /// The required flag a target that must state one writes: the parameter's own, or
    /// `false` (optional), reported.
    pub fn required_or_optional(
        &self,
        index: usize,
        target: &str,
        losses: &mut Vec<crate::loss::Loss>,
    ) -> bool {
        self.required.unwrap_or_else(|| {
            losses.push(crate::loss::Loss::new(
                crate::loss::LossCode::RequiredDefaulted,
                crate::field::Field::ParameterRequired(index),
                message!(
                    "{target} requires `required`; parameter `{}` was written as optional.",
                    self.name
                ),
            ));
            false
        })
    }
}

/// The type of a value, with its allowed values and, for objects, their fields.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueSchema {
    pub value_type: ValueType,
    pub allowed: Option<Vec<String>>,
    /// What the value itself means, apart from the parameter or output holding it.
    pub description: Option<String>,
    /// The fields of an object value, each with its own schema, in input order.
    pub properties: Option<Vec<Property>>,
    /// Which of `properties` must be present.
    pub required_keys: Option<Vec<String>>,
    /// The fields of each element of an array of objects.
    pub element_properties: Option<Vec<Property>>,
    pub element_required_keys: Option<Vec<String>>,
    /// Whether `null` is an accepted value.
    pub nullable: Option<bool>,
    /// JSON Schema keywords the model has no field for (`pattern`, `minimum`, `anyOf`,
    /// `$ref`...), in input order, so dialects whose parameters are JSON Schema (MCP,
    /// OpenAI) carry them and every other dialect reports each one.
    pub keywords: Option<serde_json::Map<String, Value>>,
}

/// One field of an object value.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    pub name: String,
    pub schema: ValueSchema,
}

impl ValueSchema {
    pub fn of(value_type: ValueType) -> Self {
        Self {
            value_type,
            allowed: None,
            description: None,
            properties: None,
            required_keys: None,
            element_properties: None,
            element_required_keys: None,
            nullable: None,
            keywords: None,
        }
    }

    /// Every JSON Schema keyword of this value and of its fields, with where it sits in
    /// words (`field \`address.zip\``), for a target that holds no keywords.
    pub fn keyword_places(&self) -> Vec<(String, &str, &Value)> {
        let mut places = Vec::new();
        self.collect_keywords("", &mut places);
        places
    }

    fn collect_keywords<'a>(&'a self, path: &str, places: &mut Vec<(String, &'a str, &'a Value)>) {
        for (key, value) in self.keywords.iter().flatten() {
            places.push((path.to_owned(), key.as_str(), value));
        }
        let nested = self
            .properties
            .iter()
            .flatten()
            .map(|p| (p, ""))
            .chain(self.element_properties.iter().flatten().map(|p| (p, "[].")));
        for (property, element) in nested {
            let inner = if path.is_empty() {
                format!("{element}{}", property.name)
            } else {
                let element = if element.is_empty() { "." } else { element };
                format!("{path}{element}{}", property.name)
            };
            property.schema.collect_keywords(&inner, places);
        }
    }

    /// The parts beyond type and allowed values, named for a report: what a dialect
    /// with flat types cannot hold. Empty when there are none.
    pub fn details(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if let Some(description) = &self.description {
            parts.push(format!("description {description:?}"));
        }
        let names = |properties: &[Property]| {
            properties
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if let Some(properties) = &self.properties {
            parts.push(format!("fields ({})", names(properties)));
        }
        if let Some(keys) = &self.required_keys {
            parts.push(format!("required fields {keys:?}"));
        }
        if let Some(properties) = &self.element_properties {
            parts.push(format!("element fields ({})", names(properties)));
        }
        if let Some(keys) = &self.element_required_keys {
            parts.push(format!("required element fields {keys:?}"));
        }
        if let Some(nullable) = self.nullable {
            parts.push(format!("nullable: {nullable}"));
        }
        parts
    }

    /// The same type and allowed values, without the details `details` names.
    pub fn flat(&self) -> ValueSchema {
        ValueSchema {
            allowed: self.allowed.clone(),
            ..ValueSchema::of(self.value_type.clone())
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Primitive {
    String,
    Integer,
    Number,
    Boolean,
    Json,
}

impl Primitive {
    pub fn canonical_name(self) -> &'static str {
        match self {
            Primitive::String => "string",
            Primitive::Integer => "integer",
            Primitive::Number => "number",
            Primitive::Boolean => "boolean",
            Primitive::Json => "json",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueType {
    Primitive(Primitive),
    /// A list whose elements are one primitive type.
    Array(Primitive),
    /// A type name only one dialect understands (`pandas.DataFrame`, `list[str]`, `Any`),
    /// kept verbatim so that the same dialect can write it back. `equivalent` is the
    /// canonical type closest in meaning, where there is one (`list[str]` → array of
    /// string); other dialects write that, or their broadest type, and report it.
    Native {
        dialect: String,
        name: String,
        equivalent: Option<Box<ValueType>>,
    },
}

impl ValueType {
    pub const STRING: ValueType = ValueType::Primitive(Primitive::String);

    /// A native type's canonical equivalent, where it has one that is not native itself;
    /// `None` for any other type.
    pub fn canonical_equivalent(&self) -> Option<&ValueType> {
        match self {
            ValueType::Native { equivalent, .. } => equivalent
                .as_deref()
                .filter(|equivalent| !matches!(equivalent, ValueType::Native { .. })),
            _ => None,
        }
    }

    /// The name used in messages, independent of dialect spelling.
    pub fn describe(&self) -> String {
        self.described().to_string()
    }

    /// `describe`'s text, written straight into the message that names it rather than
    /// built apart and copied in.
    pub fn described(&self) -> Described<'_> {
        Described(self)
    }
}

/// A value type as messages name it (`ValueType::described`).
/// The `dialect` of a `ValueType::Native` whose type lives in its JSON Schema keywords
/// (`toolshift_json_schema::NATIVE`).
pub const JSON_SCHEMA: &str = "json-schema";

#[derive(Debug, Clone, Copy)]
pub struct Described<'a>(&'a ValueType);

impl std::fmt::Display for Described<'_> {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            ValueType::Primitive(p) => out.write_str(p.canonical_name()),
            ValueType::Array(p) => write!(out, "array of {}", p.canonical_name()),
            ValueType::Native { dialect, name, .. } if dialect == JSON_SCHEMA => {
                write!(out, "the JSON Schema type given by its keywords (`{name}`)")
            }
            ValueType::Native { dialect, name, .. } => write!(out, "{dialect} type `{name}`"),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Output {
    /// Arcade `available_modes`, in input order.
    pub modes: Vec<OutputMode>,
    pub description: Option<String>,
    pub schema: Option<ValueSchema>,
    /// Named return values (TaskWeaver `returns`).
    pub returns: Vec<ReturnValue>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputMode {
    Value,
    Error,
    Null,
    Artifact,
    RequiresAuthorization,
}

impl Output {
    /// The modes as the user wrote them, for messages: `value, error`.
    pub fn modes_text(&self) -> String {
        let modes: Vec<&str> = self.modes.iter().map(|mode| mode.as_str()).collect();
        modes.join(", ")
    }
}

impl OutputMode {
    pub const ALL: [OutputMode; 5] = [
        OutputMode::Value,
        OutputMode::Error,
        OutputMode::Null,
        OutputMode::Artifact,
        OutputMode::RequiresAuthorization,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OutputMode::Value => "value",
            OutputMode::Error => "error",
            OutputMode::Null => "null",
            OutputMode::Artifact => "artifact",
            OutputMode::RequiresAuthorization => "requires_authorization",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|mode| mode.as_str() == text)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReturnValue {
    pub name: String,
    pub description: Option<String>,
    pub value_type: ValueType,
}

/// What the tool needs before it can run on a user's behalf.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Authorization {
    /// The input said nothing (or `null`).
    #[default]
    Unspecified,
    /// Explicitly none.
    None,
    /// A bearer token supplied by the platform.
    Token,
    OAuth2(OAuth2),
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct OAuth2 {
    /// Arcade provider id (`google`, `slack_user`, ...).
    pub provider: Option<String>,
    /// The id of one configured authorization provider (Arcade today's `id`), which a
    /// generic OAuth2 requirement uses instead of a provider id.
    pub id: Option<String>,
    /// The authorization server URL (v1 `url`, v2 `authority`).
    pub authority: Option<String>,
    pub scopes: Option<Vec<String>>,
}

/// Effects of calling the tool. Each flag is `None` when the input did not say.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Behavior {
    /// `read`, `create`, `update`, `delete`, `opaque`: what it does to resources.
    pub operations: Option<Vec<String>>,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    /// Whether it reaches systems outside the agent's own (the network, a third party).
    pub open_world: Option<bool>,
}

impl Behavior {
    /// The hints set, for a report: `read_only: true, idempotent: true`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(operations) = &self.operations {
            parts.push(format!("operations {operations:?}"));
        }
        for (name, flag) in [
            ("read_only", self.read_only),
            ("destructive", self.destructive),
            ("idempotent", self.idempotent),
            ("open_world", self.open_world),
        ] {
            if let Some(flag) = flag {
                parts.push(format!("{name}: {flag}"));
            }
        }
        parts.join(", ")
    }

    /// Whether no hint is set: `describe` would say nothing.
    pub fn is_empty(&self) -> bool {
        let Behavior {
            operations,
            read_only,
            destructive,
            idempotent,
            open_world,
        } = self;
        operations.is_none()
            && [read_only, destructive, idempotent, open_world]
                .iter()
                .all(|flag| flag.is_none())
    }
}

/// A value configured once per installation rather than per call.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    pub key: String,
    pub description: Option<String>,
    pub value_type: Option<String>,
    pub required: Option<bool>,
    pub default: Option<Value>,
    pub value: Option<Value>,
    /// Credentials: their values are never copied unless the user asks.
    pub secret: bool,
    pub input: Option<InputHint>,
}

impl Setting {
    /// A credential known by its key alone (an Arcade secret requirement).
    pub fn secret(key: &str) -> Self {
        Setting {
            key: key.to_owned(),
            description: None,
            value_type: None,
            required: None,
            default: None,
            value: None,
            secret: true,
            input: None,
        }
    }
}

/// How a settings UI should ask for a value (AnythingLLM `setup_args.*.input`).
#[derive(Debug, Clone, PartialEq)]
pub struct InputHint {
    pub kind: String,
    pub placeholder: Option<String>,
    pub hint: Option<String>,
    pub options: Option<Vec<Value>>,
    /// The value the settings UI starts with.
    pub default: Option<Value>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    pub prompt: Option<String>,
    pub call: ExampleCall,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExampleCall {
    /// Arguments as a JSON object (AnythingLLM `call`, parsed), with the text it was
    /// parsed from so the same dialect writes it back byte for byte.
    Arguments {
        value: Value,
        original: Option<String>,
    },
    /// Source code in some language (TaskWeaver `examples` is Python), with the calls of
    /// the tool its reader could find in it.
    Code {
        language: String,
        text: String,
        calls: Vec<CodeCall>,
    },
    /// A call string that was not valid JSON, kept verbatim.
    Verbatim(String),
}

/// One call of the tool found in example code.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeCall {
    /// The comment right above the call.
    pub prompt: Option<String>,
    /// The statement as written.
    pub statement: String,
    /// The arguments by parameter name, or why they are not literal values.
    pub arguments: Result<Value, String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Implementation {
    pub language: String,
    /// Path relative to the manifest.
    pub file: String,
    /// Whether the file was found next to the manifest when it was read.
    pub present: Option<bool>,
    /// The file's text, where the source dialect's layout holds it (AnythingLLM's
    /// `handler.js`), so the same dialect can copy it without touching the disk.
    pub content: Option<String>,
}

/// A key of the source document with no canonical field, kept so that the
/// same dialect can write it back and any other can report it by pointer.
#[derive(Debug, Clone, PartialEq)]
pub struct Extra {
    pub dialect: String,
    /// RFC 6901 pointer into the source document.
    pub pointer: String,
    pub value: Value,
}

#[cfg(test)]
mod tests {
    use super::Behavior;

    #[test]
    fn behavior_is_empty_exactly_when_it_describes_nothing() {
        let hints: [fn(&mut Behavior); 5] = [
            |b| b.operations = Some(Vec::new()),
            |b| b.read_only = Some(false),
            |b| b.destructive = Some(true),
            |b| b.idempotent = Some(true),
            |b| b.open_world = Some(false),
        ];
        let hinted = hints.iter().map(|set| {
            let mut behavior = Behavior::default();
            set(&mut behavior);
            behavior
        });
        for behavior in std::iter::once(Behavior::default()).chain(hinted) {
            assert_eq!(
                behavior.is_empty(),
                behavior.describe().is_empty(),
                "{behavior:?}"
            );
        }
    }
}
