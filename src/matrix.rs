//! The loss matrix: for each directed pair, which codes can fire and on which fields.
//!
//! It is generated from the code, not written by hand: each dialect reads the probe
//! documents in `src/probes/` (together they exercise every model field), each other
//! dialect writes the result, with and without `--scaffold`, and every loss is
//! recorded with the field it names. `docs/matrix.md` is this output; a test fails
//! when it is stale.

use crate::registry::DIALECTS;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use toolshift_model::{Dialect, DialectError, LossCode, Source, WriteOptions};
use toolshift_syntax::syntax;

struct Probe {
    dialect: &'static str,
    name: &'static str,
    text: &'static str,
    /// Read as if the implementation file it names were beside it (`handler.js`,
    /// `<code>.py`), so the rules about carrying implementations fire too.
    companions: bool,
}

const PROBES: &[Probe] = &[
    Probe {
        dialect: "arcade-v1",
        name: "arcade-v1-full.json",
        text: include_str!("probes/arcade-v1-full.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade-v1",
        name: "arcade-v1-plain.json",
        text: include_str!("probes/arcade-v1-plain.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade-v1",
        name: "arcade-v1-token.json",
        text: include_str!("probes/arcade-v1-token.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade-v2",
        name: "arcade-v2-full.json",
        text: include_str!("probes/arcade-v2-full.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade-v2",
        name: "arcade-v2-bare.json",
        text: include_str!("probes/arcade-v2-bare.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade-v2",
        name: "arcade-v2-authority.json",
        text: include_str!("probes/arcade-v2-authority.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade-v2",
        name: "arcade-v2-modes-only.json",
        text: include_str!("probes/arcade-v2-modes-only.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade",
        name: "arcade-full.json",
        text: include_str!("probes/arcade-full.json"),
        companions: false,
    },
    Probe {
        dialect: "arcade",
        name: "arcade-generic.json",
        text: include_str!("probes/arcade-generic.json"),
        companions: false,
    },
    Probe {
        dialect: "taskweaver",
        name: "taskweaver-full.yaml",
        text: include_str!("probes/taskweaver-full.yaml"),
        companions: true,
    },
    Probe {
        dialect: "anythingllm",
        name: "anythingllm-full.json",
        text: include_str!("probes/anythingllm-full.json"),
        companions: true,
    },
    Probe {
        dialect: "anythingllm",
        name: "anythingllm-bare.json",
        text: include_str!("probes/anythingllm-bare.json"),
        companions: false,
    },
    Probe {
        dialect: "mcp",
        name: "mcp-full.json",
        text: include_str!("probes/mcp-full.json"),
        companions: false,
    },
    Probe {
        dialect: "mcp",
        name: "mcp-plain.json",
        text: include_str!("probes/mcp-plain.json"),
        companions: false,
    },
    Probe {
        dialect: "openai",
        name: "openai-strict.json",
        text: include_str!("probes/openai-strict.json"),
        companions: false,
    },
    Probe {
        dialect: "openai",
        name: "openai-loose.json",
        text: include_str!("probes/openai-loose.json"),
        companions: false,
    },
    Probe {
        dialect: "anthropic",
        name: "anthropic-full.json",
        text: include_str!("probes/anthropic-full.json"),
        companions: false,
    },
    Probe {
        dialect: "gemini",
        name: "gemini-full.json",
        text: include_str!("probes/gemini-full.json"),
        companions: false,
    },
];

/// The text of the first probe document of a dialect, which uses every field it has:
/// what the micro-benchmarks read and write.
pub fn probe_text(dialect: &str) -> Option<&'static str> {
    PROBES
        .iter()
        .find(|probe| probe.dialect == dialect)
        .map(|probe| probe.text)
}

/// What one directed pair can report.
#[derive(Debug, Default)]
pub struct PairTable {
    codes: BTreeMap<LossCode, BTreeSet<&'static str>>,
    refusals: BTreeSet<String>,
}

pub fn pair(from: &dyn Dialect, to: &dyn Dialect) -> Result<PairTable, String> {
    let mut table = PairTable::default();
    for probe in PROBES.iter().filter(|p| p.dialect == from.id()) {
        let (document, _) =
            syntax::parse(probe.text).map_err(|e| format!("probe {}: {e}", probe.name))?;
        // A probe sits in a folder named after it, which no file is read from.
        let folder = Path::new(probe.name.split('.').next().unwrap_or(probe.name));
        let source = Source::new(
            probe.name,
            Some(folder),
            &document,
            &toolshift_model::NoFiles,
        );
        let imported = from
            .read(&source)
            .map_err(|e| format!("probe {}: {e}", probe.name))?;
        let mut tool = imported.tool;
        if probe.companions {
            if let Some(implementation) = tool.implementation.as_mut() {
                implementation.present = Some(true);
                implementation.content = Some(String::new());
            }
        }
        tool.origin = Some(from.id().to_owned());
        let runs = [
            (false, false, false),
            (true, false, false),
            (false, true, false),
            (false, false, true),
        ];
        for (scaffold, official, strict) in runs {
            let options = WriteOptions {
                scaffold,
                official,
                strict,
                ..WriteOptions::default()
            };
            match to.write(&tool, &options) {
                Ok(written) => {
                    for loss in imported.losses.iter().chain(&written.losses) {
                        table
                            .codes
                            .entry(loss.code)
                            .or_default()
                            .insert(loss.field.label());
                    }
                }
                Err(DialectError::Inexpressible { reason, .. }) => {
                    table.refusals.insert(reason);
                }
                Err(other) => return Err(format!("probe {} to {}: {other}", probe.name, to.id())),
            }
        }
    }
    Ok(table)
}

pub fn render_pair(from: &dyn Dialect, to: &dyn Dialect, table: &PairTable) -> String {
    let mut out = format!("## {} → {}\n\n", from.id(), to.id());
    if table.codes.is_empty() {
        out.push_str("No loss codes.\n");
    } else {
        out.push_str("| code | severity | fields |\n|---|---|---|\n");
        for (code, fields) in &table.codes {
            let fields: Vec<&str> = fields.iter().copied().collect();
            let _ = writeln!(
                out,
                "| `{}` | {} | {} |",
                code.code(),
                code.severity().as_str(),
                fields.join(", ")
            );
        }
    }
    for reason in &table.refusals {
        let _ = writeln!(out, "\nRefused (exit 2) when: {reason}.");
    }
    out
}

/// The whole of `docs/matrix.md`.
pub fn render_all() -> Result<String, String> {
    let mut out = String::from(
        "# Loss matrix\n\n\
         For each directed pair of dialects: every loss code a conversion can report, the\n\
         fields it reports it on, and when the conversion is refused instead. Codes are\n\
         explained in [losses.md](losses.md).\n\n\
         This file is generated from the code: `toolshift explain` runs each dialect's reader\n\
         on the probe documents in `src/probes/` (together they use every field of the\n\
         canonical model) and each other dialect's writer on the result, plainly, with\n\
         `--scaffold`, with `--official` and with `--strict`, and records every loss. Each probe sits in a folder named after it, and\n\
         the fullest ones are read as if their implementation file were beside them.\n\
         `tests/docs.rs` fails when this file is stale;\n\
         regenerate it with `TOOLSHIFT_BLESS=1 cargo test --test docs`.\n",
    );
    for from in DIALECTS {
        for to in DIALECTS.iter().filter(|to| to.id() != from.id()) {
            out.push('\n');
            out.push_str(&render_pair(*from, *to, &pair(*from, *to)?));
        }
    }
    out.push_str(
        "\n## Within one dialect\n\n\
         A conversion within one dialect reproduces its input with an empty report\n\
         (docs/properties.md, identity). These codes fire only for inputs that break the\n\
         dialect's own schema or loader, and for credentials without `--keep-secrets`.\n",
    );
    for dialect in DIALECTS {
        out.push('\n');
        out.push_str(&format!(
            "#{}",
            render_pair(*dialect, *dialect, &pair(*dialect, *dialect)?)
        ));
    }
    out.push_str(&render_request_checks());
    Ok(out)
}

/// The codes `--bundle` adds when it checks one request, per target with a list
/// document, from each target's `Dialect::request_limits`.
fn render_request_checks() -> String {
    let mut out = String::from(
        "\n## One request (`--bundle`)\n\n\
         A bundle is checked as one request of its target, after every conversion.\n\n\
         | code | severity | target | when |\n|---|---|---|---|\n",
    );
    let row = |out: &mut String, code: LossCode, target: &str, when: String| {
        let severity = code.severity().as_str();
        let _ = writeln!(
            out,
            "| `{}` | {severity} | {target} | {when} |",
            code.code()
        );
    };
    for to in DIALECTS.iter().filter(|to| to.bundle(Vec::new()).is_some()) {
        let limits = to.request_limits();
        let mut when = vec!["two tools of one name".to_owned()];
        if let Some(most) = limits.and_then(|limits| limits.tools) {
            when.push(format!("more than {most} tools"));
        }
        row(
            &mut out,
            LossCode::RequestLimitExceeded,
            to.id(),
            when.join("; "),
        );
        if let Some(budget) = limits.and_then(|limits| limits.strict) {
            let when = format!(
                "with `--strict`, more than {} strict tools, {} optional or {} union-typed parameters",
                budget.tools, budget.optional_parameters, budget.union_parameters
            );
            row(&mut out, LossCode::StrictOverBudget, to.id(), when);
        }
    }
    out
}

const LOSSES: &str = include_str!("../docs/losses.md");

/// The section of `docs/losses.md` that documents `code`.
pub fn explain_code(code: &str) -> Option<String> {
    LossCode::parse(code)?;
    let heading = format!("## `{code}`\n");
    let start = LOSSES.find(&heading)?;
    let rest = LOSSES.get(start..)?;
    let end = rest
        .get(1..)
        .and_then(|r| r.find("\n## "))
        .map_or(rest.len(), |i| i + 1);
    Some(rest.get(..end)?.trim_end().to_owned() + "\n")
}
