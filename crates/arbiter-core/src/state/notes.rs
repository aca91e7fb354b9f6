//! What is kept for the record and changes nothing else: the arbiter's notes (about a board or
//! the match), remarks for the report, and the proposals the console showed the arbiter.

use super::{Applied, Applying, BoardState, MatchState, NoteEntry, RemarkEntry};
use crate::intervention::ProposalShown;
use crate::record::{Note, Remark};

/// `note` about a board.
pub(super) fn board_note(bs: &mut BoardState, cx: &Applying, e: &Note) -> Applied {
    bs.notes.push(NoteEntry {
        at: cx.at,
        text: e.text.clone(),
        msg: None,
    });
    Ok(())
}

/// `note` about the match.
pub(super) fn match_note(state: &mut MatchState, cx: &Applying, e: &Note) -> Applied {
    state.notes.push(NoteEntry {
        at: cx.at,
        text: e.text.clone(),
        msg: None,
    });
    Ok(())
}

/// `remark`: the arbiter's remark for the report.
pub(super) fn remark(state: &mut MatchState, cx: &Applying, e: &Remark) -> Applied {
    state.remarks.push(RemarkEntry {
        at: cx.at,
        board: e.board,
        text: e.text.clone(),
    });
    Ok(())
}

/// `proposal_shown`: what the console showed the arbiter, kept for the replay.
pub(super) fn proposal_shown(state: &mut MatchState, cx: &Applying, p: &ProposalShown) -> Applied {
    state.shown.push((cx.at, Box::new(p.clone())));
    Ok(())
}
