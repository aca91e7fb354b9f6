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

/// Which of the ends the position can show end the game in the session's edition (from the
/// profile the journal's `session_started` carries; checkmate and stalemate always do, FIDE
/// 5.1.1 and 5.2.1): a move after one is post-game, not a move of the game (2017/2023 9.6,
/// 5.2.2; pre-2009 6.2.1.1 by the same rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EndingKinds {
    pub fivefold: bool,
    pub seventy_five: bool,
    pub dead: bool,
}

impl Default for EndingKinds {
    /// A journal that carries no profile: only checkmate and stalemate (every edition).
    fn default() -> Self {
        EndingKinds {
            fivefold: false,
            seventy_five: false,
            dead: false,
        }
    }
}

impl EndingKinds {
    pub fn of(ad: &crate::profile::AutomaticDraws) -> EndingKinds {
        EndingKinds {
            fivefold: ad.fivefold_repetition,
            seventy_five: ad.seventy_five_moves,
            dead: ad.dead_position,
        }
    }
}

/// An illegal move the e-board showed (a move no legal move of the game record's position is,
/// or a placement no legal move reaches): the board's position is unknown since, the game record
/// keeps the last legal position, and the moves reported after it are not moves of the game
/// (FIDE 2017/2023 7.5.1, DSB note on 7.1; pre-2009 7.4). The arbiter reinstates the position
/// before it (with the clocks the journal recorded then or the current ones), or, where the
/// mode lets it stand (2017 A.4.2), it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IllegalShown {
    /// The half-move it was made as: the game record's next one.
    pub ply: u32,
    /// Who made it: the side to move in the last legal position.
    #[serde(with = "crate::model::colour")]
    pub player: Color,
    /// When the board showed it (the `move` or `irregularity` record).
    pub at: Stamp,
    /// Index into [`BoardState::moves`] of the move the board reported, if it reported one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_index: Option<usize>,
    /// The feed gave up on the moves since and continues from the board's placement: what it
    /// reports next is not the game's either.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lost_track: bool,
}

/// An illegal move that stood: the opponent had made his next move before it was penalised,
/// where the mode's text lets it stand (2017 A.4.2, B.4; 2023 A.5.2; pre-2009 C.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StoodEntry {
    /// The intervention that recorded it.
    pub at: Stamp,
    #[serde(with = "crate::model::colour")]
    pub player: Color,
    /// Its half-move, where the game record knows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
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
    /// An illegal move the board showed and nobody has put right yet: the board's position is
    /// unknown, the game record's is the last legal one.
    pub illegal: Option<IllegalShown>,
    /// Illegal moves that stood (rapid and blitz once the opponent had moved), in order.
    pub stood: Vec<StoodEntry>,
}

impl Default for GameRecord {
    fn default() -> Self {
        GameRecord {
            game: Game::new(),
            first_move: 0,
            start: GameStart::Initial,
            ends: Ends::default(),
            unknown_since: None,
            illegal: None,
            stood: Vec::new(),
        }
    }
}

impl Serialize for GameRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("GameRecord", 10)?;
        st.serialize_field("start", &self.start)?;
        st.serialize_field("start_fen", &self.game.start_fen())?;
        let known = self.position().is_some();
        st.serialize_field("fen", &known.then(|| self.game.fen()))?;
        let turn = self.game.position().turn();
        st.serialize_field(
            "side_to_move",
            &known.then_some(if turn.is_white() { "white" } else { "black" }),
        )?;
        st.serialize_field("first_move", &self.first_move)?;
        st.serialize_field("ends", &self.ends)?;
        st.serialize_field("unknown_since", &self.unknown_since)?;
        if let Some(ill) = &self.illegal {
            st.serialize_field("illegal", ill)?;
            st.serialize_field("last_legal_fen", &self.game.fen())?;
        } else {
            st.skip_field("illegal")?;
            st.skip_field("last_legal_fen")?;
        }
        if self.stood.is_empty() {
            st.skip_field("stood")?;
        } else {
            st.serialize_field("stood", &self.stood)?;
        }
        st.end()
    }
}

impl GameRecord {
    /// The position now, if known: not while an illegal move the board showed stands.
    pub fn position(&self) -> Option<&Chess> {
        (self.unknown_since.is_none() && self.illegal.is_none()).then(|| self.game.position())
    }

    /// The last legal position of the game record (the one before an illegal move the board
    /// showed), if known.
    pub fn last_legal(&self) -> Option<&Chess> {
        self.unknown_since.is_none().then(|| self.game.position())
    }

    /// The first move (index into [`BoardState::moves`]) after which the game was over by
    /// itself in an edition whose ends are `kinds`: a move after it is post-game.
    pub fn over_at(&self, kinds: EndingKinds) -> Option<usize> {
        let e = &self.ends;
        [
            e.checkmate,
            e.stalemate,
            e.dead.filter(|_| kinds.dead),
            e.fivefold.filter(|_| kinds.fivefold),
            e.seventy_five.filter(|_| kinds.seventy_five),
        ]
        .into_iter()
        .flatten()
        .map(|x| x.move_index)
        .min()
    }

    /// Starts the record again from `game` (its moves follow `first_move` in the move list).
    fn restart(&mut self, game: Game, first_move: usize, start: GameStart) {
        let stood = std::mem::take(&mut self.stood);
        *self = GameRecord {
            game,
            first_move,
            start,
            ends: Ends::default(),
            unknown_since: None,
            illegal: None,
            stood,
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

/// Whether the game on the board is under way: moves played, or a start position set.
fn under_way(bs: &BoardState) -> bool {
    bs.game.start != GameStart::Initial || bs.game_moves().next().is_some()
}

/// The e-board showed a placement no legal move reaches (`irregularity`): on a game under way
/// an illegal move (the game record keeps the last legal position, 7.5.1), unless the feed
/// says it lost track of the moves or does not know the start (then the placement is joined
/// as before). A feed that lost track after an illegal move: the moves it reports next are not
/// the game's either.
pub(super) fn irregular(bs: &mut BoardState, at: Stamp, placement: &str, msg_id: Option<&str>) {
    let lost = matches!(
        msg_id,
        Some("feed-irregular-lost-track" | "feed-irregular-unknown-start")
    );
    if let Some(ill) = &mut bs.game.illegal {
        ill.lost_track |= lost;
        return;
    }
    let Some(last) = bs.game.last_legal() else {
        return;
    };
    if lost || !under_way(bs) || bs.game.over_at(EndingKinds::default()).is_some() {
        return;
    }
    let Ok(shown) = placement.parse::<shakmaty::Board>() else {
        return;
    };
    // The last legal position itself, or one legal moves reach (the feed missed moves: the
    // placement is joined with the next move, as before): no illegal move.
    if shown == *last.board() || game::reachable(last, &shown, 3) {
        return;
    }
    let player = last.turn();
    let ply = bs.game.game.ply() + 1;
    bs.game.illegal = Some(IllegalShown {
        ply,
        player,
        at,
        move_index: None,
        lost_track: false,
    });
}

/// The board shows a placement: the last legal position again, before any move was made on the
/// illegal one, puts an illegal move right on the board (the player took it back himself).
pub(super) fn placement_shown(bs: &mut BoardState, placement: &str) {
    let Some(ill) = &bs.game.illegal else { return };
    let after = bs
        .moves
        .iter()
        .any(|m| m.status == MoveStatus::AfterIllegal && m.at.seq > ill.at.seq);
    if after || ill.lost_track {
        return;
    }
    if placement.parse::<shakmaty::Board>().ok().as_ref() == Some(bs.game.game.position().board()) {
        bs.game.illegal = None;
    }
}

/// The arbiter ruled on an illegal move: the position is the last legal one again, the moves
/// made on the illegal one withdrawn (`withdraw`: a reinstatement; otherwise only where no move
/// was made on it, the game record's position being the one before it already).
pub(super) fn illegal_ruled(bs: &mut BoardState, withdraw: bool) {
    let after = bs
        .moves
        .iter()
        .any(|m| m.status == MoveStatus::AfterIllegal);
    if after && !withdraw {
        return;
    }
    if bs.game.illegal.take().is_some() {
        after_illegal_become(bs, MoveStatus::Withdrawn);
    }
}

/// An illegal move stood (the mode's text: once the opponent has moved): recorded with its
/// half-move where the board showed it. The game goes on from the position it left, which the
/// game record cannot hold: unknown until a position is set or the board's placement joined.
pub(super) fn illegal_stood(bs: &mut BoardState, at: Stamp, player: Color) {
    let ply = bs
        .game
        .illegal
        .as_ref()
        .filter(|i| i.player == player)
        .map(|i| i.ply);
    if let Some(ill) = bs.game.illegal.take().filter(|i| i.player == player) {
        bs.game.unknown_since.get_or_insert(ill.at);
        after_illegal_become(bs, MoveStatus::NotPlayable);
    }
    bs.game.stood.push(StoodEntry { at, player, ply });
}

/// The moves made on the board after an illegal move take `status` (changing only the chunks of
/// the shared history that hold them).
fn after_illegal_become(bs: &mut BoardState, status: MoveStatus) {
    for i in 0..bs.moves.len() {
        if bs
            .moves
            .get(i)
            .is_some_and(|m| m.status == MoveStatus::AfterIllegal)
            && let Some(m) = bs.moves.get_mut(i)
        {
            m.status = status;
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

/// Applies a move reported by the e-board (or entered by the arbiter). `kinds`: the ends that
/// end the game in the session's edition (a move after one is post-game).
pub(super) fn apply_move(bs: &mut BoardState, at: Stamp, e: &MoveMade, kinds: EndingKinds) {
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
    let (color, status, facts) = classify(bs, at, e, kinds, index);
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
    taken_back_replaced(bs, at, e, &mut entry);
    bs.moves.push(entry);
}

/// What the move is (played, illegal, after an illegal one, post-game, a duplicate, not
/// playable), who made it, and the facts of the game it made; the game record follows it (a
/// legal move played, an illegal one shown, a game joined in progress, the moves lost).
fn classify(
    bs: &mut BoardState,
    at: Stamp,
    e: &MoveMade,
    kinds: EndingKinds,
    index: usize,
) -> (Color, MoveStatus, Option<Facts>) {
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
    let next_ply = gr.game.ply() + 1;
    let legal = if known {
        gr.game.legal_move(&e.uci, &e.san)
    } else {
        None
    };
    // While an illegal move stands, only the game's next move, made on the last legal position
    // (the board put back, the feed still following it), is a move of the game.
    let continues = gr
        .illegal
        .as_ref()
        .is_none_or(|i| !i.lost_track && (e.ply == next_ply || e.ply == 0));
    let over = known && gr.over_at(kinds).is_some_and(|i| i < index);
    if over {
        // The game ended by itself at an earlier move (5.1.1, 5.2.1, 9.6): post-game.
        status = MoveStatus::PostGame;
    } else if let Some(m) = legal.filter(|_| continues) {
        gr.illegal = None;
        color = gr.game.position().turn();
        facts = Some(gr.game.play(m));
        status = MoveStatus::Played;
    } else if gr.illegal.is_some() {
        // Made on the position the illegal move left: not a move of the game (7.5.1).
        status = MoveStatus::AfterIllegal;
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
    } else if let Some((g, f)) = joined(bs, e, by_ply, known) {
        bs.game.restart(g, index, GameStart::Joined { at });
        facts = Some(f);
        status = MoveStatus::Played;
    } else if known && under_way(bs) {
        // A move no legal move is: an illegal move shown by the board (7.5.1). The game record
        // keeps the last legal position.
        let gr = &mut bs.game;
        color = gr.game.position().turn();
        status = MoveStatus::Illegal;
        gr.illegal = Some(IllegalShown {
            ply: next_ply,
            player: color,
            at,
            move_index: Some(index),
            lost_track: false,
        });
    } else {
        bs.game.unknown_since.get_or_insert(at);
    }
    (color, status, facts)
}

/// A board joining a game in progress (or that lost the moves): the placement it showed before
/// this move, with the mover to move, and the move played on it. `None` where the board showed
/// the game record's own position: nothing to join (a move that is illegal there is an illegal
/// move, whatever castling rights the placement suggests).
fn joined(bs: &BoardState, e: &MoveMade, by_ply: Color, known: bool) -> Option<(Game, Facts)> {
    bs.placement
        .as_deref()
        .and_then(|p| game::join(p, by_ply, e.ply))
        .filter(|pos| !known || pos.board() != bs.game.game.position().board())
        .and_then(|pos| {
            let fen = game::fen_of(&pos);
            let mut g = Game::from_position(pos, Some(fen));
            let m = g.legal_move(&e.uci, &e.san)?;
            let f = g.play(m);
            Some((g, f))
        })
}

/// A correction: the source took a move back and reports another at its ply, with no clock
/// report in between. The press that completed the move taken back completed this one: its
/// clock is this move's.
fn taken_back_replaced(bs: &mut BoardState, at: Stamp, e: &MoveMade, entry: &mut MoveEntry) {
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
    // An illegal move taken back by the source: the board follows the game record again.
    if gr.illegal.as_ref().is_some_and(|i| i.ply > to_ply) {
        gr.illegal = None;
    }
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
            // The moves made on an illegal one are taken back with it; the board's position is
            // the reinstated one.
            illegal_ruled(bs, true);
            Ok(())
        }
        GameChange::Stood { .. } => Ok(()),
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
            // Made in place of the illegal move the board showed (7.5.2).
            illegal_ruled(bs, true);
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
