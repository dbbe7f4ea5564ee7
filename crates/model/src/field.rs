//! Dialect-neutral names for the places a loss can occur.
//!
//! A writer reports "parameter 2's element type" and each dialect translates that
//! into a JSON pointer in its own layout (`Dialect::locate`), so the report can name
//! the place in both the input and the output without either writer knowing the
//! other's layout.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Root,
    Name,
    DisplayName,
    Description,
    Version,
    Toolkit,
    ToolkitName,
    ToolkitDescription,
    ToolkitVersion,
    Parameters,
    /// The `i`-th of `Tool::parameter_keywords`.
    ParameterKeyword(usize),
    Parameter(usize),
    ParameterDescription(usize),
    ParameterRequired(usize),
    /// A parameter's whole type description (type, element type, allowed values).
    ParameterSchema(usize),
    ParameterType(usize),
    ParameterElementType(usize),
    ParameterEnum(usize),
    ParameterDefault(usize),
    ParameterInferrable(usize),
    Output,
    OutputModes,
    OutputDescription,
    OutputSchema,
    OutputType,
    OutputElementType,
    OutputEnum,
    Returns,
    Return(usize),
    Authorization,
    AuthProvider,
    AuthAuthority,
    AuthScopes,
    /// The id of a configured authorization provider (Arcade today).
    AuthId,
    Settings,
    Setting(usize),
    SettingValue(usize),
    Examples,
    Example(usize),
    Implementation,
    Enabled,
    Author,
    Url,
    License,
    Behavior,
    Deprecation,
    /// `Tool::extras[i]`.
    Extra(usize),
}

impl Field {
    /// The index a field of a list carries (a parameter's, a setting's...).
    pub fn index(self) -> Option<usize> {
        use Field::*;
        match self {
            ParameterKeyword(i)
            | Parameter(i)
            | ParameterDescription(i)
            | ParameterRequired(i)
            | ParameterSchema(i)
            | ParameterType(i)
            | ParameterElementType(i)
            | ParameterEnum(i)
            | ParameterDefault(i)
            | ParameterInferrable(i)
            | Return(i)
            | Setting(i)
            | SettingValue(i)
            | Example(i)
            | Extra(i) => Some(i),
            _ => None,
        }
    }

    /// The enclosing field, used when a dialect has no place for this one.
    pub fn parent(self) -> Option<Field> {
        use Field::*;
        Some(match self {
            Root => return None,
            Name | DisplayName | Description | Version | Toolkit | Parameters | Output
            | Authorization | Settings | Examples | Implementation | Enabled | Author | Url
            | License | Behavior | Deprecation | Extra(_) => Root,
            ToolkitName | ToolkitDescription | ToolkitVersion => Toolkit,
            Parameter(_) | ParameterKeyword(_) => Parameters,
            ParameterDescription(i)
            | ParameterRequired(i)
            | ParameterSchema(i)
            | ParameterDefault(i)
            | ParameterInferrable(i) => Parameter(i),
            ParameterType(i) | ParameterEnum(i) => ParameterSchema(i),
            ParameterElementType(i) => ParameterType(i),
            OutputModes | OutputDescription | OutputSchema | Returns => Output,
            OutputType | OutputEnum => OutputSchema,
            OutputElementType => OutputType,
            Return(_) => Returns,
            AuthProvider | AuthAuthority | AuthScopes | AuthId => Authorization,
            Setting(_) => Settings,
            SettingValue(i) => Setting(i),
            Example(_) => Examples,
        })
    }
}

impl Field {
    /// The field's name in prose, without its index: what the loss matrix lists.
    pub fn label(self) -> &'static str {
        use Field::*;
        match self {
            Root => "tool",
            Name => "name",
            DisplayName => "display name",
            Description => "description",
            Version => "version",
            Toolkit => "toolkit",
            ToolkitName => "toolkit name",
            ToolkitDescription => "toolkit description",
            ToolkitVersion => "toolkit version",
            Parameters => "parameters",
            Parameter(_) => "parameter",
            ParameterKeyword(_) => "arguments keyword",
            ParameterDescription(_) => "parameter description",
            ParameterRequired(_) => "parameter required flag",
            ParameterSchema(_) => "parameter type",
            ParameterType(_) => "parameter type",
            ParameterElementType(_) => "parameter element type",
            ParameterEnum(_) => "parameter allowed values",
            ParameterDefault(_) => "parameter default",
            ParameterInferrable(_) => "parameter inferrable flag",
            Output => "output",
            OutputModes => "output modes",
            OutputDescription => "output description",
            OutputSchema | OutputType => "output type",
            OutputElementType => "output element type",
            OutputEnum => "output allowed values",
            Returns => "return values",
            Return(_) => "return value",
            Authorization => "authorization",
            AuthProvider => "OAuth2 provider",
            AuthAuthority => "OAuth2 URL",
            AuthScopes => "OAuth2 scopes",
            AuthId => "authorization id",
            Settings => "settings",
            Setting(_) => "setting",
            SettingValue(_) => "setting value",
            Examples => "examples",
            Example(_) => "example",
            Implementation => "implementation",
            Enabled => "enabled flag",
            Author => "author",
            Url => "author URL",
            License => "licence",
            Behavior => "behaviour hints",
            Deprecation => "deprecation message",
            Extra(_) => "key outside the model",
        }
    }
}
