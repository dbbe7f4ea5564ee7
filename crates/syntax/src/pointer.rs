//! RFC 6901 JSON pointers.

/// Shows the root pointer `""` as `/` so that messages never have an empty place.
pub fn display(pointer: String) -> String {
    if pointer.is_empty() {
        "/".to_owned()
    } else {
        pointer
    }
}

/// Escapes one reference token (`~` → `~0`, `/` → `~1`).
pub fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Appends one token to a pointer, in one allocation: pointers are made for every key
/// of every document read.
pub fn child(pointer: &str, token: &str) -> String {
    let mut joined = String::with_capacity(pointer.len() + token.len() + 1);
    joined.push_str(pointer);
    joined.push('/');
    push_escaped(&mut joined, token);
    joined
}

/// `{parent}/{index}{rest}`: the pointer of an item of a list, or of a field below it
/// (`rest` is empty or starts with `/`). Made for every report entry that names a
/// parameter, so without `format!`, whose machinery cost three times as much.
pub fn indexed(parent: &str, index: usize, rest: &str) -> String {
    let mut digits = [0; 20];
    let index = crate::text::decimal(index, &mut digits);
    let mut pointer = String::with_capacity(parent.len() + 1 + index.len() + rest.len());
    pointer.push_str(parent);
    pointer.push('/');
    pointer.push_str(index);
    pointer.push_str(rest);
    pointer
}

pub fn push_escaped(pointer: &mut String, token: &str) {
    // Nearly every token needs no escape, and is copied whole.
    if !token.bytes().any(|byte| byte == b'~' || byte == b'/') {
        pointer.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

/// Objects this small are scanned: comparing a few keys costs less than hashing one with
/// the SipHash of serde_json's maps.
const SCANNED_UP_TO: usize = 12;

/// The value under `key` in an object, as `Map::get` finds it.
pub fn field<'a>(
    object: &'a serde_json::Map<String, serde_json::Value>,
    key: &str,
) -> Option<&'a serde_json::Value> {
    if object.len() <= SCANNED_UP_TO {
        object
            .iter()
            .find_map(|(name, value)| (name == key).then_some(value))
    } else {
        object.get(key)
    }
}

/// `field` for changing the value.
pub fn field_mut<'a>(
    object: &'a mut serde_json::Map<String, serde_json::Value>,
    key: &str,
) -> Option<&'a mut serde_json::Value> {
    if object.len() <= SCANNED_UP_TO {
        object
            .iter_mut()
            .find_map(|(name, value)| (name == key).then_some(value))
    } else {
        object.get_mut(key)
    }
}

/// The value under `key` if `value` is an object, as `Value::get` finds it.
pub fn member<'a>(value: &'a serde_json::Value, key: &str) -> Option<&'a serde_json::Value> {
    field(value.as_object()?, key)
}

/// The reference tokens of a pointer's text after its first `/`, still escaped, as
/// `split('/')` gives them: cut at each `/` found by a byte scan, where `split` starts
/// a searcher for every token, which costs more than these short tokens (report
/// entries look up and locate several pointers a file).
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.bytes().position(|byte| byte == b'/') {
            Some(at) => {
                rest = text.get(at + 1..);
                text.get(..at)
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// A reference token unescaped (`~1` → `/`, `~0` → `~`); borrowed when it holds no
/// `~`, as nearly every token does.
pub fn unescaped(raw: &str) -> std::borrow::Cow<'_, str> {
    if raw.bytes().any(|byte| byte == b'~') {
        raw.replace("~1", "/").replace("~0", "~").into()
    } else {
        raw.into()
    }
}

/// The value `pointer` names in `document`, like `Value::pointer`, without allocating
/// for tokens that need no unescaping: report entries look up several per file.
pub fn lookup<'a>(document: &'a serde_json::Value, pointer: &str) -> Option<&'a serde_json::Value> {
    use serde_json::Value;
    walk(document, pointer, |current, token| match current {
        Value::Object(map) => field(map, token),
        Value::Array(items) => items.get(array_index(token)?),
        _ => None,
    })
}

/// `lookup` for changing the value, like `Value::pointer_mut`.
pub fn lookup_mut<'a>(
    document: &'a mut serde_json::Value,
    pointer: &str,
) -> Option<&'a mut serde_json::Value> {
    use serde_json::Value;
    walk(document, pointer, |current, token| match current {
        Value::Object(map) => field_mut(map, token),
        Value::Array(items) => items.get_mut(array_index(token)?),
        _ => None,
    })
}

/// Follows `pointer`'s tokens from `document`, one `step` each: `lookup` and
/// `lookup_mut` differ only in the step, shared or mutable.
fn walk<T>(document: T, pointer: &str, step: impl Fn(T, &str) -> Option<T>) -> Option<T> {
    if pointer.is_empty() {
        return Some(document);
    }
    let mut current = document;
    for raw in tokens(pointer.strip_prefix('/')?) {
        current = step(current, &unescaped(raw))?;
    }
    Some(current)
}

/// A token as an array index: RFC 6901's, digits only with no leading zero.
fn array_index(token: &str) -> Option<usize> {
    let valid = !token.is_empty()
        && token.bytes().all(|b| b.is_ascii_digit())
        && (token == "0" || !token.starts_with('0'));
    token.parse::<usize>().ok().filter(|_| valid)
}

/// Converts a serde path (as tracked by `serde_path_to_error`) into a pointer.
pub fn from_serde_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => pointer.push_str(&format!("/{index}")),
            Segment::Map { key } => {
                pointer.push('/');
                push_escaped(&mut pointer, key);
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    pointer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_finds_what_map_get_finds_in_small_and_large_objects() {
        for size in [0, 1, SCANNED_UP_TO, SCANNED_UP_TO + 1, 40] {
            let object: serde_json::Map<String, serde_json::Value> = (0..size)
                .map(|i| (format!("k{i}"), serde_json::json!(i)))
                .collect();
            for key in ["k0", "k11", "k12", "k39", "k", "", "k40"] {
                assert_eq!(field(&object, key), object.get(key), "{key} in {size} keys");
            }
            let value = serde_json::Value::Object(object.clone());
            assert_eq!(member(&value, "k0"), object.get("k0"));
        }
        assert_eq!(member(&serde_json::json!(["k0"]), "k0"), None);
    }

    #[test]
    fn indexed_and_child_spell_what_format_spells() {
        for index in [0, 7, 10, 99, 100, 12_345, usize::MAX] {
            for rest in ["", "/description", "/schema/type"] {
                assert_eq!(
                    indexed("/input/parameters", index, rest),
                    format!("/input/parameters/{index}{rest}")
                );
            }
            assert_eq!(indexed("", index, ""), format!("/{index}"));
        }
        for (token, escaped) in [
            ("a", "a"),
            ("", ""),
            ("a/b~c", "a~1b~0c"),
            ("~", "~0"),
            ("é/", "é~1"),
        ] {
            assert_eq!(child("/p", token), format!("/p/{escaped}"));
            assert_eq!(escape(token), escaped);
        }
    }

    #[test]
    fn tokens_are_what_split_gives_and_unescaped_as_the_rfc_says() {
        for text in ["", "a", "a/b", "/", "//", "a//b/", "~1/~0~01", "é/雪/x"] {
            assert_eq!(
                tokens(text).collect::<Vec<_>>(),
                text.split('/').collect::<Vec<_>>(),
                "{text:?}"
            );
        }
        for (raw, token) in [
            ("a", "a"),
            ("~1", "/"),
            ("~0", "~"),
            ("~01", "~1"),
            ("", ""),
        ] {
            assert_eq!(unescaped(raw), token);
        }
    }

    #[test]
    fn lookup_and_lookup_mut_agree_with_serde_json() {
        let doc = serde_json::json!({"a/b": {"c~d": [1, {"": 2}]}, "x": [0, 1], "": 3});
        for pointer in [
            "",
            "/",
            "/a~1b",
            "/a~1b/c~0d/1",
            "/a~1b/c~0d/1/",
            "/x/01",
            "/x/1",
            "/x/-",
            "/x/+1",
            "/a~1b/c~0d/9",
            "nope",
            "/x/1/y",
            "/a~1b/c~0d/1/x",
        ] {
            assert_eq!(lookup(&doc, pointer), doc.pointer(pointer), "{pointer:?}");
            let (mut ours, mut theirs) = (doc.clone(), doc.clone());
            assert_eq!(
                lookup_mut(&mut ours, pointer),
                theirs.pointer_mut(pointer),
                "{pointer:?}"
            );
        }
    }

    #[test]
    fn escapes_tilde_before_slash() {
        assert_eq!(child(&child(&child("", "a/b"), "c~d"), "0"), "/a~1b/c~0d/0");
        assert_eq!(child("/x", "~/"), "/x/~0~1");
    }

    #[test]
    fn built_pointer_finds_the_value() {
        let doc = serde_json::json!({"a/b": {"c~d": [1, 2]}});
        assert_eq!(
            doc.pointer(&child(&child(&child("", "a/b"), "c~d"), "1")),
            Some(&serde_json::json!(2))
        );
    }
}
