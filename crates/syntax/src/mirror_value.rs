//! A dialect's mirror value as a `serde_json::Value`, equal to `serde_json::to_value`'s.
//!
//! Struct fields are gathered in order and their object is built through
//! `kept_objects`, so a struct's keys are hashed once per thread, not once per value.
//!
//! Everything but sequences, maps, structs and strings (numbers, enum variants) is
//! handed to `serde_json`'s own value serializer, so its rules apply unchanged.
//!
//! A batch writes thousands of manifests of one shape, one after another on each
//! thread. A manifest given back with `recycle` once it has been rendered is the
//! next one's starting point: where its keys come in the same order, each value is
//! written over the old one in place, so the objects, their keys and the strings'
//! buffers are reused rather than allocated, and never freed. Where the shape
//! differs, the rest of that object is built anew; the value is the same either way.

use crate::kept_objects::{
    item_to_fill, keep_items_after, overwrite_text, reusable_list, reusable_object, spare, Fields,
    InOrder, WRITE_SPARES,
};
use serde::ser::{self, Serialize};
use serde_json::value::Serializer as Json;
use serde_json::{Map, Value};
use std::cell::Cell;

type Error = serde_json::Error;

thread_local! {
    static RECYCLED: Cell<Option<Value>> = const { Cell::new(None) };
}

pub fn to_value<T: Serialize + ?Sized>(mirror: &T) -> Result<Value, Error> {
    if cfg!(feature = "library-mirror-value") {
        return serde_json::to_value(mirror);
    }
    match RECYCLED.take() {
        Some(mut value) => {
            mirror.serialize(InPlace(&mut value))?;
            Ok(value)
        }
        None => mirror.serialize(Builder),
    }
}

/// Gives a value this thread no longer needs to its next `to_value`.
pub fn recycle(value: Value) {
    RECYCLED.set(Some(value));
}

struct Builder;

impl ser::Serializer for Builder {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = Array;
    type SerializeTuple = Array;
    type SerializeTupleStruct = Array;
    type SerializeTupleVariant = <Json as ser::Serializer>::SerializeTupleVariant;
    type SerializeMap = Object;
    type SerializeStruct = Struct;
    type SerializeStructVariant = <Json as ser::Serializer>::SerializeStructVariant;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Json.serialize_bool(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        Json.serialize_i8(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        Json.serialize_i16(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        Json.serialize_i32(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        Json.serialize_i64(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        Json.serialize_i128(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        Json.serialize_u8(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        Json.serialize_u16(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        Json.serialize_u32(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        Json.serialize_u64(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        Json.serialize_u128(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        Json.serialize_f32(v)
    }
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        Json.serialize_f64(v)
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        Json.serialize_char(v)
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(Value::String(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Json.serialize_bytes(v)
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<Value, Error> {
        Json.serialize_unit_struct(name)
    }
    fn serialize_unit_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        Json.serialize_unit_variant(name, index, variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        Json.serialize_newtype_variant(name, index, variant, value)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Array, Error> {
        Ok(Array(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<Array, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Array, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Json.serialize_tuple_variant(name, index, variant, len)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Object, Error> {
        Ok(Object {
            map: Map::with_capacity(len.unwrap_or(0)),
            key: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Struct, Error> {
        Ok(Struct(Fields::with_capacity(len)))
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Json.serialize_struct_variant(name, index, variant, len)
    }
}

struct Array(Vec<Value>);

impl ser::SerializeSeq for Array {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.0.push(value.serialize(Builder)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Array(self.0))
    }
}

/// Tuples and tuple structs are written as sequences, as serde_json writes them.
macro_rules! tuples_as_sequence {
    ($type:ty, $ok:ty) => {
        impl ser::SerializeTuple for $type {
            type Ok = $ok;
            type Error = Error;
            fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                ser::SerializeSeq::serialize_element(self, value)
            }
            fn end(self) -> Result<$ok, Error> {
                ser::SerializeSeq::end(self)
            }
        }

        impl ser::SerializeTupleStruct for $type {
            type Ok = $ok;
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                ser::SerializeSeq::serialize_element(self, value)
            }
            fn end(self) -> Result<$ok, Error> {
                ser::SerializeSeq::end(self)
            }
        }
    };
}

tuples_as_sequence!(Array, Value);

/// serde_json's key rules: a string, or a number or boolean spelled out.
fn key_text<T: Serialize + ?Sized>(key: &T) -> Result<String, Error> {
    match key.serialize(Json)? {
        Value::String(text) => Ok(text),
        Value::Number(number) => Ok(number.to_string()),
        Value::Bool(flag) => Ok(flag.to_string()),
        _ => Err(ser::Error::custom("key must be a string")),
    }
}

/// A map's keys are only known as they come, so its object is built key by key.
struct Object {
    map: Map<String, Value>,
    key: Option<String>,
}

impl ser::SerializeMap for Object {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key_text(key)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| ser::Error::custom("a map value came without its key"))?;
        self.map.insert(key, value.serialize(Builder)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.map))
    }
}

struct Struct(Fields<&'static str>);

impl ser::SerializeStruct for Struct {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let value = value.serialize(Builder)?;
        self.0.push(key, value);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.0.into_object()))
    }
}

/// Writes a value over the one in its slot, reusing what it can of it.
struct InPlace<'a>(&'a mut Value);

macro_rules! built_anew {
    ($($method:ident($type:ty)),* $(,)?) => {
        $(fn $method(self, v: $type) -> Result<(), Error> {
            *self.0 = Builder.$method(v)?;
            Ok(())
        })*
    };
}

impl<'a> ser::Serializer for InPlace<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ArrayInPlace<'a>;
    type SerializeTuple = ArrayInPlace<'a>;
    type SerializeTupleStruct = ArrayInPlace<'a>;
    type SerializeTupleVariant = Assigned<'a, <Json as ser::Serializer>::SerializeTupleVariant>;
    type SerializeMap = MapInPlace<'a>;
    type SerializeStruct = StructInPlace<'a>;
    type SerializeStructVariant = Assigned<'a, <Json as ser::Serializer>::SerializeStructVariant>;

    built_anew!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_i128(i128),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_u128(u128),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_bytes(&[u8]),
    );

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        overwrite_text(self.0, v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Error> {
        *self.0 = Value::Null;
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        *self.0 = Value::Null;
        Ok(())
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<(), Error> {
        *self.0 = Builder.serialize_unit_struct(name)?;
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        // serde_json writes a unit variant as its name.
        overwrite_text(self.0, variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        *self.0 = Builder.serialize_newtype_variant(name, index, variant, value)?;
        Ok(())
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<ArrayInPlace<'a>, Error> {
        let items = reusable_list(self.0, len.unwrap_or(0));
        Ok(ArrayInPlace {
            slot: self.0,
            items,
            next: 0,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<ArrayInPlace<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<ArrayInPlace<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Ok(Assigned {
            inner: Json.serialize_tuple_variant(name, index, variant, len)?,
            slot: self.0,
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapInPlace<'a>, Error> {
        Ok(match reusable_object(self.0) {
            Some(object) => MapInPlace::Reused(Reused::new(self.0, object, true), None),
            None => MapInPlace::Built(self.0, Builder.serialize_map(len)?),
        })
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<StructInPlace<'a>, Error> {
        Ok(match reusable_object(self.0) {
            Some(object) => StructInPlace::Reused(Reused::new(self.0, object, false)),
            None => StructInPlace::Built(self.0, Builder.serialize_struct(name, len)?),
        })
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Ok(Assigned {
            inner: Json.serialize_struct_variant(name, index, variant, len)?,
            slot: self.0,
        })
    }
}

struct ArrayInPlace<'a> {
    slot: &'a mut Value,
    items: Vec<Value>,
    next: usize,
}

impl ser::SerializeSeq for ArrayInPlace<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        if let Some(old) = item_to_fill(&WRITE_SPARES, &mut self.items, self.next) {
            value.serialize(InPlace(old))?;
        }
        self.next += 1;
        Ok(())
    }
    fn end(mut self) -> Result<(), Error> {
        keep_items_after(&WRITE_SPARES, &mut self.items, self.next);
        *self.slot = Value::Array(self.items);
        Ok(())
    }
}

tuples_as_sequence!(ArrayInPlace<'_>, ());

/// A variant with fields, built anew by serde_json and put in the slot at its end.
struct Assigned<'a, S> {
    inner: S,
    slot: &'a mut Value,
}

impl<S: ser::SerializeTupleVariant<Ok = Value, Error = Error>> ser::SerializeTupleVariant
    for Assigned<'_, S>
{
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.inner.serialize_field(value)
    }
    fn end(self) -> Result<(), Error> {
        *self.slot = self.inner.end()?;
        Ok(())
    }
}

impl<S: ser::SerializeStructVariant<Ok = Value, Error = Error>> ser::SerializeStructVariant
    for Assigned<'_, S>
{
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.inner.serialize_field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        *self.slot = self.inner.end()?;
        Ok(())
    }
}

/// An old object whose entries are overwritten in order while the keys match. At the
/// first key that differs, the entries after it are cut off and the rest is
/// inserted, as a new object's would be.
struct Reused<'a> {
    slot: &'a mut Value,
    object: Map<String, Value>,
    in_order: InOrder,
    /// A map's values are alike (a skill's parameters, whose names differ from one skill
    /// to the next), so a new one is written over a spare; a struct's fields are not.
    alike_values: bool,
}

impl<'a> Reused<'a> {
    fn new(slot: &'a mut Value, object: Map<String, Value>, alike_values: bool) -> Self {
        Self {
            slot,
            object,
            in_order: InOrder::new(&WRITE_SPARES),
            alike_values,
        }
    }

    fn entry<K, T>(&mut self, key: K, value: &T) -> Result<(), Error>
    where
        K: AsRef<str> + Into<String>,
        T: Serialize + ?Sized,
    {
        let put = self
            .in_order
            .put_over_old(&mut self.object, key.as_ref(), |old| {
                value.serialize(InPlace(old))
            })?;
        if put {
            return Ok(());
        }
        let mut new = if self.alike_values {
            spare(&WRITE_SPARES)
        } else {
            Value::Null
        };
        value.serialize(InPlace(&mut new))?;
        self.object.insert(key.into(), new);
        Ok(())
    }

    fn end(mut self) {
        self.in_order.finish(&mut self.object);
        *self.slot = Value::Object(self.object);
    }
}

enum StructInPlace<'a> {
    Reused(Reused<'a>),
    Built(&'a mut Value, Struct),
}

impl ser::SerializeStruct for StructInPlace<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        match self {
            StructInPlace::Reused(reused) => reused.entry(key, value),
            StructInPlace::Built(_, built) => {
                ser::SerializeStruct::serialize_field(built, key, value)
            }
        }
    }
    fn end(self) -> Result<(), Error> {
        match self {
            StructInPlace::Reused(reused) => reused.end(),
            StructInPlace::Built(slot, built) => *slot = ser::SerializeStruct::end(built)?,
        }
        Ok(())
    }
}

/// A map's keys come one call before their values, spelled as serde_json spells keys.
enum MapInPlace<'a> {
    Reused(Reused<'a>, Option<String>),
    Built(&'a mut Value, Object),
}

impl ser::SerializeMap for MapInPlace<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        match self {
            MapInPlace::Reused(_, pending) => {
                *pending = Some(key_text(key)?);
                Ok(())
            }
            MapInPlace::Built(_, built) => built.serialize_key(key),
        }
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        match self {
            MapInPlace::Reused(reused, pending) => {
                let key = pending
                    .take()
                    .ok_or_else(|| ser::Error::custom("a map value came without its key"))?;
                reused.entry(key, value)
            }
            MapInPlace::Built(_, built) => built.serialize_value(value),
        }
    }
    fn end(self) -> Result<(), Error> {
        match self {
            MapInPlace::Reused(reused, _) => reused.end(),
            MapInPlace::Built(slot, built) => *slot = ser::SerializeMap::end(built)?,
        }
        Ok(())
    }
}
