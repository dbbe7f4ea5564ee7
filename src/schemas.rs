//! Validating documents against a dialect's embedded schemas, compiled once each.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use toolshift_model::Dialect;

/// Which of a dialect's schemas to validate with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reading {
    /// As published.
    Official,
    /// With the documented corrections toolshift applies (`docs/arcade.md`, `docs/anythingllm.md`).
    Applied,
}

/// Compiled validators, shared by every thread of a batch: compiling one costs far more
/// than validating a document, so each is compiled once per run.
#[derive(Default)]
pub struct SchemaCheck {
    validators: Mutex<BTreeMap<(&'static str, Reading), Arc<jsonschema::Validator>>>,
}

/// One violation: where in the document, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub pointer: String,
    pub message: String,
}

impl SchemaCheck {
    pub fn violations(
        &self,
        dialect: &dyn Dialect,
        reading: Reading,
        document: &serde_json::Value,
    ) -> Result<Vec<Violation>, String> {
        let validator = self.validator(dialect, reading)?;
        // A list document (an MCP `tools/list` result, an OpenAI `tools` array) is
        // valid when each of its tools is.
        let tools = toolshift_model::dialect::tool_documents(dialect, document);
        // Nearly every document is valid; asking that alone skips building the errors'
        // paths and messages while walking it.
        if tools.iter().all(|(_, tool)| validator.is_valid(tool)) {
            return Ok(Vec::new());
        }
        Ok(tools
            .into_iter()
            .flat_map(|(at, tool)| {
                validator.iter_errors(tool).map(move |error| {
                    let pointer = format!("{at}{}", error.instance_path());
                    Violation {
                        pointer: if pointer.is_empty() {
                            "/".to_owned()
                        } else {
                            pointer
                        },
                        message: error.to_string(),
                    }
                })
            })
            .collect())
    }

    /// Compiles the validators a conversion to `dialect` will ask for, so that a
    /// thread with nothing else to do yet can do it while the first inputs are found.
    /// A schema that does not compile is reported by the first check that needs it.
    pub fn compile_ahead(&self, dialect: &dyn Dialect, official: bool) {
        let _ = self.validator(dialect, Reading::Applied);
        if official {
            let _ = self.validator(dialect, Reading::Official);
        }
    }

    fn validator(
        &self,
        dialect: &dyn Dialect,
        reading: Reading,
    ) -> Result<Arc<jsonschema::Validator>, String> {
        // A poisoned lock only means another thread panicked; the map is still whole.
        let mut validators = self
            .validators
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(validator) = validators.get(&(dialect.id(), reading)) {
            return Ok(Arc::clone(validator));
        }
        let schema = match reading {
            Reading::Official => dialect.official_schema(),
            Reading::Applied => dialect.output_schema(),
        }
        .map_err(|e| e.to_string())?;
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .map_err(|e| format!("the embedded {} schema does not compile: {e}", dialect.id()))?;
        let validator = Arc::new(validator);
        validators.insert((dialect.id(), reading), Arc::clone(&validator));
        Ok(validator)
    }
}
