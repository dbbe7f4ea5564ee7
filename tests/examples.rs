//! The console examples of the docs, run: each `$ toolshift ...` block of
//! `docs/review.md` runs from `docs/review.in/` (in a sandbox), and its output and exit
//! code must be what the page shows. `TRYCMD=overwrite` rewrites the page's outputs
//! after an intended change; review that diff.

#[test]
fn documented_examples() {
    trycmd::TestCases::new()
        .register_bin("toolshift", trycmd::cargo::cargo_bin!("toolshift"))
        .case("docs/review.md");
}
