//! Commands run as data, with trycmd:
//! - the console examples of `docs/review.md`, each `$ toolshift ...` block run from
//!   `docs/review.in/` (in a sandbox);
//! - the cases of `tests/cmd/`: each `NAME.toml` names the arguments and the exit code,
//!   runs in a sandbox copy of the folder its `fs.base` names, and `NAME.stdout` and
//!   `NAME.stderr` hold what it must print (`...` and `[..]` match anything).
//!
//! `TRYCMD=overwrite` rewrites the expected outputs after an intended change; review
//! that diff.

#[test]
fn documented_examples() {
    trycmd::TestCases::new()
        .register_bin("toolshift", trycmd::cargo::cargo_bin!("toolshift"))
        .case("docs/review.md");
}

#[test]
fn command_cases() {
    trycmd::TestCases::new()
        .register_bin("toolshift", trycmd::cargo::cargo_bin!("toolshift"))
        .case("tests/cmd/*.toml");
}
