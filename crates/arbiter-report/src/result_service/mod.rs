//! The files a league's result service and a rating office take, made from the report and the
//! match file:
//!
//! - [`trf`]: the round as a FIDE Tournament Report File in its current edition (TRF-26, FIDE
//!   Handbook, in force since 1 September 2025): the header records, one `001` record per
//!   player (sex, name, FIDE rating, federation, FIDE ID, birth, points, rank and the round's
//!   opponent, colour and result), the national ratings and numbers (NRS records), the
//!   encoded time control (`222`), the team records `310` (with match and game points) and the
//!   older `013`. ASCII only (names transliterated), every line ending in CR: byte and
//!   character columns are the same. See [`trf`](mod@trf).
//! - [`meldung_csv`] and [`meldung_text`]: the Ergebnismeldung as the arbiter types it into the
//!   league's online result entry (nuLiga and the like): the match, each board with both
//!   players and the result from the home team's side, board points, match points and the
//!   Berliner Wertung where the league uses it, the captains and the arbiter, in the order of
//!   the entry form. See [`meldung`].
//!
//! How to load them: `docs/REPORT.md`.

pub mod meldung;
pub mod trf;

pub use meldung::{meldung_csv, meldung_text};
pub use trf::trf;

use arbiter_core::model::{TeamSide, half_points_text};
use arbiter_core::report::BoardLine;

/// A board's result in half points for White and Black, and whether it was a forfeit; from
/// the result as scored when a lineup sanction changed it.
fn scored_halves(b: &BoardLine) -> Option<(u8, u8, bool)> {
    let r = b.scored.as_deref().or(b.result.as_deref())?;
    let r = r.split(' ').next().unwrap_or(r);
    Some(match r {
        "1-0" => (2, 0, false),
        "0-1" => (0, 2, false),
        "1/2-1/2" => (1, 1, false),
        "+/-" => (2, 0, true),
        "-/+" => (0, 2, true),
        "-/-" => (0, 0, true),
        "0-1/2" => (0, 1, false),
        "1/2-0" => (1, 0, false),
        "0-0" => (0, 0, false),
        _ => return None,
    })
}

/// A result from the home team's side in the league's notation: "1-0", "½-½", "0-1", forfeits
/// "+/-", "-/+", "-/-" (kampflos); and whether it was a forfeit.
fn home_result(b: &BoardLine) -> Option<(String, bool)> {
    let (w, bl, forfeit) = scored_halves(b)?;
    let (h, a) = if b.white_team == TeamSide::Home {
        (w, bl)
    } else {
        (bl, w)
    };
    let s = if forfeit {
        match (h, a) {
            (2, _) => "+/-".to_string(),
            (_, 2) => "-/+".to_string(),
            _ => "-/-".to_string(),
        }
    } else {
        format!(
            "{}-{}",
            half_points_text(u32::from(h)),
            half_points_text(u32::from(a))
        )
    };
    Some((s, forfeit))
}
