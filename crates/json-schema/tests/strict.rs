//! Strict mode's rewrites, one rule a test: what `make_strict` writes for each kind of
//! schema, and what it refuses. `tests/strict.rs` at the root checks the promise over
//! every document we have.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use serde_json::{json, Value};
use toolshift_json_schema::strict::{make_strict, NotStrict, ANTHROPIC_STRICT, OPENAI_STRICT};
use toolshift_json_schema::{read_parameters, write_parameters, Writing};
use toolshift_model::strict::StrictRules;
use toolshift_model::{Field, Parameter, Tool, ValueSchema, ValueType};

/// The strict form of an arguments schema, read and written as the JSON Schema
/// dialects do, with the codes of its entries.
fn strict(schema: Value) -> Result<(Value, Vec<&'static str>), NotStrict> {
    strict_for(schema, &OPENAI_STRICT)
}

fn strict_for(schema: Value, rules: &StrictRules) -> Result<(Value, Vec<&'static str>), NotStrict> {
    let (parameters, parameter_keywords) =
        read_parameters(&schema, "", "x", false, &mut Vec::new()).unwrap_or_default();
    let tool = Tool {
        parameters,
        parameter_keywords,
        ..Tool::default()
    };
    let plain = write_parameters(&tool, Writing { target: "X" }, &mut Vec::new());
    let (written, losses) = make_strict(plain, &tool, rules)?;
    Ok((
        written,
        losses.iter().map(|loss| loss.code.code()).collect(),
    ))
}

#[test]
fn an_optional_parameter_accepts_null_and_reads_back_as_optional() {
    let tool = Tool {
        parameters: vec![Parameter {
            name: "body".into(),
            description: None,
            required: Some(false),
            schema: ValueSchema::of(ValueType::STRING),
            default: None,
            inferrable: None,
        }],
        ..Tool::default()
    };
    let plain = write_parameters(&tool, Writing { target: "X" }, &mut Vec::new());
    let (written, losses) = make_strict(plain, &tool, &OPENAI_STRICT).expect("strict");
    assert_eq!(
        written,
        json!({"type": "object", "properties": {"body": {"type": ["string", "null"]}}, "required": ["body"], "additionalProperties": false})
    );
    assert_eq!(losses.len(), 1);
    assert_eq!(losses[0].field, Field::ParameterRequired(0));
    let (back, _) = read_parameters(&written, "", "x", true, &mut Vec::new()).unwrap_or_default();
    assert_eq!(back, tool.parameters);
}

#[test]
fn an_optional_enum_lists_null() {
    let (written, _) = strict(json!({"type": "object", "properties": {
        "state": {"type": "string", "enum": ["open", "closed"]},
        "kind": {"type": "string", "const": "x"},
        "tag": {"const": "y", "description": "A tag."}
    }}))
    .expect("strict");
    assert_eq!(
        written["properties"]["state"]["enum"],
        json!(["open", "closed", null])
    );
    assert_eq!(written["properties"]["kind"]["enum"], json!(["x", null]));
    assert_eq!(
        written["properties"]["tag"],
        json!({"description": "A tag.", "anyOf": [{"const": "y"}, {"type": "null"}]})
    );
}

#[test]
fn an_open_object_leaves_the_tool_non_strict_naming_it() {
    let refused = strict(json!({"type": "object", "properties": {
        "update": {"type": "object", "properties": {}, "additionalProperties": {}}
    }, "required": ["update"]}));
    let refused = refused.expect_err("an open object cannot be strict");
    assert_eq!(refused.path, "update");
    assert_eq!(refused.parameter, Some(0));
    assert!(
        refused.reason.contains("additionalProperties"),
        "{}",
        refused.reason
    );
    let free = strict(json!({"type": "object", "properties": {"filter": {"type": "object"}}}));
    assert_eq!(free.expect_err("free-form").path, "filter");
}

#[test]
fn keywords_on_items_and_closed_items_stay_strict() {
    let (written, codes) = strict(json!({"type": "object", "properties": {
        "paths": {"type": "array", "items": {"type": "string", "description": "A path", "format": "uri"}},
        "rows": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"], "additionalProperties": false}}
    }, "required": ["paths", "rows"]}))
    .expect("strict");
    assert_eq!(
        written["properties"]["paths"]["items"]["description"],
        json!("A path Format: uri.")
    );
    assert_eq!(codes, ["keyword-folded"]);
}

#[test]
fn constraints_without_a_strict_keyword_move_into_the_description() {
    let (written, codes) = strict(json!({"type": "object", "properties": {
        "name": {"type": "string", "description": "Who.", "minLength": 1},
        "n": {"type": "integer", "minimum": 1, "default": 3}
    }, "required": ["name"]}))
    .expect("strict");
    assert_eq!(
        written["properties"]["name"],
        json!({"type": "string", "description": "Who. At least 1 character."})
    );
    assert_eq!(
        written["properties"]["n"],
        json!({"type": ["integer", "null"], "description": "Default: 3.", "minimum": 1})
    );
    assert_eq!(
        codes,
        ["keyword-folded", "default-folded", "optional-as-nullable"]
    );
}

#[test]
fn unused_definitions_are_left_out_and_used_ones_kept() {
    let (written, codes) = strict(json!({"type": "object", "properties": {
        "room": {"$ref": "#/$defs/room"}
    }, "required": ["room"], "$defs": {
        "room": {"type": "object", "properties": {"floor": {"$ref": "#/$defs/floor"}}, "required": ["floor"]},
        "floor": {"type": "integer"},
        "unused": {"oneOf": [{"type": "string"}, {}]}
    }}))
    .expect("strict");
    let definitions = written["$defs"].as_object().expect("definitions");
    assert_eq!(definitions.keys().collect::<Vec<_>>(), ["room", "floor"]);
    assert_eq!(definitions["room"]["additionalProperties"], json!(false));
    assert_eq!(codes, ["keyword-dropped"]);
}

#[test]
fn one_of_becomes_any_of_only_where_branches_cannot_overlap() {
    let (written, codes) = strict(json!({"type": "object", "properties": {
        "when": {"oneOf": [{"type": "string"}, {"type": "null"}]}
    }, "required": ["when"]}))
    .expect("strict");
    assert_eq!(
        written["properties"]["when"],
        json!({"anyOf": [{"type": "string"}, {"type": "null"}]})
    );
    assert_eq!(codes, ["keyword-rewritten"]);
    let overlapping = strict(json!({"type": "object", "properties": {
        "n": {"oneOf": [{"type": "integer"}, {"type": "number"}]}
    }, "required": ["n"]}));
    assert!(overlapping.is_err());
}

#[test]
fn anthropic_keeps_optional_properties_and_defaults() {
    let (written, codes) = strict_for(
        json!({"type": "object", "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer", "default": 3, "minimum": 1}
        }, "required": ["city"]}),
        &ANTHROPIC_STRICT,
    )
    .expect("strict");
    assert_eq!(
        written,
        json!({"type": "object", "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer", "description": "At least 1.", "default": 3}
        }, "required": ["city"], "additionalProperties": false})
    );
    assert_eq!(codes, ["keyword-folded"]);
}

#[test]
fn anthropic_folds_a_pattern_with_lookahead_and_keeps_a_plain_one() {
    let (written, codes) = strict_for(
        json!({"type": "object", "properties": {
            "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
            "word": {"type": "string", "pattern": "^(?!admin)\\w+$"}
        }, "required": ["code", "word"]}),
        &ANTHROPIC_STRICT,
    )
    .expect("strict");
    assert_eq!(written["properties"]["code"]["pattern"], "^[A-Z]{3}$");
    assert!(written["properties"]["word"].get("pattern").is_none());
    assert_eq!(codes, ["keyword-folded"]);
}

#[test]
fn anthropic_refuses_a_recursive_definition_that_openai_keeps() {
    let schema = json!({"type": "object", "properties": {
        "tree": {"$ref": "#/$defs/node"}
    }, "required": ["tree"], "$defs": {"node": {"type": "object", "properties": {
        "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}
    }, "required": ["children"]}}});
    assert!(strict_for(schema.clone(), &OPENAI_STRICT).is_ok());
    let refused = strict_for(schema, &ANTHROPIC_STRICT).expect_err("recursive");
    assert_eq!(refused.path, "$defs/node");
}

#[test]
fn anthropic_refuses_an_enum_of_objects_naming_the_property() {
    let schema = json!({"type": "object", "properties": {
        "corner": {"enum": [{"x": 0, "y": 0}, {"x": 1, "y": 1}]}
    }, "required": ["corner"]});
    assert!(strict_for(schema.clone(), &OPENAI_STRICT).is_ok());
    let refused = strict_for(schema, &ANTHROPIC_STRICT).expect_err("an enum of objects");
    assert_eq!(refused.path, "corner");
}

#[test]
fn openai_leaves_a_schema_past_its_size_limits_non_strict() {
    let limits = OPENAI_STRICT.size.expect("OpenAI documents its limits");
    let object = |count: usize| {
        let properties: serde_json::Map<String, Value> = (0..count)
            .map(|i| (format!("p{i}"), json!({"type": "string"})))
            .collect();
        json!({"type": "object", "properties": properties})
    };
    assert_eq!(limits.exceeded_by(&object(5000)), None);
    let over = limits
        .exceeded_by(&object(5001))
        .expect("too many properties");
    assert_eq!(
        over,
        "hold 5001 object properties, more than the 5000 it takes"
    );

    let mut nested = object(1);
    for _ in 0..9 {
        nested = json!({"type": "object", "properties": {"inner": nested}});
    }
    assert_eq!(limits.exceeded_by(&nested), None);
    let deeper = json!({"type": "object", "properties": {"inner": nested}});
    assert!(limits
        .exceeded_by(&deeper)
        .is_some_and(|why| why.contains("11 levels")));

    let values: Vec<String> = (0..1001).map(|i| format!("v{i}")).collect();
    let listed = json!({"type": "object", "properties": {"pick": {"enum": values}}});
    assert!(limits
        .exceeded_by(&listed)
        .is_some_and(|why| why.contains("1001 enum values")));
    let long: Vec<String> = (0..300).map(|i| format!("{i:0>60}")).collect();
    let long = json!({"type": "object", "properties": {"pick": {"enum": long}}});
    assert!(limits
        .exceeded_by(&long)
        .is_some_and(|why| why.contains("one long enum")));

    let refused = strict(object(5001)).expect_err("past the limit");
    assert_eq!(refused.path, "");
    assert!(ANTHROPIC_STRICT.size.is_none());
}
