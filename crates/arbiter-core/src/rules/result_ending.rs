//! How a game ended, recorded with its result (`result` records; FIDE Laws 2017 Art. 5, 6.9,
//! 9.6, 6.7.1): what the game record proves (a checkmate, a stalemate, an automatic draw the
//! profile makes automatic) is pre-filled; a result or an ending against it is recorded only as
//! an override with the arbiter's reason, like a form field against a proposal
//! ([`super::confirm_checked`]).

use super::*;
use crate::intervention::OverrideField;
use crate::record::{Ending, ResultRecorded};

/// What the position on the board's game record proves: the result and the ending of the
/// game's automatic end ([`automatic_end`]), where there is one.
pub fn proven_ending(m: &Match, bs: &BoardState) -> Option<(GameResult, Ending)> {
    let end = automatic_end(m, bs)?;
    let ending = match end.reason {
        "rules-end-checkmate" => Ending::Checkmate,
        "rules-end-stalemate" => Ending::Stalemate,
        "rules-end-dead-position" => Ending::DeadPosition,
        "rules-end-fivefold" => Ending::Fivefold,
        "rules-end-seventy-five-moves" => Ending::SeventyFiveMoves,
        _ => return None,
    };
    Some((end.result, ending))
}

fn result_words(result: GameResult, ending: Option<Ending>) -> Msg {
    match ending {
        Some(e) => msg!(
            "override-value-result-ending",
            result = result,
            ending = Msg::new(e.message_id())
        ),
        None => msg!("override-value-result", result = result),
    }
}

fn ending_words(ending: Option<Ending>) -> Msg {
    match ending {
        Some(e) => Msg::new(e.message_id()),
        None => msg!("override-value-ending-none"),
    }
}

/// Why the rules refuse this result on `board` now, whatever the arbiter overrides: a draw by
/// agreement before the moves each player must have made or the regulations' minimum move
/// (where the arbiter may not consent), as the agreement form refuses it.
pub fn result_refused(
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    _result: GameResult,
    ending: Option<Ending>,
) -> Option<Msg> {
    let bs = s.board(board)?;
    if ending != Some(Ending::Agreement) {
        return None;
    }
    super::claims::agreement_allowed(m, bs).err()
}

/// The fields of a result record that contradict what the position proves: (field, proven
/// value, chosen value). No ending recorded is no contradiction (the report says it is not
/// recorded). A draw by agreement before the regulations' minimum move where the arbiter may
/// consent, and a resignation before any move, need the arbiter's confirmation with a reason
/// too (as the agreement form asks it).
pub fn result_contradictions(
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    result: GameResult,
    ending: Option<Ending>,
) -> Vec<(OverrideField, Msg, Msg)> {
    let mut v = Vec::new();
    if let Some(bs) = s.board(board) {
        if ending == Some(Ending::Agreement)
            && let Ok(Some(why)) = super::claims::agreement_allowed(m, bs)
        {
            v.push((
                OverrideField::AgreementBeforeMinimum,
                why,
                result_words(result, ending),
            ));
        }
        if ending == Some(Ending::Resignation) && super::claims::moves_made(bs) == (0, 0) {
            v.push((
                OverrideField::ResignationBeforeMove,
                msg!("rules-resignation-before-move"),
                result_words(result, ending),
            ));
        }
    }
    v.extend(proven_contradictions(m, s, board, result, ending));
    v
}

fn proven_contradictions(
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    result: GameResult,
    ending: Option<Ending>,
) -> Vec<(OverrideField, Msg, Msg)> {
    let Some((proven_result, proven)) = s.board(board).and_then(|bs| proven_ending(m, bs)) else {
        return Vec::new();
    };
    if result != proven_result {
        vec![(
            OverrideField::Result,
            result_words(proven_result, Some(proven)),
            result_words(result, ending),
        )]
    } else if ending.is_some_and(|e| e != proven) {
        vec![(
            OverrideField::Ending,
            ending_words(Some(proven)),
            ending_words(ending),
        )]
    } else {
        Vec::new()
    }
}

/// The result record for what the arbiter entered: refused when the ending cannot give the
/// result (a checkmate with a draw); each field against what the position proves needs its
/// reason in `overrides` and is recorded beside the result.
pub fn result_checked(
    m: &Match,
    s: &MatchState,
    mut rec: ResultRecorded,
    overrides: &[(OverrideField, String)],
) -> Result<ResultRecorded, Msg> {
    if let Some(e) = rec.ending
        && !e.fits(rec.result)
    {
        return Err(msg!(
            "rules-ending-does-not-fit",
            ending = Msg::new(e.message_id()),
            result = rec.result
        ));
    }
    // A draw agreed through the result form is refused exactly as the agreement form refuses
    // it (the moves each player must have made, the regulations' minimum move).
    if let Some(why) = result_refused(m, s, rec.board, rec.result, rec.ending) {
        return Err(why);
    }
    rec.overridden = super::overrides::with_reasons(
        result_contradictions(m, s, rec.board, rec.result, rec.ending),
        overrides,
    )?;
    Ok(rec)
}
