//! Where a dialect keeps each field, as data: a table of pointer templates that a
//! dialect's `Dialect::locate` looks fields up in, so that a new dialect writes a table
//! rather than a match.

use crate::field::Field;
use crate::tool::Tool;
use toolshift_syntax::pointer::push_escaped;
use toolshift_syntax::text::decimal;

/// Each field a dialect has a place for, with the pointer template of that place. A
/// row's field stands for every index of its kind (`Field::Parameter(0)` for every
/// parameter); the first row of a kind holds. In a template, `{i}` is the field's
/// index, `{param}` the name of the parameter at that index, `{setting}` the key of the
/// setting at that index, `{keyword}` the key of the arguments' keyword at that index
/// (each escaped as a pointer token), and `{base}` what the dialect passes as `base`.
pub type Places = [(Field, &'static str)];

/// The place of `field` of `tool`: `None` where `places` has no row for its kind, or
/// where it names a parameter, setting or keyword the tool does not have.
pub fn locate(places: &Places, field: Field, tool: &Tool, base: &str) -> Option<String> {
    let kind = std::mem::discriminant(&field);
    let (_, template) = places
        .iter()
        .find(|(row, _)| std::mem::discriminant(row) == kind)?;
    expand(template, field.index(), tool, base)
}

/// `template` with each placeholder replaced.
fn expand(template: &str, index: Option<usize>, tool: &Tool, base: &str) -> Option<String> {
    let mut pointer = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        pointer.push_str(rest.get(..open)?);
        let after = rest.get(open + 1..)?;
        let close = after.find('}')?;
        let name = after.get(..close)?;
        rest = after.get(close + 1..)?;
        match name {
            "base" => pointer.push_str(base),
            "i" => pointer.push_str(decimal(index?, &mut [0; 20])),
            "param" => push_escaped(&mut pointer, &tool.parameters.get(index?)?.name),
            "setting" => push_escaped(&mut pointer, &tool.settings.get(index?)?.key),
            "keyword" => {
                let keywords = tool.parameter_keywords.as_ref()?;
                push_escaped(&mut pointer, keywords.keys().nth(index?)?);
            }
            _ => return None,
        }
    }
    pointer.push_str(rest);
    Some(pointer)
}

#[cfg(test)]
mod tests {
    use super::{locate, Places};
    use crate::field::Field;
    use crate::tool::{Parameter, Tool, ValueSchema, ValueType};

    const PLACES: &Places = &[
        (Field::Root, ""),
        (Field::Name, "{base}/name"),
        (Field::Parameter(0), "/params/{param}"),
        (Field::ParameterType(0), "/list/{i}/type"),
    ];

    #[test]
    fn a_row_holds_for_every_index_and_escapes_names() {
        let tool = Tool {
            parameters: vec![Parameter {
                name: "a/b~c".into(),
                description: None,
                required: None,
                schema: ValueSchema::of(ValueType::STRING),
                default: None,
                inferrable: None,
            }],
            ..Tool::default()
        };
        let at = |field| locate(PLACES, field, &tool, "/function");
        assert_eq!(at(Field::Root).as_deref(), Some(""));
        assert_eq!(at(Field::Name).as_deref(), Some("/function/name"));
        assert_eq!(at(Field::Parameter(0)).as_deref(), Some("/params/a~1b~0c"));
        assert_eq!(at(Field::Parameter(1)), None, "no second parameter");
        assert_eq!(
            at(Field::ParameterType(12)).as_deref(),
            Some("/list/12/type")
        );
        assert_eq!(at(Field::Description), None, "no row");
    }
}
