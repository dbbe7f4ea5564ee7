//! Writing the report as files are done, so a batch of any size holds none of it in
//! memory: to stderr, or to `--report-file` (a temporary file renamed into place at the
//! end, so the report appears whole or not at all).

use crate::cli::{ConvertArgs, ReportFormat};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use toolshift_model::report::{self, BatchReport, FileReport, Status};

pub struct Sink {
    format: ReportFormat,
    /// Failures also go to stderr when the report goes elsewhere, or a batch that exits
    /// 2 would say nothing on the terminal.
    errors_to_stderr: bool,
    target: Target,
    any_file: bool,
}

enum Target {
    Stderr,
    File {
        writer: BufWriter<File>,
        temporary: PathBuf,
        path: PathBuf,
    },
    Nowhere,
}

impl Sink {
    pub fn new(args: &ConvertArgs) -> anyhow::Result<Self> {
        let target = match (&args.report_file, args.report) {
            (_, ReportFormat::None) => Target::Nowhere,
            (Some(path), _) => {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let folder = path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(std::path::Path::new("."));
                std::fs::create_dir_all(folder).map_err(|e| {
                    anyhow::anyhow!("{}: cannot create folder: {e}", folder.display())
                })?;
                let temporary =
                    folder.join(format!(".{name}.toolshift-{}.tmp", std::process::id()));
                let file = File::create(&temporary).map_err(|e| {
                    anyhow::anyhow!("{}: cannot write the report: {e}", path.display())
                })?;
                Target::File {
                    writer: BufWriter::new(file),
                    temporary,
                    path: path.clone(),
                }
            }
            (None, _) => Target::Stderr,
        };
        let mut sink = Sink {
            format: args.report,
            errors_to_stderr: args.report_file.is_some() || args.report == ReportFormat::None,
            target,
            any_file: false,
        };
        if sink.format == ReportFormat::Json {
            sink.put(report::JSON_HEAD)?;
        }
        Ok(sink)
    }

    pub fn file(&mut self, file: &FileReport) -> anyhow::Result<()> {
        if let (true, Status::Failed, Some(error)) =
            (self.errors_to_stderr, file.status, &file.error)
        {
            eprintln!("{}: error: {error}", file.input);
        }
        let text = match self.format {
            ReportFormat::Text => report::text_lines(file),
            ReportFormat::Json => report::json_file(file, !self.any_file),
            ReportFormat::None => String::new(),
        };
        self.any_file = true;
        self.put(&text)
    }

    pub fn finish(mut self, report: &BatchReport) -> anyhow::Result<()> {
        let tail = match self.format {
            ReportFormat::Text => report.text_tail(),
            ReportFormat::Json => report.json_tail(self.any_file),
            ReportFormat::None => String::new(),
        };
        self.put(&tail)?;
        if let Target::File {
            writer,
            temporary,
            path,
        } = &mut self.target
        {
            writer
                .flush()
                .and_then(|()| std::fs::rename(&*temporary, &*path))
                .map_err(|e| anyhow::anyhow!("{}: cannot write the report: {e}", path.display()))?;
            // Renamed into place: nothing is left for drop to clean up.
            self.target = Target::Nowhere;
        }
        Ok(())
    }

    fn put(&mut self, text: &str) -> anyhow::Result<()> {
        match &mut self.target {
            Target::Stderr => {
                let _ = std::io::stderr().lock().write_all(text.as_bytes());
                Ok(())
            }
            Target::File { writer, path, .. } => writer
                .write_all(text.as_bytes())
                .map_err(|e| anyhow::anyhow!("{}: cannot write the report: {e}", path.display())),
            Target::Nowhere => Ok(()),
        }
    }
}

impl Drop for Sink {
    /// A report never finished (an error ended the run) leaves no temporary file.
    fn drop(&mut self) {
        if let Target::File { temporary, .. } = &self.target {
            let _ = std::fs::remove_file(temporary);
        }
    }
}
