//! A dialect's mirror value as a `serde_json::Value`, equal to `serde_json::to_value`'s.
//!
//! Struct fields are gathered in order and their object is built through
//! `kept_objects`, so a struct's keys are hashed once per thread, not once per value.
//!
//! Everything but sequences, maps and structs (numbers, strings, enum variants) is
//! handed to `serde_json`'s own value serializer, so its rules apply unchanged.

use crate::kept_objects::Fields;
use serde::ser::{self, Serialize};
use serde_json::value::Serializer as Json;
use serde_json::{Map, Value};

type Error = serde_json::Error;

pub fn to_value<T: Serialize + ?Sized>(mirror: &T) -> Result<Value, Error> {
    mirror.serialize(Builder)
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

impl ser::SerializeTuple for Array {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Array {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
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
        // serde_json's key rules: a string, or a number or boolean spelled out.
        self.key = Some(match key.serialize(Json)? {
            Value::String(text) => text,
            Value::Number(number) => number.to_string(),
            Value::Bool(flag) => flag.to_string(),
            _ => return Err(ser::Error::custom("key must be a string")),
        });
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
