//! toolshift: convert AI-agent tool manifests between dialects and report every loss.

mod cli;
mod input;
mod matrix;
mod output;
mod registry;
mod schemas;
mod validate;

use anyhow::{bail, Context};
use clap::Parser;
use cli::{Cli, Command, ConvertArgs, ReportFormat};
use output::{Claims, Destination, Planned};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use toolshift_model::report::{BatchReport, FileReport, Status};
use toolshift_model::{Dialect, Entry, LossCode, OutputLayout, Severity, Source, WriteOptions};

/// Exit codes are part of the contract.
const EXIT_DENIED: u8 = 1;
const EXIT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert(args) => convert(&args),
        Command::Detect { files } => Ok(detect(&files)),
        Command::Explain { code, from, to } => {
            explain(code.as_deref(), from.as_deref(), to.as_deref())
        }
        Command::Validate {
            paths,
            dialect,
            official,
        } => dialect
            .as_deref()
            .map(registry::by_id)
            .transpose()
            .map_err(anyhow::Error::msg)
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
    for file in files {
        match input::load(file).and_then(|loaded| registry::detect(&loaded.document)) {
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
            if from.id() == to.id() {
                bail!("explain lists pairs of two dialects; a conversion within {} reports only what its own schema cannot hold (docs/properties.md, identity)", from.id());
            }
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

/// What `--deny` matches: a whole severity, or one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DenyRule {
    Severity(Severity),
    Code(LossCode),
}

impl DenyRule {
    fn parse(text: &str) -> anyhow::Result<Self> {
        if let Some(severity) = Severity::parse(text) {
            return Ok(DenyRule::Severity(severity));
        }
        match LossCode::parse(text) {
            Some(code) => Ok(DenyRule::Code(code)),
            None => bail!("--deny {text}: not a severity (lost, changed, defaulted) or a loss code (see docs/losses.md)"),
        }
    }

    fn matches(self, entry: &Entry) -> bool {
        match self {
            DenyRule::Severity(severity) => entry.severity == severity,
            DenyRule::Code(code) => entry.code == code,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            DenyRule::Severity(severity) => severity.as_str(),
            DenyRule::Code(code) => code.code(),
        }
    }
}

struct Job<'a> {
    args: &'a ConvertArgs,
    from: Option<&'static dyn Dialect>,
    to: &'static dyn Dialect,
    deny: Vec<DenyRule>,
    options: WriteOptions,
    destination: Destination,
    claims: Claims,
    schemas: schemas::SchemaCheck,
}

fn convert(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let to = registry::by_id(&args.to).map_err(anyhow::Error::msg)?;
    let from = args
        .from
        .as_deref()
        .map(registry::by_id)
        .transpose()
        .map_err(anyhow::Error::msg)?;
    let deny = args
        .deny
        .iter()
        .map(|text| DenyRule::parse(text))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if args
        .inputs
        .iter()
        .filter(|input| input.as_os_str() == "-")
        .count()
        > 1
    {
        bail!("standard input (`-`) can be read only once");
    }
    let destination = destination(args, to)?;
    let mut claims = Claims::default();
    for input in &args.inputs {
        claims.add_input(input);
        if input.is_dir() {
            for entry in std::fs::read_dir(input).into_iter().flatten().flatten() {
                claims.add_input(&entry.path());
            }
        }
    }
    let mut job = Job {
        args,
        from,
        to,
        deny,
        options: WriteOptions {
            toolkit: args.toolkit.clone(),
            toolkit_version: args.toolkit_version.clone(),
            provider: args.provider.clone(),
            oauth2_url: args.oauth2_url.clone(),
            keep_secrets: args.keep_secrets,
            scaffold: args.scaffold,
            official: args.official,
        },
        destination,
        claims,
        schemas: schemas::SchemaCheck::default(),
    };
    let mut report = BatchReport::default();
    for input in &args.inputs {
        report.push(job.convert_one(input));
    }
    emit_report(args, &report)?;
    let summary = &report.summary;
    Ok(if summary.failed > 0 {
        ExitCode::from(EXIT_ERROR)
    } else if summary.denied > 0 {
        ExitCode::from(EXIT_DENIED)
    } else {
        ExitCode::SUCCESS
    })
}

fn destination(args: &ConvertArgs, to: &dyn Dialect) -> anyhow::Result<Destination> {
    let several = args.inputs.len() > 1;
    Ok(match &args.output {
        None if to.layout() == OutputLayout::Folder => {
            bail!("{} writes a folder per tool: pass -o DIR", to.id())
        }
        None if several => bail!("converting several inputs needs -o DIR"),
        None if args.scaffold => bail!("--scaffold writes a second file: pass -o DIR"),
        None => Destination::Stdout,
        Some(path) if path.is_dir() => Destination::Folder(path.clone()),
        // --scaffold adds a second file, so the output is a folder too.
        Some(path) if several || args.scaffold || to.layout() == OutputLayout::Folder => {
            if path.exists() {
                bail!(
                    "{}: not a folder, and this conversion writes a folder",
                    path.display()
                );
            }
            std::fs::create_dir_all(path)
                .with_context(|| format!("{}: cannot create folder", path.display()))?;
            Destination::Folder(path.clone())
        }
        Some(path) => Destination::File(path.clone()),
    })
}

impl Job<'_> {
    fn convert_one(&mut self, input: &Path) -> FileReport {
        let mut report = FileReport {
            input: input.display().to_string(),
            from: self.from.map(|d| d.id().to_owned()),
            to: self.to.id().to_owned(),
            outputs: Vec::new(),
            status: Status::Failed,
            error: None,
            entries: Vec::new(),
        };
        if let Err(error) = self.try_convert(input, &mut report) {
            report.status = Status::Failed;
            report.error = Some(error);
        }
        report
    }

    fn try_convert(&mut self, input: &Path, report: &mut FileReport) -> Result<(), String> {
        let loaded = input::load(input)?;
        let from = match self.from {
            Some(from) => from,
            None => registry::detect(&loaded.document)?,
        };
        report.from = Some(from.id().to_owned());
        let source = Source {
            display: &loaded.display,
            dir: loaded.dir.as_deref(),
            document: &loaded.document,
        };
        let conversion = toolshift_model::convert(from, self.to, &source, &self.options)
            .map_err(|e| e.to_string())?;
        for file in &conversion.files {
            if let toolshift_model::OutputContent::Manifest(document) = &file.content {
                let mut violations =
                    self.schemas
                        .violations(self.to, schemas::Reading::Applied, document)?;
                if self.options.official {
                    violations.extend(self.schemas.violations(
                        self.to,
                        schemas::Reading::Official,
                        document,
                    )?);
                }
                if !violations.is_empty() {
                    let listed: Vec<String> = violations
                        .iter()
                        .map(|v| format!("{}: {}", v.pointer, v.message))
                        .collect();
                    return Err(format!(
                        "toolshift produced a {} document that fails its schema, so nothing was written (please report this): {}",
                        self.to.id(),
                        listed.join("; ")
                    ));
                }
            }
        }
        report.entries = conversion.entries;
        if let Some(rule) = self
            .deny
            .iter()
            .find(|rule| report.entries.iter().any(|entry| rule.matches(entry)))
        {
            report.status = Status::Denied;
            report.error = Some(format!("an entry matched --deny {}", rule.describe()));
            return Ok(());
        }
        let mut planned = Vec::new();
        for file in &conversion.files {
            let (relative, bytes) =
                output::render(file, self.args.format, self.to.manifest_syntax())?;
            let path = match &self.destination {
                Destination::Stdout => None,
                Destination::File(path) => Some(path.clone()),
                Destination::Folder(folder) => Some(output::inside(folder, &relative)?),
            };
            planned.push((path, bytes, file.create_only));
        }
        match &self.destination {
            Destination::Stdout => {
                let stdout = std::io::stdout();
                let mut out = stdout.lock();
                for (_, bytes, _) in &planned {
                    out.write_all(bytes)
                        .and_then(|()| out.flush())
                        .map_err(|e| format!("cannot write standard output: {e}"))?;
                }
                report.outputs.push("-".to_owned());
            }
            Destination::File(_) | Destination::Folder(_) => {
                let files: Vec<Planned> = planned
                    .into_iter()
                    .filter_map(|(path, bytes, create_only)| {
                        path.map(|path| Planned {
                            path,
                            bytes,
                            create_only,
                        })
                    })
                    .collect();
                if matches!(self.destination, Destination::File(_)) && files.len() > 1 {
                    return Err(format!(
                        "{} writes several files: pass -o DIR",
                        self.to.id()
                    ));
                }
                for file in &files {
                    self.claims.check(&file.path)?;
                }
                output::write_all(&files)?;
                for file in &files {
                    self.claims.claim(&file.path);
                    report.outputs.push(file.path.display().to_string());
                }
            }
        }
        report.status = Status::Converted;
        Ok(())
    }
}

fn emit_report(args: &ConvertArgs, report: &BatchReport) -> anyhow::Result<()> {
    // A failure must reach the terminal even when the report goes elsewhere, or a
    // batch that exits 2 would say nothing.
    let errors_to_stderr = || {
        for file in &report.files {
            if let (Status::Failed, Some(error)) = (file.status, &file.error) {
                eprintln!("{}: error: {error}", file.input);
            }
        }
    };
    let text = match args.report {
        ReportFormat::Text => report.to_text(),
        ReportFormat::Json => report.to_json(),
        ReportFormat::None => {
            errors_to_stderr();
            return Ok(());
        }
    };
    if args.report_file.is_some() {
        errors_to_stderr();
    }
    match &args.report_file {
        Some(path) => output::write_all(&[Planned {
            path: path.clone(),
            bytes: text.into_bytes(),
            create_only: false,
        }])
        .map_err(anyhow::Error::msg),
        None => {
            let _ = std::io::stderr().write_all(text.as_bytes());
            Ok(())
        }
    }
}
