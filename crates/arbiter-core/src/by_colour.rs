//! Pairs per colour: [`ByColor`] (shakmaty's), and the serde forms that keep the journal's and
//! the report's names for them.
//!
//! A record or an output that carries a value per colour was written with two fields,
//! `white_ms` and `black_ms`. In the code it is one `ByColor<u64>`; on the wire it stays the two
//! fields, in that order, byte for byte: the field is `#[serde(flatten, with = "…")]` with one of
//! the modules below (the journal's records are hashed and signed as written, so their
//! encoding never changes). A struct with such a field cannot also deny unknown fields (serde's
//! `flatten` does not allow both), so the records that deny them keep their two fields and
//! offer the pair through a method.

pub use shakmaty::ByColor;

/// Writes the serde `with` module of a pair under two field names.
macro_rules! pair_serde {
    ($(#[$doc:meta])* $name:ident, $t:ty, $white:literal, $black:literal) => {
        $(#[$doc])*
        pub mod $name {
            use serde::{Deserialize, Deserializer, Serialize, Serializer};

            use super::ByColor;

            #[derive(Serialize, Deserialize)]
            struct Wire {
                #[serde(rename = $white)]
                white: $t,
                #[serde(rename = $black)]
                black: $t,
            }

            pub fn serialize<S: Serializer>(p: &ByColor<$t>, s: S) -> Result<S::Ok, S::Error> {
                Wire {
                    white: p.white,
                    black: p.black,
                }
                .serialize(s)
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ByColor<$t>, D::Error> {
                let w = Wire::deserialize(d)?;
                Ok(ByColor {
                    white: w.white,
                    black: w.black,
                })
            }
        }
    };
}

pair_serde!(
    /// `"white_ms": …, "black_ms": …` (both always written).
    ms,
    u64,
    "white_ms",
    "black_ms"
);

/// `[white, black]`: a pair written as the two-element array (or tuple) it was
/// (`#[serde(with = "crate::by_colour::array")]`).
pub mod array {
    use serde::{Serialize, Serializer};

    use super::ByColor;

    pub fn serialize<T: Serialize, S: Serializer>(p: &ByColor<T>, s: S) -> Result<S::Ok, S::Error> {
        [&p.white, &p.black].serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Both {
        board: u16,
        #[serde(flatten, with = "ms")]
        clocks: ByColor<u64>,
        moves: u32,
    }

    /// The pair is written as the two fields were, in their place, and read back.
    #[test]
    fn the_fields_keep_their_names_and_places() {
        let b = Both {
            board: 3,
            clocks: ByColor {
                white: 5_400_000,
                black: 12,
            },
            moves: 40,
        };
        let text = serde_json::to_string(&b).unwrap();
        assert_eq!(
            text,
            r#"{"board":3,"white_ms":5400000,"black_ms":12,"moves":40}"#
        );
        assert_eq!(serde_json::from_str::<Both>(&text).unwrap(), b);
        assert!(serde_json::from_str::<Both>(r#"{"board":3,"white_ms":1,"moves":4}"#).is_err());
    }

    /// A pair that was a tuple or an array is written as the same `[white, black]`.
    #[test]
    fn a_pair_as_an_array_is_written_as_the_tuple_was() {
        #[derive(Serialize)]
        struct Was {
            illegal: (usize, usize),
        }
        #[derive(Serialize)]
        struct Is {
            #[serde(with = "array")]
            illegal: ByColor<usize>,
        }
        let is = Is {
            illegal: ByColor { white: 2, black: 0 },
        };
        assert_eq!(
            serde_json::to_string(&is).unwrap(),
            serde_json::to_string(&Was { illegal: (2, 0) }).unwrap()
        );
        assert_eq!(serde_json::to_string(&is).unwrap(), r#"{"illegal":[2,0]}"#);
    }
}
