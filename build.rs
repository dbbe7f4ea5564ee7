//! Tests that need the corpus, the real clients or a browser are compiled as ignored
//! unless the variable naming it is set, so a run without it shows them as ignored,
//! never as passed (`cfg(toolshift_corpus)`, `cfg(toolshift_real_clients)`,
//! `cfg(toolshift_browser)`).

fn main() {
    for (variable, cfg) in [
        ("TOOLSHIFT_CORPUS", "toolshift_corpus"),
        ("TOOLSHIFT_REAL_CLIENTS", "toolshift_real_clients"),
        ("TOOLSHIFT_BROWSER", "toolshift_browser"),
    ] {
        println!("cargo::rerun-if-env-changed={variable}");
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if std::env::var_os(variable).is_some() {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
