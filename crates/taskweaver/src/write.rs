//! Canonical tool → TaskWeaver plugin YAML (and, with `--scaffold`, a Python stub).

use crate::python::{self, StubParameter};
use crate::schema;
use crate::types::write_type;
use crate::ID;
use serde_json::{Map, Value};
use toolshift_model::dialect::{check_file_name, restore_extras};
use toolshift_model::message;
use toolshift_model::unheld::{unheld, unheld_extras, Holds};
use toolshift_model::{
    Authorization, DialectError, ExampleCall, Field, Loss, LossCode, OutputContent, OutputFile,
    Tool, ValueType, WriteOptions, Written,
};
use toolshift_syntax::text::{
    and_list, ensure_description, join_lines, single_line, NameIndex, NameSet,
};
use toolshift_syntax::OrderedMap;

const TITLE: &str = "TaskWeaver";
/// The schema's `minLength` for plugin and field descriptions.
const MIN_DESCRIPTION: usize = 10;

/// The plugin's YAML file, named as `write` names it.
pub fn manifest_name(tool: &Tool, _options: &WriteOptions) -> Result<String, DialectError> {
    Ok(manifest_path(&plugin_name(&tool.name, &mut Vec::new())?))
}

fn manifest_path(name: &str) -> String {
    format!("{name}.yaml")
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let name = plugin_name(&tool.name, &mut losses)?;
    let (description, enabled) = description_and_enabled(tool, &name, &mut losses);

    let names = parameter_names(tool, &mut losses);
    let parameters: Vec<schema::Field> = tool
        .parameters
        .iter()
        .zip(names)
        .enumerate()
        .map(|(index, (parameter, name))| parameter_field(index, parameter, name, &mut losses))
        .collect();
    let returns = returns(tool, &mut losses);
    let examples = examples(tool, &name, &parameters, &mut losses);
    let configurations = configurations(tool, options, &mut losses);
    let (code, scaffold) = implementation(tool, &name, &parameters, options, &mut losses)?;

    let extra_bool = |pointer: &str| tool.extra(ID, pointer).and_then(Value::as_bool);
    let plugin = schema::Plugin {
        name: name.clone(),
        code,
        enabled: Some(enabled),
        required: extra_bool("/required"),
        plugin_only: extra_bool("/plugin_only"),
        description: Some(description),
        examples: examples.map(Value::String),
        parameters,
        returns,
        configurations: (!configurations.is_empty()).then_some(configurations),
        unknown: Map::new(),
    };
    let mut document = toolshift_model::dialect::to_document(ID, &plugin)?;
    let mut restored = restore_extras(&mut document, &tool.extras, ID, |_| true);
    for typed in ["/required", "/plugin_only"] {
        if extra_bool(typed).is_some() {
            restored.push(typed.to_owned());
        }
    }
    report_unheld(tool, &restored, &mut losses);

    let mut files = vec![OutputFile {
        path: manifest_path(&name),
        content: OutputContent::Manifest(document),
        create_only: false,
    }];
    if let Some((path, text)) = scaffold {
        files.push(OutputFile {
            path,
            content: OutputContent::Text(text),
            create_only: true,
        });
    }
    Ok(Written { files, losses })
}

/// The plugin's description, on one line and padded to TaskWeaver's minimum, and its
/// `enabled` flag, each defaulted (and reported) where the tool has none.
fn description_and_enabled(tool: &Tool, name: &str, losses: &mut Vec<Loss>) -> (String, bool) {
    let (description, padded) = ensure_description(
        tool.description.as_deref(),
        &format!("{name} plugin"),
        MIN_DESCRIPTION,
    );
    if padded {
        losses.push(Loss::new(
            LossCode::DescriptionDefaulted,
            Field::Description,
            message!("TaskWeaver needs a plugin description of at least {MIN_DESCRIPTION} characters; {description:?} was written. Describe what the plugin does."),
        ));
    }
    // format_prompt() comments out only the first line of a plugin description.
    let description = one_line(
        description,
        Field::Description,
        "the plugin description",
        losses,
    );
    let enabled = match tool.enabled {
        Some(enabled) => enabled,
        None => {
            losses.push(Loss::new(
                LossCode::FieldDefaulted,
                Field::Enabled,
                message!("TaskWeaver requires `enabled`; `true` was written."),
            ));
            true
        }
    };
    (description, enabled)
}

/// What TaskWeaver cannot hold, and the extras not written back (`restored`).
fn report_unheld(tool: &Tool, restored: &[String], losses: &mut Vec<Loss>) {
    losses.extend(unheld(
        tool,
        TITLE,
        Holds {
            parameter_defaults: true,
            return_values: true,
            settings: true,
            examples: true,
            implementation: true,
            enabled: true,
            output: true,
            ..Holds::default()
        },
    ));
    losses.extend(unheld_extras(&tool.extras, ID, TITLE, |pointer| {
        restored.iter().any(|r| r == pointer)
    }));
}

/// Refuses a name that is a path; replaces the characters `^[a-zA-Z0-9_]+$` does not allow.
fn plugin_name(name: &str, losses: &mut Vec<Loss>) -> Result<String, DialectError> {
    check_file_name(name)?;
    // The prompt shows the plugin as `def NAME(`, so the name must be a Python
    // identifier as well as match the schema's `^[a-zA-Z0-9_]+$`.
    let sanitized = python::ascii_identifier(name);
    if sanitized != name {
        losses.push(Loss::new(
            LossCode::NameSanitized,
            Field::Name,
            message!("TaskWeaver shows a plugin to the model as a Python function, so its name must be an identifier; `{name}` was written as `{sanitized}`."),
        ));
    }
    Ok(sanitized)
}

fn annotation(value_type: &ValueType, field: Field, losses: &mut Vec<Loss>) -> String {
    match write_type(value_type) {
        Ok(annotation) => annotation,
        Err(ValueType::Native { dialect, name, .. }) => {
            losses.push(Loss::new(
                LossCode::TypeChanged,
                field,
                message!("{dialect} type `{name}` has no TaskWeaver equivalent; it was written as `Any`."),
            ));
            "Any".to_owned()
        }
        Err(other) => other.describe(),
    }
}

/// TaskWeaver passes parameters as keyword arguments of `__call__(self, ...)`, so each
/// name must be an identifier, not a keyword, not `self`, and unique in the tool.
fn parameter_names(tool: &Tool, losses: &mut Vec<Loss>) -> Vec<String> {
    let mut written: Vec<String> = Vec::with_capacity(tool.parameters.len());
    let mut taken = NameSet::default();
    let parameters = NameIndex::new(tool.parameters.iter().map(|p| p.name.as_str()));
    for (index, parameter) in tool.parameters.iter().enumerate() {
        let original = parameter.name.as_str();
        let mut name = if python::is_identifier(original) && original != "self" {
            original.to_owned()
        } else {
            python::identifier(original)
        };
        if name == "self" {
            name.push('_');
        }
        // A later parameter's own name wins over a sanitized earlier one only if it
        // came first; either way no two parameters share a name.
        while taken.contains(&name) || (name != original && parameters.contains(&name)) {
            name.push('_');
        }
        if name != original {
            let why = if original == "self" {
                "`self` is the plugin instance in `__call__(self, ...)`".to_owned()
            } else if python::is_keyword(original) {
                format!("`{original}` is a Python keyword")
            } else if python::is_identifier(original) {
                format!("another parameter is already written as `{original}`")
            } else if let Some(folded) = python::folding_reason(original) {
                folded
            } else {
                format!("`{original}` is not a Python identifier")
            };
            losses.push(Loss::new(
                LossCode::NameSanitized,
                Field::Parameter(index),
                message!("TaskWeaver passes parameters as Python keyword arguments and {why}; it was written as `{name}`."),
            ));
        }
        taken.insert(name.clone().into());
        written.push(name);
    }
    written
}

fn parameter_field(
    index: usize,
    parameter: &toolshift_model::Parameter,
    name: String,
    losses: &mut Vec<Loss>,
) -> schema::Field {
    let required = match parameter.required {
        Some(required) => required,
        None => {
            losses.push(Loss::new(
                LossCode::RequiredDefaulted,
                Field::ParameterRequired(index),
                message!("the input does not say whether `{}` is required; TaskWeaver was told it is optional (`required: false`).", parameter.name),
            ));
            false
        }
    };
    let (description, padded) = ensure_description(
        parameter.description.as_deref(),
        &format!("`{}` parameter", parameter.name),
        MIN_DESCRIPTION,
    );
    if padded {
        losses.push(Loss::new(
            LossCode::DescriptionDefaulted,
            Field::ParameterDescription(index),
            message!("TaskWeaver needs parameter descriptions of at least {MIN_DESCRIPTION} characters; {description:?} was written."),
        ));
    }
    // format_prompt() comments each `\n` line of a parameter description, but a `\r`
    // would end the comment.
    let description = if description.contains('\r') {
        one_line(
            description,
            Field::ParameterDescription(index),
            &format!("the description of `{}`", parameter.name),
            losses,
        )
    } else {
        description
    };
    let default = parameter.default.as_ref().map(|default| match default {
        Value::String(_) => default.clone(),
        other => {
            losses.push(Loss::new(
                LossCode::ValueStringified,
                Field::ParameterDefault(index),
                message!("TaskWeaver defaults are strings; the default {other} of `{}` was written as text.", parameter.name),
            ));
            Value::String(other.to_string())
        }
    });
    schema::Field {
        name,
        type_name: Some(annotation(
            &parameter.schema.value_type,
            Field::ParameterSchema(index),
            losses,
        )),
        required: Some(required),
        description: Some(description),
        default,
        unknown: Map::new(),
    }
}

/// The description on one line where the code prompt has room for only one, reported
/// when that joined lines.
fn one_line(description: String, field: Field, what: &str, losses: &mut Vec<Loss>) -> String {
    match join_lines(&description) {
        Some(joined) => {
            losses.push(Loss::new(
                LossCode::DescriptionJoined,
                field,
                message!("TaskWeaver's code prompt shows {what} after a single `# `, so its later lines would be read as Python; its lines were joined with spaces."),
            ));
            joined
        }
        None => description,
    }
}

/// Named return values as they are; an Arcade output becomes one value named `result`.
fn returns(tool: &Tool, losses: &mut Vec<Loss>) -> Vec<schema::Field> {
    let output = &tool.output;
    if !output.returns.is_empty() {
        return named_returns(tool, losses);
    }
    if output.schema.is_none() && output.description.is_none() {
        if !output.modes.is_empty() {
            losses.push(Loss::new(
                LossCode::OutputDropped,
                Field::OutputModes,
                message!(
                    "TaskWeaver has no output modes; the tool's ({}) were dropped.",
                    output.modes_text()
                ),
            ));
        }
        return Vec::new();
    }
    vec![output_as_result(output, losses)]
}

/// The tool's named return values, each with a one-line description of TaskWeaver's
/// minimum length.
fn named_returns(tool: &Tool, losses: &mut Vec<Loss>) -> Vec<schema::Field> {
    tool.output
        .returns
        .iter()
        .enumerate()
        .map(|(index, value)| {
            let (description, padded) =
                ensure_description(value.description.as_deref(), &format!("`{}` return value", value.name), MIN_DESCRIPTION);
            if padded {
                losses.push(Loss::new(
                    LossCode::DescriptionDefaulted,
                    Field::Return(index),
                    message!("TaskWeaver needs return value descriptions of at least {MIN_DESCRIPTION} characters; {description:?} was written."),
                ));
            }
            // format_prompt() puts a return value's description after one `# `.
            let description = one_line(description, Field::Return(index), &format!("the description of `{}`", value.name), losses);
            schema::Field {
                name: value.name.clone(),
                type_name: Some(annotation(&value.value_type, Field::Return(index), losses)),
                required: None,
                description: Some(description),
                default: None,
                unknown: Map::new(),
            }
        })
        .collect()
}

/// A tool's output as the one return value `result`, every change reported.
fn output_as_result(output: &toolshift_model::Output, losses: &mut Vec<Loss>) -> schema::Field {
    let value_type = output
        .schema
        .as_ref()
        .map(|s| s.value_type.clone())
        .unwrap_or(ValueType::Primitive(toolshift_model::Primitive::Json));
    let (description, _) = ensure_description(
        output.description.as_deref(),
        "`result` return value",
        MIN_DESCRIPTION,
    );
    // One comment line in the code prompt; the note below reports the change.
    let description = join_lines(&description).unwrap_or(description);
    let mut notes = vec!["the output became the return value `result`".to_owned()];
    if !output.modes.is_empty() {
        notes.push(format!("its modes ({}) were dropped", output.modes_text()));
    }
    if output.description.as_deref() != Some(description.as_str()) {
        notes.push(format!("its description became {description:?}"));
    }
    if output.schema.as_ref().is_some_and(|s| s.allowed.is_some()) {
        notes.push("its allowed values were dropped".to_owned());
    }
    losses.push(Loss::new(
        LossCode::OutputAsReturnValue,
        Field::Output,
        message!(
            "TaskWeaver lists named return values: {}.",
            notes.join("; ")
        ),
    ));
    schema::Field {
        name: "result".to_owned(),
        type_name: Some(annotation(&value_type, Field::OutputSchema, losses)),
        required: None,
        description: Some(description),
        default: None,
        unknown: Map::new(),
    }
}

/// Python code as it is; JSON calls become Python calls with the prompt as a comment.
fn examples(
    tool: &Tool,
    name: &str,
    written: &[schema::Field],
    losses: &mut Vec<Loss>,
) -> Option<String> {
    let mut blocks = Vec::new();
    for (index, example) in tool.examples.iter().enumerate() {
        let prompt = example
            .prompt
            .as_deref()
            .map(|p| format!("# {}\n", single_line(p)))
            .unwrap_or_default();
        match &example.call {
            ExampleCall::Code { language, text, .. } if language == "python" => {
                blocks.push(text.clone())
            }
            ExampleCall::Code { language, .. } => losses.push(Loss::new(
                LossCode::ExampleDropped,
                Field::Example(index),
                message!(
                    "TaskWeaver examples are Python; {language} example {} was dropped.",
                    index + 1
                ),
            )),
            ExampleCall::Arguments { value, .. } => {
                let arguments = call_arguments(tool, written, index, value, losses);
                blocks.push(format!("{prompt}{}", python::call(name, &arguments)));
                losses.push(Loss::new(
                    LossCode::ExampleRewritten,
                    Field::Example(index),
                    message!(
                        "example {} became a Python call with its prompt as a comment.",
                        index + 1
                    ),
                ));
            }
            ExampleCall::Verbatim(text) => {
                blocks.push(format!(
                    "{prompt}# call (not valid JSON): {}",
                    single_line(text)
                ));
                losses.push(Loss::new(
                    LossCode::ExampleRewritten,
                    Field::Example(index),
                    message!("example {}'s call is not valid JSON, so it was kept as a comment, not a Python call.", index + 1),
                ));
            }
        }
    }
    (!blocks.is_empty()).then(|| blocks.join("\n"))
}

/// An example's arguments under the parameter names written, without those that are
/// no parameter (AnythingLLM examples that set a setup argument): TaskWeaver would
/// refuse the call.
fn call_arguments(
    tool: &Tool,
    written: &[schema::Field],
    index: usize,
    arguments: &Value,
    losses: &mut Vec<Loss>,
) -> Value {
    let Value::Object(map) = arguments else {
        return arguments.clone();
    };
    let mut renamed = Map::new();
    let parameters = NameIndex::new(tool.parameters.iter().map(|p| p.name.as_str()));
    for (key, value) in map {
        let position = parameters.position(key);
        match position.and_then(|i| written.get(i)) {
            Some(field) => {
                renamed.insert(field.name.clone(), value.clone());
            }
            None => {
                let what = if tool.settings.iter().any(|s| &s.key == key) {
                    format!("the setting `{key}`")
                } else {
                    format!("`{key}`")
                };
                losses.push(Loss::new(
                    LossCode::ExampleArgumentDropped,
                    Field::Example(index),
                    message!("example {} passes {what}, which is not a parameter, so TaskWeaver would refuse the call; the argument {key}={value} was dropped.", index + 1),
                ));
            }
        }
    }
    Value::Object(renamed)
}

fn configurations(
    tool: &Tool,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> OrderedMap<String, Value> {
    let mut configurations = OrderedMap::default();
    for (index, setting) in tool.settings.iter().enumerate() {
        let input_default = setting
            .input
            .as_ref()
            .and_then(|input| input.default.clone());
        let effective = setting
            .value
            .clone()
            .or_else(|| setting.default.clone())
            .or(input_default)
            .filter(|v| !v.is_null());
        let mut details = Vec::new();
        if setting.value_type.is_some() {
            details.push("type");
        }
        if setting.required.is_some() {
            details.push("required flag");
        }
        if setting.description.is_some() {
            details.push("description");
        }
        if setting.input.is_some() {
            details.push("input hints");
        }
        if setting.value.is_none() && effective.is_some() {
            details.push("default (now the value)");
        }
        if !details.is_empty() {
            losses.push(Loss::new(
                LossCode::SettingDetailsDropped,
                Field::Setting(index),
                message!(
                    "TaskWeaver configurations hold only a value; `{}` lost its {}.",
                    setting.key,
                    and_list(&details),
                ),
            ));
        }
        let value = match effective {
            Some(value) if setting.secret && !options.keep_secrets && !is_blank(&value) => {
                losses.push(Loss::new(
                    LossCode::SecretWithheld,
                    Field::SettingValue(index),
                    message!("`{}` holds a credential; its value was not copied (pass --keep-secrets to copy it).", setting.key),
                ));
                Value::Null
            }
            Some(value) => value,
            None => Value::Null,
        };
        configurations.insert(setting.key.clone(), value);
    }
    if let Some((key, detail)) = authorization_setting(&tool.authorization) {
        let mut unique = key.clone();
        while configurations.contains_key(&unique) {
            unique.push('_');
        }
        losses.push(Loss::new(
            LossCode::AuthorizationAsSetting,
            Field::Authorization,
            message!("TaskWeaver has no authorization requirement; configuration `{unique}` now holds the token ({detail}). Read it with self.config.get({unique:?})."),
        ));
        configurations.insert(unique.clone(), Value::Null);
        // A configuration holds only a value: what says how to get the token is gone.
        if let Authorization::OAuth2(oauth2) = &tool.authorization {
            oauth2_details_lost(oauth2, &unique, losses);
        }
    }
    configurations
}

fn oauth2_details_lost(oauth2: &toolshift_model::OAuth2, key: &str, losses: &mut Vec<Loss>) {
    let mut lost = |code: LossCode, field: Field, what: String| {
        losses.push(Loss::new(
            code,
            field,
            message!("a TaskWeaver configuration holds only a value, so nothing in the plugin says that `{key}` needs {what}; get such a token by hand."),
        ));
    };
    if let Some(provider) = &oauth2.provider {
        lost(
            LossCode::ProviderDropped,
            Field::AuthProvider,
            format!("a token from OAuth2 provider `{provider}`"),
        );
    }
    if let Some(authority) = &oauth2.authority {
        lost(
            LossCode::AuthorityDropped,
            Field::AuthAuthority,
            format!("a token from the authorization server {authority}"),
        );
    }
    if let Some(scopes) = oauth2.scopes.as_ref().filter(|s| !s.is_empty()) {
        lost(
            LossCode::ScopesDropped,
            Field::AuthScopes,
            format!("the scopes {}", scopes.join(" ")),
        );
    }
}

fn is_blank(value: &Value) -> bool {
    value.is_null() || value.as_str().is_some_and(|s| s.is_empty())
}

/// The configuration key standing for an authorization requirement, and what it needs.
fn authorization_setting(authorization: &Authorization) -> Option<(String, String)> {
    match authorization {
        Authorization::Unspecified | Authorization::None => None,
        Authorization::Token => Some(("access_token".into(), "a bearer token".into())),
        Authorization::OAuth2(oauth2) => {
            let provider = oauth2.provider.as_deref().unwrap_or("oauth2");
            let key = format!(
                "{}_access_token",
                python::ascii_identifier(&provider.to_ascii_lowercase())
            );
            let mut detail = format!("an OAuth2 access token from provider `{provider}`");
            if let Some(authority) = &oauth2.authority {
                detail.push_str(&format!(" at {authority}"));
            }
            if let Some(scopes) = oauth2.scopes.as_ref().filter(|s| !s.is_empty()) {
                detail.push_str(&format!(" with scopes {}", scopes.join(" ")));
            }
            Some((key, detail))
        }
    }
}

type Scaffold = Option<(String, String)>;

/// The `code` key to write, and the stub to write with `--scaffold`.
fn implementation(
    tool: &Tool,
    name: &str,
    written: &[schema::Field],
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> Result<(Option<String>, Scaffold), DialectError> {
    let python_stem = tool
        .implementation
        .as_ref()
        .filter(|i| i.language == "python")
        .and_then(|i| i.file.strip_suffix(".py"))
        .map(str::to_owned);
    let code = match &python_stem {
        Some(stem) if stem != name => {
            check_file_name(&format!("{stem}.py"))?;
            Some(stem.clone())
        }
        _ => None,
    };
    let stem = python_stem.unwrap_or_else(|| name.to_owned());
    // Python the source carried is the implementation itself: written as it was, and
    // never over a file that exists (the user may have changed it since).
    if let Some(content) = tool
        .implementation
        .as_ref()
        .filter(|i| i.language == "python")
        .and_then(|i| i.content.as_ref())
    {
        check_file_name(&format!("{stem}.py"))?;
        return Ok((code, Some((format!("{stem}.py"), content.clone()))));
    }
    let foreign = tool
        .implementation
        .as_ref()
        .filter(|i| i.language != "python");
    if !options.scaffold {
        if let Some(implementation) = foreign {
            losses.push(Loss::new(
                LossCode::ImplementationDropped,
                Field::Implementation,
                message!("{} ({}) cannot run in TaskWeaver; port it to {stem}.py (--scaffold writes a stub).", implementation.file, implementation.language),
            ));
        }
        return Ok((code, None));
    }
    let origin = match &tool.implementation {
        Some(implementation) => format!(
            "The original implementation is {} ({}).",
            implementation.file, implementation.language
        ),
        None => "The source manifest names no implementation.".to_owned(),
    };
    let parameters: Vec<StubParameter> = tool
        .parameters
        .iter()
        .zip(written)
        .map(|(p, field)| StubParameter {
            name: field.name.clone(),
            annotation: write_type(&p.schema.value_type).unwrap_or_else(|_| "Any".to_owned()),
            required: p.required.unwrap_or(false),
        })
        .collect();
    let mut config_keys: Vec<String> = tool.settings.iter().map(|s| s.key.clone()).collect();
    if let Some((key, _)) = authorization_setting(&tool.authorization) {
        config_keys.push(key);
    }
    let returns: Vec<String> = tool.output.returns.iter().map(|r| r.name.clone()).collect();
    let text = python::stub(&stem, &origin, &parameters, &config_keys, &returns);
    losses.push(Loss::new(
        LossCode::ImplementationScaffolded,
        Field::Implementation,
        message!("{stem}.py is a stub written by toolshift. {origin} Implement __call__ by hand."),
    ));
    Ok((code, Some((format!("{stem}.py"), text))))
}
