//! Illegal moves (FIDE Art. 7.5 and the editions' equivalents), put right: the position to
//! reinstate (the last legal one, or the one before a move found illegal later), the touched
//! piece and its legal moves (4.3; none: any legal move, 4.5), the corrected move count (the
//! press after an illegal move completes nothing), a pawn left on the last rank replaced by a
//! queen (7.5.2), the clocks for a position reinstated later (7.1: the journal's or the current
//! ones, as the arbiter chooses); and the count, the penalty time, the loss at the profile's
//! count and the draw when the opponent cannot mate.

use shakmaty::{Board, Chess, Square};

use super::decision::DecisionRequest;
use super::*;
use crate::by_colour::ByColor;
use crate::clock::ClockOperation;
use crate::game;
use crate::intervention::{ClockChoice, GameChange};
use crate::profile::{IllegalMoves, Situation};
use crate::state::MoveStatus;

/// What the arbiter states about the illegal move.
pub(super) struct Facts<'a> {
    pub player: Option<Color>,
    pub kind: IllegalKind,
    /// From and to square as played (`e1e2`).
    pub played: Option<&'a str>,
    pub found_at_ply: Option<u32>,
    pub clocks: Option<ClockChoice>,
}

/// The placement the e-board showed after the last legal move, if it showed one no legal move
/// reaches (the illegal move on the board).
fn irregular_board(bs: &BoardState) -> Option<Board> {
    let last_move = bs.game_moves().last().map(|(_, m)| m.at.seq).unwrap_or(0);
    bs.irregularities
        .iter()
        .rev()
        .find(|n| n.at.seq > last_move)
        .and(bs.placement.as_deref())
        .and_then(|p| p.parse().ok())
}

fn square_of(played: &str) -> Option<Square> {
    played.get(0..2).and_then(|s| s.parse().ok())
}

/// The pawn move to the last rank the arbiter named (`e7e8`), with a queen.
fn named_promotion(pos: &Chess, played: &str) -> Option<shakmaty::Move> {
    let from = square_of(played)?;
    let to: Square = played.get(2..4)?.parse().ok()?;
    pos.legal_moves().into_iter().find(|m| {
        m.from() == Some(from) && m.to() == to && m.promotion() == Some(shakmaty::Role::Queen)
    })
}

/// A promotion not completed: completed with a queen (the pawn move the arbiter named, or the
/// one the board shows), the game going on from there; or the fact that it is not known.
fn promotion_completed(pos: &Chess, promotion: Option<shakmaty::Move>, p: &mut Proposal) {
    match promotion {
        Some(mv) => {
            let san = shakmaty::san::SanPlus::from_move(pos.clone(), mv).to_string();
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let fen = game::fen_of(&after);
            p.facts
                .push(msg!("rules-fact-queen", mv = &san, fen = &fen));
            p.consequence.game = Some(GameChange::Replace {
                uci: shakmaty::uci::UciMove::from_standard(mv).to_string(),
                san,
                fen,
            });
        }
        None => p.facts.push(msg!("rules-fact-queen-unknown")),
    }
}

pub(super) fn illegal_move(m: &Match, bs: &BoardState, f: Facts<'_>, p: &mut Proposal) {
    let kind = f.kind;
    // The mode's values (rapid and blitz: FIDE Appendices A and B).
    let rules = m.rules_for(bs.board);
    let im = &rules.illegal_moves;
    p.articles = cite(m, super::mode::illegal_article(im, kind), &im.source);
    p.articles.extend(cite(m, &rules.article, &rules.source));
    // An illegal move the board showed, with moves made on it since: found later (7.5.1).
    let pending = bs.game.illegal.as_ref();
    let moved_on = pending.is_some_and(|i| {
        bs.moves
            .iter()
            .any(|m| m.status == MoveStatus::AfterIllegal && m.at.seq > i.at.seq)
    });
    let found_at_ply = f
        .found_at_ply
        .or_else(|| pending.filter(|_| moved_on).map(|i| i.ply));
    // Found later: the mover of that half-move is the offender.
    let later = found_at_ply.map(|ply| later_move(bs, ply));
    if let (Some(Ok(l)), Some(named)) = (&later, f.player)
        && l.player != named
    {
        p.explanation = msg!(
            "rules-illegal-later-other-player",
            ply = l.ply,
            player = l.player
        );
        return;
    }
    let player = match &later {
        Some(Ok(l)) => Some(l.player),
        _ => f.player.or(pending.map(|i| i.player)),
    };
    let Some(player) = player else {
        p.explanation = msg!("rules-illegal-choose-player");
        return;
    };
    if let Some(Err(why)) = &later {
        p.explanation = why.clone();
        return;
    }
    let counts_as_illegal = match kind {
        IllegalKind::Move => true,
        IllegalKind::ClockWithoutMove => im.clock_press_without_move,
        IllegalKind::TwoHands => im.two_hands,
        IllegalKind::PromotionNotCompleted => im.promotion_not_completed,
    };
    // The position the game goes on from, and what the arbiter does to the game.
    let mut position = board_position(bs);
    match later {
        Some(Ok(l)) => {
            position = Some(l.before.clone());
            reinstate_later(bs, &l, f.clocks, p);
            if f.clocks.is_none() {
                // The clocks are the arbiter's choice (7.1): nothing is proposed before it.
                p.explanation = msg!("rules-illegal-later-choose-clocks", ply = l.ply);
                return;
            }
        }
        _ if kind == IllegalKind::TwoHands => {
            // A legal move made with two hands stands: the penalty applies, nothing is taken
            // back (2023 7.5.4, 2017 7.7.2); reinstating the position before it is the
            // arbiter's alternative, not the proposal.
            two_hands_stands(bs, player, counts_as_illegal, p);
        }
        _ => {
            if let Some(pos) = &position {
                p.facts
                    .push(msg!("rules-fact-reinstate", fen = game::fen_of(pos)));
                let shown = irregular_board(bs);
                if kind == IllegalKind::PromotionNotCompleted && counts_as_illegal {
                    let promotion = f
                        .played
                        .and_then(|pl| named_promotion(pos, pl))
                        .or_else(|| shown.as_ref().and_then(|b| game::unpromoted_pawn(pos, b)));
                    promotion_completed(pos, promotion, p);
                } else {
                    // The move the board showed, where it reported one.
                    let shown_move = pending
                        .and_then(|i| i.move_index)
                        .and_then(|i| bs.moves.get(i))
                        .map(|m| m.uci.as_str());
                    touched_piece(pos, f.played.or(shown_move), shown.as_ref(), player, p);
                }
            } else {
                p.facts.push(msg!("rules-fact-no-position"));
            }
            corrected_count(bs, player, p);
        }
    }
    if !counts_as_illegal {
        let pen = &m.profile.penalties;
        p.articles = cite(m, &pen.article, &pen.source);
        p.explanation = if kind == IllegalKind::TwoHands {
            msg!(
                "rules-illegal-two-hands-not-illegal",
                laws = &m.profile.laws
            )
        } else {
            msg!("rules-illegal-not-illegal", laws = &m.profile.laws)
        };
        return;
    }
    penalty(m, bs, player, kind, position.as_ref(), p);
}

/// A claim against an illegal move that stood (the mode's text let it stand once the opponent
/// had moved: 2017 A.4.2, B.4; 2023 A.5.2): refused with that reason. Returns whether it was.
pub(super) fn stood_refusal(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    found_at_ply: Option<u32>,
    p: &mut Proposal,
) -> bool {
    let player = player.or(bs.game.illegal.as_ref().map(|i| i.player));
    let Some(st) = stood_against(bs, player, found_at_ply) else {
        return false;
    };
    let rules = m.rules_for(bs.board);
    p.articles = cite(m, &rules.article, &rules.source);
    p.explanation = msg!(
        "rules-illegal-stood-refused",
        player = st.player,
        seq = st.at.seq,
        mode = Msg::new(rules.mode.message_id())
    );
    true
}

/// The illegal move that stood which a claim by `player`'s opponent (against `player`) about
/// half-move `ply` is about: the one at that half-move, or, no half-move named and no new
/// illegal move shown, the last that stood where `player` has made no move since.
fn stood_against(
    bs: &BoardState,
    player: Option<Color>,
    ply: Option<u32>,
) -> Option<crate::state::StoodEntry> {
    let player = player?;
    let mine = bs.game.stood.iter().rev().filter(|s| s.player == player);
    if let Some(ply) = ply {
        return mine.clone().find(|s| s.ply == Some(ply)).copied();
    }
    if bs.game.illegal.is_some() {
        return None;
    }
    let last = mine.clone().next()?;
    (!moved_since(bs, player, last.at.seq)).then_some(*last)
}

/// Whether `player` made a move after record `seq`: on the board, or by a press of his clock.
fn moved_since(bs: &BoardState, player: Color, seq: u64) -> bool {
    bs.moves
        .iter()
        .any(|m| m.at.seq > seq && m.color == player && m.status != MoveStatus::Withdrawn)
        || bs.clock_presses.iter().any(|c| {
            c.at.seq > seq
                && c.sample.running.map(|side| c.sample.colour_on(side)) == Some(player.other())
        })
}

/// A legal move made with two hands: it stands, the edition's penalty applies (2023 7.5.4 with
/// 7.5.5, 2017 7.7.1-7.7.2): nothing is reinstated and the move counts as completed. The
/// position before it is shown as the arbiter's alternative (an override of the proposal).
fn two_hands_stands(bs: &BoardState, player: Color, counts: bool, p: &mut Proposal) {
    if !counts {
        return;
    }
    let last = bs.game_moves().last();
    p.facts.push(match last {
        Some((i, mv)) if mv.color == player => {
            let g = &bs.game.game;
            let before = g.position_after(g.moves().len().saturating_sub(1));
            msg!(
                "rules-fact-two-hands-stands",
                mv = super::game_end::move_text(bs, i),
                fen = game::fen_of(&before)
            )
        }
        _ => msg!("rules-fact-two-hands-stands-unknown"),
    });
}

/// The touched piece (the one the illegal move moved) and its legal moves in the reinstated
/// position: the replacing move must be one of them (4.3), any legal move if there is none (4.5).
fn touched_piece(
    pos: &Chess,
    played: Option<&str>,
    shown: Option<&Board>,
    player: Color,
    p: &mut Proposal,
) {
    if pos.turn() != player {
        return;
    }
    let from = played
        .and_then(square_of)
        .or_else(|| shown.and_then(|b| game::moved_from(pos.board(), b, player)));
    let Some(from) = from.filter(|sq| pos.board().color_at(*sq) == Some(player)) else {
        p.facts.push(msg!("rules-fact-touched-unknown"));
        return;
    };
    let piece = pos
        .board()
        .piece_at(from)
        .map(|pc| format!("{}{from}", pc.role.upper_char()))
        .unwrap_or_default()
        .replace('P', "");
    let moves = game::legal_moves_from(pos, from);
    p.facts.push(if moves.is_empty() {
        msg!("rules-fact-touched-no-move", piece = piece)
    } else {
        msg!(
            "rules-fact-touched-moves",
            piece = piece,
            moves = Arg::list(moves)
        )
    });
}

/// The offender's completed moves: the press after the illegal move completed nothing; where
/// the clock counted it, its counter is set back.
fn corrected_count(bs: &BoardState, player: Color, p: &mut Proposal) {
    if !bs.has_board_moves() && bs.game.start == crate::state::GameStart::Initial {
        return;
    }
    let board = bs.completed(player, None);
    let device = bs.mirror.as_ref().and_then(|m| m.color_moves(player));
    p.facts
        .push(msg!("rules-fact-completed", player = player, moves = board));
    if let Some(d) = device
        && d != board
    {
        p.facts.push(msg!(
            "rules-fact-counter",
            player = player,
            device = d,
            moves = board
        ));
        p.consequence.clock_ops.push(ClockOperation::SetMoves {
            color: player,
            moves: board,
        });
    }
}

/// An illegal move found later: the half-move, its player and the position before it.
struct Later {
    ply: u32,
    player: Color,
    /// Moves of the game record kept.
    keep: usize,
    before: Chess,
    /// The record that showed the illegal move (its move, or the board's irregular placement).
    seq: u64,
    /// The move as the scoresheet writes it ("4.Ba4"; "4.?" where the board showed no move).
    text: String,
    /// Half-moves taken back: the game record's after it, and those made on an illegal one.
    taken: usize,
}

fn later_move(bs: &BoardState, ply: u32) -> Result<Later, Msg> {
    let Some(last_legal) = bs.game.last_legal() else {
        return Err(msg!("rules-illegal-later-no-position"));
    };
    let start = bs.game.game.start_ply();
    let played = bs.game.game.moves().len();
    let after_illegal = bs
        .moves
        .iter()
        .filter(|m| matches!(m.status, MoveStatus::Illegal | MoveStatus::AfterIllegal))
        .filter(|m| {
            bs.game
                .illegal
                .as_ref()
                .is_some_and(|i| m.at.seq >= i.at.seq)
        })
        .count();
    if let Some(ill) = &bs.game.illegal {
        // The illegal move the board showed: the game record's position is the one before it.
        if ply == ill.ply {
            let text = match ill.move_index.and_then(|i| bs.moves.get(i)) {
                Some(_) => super::game_end::move_text(bs, ill.move_index.unwrap_or_default()),
                None => unknown_move_text(ill.ply),
            };
            return Ok(Later {
                ply,
                player: ill.player,
                keep: played,
                before: last_legal.clone(),
                seq: ill.at.seq,
                text,
                taken: after_illegal + usize::from(ill.move_index.is_none()),
            });
        }
        if ply > ill.ply {
            return Err(msg!(
                "rules-illegal-later-after-illegal",
                ply = ply,
                illegal = ill.ply
            ));
        }
    }
    let keep = ply
        .checked_sub(start + 1)
        .map(|k| k as usize)
        .filter(|k| *k < played)
        .ok_or_else(|| {
            msg!(
                "rules-illegal-later-no-such-move",
                ply = ply,
                first = start + 1,
                last = start + u32::try_from(played).unwrap_or(u32::MAX)
            )
        })?;
    let index = bs
        .game_moves()
        .nth(keep)
        .map(|(i, _)| i)
        .ok_or_else(|| msg!("rules-illegal-later-no-position"))?;
    let before = bs.game.game.position_after(keep);
    Ok(Later {
        ply,
        player: before.turn(),
        keep,
        before,
        seq: bs.moves[index].at.seq,
        text: super::game_end::move_text(bs, index),
        taken: played - keep + after_illegal,
    })
}

/// "4.?": a half-move the board showed as a placement, not as a move.
fn unknown_move_text(ply: u32) -> String {
    let n = ply.div_ceil(2);
    if ply % 2 == 1 {
        format!("{n}.?")
    } else {
        format!("{n}...?")
    }
}

/// The position before the illegal move is reinstated, the moves after it taken back; the clocks
/// as the arbiter chose; both move counters set to the reinstated position.
fn reinstate_later(bs: &BoardState, l: &Later, clocks: Option<ClockChoice>, p: &mut Proposal) {
    let fen = game::fen_of(&l.before);
    p.facts.push(msg!(
        "rules-fact-reinstate-later",
        mv = &l.text,
        fen = &fen,
        taken = l.taken
    ));
    // The clocks when the player started the illegal move: the press that set his clock going
    // before it (the report the journal recorded then).
    let mv_seq = l.seq;
    let recorded = bs
        .clock_presses
        .iter()
        .rev()
        .find(|c| {
            c.at.seq < mv_seq
                && c.sample.running.map(|side| c.sample.colour_on(side)) == Some(l.player)
        })
        .map(|c| c.sample.by_colour());
    match recorded {
        Some(ByColor { white: w, black: b }) => p.facts.push(msg!(
            "rules-fact-clocks-recorded",
            white = format_hms(w),
            black = format_hms(b)
        )),
        None => p.facts.push(msg!("rules-fact-clocks-not-recorded")),
    }
    if let Some(ByColor { white: w, black: b }) = crate::by_colour::both(p.clocks) {
        p.facts.push(msg!(
            "rules-fact-clocks-current",
            white = format_hms(w),
            black = format_hms(b)
        ));
    }
    let Some(choice) = clocks else { return };
    p.consequence.game = Some(GameChange::Reinstate {
        moves: u32::try_from(l.keep).unwrap_or(u32::MAX),
        fen,
    });
    match (choice, recorded) {
        (ClockChoice::Recorded, Some(times)) => {
            p.consequence
                .clock_ops
                .push(ClockOperation::SetTimes(times));
        }
        (ClockChoice::Recorded, None) => p.facts.push(msg!("rules-fact-clocks-not-recorded")),
        (ClockChoice::Current, _) => {}
    }
    let g = &bs.game.game;
    for color in [Color::White, Color::Black] {
        let before = g.moves_before_start(color);
        let own = bs
            .game_moves()
            .take(l.keep)
            .filter(|(_, mv)| mv.color == color && mv.status == MoveStatus::Played)
            .count();
        p.consequence.clock_ops.push(ClockOperation::SetMoves {
            color,
            moves: before + u32::try_from(own).unwrap_or(u32::MAX),
        });
    }
}

/// The count, the penalty time, or the loss at the profile's count (draw if the opponent cannot
/// mate in `position`).
fn penalty(
    m: &Match,
    bs: &BoardState,
    player: Color,
    kind: IllegalKind,
    position: Option<&Chess>,
    p: &mut Proposal,
) {
    let im = &m.rules_for(bs.board).illegal_moves;
    let earlier = match im.counting {
        IllegalCounting::Combined => bs.illegal_count(player, None),
        IllegalCounting::PerKind => bs.illegal_count(player, Some(kind)),
    };
    let nth = earlier + 1;
    let opponent = player.other();
    if im.loss_at > 0 && nth >= usize::from(im.loss_at) {
        return illegal_loss(m, im, player, nth, position, p);
    }
    if im.time_to_opponent_s > 0 {
        p.consequence.clock.push(TimeChange {
            player: opponent,
            delta_ms: i64::from(im.time_to_opponent_s) * 1000,
        });
    }
    let mut increment_s = 0;
    // The increment of the illegal press is taken back where the position is reinstated (the
    // move is made again); a move with two hands stands, and its increment with it.
    // Clocks reinstated as the journal recorded them before the illegal move hold no
    // increment of its press either.
    let recorded_times = p
        .consequence
        .clock_ops
        .iter()
        .any(|op| matches!(op, ClockOperation::SetTimes { .. }));
    if im.remove_increment
        && kind != IllegalKind::TwoHands
        && !recorded_times
        && let Some(pm) = m.time_control.per_move
        && pm.kind.is_increment()
    {
        p.consequence.clock.push(TimeChange {
            player,
            delta_ms: -i64::from(pm.seconds) * 1000,
        });
        increment_s = pm.seconds;
    }
    let time = u64::from(im.time_to_opponent_s) * 1000;
    p.consequence.set_summary(msg!(
        "rules-summary-illegal-time",
        nth = nth,
        time = Arg::DurationMs(time),
        opponent = opponent
    ));
    p.explanation = if kind == IllegalKind::TwoHands {
        msg!(
            "rules-illegal-two-hands-time",
            nth = nth,
            player = player,
            loses_at = im.loss_at,
            time = Arg::DurationMs(time),
            opponent = opponent
        )
    } else if im.time_to_opponent_s > 0 {
        msg!(
            "rules-illegal-time",
            nth = nth,
            player = player,
            loses_at = im.loss_at,
            time = Arg::DurationMs(time),
            opponent = opponent,
            increment_s = increment_s
        )
    } else {
        msg!(
            "rules-illegal-no-time",
            nth = nth,
            player = player,
            laws = &m.profile.laws
        )
    };
}

/// The loss at the profile's count of illegal moves (a draw where the text excepts an opponent
/// who cannot mate and the position shows it): the game ends, nothing is reinstated.
fn illegal_loss(
    m: &Match,
    im: &IllegalMoves,
    player: Color,
    nth: usize,
    position: Option<&Chess>,
    p: &mut Proposal,
) {
    let opponent = player.other();
    // The game ends: nothing to reinstate.
    p.consequence.game = None;
    p.consequence.clock_ops.clear();
    let ability = position.map(|pos| {
        if game::cannot_mate(pos, opponent) {
            MateCheck::CannotMate
        } else {
            mate_check(pos, opponent)
        }
    });
    // A text with no exception for an opponent who cannot mate, and a profile that leaves
    // the case to the arbiter: the facts and the outcomes, none chosen.
    if !im.draw_if_opponent_cannot_mate
        && matches!(ability, Some(MateCheck::CannotMate))
        && m.profile.is_open(Situation::IllegalMoveLossBareKing)
    {
        return bare_king_decision(m, player, nth, p);
    }
    let cannot_mate = matches!(ability, Some(MateCheck::CannotMate));
    let (result, id) = match (im.draw_if_opponent_cannot_mate, ability) {
        (true, Some(MateCheck::CannotMate)) => (GameResult::Draw, "rules-illegal-loss-cannot-mate"),
        (true, Some(MateCheck::MatePossible)) => {
            (loss_for(player), "rules-illegal-loss-mate-possible")
        }
        // The mate check is undecided only for a locked pawn structure.
        (true, Some(MateCheck::Undecided { .. })) => {
            (loss_for(player), "rules-illegal-loss-undecided")
        }
        (true, None) => (loss_for(player), "rules-illegal-loss-no-position"),
        (false, _) => (loss_for(player), "rules-illegal-loss"),
    };
    // A text with no exception for an opponent who cannot mate (pre-2009 7.4 b): the loss as
    // written, and a note that the later editions would give a draw (2017 7.5.3, 2023 7.5.5).
    if !im.draw_if_opponent_cannot_mate && cannot_mate {
        p.notices.push(msg!(
            "rules-illegal-loss-later-editions-draw",
            opponent = opponent,
            laws = &m.profile.laws
        ));
    }
    p.consequence.result = Some(result);
    p.consequence.set_summary(msg!(
        "rules-summary-illegal-loss",
        nth = nth,
        result = result
    ));
    p.explanation = Msg::new(id).arg("nth", nth).arg("player", player);
}

/// A text with no exception for an opponent who cannot mate, and a profile that leaves the case
/// to the arbiter: the facts and the outcomes, none chosen.
fn bare_king_decision(m: &Match, player: Color, nth: usize, p: &mut Proposal) {
    let opponent = player.other();
    let result = |r| Consequence {
        result: Some(r),
        ..Consequence::default()
    };
    // The offender loses, the opponent (who could not have won) scores a half.
    let zero_half = if player.is_white() {
        GameResult::WhiteZeroBlackHalf
    } else {
        GameResult::WhiteHalfBlackZero
    };
    p.decision = Some(
        DecisionRequest::new(
            Situation::IllegalMoveLossBareKing,
            msg!(
                "decision-why-illegal-loss-bare-king",
                laws = &m.profile.laws
            ),
        )
        .fact(msg!(
            "decision-fact-illegal-nth",
            nth = nth,
            player = player
        ))
        .fact(msg!("decision-fact-cannot-mate", opponent = opponent))
        .option(
            "loss",
            msg!("decision-option-result", result = loss_for(player)),
            result(loss_for(player)),
        )
        .option(
            "draw",
            msg!("decision-option-result", result = GameResult::Draw),
            result(GameResult::Draw),
        )
        .option(
            "loss_opponent_half",
            msg!("decision-option-result", result = zero_half),
            result(zero_half),
        ),
    );
    p.explanation = msg!(
        "decision-open",
        situation = Msg::new(Situation::IllegalMoveLossBareKing.message_id())
    );
}
