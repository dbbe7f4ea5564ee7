//! JSON objects whose key sequence repeats, built without hashing their keys again.
//!
//! `serde_json::Map` keeps key order in an `IndexMap` hashed with SipHash, and offers
//! only hashing inserts. Manifests repeat a few key sequences over and over (every
//! Arcade value schema has the same nine keys, in the same order), so the first object
//! of each sequence is kept, per thread, with null values. A later object with the
//! same keys clones it, which copies the hash table instead of recomputing it, and
//! fills in its values in order.
//!
//! It also keeps spare values: the parts a document read over a larger one no longer
//! holds, for the next document that needs them.

use serde_json::{Map, Value};
use std::cell::RefCell;

/// Enough for every key sequence of typical inputs. A
/// folder of ever new key sequences only stops being served from kept objects; memory
/// never grows past this, and a miss costs one scan of this many signatures.
const MAX_KEPT: usize = 256;

/// Objects with more keys are rare, and are built key by key.
pub const MAX_KEYS: usize = 32;

struct Kept {
    signature: u64,
    object: Map<String, Value>,
}

thread_local! {
    static KEPT: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// An object being built: its keys and values in order, with a cheap summary of its
/// keys, until it outgrows `MAX_KEYS` and is built key by key.
#[derive(Debug)]
pub struct Fields<K> {
    pairs: Vec<(K, Value)>,
    signature: u64,
    /// Boxed: nearly every object stays small, and a `Fields` stays cheap to move.
    large: Option<Box<Map<String, Value>>>,
}

impl<K: AsRef<str> + Into<String>> Fields<K> {
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            pairs: Vec::with_capacity(capacity),
            signature: 0,
            large: None,
        }
    }

    pub fn contains(&self, key: &str) -> bool {
        match &self.large {
            Some(object) => object.contains_key(key),
            None => self.pairs.iter().any(|(seen, _)| seen.as_ref() == key),
        }
    }

    /// Adds a key and its value; a repeated key keeps its first place and its last
    /// value, as `Map::insert` would.
    #[inline]
    pub fn push(&mut self, key: K, value: Value) {
        if self.large.is_some() || self.pairs.len() == MAX_KEYS {
            self.push_large(key, value);
            return;
        }
        let text = key.as_ref().as_bytes();
        let summary = text.len() as u64
            ^ u64::from(text.first().copied().unwrap_or(0)) << 16
            ^ u64::from(text.last().copied().unwrap_or(0)) << 24;
        self.signature =
            (self.signature.rotate_left(7) ^ summary).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.pairs.push((key, value));
    }

    /// Kept apart from `push`, so that the path nearly every key takes stays small
    /// enough to be inlined.
    #[cold]
    fn push_large(&mut self, key: K, value: Value) {
        let object = self.large.get_or_insert_with(|| {
            Box::new(
                std::mem::take(&mut self.pairs)
                    .into_iter()
                    .map(|(key, value)| (key.into(), value))
                    .collect(),
            )
        });
        object.insert(key.into(), value);
    }

    /// The object, with the keys in order.
    pub fn into_object(self) -> Map<String, Value> {
        let Fields {
            pairs,
            signature,
            large,
        } = self;
        if let Some(object) = large {
            return *object;
        }
        match clone_kept(signature, &pairs) {
            Some(mut object) => {
                for (slot, (_, value)) in object.values_mut().zip(pairs) {
                    *slot = value;
                }
                object
            }
            None => pairs
                .into_iter()
                .map(|(key, value)| (key.into(), value))
                .collect(),
        }
    }
}

/// A clone of the kept object with these keys, keeping one first if there is room.
fn clone_kept<K: AsRef<str>>(signature: u64, pairs: &[(K, Value)]) -> Option<Map<String, Value>> {
    if pairs.is_empty() {
        return None;
    }
    KEPT.with(|cell| {
        let mut kept = cell.try_borrow_mut().ok()?;
        let same = |one: &Kept| {
            one.signature == signature
                && one.object.len() == pairs.len()
                && one
                    .object
                    .keys()
                    .zip(pairs)
                    .all(|(left, (right, _))| left == right.as_ref())
        };
        if let Some(one) = kept.iter().find(|one| same(one)) {
            return Some(one.object.clone());
        }
        if kept.len() >= MAX_KEPT {
            return None;
        }
        let object: Map<String, Value> = pairs
            .iter()
            .map(|(key, _)| (key.as_ref().to_owned(), Value::Null))
            .collect();
        // A repeated key would shift every later value onto the wrong key.
        if object.len() != pairs.len() {
            return None;
        }
        kept.push(Kept {
            signature,
            object: object.clone(),
        });
        Some(object)
    })
}

/// Writes text over a value, into its old string's buffer if it was one.
pub(crate) fn overwrite_text(slot: &mut Value, text: &str) {
    match slot {
        Value::String(old) => {
            old.clear();
            old.push_str(text);
        }
        other => *other = Value::String(text.to_owned()),
    }
}

/// The slot's object, taken out of it, when it has keys to reuse. An empty one has
/// nothing worth keeping, and is built anew through the kept objects.
pub(crate) fn reusable_object(slot: &mut Value) -> Option<Map<String, Value>> {
    match std::mem::take(slot) {
        Value::Object(object) if !object.is_empty() => Some(object),
        _ => None,
    }
}

/// The list `slot` holds, to read a list over, taking it out of the slot; an
/// empty one with room for `capacity` items when the slot holds something else.
pub(crate) fn reusable_list(slot: &mut Value, capacity: usize) -> Vec<Value> {
    match std::mem::take(slot) {
        Value::Array(items) => items,
        _ => Vec::with_capacity(capacity),
    }
}

/// Values a document read over a larger one no longer holds: objects, lists and
/// strings, kept per thread for the next document that needs more. A batch's
/// manifests have one shape but not one size (one plugin has two parameters, the next
/// five), and a parameter read over a kept one reuses its object, keys and buffers
/// instead of being built and freed again.
type Spares = RefCell<Vec<Value>>;

/// Enough for the parameters of any manifest; more are dropped, so that what a thread
/// keeps stays small.
const MAX_SPARES: usize = 32;

thread_local! {
    static SPARES: Spares = const { RefCell::new(Vec::new()) };
}

/// A value to read a new part over: a kept one, or null.
fn spare() -> Value {
    SPARES
        .with(|spares| {
            spares
                .try_borrow_mut()
                .ok()
                .and_then(|mut spares| spares.pop())
        })
        .unwrap_or_default()
}

/// Keeps `value` for later parts, if it holds anything worth reusing and there is room.
fn keep(spares: &mut Vec<Value>, value: Value) {
    let worth_keeping = matches!(
        &value,
        Value::Object(_) | Value::Array(_) | Value::String(_)
    );
    if worth_keeping && spares.len() < MAX_SPARES {
        spares.push(value);
    }
}

/// The item at `len` of a list being read over: the old one, or a spare
/// pushed for it when the list is that short.
pub(crate) fn item_to_fill(items: &mut Vec<Value>, len: usize) -> Option<&mut Value> {
    if len == items.len() {
        items.push(spare());
    }
    items.get_mut(len)
}

/// Keeps the items of a list past its first `len`, and leaves the first `len`.
pub(crate) fn keep_items_after(items: &mut Vec<Value>, len: usize) {
    if items.len() > len {
        SPARES.with(|spares| {
            if let Ok(mut spares) = spares.try_borrow_mut() {
                for item in items.drain(len..) {
                    keep(&mut spares, item);
                }
            }
        });
        items.truncate(len);
    }
}

/// Keeps an object's first `len` entries; the values of the rest are kept as spares.
fn cut(object: &mut Map<String, Value>, len: usize) {
    if object.len() > len {
        SPARES.with(|spares| {
            let mut spares = spares.try_borrow_mut();
            let mut seen = 0;
            object.retain(|_, value| {
                seen += 1;
                if seen > len {
                    if let Ok(spares) = spares.as_deref_mut() {
                        keep(spares, std::mem::take(value));
                    }
                }
                seen <= len
            });
        });
    }
}

/// An object read over the old one, key by key. While the keys come in the
/// old object's order, each is put over its old entry; at the first that does not, the
/// old entries from there on are cut off (their values kept as spares), and every key
/// after it is new to the object. The old keys are distinct, so a key equal to the
/// next old one repeats none of the keys put so far, which are the old ones before it.
pub(crate) struct InOrder {
    matched: usize,
    matching: bool,
}

impl InOrder {
    pub(crate) fn new() -> Self {
        Self {
            matched: 0,
            matching: true,
        }
    }

    /// Puts `key`'s value over the old one with `over_old` when the old entry is the
    /// next in order, and says so; `false` tells the caller to insert the key.
    #[inline]
    pub(crate) fn put_over_old<E>(
        &mut self,
        object: &mut Map<String, Value>,
        key: &str,
        over_old: impl FnOnce(&mut Value) -> Result<(), E>,
    ) -> Result<bool, E> {
        if !self.matching {
            return Ok(false);
        }
        // The old entry is found with its key, in one step along the map (which has no
        // index), not in one for the key and another for the value.
        if let Some((old_key, old)) = object.iter_mut().nth(self.matched) {
            if old_key == key {
                over_old(old)?;
                self.matched += 1;
                return Ok(true);
            }
        }
        self.matching = false;
        cut(object, self.matched);
        Ok(false)
    }

    /// At the object's end: the old entries past the last key put are cut off.
    pub(crate) fn finish(self, object: &mut Map<String, Value>) {
        if self.matching {
            cut(object, self.matched);
        }
    }
}
