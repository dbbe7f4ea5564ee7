//! The commands of the `toolshift` binary, each from its parsed arguments to its exit
//! code.

use crate::batch::{load_item, named_dialect};
use crate::cli::{Cli, Command};
use crate::{matrix, registry, review, validate, walk};
use std::io::Write;
use std::process::ExitCode;
use toolshift_model::LossCode;

use crate::exit_code::EXIT_ERROR;

/// Runs one command of the `toolshift` binary.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Convert(args) => crate::batch::convert(&args),
        Command::Detect { files } => Ok(detect(&files)),
        Command::Explain { code, from, to } => {
            explain(code.as_deref(), from.as_deref(), to.as_deref())
        }
        Command::Inspect {
            paths,
            from,
            format,
        } => named_dialect(from.as_deref()).map(|from| review::inspect(&paths, from, format)),
        Command::Diff {
            before,
            after,
            from,
            report,
        } => named_dialect(from.as_deref()).map(|from| review::diff(&before, &after, from, report)),
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "toolshift", &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            let page = clap_mangen::Man::new(<Cli as clap::CommandFactory>::command());
            match page.render(&mut std::io::stdout()) {
                // `toolshift man | head` closes the pipe early: not a failure.
                Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(anyhow::Error::from(error))
                }
                _ => Ok(ExitCode::SUCCESS),
            }
        }
        Command::Validate {
            paths,
            dialect,
            official,
        } => named_dialect(dialect.as_deref())
            .map(|dialect| validate::validate(&paths, dialect, official)),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("toolshift: {error:#}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn detect(files: &[std::path::PathBuf]) -> ExitCode {
    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for walk::Found { item, .. } in walk::Walker::new(files) {
        let file = &item.path;
        let loaded = load_item(&item);
        // In a walked folder, a file no dialect claims is passed over, not an error.
        if item.walked {
            if let Ok(loaded) = &loaded {
                if registry::detect_none(&loaded.document) {
                    continue;
                }
            }
        }
        let loaded = match loaded {
            Ok(loaded) => loaded,
            Err(error) => {
                // Unreadable, as `validate` and `convert` show it: at its place in the file.
                failed = true;
                let manifest = validate::manifest_of(&item);
                eprintln!(
                    "{}",
                    validate::unreadable(&manifest.display().to_string(), &manifest, &error)
                );
                continue;
            }
        };
        match registry::detect(&loaded.document) {
            Ok(dialect) => {
                let _ = writeln!(out, "{}\t{}", file.display(), dialect.id());
            }
            Err(error) => {
                failed = true;
                eprintln!("toolshift: {}: {error}", file.display());
            }
        }
    }
    if failed {
        ExitCode::from(EXIT_ERROR)
    } else {
        ExitCode::SUCCESS
    }
}

fn explain(code: Option<&str>, from: Option<&str>, to: Option<&str>) -> anyhow::Result<ExitCode> {
    let text = match (code, from, to) {
        (Some(code), _, _) => matrix::explain_code(code).ok_or_else(|| {
            let codes: Vec<&str> = LossCode::ALL.iter().map(|c| c.code()).collect();
            anyhow::anyhow!(
                "`{code}` is not a loss code; the codes are: {}",
                codes.join(", ")
            )
        })?,
        (None, Some(from), Some(to)) => {
            let from = registry::by_id(from).map_err(anyhow::Error::msg)?;
            let to = registry::by_id(to).map_err(anyhow::Error::msg)?;
            matrix::render_pair(
                from,
                to,
                &matrix::pair(from, to).map_err(anyhow::Error::msg)?,
            )
        }
        _ => matrix::render_all().map_err(anyhow::Error::msg)?,
    };
    print!("{text}");
    Ok(ExitCode::SUCCESS)
}
