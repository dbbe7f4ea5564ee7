//! TaskWeaver type annotations ⇄ canonical types.

use crate::ID;
use toolshift_model::{Primitive, ValueType};

/// Exact Python names become primitives; everything else stays verbatim as a native
/// type, with the canonical type it corresponds to where there is one.
pub fn read_type(annotation: &str) -> ValueType {
    let trimmed = annotation.trim();
    if let Some(primitive) = primitive(trimmed) {
        return ValueType::Primitive(primitive);
    }
    ValueType::Native {
        dialect: ID.to_owned(),
        name: trimmed.to_owned(),
        equivalent: equivalent(trimmed).map(Box::new),
    }
}

fn primitive(name: &str) -> Option<Primitive> {
    Some(match name {
        "str" => Primitive::String,
        "int" => Primitive::Integer,
        "float" => Primitive::Number,
        "bool" => Primitive::Boolean,
        _ => return None,
    })
}

fn equivalent(annotation: &str) -> Option<ValueType> {
    if matches!(annotation, "Any" | "typing.Any" | "dict" | "Dict")
        || annotation.starts_with("dict[")
        || annotation.starts_with("Dict[")
    {
        return Some(ValueType::Primitive(Primitive::Json));
    }
    for prefix in ["list[", "List[", "typing.List["] {
        if let Some(inner) = annotation
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(']'))
        {
            return primitive(inner.trim()).map(ValueType::Array);
        }
    }
    None
}

/// The annotation to write for a canonical type.
pub fn write_type(value_type: &ValueType) -> Result<String, ValueType> {
    match value_type {
        ValueType::Primitive(p) => Ok(python_name(*p).to_owned()),
        ValueType::Array(p) => Ok(format!("list[{}]", python_name(*p))),
        ValueType::Native { dialect, name, .. } if dialect == ID => Ok(name.clone()),
        other => Err(other.clone()),
    }
}

fn python_name(primitive: Primitive) -> &'static str {
    match primitive {
        Primitive::String => "str",
        Primitive::Integer => "int",
        Primitive::Number => "float",
        Primitive::Boolean => "bool",
        Primitive::Json => "Any",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_round_trip() {
        for annotation in [
            "str",
            "int",
            "float",
            "bool",
            "list[str]",
            "List[Tuple[str, str, str]]",
            "pandas.DataFrame",
            "DataFrame",
            "Any",
            "dict",
            "list",
        ] {
            assert_eq!(
                write_type(&read_type(annotation)).as_deref(),
                Ok(annotation)
            );
        }
    }

    #[test]
    fn equivalents_are_found() {
        let equivalent_of = |a: &str| match read_type(a) {
            ValueType::Native { equivalent, .. } => equivalent.map(|e| e.describe()),
            other => Some(other.describe()),
        };
        assert_eq!(
            equivalent_of("list[str]").as_deref(),
            Some("array of string")
        );
        assert_eq!(
            equivalent_of("List[int]").as_deref(),
            Some("array of integer")
        );
        assert_eq!(equivalent_of("Any").as_deref(), Some("json"));
        assert_eq!(equivalent_of("pandas.DataFrame"), None);
        assert_eq!(equivalent_of("list"), None);
    }
}
