//! The command-line contract. Users script against these names: keep them.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "toolshift",
    version,
    about = "Convert AI-agent tool manifests between dialects, reporting everything that does not survive"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Convert manifests into another dialect and report every loss.
    #[command(after_help = "Examples:
  toolshift convert tool.json --to arcade
  toolshift convert plugins/ --to anythingllm -o skills/ --report json --report-file report.json
  toolshift convert toolkits/Mail --to mcp --bundle -o mcp/
  toolshift convert tools.json --to openai --strict --deny lost")]
    Convert(Box<ConvertArgs>),
    /// Print the dialect of each file, one `FILE<TAB>DIALECT` line each.
    #[command(after_help = "Example:
  toolshift detect tools/ plugins/sql_pull_data.yaml")]
    Detect {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Explain a loss code, or list what a pair of dialects can lose (all pairs without arguments).
    #[command(after_help = "Examples:
  toolshift explain keyword-dropped
  toolshift explain --from taskweaver --to anythingllm")]
    Explain {
        /// A loss code, such as `array-element-type-lost`.
        code: Option<String>,
        /// With --to: the source dialect of the pair to list.
        #[arg(long, value_name = "DIALECT", requires = "to", conflicts_with = "code")]
        from: Option<String>,
        /// With --from: the target dialect of the pair to list.
        #[arg(long, value_name = "DIALECT", requires = "from")]
        to: Option<String>,
    },
    /// Print any manifest in the canonical view, the one vocabulary every dialect shares.
    #[command(after_help = "Examples:
  toolshift inspect plugins/sql_pull_data.yaml
  toolshift inspect skills/weather --format json")]
    Inspect {
        /// Manifest files or skill folders.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The dialect of every PATH; detected from the content when absent.
        #[arg(long, value_name = "DIALECT")]
        from: Option<String>,
        /// How to print the view.
        #[arg(long, value_enum, default_value_t = Format::Yaml)]
        format: Format,
    },
    /// Compare two manifests, of one dialect or two, field by field in the canonical view.
    ///
    /// Exit 0: the same tool; 1: they differ; 2: bad input.
    #[command(after_help = "Examples:
  toolshift diff plugins/sql_pull_data.yaml skills/sql_pull_data
  toolshift diff v1/Echo.json v2/Tools.Echo.json --report json")]
    Diff {
        #[arg(value_name = "BEFORE")]
        before: PathBuf,
        #[arg(value_name = "AFTER")]
        after: PathBuf,
        /// The dialect of both; detected from the content when absent.
        #[arg(long, value_name = "DIALECT")]
        from: Option<String>,
        /// How to print the differences.
        #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
        report: DiffFormat,
    },
    /// Check manifests against their dialect's schema, and warn about real-world problems.
    #[command(after_help = "Examples:
  toolshift validate skills/
  toolshift validate tool.json --dialect arcade-v1 --official")]
    Validate {
        /// Manifest files or skill folders.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The dialect of every PATH; detected from the content when absent.
        #[arg(long, value_name = "ID")]
        dialect: Option<String>,
        /// Judge by the schemas exactly as published, without toolshift's documented corrections.
        #[arg(long)]
        official: bool,
    },
    /// Print a completion script for a shell.
    #[command(after_help = "Examples:
  toolshift completions bash > ~/.local/share/bash-completion/completions/toolshift
  toolshift completions zsh > ~/.zfunc/_toolshift
  toolshift completions fish > ~/.config/fish/completions/toolshift.fish")]
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff).
    #[command(after_help = "Example:
  toolshift man | man -l -")]
    Man,
}

#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// Manifest files, skill folders, or folders to walk for every manifest they hold;
    /// `-` reads standard input.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// Target dialect.
    #[arg(long, value_name = "DIALECT")]
    pub to: String,
    /// Source dialect; detected from the content when absent.
    #[arg(long, value_name = "DIALECT")]
    pub from: Option<String>,
    /// Output file, or folder (an existing folder takes each output under its own name).
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Serialization of the written manifest [default: the target's own: YAML for
    /// taskweaver, JSON for the others].
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// How to print the loss report.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub report: ReportFormat,
    /// Write the report to this file instead of standard error.
    #[arg(long, value_name = "PATH")]
    pub report_file: Option<PathBuf>,
    /// Refuse to write a file whose report has an entry of this severity or code (exit 1).
    #[arg(long, value_name = "SEVERITY|CODE")]
    pub deny: Vec<String>,
    /// Toolkit name for targets that require one.
    #[arg(long, value_name = "NAME")]
    pub toolkit: Option<String>,
    /// Toolkit version for targets that require one.
    #[arg(long, value_name = "VERSION")]
    pub toolkit_version: Option<String>,
    /// OAuth2 provider id for targets that require one (google, github, slack, ...).
    #[arg(long, value_name = "ID")]
    pub provider: Option<String>,
    /// OAuth2 authorization URL for targets that require one (arcade-v1), where the tool
    /// has none and its provider is not in docs/providers.md.
    #[arg(long, value_name = "URL")]
    pub oauth2_url: Option<String>,
    /// Write only what each target's official schema allows: keys its loader reads beyond
    /// the schema (AnythingLLM enum and default, the Arcade v1 enum) move into
    /// descriptions and hints, each reported.
    #[arg(long)]
    pub official: bool,
    /// Replace outputs that already exist; generated code already there (handler.js,
    /// NAME.py) is kept, and the report says so.
    #[arg(long)]
    pub force: bool,
    /// Flush each written file to the disk before it is renamed into place (fsync);
    /// slower, and only needed where a power loss must not lose a finished file.
    #[arg(long)]
    pub sync: bool,
    /// Copy the values of credentials (api keys, tokens, passwords) into the output.
    #[arg(long)]
    pub keep_secrets: bool,
    /// With a taskweaver target, also write NAME.py, a plugin stub to complete by hand.
    #[arg(long)]
    pub scaffold: bool,
    /// With an openai target, write each function in strict mode: every property
    /// required (optional ones accept null), no other properties, only the keywords
    /// strict mode supports (docs/openai.md).
    #[arg(long)]
    pub strict: bool,
    /// With an openai target, write the Responses API's shape (`{"type": "function",
    /// "name", ...}`) instead of Chat Completions' (`{"type": "function", "function": {...}}`).
    #[arg(long)]
    pub responses: bool,
    /// With a gemini target, write each declaration's arguments as
    /// `parametersJsonSchema`, the full JSON Schema, rather than Gemini's `Schema`.
    #[arg(long)]
    pub json_schema: bool,
    /// With an mcp, openai, anthropic or gemini target, write one list document holding
    /// every tool (an MCP `tools/list` result, a `tools` array): `-o DIR` writes
    /// DIR/tools.json.
    #[arg(long)]
    pub bundle: bool,
    /// Write each converted tool's written name and the name (and toolkit) it had, as
    /// JSON to FILE, so that a caller can route a model's tool calls back.
    #[arg(long, value_name = "FILE")]
    pub name_map: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Yaml,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    Text,
    Json,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
    /// SARIF 2.1.0, for code-scanning tools (`convert` only).
    Sarif,
    /// One self-contained page for reviewing a whole batch (`convert` only, with
    /// `--report-file`).
    Html,
    None,
}
