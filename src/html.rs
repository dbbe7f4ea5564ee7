//! `--report html`: one self-contained page for reviewing a whole batch. No network, no
//! external script or stylesheet; it opens from disk. A summary by severity and by code
//! filters the list of files; each file opens to its entries and its input and output
//! side by side, every entry marked at its line in both. Written in pieces, as files are
//! done: the summary comes last in the file and is shown first by the stylesheet.

use crate::batch_report::{BatchReport, FileReport, ReviewText, Status};
use std::fmt::Write as _;
use toolshift_model::Severity;

const STYLE: &str = r#"
:root { --lost: #b3261e; --changed: #7a5c00; --defaulted: #1f5fa8; --line: #f4f1ea; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: #1d1d1f; background: #fff; }
main { display: flex; flex-direction: column; padding: 16px 24px; gap: 12px; }
#summary { order: -1; }
h1 { font-size: 20px; margin: 0 0 4px; }
.totals span { margin-right: 16px; }
.filters { display: flex; flex-wrap: wrap; gap: 6px 14px; margin: 8px 0; }
.filters label { white-space: nowrap; }
.lost { color: var(--lost); } .changed { color: var(--changed); } .defaulted { color: var(--defaulted); }
details.file { border: 1px solid #ddd; border-radius: 6px; margin: 4px 0; }
details.file > summary { cursor: pointer; padding: 6px 10px; list-style-position: inside; }
details.file[open] > summary { border-bottom: 1px solid #ddd; background: #fafafa; }
.status { font-weight: 600; text-transform: uppercase; font-size: 11px; padding: 1px 6px; border-radius: 3px; background: #eee; }
.status.failed { background: #fde7e5; color: var(--lost); } .status.denied { background: #fff4d6; color: var(--changed); }
.counts { color: #555; margin-left: 8px; }
table.entries { border-collapse: collapse; width: 100%; margin: 8px 0; }
table.entries td { border-top: 1px solid #eee; padding: 3px 8px; vertical-align: top; }
table.entries tr { cursor: pointer; } table.entries tr:hover { background: #f7f7f7; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.panes { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 10px; padding: 0 10px 10px; }
.pane h4 { margin: 6px 0; font-weight: 600; }
.pane pre { margin: 0; max-height: 480px; overflow: auto; background: var(--line); padding: 6px 0; border-radius: 4px; counter-reset: line; }
.pane .l { display: block; padding: 0 8px 0 0; white-space: pre; }
.pane .l::before { counter-increment: line; content: counter(line); display: inline-block; width: 3.2em; margin-right: 8px; text-align: right; color: #999; }
.pane .l.hit { background: #fff1c2; } .pane .l.hit.lost { background: #fde2df; }
.pane .l.focus { outline: 2px solid #1f5fa8; }
.error { color: var(--lost); padding: 6px 10px; white-space: pre-wrap; }
.hidden { display: none; }
"#;

/// Records script errors and `console.error` calls, so a test (or a curious reader) can
/// see the page ran clean: `body[data-ready]` says `ok` or `errors`.
const GUARD: &str = r#"
window.toolshiftErrors = [];
window.addEventListener('error', function (event) { window.toolshiftErrors.push(String(event.message)); });
(function () {
  var original = console.error;
  console.error = function () {
    window.toolshiftErrors.push(Array.prototype.join.call(arguments, ' '));
    original.apply(console, arguments);
  };
})();
"#;

const SCRIPT: &str = r#"
(function () {
  var files = Array.prototype.slice.call(document.querySelectorAll('details.file'));
  var boxes = Array.prototype.slice.call(document.querySelectorAll('#summary input[type=checkbox]'));
  function chosen(kind) {
    return boxes.filter(function (b) { return b.dataset.kind === kind && b.checked; })
      .map(function (b) { return b.value; });
  }
  function apply() {
    var severities = chosen('severity'), codes = chosen('code'), statuses = chosen('status');
    var shown = 0;
    files.forEach(function (file) {
      var has = function (attribute, wanted) {
        var own = (file.dataset[attribute] || '').split(' ').filter(Boolean);
        return own.some(function (value) { return wanted.indexOf(value) >= 0; });
      };
      var entriesMatch = file.dataset.codes === '' || (has('severities', severities) && has('codes', codes));
      var visible = statuses.indexOf(file.dataset.status) >= 0 && entriesMatch;
      file.classList.toggle('hidden', !visible);
      if (visible) { shown += 1; }
    });
    document.getElementById('shown').textContent = String(shown);
  }
  boxes.forEach(function (box) { box.addEventListener('change', apply); });
  document.querySelectorAll('table.entries tr').forEach(function (row) {
    row.addEventListener('click', function () {
      document.querySelectorAll('.l.focus').forEach(function (l) { l.classList.remove('focus'); });
      ['input', 'output'].forEach(function (side) {
        var id = row.dataset[side];
        var line = id ? document.getElementById(id) : null;
        if (line) { line.classList.add('focus'); line.scrollIntoView({ block: 'nearest' }); }
      });
    });
  });
  apply();
  document.body.dataset.ready = window.toolshiftErrors.length ? 'errors' : 'ok';
  document.body.dataset.errors = window.toolshiftErrors.join(' | ');
})();
"#;

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The page up to its first file.
pub fn head() -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>toolshift review</title>\n<style>{STYLE}</style>\n<script>{GUARD}</script>\n</head>\n<body>\n<main>\n<section id=\"files\">\n"
    )
}

/// One file: a closed `<details>` whose summary line says what happened, opening to its
/// entries and the two texts.
pub fn file(file: &FileReport, index: usize) -> String {
    let mut out = String::new();
    summary(&mut out, file, index);
    let review = file.review.as_deref();
    entry_table(&mut out, file, index, review);
    if let Some(review) = review {
        panes(&mut out, file, index, review);
    }
    out.push_str("</details>\n");
    out
}

/// The file's `<details>` opening and its one-line summary: status, paths, counts.
fn summary(out: &mut String, file: &FileReport, index: usize) {
    let status = match file.status {
        Status::Converted => "converted",
        Status::Denied => "denied",
        Status::Failed => "failed",
    };
    let mut codes: Vec<&str> = file.entries.iter().map(|e| e.code.code()).collect();
    codes.sort_unstable();
    codes.dedup();
    let mut severities: Vec<&str> = file.entries.iter().map(|e| e.severity.as_str()).collect();
    severities.sort_unstable();
    severities.dedup();
    let counts: Vec<String> = Severity::ALL
        .iter()
        .filter_map(|severity| {
            let n = file
                .entries
                .iter()
                .filter(|e| e.severity == *severity)
                .count();
            (n > 0).then(|| format!("<span class=\"{0}\">{n} {0}</span>", severity.as_str()))
        })
        .collect();
    let _ = write!(
        out,
        "<details class=\"file\" id=\"f{index}\" data-status=\"{status}\" data-codes=\"{}\" data-severities=\"{}\"{}>\n<summary><span class=\"status {status}\">{status}</span> <code>{}</code>",
        codes.join(" "),
        severities.join(" "),
        // The first file opens, to show what a file looks like.
        if index == 0 { " open" } else { "" },
        escape(&file.input)
    );
    for output in &file.outputs {
        let _ = write!(out, " → <code>{}</code>", escape(output));
    }
    let _ = writeln!(
        out,
        "<span class=\"counts\">{}</span></summary>",
        counts.join(" · ")
    );
    if let Some(error) = &file.error {
        let _ = writeln!(out, "<div class=\"error\">{}</div>", escape(error));
    }
}

/// The file's entries, one row each, linked to their lines in the panes.
fn entry_table(out: &mut String, file: &FileReport, index: usize, review: Option<&ReviewText>) {
    if !file.entries.is_empty() {
        out.push_str("<table class=\"entries\">\n");
        for (number, entry) in file.entries.iter().enumerate() {
            let input_line = entry
                .line
                .map(|line| format!(" data-input=\"f{index}-i{line}\""))
                .unwrap_or_default();
            let output_line = review
                .and_then(|r| r.target_lines.get(number).copied().flatten())
                .map(|line| format!(" data-output=\"f{index}-o{line}\""))
                .unwrap_or_default();
            let place = |pointer: &str| escape(crate::batch_report::show_pointer(pointer));
            let _ = writeln!(
                out,
                "<tr{input_line}{output_line}><td class=\"{0}\">{0}</td><td><code>{1}</code></td><td><code>{2}</code>{3} → <code>{4}</code></td><td>{5}</td></tr>",
                entry.severity.as_str(),
                entry.code.code(),
                place(&entry.source),
                entry.line.map(|l| format!(" (line {l})")).unwrap_or_default(),
                place(&entry.target),
                escape(&entry.message)
            );
        }
        out.push_str("</table>\n");
    }
}

/// The input and the written manifest side by side, each entry marked on its lines.
fn panes(out: &mut String, file: &FileReport, index: usize, review: &ReviewText) {
    let mut input_marks: std::collections::BTreeMap<usize, Vec<&toolshift_model::Entry>> =
        Default::default();
    let mut output_marks: std::collections::BTreeMap<usize, Vec<&toolshift_model::Entry>> =
        Default::default();
    for (number, entry) in file.entries.iter().enumerate() {
        if let Some(line) = entry.line {
            input_marks.entry(line).or_default().push(entry);
        }
        if let Some(Some(line)) = review.target_lines.get(number) {
            output_marks.entry(*line).or_default().push(entry);
        }
    }
    out.push_str("<div class=\"panes\">\n");
    pane(
        out,
        &format!("input: {}", file.input),
        &review.input,
        &format!("f{index}-i"),
        &input_marks,
    );
    let output_title = if review.output_name.is_empty() {
        "output: nothing written".to_owned()
    } else {
        format!("output: {}", review.output_name)
    };
    pane(
        out,
        &output_title,
        &review.output,
        &format!("f{index}-o"),
        &output_marks,
    );
    out.push_str("</div>\n");
}

fn pane(
    out: &mut String,
    title: &str,
    text: &str,
    prefix: &str,
    marks: &std::collections::BTreeMap<usize, Vec<&toolshift_model::Entry>>,
) {
    let _ = write!(out, "<div class=\"pane\"><h4>{}</h4><pre>", escape(title));
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        match marks.get(&number) {
            Some(entries) => {
                let worst = entries
                    .iter()
                    .map(|e| e.severity)
                    .min()
                    .map_or("changed", Severity::as_str);
                let codes: Vec<&str> = entries.iter().map(|e| e.code.code()).collect();
                let _ = write!(
                    out,
                    "<span class=\"l hit {worst}\" id=\"{prefix}{number}\" title=\"{}\">{}</span>",
                    escape(&codes.join(", ")),
                    escape(line)
                );
            }
            None => {
                let _ = write!(
                    out,
                    "<span class=\"l\" id=\"{prefix}{number}\">{}</span>",
                    escape(line)
                );
            }
        }
    }
    out.push_str("</pre></div>\n");
}

/// The summary, with its filters, then the script and the end of the page.
pub fn tail(report: &BatchReport) -> String {
    let summary = &report.summary;
    let mut out = String::from("</section>\n<section id=\"summary\">\n<h1>toolshift review</h1>\n");
    let _ = writeln!(
        out,
        "<div class=\"totals\"><span>{} files</span><span>{} converted</span><span>{} denied</span><span>{} failed</span><span>{} skipped</span><span class=\"lost\">{} lost</span><span class=\"changed\">{} changed</span><span class=\"defaulted\">{} defaulted</span><span><span id=\"shown\">{}</span> shown</span></div>",
        summary.files, summary.converted, summary.denied, summary.failed, summary.skipped,
        summary.lost, summary.changed, summary.defaulted, summary.files
    );
    out.push_str("<div class=\"filters\"><strong>Status:</strong>");
    for status in ["converted", "denied", "failed"] {
        let _ = write!(
            out,
            "<label><input type=\"checkbox\" data-kind=\"status\" value=\"{status}\" checked> {status}</label>"
        );
    }
    out.push_str("</div>\n<div class=\"filters\"><strong>Severity:</strong>");
    for severity in Severity::ALL {
        let name = severity.as_str();
        let _ = write!(
            out,
            "<label class=\"{name}\"><input type=\"checkbox\" data-kind=\"severity\" value=\"{name}\" checked> {name}</label>"
        );
    }
    out.push_str("</div>\n<div class=\"filters\"><strong>Code:</strong>");
    for (code, count) in summary.codes.iter() {
        let _ = write!(
            out,
            "<label><input type=\"checkbox\" data-kind=\"code\" value=\"{0}\" checked> <code>{0}</code> {count}</label>",
            escape(code)
        );
    }
    out.push_str("</div>\n");
    if !report.skipped.is_empty() {
        let _ = writeln!(
            out,
            "<details><summary>{} skipped</summary><ul>",
            report.skipped.len()
        );
        for skipped in &report.skipped {
            let _ = writeln!(
                out,
                "<li><code>{}</code>: {}</li>",
                escape(&skipped.path),
                escape(&skipped.reason)
            );
        }
        out.push_str("</ul></details>\n");
    }
    let _ = write!(
        out,
        "</section>\n</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn text_is_escaped_for_html() {
        assert_eq!(
            escape("<a href=\"x\">&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
        );
    }
}
