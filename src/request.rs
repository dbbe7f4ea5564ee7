//! The checks of one request over a bundle (`--bundle`): two tools of one name, tools
//! past the target's tool limit, and strict mode's budget shared by every strict tool.
//! The target says what it limits (`Dialect::request_limits`) and where a manifest
//! keeps it (`Dialect::request_places`); this file counts.

use serde_json::Value;
use std::collections::HashMap;
use toolshift_model::request::{budget_counts, StrictBudget};
use toolshift_model::{Dialect, Entry, LossCode, Tool};
use toolshift_syntax::pointer::lookup;
use toolshift_syntax::position::Position;

/// What a check found about one tool of the bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The tool's index in the bundle.
    pub index: usize,
    pub code: LossCode,
    /// Where in the tool's manifest.
    pub pointer: String,
    pub message: String,
}

/// Every finding about the bundle's manifests, in the bundle's order. A
/// `strict-over-budget` finding's tool is to be written non-strict (`turn_off_strict`):
/// tools stay strict in order while the budget holds them. Its message says why, and
/// the caller what came of it.
pub fn check(to: &dyn Dialect, manifests: &[&Value]) -> Vec<Finding> {
    let target = to.request_limits().map_or(to.id(), |limits| limits.target);
    let mut findings = shared_names(to, manifests);
    if let Some(limits) = to.request_limits() {
        if let Some(most) = limits.tools {
            findings.extend(past_tool_limit(target, most, manifests.len()));
        }
        if let Some(budget) = &limits.strict {
            findings.extend(over_budget(to, budget, manifests));
        }
    }
    findings.sort_by_key(|finding| finding.index);
    findings
}

/// Where each converted tool has its name in `document`, in the order `convert_all`
/// converts them: what the entries of a request's checks point at in the input.
pub fn name_pointers<'a>(
    from: &dyn Dialect,
    document: &Value,
    tools: impl IntoIterator<Item = &'a Tool>,
) -> Vec<String> {
    let roots = from
        .tools_in(document)
        .unwrap_or_else(|| vec![String::new()]);
    roots
        .iter()
        .zip(tools)
        .map(|(root, tool)| {
            let tool_document = lookup(document, root).unwrap_or(document);
            let name = from.locate(toolshift_model::Field::Name, tool, tool_document);
            format!("{root}{}", name.unwrap_or_default())
        })
        .collect()
}

/// A finding as an entry of its tool's report: `source` is the tool's name in the input
/// (at `at`), `target` the place in the tool's manifest under `bundled`, the tool's
/// pointer in the bundle.
pub fn entry(finding: &Finding, bundled: &str, source: &str, at: Option<Position>) -> Entry {
    let mut message = finding.message.clone();
    if finding.code == LossCode::StrictOverBudget {
        message.push_str(": the tool was written with `strict: false`, its schema unchanged.");
    }
    Entry {
        code: finding.code,
        severity: finding.code.severity(),
        source: source.to_owned(),
        target: format!("{bundled}{}", finding.pointer),
        message,
        line: at.map(|at| at.line),
        column: at.map(|at| at.column),
        place: source.to_owned(),
    }
}

/// Writes the tool of a `strict-over-budget` finding with `strict: false`.
pub fn turn_off_strict(to: &dyn Dialect, manifest: &mut Value) {
    if let Some(flag) = to
        .request_places(manifest)
        .strict
        .and_then(|at| manifest.pointer_mut(&at))
    {
        *flag = Value::Bool(false);
    }
}

fn shared_names(to: &dyn Dialect, manifests: &[&Value]) -> Vec<Finding> {
    let mut first_of: HashMap<&str, usize> = HashMap::new();
    let mut findings = Vec::new();
    for (index, manifest) in manifests.iter().enumerate() {
        let pointer = to.request_places(manifest).name;
        let Some(name) = lookup(manifest, &pointer).and_then(Value::as_str) else {
            continue;
        };
        if let Some(first) = first_of.get(name) {
            findings.push(Finding {
                index,
                code: LossCode::RequestLimitExceeded,
                message: format!(
                    "the tool at index {first} is also named `{name}`, and a request whose tools share a name is refused: rename one of them, or bundle them apart."
                ),
                pointer,
            });
        } else {
            first_of.insert(name, index);
        }
    }
    findings
}

fn past_tool_limit(target: &str, most: usize, count: usize) -> Vec<Finding> {
    (most..count)
        .map(|index| Finding {
            index,
            code: LossCode::RequestLimitExceeded,
            pointer: String::new(),
            message: format!(
                "the request holds {count} tools, and {target} takes {most} in one: this is tool {}. Split the inputs into bundles of {most} tools at most.",
                index + 1
            ),
        })
        .collect()
}

/// How much of one limit of the budget the strict tools so far use.
struct Meter {
    what: &'static str,
    limit: usize,
    used: usize,
}

/// The strict tools the budget cannot hold, in order: each is counted only if it fits.
fn over_budget(to: &dyn Dialect, budget: &StrictBudget, manifests: &[&Value]) -> Vec<Finding> {
    let meter = |what, limit| Meter {
        what,
        limit,
        used: 0,
    };
    let mut meters = [
        meter("strict tools", budget.tools),
        meter("optional parameters", budget.optional_parameters),
        meter("union-typed parameters", budget.union_parameters),
    ];
    let mut findings = Vec::new();
    for (index, manifest) in manifests.iter().enumerate() {
        let places = to.request_places(manifest);
        let strict_at = places.strict.unwrap_or_default();
        if lookup(manifest, &strict_at) != Some(&Value::Bool(true)) {
            continue;
        }
        let arguments = places.arguments.and_then(|at| lookup(manifest, &at));
        let (optional, unions) = arguments.map_or((0, 0), budget_counts);
        let needs = [1, optional, unions];
        let over = meters
            .iter()
            .zip(needs)
            .find(|(meter, need)| meter.used + need > meter.limit);
        let Some((meter, need)) = over else {
            meters
                .iter_mut()
                .zip(needs)
                .for_each(|(meter, need)| meter.used += need);
            continue;
        };
        findings.push(Finding {
            index,
            code: LossCode::StrictOverBudget,
            message: format!(
                "{} takes {} {} in one request; this tool adds {need}, which would make {}",
                budget.mode,
                meter.limit,
                meter.what,
                meter.used + need
            ),
            pointer: strict_at,
        });
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::check;
    use serde_json::{json, Value};
    use toolshift_model::LossCode;

    fn tools(count: usize) -> Vec<Value> {
        (0..count)
            .map(|i| json!({"name": format!("t{i}"), "parameters": {"type": "object"}}))
            .collect()
    }

    #[test]
    fn each_tool_past_the_limit_has_an_entry() {
        for (id, limit) in [("openai", 128), ("gemini", 512)] {
            let dialect = crate::registry::by_id(id).expect("registered");
            let manifests = tools(limit + 2);
            let findings = check(dialect, &manifests.iter().collect::<Vec<_>>());
            let indexes: Vec<usize> = findings.iter().map(|f| f.index).collect();
            assert_eq!(indexes, [limit, limit + 1], "{id}");
            assert!(findings
                .iter()
                .all(|f| f.code == LossCode::RequestLimitExceeded));
            let within = tools(limit);
            assert!(check(dialect, &within.iter().collect::<Vec<_>>()).is_empty());
        }
    }

    #[test]
    fn the_twenty_first_strict_tool_is_over_budget_and_a_later_one_still_fits() {
        let anthropic = crate::registry::by_id("anthropic").expect("registered");
        let strict = |name: String, optional: usize| {
            let properties: serde_json::Map<String, Value> = (0..optional)
                .map(|i| (format!("o{i}"), json!({"type": "string"})))
                .collect();
            json!({"name": name, "strict": true,
                   "input_schema": {"type": "object", "properties": properties}})
        };
        let mut manifests: Vec<Value> = (0..21).map(|i| strict(format!("t{i}"), 0)).collect();
        manifests.insert(1, strict("wide".into(), 25));
        let findings = check(anthropic, &manifests.iter().collect::<Vec<_>>());
        let over: Vec<(usize, &str)> = findings
            .iter()
            .map(|f| (f.index, f.message.split(';').next().unwrap_or("")))
            .collect();
        assert_eq!(
            over,
            [
                (
                    1,
                    "Anthropic strict tool use takes 24 optional parameters in one request"
                ),
                (
                    21,
                    "Anthropic strict tool use takes 20 strict tools in one request"
                ),
            ]
        );
    }
}
