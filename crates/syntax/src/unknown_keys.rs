//! Reading a dialect's mirror types with every key they do not name kept in `unknown`.
//!
//! `#[serde(flatten)]` keeps such keys too, but serde reads a flattened struct by first
//! copying the whole object, and every object and list inside it, into a buffer of its
//! own, and then reading the struct from that copy, for every object of every manifest
//! (docs/performance.md at 79948a8, "thirteenth round"). `deserialize_keeping_unknown!`
//! writes the `Deserialize` a struct would derive, reading its keys straight from the
//! document and putting each other key, with its value, in `unknown`.

use serde::de::{Deserialize, Deserializer, Visitor};
use std::borrow::Cow;
use std::fmt;

/// An object's key as the reader hands it over: borrowed from the document where it
/// can be, so that a key the struct names costs no copy.
#[derive(Debug)]
pub struct Key<'de>(Cow<'de, str>);

impl Key<'_> {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0.into_owned()
    }
}

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Key<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a key")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Borrowed(key)))
    }

    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(key.to_owned())))
    }

    fn visit_string<E: serde::de::Error>(self, key: String) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(key)))
    }
}

/// A mirror field whose value stays in the document: a tool's argument schema, most of
/// a manifest. A reader takes it from the document it read the mirror from, and a
/// writer moves it in after serializing the mirror (`to_document_with` in the model):
/// copying it into the mirror and out again cost 10 % and 7 % of an MCP -> OpenAI
/// conversion's instructions. Reading checks only that the key is there; writing writes
/// `null` in its place.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InDocument;

impl<'de> Deserialize<'de> for InDocument {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(deserializer).map(|_| InDocument)
    }
}

impl serde::Serialize for InDocument {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }
}

/// `impl Deserialize` for a mirror struct whose last field is `unknown`, a
/// `serde_json::Map`: each field with the key it is read from (`"key" | "alias"` where
/// another spelling is read too), `required` after the fields that must be there (the
/// others default when missing, as `#[serde(default)]` and `Option` fields do). What
/// it answers, errors included, is what the derived `Deserialize` with a flattened
/// `unknown` answers (`tests` below).
#[macro_export]
macro_rules! deserialize_keeping_unknown {
    ($type:ident $(<$lifetime:lifetime>)? { $( $field:ident : $key:literal $(| $alias:literal)* $( $required:ident )? ),* $(,)? }) => {
        impl<'de $(, $lifetime)?> ::serde::Deserialize<'de> for $type $(<$lifetime>)? {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Fields<T>(::std::marker::PhantomData<T>);
                impl<'de $(, $lifetime)?> ::serde::de::Visitor<'de> for Fields<$type $(<$lifetime>)?> {
                    type Value = $type $(<$lifetime>)?;
                    fn expecting(&self, formatter: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        formatter.write_str(concat!("struct ", stringify!($type)))
                    }
                    fn visit_map<A: ::serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                        $( let mut $field = None; )*
                        let mut unknown = ::serde_json::Map::new();
                        while let Some(key) = map.next_key::<$crate::unknown_keys::Key<'de>>()? {
                            match key.as_str() {
                                $( $key $(| $alias)* => {
                                    if $field.is_some() {
                                        return Err(<A::Error as ::serde::de::Error>::duplicate_field($key));
                                    }
                                    $field = Some(map.next_value()?);
                                } )*
                                _ => {
                                    let value = map.next_value()?;
                                    unknown.insert(key.into_string(), value);
                                }
                            }
                        }
                        Ok($type {
                            $( $field: $crate::deserialize_keeping_unknown!(@value A, $field, $key $( $required )?), )*
                            unknown,
                        })
                    }
                }
                deserializer.deserialize_map(Fields(::std::marker::PhantomData))
            }
        }
    };
    (@value $access:ident, $field:ident, $key:literal required) => {
        $field.ok_or_else(|| <$access::Error as ::serde::de::Error>::missing_field($key))?
    };
    (@value $access:ident, $field:ident, $key:literal) => {
        $field.unwrap_or_default()
    };
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use serde::{Deserialize, Serialize};
    use serde_json::{json, Map, Value};

    /// The same struct twice: read by the macro, and by serde's derive with a flattened
    /// `unknown`, which the macro replaces.
    #[derive(Debug, PartialEq, Serialize)]
    struct Read {
        name: String,
        kind: Option<String>,
        items: Vec<Read>,
        flag: Option<bool>,
        unknown: Map<String, Value>,
    }
    crate::deserialize_keeping_unknown!(Read {
        name: "name" required,
        kind: "type" | "kind",
        items: "items",
        flag: "flag",
    });

    #[derive(Debug, PartialEq, Deserialize)]
    struct Derived {
        name: String,
        #[serde(rename = "type", alias = "kind", default)]
        kind: Option<String>,
        #[serde(default)]
        items: Vec<Derived>,
        #[serde(default)]
        flag: Option<bool>,
        #[serde(flatten, default)]
        unknown: Map<String, Value>,
    }

    fn both(document: &Value) -> (Result<Value, String>, Result<Value, String>) {
        let read = Read::deserialize(document)
            .map(|read| serde_json::to_value(read).unwrap_or_default())
            .map_err(|e| e.to_string());
        // Compared through the macro's struct, which serializes.
        fn convert(derived: Derived) -> Read {
            Read {
                name: derived.name,
                kind: derived.kind,
                items: derived.items.into_iter().map(convert).collect(),
                flag: derived.flag,
                unknown: derived.unknown,
            }
        }
        let derived = Derived::deserialize(document)
            .map(|derived| serde_json::to_value(convert(derived)).unwrap_or_default())
            // The two structs' names differ; the messages should not otherwise.
            .map_err(|e| e.to_string().replace("Derived", "Read"));
        (read, derived)
    }

    #[test]
    fn reads_what_the_flattened_derive_reads() {
        for document in [
            json!({"name": "a", "items": [{"name": "b"}, {"name": 2}]}),
            json!({"name": "a"}),
            json!({"name": "a", "type": "str", "flag": true, "other": [1, {"x": null}]}),
            json!({"name": "a", "items": [{"name": "b", "extra": 1}, {"name": "c", "type": null}]}),
            json!({"type": "missing name"}),
            json!({"name": 1}),
            json!({"name": "a", "items": null}),
            json!({"name": "a", "items": [{"type": "no name"}]}),
            json!({"name": "a", "flag": "yes"}),
            json!({"name": "a", "kind": "by its other name"}),
            json!({"name": "a", "kind": "twice", "type": "over"}),
            json!(["not", "an", "object"]),
            json!("text"),
            json!(null),
        ] {
            let (read, derived) = both(&document);
            assert_eq!(read, derived, "{document}");
            // An error names the same place in the document.
            let place =
                |error: serde_path_to_error::Error<serde_json::Error>| error.path().to_string();
            assert_eq!(
                serde_path_to_error::deserialize::<_, Read>(&document)
                    .err()
                    .map(place),
                serde_path_to_error::deserialize::<_, Derived>(&document)
                    .err()
                    .map(place),
                "{document}"
            );
        }
    }

    #[test]
    fn a_key_is_borrowed_from_the_text_it_is_read_from() {
        let key: super::Key<'_> = serde_json::from_str("\"name\"").unwrap();
        assert!(matches!(key.0, std::borrow::Cow::Borrowed("name")));
    }
}
