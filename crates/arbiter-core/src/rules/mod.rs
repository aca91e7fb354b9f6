//! The rules engine: what the configured rules prescribe for each situation.
//!
//! Pure functions over the match (with its profile) and the state. The engine *proposes*; the
//! arbiter's confirmation is a journal record ([`confirm`]). Every proposal cites the article in
//! the profile's edition of the Laws and the profile's own source.

pub mod lineup;
pub mod position;
pub mod score;

use serde::Serialize;
use shakmaty::{Chess, Position as _};

use crate::clock::{MateCheck, mate_check};
use crate::i18n::{Arg, Msg};
use crate::intervention::{
    ClaimBasis, Consequence, IllegalKind, Intervention, InterventionKind, PenaltyKind,
    QuickplayDecision, TimeChange,
};
use crate::matchfile::Match;
use crate::model::{BoardNo, Color, GameResult, MonoMs, TeamSide, WallMs, format_hms};
use crate::msg;
use crate::profile::{DeviceSanction, IllegalCounting, QuickplayKind, StartReference};
use crate::record::Event;
use crate::state::{BoardState, MatchState};

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
    pub white_ms: Option<u64>,
    pub black_ms: Option<u64>,
    pub move_no: Option<u32>,
}

/// Builds the journal event for a confirmed proposal; `confirmed` may differ from the proposal.
pub fn confirm(req: &Request, p: &Proposal, confirmed: Consequence, reason: String) -> Event {
    Event::Intervention(Intervention {
        board: req.board,
        player: req.player,
        kind: req.kind.clone(),
        articles: p.articles.clone(),
        white_ms: p.white_ms,
        black_ms: p.black_ms,
        move_no: p.move_no,
        proposed: p.consequence.clone(),
        confirmed,
        reason,
        witnesses: Vec::new(),
    })
}

/// The wall time corresponding to a monotonic instant, from the last record.
pub fn wall_at(s: &MatchState, now_mono: MonoMs) -> Option<WallMs> {
    let last = s.last?;
    Some(last.wall_ms + now_mono.saturating_sub(last.mono_ms) as i64)
}

/// The clock model's indicator thresholds from the profile (FIDE 8.4 scoresheet exemption,
/// quickplay finish, time trouble).
pub fn indicator_settings(m: &Match) -> crate::clock::IndicatorSettings {
    let sheet = &m.profile.scoresheet;
    let qpf = &m.profile.quickplay_finish;
    crate::clock::IndicatorSettings {
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
    let tc = &m.profile.time_control;
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
    crate::clock::indicators(&m.profile.time_control, &indicator_settings(m), &player)
}

/// The move number in progress on a board (1 before the first move).
pub fn move_no(bs: &BoardState) -> u32 {
    u32::try_from(bs.moves.len() / 2 + 1).unwrap_or(u32::MAX)
}

/// The position on a board: from the move list, else from the last e-board placement.
pub fn board_position(bs: &BoardState) -> Option<Chess> {
    if !bs.moves.is_empty() {
        let r = position::replay(bs.moves.iter().map(|m| m.san.as_str()));
        if r.is_complete() {
            return Some(r.position);
        }
    }
    bs.placement.as_deref().and_then(position::from_placement)
}

/// "FIDE 2023 Art. 7.5.5" and the profile's own source, as cited on proposals.
fn cite(m: &Match, article: &str, source: &str) -> Vec<String> {
    let mut v = Vec::new();
    if !article.is_empty() {
        v.push(format!("{} Art. {article}", m.profile.laws));
    }
    if !source.is_empty() {
        v.push(source.to_string());
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

/// When the default time expires (wall ms), if it can be known yet.
pub fn default_time_expiry(m: &Match, s: &MatchState) -> Option<WallMs> {
    let dt = &m.profile.default_time;
    let reference = match dt.from {
        StartReference::ScheduledStart => m.scheduled_start.timestamp_millis(),
        StartReference::ActualStart => s.round_started?.wall_ms,
    };
    Some(reference + i64::from(dt.minutes) * 60_000)
}

/// Players absent (or arrived after it) once the default time has expired.
pub fn absent_after_default_time(
    m: &Match,
    s: &MatchState,
    now_mono: MonoMs,
) -> Vec<(BoardNo, TeamSide)> {
    let (Some(expiry), Some(now)) = (default_time_expiry(m, s), wall_at(s, now_mono)) else {
        return Vec::new();
    };
    if now < expiry {
        return Vec::new();
    }
    let mut v = Vec::new();
    for bs in &s.boards {
        if bs.result.is_some() {
            continue;
        }
        for team in [TeamSide::Home, TeamSide::Away] {
            if bs.arrived(team).is_none_or(|a| a.wall_ms > expiry) {
                v.push((bs.board, team));
            }
        }
    }
    v
}

/// Proposes the consequence the rules prescribe.
pub fn propose(m: &Match, s: &MatchState, req: &Request, now_mono: MonoMs) -> Proposal {
    let bs = req.board.and_then(|b| s.board(b));
    let (white_ms, black_ms) = bs
        .and_then(|b| crate::clock_now::clock_at(s, b, now_mono))
        .map(|c| (c.white_ms, c.black_ms))
        .unzip();
    let mut p = Proposal {
        white_ms,
        black_ms,
        move_no: bs.map(move_no),
        ..Proposal::default()
    };
    match (&req.kind, bs) {
        (InterventionKind::IllegalMove { kind }, Some(bs)) => {
            illegal_move(m, bs, req.player, *kind, &mut p)
        }
        (InterventionKind::DrawClaim { basis, correct }, Some(bs)) => {
            draw_claim(m, bs, req.player, *basis, *correct, &mut p)
        }
        (InterventionKind::QuickplayClaim { decision }, Some(_)) => {
            quickplay(m, req.player, *decision, &mut p)
        }
        (InterventionKind::DefaultTimeExpired, Some(bs)) => {
            default_time(m, s, bs, now_mono, &mut p)
        }
        (InterventionKind::FlagFall, Some(bs)) => flag_fall(m, bs, req.player, &mut p),
        (InterventionKind::Penalty { penalties }, Some(_)) => {
            penalty(m, req.player, penalties, &mut p)
        }
        (InterventionKind::ElectronicDevice, Some(_)) => device(m, req.player, &mut p),
        (InterventionKind::CaptainAdvice { .. }, _) => {
            p.articles = vec!["FIDE C.06 § 15".into()];
            p.explanation = msg!("rules-captain-advice");
        }
        (InterventionKind::Protest { fee_cents, .. }, _) => protest(m, *fee_cents, &mut p),
        (InterventionKind::TimeCorrection, _) => {
            p.articles = cite(m, "7.1", "");
            p.explanation = msg!("rules-time-correction");
        }
        (InterventionKind::LineupIrregularity { team }, _) => {
            lineup_irregularity(m, s, *team, &mut p)
        }
        (InterventionKind::GameEnded, Some(bs)) => game_ended(m, bs, &mut p),
        (InterventionKind::StartDelay { team, minutes }, Some(bs)) => {
            start_delay(m, bs, *team, *minutes, &mut p)
        }
        (_, None) => p.explanation = msg!("rules-choose-board"),
    }
    p
}

fn illegal_move(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    kind: IllegalKind,
    p: &mut Proposal,
) {
    let im = &m.profile.illegal_moves;
    p.articles = cite(m, &im.article, &im.source);
    let Some(player) = player else {
        p.explanation = msg!("rules-illegal-choose-player");
        return;
    };
    let counts_as_illegal = match kind {
        IllegalKind::Move => true,
        IllegalKind::ClockWithoutMove => im.clock_press_without_move,
        IllegalKind::TwoHands => im.two_hands,
        IllegalKind::PromotionNotCompleted => im.promotion_not_completed,
    };
    if !counts_as_illegal {
        p.articles = cite(m, "12.9", "");
        p.explanation = msg!("rules-illegal-not-illegal", laws = &m.profile.laws);
        return;
    }
    let earlier = match im.counting {
        IllegalCounting::Combined => bs.illegal_count(player, None),
        IllegalCounting::PerKind => bs.illegal_count(player, Some(kind)),
    };
    let nth = earlier + 1;
    let opponent = player.other();
    if im.loss_at > 0 && nth >= usize::from(im.loss_at) {
        let ability = board_position(bs).map(|pos| mate_check(&pos, opponent));
        let (result, id) = match (im.draw_if_opponent_cannot_mate, ability) {
            (true, Some(MateCheck::CannotMate)) => {
                (GameResult::Draw, "rules-illegal-loss-cannot-mate")
            }
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
        p.consequence.result = Some(result);
        p.consequence.set_summary(msg!(
            "rules-summary-illegal-loss",
            nth = nth,
            result = result
        ));
        p.explanation = Msg::new(id).arg("nth", nth).arg("player", player);
        return;
    }
    if im.time_to_opponent_s > 0 {
        p.consequence.clock.push(TimeChange {
            player: opponent,
            delta_ms: i64::from(im.time_to_opponent_s) * 1000,
        });
    }
    let mut increment_s = 0;
    if im.remove_increment
        && let Some(pm) = m.profile.time_control.per_move
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
    p.explanation = if im.time_to_opponent_s > 0 {
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

fn draw_claim(
    m: &Match,
    bs: &BoardState,
    claimant: Option<Color>,
    basis: ClaimBasis,
    arbiter_says: bool,
    p: &mut Proposal,
) {
    let c = &m.profile.claims;
    let article = match basis {
        ClaimBasis::Threefold => "9.2",
        ClaimBasis::FiftyMoves => "9.3",
    };
    p.articles = cite(m, article, "");
    p.articles.extend(cite(m, &c.article, &c.source));
    let Some(claimant) = claimant else {
        p.explanation = msg!("rules-choose-claimant");
        return;
    };
    // The move list decides when the e-board supplied a complete one.
    let replayed =
        (!bs.moves.is_empty()).then(|| position::replay(bs.moves.iter().map(|m| m.san.as_str())));
    let evidence = replayed.filter(|r| r.is_complete()).map(|r| match basis {
        ClaimBasis::Threefold => (
            r.repetitions() >= 3,
            msg!("rules-claim-evidence-repetitions", times = r.repetitions()),
        ),
        ClaimBasis::FiftyMoves => {
            let needed = c.fifty_move_count * 2;
            (
                r.halfmoves() >= needed,
                msg!("rules-claim-evidence-fifty", moves = r.halfmoves() / 2),
            )
        }
    });
    let (correct, evidence) = match evidence {
        Some(e) => e,
        None => (arbiter_says, msg!("rules-claim-evidence-none")),
    };
    if correct {
        p.consequence.result = Some(GameResult::Draw);
        p.consequence
            .set_summary(msg!("rules-summary-claim-correct"));
        p.explanation = msg!("rules-claim-correct", evidence = evidence);
        return;
    }
    let opponent = claimant.other();
    if c.incorrect_time_to_opponent_s > 0 {
        p.consequence.clock.push(TimeChange {
            player: opponent,
            delta_ms: i64::from(c.incorrect_time_to_opponent_s) * 1000,
        });
    }
    let claimant_ms = if claimant.is_white() {
        p.white_ms
    } else {
        p.black_ms
    };
    let mut off = i64::from(c.incorrect_time_from_claimant_s) * 1000;
    if c.incorrect_halve_claimant_up_to_s > 0
        && let Some(t) = claimant_ms
    {
        let t = t as i64;
        let halved = t - (t / 2).min(i64::from(c.incorrect_halve_claimant_up_to_s) * 1000);
        let new = halved.max(t.min(i64::from(c.incorrect_claimant_floor_s) * 1000));
        off += t - new;
    }
    if off > 0 {
        p.consequence.clock.push(TimeChange {
            player: claimant,
            delta_ms: -off,
        });
    }
    let changes: Vec<Msg> = p.consequence.clock.iter().map(time_change).collect();
    p.consequence.set_summary(msg!(
        "rules-summary-claim-incorrect",
        changes = Arg::list(changes.clone())
    ));
    p.explanation = if changes.is_empty() {
        msg!("rules-claim-incorrect-no-penalty", evidence = evidence)
    } else {
        msg!(
            "rules-claim-incorrect",
            evidence = evidence,
            changes = Arg::list(changes)
        )
    };
}

/// "+2 min White": a change of one clock.
fn time_change(tc: &TimeChange) -> Msg {
    msg!(
        "rules-time-change",
        sign = if tc.delta_ms >= 0 { "+" } else { "−" },
        time = Arg::DurationMs(tc.delta_ms.unsigned_abs()),
        player = tc.player
    )
}

fn quickplay(m: &Match, claimant: Option<Color>, decision: QuickplayDecision, p: &mut Proposal) {
    let q = &m.profile.quickplay_finish;
    p.articles = cite(m, &q.article, &q.source);
    if q.kind == QuickplayKind::None || m.profile.time_control.has_per_move() {
        p.explanation = msg!("rules-quickplay-none", profile = &m.profile.id);
        return;
    }
    let Some(claimant) = claimant else {
        p.explanation = msg!("rules-choose-claimant");
        return;
    };
    let remaining = if claimant.is_white() {
        p.white_ms
    } else {
        p.black_ms
    };
    if let Some(t) = remaining
        && t >= u64::from(q.threshold_s) * 1000
    {
        p.explanation = msg!(
            "rules-quickplay-not-eligible",
            player = claimant,
            left = format_hms(t),
            threshold = Arg::DurationMs(u64::from(q.threshold_s) * 1000)
        );
        return;
    }
    let opponent = claimant.other();
    let bonus = TimeChange {
        player: opponent,
        delta_ms: i64::from(q.opponent_bonus_s) * 1000,
    };
    let bonus_time = Arg::DurationMs(bonus.delta_ms.unsigned_abs());
    match decision {
        QuickplayDecision::Granted => {
            p.consequence.result = Some(GameResult::Draw);
            p.consequence
                .set_summary(msg!("rules-summary-quickplay-granted"));
            p.explanation = msg!("rules-quickplay-granted");
        }
        QuickplayDecision::Postponed => {
            p.consequence.clock.push(bonus);
            p.consequence.set_summary(msg!(
                "rules-summary-quickplay-postponed",
                time = bonus_time.clone(),
                opponent = opponent
            ));
            p.explanation = msg!(
                "rules-quickplay-postponed",
                opponent = opponent,
                time = bonus_time
            );
        }
        QuickplayDecision::Rejected => {
            p.consequence.clock.push(bonus);
            p.consequence.set_summary(msg!(
                "rules-summary-quickplay-rejected",
                time = bonus_time.clone(),
                opponent = opponent
            ));
            p.explanation = msg!(
                "rules-quickplay-rejected",
                opponent = opponent,
                time = bonus_time
            );
        }
        QuickplayDecision::IncrementGranted => {
            if !matches!(
                q.kind,
                QuickplayKind::GuidelinesIii2017 | QuickplayKind::GuidelinesIii2023
            ) {
                p.explanation = msg!("rules-quickplay-increment-unavailable");
                return;
            }
            p.articles = cite(m, "III.4", &q.source);
            p.consequence.clock.push(bonus);
            p.consequence.set_summary(msg!(
                "rules-summary-quickplay-increment",
                increment_s = q.increment_request_s,
                time = bonus_time.clone(),
                opponent = opponent
            ));
            p.explanation = msg!(
                "rules-quickplay-increment",
                increment_s = q.increment_request_s,
                opponent = opponent,
                time = bonus_time
            );
        }
    }
}

fn default_time(m: &Match, s: &MatchState, bs: &BoardState, now_mono: MonoMs, p: &mut Proposal) {
    let dt = &m.profile.default_time;
    p.articles = cite(m, &dt.article, &dt.source);
    let Some(expiry) = default_time_expiry(m, s) else {
        p.explanation = msg!("rules-default-time-not-started");
        return;
    };
    let now = wall_at(s, now_mono).unwrap_or(i64::MIN);
    let at = chrono::DateTime::from_timestamp_millis(expiry)
        .map(|t| {
            t.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default();
    if now < expiry {
        p.explanation = msg!("rules-default-time-expires", minutes = dt.minutes, at = &at);
        return;
    }
    let absent = |t: TeamSide| bs.arrived(t).is_none_or(|a| a.wall_ms > expiry);
    let white = m.white_team(bs.board);
    let (white_absent, black_absent) = (absent(white), absent(white.other()));
    let result = match (white_absent, black_absent) {
        (true, true) => GameResult::DoubleForfeit,
        (true, false) => GameResult::BlackWinsForfeit,
        (false, true) => GameResult::WhiteWinsForfeit,
        (false, false) => {
            p.explanation = msg!("rules-default-time-both-present");
            return;
        }
    };
    p.consequence.result = Some(result);
    p.consequence.set_summary(msg!(
        "rules-summary-default-time",
        at = &at,
        result = result
    ));
    p.explanation = msg!("rules-default-time-expired", at = &at, result = result);
}

fn flag_fall(m: &Match, bs: &BoardState, player: Option<Color>, p: &mut Proposal) {
    p.articles = cite(m, "6.9", "");
    let Some(player) = player else {
        p.explanation = msg!("rules-flag-choose-player");
        return;
    };
    let ability = board_position(bs).map(|pos| mate_check(&pos, player.other()));
    let (result, id) = match ability {
        Some(MateCheck::CannotMate) => (GameResult::Draw, "rules-flag-cannot-mate"),
        Some(MateCheck::MatePossible) => (loss_for(player), "rules-flag-mate-possible"),
        Some(MateCheck::Undecided { .. }) => (loss_for(player), "rules-flag-undecided"),
        None => (loss_for(player), "rules-flag-no-position"),
    };
    p.consequence.result = Some(result);
    p.consequence
        .set_summary(msg!("rules-summary-flag", player = player, result = result));
    p.explanation = Msg::new(id).arg("player", player);
}

fn penalty(m: &Match, player: Option<Color>, penalties: &[PenaltyKind], p: &mut Proposal) {
    p.articles = cite(m, "12.9", "");
    let Some(player) = player else {
        p.explanation = msg!("rules-penalty-choose-player");
        return;
    };
    let mut items = Vec::new();
    for k in penalties {
        match k {
            PenaltyKind::Warning => {
                p.consequence.warning = true;
                items.push(msg!("rules-penalty-item-warning"));
            }
            PenaltyKind::TimeToOpponent => {
                p.consequence.clock.push(TimeChange {
                    player: player.other(),
                    delta_ms: 120_000,
                });
                items.push(msg!(
                    "rules-penalty-item-time-to",
                    time = Arg::DurationMs(120_000),
                    player = player.other()
                ));
            }
            PenaltyKind::TimeFromOffender => {
                p.consequence.clock.push(TimeChange {
                    player,
                    delta_ms: -120_000,
                });
                items.push(msg!(
                    "rules-penalty-item-time-from",
                    time = Arg::DurationMs(120_000),
                    player = player
                ));
            }
            PenaltyKind::GameLost | PenaltyKind::Expelled => {
                p.consequence.result = Some(loss_for(player));
                items.push(if *k == PenaltyKind::Expelled {
                    msg!("rules-penalty-item-expelled")
                } else {
                    msg!("rules-penalty-item-game-lost")
                });
            }
            PenaltyKind::OpponentScoreRaised | PenaltyKind::OffenderScoreReduced => {
                items.push(msg!("rules-penalty-item-score"));
            }
        }
    }
    p.consequence.set_summary(msg!(
        "rules-summary-penalty",
        player = player,
        penalties = Arg::list(items.clone())
    ));
    p.explanation = msg!(
        "rules-penalty",
        player = player,
        penalties = Arg::list(items)
    );
}

fn device(m: &Match, player: Option<Color>, p: &mut Proposal) {
    let d = &m.profile.devices;
    p.articles = cite(m, &d.article, &d.source);
    let Some(player) = player else {
        p.explanation = msg!("rules-device-choose-player");
        return;
    };
    match d.on_person {
        DeviceSanction::Loss => {
            p.consequence.result = Some(loss_for(player));
            p.consequence
                .set_summary(msg!("rules-summary-device", player = player));
            p.explanation = msg!("rules-device-loss", player = player);
        }
        DeviceSanction::ArbiterDiscretion => {
            p.consequence.warning = true;
            p.explanation = msg!("rules-device-discretion");
        }
    }
}

fn protest(m: &Match, fee_paid_cents: u32, p: &mut Proposal) {
    let r = &m.profile.protest;
    p.articles = cite(m, &r.article, &r.source);
    // The fee the protester paid, else the profile's fee.
    let fee_cents = if fee_paid_cents > 0 {
        fee_paid_cents
    } else {
        r.fee_cents
    };
    let fee = if fee_cents > 0 {
        msg!(
            "rules-protest-fee",
            amount = format!("{},{:02} €", fee_cents / 100, fee_cents % 100)
        )
    } else {
        msg!("rules-protest-no-fee")
    };
    let deadline = if r.written_within_days > 0 {
        msg!("rules-protest-deadline", days = r.written_within_days)
    } else {
        msg!("rules-protest-no-deadline")
    };
    let committee = if m.file.appeals_committee.is_empty() {
        Arg::from(msg!("rules-protest-no-committee"))
    } else {
        Arg::from(m.file.appeals_committee.join(", "))
    };
    p.consequence.set_summary(msg!(
        "rules-summary-protest",
        deadline = deadline.clone(),
        fee = fee.clone()
    ));
    p.explanation = msg!(
        "rules-protest",
        deadline = deadline,
        fee = fee,
        decided_by = &r.decided_by,
        committee = committee
    );
}

fn lineup_irregularity(m: &Match, s: &MatchState, team: TeamSide, p: &mut Proposal) {
    let l = &m.profile.lineup;
    p.articles = cite(m, &l.article, &l.source);
    let Some(entry) = s.lineup(team) else {
        p.explanation = msg!("rules-lineup-none", team = team);
        return;
    };
    let findings = lineup::check(m.team(team), &entry.slots, l, m.file.boards);
    if findings.is_empty() {
        p.explanation = msg!("rules-lineup-correct");
        return;
    }
    p.consequence.zeroed = lineup::zeroed_boards(&findings, team);
    let problems: Vec<Msg> = findings
        .iter()
        .map(|f| {
            msg!(
                "rules-lineup-finding",
                board = f.board,
                problem = f.problem.describe()
            )
        })
        .collect();
    let boards: Vec<String> = p
        .consequence
        .zeroed
        .iter()
        .map(|(b, _)| b.to_string())
        .collect();
    p.consequence.set_summary(msg!(
        "rules-summary-lineup",
        problems = Arg::joined("; ", problems.clone()),
        boards = boards.join(", ")
    ));
    p.explanation = msg!(
        "rules-lineup-sanction",
        problems = Arg::joined("; ", problems),
        boards = boards.join(", "),
        team = team
    );
}

/// How a game ended by itself, read from its move list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AutomaticEnd {
    pub result: GameResult,
    pub article: &'static str,
    /// What the move list shows ("checkmate", …): a message id of the catalogue.
    pub reason: &'static str,
}

/// Whether the game on a board has ended by itself (checkmate, stalemate, fivefold repetition,
/// 75 moves, dead position), as far as the profile's rules make these automatic. Needs a complete
/// move list.
pub fn automatic_end(m: &Match, bs: &BoardState) -> Option<AutomaticEnd> {
    if bs.moves.is_empty() {
        return None;
    }
    let r = position::replay(bs.moves.iter().map(|mv| mv.san.as_str()));
    if !r.is_complete() {
        return None;
    }
    let ad = &m.profile.automatic_draws;
    let pos = &r.position;
    let end = |result, article, reason| {
        Some(AutomaticEnd {
            result,
            article,
            reason,
        })
    };
    if pos.is_checkmate() {
        // Art. 5.1.1 / 9.6: a mate takes precedence over the automatic draws.
        let result = if pos.turn().is_white() {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        return end(result, "5.1.1", "rules-end-checkmate");
    }
    if pos.is_stalemate() {
        return end(GameResult::Draw, "5.2.1", "rules-end-stalemate");
    }
    if ad.fivefold_repetition && r.repetitions() >= 5 {
        return end(GameResult::Draw, "9.6.1", "rules-end-fivefold");
    }
    if ad.seventy_five_moves && r.halfmoves() >= 150 {
        return end(GameResult::Draw, "9.6.2", "rules-end-seventy-five-moves");
    }
    if ad.dead_position && pos.is_insufficient_material() {
        return end(GameResult::Draw, "5.2.2", "rules-end-dead-position");
    }
    None
}

fn game_ended(m: &Match, bs: &BoardState, p: &mut Proposal) {
    match automatic_end(m, bs) {
        Some(e) => {
            p.articles = cite(m, e.article, &m.profile.automatic_draws.source);
            p.consequence.result = Some(e.result);
            p.consequence.set_summary(msg!(
                "rules-summary-game-ended",
                reason = Msg::new(e.reason),
                result = e.result
            ));
            p.explanation = msg!(
                "rules-game-ended",
                reason = Msg::new(e.reason),
                result = e.result
            );
        }
        None => p.explanation = msg!("rules-game-ended-unknown"),
    }
}

fn start_delay(m: &Match, bs: &BoardState, team: TeamSide, minutes: u32, p: &mut Proposal) {
    let dt = &m.profile.default_time;
    p.articles = cite(m, "", &dt.source);
    if !dt.team_delay_charged_to_clocks {
        p.explanation = msg!("rules-start-delay-not-charged", profile = &m.profile.id);
        return;
    }
    let colour = if m.white_team(bs.board) == team {
        Color::White
    } else {
        Color::Black
    };
    let ms = i64::from(minutes) * 60_000;
    p.consequence.clock.push(TimeChange {
        player: colour,
        delta_ms: -ms,
    });
    p.consequence.set_summary(msg!(
        "rules-summary-start-delay",
        team = team,
        time = Arg::DurationMs(ms.unsigned_abs()),
        player = colour
    ));
    p.explanation = msg!(
        "rules-start-delay",
        team = team,
        minutes = minutes,
        player = colour
    );
}

/// One request per board for a start delayed by a team.
pub fn start_delay_requests(m: &Match, team: TeamSide, minutes: u32) -> Vec<Request> {
    (0..usize::from(m.file.boards))
        .map(|i| Request {
            board: Some(BoardNo::from_index(i)),
            player: None,
            kind: InterventionKind::StartDelay { team, minutes },
        })
        .collect()
}
