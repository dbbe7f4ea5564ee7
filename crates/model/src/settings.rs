//! Recognising credentials among settings by their key.

/// Whether a setting key names a credential: `api_key`, `OPENAI_API_KEY`, `token`,
/// `hana_password`, `clientSecret`... Matching is on words, so `max_tokens` or
/// `token_limit`-style counts are not mistaken for secrets only because they contain
/// "token" as part of a longer word.
pub fn looks_secret(key: &str) -> bool {
    // Most keys (`page_size`) hold no stem, and are answered without being split into
    // words. Beyond ASCII, lowercasing can make new ASCII letters (the Kelvin sign is a
    // `k`), so such keys are split.
    if key.is_ascii() {
        return STEMS.iter().any(|stem| holds_ignoring_case(key, stem))
            && names_a_credential(ascii_words(key));
    }
    names_a_credential(words(key).iter().map(String::as_str))
}

/// Lowercase words that name a credential on their own.
const SECRET_WORDS: [&str; 9] = [
    "apikey",
    "token",
    "password",
    "passwd",
    "pwd",
    "secret",
    "credential",
    "credentials",
    "passphrase",
];

/// Lowercase words that name a credential one after the other.
const SECRET_PAIRS: [(&str, &str); 5] = [
    ("api", "key"),
    ("access", "key"),
    ("private", "key"),
    ("secret", "key"),
    ("auth", "key"),
];

/// A part of every word of `SECRET_WORDS` and of every pair of `SECRET_PAIRS` (a test
/// holds this), so that a key holding none of them names no credential.
const STEMS: [&str; 6] = ["key", "token", "pass", "pwd", "secret", "credential"];

fn holds_ignoring_case(text: &str, stem: &str) -> bool {
    text.as_bytes()
        .windows(stem.len())
        .any(|window| window.eq_ignore_ascii_case(stem.as_bytes()))
}

/// Whether a key's words hold a credential word, or two that name one in turn. Words
/// are compared ignoring ASCII case: an ASCII key's words are compared as they stand
/// instead of being copied out lowercased (a key holding a stem is asked about for
/// every plugin that has one, `api_key` first among them), and other keys' words come
/// lowercased already.
fn names_a_credential<'w>(words: impl Iterator<Item = &'w str>) -> bool {
    let mut previous: Option<&str> = None;
    for word in words {
        let is = |name: &str| word.eq_ignore_ascii_case(name);
        if SECRET_WORDS.iter().any(|name| is(name)) {
            return true;
        }
        if let Some(first) = previous {
            if SECRET_PAIRS
                .iter()
                .any(|(one, two)| first.eq_ignore_ascii_case(one) && is(two))
            {
                return true;
            }
        }
        previous = Some(word);
    }
    false
}

/// The words of an ASCII key, cut where `words` cuts them, in their own case.
fn ascii_words(key: &str) -> impl Iterator<Item = &str> {
    let bytes = key.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while bytes
            .get(at)
            .is_some_and(|byte| !byte.is_ascii_alphanumeric())
        {
            at += 1;
        }
        let start = at;
        let mut previous_lower = false;
        while let Some(&byte) = bytes.get(at) {
            let hump = byte.is_ascii_uppercase() && previous_lower;
            if !byte.is_ascii_alphanumeric() || hump {
                break;
            }
            previous_lower = byte.is_ascii_lowercase() || byte.is_ascii_digit();
            at += 1;
        }
        (start < at).then(|| key.get(start..at)).flatten()
    })
}

/// Lowercase words of a key split at `_`, `-`, `.`, spaces and camelCase humps.
fn words(key: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in key.chars() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::{
        ascii_words, holds_ignoring_case, looks_secret, words, SECRET_PAIRS, SECRET_WORDS, STEMS,
    };

    #[test]
    fn every_credential_word_and_pair_holds_a_stem() {
        let pairs = SECRET_PAIRS.map(|(first, second)| [first, second].concat());
        for text in SECRET_WORDS
            .iter()
            .copied()
            .chain(pairs.iter().map(String::as_str))
        {
            assert!(
                STEMS.iter().any(|stem| holds_ignoring_case(text, stem)),
                "{text} holds no stem, so keys holding it are never split into words"
            );
        }
    }

    #[test]
    fn credentials_are_recognised() {
        for key in [
            "api_key",
            "bing_api_key",
            "OPENAI_API_KEY",
            "MEDIUM_API_TOKEN",
            "token",
            "hana_password",
            "clientSecret",
            "apiKey",
            "STABILITY_API_KEY",
            "aws_access_key",
            "db-passwd",
            "private_key",
            "PASSPHRASE",
            // The Kelvin sign lowercases to `k`: no ASCII stem, still a key.
            "api_\u{212a}ey",
        ] {
            assert!(looks_secret(key), "{key} should be secret");
        }
    }

    #[test]
    fn ascii_keys_are_cut_into_the_same_words() {
        // Every key of up to four characters from these, cut both ways.
        let keys =
            toolshift_syntax::text::every_text(&["a", "B", "7", "_", "-", " ", "Ke", "yT"], 4);
        for key in
            keys.iter()
                .map(String::as_str)
                .chain(["apiKey", "API_KEY", "myAccessKey2", "x.TOKEN"])
        {
            let lowered: Vec<String> = ascii_words(key).map(str::to_ascii_lowercase).collect();
            assert_eq!(lowered, words(key), "{key:?}");
        }
    }

    #[test]
    fn ordinary_settings_are_not() {
        for key in [
            "max_tokens",
            "api_base",
            "api_version",
            "deployment_name",
            "sqlite_db_path",
            "result_count",
            "keyboard",
            "author",
            "tokenizer",
            "IMAGE_SAVE_DIRECTORY",
            "google_search_engine_id",
        ] {
            assert!(!looks_secret(key), "{key} should not be secret");
        }
    }
}
