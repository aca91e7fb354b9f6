//! Serde for [`Color`] as `"white"` / `"black"` (shakmaty's own serde feature is not enabled).

use serde::{Deserialize, Deserializer, Serializer};

use crate::model::Color;

pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(name(*c))
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let s = String::deserialize(d)?;
    parse(&s).ok_or_else(|| serde::de::Error::custom(format!("expected white or black, got {s:?}")))
}

fn name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn parse(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// The same for `Option<Color>` (`null` for none).
pub mod option {
    use super::*;

    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Some(c) => s.serialize_some(name(*c)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(s) => parse(&s).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!("expected white or black, got {s:?}"))
            }),
        }
    }
}
