//! The game record of a board: its position from the start (the initial position, a FEN from the
//! match file or the arbiter, or a position taken from the e-board when it joined a game in
//! progress), updated incrementally on every move `apply` takes, with the first move at which
//! each kind of end (checkmate, stalemate, fivefold repetition, 75 moves, a dead position)
//! appeared. Which of these end the game is the rule profile's business
//! (`rules::automatic_end`); the state only records the facts.

use serde::Serialize;
use serde::ser::SerializeStruct;
use shakmaty::{Chess, Position};

use super::{BoardState, ClockPress, MoveEntry, MoveStatus, Stamp, TakenBack};
use crate::game::{self, DeadReason, Facts, Game};
use crate::intervention::GameChange;
use crate::model::Color;
use crate::record::MoveMade;

/// How the game record's start position came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum GameStart {
    /// The initial position.
    Initial,
    /// A FEN from the match file or the arbiter (`board_setup`).
    Fen { at: Stamp },
    /// The e-board's placement, with the side to move of the move that followed (the side
    /// whose clock ran), when a board joined a game in progress or lost the moves.
    Joined { at: Stamp },
}

/// The first move (index into [`BoardState::moves`]) after which a kind of end appeared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EndAt {
    pub move_index: usize,
    /// When the move was made (its record).
    pub at: Stamp,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead: Option<DeadReason>,
}

/// The first appearance of each kind of end since the game record's start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Ends {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkmate: Option<EndAt>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stalemate: Option<EndAt>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fivefold: Option<EndAt>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seventy_five: Option<EndAt>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead: Option<EndAt>,
}

/// The game on one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub game: Game,
    /// Index into [`BoardState::moves`] of this record's first move (moves before it belong
    /// to an earlier start).
    pub first_move: usize,
    pub start: GameStart,
    pub ends: Ends,
    /// A move could not be played on the known position: the position is unknown since then
    /// (until the arbiter sets one or the e-board's placement can be joined).
    pub unknown_since: Option<Stamp>,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord {
            game: Game::new(),
            first_move: 0,
            start: GameStart::Initial,
            ends: Ends::default(),
            unknown_since: None,
        }
    }
}

impl Serialize for GameRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("GameRecord", 7)?;
        st.serialize_field("start", &self.start)?;
        st.serialize_field("start_fen", &self.game.start_fen())?;
        let known = self.unknown_since.is_none();
        st.serialize_field("fen", &known.then(|| self.game.fen()))?;
        let turn = self.game.position().turn();
        st.serialize_field(
            "side_to_move",
            &known.then_some(if turn.is_white() { "white" } else { "black" }),
        )?;
        st.serialize_field("first_move", &self.first_move)?;
        st.serialize_field("ends", &self.ends)?;
        st.serialize_field("unknown_since", &self.unknown_since)?;
        st.end()
    }
}

impl GameRecord {
    /// The position now, if known.
    pub fn position(&self) -> Option<&Chess> {
        self.unknown_since.is_none().then(|| self.game.position())
    }

    /// Starts the record again from `game` (its moves follow `first_move` in the move list).
    fn restart(&mut self, game: Game, first_move: usize, start: GameStart) {
        *self = GameRecord {
            game,
            first_move,
            start,
            ends: Ends::default(),
            unknown_since: None,
        };
    }

    fn mark(&mut self, index: usize, at: Stamp, f: Facts) {
        let e = EndAt {
            move_index: index,
            at,
            dead: None,
        };
        let ends = &mut self.ends;
        if f.checkmate {
            ends.checkmate.get_or_insert(e);
        }
        if f.stalemate {
            ends.stalemate.get_or_insert(e);
        }
        if f.repetitions >= 5 {
            ends.fivefold.get_or_insert(e);
        }
        if f.halfmoves >= 150 {
            ends.seventy_five.get_or_insert(e);
        }
        if let Some(d) = f.dead {
            ends.dead.get_or_insert(EndAt { dead: Some(d), ..e });
        }
    }

    /// Forgets the ends found at or after move `index` (the moves were taken back).
    fn unmark_from(&mut self, index: usize) {
        let ends = &mut self.ends;
        for e in [
            &mut ends.checkmate,
            &mut ends.stalemate,
            &mut ends.fivefold,
            &mut ends.seventy_five,
            &mut ends.dead,
        ] {
            if e.is_some_and(|x| x.move_index >= index) {
                *e = None;
            }
        }
    }
}

fn ends_the_game(f: &Facts) -> bool {
    f.checkmate || f.stalemate || f.dead.is_some() || f.repetitions >= 5 || f.halfmoves >= 150
}

impl BoardState {
    /// The position on the board now: the game record's, if known.
    pub fn position(&self) -> Option<&Chess> {
        self.game.position()
    }

    /// The moves of the game record (index into [`BoardState::moves`], entry), in order.
    pub fn game_moves(&self) -> impl Iterator<Item = (usize, &MoveEntry)> {
        self.moves
            .iter()
            .enumerate()
            .skip(self.game.first_move)
            .filter(|(_, m)| m.status == MoveStatus::Played)
    }

    /// Moves `color` had completed (FIDE 6.2.1: the clock pressed, or the move ended the game,
    /// or a later move shows it) up to and including record `seq` (`None`: up to now), counted
    /// on the board: the moves before the game record's start position (from its move number)
    /// and the moves played since.
    pub fn completed(&self, color: Color, seq: Option<u64>) -> u32 {
        let played = self
            .game_moves()
            .filter(|(_, m)| {
                m.color == color
                    && m.completed_at
                        .is_some_and(|c| seq.is_none_or(|limit| c.seq <= limit))
            })
            .count();
        self.game
            .game
            .moves_before_start(color)
            .saturating_add(u32::try_from(played).unwrap_or(u32::MAX))
    }

    /// Whether an e-board (or the arbiter) has reported any move on this board.
    pub fn has_board_moves(&self) -> bool {
        !self.moves.is_empty()
    }
}

/// Applies a move reported by the e-board (or entered by the arbiter).
pub(super) fn apply_move(bs: &mut BoardState, at: Stamp, e: &MoveMade) {
    // The next move on the board shows that an earlier one was completed (FIDE 6.2.1).
    if let Some(prev) = bs
        .moves
        .iter_mut()
        .rev()
        .find(|m| m.status == MoveStatus::Played)
        && prev.completed_at.is_none()
    {
        prev.completed_at = Some(at);
    }
    let clock_before = bs
        .clock
        .zip(bs.clock_at)
        .map(|(sample, at)| ClockPress { at, sample });
    let index = bs.moves.len();
    let placement_before = bs.placement.clone();
    let by_ply = if e.ply % 2 == 1 {
        Color::White
    } else {
        Color::Black
    };
    let mut color = by_ply;
    let mut status = MoveStatus::NotPlayable;
    let mut facts = None;
    let gr = &mut bs.game;
    let known = gr.unknown_since.is_none();
    if known && let Some(m) = gr.game.legal_move(&e.uci, &e.san) {
        color = gr.game.position().turn();
        facts = Some(gr.game.play(m));
        status = MoveStatus::Played;
    } else if known
        && !e.uci.is_empty()
        && bs
            .moves
            .iter()
            .rev()
            .find(|m| m.status == MoveStatus::Played)
            .is_some_and(|last| last.uci == e.uci && last.by_arbiter)
    {
        // The e-board catching up with a move the arbiter made in place of an illegal one.
        status = MoveStatus::Duplicate;
    } else if let Some(pos) = bs
        .placement
        .as_deref()
        .and_then(|p| game::join(p, by_ply, e.ply))
    {
        // A board joining a game in progress: the placement it showed before this move, with
        // the mover to move.
        let fen = game::fen_of(&pos);
        let mut g = Game::from_position(pos, Some(fen));
        if let Some(m) = g.legal_move(&e.uci, &e.san) {
            let f = g.play(m);
            bs.game.restart(g, index, GameStart::Joined { at });
            facts = Some(f);
            status = MoveStatus::Played;
        } else {
            bs.game.unknown_since.get_or_insert(at);
        }
    } else {
        bs.game.unknown_since.get_or_insert(at);
    }
    let mut completed_at = None;
    if let Some(f) = facts {
        bs.game.mark(index, at, f);
        // A move that ends the game is completed without a press (FIDE 6.2.1.1).
        if ends_the_game(&f) {
            completed_at = Some(at);
        }
    }
    // The source reported the mover's clock with the move: it was pressed.
    if e.clock_ms.is_some() {
        completed_at = Some(at);
    }
    let mut entry = MoveEntry {
        at,
        ply: e.ply,
        san: e.san.clone(),
        uci: e.uci.clone(),
        clock_ms: e.clock_ms,
        color,
        completed_at,
        status,
        by_arbiter: false,
        clock_before,
        used_ms: None,
        placement_before,
    };
    // A correction: the source took a move back and reports another at its ply, with no clock
    // report in between. The press that completed the move taken back completed this one: its
    // clock is this move's.
    let last_report = bs.clock_at.map_or(0, |c| c.seq);
    if let Some(tb) = bs
        .taken_back
        .iter_mut()
        .rev()
        .find(|t| t.replaced_by.is_none() && t.entry.ply == e.ply && t.at.seq > last_report)
    {
        tb.replaced_by = Some((at, e.san.clone()));
        if entry.color == tb.entry.color && entry.status == MoveStatus::Played {
            if entry.clock_ms.is_none() {
                entry.clock_ms = tb.entry.clock_ms;
                entry.used_ms = tb.entry.used_ms;
            }
            entry.completed_at = entry.completed_at.or(tb.entry.completed_at);
            entry.clock_before = entry.clock_before.or(tb.entry.clock_before);
        }
    }
    bs.moves.push(entry);
}

/// Takes the moves after ply `to_ply` back (a source's `takeback`): they leave the move list
/// (kept in [`BoardState::taken_back`]) and the game record goes back to the position before
/// them, so that the moves reported next are played on it.
pub(super) fn take_back(bs: &mut BoardState, at: Stamp, to_ply: u32) {
    // A source's moves are in order: the ones taken back are the list's end.
    let keep = bs
        .moves
        .iter()
        .rposition(|m| m.ply <= to_ply)
        .map_or(0, |i| i + 1);
    if keep >= bs.moves.len() {
        return;
    }
    let removed: Vec<MoveEntry> = bs.moves.split_off(keep);
    let first_removed = removed.first().map_or(u64::MAX, |m| m.at.seq);
    let gr = &mut bs.game;
    if keep < gr.first_move {
        // The game record started at a move taken back: its start position is gone.
        gr.first_move = keep;
        gr.unknown_since.get_or_insert(at);
    } else {
        let played = bs
            .moves
            .iter_from(gr.first_move)
            .filter(|m| m.status == MoveStatus::Played)
            .count();
        gr.game.truncate(played);
        gr.unmark_from(keep);
        // The position became unknown at a move taken back: it is known again.
        if gr.unknown_since.is_some_and(|u| u.seq >= first_removed) {
            gr.unknown_since = None;
        }
    }
    bs.taken_back
        .extend(removed.into_iter().map(|entry| TakenBack {
            at,
            entry,
            replaced_by: None,
        }));
}

/// Sets the game's start position from a FEN (the earlier moves stay in the list).
pub(super) fn set_position(bs: &mut BoardState, at: Stamp, fen: &str) -> Result<(), String> {
    let g = Game::from_fen(fen).map_err(|e| e.to_string())?;
    let first = bs.moves.len();
    bs.game.restart(g, first, GameStart::Fen { at });
    Ok(())
}

/// Applies a confirmed change to the game: a position reinstated or a move replaced.
pub(super) fn apply_change(bs: &mut BoardState, at: Stamp, c: &GameChange) -> Result<(), String> {
    match c {
        GameChange::Reinstate { moves, fen } => {
            let keep = usize::try_from(*moves).unwrap_or(usize::MAX);
            if bs.game.unknown_since.is_some() || keep > bs.game.game.moves().len() {
                return Err(format!(
                    "cannot reinstate the position after {keep} moves: the game record has {} \
                     (position {})",
                    bs.game.game.moves().len(),
                    if bs.game.unknown_since.is_some() {
                        "unknown"
                    } else {
                        "known"
                    }
                ));
            }
            let then = game::fen_of(&bs.game.game.position_after(keep));
            if then != *fen {
                return Err(format!(
                    "the position after {keep} moves is {then}, not {fen}"
                ));
            }
            let positions: Vec<usize> = bs.game_moves().map(|(i, _)| i).collect();
            for &i in positions.iter().skip(keep) {
                bs.moves[i].status = MoveStatus::Withdrawn;
            }
            if let Some(&first_taken) = positions.get(keep) {
                bs.game.unmark_from(first_taken);
            }
            bs.game.game.truncate(keep);
            Ok(())
        }
        GameChange::Replace { uci, san, fen } => {
            if bs.game.unknown_since.is_some() {
                return Err("the position is unknown".into());
            }
            let Some(m) = bs.game.game.legal_move(uci, san) else {
                return Err(format!(
                    "{uci} is not a legal move in {}",
                    bs.game.game.fen()
                ));
            };
            let mut after = bs.game.game.position().clone();
            after.play_unchecked(m);
            if game::fen_of(&after) != *fen {
                return Err(format!(
                    "{uci} leads to {}, not {fen}",
                    game::fen_of(&after)
                ));
            }
            let color = bs.game.game.position().turn();
            let ply = bs.game.game.ply() + 1;
            let index = bs.moves.len();
            let f = bs.game.game.play(m);
            bs.game.mark(index, at, f);
            bs.moves.push(MoveEntry {
                at,
                ply,
                san: san.clone(),
                uci: uci.clone(),
                clock_ms: None,
                color,
                // The player pressed the clock after the unpromoted pawn (7.5.2).
                completed_at: Some(at),
                status: MoveStatus::Played,
                by_arbiter: true,
                clock_before: None,
                used_ms: None,
                placement_before: None,
            });
            Ok(())
        }
    }
}
