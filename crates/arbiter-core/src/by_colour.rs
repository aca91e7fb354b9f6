//! Pairs per colour: [`ByColor`] (shakmaty's), and the serde forms that keep the journal's and
//! the report's names for them.
//!
//! A record or an output that carries a value per colour was written with two fields,
//! `white_ms` and `black_ms` (or an array `[white, black]`). In the code it is one
//! `ByColor<ClockMs>` (or `ByColor<Option<ClockMs>>` where each may be unknown); on the wire it
//! stays the two fields, in that order, byte for byte (the journal's records are hashed and
//! signed as written, so their encoding never changes). Where a struct may read past unknown
//! fields, the pair's field is `#[serde(flatten, with = "…")]` with one of the modules below. A
//! struct that denies unknown fields cannot flatten (serde does not allow both): it is read and
//! written through a private wire struct with the old fields (`#[serde(from = "…", into =
//! "…")]`), which denies them.

pub use shakmaty::ByColor;

/// Both values, where each may be missing: `None` unless both are there (a clock read on one
/// side only is no pair of clocks).
pub fn both<T>(p: ByColor<Option<T>>) -> Option<ByColor<T>> {
    Some(ByColor {
        white: p.white?,
        black: p.black?,
    })
}

/// Both values or none, as one value per colour that may each be missing.
pub fn each<T>(p: Option<ByColor<T>>) -> ByColor<Option<T>> {
    match p {
        Some(p) => p.map(Some),
        None => ByColor {
            white: None,
            black: None,
        },
    }
}

/// `"white_ms": …, "black_ms": …` (both always written): a pair of clock times, in place
/// (`#[serde(flatten, with = "…")]`) or as an object of its own.
pub mod ms {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::ByColor;
    use crate::clock_ms::ClockMs;

    /// The two fields as written.
    #[derive(Serialize, Deserialize)]
    pub(crate) struct Wire {
        pub(crate) white_ms: ClockMs,
        pub(crate) black_ms: ClockMs,
    }

    impl From<ByColor<ClockMs>> for Wire {
        fn from(p: ByColor<ClockMs>) -> Wire {
            Wire {
                white_ms: p.white,
                black_ms: p.black,
            }
        }
    }

    impl From<Wire> for ByColor<ClockMs> {
        fn from(w: Wire) -> ByColor<ClockMs> {
            ByColor {
                white: w.white_ms,
                black: w.black_ms,
            }
        }
    }

    pub fn serialize<S: Serializer>(p: &ByColor<ClockMs>, s: S) -> Result<S::Ok, S::Error> {
        Wire::from(*p).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ByColor<ClockMs>, D::Error> {
        Wire::deserialize(d).map(ByColor::from)
    }

    /// The same pair, optional as a whole (an object, or absent).
    pub mod option {
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        use super::Wire;
        use crate::by_colour::ByColor;
        use crate::clock_ms::ClockMs;

        pub fn serialize<S: Serializer>(
            p: &Option<ByColor<ClockMs>>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            p.map(Wire::from).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<ByColor<ClockMs>>, D::Error> {
            Ok(Option::<Wire>::deserialize(d)?.map(ByColor::from))
        }
    }
}

/// Writes the serde `with` module of a pair of optional clock times under the two names.
macro_rules! each_optional {
    ($(#[$doc:meta])* $name:ident, [$($attr:tt)*]) => {
        $(#[$doc])*
        pub mod $name {
            use serde::{Deserialize, Deserializer, Serialize, Serializer};

            use crate::by_colour::ByColor;
            use crate::clock_ms::ClockMs;

            #[derive(Serialize, Deserialize)]
            struct Wire {
                #[serde(default $($attr)*)]
                white_ms: Option<ClockMs>,
                #[serde(default $($attr)*)]
                black_ms: Option<ClockMs>,
            }

            pub fn serialize<S: Serializer>(
                p: &ByColor<Option<ClockMs>>,
                s: S,
            ) -> Result<S::Ok, S::Error> {
                Wire {
                    white_ms: p.white,
                    black_ms: p.black,
                }
                .serialize(s)
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(
                d: D,
            ) -> Result<ByColor<Option<ClockMs>>, D::Error> {
                let w = Wire::deserialize(d)?;
                Ok(ByColor {
                    white: w.white_ms,
                    black: w.black_ms,
                })
            }
        }
    };
}

each_optional!(
    /// `"white_ms": …, "black_ms": …`, each written only when known and read as unknown when
    /// absent (`#[serde(flatten, with = "…")]`): the clocks of an intervention.
    ms_each_optional,
    [, skip_serializing_if = "Option::is_none"]
);

each_optional!(
    /// `"white_ms": …, "black_ms": …`, each `null` when not known (`#[serde(flatten, with =
    /// "…")]`): the clocks of a proposal or a claim as the state writes them.
    ms_each_or_null,
    []
);

/// `[white, black]`: a pair written as the two-element array (or tuple) it was
/// (`#[serde(with = "crate::by_colour::array")]`).
pub mod array {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::ByColor;

    pub fn serialize<T: Serialize, S: Serializer>(p: &ByColor<T>, s: S) -> Result<S::Ok, S::Error> {
        [&p.white, &p.black].serialize(s)
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<ByColor<T>, D::Error> {
        let [white, black] = <[T; 2]>::deserialize(d)?;
        Ok(ByColor { white, black })
    }

    /// The same pair, optional as a whole (an array, or absent).
    pub mod option {
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        use crate::by_colour::ByColor;

        pub fn serialize<T: Serialize, S: Serializer>(
            p: &Option<ByColor<T>>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            p.as_ref().map(|p| [&p.white, &p.black]).serialize(s)
        }

        pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<ByColor<T>>, D::Error> {
            Ok(Option::<[T; 2]>::deserialize(d)?.map(|[white, black]| ByColor { white, black }))
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::clock_ms::ClockMs;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Both {
        board: u16,
        #[serde(flatten, with = "ms")]
        clocks: ByColor<ClockMs>,
        moves: u32,
    }

    /// The pair is written as the two fields were, in their place, and read back.
    #[test]
    fn the_fields_keep_their_names_and_places() {
        let b = Both {
            board: 3,
            clocks: ByColor {
                white: ClockMs::new(5_400_000),
                black: ClockMs::new(12),
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
