//! The rules engine: what the configured rules prescribe for each situation.
//!
//! Pure functions over the match (with its profile) and the state. The engine *proposes*; the
//! arbiter's confirmation is a journal record ([`confirm`]). Every proposal cites the article in
//! the profile's edition of the Laws and the profile's own source.

mod availability;
mod claims;
mod clock_ops;
pub mod colours;
mod competing;
mod conduct;
pub mod conflict;
pub mod decision;
mod device;
mod flag;
mod game_end;
mod illegal;
pub mod lineup;
mod lineup_sanction;
pub mod mode;
mod overrides;
pub mod position;
pub mod procedure;
mod reconcile;
pub mod result_ending;
pub mod score;
pub mod setting;
mod start;

pub use availability::{Action, Availability, availability, recent_time_change};
pub use clock_ops::{
    OperationError, clock_operation, floor_notes, operation_articles, operation_notes,
    reconstruction, recorded_after, replacement_values,
};
pub use competing::resignation_time;
pub use device::{device_note, on_device, propose_on_device};
pub use flag::{FlagFact, flags_down};
pub use game_end::{AutomaticEnd, automatic_end};
pub use overrides::{Confirmation, confirm_checked, contradictions, mandatory_kept};
pub use position::board_position;
pub use start::{
    Deadline, Presence, absent_after_default_time, arrived_late, deadline, deadline_msg,
    default_time_expiry, lateness, local_hm, presence, presence_at, start_delay_requests,
    start_reference,
};
pub use start::{check_arrival_time, check_start_time, deadline_if_started, default_time_prompt};
pub use start::{first_clock_run, start_far_from_clocks};

use serde::Serialize;
use shakmaty::Position as _;

use crate::by_colour::ByColor;
use crate::clock::{ClockMs, MateCheck, mate_check};
use crate::hms::format_hms;
use crate::i18n::{Arg, Msg};
use crate::intervention::{
    ClaimBasis, Consequence, IllegalKind, Intervention, InterventionKind, Override, PenaltyKind,
    QuickplayDecision, TimeChange,
};
use crate::matchfile::Match;
use crate::model::{BoardNo, Color, GameResult, TeamSide};
use crate::msg;
use crate::profile::{
    ArrivalAtDeadline, DeviceSanction, IllegalCounting, QuickplayKind, StartReference,
};
use crate::record::Event;
use crate::state::{BoardState, MatchState};
use crate::time::{MonoMs, WallMs};

pub use score::{Score, score};

/// What the arbiter is about to record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Request {
    pub board: Option<BoardNo>,
    #[serde(with = "crate::model::colour::option")]
    pub player: Option<Color>,
    pub kind: InterventionKind,
}

/// What the rules prescribe, with the facts at this moment.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Proposal {
    pub consequence: Consequence,
    /// E.g. "FIDE 2023 Art. 7.5.5", "BTO NRW § 16.7".
    pub articles: Vec<String>,
    /// What the rules say about the facts, as a message of the catalogue
    /// ([`crate::i18n::core_catalogue`]); the screen formats it in its language.
    pub explanation: Msg,
    /// Both clocks at that moment as the clock shows them (written `white_ms`, `black_ms`).
    #[serde(flatten, with = "crate::by_colour::ms_each_or_null")]
    pub clocks: ByColor<Option<ClockMs>>,
    pub move_no: Option<u32>,
    /// Where the rules leave the outcome open: the options, none chosen. The consequence is
    /// then empty; the arbiter's choice is recorded with `decision::decide`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<decision::DecisionRequest>,
    /// Where the profile is historical and the Laws in force rule otherwise: what they say
    /// ([`conflict`]); shown beside the proposal and journaled with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<Msg>,
    /// A fact or an amount the arbiter must still give before the proposal can be confirmed
    /// (e.g. the time of a 12.9 penalty, which no edition fixes); the consequence is empty
    /// until then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<Msg>,
    /// The facts the proposal rests on, a line each (the position, the touched piece and its
    /// legal moves, when a flag fell and how many moves were completed then, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<Msg>,
    /// The instant the proposal is about (wall ms), where it is not now: the move that ended
    /// the game, the report that showed a flag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instant: Option<WallMs>,
    /// What the rules found on a fact the arbiter otherwise states himself (a draw claim's
    /// correctness, from the game record): the form shows it and cannot journal another value
    /// without an override ([`confirm_checked`]). `None`: the rules cannot tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finding: Option<bool>,
    /// What the arbiter's reason must state, where the rules require one (a time correction:
    /// the incident it corrects): the form cannot confirm without it, nor can
    /// [`confirm_checked`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason_required: Option<Msg>,
    /// Clock changes the text makes mandatory ("shall", "werden … zugesprochen": the opponent's
    /// time after a rejected quickplay-finish claim): no override can leave them out
    /// ([`confirm_checked`] refuses such a confirmation).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mandatory: Vec<TimeChange>,
    /// Notices for the arbiter beside the proposal that change nothing by themselves (a
    /// correct claim after an obvious shuffle: possible abuse, DSB note on 9.1.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<Msg>,
}

/// The `proposal_shown` record of a proposal as the console shows it (nothing confirmed).
pub fn shown(req: &Request, p: &Proposal) -> crate::intervention::ProposalShown {
    // Nothing confirmed: the record's confirmed consequence stays empty (no summary).
    let Event::Intervention(iv) = intervention(req, p, Consequence::default(), String::new())
    else {
        unreachable!("confirm makes an intervention")
    };
    crate::intervention::ProposalShown {
        intervention: *iv,
        explanation: p.explanation.clone(),
        facts: p.facts.clone(),
        situation: p.decision.as_ref().map(|d| d.situation),
        options: p
            .decision
            .as_ref()
            .map(|d| d.options.clone())
            .unwrap_or_default(),
    }
}

/// Builds the journal event for a confirmed proposal; `confirmed` may differ from the proposal.
/// A confirmed consequence the rules gave no summary (the arbiter's own entry) gets one from
/// what it does ([`summarize`]): no record, and no row of the report, has an empty decision.
pub fn confirm(req: &Request, p: &Proposal, confirmed: Consequence, reason: String) -> Event {
    let mut confirmed = confirmed;
    summarize(&mut confirmed);
    intervention(req, p, confirmed, reason)
}

/// The intervention record of a proposal with the consequence `confirmed` as it is.
fn intervention(req: &Request, p: &Proposal, confirmed: Consequence, reason: String) -> Event {
    let clocks_after = crate::intervention::clocks_after(p.clocks, &confirmed.clock);
    Event::from(Intervention {
        board: req.board,
        player: req.player,
        kind: req.kind.clone(),
        articles: p.articles.clone(),
        clocks: p.clocks,
        move_no: p.move_no,
        proposed: p.consequence.clone(),
        confirmed,
        reason,
        witnesses: Vec::new(),
        conflict: p.conflict.clone(),
        overridden: Vec::new(),
        device_clocks: None,
        notices: p.notices.clone(),
        clocks_after,
    })
}

/// The wall time corresponding to a monotonic instant, from the last record.
pub fn wall_at(s: &MatchState, now_mono: MonoMs) -> Option<WallMs> {
    let last = s.last?;
    Some(last.wall_ms + now_mono.saturating_since(last.mono_ms) as i64)
}

/// The clock model's indicator thresholds from the profile (FIDE 8.4 scoresheet exemption,
/// quickplay finish, time trouble).
pub fn indicator_settings(m: &Match) -> crate::clock::IndicatorSettings {
    let sheet = &m.profile.scoresheet;
    let qpf = &m.profile.quickplay_finish;
    crate::clock::IndicatorSettings {
        exemption_while_below: sheet.exempt_scope == crate::profile::ExemptScope::WhileBelow,
        delay_voids_exemption: sheet.delay == crate::profile::DelayExemption::NoExemption,
        quickplay_allowed: qpf.kind != QuickplayKind::None,
        exemption_below_ms: u64::from(sheet.exempt_below_s) * 1000,
        // 0 in the profile: the exemption applies whatever is added per move.
        exemption_void_from_per_move_ms: match sheet.no_exemption_with_increment_s {
            0 => u64::MAX,
            s => u64::from(s) * 1000,
        },
        quickplay_below_ms: u64::from(qpf.threshold_s) * 1000,
        time_trouble_below_ms: u64::from(sheet.time_trouble_below_s) * 1000,
    }
}

/// The period (1-based) a player is in after `completed` moves.
pub fn period_of(m: &Match, completed: u32) -> usize {
    let tc = &m.time_control;
    let mut ordinal = 0u32;
    while let Some(end) = tc.moves_at_end_of(ordinal) {
        if completed < end || !tc.has_next_period(ordinal) {
            break;
        }
        ordinal += 1;
    }
    usize::try_from(ordinal).unwrap_or(0) + 1
}

/// A player's indicators from a plain clock time, when the clock mirror cannot tell the colours
/// apart (the same rules as the mirror's, with the time shown as the lowest of the period).
pub fn indicators_from_time(
    m: &Match,
    remaining_ms: u64,
    completed: u32,
    on_move: bool,
) -> crate::clock::Indicators {
    let player = crate::clock::PlayerClock {
        remaining_ms,
        lowest_in_period_ms: remaining_ms,
        moves_completed: completed,
        period: u32::try_from(period_of(m, completed) - 1).unwrap_or(0),
        on_move,
    };
    crate::clock::indicators(&m.time_control, &indicator_settings(m), &player)
}

/// The move number in progress on a board (1 before the first move): from the game record when
/// its position is known, else from the moves reported.
pub fn move_no(bs: &BoardState) -> u32 {
    match bs.position() {
        Some(p) => p.fullmoves().get(),
        None => u32::try_from(bs.moves.len() / 2 + 1).unwrap_or(u32::MAX),
    }
}

/// "FIDE 2023 Art. 7.5.5" and the profile's own source, as cited on proposals. An article of
/// the Guidelines (Appendix "III.4", or "Guidelines III.2") is cited as "FIDE 2023 Guidelines
/// III.4", never "Art. Guidelines"; a note in brackets (an old profile's "[verify]") never
/// reaches a citation (see [`crate::profile::citation_text`]).
fn cite(m: &Match, article: &str, source: &str) -> Vec<String> {
    let mut v = Vec::new();
    let article = crate::profile::citation_text(article);
    if !article.is_empty() {
        v.push(format!(
            "{} {}",
            m.profile.laws,
            crate::profile::article_text(&article)
        ));
    }
    let source = crate::profile::citation_text(source);
    if !source.is_empty() {
        v.push(source);
    }
    v
}

fn loss_for(player: Color) -> GameResult {
    if player.is_white() {
        GameResult::BlackWins
    } else {
        GameResult::WhiteWins
    }
}

/// What the rules say about a quickplay-finish claim before the arbiter has decided on it:
/// the preconditions as a checklist, the articles and both clocks, no consequence (the
/// arbiter's grant, postponement or rejection is his own; nothing is chosen for him).
pub fn quickplay_preview(
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    player: Color,
    now_mono: MonoMs,
) -> Proposal {
    let req = Request {
        board: Some(board),
        player: Some(player),
        kind: InterventionKind::QuickplayClaim {
            decision: QuickplayDecision::Granted,
        },
    };
    let mut p = propose(m, s, &req, now_mono);
    let inadmissible = p.consequence.claim == Some(crate::intervention::ClaimStatus::Inadmissible);
    if !inadmissible {
        p.explanation = msg!("rules-quickplay-choose");
        // Only the checks: the finality note belongs to a decision.
        p.facts.retain(|f| f.id != "rules-quickplay-fact-final");
    }
    p.consequence = Consequence::default();
    p.decision = None;
    p
}

/// Proposes the consequence the rules prescribe, and says where the Laws in force would rule
/// otherwise ([`conflict`]).
pub fn propose(m: &Match, s: &MatchState, req: &Request, now_mono: MonoMs) -> Proposal {
    let mut p = propose_by_profile(m, s, req, now_mono);
    conflict::check(m, s, req, now_mono, &mut p);
    p
}

/// The proposal under the match's own profile alone.
pub(crate) fn propose_by_profile(
    m: &Match,
    s: &MatchState,
    req: &Request,
    now_mono: MonoMs,
) -> Proposal {
    let mut p = propose_unlocked(m, s, req, now_mono);
    // A finished game changes only by a result correction (FIDE 8.7: the result stands unless
    // the arbiter decides otherwise, and that is recorded as its own record).
    if let Some(bs) = req.board.and_then(|b| s.board(b))
        && let (Some(locked), Some(result)) = (bs.locked, bs.result.as_ref())
    {
        let c = &p.consequence;
        if c.result.is_some()
            || c.game.is_some()
            || !c.clock.is_empty()
            || !c.clock_ops.is_empty()
            || p.decision.is_some()
        {
            p.facts.insert(0, p.explanation.clone());
            p.consequence = Consequence::default();
            p.decision = None;
            p.explanation = msg!(
                "rules-game-finished",
                result = result.result,
                seq = locked.seq
            );
        }
    }
    p
}

fn propose_unlocked(m: &Match, s: &MatchState, req: &Request, now_mono: MonoMs) -> Proposal {
    propose_facts(m, s, req, now_mono, false)
}

/// The proposal where the arbiter's own finding on a fact the rules decide (a draw claim's
/// correctness) replaces theirs: what an override confirms. Only with an [`Override`] record.
pub fn propose_on_finding(m: &Match, s: &MatchState, req: &Request, now_mono: MonoMs) -> Proposal {
    let mut p = propose_facts(m, s, req, now_mono, true);
    conflict::check(m, s, req, now_mono, &mut p);
    p
}

fn propose_facts(
    m: &Match,
    s: &MatchState,
    req: &Request,
    now_mono: MonoMs,
    on_finding: bool,
) -> Proposal {
    let bs = req.board.and_then(|b| s.board(b));
    let clocks = bs
        .and_then(|b| crate::clock_now::clock_at(s, b, now_mono))
        .map(|c| c.shown);
    let mut p = Proposal {
        clocks: crate::by_colour::each(clocks),
        move_no: bs.map(move_no),
        ..Proposal::default()
    };
    // Conduct after a player's game has ended: he is a spectator, the result stands.
    if let Some(bs) = bs
        && conduct::finished_game(m, bs, req, &mut p)
    {
        return p;
    }
    if let Some(b) = bs
        && propose_game(m, s, req, b, now_mono, on_finding, &mut p)
    {
        return p;
    }
    propose_other(m, s, req, bs, &mut p);
    p
}

/// The rules of the game itself (illegal moves, claims, a draw agreed, the default time, a
/// flag, a game ended):
/// whether `req` is one of them.
fn propose_game(
    m: &Match,
    s: &MatchState,
    req: &Request,
    bs: &BoardState,
    now_mono: MonoMs,
    on_finding: bool,
    p: &mut Proposal,
) -> bool {
    match (&req.kind, Some(bs)) {
        (
            InterventionKind::IllegalMove {
                kind,
                opponent_replied,
                played,
                found_at_ply,
                clocks,
            },
            Some(bs),
        ) => {
            // Where the mode allows a penalty only before the opponent's next move (2017
            // A.4.2, 2023 A.5.2), a later one stands; a claim against one that stood is
            // refused.
            let player = req.player.or(bs.game.illegal.as_ref().map(|i| i.player));
            if !illegal::stood_refusal(m, bs, req.player, *found_at_ply, p)
                && !mode::illegal_move_stands(m, bs, player, *opponent_replied, p)
            {
                illegal::illegal_move(
                    m,
                    bs,
                    illegal::Facts {
                        player: req.player,
                        kind: *kind,
                        played: played.as_deref(),
                        found_at_ply: *found_at_ply,
                        clocks: *clocks,
                    },
                    p,
                );
                // The opponent's flag is down too: which came first is not established.
                competing::illegal_move_and_flag(m, s, bs, req.player, now_mono, p);
            }
        }
        (
            InterventionKind::DrawClaim {
                basis,
                correct,
                intended,
            },
            Some(bs),
        ) => claims::draw_claim(
            m,
            bs,
            req.player,
            *basis,
            *correct,
            intended.as_deref(),
            on_finding,
            p,
        ),
        (InterventionKind::QuickplayClaim { decision }, Some(bs)) => {
            claims::quickplay(m, bs, req.player, *decision, p)
        }
        (InterventionKind::DrawAgreement, Some(bs)) => claims::draw_agreement(m, bs, p),
        (InterventionKind::DefaultTimeExpired, Some(bs)) => {
            start::default_time(m, s, bs, now_mono, p)
        }
        (InterventionKind::FlagFall { tally }, Some(bs)) => {
            // The rapid and blitz rules for both flags down (pre-2009 B.8, DSB note on A.4.3).
            if !mode::both_flags(m, bs, p) {
                flag::flag_fall(m, s, bs, req.player, *tally, now_mono, p);
            }
            mode::flag_call_note(m, bs, p);
        }
        (InterventionKind::GameEnded, Some(bs)) => game_end::game_ended(m, bs, p),
        (InterventionKind::Resignation { at }, Some(bs)) => {
            competing::resignation(m, bs, req.player, at.as_deref(), s, p)
        }
        _ => return false,
    }
    true
}

/// Conduct, the match's procedure and everything else (a board where the kind needs one).
fn propose_other(
    m: &Match,
    s: &MatchState,
    req: &Request,
    bs: Option<&BoardState>,
    p: &mut Proposal,
) {
    match (&req.kind, bs) {
        (
            InterventionKind::Penalty {
                penalties,
                time_s,
                accepted,
            },
            Some(_),
        ) => conduct::penalty(m, req.player, penalties, *time_s, *accepted, p),
        (
            InterventionKind::ElectronicDevice {
                place,
                penalties,
                time_s,
            },
            Some(bs),
        ) => conduct::device(m, bs, req.player, *place, penalties, *time_s, p),
        (InterventionKind::ExternalDisturbance { time_s }, Some(_)) => {
            conduct::disturbance(m, req.player, *time_s, p)
        }
        (InterventionKind::RefusalToComply { both }, Some(bs)) => {
            conduct::refusal(m, bs, req.player, *both, p)
        }
        (
            InterventionKind::UnableToRecord {
                disabled,
                time_s,
                exemption,
                no_assistant,
            },
            Some(bs),
        ) => {
            conduct::unable_to_record(m, bs, req.player, *disabled, *time_s, p);
            conduct::notation_facts(m, exemption, *no_assistant, p);
        }
        (InterventionKind::GameResumed, Some(bs)) => conduct::game_resumed(m, s, bs, p),
        (InterventionKind::PersonExpelled { person }, _) => conduct::person_expelled(m, person, p),
        (InterventionKind::CaptainAdvice { .. }, _) => {
            p.articles = vec!["FIDE C.06 § 15".into()];
            p.explanation = msg!("rules-captain-advice");
        }
        (InterventionKind::Protest { fee_cents, .. }, _) => {
            conduct::protest(m, *fee_cents, p);
            if let Some(bs) = bs {
                claims::protest_on_final_decision(m, bs, p);
            }
        }
        (InterventionKind::TimeCorrection, _) => {
            p.articles = cite(m, "7.1", "");
            p.explanation = msg!("rules-time-correction");
            // The arbiter's own change of a clock rests on an incident: the record says which.
            p.reason_required = Some(msg!("rules-time-correction-reason"));
            // Period time credited too early (6.10.2); rapid and blitz: the clock setting is
            // final after a number of moves (2017 A.4.1.1, pre-2009 B.4).
            if let Some(bs) = bs {
                setting::time_correction(m, bs, req.player, p);
            }
        }
        (InterventionKind::LineupIrregularity { team }, _) => {
            lineup_sanction::lineup_irregularity(m, s, *team, p)
        }
        (InterventionKind::StartDelay { team, minutes }, Some(bs)) => {
            start::start_delay(m, s, bs, *team, *minutes, p)
        }
        (InterventionKind::SeatingError { team, boards }, _) => {
            lineup_sanction::seating_error(m, *team, boards, p)
        }
        (InterventionKind::UnforeseeableDelay { team, minutes }, Some(bs)) => {
            start::unforeseeable_delay(m, s, bs, *team, *minutes, p)
        }
        (InterventionKind::GameMismatch, Some(bs)) => reconcile::game_mismatch(bs, p),
        (_, None) => p.explanation = msg!("rules-choose-board"),
        // The rules of the game with their board: [`propose_game`].
        (_, Some(_)) => {}
    }
}

/// "+2 min White": a change of one clock.
/// Sets the summary of a consequence that has none from what it does: the clock changes, the
/// result, the boards scored 0, a warning, the clock operations; "no change" where it does
/// nothing.
pub fn summarize(c: &mut Consequence) {
    if !c.summary.trim().is_empty() {
        return;
    }
    let mut parts: Vec<Msg> = c.clock.iter().map(time_change).collect();
    if let Some(r) = c.result {
        parts.push(msg!("rules-summary-part-result", result = r));
    }
    if !c.zeroed.is_empty() {
        let boards: Vec<String> = c.zeroed.iter().map(|(b, _)| b.0.to_string()).collect();
        parts.push(msg!(
            "rules-summary-part-zeroed",
            boards = boards.join(", ")
        ));
    }
    if c.warning {
        parts.push(msg!("rules-summary-part-warning"));
    }
    if !c.clock_ops.is_empty() {
        parts.push(msg!("rules-summary-part-clock-ops", n = c.clock_ops.len()));
    }
    c.set_summary(if parts.is_empty() {
        msg!("rules-summary-no-change")
    } else {
        msg!("rules-summary-changes", changes = Arg::list(parts))
    });
}

fn time_change(tc: &TimeChange) -> Msg {
    msg!(
        "rules-time-change",
        sign = if tc.delta_ms >= 0 { "+" } else { "−" },
        time = Arg::DurationMs(tc.delta_ms.unsigned_abs()),
        player = tc.player
    )
}
