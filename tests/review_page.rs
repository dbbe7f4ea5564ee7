//! The HTML review page (`--report html`) for a batch of 200 files: self-contained, and,
//! when `TOOLSHIFT_BROWSER` names a Chromium (`.ci/run` sets it), loaded in that real
//! headless browser with no script error or `console.error`, its DOM checked, and a
//! screenshot kept at `target/review-page.png`.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use std::path::Path;
use std::process::Command;
use support::{run_toolshift, Scratch};

const FILES: usize = 200;

#[test]
fn the_review_page_of_200_files_is_self_contained() {
    review_page_of_200_files();
}

#[test]
#[cfg_attr(not(toolshift_browser), ignore = "set TOOLSHIFT_BROWSER to a Chromium")]
fn the_review_page_of_200_files_loads_clean_in_a_browser() {
    let browser =
        std::env::var_os("TOOLSHIFT_BROWSER").expect("TOOLSHIFT_BROWSER names a Chromium");
    let (scratch, root) = review_page_of_200_files();
    load_clean(&browser, &scratch, root);
}

/// Writes the page of 200 files and checks what can be checked without a browser.
fn review_page_of_200_files() -> (Scratch, &'static Path) {
    let scratch = Scratch::new().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let inputs = scratch.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    // 200 tools of four dialects, each under its own name so none collide.
    let sources = [
        ("tw-to-allm-every-rule", "yaml"),
        ("mcp-to-arcade-keywords-reported", "json"),
        ("v2-to-v1-arrays-enums-oauth", "json"),
        ("v1-jsonc-with-comments", "jsonc"),
    ];
    for index in 0..FILES {
        let (case, extension) = sources[index % sources.len()];
        let input = support::golden_input(&root.join("golden").join(case)).unwrap();
        let text = std::fs::read_to_string(input).unwrap();
        let renamed = rename(&text, extension, index);
        std::fs::write(inputs.join(format!("tool{index:03}.{extension}")), renamed).unwrap();
    }
    let run = run_toolshift(
        scratch.path(),
        &[
            "convert",
            "in",
            "--to",
            "arcade",
            "--toolkit",
            "Kit",
            "-o",
            "out",
            "--report",
            "html",
            "--report-file",
            "review.html",
        ]
        .map(str::to_owned),
        None,
    )
    .unwrap();
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let page = std::fs::read_to_string(scratch.path().join("review.html")).unwrap();
    assert_eq!(page.matches("<details class=\"file\"").count(), FILES);
    // Self-contained: nothing is fetched, from the network or from disk.
    for outside in ["<script src", "<link", "src=\"http", "@import", "url("] {
        assert!(
            !page.contains(outside),
            "the page refers to something outside it: {outside}"
        );
    }
    // Readable at this size: one file open, the rest one line each until opened.
    assert_eq!(page.matches(" open>").count(), 1);
    // Credentials are never shown: the TaskWeaver key is withheld in the input pane.
    assert!(!page.contains("sk-live-1234567890"));
    assert!(page.contains("api_key: &lt;withheld&gt;"));

    (scratch, root)
}

/// Loads the page in the browser: no script error, the filters ran, a screenshot kept.
fn load_clean(browser: &std::ffi::OsStr, scratch: &Scratch, root: &Path) {
    let url = format!("file://{}", scratch.path().join("review.html").display());
    let headless = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
    ];
    // The browser run headless on the page with `extra` arguments; its output.
    let browse = |extra: &[String]| {
        let run = Command::new(browser)
            .args(headless)
            .args(extra)
            .arg(&url)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        run.stdout
    };
    let dom = browse(&["--dump-dom".to_owned()]);
    let dom = String::from_utf8_lossy(&dom);
    let body = dom
        .split("<body")
        .nth(1)
        .and_then(|rest| rest.split('>').next())
        .unwrap_or_default();
    assert!(
        body.contains("data-ready=\"ok\""),
        "the page did not run clean: <body{body}>"
    );
    assert!(
        body.contains("data-errors=\"\""),
        "script errors: <body{body}>"
    );
    assert!(
        dom.contains(&format!("<span id=\"shown\">{FILES}</span>")),
        "the filters did not run"
    );

    let screenshot = root.join("target/review-page.png");
    let _ = std::fs::remove_file(&screenshot);
    browse(&[
        "--window-size=1280,2000".to_owned(),
        format!("--screenshot={}", screenshot.display()),
    ]);
    let size = std::fs::metadata(&screenshot).map(|m| m.len()).unwrap_or(0);
    assert!(size > 10_000, "the screenshot is empty ({size} bytes)");
    eprintln!("review page: screenshot kept at {}", screenshot.display());
}

/// The same tool under a name of its own, so 200 copies write 200 outputs.
fn rename(text: &str, extension: &str, index: usize) -> String {
    let suffix = format!("_{index:03}");
    match extension {
        "yaml" => text.replacen(
            "name: invoice_lookup",
            &format!("name: invoice_lookup{suffix}"),
            1,
        ),
        _ => {
            let at = text.find("\"name\": \"").expect("a name") + "\"name\": \"".len();
            let end = at + text[at..].find('"').expect("the name's end");
            let name = &text[at..end];
            // A qualified v1 name keeps its toolkit part.
            format!("{}{name}{suffix}{}", &text[..at], &text[end..])
        }
    }
}

/// The whole corpus, each folder converted to MCP, with both reports: the SARIF passes
/// the official schema, and the page (when a browser is named) loads clean.
#[test]
#[cfg_attr(
    not(toolshift_corpus),
    ignore = "set TOOLSHIFT_CORPUS to ../shared/corpus"
)]
fn the_corpus_reports_as_sarif_and_as_a_page() {
    // Relative to the package, as `.ci/run` gives it; the commands run elsewhere.
    let corpus = std::env::var_os("TOOLSHIFT_CORPUS")
        .map(std::path::PathBuf::from)
        .and_then(|path| path.canonicalize().ok())
        .expect("TOOLSHIFT_CORPUS names the corpus folder");
    let scratch = Scratch::new().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folders: Vec<String> = ["arcade", "arcade-sdk", "taskweaver", "anythingllm"]
        .iter()
        .map(|f| corpus.join(f).display().to_string())
        .collect();
    for (report, file) in [("sarif", "corpus.sarif"), ("html", "corpus.html")] {
        let mut command: Vec<String> = vec!["convert".into()];
        command.extend(folders.iter().cloned());
        command.extend(
            [
                "--to",
                "mcp",
                "-o",
                &format!("out-{report}"),
                "--report",
                report,
                "--report-file",
                file,
            ]
            .map(str::to_owned),
        );
        let run = run_toolshift(scratch.path(), &command, None).unwrap();
        // Two corpus plugins would write the same MCP tool, and are refused; the rest convert.
        assert!(matches!(run.status, Some(0 | 2)), "{}", run.stderr);
    }
    let sarif: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(scratch.path().join("corpus.sarif")).unwrap(),
    )
    .unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("tests/data/sarif/sarif-schema-2.1.0.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let results = sarif["runs"][0]["results"].as_array().map_or(0, Vec::len);
    assert!(results > 100, "only {results} results for the whole corpus");

    let Some(browser) = std::env::var_os("TOOLSHIFT_BROWSER") else {
        return;
    };
    let url = format!("file://{}", scratch.path().join("corpus.html").display());
    let dom = Command::new(&browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(&url)
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.contains("data-ready=\"ok\""),
        "the corpus page did not run clean"
    );
}
