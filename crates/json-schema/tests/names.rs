//! Names a target refuses: `short_name` keeps them readable, apart and stable.

use toolshift_json_schema::short_name;

fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-')
}

#[test]
fn a_short_name_only_loses_the_characters_the_target_refuses() {
    assert_eq!(
        short_name("billing.list invoices", allowed, 64),
        "billing_list_invoices"
    );
}

#[test]
fn long_names_sharing_a_beginning_stay_apart_and_within_the_limit() {
    let stem = "github_enterprise_administration_list_self_hosted_runner_groups_for";
    let a = short_name(&format!("{stem}_enterprise"), allowed, 64);
    let b = short_name(&format!("{stem}_organization"), allowed, 64);
    assert_ne!(a, b);
    assert_eq!(a.chars().count(), 64);
    // A stem of 55 characters, `_`, and 8 hex digits.
    assert!(a.starts_with(&stem[..55]));
    assert!(a[56..].chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(a, short_name(&format!("{stem}_enterprise"), allowed, 64));
}
