//! The lossy-conversion report: every field dropped, changed or invented.

use crate::field::Field;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information in the input has no place in the output.
    Lost,
    /// Information survived, in a different form.
    Changed,
    /// The output holds a value the input did not give; toolshift chose it.
    Defaulted,
}

impl Severity {
    pub const ALL: [Severity; 3] = [Severity::Lost, Severity::Changed, Severity::Defaulted];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Lost => "lost",
            Severity::Changed => "changed",
            Severity::Defaulted => "defaulted",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// Declares the closed set of loss codes with their stable id, severity and
/// one-line meaning in a single table, so the enum, `ALL` and the docs check
/// cannot disagree.
macro_rules! loss_codes {
    ($( $(#[$doc:meta])* $variant:ident = $code:literal, $severity:ident, $summary:literal; )+) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum LossCode {
            $( $(#[$doc])* $variant, )+
        }

        impl LossCode {
            pub const ALL: &'static [LossCode] = &[ $( LossCode::$variant, )+ ];

            /// The stable kebab-case id users match with `--deny`.
            pub fn code(self) -> &'static str {
                match self { $( LossCode::$variant => $code, )+ }
            }

            pub fn severity(self) -> Severity {
                match self { $( LossCode::$variant => Severity::$severity, )+ }
            }

            /// What the code means, in one sentence.
            pub fn summary(self) -> &'static str {
                match self { $( LossCode::$variant => $summary, )+ }
            }
        }
    };
}

loss_codes! {
    ArrayElementTypeLost = "array-element-type-lost", Lost,
        "An array parameter or output became an untyped `json` value; its element type is gone.";
    EnumDropped = "enum-dropped", Lost,
        "The target cannot constrain this type to a list of allowed values, so the list was dropped.";
    EnumFolded = "enum-folded", Changed,
        "The target cannot constrain this type to a list of allowed values, so the values were listed in the description instead.";
    DefaultFolded = "default-folded", Changed,
        "The official schema has no place for this default; it moved into the description, or became the preset value.";
    InputHintFolded = "input-hint-folded", Changed,
        "The official schema has no input options or range; they moved into the input's hint text.";
    EnumOnNonString = "enum-on-non-string", Changed,
        "Arcade v1 allows `enum` only on string parameters; toolshift kept this one, but a v1 output will drop it.";
    NameQualified = "name-qualified", Changed,
        "The toolkit name was folded into the tool name as `Toolkit.ToolName`, the only place Arcade v1 can hold it.";
    NameSplit = "name-split", Changed,
        "A qualified name `Toolkit.ToolName` was split into a toolkit name and a tool name.";
    ToolkitDefaulted = "toolkit-defaulted", Defaulted,
        "The target requires a toolkit name and the input has none; a default was written.";
    ToolkitVersionDefaulted = "toolkit-version-defaulted", Defaulted,
        "The target requires a toolkit version and the input has none; a default was written.";
    ToolkitDropped = "toolkit-dropped", Lost,
        "The target has no toolkit object; this toolkit field was dropped.";
    ToolVersionDropped = "tool-version-dropped", Lost,
        "The target has no per-tool version; the tool's own version was dropped.";
    ToolVersionGenerated = "tool-version-generated", Defaulted,
        "The target requires a content-hash version; toolshift wrote a digest of the tool's content.";
    ToolVersionReplaced = "tool-version-replaced", Changed,
        "The version is not a 7 to 40 digit lowercase hex hash, which Arcade v1 requires; a content digest replaced it.";
    ProviderInferred = "provider-inferred", Defaulted,
        "The target requires an OAuth2 provider id; toolshift inferred it from the authorization URL's host.";
    ProviderDefaulted = "provider-defaulted", Defaulted,
        "The target requires an OAuth2 provider id and none could be inferred; the generic `oauth2` was written.";
    ProviderDropped = "provider-dropped", Lost,
        "The target has no OAuth2 provider id, or no authorization id; it was dropped.";
    ScopesDropped = "scopes-dropped", Lost,
        "The target cannot say which OAuth2 scopes the token needs; they were dropped.";
    AuthorityDropped = "authority-dropped", Lost,
        "The target names an OAuth2 provider by id only; the authorization URL was dropped.";
    AuthorityInferred = "authority-inferred", Defaulted,
        "The target requires an authorization URL and the input has none; the provider's known URL was written.";
    AuthorizationAsSetting = "authorization-as-setting", Changed,
        "The target has no authorization requirement; it became a secret setting the user fills in, holding the token.";
    OutputDescriptionDropped = "output-description-dropped", Lost,
        "The target can describe an output only together with its type, and the input gives no type.";
    OutputModesDefaulted = "output-modes-defaulted", Defaulted,
        "The target requires output modes and the input has none; `value` and `error` were written.";
    OutputDropped = "output-dropped", Lost,
        "The target does not describe a tool's output; its description, type and modes were dropped.";
    OutputAsReturnValue = "output-as-return-value", Changed,
        "The output became the one named return value the target requires; its name was invented.";
    ReturnValuesDropped = "return-values-dropped", Lost,
        "The target describes one output value, not named return values; these were dropped.";
    SchemaDetailsDropped = "schema-details-dropped", Lost,
        "The target's types are flat; an object's fields, required keys, a value's own description or its nullable flag were dropped.";
    BehaviorDropped = "behavior-dropped", Lost,
        "The target cannot say whether the tool is read-only, destructive, idempotent or reaches the outside world; these hints were dropped.";
    KeywordDropped = "keyword-dropped", Lost,
        "A JSON Schema keyword (`pattern`, `minimum`, `format`, `anyOf`, `$ref`...) that the target's types cannot express was dropped.";
    KeywordFolded = "keyword-folded", Changed,
        "A JSON Schema constraint (`minLength`, a `format`...) that the target does not enforce was put in the description: the model is told, the schema no longer checks it.";
    KeywordRewritten = "keyword-rewritten", Changed,
        "A JSON Schema keyword the target lacks was rewritten into one it has that accepts the same values (`oneOf` of disjoint types as `anyOf`, `const` as a one-value `enum`).";
    AuthorizationDropped = "authorization-dropped", Lost,
        "The target cannot say that a tool needs the user's authorization; the requirement (its provider and scopes) was dropped.";
    ToolkitInName = "toolkit-in-name", Changed,
        "The target has no toolkit; the toolkit's name was put before the tool's, `Toolkit_Tool`, as Arcade's own converters name tools.";
    OptionalAsNullable = "optional-as-nullable", Changed,
        "OpenAI strict mode requires every property; an optional parameter became a required one that accepts `null`.";
    StrictUnavailable = "strict-unavailable", Changed,
        "Strict mode was asked for, but a property holds what strict mode cannot say without changing the calls the tool accepts (an open object, `allOf`, a value without a type); the tool was written non-strict, and the entry names the property.";
    StrictOverBudget = "strict-over-budget", Changed,
        "The bundle's strict tools together hold more than one request of the target takes (Anthropic: 20 strict tools, 24 optional and 16 union-typed parameters); this tool was written with `strict: false`.";
    RequestLimitExceeded = "request-limit-exceeded", Lost,
        "The bundle is more than one request of the target takes: this tool is past the tool limit (OpenAI 128, Gemini 512) or shares its name with another; the API refuses the request until the bundle is split or the tool renamed.";
    TypeChanged = "type-changed", Changed,
        "The target has no equivalent of this type; a broader type was written.";
    ParameterDefaultDropped = "parameter-default-dropped", Lost,
        "The target has no per-parameter default; the default was dropped.";
    RequiredFolded = "required-folded", Changed,
        "The target has no required flag; `(required)` was put before the parameter's description so the model still sees it.";
    InferrableDropped = "inferrable-dropped", Lost,
        "The target cannot say that a model must not infer this parameter (`inferrable: false`).";
    RequiredDefaulted = "required-defaulted", Defaulted,
        "The target requires a `required` flag and the input has none; `false` was written.";
    DescriptionJoined = "description-joined", Changed,
        "The target shows this description as a one-line code comment; its lines were joined with spaces.";
    DescriptionDefaulted = "description-defaulted", Defaulted,
        "The target requires a description and the input has none or too short a one; a placeholder was written.";
    FieldDefaulted = "field-defaulted", Defaulted,
        "The target requires this field and the input has none; toolshift wrote a default.";
    NameSanitized = "name-sanitized", Changed,
        "The name has characters the target does not allow; they were replaced.";
    ValueStringified = "value-stringified", Changed,
        "The target stores this value as a string; it was written as its JSON text.";
    SecretWithheld = "secret-withheld", Lost,
        "A credential's value was not copied into the output (pass --keep-secrets to copy it).";
    SettingDetailsDropped = "setting-details-dropped", Lost,
        "The target keeps only a setting's value; its type, required flag, description, input hints or default were dropped.";
    SettingAsSecret = "setting-as-secret", Changed,
        "The setting became a secret requirement: the runtime supplies it from its secret store, and the tool reads it from its context.";
    SettingDropped = "setting-dropped", Lost,
        "The target has no installation settings; this setting was dropped.";
    ExampleDropped = "example-dropped", Lost,
        "The target has no examples; this example was dropped.";
    ExampleArgumentDropped = "example-argument-dropped", Lost,
        "An example passes an argument that is not a parameter of the tool (a setting, say), which the target would refuse; the argument was dropped from the call.";
    ExamplePromptDropped = "example-prompt-dropped", Lost,
        "The target's examples hold the arguments only; the example's prompt (what a user would ask) was dropped.";
    ExampleRewritten = "example-rewritten", Changed,
        "An example was rewritten in the target's form (a JSON call as a Python call, say).";
    ImplementationScaffolded = "implementation-scaffolded", Defaulted,
        "The implementation cannot be carried; toolshift wrote a scaffold that names the original file and must be completed by hand.";
    HandlerRenamed = "handler-renamed", Changed,
        "AnythingLLM always loads handler.js; the handler the skill named was written as handler.js.";
    FolderRenamed = "folder-renamed", Changed,
        "The skill's folder is named after its hubId, which AnythingLLM requires; the input folder had another name.";
    ImplementationDropped = "implementation-dropped", Lost,
        "The target has no reference to an implementation file; it was dropped.";
    MetadataDropped = "metadata-dropped", Lost,
        "The target has no place for this descriptive field (display name, author, URL, licence, enabled flag, deprecation message).";
    FieldDropped = "field-dropped", Lost,
        "The input has a key that neither the canonical model nor the target can hold.";
}

thread_local! {
    static MESSAGES_WANTED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether a loss made on this thread now will be shown with its message: not while
/// a conversion runs for no report (`Detail::CodesOnly`), which shows only codes and
/// severities. Read through `message!`.
pub fn messages_wanted() -> bool {
    MESSAGES_WANTED.with(std::cell::Cell::get)
}

/// While held, losses made on this thread are made with messages or without; the
/// previous choice comes back when it is dropped, so nested conversions each see
/// their own.
#[derive(Debug)]
pub struct MessagesWanted {
    before: bool,
}

impl MessagesWanted {
    pub fn set(wanted: bool) -> Self {
        Self {
            before: MESSAGES_WANTED.with(|cell| cell.replace(wanted)),
        }
    }
}

impl Drop for MessagesWanted {
    fn drop(&mut self) {
        MESSAGES_WANTED.with(|cell| cell.set(self.before));
    }
}

/// A loss's message, formatted as `format!` does, or left empty when no report will
/// show it (`messages_wanted`): formatting every message of a batch converted for no
/// report was 5 % of its time (docs/performance.md).
///
/// The text starts at `MESSAGE_CAPACITY`: `format!` starts at twice its literal text,
/// and a message's names and values then outgrow that, so nearly every one was moved
/// once as it was written.
#[macro_export]
macro_rules! message {
    ($($argument:tt)*) => {
        if $crate::loss::messages_wanted() {
            let mut text = ::std::string::String::with_capacity($crate::loss::MESSAGE_CAPACITY);
            let _ = ::std::fmt::Write::write_fmt(&mut text, ::std::format_args!($($argument)*));
            text
        } else {
            ::std::string::String::new()
        }
    };
}

/// Room for a typical message: of the corpus's, converted to each dialect, nine in ten
/// are under 220 bytes.
pub const MESSAGE_CAPACITY: usize = 256;

/// One loss as a writer or reader first sees it: which field, not yet where.
#[derive(Debug, Clone, PartialEq)]
pub struct Loss {
    pub code: LossCode,
    pub field: Field,
    pub message: String,
}

impl Loss {
    pub fn new(code: LossCode, field: Field, message: impl Into<String>) -> Self {
        Self {
            code,
            field,
            message: message.into(),
        }
    }
}

/// One line of the report, located in both documents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    #[serde(serialize_with = "serialize_code")]
    pub code: LossCode,
    pub severity: Severity,
    /// RFC 6901 pointer into the input.
    pub source: String,
    /// RFC 6901 pointer into the output (where the value is, or would have been).
    pub target: String,
    pub message: String,
    /// Where `source` starts in the input's text (from 1), when the input is a file
    /// toolshift read; `null` otherwise.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// Where the entry's field lives in the input's layout, whether or not the input
    /// has it: `source` before it is trimmed to an existing path. Not in the report;
    /// the no-silent-loss property uses it to match invented fields to their entry.
    #[serde(skip)]
    pub place: String,
}

fn serialize_code<S: serde::Serializer>(code: &LossCode, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(code.code())
}

impl LossCode {
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.code() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_kebab_case() {
        let mut seen = std::collections::BTreeSet::new();
        for code in LossCode::ALL {
            let id = code.code();
            assert!(seen.insert(id), "duplicate code {id}");
            assert!(
                id.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                    && !id.starts_with('-')
                    && !id.ends_with('-')
                    && !id.contains("--"),
                "{id} is not kebab-case"
            );
            assert_eq!(LossCode::parse(id), Some(*code));
        }
    }
}
