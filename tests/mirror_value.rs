//! Writers build manifests with `toolshift_syntax::mirror_value`, which clones a kept
//! object per key sequence instead of hashing every key, and writes over a recycled
//! manifest in place. Its value must be `serde_json::to_value`'s, key order included,
//! whichever fields a struct skips and whatever value it writes over.

mod support;

use indexmap::IndexMap;
use proptest::prelude::*;
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Text,
    #[serde(rename = "json")]
    Structured,
    Count(u32),
    Pair(i8, bool),
    Shape {
        sides: u8,
        label: String,
    },
}

#[derive(Debug, Clone, Serialize)]
struct Schema {
    kind: Kind,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    nullable: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    allowed: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<IndexMap<String, Schema>>,
}

#[derive(Debug, Clone, Serialize)]
struct Parameter {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    required: Option<bool>,
    schema: Schema,
    weight: f64,
    ratio: f32,
    big: u128,
    initial: char,
}

/// The same struct name as `other::Parameter`, whose fields differ: a kept object must
/// never serve a struct with other keys.
mod other {
    use serde::Serialize;

    #[derive(Debug, Clone, Serialize)]
    pub struct Parameter {
        pub schema: Option<String>,
        pub name: String,
    }
}

#[derive(Debug, Clone, Serialize)]
struct Newtype(String);

#[derive(Debug, Clone, Serialize)]
struct Definition {
    name: Newtype,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<String>,
    parameters: Vec<Parameter>,
    others: Vec<other::Parameter>,
    counts: IndexMap<u16, bool>,
    pair: (i64, Option<String>),
    meta: Option<serde_json::Map<String, Value>>,
    /// Makes the definition a map to serde, whose keys come one call before their
    /// values; a key here may repeat one of the fields.
    #[serde(flatten)]
    extra: IndexMap<String, Value>,
}

fn scalar() -> impl Strategy<Value = Value> {
    support::json_scalar("\\PC{0,6}", 1)
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Text),
        Just(Kind::Structured),
        any::<u32>().prop_map(Kind::Count),
        (any::<i8>(), any::<bool>()).prop_map(|(a, b)| Kind::Pair(a, b)),
        (any::<u8>(), "[a-z]{0,4}").prop_map(|(sides, label)| Kind::Shape { sides, label }),
    ]
}

fn schema() -> impl Strategy<Value = Schema> {
    let leaf = (
        kind(),
        proptest::option::of("[a-z ]{0,8}"),
        proptest::option::of(any::<bool>()),
        prop::collection::vec(scalar(), 0..3),
    )
        .prop_map(|(kind, description, nullable, allowed)| Schema {
            kind,
            description,
            nullable,
            allowed,
            properties: None,
        });
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            inner,
            proptest::option::of(prop::collection::vec(("[a-z]{1,5}", schema_leaf()), 0..3)),
        )
            .prop_map(|(mut schema, properties)| {
                schema.properties = properties.map(|pairs| pairs.into_iter().collect());
                schema
            })
    })
}

fn schema_leaf() -> impl Strategy<Value = Schema> {
    (kind(), proptest::option::of("[a-z]{0,4}")).prop_map(|(kind, description)| Schema {
        kind,
        description,
        nullable: None,
        allowed: Vec::new(),
        properties: None,
    })
}

fn parameter() -> impl Strategy<Value = Parameter> {
    (
        "[a-z_]{1,8}",
        proptest::option::of(any::<bool>()),
        schema(),
        any::<f64>(),
        any::<f32>(),
        // Past u64 serde_json refuses the number; both must.
        prop_oneof![any::<u64>().prop_map(u128::from), any::<u128>()],
        any::<char>(),
    )
        .prop_map(
            |(name, required, schema, weight, ratio, big, initial)| Parameter {
                name,
                required,
                schema,
                weight,
                ratio,
                big,
                initial,
            },
        )
}

fn definition() -> impl Strategy<Value = Definition> {
    (
        "[A-Za-z]{1,8}",
        proptest::option::of("[0-9.]{1,5}"),
        prop::collection::vec(parameter(), 0..4),
        prop::collection::vec(
            (proptest::option::of("[a-z]{0,3}"), "[a-z]{0,3}")
                .prop_map(|(schema, name)| other::Parameter { schema, name }),
            0..2,
        ),
        prop::collection::vec((any::<u16>(), any::<bool>()), 0..3),
        (any::<i64>(), proptest::option::of("[a-z]{0,3}")),
        proptest::option::of(prop::collection::vec(("[a-z]{0,4}", scalar()), 0..4)),
        prop::collection::vec(
            (
                prop_oneof![
                    "[a-z]{1,3}",
                    Just("name".to_owned()),
                    Just("pair".to_owned())
                ],
                scalar(),
            ),
            0..3,
        ),
    )
        .prop_map(
            |(name, version, parameters, others, counts, pair, meta, extra)| Definition {
                name: Newtype(name),
                version,
                parameters,
                others,
                counts: counts.into_iter().collect(),
                pair,
                meta: meta.map(|pairs| pairs.into_iter().collect()),
                extra: extra.into_iter().collect(),
            },
        )
}

/// Each value as text, or its error: `Value`'s equality ignores key order, the text
/// does not.
fn text(value: Result<Value, serde_json::Error>) -> Result<String, String> {
    value
        .and_then(|value| serde_json::to_string(&value))
        .map_err(|error| error.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn a_mirror_value_is_what_serde_json_builds(definition in definition()) {
        // The second reading serves every struct from the objects the first one kept.
        for _ in 0..2 {
            prop_assert_eq!(
                text(toolshift_syntax::mirror_value::to_value(&definition)),
                text(serde_json::to_value(&definition))
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Each value is built over the one before it, as a batch builds its manifests:
    /// keys that come and go, arrays that grow and shrink, strings over objects, and
    /// another type's value over the last definition.
    #[test]
    fn a_value_built_over_a_recycled_one_is_what_serde_json_builds(
        definitions in prop::collection::vec(definition(), 1..5),
        parameters in prop::collection::vec(parameter(), 1..3),
    ) {
        for definition in &definitions {
            prop_assert_eq!(built_and_recycled(definition), text(serde_json::to_value(definition)));
        }
        for parameter in &parameters {
            prop_assert_eq!(built_and_recycled(parameter), text(serde_json::to_value(parameter)));
        }
    }
}

/// The mirror's value as text, the value then given back for the next one.
fn built_and_recycled<T: Serialize>(mirror: &T) -> Result<String, String> {
    let value =
        toolshift_syntax::mirror_value::to_value(mirror).map_err(|error| error.to_string())?;
    let rendered = serde_json::to_string(&value).map_err(|error| error.to_string());
    toolshift_syntax::mirror_value::recycle(value);
    rendered
}

#[test]
fn errors_are_serde_json_s() {
    let mut keyed: IndexMap<Vec<u8>, bool> = IndexMap::new();
    keyed.insert(vec![1], true);
    let ours = toolshift_syntax::mirror_value::to_value(&keyed).map(|_| ());
    let theirs = serde_json::to_value(&keyed).map(|_| ());
    assert!(ours.is_err(), "a key that is not a string must be refused");
    assert!(theirs.is_err());
    // Over a recycled map, too.
    let mut strings: IndexMap<String, bool> = IndexMap::new();
    strings.insert("one".into(), true);
    toolshift_syntax::mirror_value::recycle(
        serde_json::to_value(&strings)
            .map_err(|e| e.to_string())
            .unwrap_or_default(),
    );
    assert!(toolshift_syntax::mirror_value::to_value(&keyed).is_err());
}

/// A map's entries whose keys change from one manifest to the next (a skill's
/// parameters, by name) are written over the last manifest's entries, not built anew.
#[test]
fn map_entries_under_new_keys_reuse_the_old_entries() {
    let parameters = |entries: &[(&str, &str)]| -> IndexMap<String, other::Parameter> {
        entries
            .iter()
            .map(|(key, name)| {
                let parameter = other::Parameter {
                    schema: Some("string".into()),
                    name: (*name).to_owned(),
                };
                ((*key).to_owned(), parameter)
            })
            .collect()
    };
    let first = parameters(&[("city", "a long name for the city"), ("days", "days")]);
    let value = toolshift_syntax::mirror_value::to_value(&first).unwrap();
    let old_buffer = value["city"]["name"].as_str().map(str::as_ptr);
    toolshift_syntax::mirror_value::recycle(value);
    let second = parameters(&[("query", "q"), ("limit", "l")]);
    let value = toolshift_syntax::mirror_value::to_value(&second).unwrap();
    assert_eq!(Ok(value.to_string()), text(serde_json::to_value(&second)));
    // The entries were cut off in order and taken back last first.
    assert_eq!(value["limit"]["name"].as_str().map(str::as_ptr), old_buffer);
}
