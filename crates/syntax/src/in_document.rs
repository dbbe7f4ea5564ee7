//! A mirror field whose value stays in the document it was read from.

use serde::de::{Deserialize, Deserializer};

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
