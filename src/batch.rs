//! The batch engine: `toolshift convert` over files and folders, in parallel, with
//! outputs staged and published whole, and the report written as each file is done.

use crate::batch_report::{BatchReport, FileReport, Status};
use crate::cli::ConvertArgs;
use crate::exit_code::{EXIT_DENIED, EXIT_ERROR, EXIT_INTERRUPTED};
use crate::output::{self, Claims, Destination, Planned};
use crate::{
    chunks, cli, collisions, input, interrupt, progress, registry, report, request, schemas, walk,
};
use anyhow::{bail, Context};
use rayon::prelude::*;
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use toolshift_model::{
    Detail, Dialect, Entry, LossCode, OutputLayout, Severity, Source, WriteOptions,
};

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

/// What every conversion of one run shares; read-only, so items convert in parallel.
struct Job<'a> {
    args: &'a ConvertArgs,
    from: Option<&'static dyn Dialect>,
    to: &'static dyn Dialect,
    deny: Vec<DenyRule>,
    options: WriteOptions,
    destination: Destination,
    claims: Claims,
    known_folders: output::KnownFolders,
    /// Whether each file's text report is rendered where the file was converted, and
    /// styled or not (`report::Sink::text_style`).
    report_text_style: Option<bool>,
    /// The input of a one-item run, as it was read before the run (`convert`), until
    /// its conversion takes it.
    preloaded: Option<std::sync::Mutex<Preloaded>>,
}

/// An input read before the run, by its path as named.
type Preloaded = Option<(PathBuf, Result<input::LoadedInput, String>)>;

/// Items converted and written together; a large batch holds no more than this many
/// outputs in memory at once. `TOOLSHIFT_CHUNK` overrides it (docs/performance.md).
const CHUNK: usize = 1024;

/// A converted part, until it is recorded in the report.
#[derive(Default)]
struct Converted {
    prepared: Vec<Prepared>,
    /// The walked files no dialect claims, by their paths.
    not_manifests: Vec<String>,
}

/// Records a converted part in the report, in order, and gives the walk back the files
/// its conversions read beside their manifests.
fn record_part(
    part: Converted,
    report: &mut BatchReport,
    sink: &mut report::Sink,
    skipped: &mut Vec<String>,
    walker: &mut walk::Walker<'_>,
) -> anyhow::Result<()> {
    let mut companions = Vec::new();
    for prepared in part.prepared {
        report.record(&prepared.report);
        sink.file(&prepared.report, prepared.rendered_report)?;
        companions.extend(prepared.companions);
    }
    skipped.extend(part.not_manifests);
    // The walk listed these before or beside their items; they were read.
    walker.read_with(&companions);
    Ok(())
}

fn chunk_size() -> usize {
    std::env::var("TOOLSHIFT_CHUNK")
        .ok()
        .and_then(|text| text.parse::<usize>().ok())
        .filter(|size| *size > 0)
        .unwrap_or(CHUNK)
}

/// What the plan of a large batch decided for one item.
#[derive(Debug, Clone)]
enum Decision {
    /// Another item has a tool of the same name: put the toolkit in front.
    Qualify,
    /// Another item would write the same file: write neither.
    Collides(String),
}

/// One item converted and rendered, not yet written.
struct Prepared {
    report: FileReport,
    files: Vec<Planned>,
    /// For `-o FILE` and standard output: the bytes to write there.
    stdout: Vec<u8>,
    /// With `--bundle`: each tool's manifest, with its entries and its name's place.
    bundled: Vec<Bundled>,
    /// The folder other items' outputs may share; folders below it are this item's own.
    base: PathBuf,
    /// The files beside the input that its conversion read (a TaskWeaver plugin's
    /// `.py`): part of this item, so the walk does not list them as skipped.
    companions: Vec<PathBuf>,
    /// Its text report, rendered once it was written (`Job::report_text_style`).
    rendered_report: Option<String>,
}

/// One tool's manifest on its way into a bundle.
#[derive(Debug)]
struct Bundled {
    manifest: serde_json::Value,
    /// Its entries in its file's report.
    entries: std::ops::Range<usize>,
    /// Where its name is in the input, for the entries of the request's checks.
    name_source: String,
    name_at: Option<toolshift_syntax::position::Position>,
}

/// The dialect a `--from` or `--dialect` option names, if it names one.
pub(crate) fn named_dialect(id: Option<&str>) -> anyhow::Result<Option<&'static dyn Dialect>> {
    id.map(registry::by_id)
        .transpose()
        .map_err(anyhow::Error::msg)
}

/// `toolshift convert`, in its steps: check the arguments, plan where the outputs go,
/// run the pipeline over the inputs, and give the exit code.
pub(crate) fn convert(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let checked = check_arguments(args)?;
    // Resolved once, and only where an output is checked against them: a conversion
    // to standard output asks the system nothing about its inputs' paths.
    let resolved_inputs = OnceCell::new();
    let plan = plan_outputs(args, checked, &resolved_inputs)?;
    interrupt::install();
    // Made before the job, which renders text reports as the sink would; after the
    // interrupt handler, so that an interrupt never leaves its temporary file.
    let mut sink = report::Sink::new(args)?;
    // Inputs probed above, for one item or when resolved, need not be asked again.
    let known_not_folders = if plan.one_item {
        vec![true]
    } else {
        resolved_inputs
            .get()
            .map(|all| {
                all.iter()
                    .map(|input| input.as_ref().is_some_and(|input| !input.folder_itself))
                    .collect()
            })
            .unwrap_or_default()
    };
    let bundle = plan.bundle.clone();
    let job = plan.into_job(args, sink.text_style());
    let report = run_pipeline(&job, bundle.as_ref(), &mut sink, known_not_folders)?;
    let unwritten = sink.unwritten();
    if let Some(path) = &args.name_map {
        write_name_map(path, &report)?;
    }
    sink.finish(&report)?;
    Ok(exit_code(&report, unwritten))
}

/// `--name-map`: every converted tool's written name and the one it had, in the order
/// of the written names, as a JSON list. Written whole or not at all.
fn write_name_map(path: &Path, report: &BatchReport) -> anyhow::Result<()> {
    let mut names = report.names.clone();
    names.sort_by(|a, b| (&a.written, &a.input).cmp(&(&b.written, &b.input)));
    let mut text = serde_json::to_string_pretty(&names)?;
    text.push('\n');
    let temporary = path.with_extension("json.partial");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .with_context(|| format!("cannot write the name map {}", path.display()))
}

/// What the arguments name, once checked against each other.
struct Checked {
    to: &'static dyn Dialect,
    from: Option<&'static dyn Dialect>,
    deny: Vec<DenyRule>,
}

fn check_arguments(args: &ConvertArgs) -> anyhow::Result<Checked> {
    let to = registry::by_id(&args.to).map_err(anyhow::Error::msg)?;
    let from = named_dialect(args.from.as_deref())?;
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
    if args.report == cli::ReportFormat::Html && args.report_file.is_none() {
        bail!("--report html writes a page: pass --report-file review.html");
    }
    if args.strict && to.strict_rules().is_none() {
        let strict: Vec<String> = crate::registry::DIALECTS
            .iter()
            .filter(|dialect| dialect.strict_rules().is_some())
            .map(|dialect| format!("--to {}", dialect.id()))
            .collect();
        bail!(
            "--strict asks for a provider's strict mode; it needs {}",
            strict.join(" or ")
        );
    }
    if args.responses && to.id() != "openai" {
        bail!("--responses shapes OpenAI function tools; it needs --to openai");
    }
    if args.json_schema && to.id() != "gemini" {
        bail!("--json-schema shapes Gemini function declarations; it needs --to gemini");
    }
    Ok(Checked { to, from, deny })
}

/// Where a run's outputs go, decided before anything is converted.
struct OutputPlan {
    checked: Checked,
    /// The run is one item (a file, a skill folder, standard input).
    one_item: bool,
    preloaded: Preloaded,
    /// `--bundle`'s document: a file, or standard output (`None`).
    bundle: Option<Option<PathBuf>>,
    destination: Destination,
    claims: Claims,
    known_folders: output::KnownFolders,
}

type ResolvedInputs = OnceCell<Vec<Option<output::ResolvedInput>>>;

fn plan_outputs(
    args: &ConvertArgs,
    checked: Checked,
    resolved_inputs: &ResolvedInputs,
) -> anyhow::Result<OutputPlan> {
    let (one_item, preloaded) = preload_one_item(args);
    let batch = match args.inputs.as_slice() {
        [_] => {
            !one_item
                || preloaded
                    .as_ref()
                    .is_some_and(|(_, loaded)| holds_several(loaded, checked.from))
        }
        inputs => !inputs.is_empty(),
    };
    let resolved = || {
        resolved_inputs
            .get_or_init(|| output::resolve_inputs(&args.inputs))
            .as_slice()
    };
    if let Some(output) = &args.output {
        output::refuse_inside_inputs(output, &args.inputs, resolved())
            .map_err(anyhow::Error::msg)?;
    }
    let bundle = if args.bundle {
        Some(bundle_target(args, checked.to)?)
    } else {
        None
    };
    let destination = match &bundle {
        // Tools of one name must still differ in a bundle: each is placed in a folder
        // that is never written, where the usual collision checks see them.
        Some(target) => Destination::Folder(PathBuf::from(format!(
            "{}.d",
            target
                .as_deref()
                .map_or("-".into(), |p| p.display().to_string())
        ))),
        None => destination(args, checked.to, batch)?,
    };
    let claims = Claims::new(&destination, &args.inputs, resolved);
    let known_folders = output::KnownFolders::default();
    if let (Destination::Folder(folder), None) = (&destination, &bundle) {
        known_folders.found_output_folder(folder);
    }
    Ok(OutputPlan {
        checked,
        one_item,
        preloaded,
        bundle,
        destination,
        claims,
        known_folders,
    })
}

/// Whether the run is one item and, unless that is standard input, the item read once
/// already: whether it holds several tools decides where its outputs go, and a named
/// pipe (`<(…)`) cannot be read again. Standard input is read by the conversion.
fn preload_one_item(args: &ConvertArgs) -> (bool, Preloaded) {
    let single_item = match args.inputs.as_slice() {
        [one] if !walk::is_folder(one) => Some(one),
        _ => None,
    };
    if single_item.is_some() {
        // One item is converted on one thread: starting workers would only make it
        // wait for them. Building fails only where a pool is already running, and that
        // pool does the same work.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build_global();
    }
    let preloaded = single_item
        .filter(|one| one.as_os_str() != "-")
        .map(|one| (one.clone(), input::load(one)));
    (single_item.is_some(), preloaded)
}

impl OutputPlan {
    fn into_job(self, args: &ConvertArgs, report_text_style: Option<bool>) -> Job<'_> {
        Job {
            args,
            from: self.checked.from,
            to: self.checked.to,
            deny: self.checked.deny,
            options: WriteOptions {
                toolkit: args.toolkit.clone(),
                toolkit_version: args.toolkit_version.clone(),
                provider: args.provider.clone(),
                oauth2_url: args.oauth2_url.clone(),
                keep_secrets: args.keep_secrets,
                scaffold: args.scaffold,
                official: args.official,
                qualify_by_toolkit: false,
                strict: args.strict,
                responses: args.responses,
                json_schema: args.json_schema,
            },
            destination: self.destination,
            claims: self.claims,
            known_folders: self.known_folders,
            report_text_style,
            preloaded: self
                .preloaded
                .map(|preloaded| std::sync::Mutex::new(Some(preloaded))),
        }
    }
}

/// What the pipeline has converted and not yet recorded, and what it has recorded.
#[derive(Default)]
struct Recording {
    report: BatchReport,
    /// Walked files no dialect claims.
    skipped: Vec<String>,
    unrecorded: Converted,
}

/// What every chunk of one run is converted with.
struct Stage<'j> {
    job: &'j Job<'j>,
    bundle: Option<&'j Option<PathBuf>>,
    schemas: &'j schemas::SchemaCheck,
    progress: &'j indicatif::ProgressBar,
    chunk_size: usize,
}

/// Walks the inputs, converts them chunk by chunk, and records each file's report as it
/// is done; the batch report, once every item is recorded or Ctrl-C stopped the run.
fn run_pipeline(
    job: &Job<'_>,
    bundle: Option<&Option<PathBuf>>,
    sink: &mut report::Sink,
    known_not_folders: Vec<bool>,
) -> anyhow::Result<BatchReport> {
    let args = job.args;
    let progress = progress::bar(args, || walk::count(&args.inputs));
    // A bundle is one document, held whole.
    let chunk_size = if bundle.is_some() {
        usize::MAX
    } else {
        chunk_size()
    };
    let mut recording = Recording::default();
    let schemas = schemas::SchemaCheck::default();
    let mut walker = walk::Walker::knowing(&args.inputs, known_not_folders);
    let mut chunks = chunks::Chunks::new(walker.by_ref(), chunk_size);
    // The output schema is compiled on a worker while this thread finds the first
    // chunk; otherwise every worker would wait for it at its first check.
    let mut next_chunk = None;
    rayon::in_place_scope(|scope| {
        scope.spawn(|_| schemas.compile_ahead(job.to, args.official));
        next_chunk = chunks.next();
    });
    let stage = Stage {
        job,
        bundle,
        schemas: &schemas,
        progress: &progress,
        chunk_size,
    };
    while let Some(chunk) = next_chunk.take() {
        let go_on =
            stage.convert_chunk(&chunk, &mut chunks, &mut next_chunk, &mut recording, sink)?;
        if !go_on {
            break;
        }
    }
    let Recording {
        mut report,
        mut skipped,
        unrecorded,
    } = recording;
    record_part(unrecorded, &mut report, sink, &mut skipped, &mut walker)?;
    progress.finish_and_clear();
    for entry in &walker.skipped {
        report.skip(entry.path.display().to_string(), entry.reason.clone());
    }
    for path in skipped {
        report.skip(path, "not a manifest of any known dialect".to_owned());
    }
    Ok(report)
}

impl Stage<'_> {
    /// Converts one chunk a part at a time, and at its last part finds the next chunk
    /// (`next_chunk`); false once Ctrl-C stopped the run.
    fn convert_chunk<'w>(
        &self,
        chunk: &chunks::Chunk,
        chunks: &mut chunks::Chunks<&mut walk::Walker<'w>>,
        next_chunk: &mut Option<chunks::Chunk>,
        recording: &mut Recording,
        sink: &mut report::Sink,
    ) -> anyhow::Result<bool> {
        let decisions = if chunk.planned {
            self.job.plan(&chunk.items)
        } else {
            BTreeMap::new()
        };
        // A planned chunk is converted a part at a time; its plan found its collisions.
        let part_size = if chunk.planned {
            self.chunk_size
        } else {
            chunk.items.len().max(1)
        };
        let parts = chunk.items.len().div_ceil(part_size).max(1);
        for (part_index, part) in chunk.items.chunks(part_size).enumerate() {
            let offset = part_index.saturating_mul(part_size);
            // A planned chunk's plan found its collisions: each item is a run of its own.
            let runs: Vec<&[walk::Item]> = if chunk.planned {
                part.chunks(1).collect()
            } else {
                chunk.by_run()
            };
            let convert_part = || -> Vec<Option<Prepared>> {
                let decided = |index: usize| decisions.get(&(offset + index));
                let write = self.bundle.is_none();
                let (schemas, progress) = (self.schemas, self.progress);
                self.job
                    .convert_runs(&runs, schemas, chunk.planned, decided, write, progress)
            };
            // While the workers convert this part, this thread records the one before
            // (its reports are written one part late, so that no worker waits for
            // them) and, at the last part of a chunk, walks on to the next chunk, so
            // that listing folders leaves no core idle. What the walk passes over is
            // listed as skipped now; an interrupt takes that back below. The walk stays
            // on this thread, whose allocations then hold only what the walk keeps,
            // not the workers' short-lived ones.
            let mut prepared = Vec::new();
            let mut recorded = Ok(());
            let mut skipped_before_walk = 0;
            rayon::in_place_scope(|scope| {
                scope.spawn(|_| prepared = convert_part());
                let before = std::mem::take(&mut recording.unrecorded);
                let (report, skipped) = (&mut recording.report, &mut recording.skipped);
                recorded = record_part(before, report, sink, skipped, chunks.source());
                skipped_before_walk = chunks.source().skipped.len();
                if part_index + 1 == parts {
                    *next_chunk = chunks.next();
                }
            });
            recorded?;
            if let Some(target) = self.bundle {
                self.job.write_bundle(&mut prepared, target.as_deref());
            }
            recording.unrecorded.take(part, prepared);
            // Ctrl-C: what is done is reported; the rest is neither converted nor listed.
            if interrupt::requested() {
                chunks.source().skipped.truncate(skipped_before_walk);
                return Ok(false);
            }
        }
        Ok(true)
    }
}

impl Converted {
    /// Takes a part's conversions, each item's or the note that it is no manifest.
    fn take(&mut self, part: &[walk::Item], prepared: Vec<Option<Prepared>>) {
        for (item, prepared) in part.iter().zip(prepared) {
            match prepared {
                Some(prepared) => self.prepared.push(prepared),
                None => self.not_manifests.push(item.path.display().to_string()),
            }
        }
    }
}

/// The run's exit code: interrupted, failed, denied or converted, in that order.
fn exit_code(report: &BatchReport, unwritten: usize) -> ExitCode {
    if interrupt::requested() {
        let not_written = match unwritten {
            0 => String::new(),
            1 => "1 converted file was not written, and ".to_owned(),
            count => format!("{count} converted files were not written, and "),
        };
        eprintln!("toolshift: interrupted; {not_written}what was not written is not there, whole or in part");
        return ExitCode::from(EXIT_INTERRUPTED);
    }
    let summary = &report.summary;
    if summary.failed > 0 {
        ExitCode::from(EXIT_ERROR)
    } else if summary.denied > 0 {
        ExitCode::from(EXIT_DENIED)
    } else {
        ExitCode::SUCCESS
    }
}

/// An item's input, read as the walk found it; `convert`, `validate` and `detect` all
/// read their items here.
pub(crate) fn load_item(item: &walk::Item) -> Result<input::LoadedInput, String> {
    if item.skill_folder {
        input::load_skill_folder(&item.path, item.folder)
    } else if item.walked {
        input::load_walked(&item.path, item.folder)
    } else {
        input::load(&item.path)
    }
}

/// Whether one input is a list document (an MCP `tools/list` result, an OpenAI `tools`
/// array), whose tools are written one file each, like a batch.
fn holds_several(
    loaded: &Result<input::LoadedInput, String>,
    from: Option<&'static dyn Dialect>,
) -> bool {
    let Ok(loaded) = loaded else {
        return false;
    };
    let dialect = from.or_else(|| registry::detect(&loaded.document).ok());
    dialect
        .and_then(|dialect| dialect.tools_in(&loaded.document))
        .is_some()
}

/// Each entry's line and column in the input, and each bundled tool's name's, which the
/// request's checks point at; and the lines they are on, for the text report's snippets.
fn place_entries(
    report: &mut FileReport,
    bundled: &mut [Bundled],
    loaded: &input::LoadedInput,
    secrets: &[String],
) {
    if report.entries.is_empty() && bundled.is_empty() {
        return;
    }
    let wanted: std::collections::BTreeSet<&str> = report
        .entries
        .iter()
        .map(|entry| entry.source.as_str())
        .chain(bundled.iter().map(|tool| tool.name_source.as_str()))
        .collect();
    let positions = toolshift_syntax::position::positions_of(&loaded.text, loaded.syntax, &wanted);
    let mut quoted = Vec::with_capacity(report.entries.len() + bundled.len());
    for entry in &mut report.entries {
        let Some(at) = toolshift_syntax::position::nearest(&positions, &entry.source) else {
            continue;
        };
        entry.line = Some(at.line);
        entry.column = Some(at.column);
        quoted.push(at.line);
    }
    for tool in bundled.iter_mut() {
        tool.name_at = toolshift_syntax::position::nearest(&positions, &tool.name_source);
        quoted.extend(tool.name_at.map(|at| at.line));
    }
    quoted.retain(|line| !report.lines.contains_key(line));
    quoted.sort_unstable();
    quoted.dedup();
    for (number, text) in toolshift_syntax::text::numbered_lines(&loaded.text, &quoted) {
        let text = text.trim_start_matches('\u{feff}');
        // A minified document is one long line: a snippet of it shows nothing useful.
        if text.chars().count() <= MAX_SNIPPET_CHARS {
            report.lines.insert(number, text.to_owned());
        }
    }
    // A credential is never quoted in a report, whatever the output holds.
    if !secrets.is_empty() {
        for text in report.lines.values_mut() {
            *text = masked(text, secrets);
        }
    }
}

/// The values of the input's credentials (settings whose key names a secret), which
/// reports never quote.
fn credential_values(tools: &[&toolshift_model::Tool]) -> Vec<String> {
    tools
        .iter()
        .flat_map(|tool| &tool.settings)
        .filter(|setting| setting.secret)
        .filter_map(|setting| match setting.value.as_ref()? {
            serde_json::Value::String(text) if !text.is_empty() => Some(text.clone()),
            serde_json::Value::Number(number) => Some(number.to_string()),
            _ => None,
        })
        .collect()
}

fn masked(text: &str, secrets: &[String]) -> String {
    secrets.iter().fold(text.to_owned(), |text, secret| {
        text.replace(secret.as_str(), "<withheld>")
    })
}

/// The input and the first written manifest, for the HTML report, with the line of
/// the manifest each entry's target names.
fn review_text(
    report: &FileReport,
    loaded: &input::LoadedInput,
    manifest: Option<(String, Vec<u8>)>,
    secrets: &[String],
) -> crate::batch_report::ReviewText {
    let (output_name, output) = manifest
        .map(|(name, bytes)| (name, String::from_utf8_lossy(&bytes).into_owned()))
        .unwrap_or_default();
    let syntax = if output_name.ends_with(".yaml") {
        toolshift_syntax::syntax::Syntax::Yaml
    } else {
        toolshift_syntax::syntax::Syntax::Json
    };
    let positions = toolshift_syntax::position::positions(&output, syntax);
    let target_lines = report
        .entries
        .iter()
        .map(|entry| {
            toolshift_syntax::position::nearest(&positions, &entry.target).map(|at| at.line)
        })
        .collect();
    crate::batch_report::ReviewText {
        input: masked(&loaded.text, secrets),
        output_name,
        output,
        target_lines,
    }
}

/// Longer input lines are not quoted in the text report.
pub(crate) const MAX_SNIPPET_CHARS: usize = 240;

/// The line and column of a file's error, where its message names them, with that line
/// of the input for the text report's snippet; the message names the same place.
fn place_error(report: &mut FileReport, text: &str) {
    let Some(error) = report.error.as_deref() else {
        return;
    };
    let (message, place) = crate::batch_report::placed_error(error, text);
    report.error = Some(message);
    let Some((line, column)) = place else {
        return;
    };
    report.line = Some(line);
    report.column = Some(column);
    if let Some(source) = error_line(text, line) {
        report.lines.insert(line, source.to_owned());
    }
}

/// Line `line` (from 1) of `text`, which an error names, where it is short enough to
/// quote: a line too long to show (a minified file, a hostile one) gets no snippet.
pub(crate) fn error_line(text: &str, line: usize) -> Option<&str> {
    text.lines()
        .nth(line.checked_sub(1)?)
        .filter(|source| source.len() <= 1000)
}

fn placed_error(error: &toolshift_model::DialectError, loaded: &input::LoadedInput) -> String {
    use toolshift_model::DialectError::{Inexpressible, Invalid};
    let (Invalid { pointer, .. } | Inexpressible { input: pointer, .. }) = error else {
        return error.to_string();
    };
    let pointer = if pointer == "/" { "" } else { pointer.as_str() };
    let positions = toolshift_syntax::position::positions(&loaded.text, loaded.syntax);
    match toolshift_syntax::position::nearest(&positions, pointer) {
        Some(at) => format!("line {}, column {}: {error}", at.line, at.column),
        None => error.to_string(),
    }
}

/// Where `--bundle` writes its list document: `-o FILE`, `DIR/tools.json` for an
/// existing folder, or standard output (`None`).
fn bundle_target(args: &ConvertArgs, to: &dyn Dialect) -> anyhow::Result<Option<PathBuf>> {
    if to.bundle(Vec::new()).is_none() {
        bail!(
            "--bundle writes one list document, which {} does not have; use --to mcp or --to openai",
            to.id()
        );
    }
    if args.format == Some(cli::Format::Yaml) {
        bail!("--bundle writes JSON: an MCP result or an OpenAI tools array");
    }
    Ok(match &args.output {
        None => None,
        Some(path) if output::means_folder(path) => {
            std::fs::create_dir_all(path)
                .with_context(|| format!("{}: cannot create folder", path.display()))?;
            Some(path.join("tools.json"))
        }
        Some(path) => {
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("{}: cannot create folder", parent.display()))?;
            }
            Some(path.clone())
        }
    })
}

fn destination(args: &ConvertArgs, to: &dyn Dialect, batch: bool) -> anyhow::Result<Destination> {
    Ok(match &args.output {
        None if to.layout() == OutputLayout::Folder => {
            bail!("{} writes a folder per tool: pass -o DIR", to.id())
        }
        None if batch => bail!(
            "converting several inputs, or a document that lists several tools, needs -o DIR (or, for mcp and openai, --bundle)"
        ),
        None if args.scaffold => bail!("--scaffold writes a second file: pass -o DIR"),
        None => Destination::Stdout,
        Some(path) if path.is_dir() => Destination::Folder(path.clone()),
        // --scaffold adds a second file, so the output is a folder too; a trailing
        // slash says the user means a folder.
        Some(path)
            if batch
                || args.scaffold
                || to.layout() == OutputLayout::Folder
                || output::means_folder(path) =>
        {
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
    /// Reads, converts, checks and renders one item; `None` for a walked file that
    /// turns out to be no manifest, which is skipped rather than failed.
    fn prepare_decided(
        &self,
        item: &walk::Item,
        schemas: &schemas::SchemaCheck,
        decision: Option<&Decision>,
    ) -> Option<Prepared> {
        match decision {
            None => self.prepare(item, schemas, &self.options),
            Some(Decision::Qualify) => {
                let options = WriteOptions {
                    qualify_by_toolkit: true,
                    ..self.options.clone()
                };
                self.prepare(item, schemas, &options)
            }
            Some(Decision::Collides(error)) => {
                let mut prepared = self.prepare(item, schemas, &self.options)?;
                prepared.report.status = Status::Failed;
                prepared.report.error = Some(error.clone());
                prepared.files.clear();
                Some(prepared)
            }
        }
    }

    /// Reads an item for planning: its output folder, its dialect and its document, handed
    /// to `plan`; `None` where any of them is missing (the conversion reports why).
    fn planning<T>(
        &self,
        item: &walk::Item,
        plan: impl FnOnce(&Path, &'static dyn Dialect, &Source<'_>) -> Option<T>,
    ) -> Option<T> {
        let Destination::Folder(folder) = &self.destination else {
            return None;
        };
        let loaded = self.load(item).ok()?;
        let from = self
            .from
            .or_else(|| registry::detect(&loaded.document).ok())?;
        let source = loaded.source(item.listed.as_deref());
        let planned = plan(&output::joined(folder, &item.relative_dir), from, &source);
        // The next input this thread reads, for planning or converting, is read over it.
        toolshift_syntax::syntax::recycle(loaded.document);
        planned
    }

    /// Where an item's outputs would go, without rendering or checking them.
    fn output_paths(&self, item: &walk::Item, options: &WriteOptions) -> Vec<PathBuf> {
        self.planning(item, |base, from, source| {
            let conversions =
                toolshift_model::convert_all(from, self.to, source, options, Detail::CodesOnly)
                    .ok()?;
            let paths = conversions
                .iter()
                .flat_map(|conversion| &conversion.files)
                .filter_map(|file| {
                    let name =
                        output::rendered_name(file, self.args.format, self.to.manifest_syntax())
                            .ok()?;
                    output::inside(base, &name).ok()
                })
                .collect();
            Some(paths)
        })
        .unwrap_or_default()
    }

    /// Where an item's first manifest would go, from the names the dialects give without
    /// writing (`Dialect::manifest_name`): planning reads each input but writes nothing.
    fn manifest_path(&self, item: &walk::Item) -> Option<PathBuf> {
        self.planning(item, |base, from, source| {
            let names =
                toolshift_model::convert::manifest_names(from, self.to, source, &self.options)
                    .ok()?;
            let name = output::rendered_manifest_name(
                names.first()?,
                self.args.format,
                self.to.manifest_syntax(),
            )
            .ok()?;
            output::inside(base, &name).ok()
        })
    }

    /// Every output path of a large batch, as a hash, so that collisions are decided
    /// before anything is written while only the hashes are held.
    fn plan(&self, items: &[walk::Item]) -> BTreeMap<usize, Decision> {
        let hash = |path: &PathBuf| {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            path.hash(&mut hasher);
            hasher.finish()
        };
        // One hash per item, of its manifest's path: an item's other files sit beside its
        // manifest under the same name, so they collide only where the manifests do. An
        // indexed collect allocates the list once, at its final size.
        let planned: Vec<Option<(u64, usize)>> = items
            .par_iter()
            .enumerate()
            .map(|(index, item)| self.manifest_path(item).map(|path| (hash(&path), index)))
            .collect();
        let mut hashes: Vec<(u64, usize)> = planned.into_iter().flatten().collect();
        hashes.sort_unstable();
        let taken = |path: &PathBuf| {
            let wanted = hash(path);
            hashes.binary_search_by(|(h, _)| h.cmp(&wanted)).is_ok()
        };
        // Items sharing a hash may collide; their real paths decide.
        let mut suspects: BTreeSet<usize> = BTreeSet::new();
        for pair in hashes.windows(2) {
            if let [(a, i), (b, j)] = pair {
                if a == b {
                    suspects.insert(*i);
                    suspects.insert(*j);
                }
            }
        }
        let mut by_path: BTreeMap<PathBuf, Vec<usize>> = BTreeMap::new();
        for &index in &suspects {
            if let Some(item) = items.get(index) {
                for path in self.output_paths(item, &self.options) {
                    by_path.entry(path).or_default().push(index);
                }
            }
        }
        let qualified = WriteOptions {
            qualify_by_toolkit: true,
            ..self.options.clone()
        };
        let mut decisions = BTreeMap::new();
        for (path, indexes) in by_path.iter().filter(|(_, indexes)| indexes.len() > 1) {
            let renamed: Vec<Vec<PathBuf>> = indexes
                .iter()
                .filter_map(|&index| items.get(index))
                .map(|item| self.output_paths(item, &qualified))
                .collect();
            let firsts: BTreeSet<Option<&PathBuf>> = renamed.iter().map(|p| p.first()).collect();
            let resolves = firsts.len() == indexes.len()
                && !firsts.contains(&None)
                && renamed.iter().flatten().all(|path| !taken(path));
            for &index in indexes {
                let decision = if resolves {
                    Decision::Qualify
                } else {
                    let inputs: Vec<String> = indexes
                        .iter()
                        .filter_map(|&i| items.get(i))
                        .map(|item| item.path.display().to_string())
                        .collect();
                    Decision::Collides(format!(
                        "{} would be written by {}; rename one of them, nothing of either was written",
                        path.display(),
                        inputs.join(" and ")
                    ))
                };
                decisions.insert(index, decision);
            }
        }
        decisions
    }

    /// An item's input: the one read before the run, the first time it is asked for,
    /// and otherwise read now.
    fn load(&self, item: &walk::Item) -> Result<input::LoadedInput, String> {
        if let Some(preloaded) = &self.preloaded {
            // A poisoned lock only means another thread panicked; the value is whole.
            let mut preloaded = preloaded
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if preloaded
                .as_ref()
                .is_some_and(|(path, _)| **path == *item.path)
            {
                if let Some((_, loaded)) = preloaded.take() {
                    return loaded;
                }
            }
        }
        load_item(item)
    }

    fn prepare(
        &self,
        item: &walk::Item,
        schemas: &schemas::SchemaCheck,
        options: &WriteOptions,
    ) -> Option<Prepared> {
        let mut prepared = Prepared {
            report: FileReport::new(
                input::path_text(&item.path),
                self.from.map(|d| d.id().to_owned()),
                self.to.id().to_owned(),
            ),
            files: Vec::new(),
            stdout: Vec::new(),
            bundled: Vec::new(),
            base: PathBuf::new(),
            companions: Vec::new(),
            rendered_report: None,
        };
        let loaded = match self.load(item) {
            Ok(loaded) => loaded,
            Err(error) => {
                prepared.report.error = Some(error);
                // Read again for the error's line: only a file that failed pays for it.
                let text = std::fs::read_to_string(&item.path).unwrap_or_default();
                place_error(&mut prepared.report, &text);
                return Some(prepared);
            }
        };
        let from = match self.from {
            Some(from) => from,
            None => match registry::detect(&loaded.document) {
                Ok(from) => from,
                Err(_) if item.walked && registry::detect_none(&loaded.document) => return None,
                Err(error) => {
                    prepared.report.error = Some(error);
                    return Some(prepared);
                }
            },
        };
        prepared.report.from = Some(from.id().to_owned());
        prepared.report.located_in = loaded.manifest.clone();
        if let Err(error) = self.try_prepare(item, &loaded, from, schemas, options, &mut prepared) {
            prepared.report.status = Status::Failed;
            prepared.report.error = Some(error);
            place_error(&mut prepared.report, &loaded.text);
            prepared.files.clear();
        }
        // The next input this thread reads is read over this one.
        toolshift_syntax::syntax::recycle(loaded.document);
        Some(prepared)
    }

    fn try_prepare(
        &self,
        item: &walk::Item,
        loaded: &input::LoadedInput,
        from: &'static dyn Dialect,
        schemas: &schemas::SchemaCheck,
        options: &WriteOptions,
        prepared: &mut Prepared,
    ) -> Result<(), String> {
        let source = loaded.source(item.listed.as_deref());
        // Without a report, no entry is shown: its code and severity are enough.
        let detail = if self.args.report == cli::ReportFormat::None {
            Detail::CodesOnly
        } else {
            Detail::Full
        };
        let conversions = toolshift_model::convert_all(from, self.to, &source, options, detail)
            .map_err(|error| placed_error(&error, loaded))?;
        if let Some(dir) = &loaded.dir {
            prepared.companions = conversions
                .iter()
                .filter_map(|conversion| conversion.tool.implementation.as_ref())
                .filter(|implementation| implementation.content.is_some())
                .map(|implementation| output::joined(dir, &implementation.file))
                .collect();
        }
        if !self.args.bundle {
            collisions::refuse_shared_outputs(
                &conversions,
                from,
                &source,
                "rename one of them, or pass --bundle for one list document; nothing of the document was written",
            )
                .map_err(|error| placed_error(&error, loaded))?;
        }
        self.check_schemas(&conversions, schemas, options)?;
        if conversions.len() > 1
            && matches!(self.destination, Destination::Stdout)
            && !self.args.bundle
        {
            return Err(format!(
                "the document holds {} tools, written one file each: pass -o DIR, or --bundle for one list document",
                conversions.len()
            ));
        }
        let files = self.gather_entries(conversions, loaded, from, prepared);
        let report = &mut prepared.report;
        if let Some(rule) = self
            .deny
            .iter()
            .find(|rule| report.entries.iter().any(|entry| rule.matches(entry)))
        {
            report.status = Status::Denied;
            report.error = Some(format!("an entry matched --deny {}", rule.describe()));
            return Ok(());
        }
        self.plan_files(item, files, prepared)?;
        prepared.report.status = Status::Converted;
        Ok(())
    }

    /// Refuses a conversion whose manifest fails the target's schema (and, with
    /// `--official`, the official one): a bug, since writers write valid documents.
    fn check_schemas(
        &self,
        conversions: &[toolshift_model::Conversion],
        schemas: &schemas::SchemaCheck,
        options: &WriteOptions,
    ) -> Result<(), String> {
        for file in conversions.iter().flat_map(|conversion| &conversion.files) {
            if let toolshift_model::OutputContent::Manifest(document) = &file.content {
                let mut violations =
                    schemas.violations(self.to, schemas::Reading::Applied, document)?;
                if options.official {
                    violations.extend(schemas.violations(
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
        Ok(())
    }

    /// Moves each conversion's entries into the file's report (placed in the input, and
    /// with the review text for an HTML report) and its bundled manifests; the files to
    /// write.
    fn gather_entries(
        &self,
        conversions: Vec<toolshift_model::Conversion>,
        loaded: &input::LoadedInput,
        from: &dyn Dialect,
        prepared: &mut Prepared,
    ) -> Vec<toolshift_model::OutputFile> {
        let name_sources = if self.args.bundle {
            let tools = conversions.iter().map(|conversion| &conversion.tool);
            request::name_pointers(from, &loaded.document, tools)
        } else {
            Vec::new()
        };
        let mut name_sources = name_sources.into_iter();
        let report = &mut prepared.report;
        let secrets = credential_values(&conversions.iter().map(|c| &c.tool).collect::<Vec<_>>());
        let mut files = Vec::new();
        for conversion in conversions {
            // A mapping stays in memory until the batch ends, so it is made only for
            // `--name-map`: otherwise a large batch's peak memory grew with its size.
            if self.args.name_map.is_some() {
                report
                    .names
                    .extend(self.name_mapping(&conversion, &report.input));
            }
            let first = report.entries.len();
            toolshift_model::append_moving(&mut report.entries, conversion.entries);
            if self.args.bundle {
                if let Some(manifest) = toolshift_model::dialect::manifest_of(&conversion.files) {
                    prepared.bundled.push(Bundled {
                        manifest: manifest.clone(),
                        entries: first..report.entries.len(),
                        name_source: name_sources.next().unwrap_or_default(),
                        name_at: None,
                    });
                }
            }
            // Under --bundle the paths are never written, but still find two tools of
            // one name.
            toolshift_model::append_moving(&mut files, conversion.files);
        }
        // Placing entries reads the input a second time; no report, no need.
        if self.args.report != cli::ReportFormat::None {
            place_entries(report, &mut prepared.bundled, loaded, &secrets);
        }
        if self.args.report == cli::ReportFormat::Html {
            let manifest = files
                .iter()
                .find(|file| matches!(file.content, toolshift_model::OutputContent::Manifest(_)))
                .and_then(|file| {
                    output::render(file, self.args.format, self.to.manifest_syntax()).ok()
                });
            report.review = Some(Box::new(review_text(report, loaded, manifest, &secrets)));
        }
        files
    }

    /// The tool's written name beside the one it had, where the target's manifest names it.
    fn name_mapping(
        &self,
        conversion: &toolshift_model::Conversion,
        input: &str,
    ) -> Option<crate::batch_report::NameMapping> {
        let manifest = conversion.manifest()?;
        let pointer = self
            .to
            .locate(toolshift_model::Field::Name, &conversion.tool, manifest)?;
        Some(crate::batch_report::NameMapping {
            written: manifest.pointer(&pointer)?.as_str()?.to_owned(),
            name: conversion.tool.name.clone(),
            toolkit: conversion.tool.toolkit.as_ref().map(|t| t.name.clone()),
            input: input.to_owned(),
        })
    }

    /// Renders each file and decides its path, checked against every claim on it.
    fn plan_files(
        &self,
        item: &walk::Item,
        files: Vec<toolshift_model::OutputFile>,
        prepared: &mut Prepared,
    ) -> Result<(), String> {
        if let Destination::Folder(folder) = &self.destination {
            prepared.base = output::joined(folder, &item.relative_dir);
        }
        // `-o NEW` naming nothing yet, for a tool that turns out to write several files
        // (a TaskWeaver plugin with its code): NEW is their folder.
        let new_folder = match &self.destination {
            Destination::File(path) if files.len() > 1 && !path.exists() => Some(path.clone()),
            _ => None,
        };
        if let Some(folder) = &new_folder {
            prepared.base = folder.clone();
        }
        prepared.files.reserve_exact(files.len());
        for file in files {
            let create_only = file.create_only;
            // The next manifest this thread writes is built over this one's document.
            let (relative, bytes) =
                output::render_into_bytes(file, self.args.format, self.to.manifest_syntax())?;
            let path = match &self.destination {
                Destination::Stdout => {
                    prepared.stdout.extend_from_slice(&bytes);
                    continue;
                }
                Destination::File(_) if new_folder.is_some() => {
                    output::inside(&prepared.base, &relative)?
                }
                Destination::File(path) => path.clone(),
                Destination::Folder(_) => output::inside(&prepared.base, &relative)?,
            };
            self.claims.check(&path)?;
            prepared.files.push(Planned {
                path,
                bytes,
                create_only,
            });
        }
        if let Some(folder) = &new_folder {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("{}: cannot create folder: {e}", folder.display()))?;
        } else if matches!(self.destination, Destination::File(_)) && prepared.files.len() > 1 {
            return Err(format!(
                "{} writes several files: pass -o DIR",
                self.to.id()
            ));
        }
        Ok(())
    }

    /// Converts the runs of a part, and writes each run as soon as it is converted and
    /// its collisions are found (unless `write` is off: a bundle is written whole). Its
    /// outputs are then still in the processor's cache, and no worker waits for the
    /// whole part before writing (docs/performance.md at 79948a8, ninth round).
    /// `decided` gives the plan's decision for an item, by its index in the part; where
    /// there is a plan, it found the collisions, and `planned` says so.
    fn convert_runs<'d>(
        &self,
        runs: &[&[walk::Item]],
        schemas: &schemas::SchemaCheck,
        planned: bool,
        decided: impl Fn(usize) -> Option<&'d Decision> + Sync,
        write: bool,
        progress: &indicatif::ProgressBar,
    ) -> Vec<Option<Prepared>> {
        let starts = runs.iter().scan(0, |start, run| {
            let first = *start;
            *start += run.len();
            Some(first)
        });
        let stageable = if write && !planned {
            self.stageable_folders(runs)
        } else {
            vec![None; runs.len()]
        };
        let runs: Vec<(usize, &[walk::Item], Option<PathBuf>)> = starts
            .zip(runs.iter().copied())
            .zip(stageable)
            .map(|((first, run), folder)| (first, run, folder))
            .collect();
        let by_run: Vec<Vec<Option<Prepared>>> = runs
            .par_iter()
            .map(|(first, run, stageable)| {
                let (first, run) = (*first, *run);
                let mut prepared: Vec<Option<Prepared>> = run
                    .par_iter()
                    .enumerate()
                    .map(|(index, item)| {
                        let decision = decided(first + index);
                        let result = self.prepare_decided(item, schemas, decision);
                        progress.inc(1);
                        result
                    })
                    .collect();
                if !planned {
                    self.qualify_colliding_names(run, &mut prepared, schemas);
                    self.refuse_collisions(&mut prepared);
                }
                if write {
                    let converted = prepared
                        .iter()
                        .flatten()
                        .filter(|item| item.report.status == Status::Converted)
                        .count();
                    // One item gains nothing from a folder of its own to rename.
                    let staged =
                        stageable
                            .as_deref()
                            .filter(|_| converted > 1)
                            .and_then(|folder| {
                                output::StagedFolder::begin(folder, &self.known_folders)
                            });
                    self.write(&mut prepared, staged.as_ref());
                    if let Some(staged) = staged {
                        self.publish(staged, &mut prepared);
                    }
                    // Final once written (a bundle's reports change after this).
                    if let Some(styled) = self.report_text_style {
                        prepared.par_iter_mut().flatten().for_each(|item| {
                            item.rendered_report = Some(report::text(&item.report, styled));
                            // Only the summary reads the report now.
                            item.report.shed_texts();
                        });
                    }
                }
                prepared
            })
            .collect();
        by_run.into_iter().flatten().collect()
    }

    /// For each run, the folder its items' outputs go to, where that folder may be
    /// staged (`output::StagedFolder`): all its items go there, below the output folder,
    /// and no item of another run of the part goes there or below it. Runs of later
    /// parts find it already in place.
    fn stageable_folders(&self, runs: &[&[walk::Item]]) -> Vec<Option<PathBuf>> {
        let Destination::Folder(root) = &self.destination else {
            return vec![None; runs.len()];
        };
        fn bytes(folder: &Path) -> &[u8] {
            folder.as_os_str().as_encoded_bytes()
        }
        // Every item's folder, by its bytes, and its run's index.
        let mut sorted: Vec<(&[u8], usize)> = runs
            .iter()
            .enumerate()
            .flat_map(|(index, run)| run.iter().map(move |item| (&item.relative_dir, index)))
            .map(|(folder, index)| (bytes(folder), index))
            .collect();
        sorted.sort_unstable();
        sorted.dedup();
        // Sorted by their bytes, a folder's entries come together, and so do those of
        // the folders below it, from the first path its name and a separator start.
        let only_this_run_writes_in = |folder: &[u8], index: usize| {
            let below = [folder, b"/"].concat();
            let same = sorted.partition_point(|(other, _)| *other < folder);
            let after = sorted.partition_point(|(other, _)| *other < below.as_slice());
            let in_it = sorted
                .get(same..)
                .unwrap_or_default()
                .iter()
                .take_while(|(other, _)| *other == folder);
            let under_it = sorted
                .get(after..)
                .unwrap_or_default()
                .iter()
                .take_while(|(other, _)| other.starts_with(&below));
            in_it.chain(under_it).all(|(_, other)| *other == index)
        };
        runs.iter()
            .enumerate()
            .map(|(index, run)| {
                let folder = &run.first()?.relative_dir;
                let one_folder = run.iter().all(|item| item.relative_dir == *folder);
                (one_folder
                    && !folder.as_os_str().is_empty()
                    && only_this_run_writes_in(bytes(folder), index))
                .then(|| output::joined(root, folder))
            })
            .collect()
    }

    /// Puts a staged folder in place once its run is written. Items whose outputs could
    /// not be put there failed, and say why.
    fn publish(&self, staged: output::StagedFolder, prepared: &mut [Option<Prepared>]) {
        let converted = |item: &&mut Prepared| item.report.status == Status::Converted;
        let written = prepared.iter_mut().flatten().any(|item| converted(&item));
        let unplaced = staged.publish(written, &self.known_folders);
        for item in prepared.iter_mut().flatten().filter(converted) {
            let failed = unplaced
                .iter()
                .find(|(place, _)| item.files.iter().any(|file| file.path.starts_with(place)));
            if let Some((_, error)) = failed {
                item.report.status = Status::Failed;
                item.report.outputs.clear();
                item.report.error = Some(error.clone());
            }
            item.files = Vec::new();
        }
    }

    /// Two tools of one name from different toolkits would write the same file: each is
    /// converted again with its toolkit in its name, and says so.
    fn qualify_colliding_names(
        &self,
        items: &[walk::Item],
        prepared: &mut [Option<Prepared>],
        schemas: &schemas::SchemaCheck,
    ) {
        let firsts = prepared.iter().enumerate().filter_map(|(index, item)| {
            let first = item.as_ref().and_then(|p| p.files.first())?;
            Some((first.path.as_path(), index))
        });
        let shared: Vec<Vec<usize>> = collisions::shared_paths(firsts)
            .into_iter()
            .map(|(_, indexes)| indexes)
            .collect();
        let options = WriteOptions {
            qualify_by_toolkit: true,
            ..self.options.clone()
        };
        for indexes in &shared {
            let again: Vec<Option<Prepared>> = indexes
                .iter()
                .map(|&index| {
                    items
                        .get(index)
                        .and_then(|item| self.prepare(item, schemas, &options))
                })
                .collect();
            // Only where the toolkits tell the tools apart; otherwise the collision
            // is reported as it is.
            let paths: BTreeSet<Option<&PathBuf>> = again
                .iter()
                .map(|p| p.as_ref().and_then(|p| p.files.first()).map(|f| &f.path))
                .collect();
            if paths.len() < indexes.len() || paths.contains(&None) {
                continue;
            }
            for (&index, again) in indexes.iter().zip(again) {
                if let Some(slot) = prepared.get_mut(index) {
                    *slot = again;
                }
            }
        }
    }

    /// Outputs two items would both write are found before anything is written; both
    /// fail, naming each other.
    fn refuse_collisions(&self, prepared: &mut [Option<Prepared>]) {
        let files = prepared.iter().enumerate().flat_map(|(index, item)| {
            item.iter()
                .flat_map(|item| &item.files)
                .map(move |file| (file.path.as_path(), index))
        });
        let collisions: Vec<(PathBuf, Vec<usize>)> = collisions::shared_paths(files)
            .into_iter()
            .map(|(path, indexes)| (path.to_path_buf(), indexes))
            .collect();
        for (path, indexes) in &collisions {
            let inputs: Vec<String> = indexes
                .iter()
                .filter_map(|&i| prepared.get(i).and_then(Option::as_ref))
                .map(|p| p.report.input.clone())
                .collect();
            for &index in indexes {
                if let Some(Some(item)) = prepared.get_mut(index) {
                    item.report.status = Status::Failed;
                    item.report.error = Some(format!(
                        "{} would be written by {}; rename one of them, nothing of either was written",
                        path.display(),
                        inputs.join(" and ")
                    ));
                    item.files.clear();
                }
            }
        }
    }

    /// The converted items' manifests in bundle order, with the item each came from,
    /// once one request's checks ran (`request::check`): their entries are in the items'
    /// reports, and a tool past strict mode's budget is non-strict. An item an entry of
    /// which matches `--deny` is denied and left out, and the rest is checked again.
    fn checked_bundle(&self, prepared: &mut [Option<Prepared>]) -> (Vec<usize>, Vec<Bundled>) {
        let mut owners = Vec::new();
        let mut tools = Vec::new();
        for (owner, item) in prepared.iter_mut().enumerate() {
            let converted = item
                .as_mut()
                .filter(|item| item.report.status == Status::Converted);
            if let Some(item) = converted {
                item.files.clear();
                for tool in std::mem::take(&mut item.bundled) {
                    owners.push(owner);
                    tools.push(tool);
                }
            }
        }
        loop {
            let manifests: Vec<&serde_json::Value> = tools.iter().map(|t| &t.manifest).collect();
            let found: Vec<(request::Finding, toolshift_model::Entry)> =
                request::check(self.to, &manifests)
                    .into_iter()
                    .filter_map(|finding| {
                        let entry = self.finding_entry(&finding, tools.get(finding.index)?);
                        Some((finding, entry))
                    })
                    .collect();
            let denied = self.deny_findings(prepared, &owners, &found);
            if denied.is_empty() {
                self.record_findings(prepared, &owners, &mut tools, found);
                return (owners, tools);
            }
            let mut kept = owners.iter().map(|owner| !denied.contains(owner));
            tools.retain(|_| kept.next().unwrap_or(false));
            owners.retain(|owner| !denied.contains(owner));
        }
    }

    /// A finding of the request's checks as an entry of its tool's report.
    fn finding_entry(&self, finding: &request::Finding, tool: &Bundled) -> toolshift_model::Entry {
        let at = self.to.bundle_pointer(finding.index);
        request::entry(finding, &at, &tool.name_source, tool.name_at)
    }

    /// Denies the items with an entry that `--deny` matches, adding it to their report;
    /// the items denied.
    fn deny_findings(
        &self,
        prepared: &mut [Option<Prepared>],
        owners: &[usize],
        found: &[(request::Finding, toolshift_model::Entry)],
    ) -> BTreeSet<usize> {
        let mut denied = BTreeSet::new();
        for (finding, entry) in found {
            let Some(rule) = self.deny.iter().find(|rule| rule.matches(entry)) else {
                continue;
            };
            let owner = owners.get(finding.index).copied().unwrap_or(usize::MAX);
            if let Some(item) = prepared.get_mut(owner).and_then(Option::as_mut) {
                item.report.status = Status::Denied;
                item.report.error = Some(format!("an entry matched --deny {}", rule.describe()));
                item.report.entries.push(entry.clone());
                denied.insert(owner);
            }
        }
        denied
    }

    /// Adds each finding's entry to its item's report, and writes a tool past strict
    /// mode's budget non-strict.
    fn record_findings(
        &self,
        prepared: &mut [Option<Prepared>],
        owners: &[usize],
        tools: &mut [Bundled],
        found: Vec<(request::Finding, toolshift_model::Entry)>,
    ) {
        for (finding, entry) in found {
            if finding.code == toolshift_model::LossCode::StrictOverBudget {
                if let Some(tool) = tools.get_mut(finding.index) {
                    request::turn_off_strict(self.to, &mut tool.manifest);
                }
            }
            let owner = owners.get(finding.index).copied().unwrap_or(usize::MAX);
            if let Some(item) = prepared.get_mut(owner).and_then(Option::as_mut) {
                item.report.entries.push(entry);
            }
        }
    }

    /// Writes every converted tool into one list document, in input order; each entry's
    /// target then points into it (`/tools/3/...`).
    fn write_bundle(&self, prepared: &mut [Option<Prepared>], target: Option<&std::path::Path>) {
        let shown = target.map_or_else(|| "-".to_owned(), |p| p.display().to_string());
        let (owners, tools) = self.checked_bundle(prepared);
        let mut manifests = Vec::with_capacity(tools.len());
        for (owner, tool) in owners.into_iter().zip(tools) {
            let pointer = self.to.bundle_pointer(manifests.len());
            manifests.push(tool.manifest);
            let Some(item) = prepared.get_mut(owner).and_then(Option::as_mut) else {
                continue;
            };
            let entries = &mut item.report.entries;
            for entry in entries.get_mut(tool.entries).into_iter().flatten() {
                entry.target = format!("{pointer}{}", entry.target);
            }
            item.report.outputs.push(format!("{shown}#{pointer}"));
        }
        if manifests.is_empty() {
            return;
        }
        let result = self
            .to
            .bundle(manifests)
            .ok_or_else(|| format!("{} has no list document", self.to.id()))
            .and_then(|document| {
                let mut text =
                    serde_json::to_string_pretty(&document).map_err(|e| e.to_string())?;
                text.push('\n');
                Ok(text.into_bytes())
            })
            .and_then(|bytes| match target {
                None => {
                    let stdout = std::io::stdout();
                    let mut out = stdout.lock();
                    out.write_all(&bytes)
                        .and_then(|()| out.flush())
                        .map_err(|e| format!("cannot write standard output: {e}"))
                }
                Some(path) => {
                    self.claims.check(path)?;
                    let sync = if self.args.sync {
                        output::Sync::EachFile
                    } else {
                        output::Sync::Never
                    };
                    output::write_all(
                        &[Planned {
                            path: path.to_path_buf(),
                            bytes,
                            create_only: false,
                        }],
                        path.parent().unwrap_or(path),
                        self.args.force,
                        sync,
                        &self.known_folders,
                        None,
                    )
                }
            });
        if let Err(error) = result {
            for item in prepared
                .iter_mut()
                .flatten()
                .filter(|p| p.report.status == Status::Converted)
            {
                item.report.status = Status::Failed;
                item.report.outputs.clear();
                item.report.error = Some(format!("the bundle was not written: {error}"));
            }
        }
    }

    fn write(&self, prepared: &mut [Option<Prepared>], staged: Option<&output::StagedFolder>) {
        if let Destination::Stdout = self.destination {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            for item in prepared
                .iter_mut()
                .flatten()
                .filter(|p| p.report.status == Status::Converted)
            {
                if let Err(e) = out.write_all(&item.stdout).and_then(|()| out.flush()) {
                    item.report.status = Status::Failed;
                    item.report.error = Some(format!("cannot write standard output: {e}"));
                } else {
                    item.report.outputs.push("-".to_owned());
                }
            }
            return;
        }
        let sync = if self.args.sync {
            output::Sync::EachFile
        } else {
            output::Sync::Never
        };
        let force = self.args.force;
        prepared
            .par_iter_mut()
            .flatten()
            .filter(|p| p.report.status == Status::Converted)
            .for_each(|item| {
                // A re-run with --force replaces the manifests and keeps the code.
                if force {
                    item.report.kept = output::keep_existing_code(&mut item.files);
                }
                let written = output::write_all(
                    &item.files,
                    &item.base,
                    force,
                    sync,
                    &self.known_folders,
                    staged,
                );
                match written {
                    Ok(()) => {
                        item.report.outputs = item
                            .files
                            .iter()
                            .map(|f| input::path_text(&f.path))
                            .collect();
                        // Written: the bytes are freed here, on the worker, rather than
                        // one item at a time on the thread that reports. In a staged
                        // folder the paths are kept until it is in place.
                        if staged.is_some() {
                            item.files
                                .iter_mut()
                                .for_each(|file| file.bytes = Vec::new());
                        } else {
                            item.files = Vec::new();
                        }
                    }
                    Err(error) => {
                        item.report.status = Status::Failed;
                        item.report.error = Some(error);
                    }
                }
            });
    }
}
