//! Checks every output against its dialect's embedded official schema before it is
//! written, so toolshift never hands the user a file the target would reject.

use std::collections::BTreeMap;
use toolshift_model::Dialect;

#[derive(Default)]
pub struct SchemaCheck {
    validators: BTreeMap<&'static str, jsonschema::Validator>,
}

impl SchemaCheck {
    /// The violations of `document` against `dialect`'s schema, as `POINTER: message`.
    pub fn violations(
        &mut self,
        dialect: &dyn Dialect,
        document: &serde_json::Value,
    ) -> Result<Vec<String>, String> {
        let validator = match self.validators.entry(dialect.id()) {
            std::collections::btree_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::btree_map::Entry::Vacant(entry) => {
                let schema = dialect.output_schema().map_err(|e| e.to_string())?;
                let validator = jsonschema::options()
                    .should_validate_formats(true)
                    .build(&schema)
                    .map_err(|e| {
                        format!("the embedded {} schema does not compile: {e}", dialect.id())
                    })?;
                entry.insert(validator)
            }
        };
        Ok(validator
            .iter_errors(document)
            .map(|error| {
                let pointer = error.instance_path().to_string();
                format!(
                    "{}: {error}",
                    if pointer.is_empty() { "/" } else { &pointer }
                )
            })
            .collect())
    }
}
