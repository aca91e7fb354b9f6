//! Small exact types shared by every layer: boards, sides, teams, results, durations (the
//! instants are [`crate::time`]'s).
//!
//! Nothing here does IO or reads the system time.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use shakmaty::Color;

/// A board number, 1-based as printed on the match report (Brett 1 … Brett N).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct BoardNo(pub u16);

impl BoardNo {
    /// Zero-based index into per-board vectors.
    pub fn index(self) -> usize {
        usize::from(self.0.saturating_sub(1))
    }
    pub fn from_index(index: usize) -> BoardNo {
        BoardNo(u16::try_from(index + 1).unwrap_or(u16::MAX))
    }
}

impl fmt::Display for BoardNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Which of the two teams: the home team (Heimmannschaft, first named) or the guests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamSide {
    #[default]
    Home,
    Away,
}

impl TeamSide {
    /// 0 for home, 1 for away: the index into `[home, away]` pairs.
    pub fn index(self) -> usize {
        match self {
            TeamSide::Home => 0,
            TeamSide::Away => 1,
        }
    }

    pub fn other(self) -> TeamSide {
        match self {
            TeamSide::Home => TeamSide::Away,
            TeamSide::Away => TeamSide::Home,
        }
    }
}

impl fmt::Display for TeamSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TeamSide::Home => "home",
            TeamSide::Away => "away",
        })
    }
}

/// The two sides of a physical chess clock as seen from the arbiter's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockSide {
    Left,
    Right,
}

impl ClockSide {
    pub fn other(self) -> ClockSide {
        match self {
            ClockSide::Left => ClockSide::Right,
            ClockSide::Right => ClockSide::Left,
        }
    }
}

/// The result of one game as entered on the match report.
///
/// Played and unplayed results are distinct values: a forfeit (+/-) is not a 1-0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// White wins by forfeit (Black absent), "+/-".
    #[serde(rename = "+/-")]
    WhiteWinsForfeit,
    /// Black wins by forfeit, "-/+".
    #[serde(rename = "-/+")]
    BlackWinsForfeit,
    /// Both lose by forfeit, "-/-".
    #[serde(rename = "-/-")]
    DoubleForfeit,
    /// White scores 0, Black 1/2 (Art. 12.9 / 10.2 sanctions).
    #[serde(rename = "0-1/2")]
    WhiteZeroBlackHalf,
    /// White scores 1/2, Black 0.
    #[serde(rename = "1/2-0")]
    WhiteHalfBlackZero,
    /// Both score 0 (e.g. both players expelled, Art. 11.8).
    #[serde(rename = "0-0")]
    BothZero,
}

impl GameResult {
    /// Points in half-points for (White, Black).
    pub fn half_points(self) -> (u8, u8) {
        match self {
            GameResult::WhiteWins | GameResult::WhiteWinsForfeit => (2, 0),
            GameResult::BlackWins | GameResult::BlackWinsForfeit => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::DoubleForfeit | GameResult::BothZero => (0, 0),
            GameResult::WhiteZeroBlackHalf => (0, 1),
            GameResult::WhiteHalfBlackZero => (1, 0),
        }
    }

    /// Whether the game was played over the board (as opposed to a forfeit).
    pub fn is_played(self) -> bool {
        !matches!(
            self,
            GameResult::WhiteWinsForfeit | GameResult::BlackWinsForfeit | GameResult::DoubleForfeit
        )
    }

    /// The notation used on German match reports and in PGN.
    pub fn notation(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "½-½",
            GameResult::WhiteWinsForfeit => "+/-",
            GameResult::BlackWinsForfeit => "-/+",
            GameResult::DoubleForfeit => "-/-",
            GameResult::WhiteZeroBlackHalf => "0-½",
            GameResult::WhiteHalfBlackZero => "½-0",
            GameResult::BothZero => "0-0",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// A duration as the arbiter says it: "2 min" for whole minutes, "30 s" otherwise.
pub fn short_duration(ms: u64) -> String {
    let s = ms / 1000;
    if s.is_multiple_of(60) {
        format!("{} min", s / 60)
    } else {
        format!("{s} s")
    }
}

/// Half points as written on German match reports: 4½, 0, ½.
pub fn half_points_text(h: u32) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (n, 0) => n.to_string(),
        (n, _) => format!("{n}½"),
    }
}

/// Serde for [`Color`] as `"white"` / `"black"` (`#[serde(with = "crate::model::colour")]`).
pub mod colour {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if c.is_white() { "white" } else { "black" })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match <&str>::deserialize(d)? {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "unknown colour {other:?}: expected white or black"
            ))),
        }
    }

    /// The same for `Option<Color>` (`null` for none).
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};

        use super::super::Color;

        pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
            match c {
                Some(c) => super::serialize(c, s),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
            match Option::<&str>::deserialize(d)? {
                None => Ok(None),
                Some("white") => Ok(Some(Color::White)),
                Some("black") => Ok(Some(Color::Black)),
                Some(other) => Err(serde::de::Error::custom(format!(
                    "unknown colour {other:?}: expected white or black"
                ))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_never_exceed_a_full_point() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::WhiteWinsForfeit,
            GameResult::BlackWinsForfeit,
            GameResult::DoubleForfeit,
            GameResult::WhiteZeroBlackHalf,
            GameResult::WhiteHalfBlackZero,
            GameResult::BothZero,
        ] {
            let (w, b) = r.half_points();
            assert!(w + b <= 2, "{r} gives more than one point");
        }
    }

    #[test]
    fn forfeits_are_not_played() {
        assert!(!GameResult::WhiteWinsForfeit.is_played());
        assert!(GameResult::WhiteWins.is_played());
        assert_eq!(
            GameResult::WhiteWinsForfeit.half_points(),
            GameResult::WhiteWins.half_points()
        );
    }

    #[test]
    fn short_texts() {
        assert_eq!(short_duration(120_000), "2 min");
        assert_eq!(short_duration(30_000), "30 s");
        assert_eq!(half_points_text(9), "4½");
        assert_eq!(half_points_text(1), "½");
        assert_eq!(half_points_text(8), "4");
    }
}
