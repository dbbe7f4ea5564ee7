//! Reading a document over the last one its thread read: the block-YAML reader puts each
//! value over the old one where the keys come in the same order, reusing its objects,
//! keys and string buffers.
//!
//! It also keeps spare values: the parts a document read over a larger one no longer
//! holds, for the next document that needs them.

use serde_json::{Map, Value};
use std::cell::RefCell;

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
/// nothing worth keeping, and is built anew.
pub(crate) fn reusable_object(slot: &mut Value) -> Option<Map<String, Value>> {
    match std::mem::take(slot) {
        Value::Object(object) if !object.is_empty() => Some(object),
        _ => None,
    }
}

/// The list `slot` holds, to read a list over, taking it out of the slot; an empty
/// one when the slot holds something else.
pub(crate) fn reusable_list(slot: &mut Value) -> Vec<Value> {
    match std::mem::take(slot) {
        Value::Array(items) => items,
        _ => Vec::new(),
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
