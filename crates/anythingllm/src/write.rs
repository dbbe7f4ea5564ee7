//! Canonical tool → AnythingLLM skill folder: `HUBID/plugin.json` and `HUBID/handler.js`.

use crate::schema::{self, SCHEMA_VERSION};
use crate::{javascript, ID, REQUIRED_PREFIX};
use serde_json::{Map, Value};
use std::borrow::Cow;
use toolshift_model::dialect::{check_file_name, restore_extras};
use toolshift_model::message;
use toolshift_model::unheld::{unheld, unheld_extras, Holds};
use toolshift_model::{
    Authorization, DialectError, ExampleCall, Field, Loss, LossCode, OutputContent, OutputFile,
    Primitive, Tool, ValueType, WriteOptions, Written,
};
use toolshift_syntax::text::{borrowed, code_list, humanize, with_note};
use toolshift_syntax::OrderedMap;

const TITLE: &str = "AnythingLLM";
const DEFAULT_VERSION: &str = "1.0.0";
const MAX_HUB_ID: usize = 64;

/// The skill's `plugin.json`, named as `write` names it.
pub fn manifest_name(tool: &Tool, _options: &WriteOptions) -> Result<String, DialectError> {
    Ok(manifest_path(&hub_id(&tool.name, &mut Vec::new())?))
}

fn manifest_path(hub_id: &str) -> String {
    [hub_id, "/plugin.json"].concat()
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    // A typical tool loses a few things per parameter (required flags, integer types):
    // room for them at once, instead of growing the list three times.
    let mut losses = Vec::with_capacity(16);
    let hub_id = hub_id(&tool.name, &mut losses)?;
    let Header {
        name,
        version,
        description,
        active,
        author_url,
    } = header(tool, &mut losses);

    let params = tool
        .parameters
        .iter()
        .enumerate()
        .map(|(index, parameter)| {
            (
                Cow::Borrowed(parameter.name.as_str()),
                param(index, parameter, tool.origin.as_deref(), &mut losses),
            )
        })
        .collect::<OrderedMap<_, _>>();
    let setup_args = setup_args(tool, options, &mut losses);
    let examples = examples(tool, &mut losses);
    let handler = handler(tool, &hub_id, &setup_args, &mut losses);

    let mut skill = schema::Skill {
        active: Some(active),
        hub_id: Cow::Borrowed(&hub_id),
        name: Some(name),
        schema: Some(Cow::Borrowed(SCHEMA_VERSION)),
        version: Some(version),
        description: Some(description),
        author: borrowed(tool.author.as_ref()),
        author_url,
        license: borrowed(tool.license.as_ref()),
        setup_args: (!setup_args.is_empty()).then_some(setup_args),
        examples: (!examples.is_empty()).then_some(examples),
        entrypoint: schema::Entrypoint {
            file: Some(Cow::Borrowed(HANDLER)),
            params,
            unknown: Map::new(),
        },
        imported: Some(true),
        unknown: Map::new(),
    };
    if options.official {
        fit_official(&mut skill, tool, &mut losses);
    }
    let mut document = toolshift_model::dialect::to_document(ID, &skill)?;
    // Under --official only top-level keys go back: the schema closes every other object.
    let restored = restore_extras(&mut document, &tool.extras, ID, |pointer| {
        crate::extra_allowed(pointer) && !(options.official && pointer.matches('/').count() > 1)
    });
    report_unheld(tool, &restored, &mut losses);

    let files = vec![
        OutputFile {
            path: manifest_path(&hub_id),
            content: OutputContent::Manifest(document),
            create_only: false,
        },
        OutputFile {
            path: [hub_id.as_str(), "/", HANDLER].concat(),
            content: OutputContent::Text(handler),
            create_only: true,
        },
    ];
    Ok(Written { files, losses })
}

/// What AnythingLLM cannot hold, and the extras not written back (`restored`).
fn report_unheld(tool: &Tool, restored: &[String], losses: &mut Vec<Loss>) {
    losses.extend(unheld(
        tool,
        TITLE,
        Holds {
            display_name: true,
            version: true,
            parameter_defaults: true,
            settings: true,
            examples: true,
            implementation: true,
            enabled: true,
            author: true,
            url: true,
            license: true,
            parameter_enums: true,
            ..Holds::default()
        },
    ));
    losses.extend(unheld_extras(&tool.extras, ID, TITLE, |pointer| {
        restored.iter().any(|r| r == pointer)
    }));
}

/// The skill's top-level fields a writer must fill, each defaulted (and reported) where
/// the tool has none.
struct Header<'t> {
    name: Cow<'t, str>,
    version: Cow<'t, str>,
    description: Cow<'t, str>,
    active: bool,
    author_url: Option<Cow<'t, str>>,
}

fn header<'t>(tool: &'t Tool, losses: &mut Vec<Loss>) -> Header<'t> {
    let name = tool.display_name.as_deref().map_or_else(
        || {
            let title = humanize(&tool.name);
            losses.push(Loss::new(
                LossCode::FieldDefaulted,
                Field::DisplayName,
                message!(
                    "AnythingLLM shows a display name; {title:?} was made from the tool name."
                ),
            ));
            Cow::Owned(title)
        },
        Cow::Borrowed,
    );
    let version = tool.version.as_deref().map_or_else(
        || {
            losses.push(Loss::new(
                LossCode::FieldDefaulted,
                Field::Version,
                message!("AnythingLLM requires a version; `{DEFAULT_VERSION}` was written."),
            ));
            Cow::Borrowed(DEFAULT_VERSION)
        },
        Cow::Borrowed,
    );
    let description = tool.description.as_deref().map_or_else(|| {
        let text = format!("The {} skill.", tool.name);
        losses.push(Loss::new(LossCode::DescriptionDefaulted, Field::Description, message!("AnythingLLM requires a description; {text:?} was written. Describe what the skill does.")));
        Cow::Owned(text)
    }, Cow::Borrowed);
    let active = tool.enabled.unwrap_or_else(|| {
        losses.push(Loss::new(
            LossCode::FieldDefaulted,
            Field::Enabled,
            message!("AnythingLLM requires `active`; `true` was written."),
        ));
        true
    });
    let author_url = borrowed(tool.url.as_ref()).filter(|url| {
        let absolute = url.split_once(':').is_some_and(|(scheme, rest)| {
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && !rest.is_empty()
        });
        if !absolute {
            losses.push(Loss::new(
                LossCode::MetadataDropped,
                Field::Url,
                message!(
                    "AnythingLLM's `author_url` must be a URI; {url:?} is not, so it was dropped."
                ),
            ));
        }
        absolute
    });
    Header {
        name,
        version,
        description,
        active,
        author_url,
    }
}

/// Refuses a name that is a path; replaces what `[A-Za-z0-9_-]{1,64}` does not allow.
fn hub_id(name: &str, losses: &mut Vec<Loss>) -> Result<String, DialectError> {
    check_file_name(name)?;
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    // The usual name is a hubId already: no loss, and no character-by-character copy.
    // Bytes, not characters: every allowed character is one ASCII byte, and no byte of
    // any other character is one.
    if name.len() <= MAX_HUB_ID && name.bytes().all(|b| allowed(char::from(b))) {
        return Ok(name.to_owned());
    }
    let sanitized: String = name
        .chars()
        .map(|c| if allowed(c) { c } else { '-' })
        .take(MAX_HUB_ID)
        .collect();
    if sanitized != name {
        losses.push(Loss::new(
            LossCode::NameSanitized,
            Field::Name,
            message!("AnythingLLM hubIds are letters, digits, `_` and `-`, at most {MAX_HUB_ID}; `{name}` was written as `{sanitized}`."),
        ));
    }
    Ok(sanitized)
}

fn param<'a>(
    index: usize,
    parameter: &'a toolshift_model::Parameter,
    tool_origin: Option<&str>,
    losses: &mut Vec<Loss>,
) -> schema::Param<'a> {
    let required = parameter.required == Some(true);
    let text: Cow<'_, str> = match &parameter.description {
        Some(text) => Cow::Borrowed(text),
        None => {
            let defaulted = format!("The {} parameter.", parameter.name);
            losses.push(Loss::new(
                LossCode::DescriptionDefaulted,
                Field::ParameterDescription(index),
                message!("AnythingLLM requires parameter descriptions; {defaulted:?} was written."),
            ));
            Cow::Owned(defaulted)
        }
    };
    // The text as it is, or one copy of it with the prefix when there is one.
    let mut description = if required {
        Cow::Owned([REQUIRED_PREFIX, &text].concat())
    } else {
        text
    };
    // A skill read from AnythingLLM already carried the prefix: writing it again changes nothing.
    if required && tool_origin != Some(ID) {
        losses.push(Loss::new(
            LossCode::RequiredFolded,
            Field::ParameterRequired(index),
            message!("AnythingLLM has no required flag; `{}` is required, so its description now starts with `{}`.", parameter.name, REQUIRED_PREFIX.trim_end()),
        ));
    }
    let value_type = param_type(
        &parameter.schema.value_type,
        &parameter.name,
        Field::ParameterSchema(index),
        losses,
    );
    // The model is shown `{type, enum}`: string values constrain only a string. On a list
    // or object sent as JSON text they would allow one exact text, and on a number none.
    let allowed = match &parameter.schema.allowed {
        Some(values) if !holds_string_values(&parameter.schema.value_type) => {
            let listed = values
                .iter()
                .map(|v| format!("`{v}`"))
                .collect::<Vec<_>>()
                .join(", ");
            description = Cow::Owned(format!("{} (allowed: {listed})", description.trim_end()));
            let why = match &parameter.schema.value_type {
                ValueType::Array(_) => format!("`{}` is a list sent as JSON text, and its allowed values {values:?} apply to each element, which an AnythingLLM `enum` cannot say", parameter.name),
                _ => format!("an AnythingLLM `enum` holds strings, which cannot constrain the {value_type} `{}` to {values:?}", parameter.name),
            };
            // The entry names the whole parameter: its enum and its description changed.
            losses.push(Loss::new(
                LossCode::EnumFolded,
                Field::Parameter(index),
                message!("{why}; the values were listed in its description instead."),
            ));
            None
        }
        other => other.as_deref().map(Cow::Borrowed),
    };
    schema::Param {
        description: Some(description),
        value_type: Some(Cow::Borrowed(value_type)),
        allowed,
        default: parameter.default.clone(),
        unknown: Map::new(),
    }
}

/// Whether the type's values are strings, so that a list of strings can constrain it.
fn holds_string_values(value_type: &ValueType) -> bool {
    match value_type {
        ValueType::Primitive(Primitive::String) => true,
        ValueType::Native {
            equivalent: Some(equivalent),
            ..
        } => matches!(**equivalent, ValueType::Primitive(Primitive::String)),
        _ => false,
    }
}

fn param_type(
    value_type: &ValueType,
    name: &str,
    field: Field,
    losses: &mut Vec<Loss>,
) -> &'static str {
    let mut changed = |to: &str, why: &str| {
        losses.push(Loss::new(LossCode::TypeChanged, field, message!("AnythingLLM parameters are string, number or boolean; `{name}` ({}) became {to}: {why}.", value_type.described())));
    };
    match value_type {
        ValueType::Primitive(Primitive::String) => "string",
        ValueType::Primitive(Primitive::Number) => "number",
        ValueType::Primitive(Primitive::Boolean) => "boolean",
        ValueType::Primitive(Primitive::Integer) => {
            changed("number", "the model may pass a fraction");
            "number"
        }
        ValueType::Native {
            equivalent: Some(equivalent),
            ..
        } if matches!(
            **equivalent,
            ValueType::Primitive(Primitive::Number | Primitive::Boolean | Primitive::String)
        ) =>
        {
            let to = match **equivalent {
                ValueType::Primitive(Primitive::Number) => "number",
                ValueType::Primitive(Primitive::Boolean) => "boolean",
                _ => "string",
            };
            changed(to, "the nearest AnythingLLM type");
            to
        }
        _ => {
            changed(
                "string",
                "the value travels as JSON text the handler must parse",
            );
            "string"
        }
    }
}

fn setup_args<'a>(
    tool: &'a Tool,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> OrderedMap<schema::Text<'a>, schema::SetupArg<'a>> {
    let mut args =
        OrderedMap::with_capacity_and_hasher(tool.settings.len() + 1, Default::default());
    for (index, setting) in tool.settings.iter().enumerate() {
        let arg = setup_arg(setting, index, options, losses);
        args.insert(Cow::Borrowed(setting.key.as_str()), arg);
    }
    add_authorization_arg(tool, &mut args, losses);
    args
}

/// One setting as a setup argument: its value a string, credentials withheld, and
/// what AnythingLLM has no place for reported.
fn setup_arg<'a>(
    setting: &'a toolshift_model::Setting,
    index: usize,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> schema::SetupArg<'a> {
    let value = withhold(
        setting,
        index,
        setting.value.as_ref(),
        "value",
        options,
        losses,
    )
    .map(|value| match value {
        Value::String(_) => value,
        other => {
            losses.push(Loss::new(
                LossCode::ValueStringified,
                Field::SettingValue(index),
                message!(
                    "AnythingLLM setup values are strings; {other} of `{}` was written as text.",
                    setting.key
                ),
            ));
            Value::String(other.to_string())
        }
    });
    let default = withhold(
        setting,
        index,
        setting.default.as_ref(),
        "default",
        options,
        losses,
    );
    let input = input_hints(setting, index, options, losses);
    if setting.description.is_some() {
        losses.push(Loss::new(
            LossCode::SettingDetailsDropped,
            Field::Setting(index),
            message!(
                "AnythingLLM setup arguments have no description; that of `{}` was dropped.",
                setting.key
            ),
        ));
    }
    schema::SetupArg {
        value_type: Some(Cow::Borrowed(
            setting.value_type.as_deref().unwrap_or("string"),
        )),
        required: setting.required,
        default,
        input: Some(input.unwrap_or_else(|| schema::Input {
            kind: Some(input_kind(setting.secret).into()),
            options: None,
            default: None,
            placeholder: None,
            hint: None,
            unknown: Map::new(),
        })),
        value,
        unknown: Map::new(),
    }
}

/// A setting's input hints for the settings form, its default withheld where it is a
/// credential's.
fn input_hints<'a>(
    setting: &'a toolshift_model::Setting,
    index: usize,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> Option<schema::Input<'a>> {
    setting.input.as_ref().map(|input| schema::Input {
        kind: Some(Cow::Borrowed(if input.kind.is_empty() {
            "text"
        } else {
            &input.kind
        })),
        options: input.options.clone(),
        default: withhold(
            setting,
            index,
            input.default.as_ref(),
            "input default",
            options,
            losses,
        ),
        placeholder: borrowed(input.placeholder.as_ref()),
        hint: borrowed(input.hint.as_ref()),
        unknown: Map::new(),
    })
}

/// A token or OAuth2 requirement as one more setup argument, under a key no setting
/// has taken.
fn add_authorization_arg<'a>(
    tool: &Tool,
    args: &mut OrderedMap<schema::Text<'a>, schema::SetupArg<'a>>,
    losses: &mut Vec<Loss>,
) {
    if let Some((key, hint)) = authorization_arg(&tool.authorization) {
        let mut unique = key;
        while args.contains_key(unique.as_str()) {
            unique.push('_');
        }
        losses.push(Loss::new(
            LossCode::AuthorizationAsSetting,
            Field::Authorization,
            message!("AnythingLLM skills have no authorization requirement; setup argument `{unique}` now holds {hint}. Read it as this.runtimeArgs[{unique:?}]."),
        ));
        args.insert(
            Cow::Owned(unique),
            schema::SetupArg {
                value_type: Some("string".into()),
                required: Some(true),
                default: None,
                input: Some(schema::Input {
                    kind: Some(input_kind(true).into()),
                    options: None,
                    default: None,
                    placeholder: None,
                    hint: Some(Cow::Owned(hint)),
                    unknown: Map::new(),
                }),
                value: None,
                unknown: Map::new(),
            },
        );
    }
}

/// The settings form masks `password` inputs and shows `text` ones in clear.
fn input_kind(secret: bool) -> &'static str {
    if secret {
        "password"
    } else {
        "text"
    }
}

/// The value to write, or `None` where it is a credential the user did not ask to copy.
fn withhold(
    setting: &toolshift_model::Setting,
    index: usize,
    value: Option<&Value>,
    what: &str,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> Option<Value> {
    let value = value.filter(|v| !v.is_null())?;
    if setting.secret && !options.keep_secrets && value.as_str().is_none_or(|s| !s.is_empty()) {
        losses.push(Loss::new(
            LossCode::SecretWithheld,
            Field::SettingValue(index),
            message!("`{}` holds a credential; its {what} was not copied (pass --keep-secrets to copy it).", setting.key),
        ));
        return None;
    }
    Some(value.clone())
}

/// The setup argument standing for an authorization requirement, and the hint shown to the user.
fn authorization_arg(authorization: &Authorization) -> Option<(String, String)> {
    match authorization {
        Authorization::Unspecified | Authorization::None => None,
        Authorization::Token => Some((
            "ACCESS_TOKEN".into(),
            "a bearer token for the service".into(),
        )),
        Authorization::OAuth2(oauth2) => {
            let provider = oauth2.provider.as_deref().unwrap_or("oauth2");
            let key: String = format!("{provider}_ACCESS_TOKEN")
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_uppercase()
                    } else {
                        '_'
                    }
                })
                .collect();
            let mut hint = format!("an OAuth2 access token from provider `{provider}`");
            if let Some(authority) = &oauth2.authority {
                hint.push_str(&format!(" ({authority})"));
            }
            if let Some(scopes) = oauth2.scopes.as_ref().filter(|s| !s.is_empty()) {
                hint.push_str(&format!(" with scopes {}", scopes.join(" ")));
            }
            Some((key, hint))
        }
    }
}

fn examples<'a>(tool: &'a Tool, losses: &mut Vec<Loss>) -> Vec<schema::Example<'a>> {
    let mut examples = Vec::new();
    for (index, example) in tool.examples.iter().enumerate() {
        let call = match &example.call {
            ExampleCall::Arguments { value, original } => {
                // A skill whose call was JSON itself rather than its text crashes the
                // loader's showcaseFunctions; the text is what it reads.
                if original.is_none() && tool.origin.as_deref() == Some(ID) {
                    losses.push(Loss::new(
                        LossCode::ValueStringified,
                        Field::Example(index),
                        message!("example {}'s call was JSON, not a string, which AnythingLLM's loader cannot read; it was written as its JSON text.", index + 1),
                    ));
                }
                let text = original
                    .clone()
                    .filter(|text| serde_json::from_str::<Value>(text).ok().as_ref() == Some(value))
                    .unwrap_or_else(|| value.to_string());
                Value::String(text)
            }
            ExampleCall::Verbatim(text) => Value::String(text.clone()),
            ExampleCall::Code {
                language, calls, ..
            } => {
                code_examples(tool, index, language, calls, &mut examples, losses);
                continue;
            }
        };
        let prompt = example.prompt.as_deref().map_or_else(|| {
            losses.push(Loss::new(LossCode::FieldDefaulted, Field::Example(index), message!("AnythingLLM examples need a prompt; example {} has none, so an empty one was written.", index + 1)));
            Cow::Borrowed("")
        }, Cow::Borrowed);
        examples.push(schema::Example {
            prompt: Some(prompt),
            call: Some(call),
            unknown: Map::new(),
        });
    }
    examples
}

/// The calls of the tool found in example code, each as `{prompt, call}`; what is not a
/// call with literal arguments is reported one by one.
fn code_examples<'a>(
    tool: &Tool,
    index: usize,
    language: &str,
    calls: &'a [toolshift_model::CodeCall],
    examples: &mut Vec<schema::Example<'a>>,
    losses: &mut Vec<Loss>,
) {
    if calls.is_empty() {
        losses.push(Loss::new(
            LossCode::ExampleDropped,
            Field::Example(index),
            message!("AnythingLLM examples are a prompt and a JSON call, and the {language} example code calls `{}` nowhere; it was dropped. Write prompts and calls by hand.", tool.name),
        ));
        return;
    }
    for call in calls {
        let arguments = match &call.arguments {
            Ok(arguments) => arguments,
            Err(why) => {
                losses.push(Loss::new(
                    LossCode::ExampleDropped,
                    Field::Example(index),
                    message!("`{}` cannot be an AnythingLLM example: {why}. Write its prompt and JSON call by hand.", one_spaced(&call.statement)),
                ));
                continue;
            }
        };
        // Each call lands in its own example: name that one in the output. The code's
        // dialect keeps all its examples in one place, so the source pointer stays right.
        let field = Field::Example(examples.len());
        let prompt = match &call.prompt {
            Some(prompt) => {
                losses.push(Loss::new(
                    LossCode::ExampleRewritten,
                    field,
                    message!("`{}` became an example with its comment as the prompt and its arguments as the JSON call.", one_spaced(&call.statement)),
                ));
                Cow::Borrowed(prompt.as_str())
            }
            None => {
                let prompt = format!("Use {} with {}", tool.name, summary(arguments));
                losses.push(Loss::new(
                    LossCode::FieldDefaulted,
                    field,
                    message!("`{}` became an example with its arguments as the JSON call; it has no comment above it, so the prompt {prompt:?} was written. Write what a user would ask.", one_spaced(&call.statement)),
                ));
                Cow::Owned(prompt)
            }
        };
        examples.push(schema::Example {
            prompt: Some(prompt),
            // One buffer sized up front, where `Display` grows its text as it goes; the two
            // write the same compact JSON, and a `Value` always serializes.
            call: Some(Value::String(
                serde_json::to_string(arguments).unwrap_or_else(|_| arguments.to_string()),
            )),
            unknown: Map::new(),
        });
    }
}

/// A statement on one line with single spaces, for a message.
fn one_spaced(statement: &str) -> String {
    statement.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `city "Oslo", days 3`: the arguments, for a generated prompt.
fn summary(arguments: &Value) -> String {
    match arguments {
        Value::Object(map) if !map.is_empty() => map
            .iter()
            .map(|(key, value)| format!("{key} {value}"))
            .collect::<Vec<_>>()
            .join(", "),
        _ => "no arguments".to_owned(),
    }
}

/// The file AnythingLLM loads, whatever `entrypoint.file` says.
const HANDLER: &str = "handler.js";

/// The handler's text: the original where the source carried JavaScript, written as
/// `handler.js` since that is the file the loader loads; otherwise a scaffold, since a
/// skill without `handler.js` is listed but never attaches. A scaffold reads the setup
/// arguments as written, since the authorization's may have been renamed to stay unique.
fn handler(
    tool: &Tool,
    hub_id: &str,
    setup_args: &OrderedMap<schema::Text<'_>, schema::SetupArg<'_>>,
    losses: &mut Vec<Loss>,
) -> String {
    let original = tool
        .implementation
        .as_ref()
        .filter(|i| i.language == "javascript");
    if let Some((implementation, content)) =
        original.and_then(|i| i.content.as_ref().map(|c| (i, c)))
    {
        if implementation.file != HANDLER {
            losses.push(Loss::new(
                LossCode::HandlerRenamed,
                Field::Implementation,
                message!("AnythingLLM always loads {HANDLER}, whatever `entrypoint.file` says; {} was written as {HANDLER}.", implementation.file),
            ));
        }
        return content.clone();
    }
    let origin = match &tool.implementation {
        Some(implementation) if implementation.language == "javascript" => {
            format!(
                "The original {} was not found beside the manifest, and without {HANDLER} AnythingLLM lists the skill but never attaches it.",
                implementation.file
            )
        }
        // Appended piece by piece: this is every scaffold's note, and `format!` costs
        // more than the pieces.
        Some(implementation) => {
            let pieces = [
                "The original implementation is ",
                &implementation.file,
                " (",
                &implementation.language,
                "); port its logic here.",
            ];
            let mut origin = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
            for piece in pieces {
                origin.push_str(piece);
            }
            origin
        }
        None => "The source manifest names no implementation; write one here.".to_owned(),
    };
    let parameters: Vec<&str> = tool.parameters.iter().map(|p| p.name.as_str()).collect();
    let setup: Vec<&str> = setup_args.keys().map(AsRef::as_ref).collect();
    losses.push(Loss::new(
        LossCode::ImplementationScaffolded,
        Field::Implementation,
        message!("handler.js is a scaffold written by toolshift. {origin}"),
    ));
    javascript::scaffold(hub_id, &origin, &parameters, &setup)
}

/// `--official`: the published schema closes params, setup arguments and inputs, so
/// what the loader reads beyond it moves where the schema has room, each reported.
fn fit_official(skill: &mut schema::Skill, tool: &Tool, losses: &mut Vec<Loss>) {
    for (index, (name, param)) in skill.entrypoint.params.iter_mut().enumerate() {
        let description = param.description.clone().unwrap_or_default();
        if let Some(allowed) = param.allowed.take() {
            param.description = Some(Cow::Owned(with_note(
                &description,
                &format!("allowed: {}", code_list(&allowed)),
            )));
            losses.push(Loss::new(
                LossCode::EnumFolded,
                Field::Parameter(index),
                message!("the official AnythingLLM schema has no param `enum`; the allowed values {allowed:?} of `{name}` were listed in its description instead."),
            ));
        }
        if let Some(default) = param.default.take() {
            let description = param.description.clone().unwrap_or_default();
            param.description = Some(Cow::Owned(with_note(
                &description,
                &format!("default: {default}"),
            )));
            losses.push(Loss::new(
                LossCode::DefaultFolded,
                Field::Parameter(index),
                message!("the official AnythingLLM schema has no param `default`; the default {default} of `{name}` was written in its description instead, and the handler must apply it."),
            ));
        }
    }
    let Some(args) = skill.setup_args.as_mut() else {
        return;
    };
    for (index, (key, arg)) in args.iter_mut().enumerate() {
        // The authorization's argument comes after the settings.
        let field = if index < tool.settings.len() {
            Field::Setting(index)
        } else {
            Field::Authorization
        };
        if let Some(default) = arg.default.take() {
            if arg.value.is_none() {
                let text = match default {
                    Value::String(text) => text,
                    other => other.to_string(),
                };
                losses.push(Loss::new(
                    LossCode::DefaultFolded,
                    field,
                    message!("the official AnythingLLM schema has no setup-argument `default`; {text:?} of `{key}` became its preset `value`, which the runtime reads first."),
                ));
                arg.value = Some(Value::String(text));
            } else {
                losses.push(Loss::new(
                    LossCode::SettingDetailsDropped,
                    field,
                    message!("the official AnythingLLM schema has no setup-argument `default`; that of `{key}` was dropped, since its `value` takes precedence anyway."),
                ));
            }
        }
        if let Some(input) = arg.input.as_mut() {
            fit_official_input(key, input, tool, field, losses);
        }
    }
}

fn fit_official_input(
    key: &str,
    input: &mut schema::Input,
    tool: &Tool,
    field: Field,
    losses: &mut Vec<Loss>,
) {
    let mut notes = Vec::new();
    if let Some(options) = input.options.take() {
        notes.push(format!("one of {}", code_list(&options)));
        if input.kind.as_deref() == Some("select") {
            input.kind = Some(Cow::Borrowed("text"));
            notes.push("typed in, since a `select` input needs the options".to_owned());
        }
    }
    let range = |bound: &str| {
        tool.extra(
            ID,
            &format!(
                "/setup_args/{}/input/{bound}",
                toolshift_syntax::pointer::escape(key)
            ),
        )
        .map(Value::to_string)
    };
    let (min, max, step) = (range("min"), range("max"), range("step"));
    match (min, max) {
        (Some(min), Some(max)) => notes.push(format!("from {min} to {max}")),
        (Some(min), None) => notes.push(format!("at least {min}")),
        (None, Some(max)) => notes.push(format!("at most {max}")),
        (None, None) => {}
    }
    if let Some(step) = step {
        notes.push(format!("in steps of {step}"));
    }
    if !notes.is_empty() {
        let hint = input.hint.clone().unwrap_or_default();
        input.hint = Some(Cow::Owned(with_note(&hint, &notes.join(", "))));
        losses.push(Loss::new(
            LossCode::InputHintFolded,
            field,
            message!("the official AnythingLLM schema has no input options or range; the input of `{key}` now says so in its hint ({}).", notes.join(", ")),
        ));
    }
    if let Some(default) = input.default.take() {
        let text = match default {
            Value::String(text) => text,
            other => {
                losses.push(Loss::new(
                    LossCode::ValueStringified,
                    field,
                    message!("the official AnythingLLM schema wants a string input default; {other} of `{key}` was written as text."),
                ));
                other.to_string()
            }
        };
        input.default = Some(Value::String(text));
    }
}
