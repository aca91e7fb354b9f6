//! What the device did against what the Laws say about its setting: period time credited before
//! the period's moves were completed (removed, and the move counter set: 2017/2023 6.10.2), period
//! time the move count entitles a player to that the device has not credited yet ("pending in
//! the device"), a clock whose times differ from the time control at the round start ("expected
//! A/B, shown C/D"), and a claim about the clock's setting in rapid and blitz, judged against the
//! mode's limit (2017 A.4.1.1; pre-2009 B.4).

use super::decision::DecisionRequest;
use super::*;
use crate::clock::{ClockAlert, ClockOperation, TimeControl};
use crate::profile::Situation;
use crate::state::CountedBy;

/// A clock whose times differ from the time control before the first move: what the time
/// control (with the arbiter's changes the device showed, less the time each side has run)
/// gives, and what the clock shows; written `[white, black]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WrongSetting {
    #[serde(with = "crate::by_colour::array")]
    pub expected_ms: ByColor<ClockMs>,
    #[serde(with = "crate::by_colour::array")]
    pub shown_ms: ByColor<ClockMs>,
}

/// How far a reading may be from the expected value (the clock shows whole seconds; the run
/// between two reports).
const SETTING_TOLERANCE_MS: u64 = 1_500;

/// The clock's setting before the first move, if it differs from the time control: both
/// times as the time control gives them now and as the clock shows them. Some clocks credit
/// the first increment at the start; either value is right.
pub fn wrong_setting(bs: &BoardState) -> Option<WrongSetting> {
    if !bs.moves.is_empty() || bs.result.is_some() {
        return None;
    }
    let mirror = bs.mirror.as_ref()?;
    let (reading, _) = mirror.last_reading()?;
    let tc = mirror.time_control();
    let initial = tc.initial_ms();
    let with_inc = initial.saturating_add(tc.increment_ms_for(1));
    let mut expected = ByColor::<ClockMs>::default();
    let mut shown = ByColor::<ClockMs>::default();
    let mut wrong = false;
    for color in [Color::White, Color::Black] {
        let side = mirror.side_of(color)?;
        let ran = bs.running_for_ms[usize::from(side == crate::model::ClockSide::Right)]?;
        let adjusted = |base: u64| {
            let v =
                i128::from(base) + i128::from(mirror.ledger(side).adjustments_ms) - i128::from(ran);
            u64::try_from(v.max(0)).unwrap_or(0)
        };
        let now = reading.time(side);
        expected[color] = ClockMs::new(adjusted(initial));
        shown[color] = ClockMs::new(now);
        let near = |v: u64| now.abs_diff(v) <= SETTING_TOLERANCE_MS;
        if !near(adjusted(initial)) && !near(adjusted(with_inc)) {
            wrong = true;
        }
    }
    wrong.then_some(WrongSetting {
        expected_ms: expected,
        shown_ms: shown,
    })
}

/// The period time the moves completed on the board entitle a player to (all periods whose
/// required moves he has completed, without the first period and increments).
fn entitled_period_ms(tc: &TimeControl, completed: u32) -> u64 {
    let mut t = tc.clone();
    t.per_move = None;
    t.credited_after_moves(completed)
        .saturating_sub(t.initial_ms())
}

/// Period time due at the move count on the board that the device has not credited yet (a
/// device that adds the next period's time only when the time runs out, or one that missed
/// it): `(colour, time)`, "pending in the device". Only where an e-board counts the moves.
pub fn period_time_pending(bs: &BoardState) -> Vec<(Color, u64)> {
    let mut out = Vec::new();
    let Some(mirror) = bs.mirror.as_ref().filter(|m| m.last_reading().is_some()) else {
        return out;
    };
    if !bs.has_board_moves() || bs.result.is_some() {
        return out;
    }
    for color in [Color::White, Color::Black] {
        if bs.device.unearned(color).is_some() {
            continue;
        }
        let Some(side) = mirror.side_of(color) else {
            continue;
        };
        let entitled = entitled_period_ms(mirror.time_control(), bs.completed(color, None));
        let credited = mirror.ledger(side).period_ms;
        if entitled > credited {
            out.push((color, entitled - credited));
        }
    }
    out
}

/// A time correction on a board: period time the device credited too early (removed, the move
/// counter set to the moves completed on the board: 2017/2023 6.10.2; where the text has no
/// such rule, the arbiter's decision), and in a mode whose clock setting becomes final after
/// some moves, the limit and the setting the clock showed at the start (2017 A.4.1.1; pre-2009
/// B.4).
pub(super) fn time_correction(m: &Match, bs: &BoardState, player: Option<Color>, p: &mut Proposal) {
    let unearned = [Color::White, Color::Black]
        .into_iter()
        .filter(|c| player.is_none_or(|pl| pl == *c))
        .find_map(|c| bs.device.unearned(c).map(|u| (c, *u)));
    if let Some((color, u)) = unearned {
        return unearned_time(m, bs, color, u, p);
    }
    setting_claim(m, bs, p);
}

/// Period time the device added before `color` had completed the period's moves.
fn unearned_time(
    m: &Match,
    bs: &BoardState,
    color: Color,
    u: crate::state::Unearned,
    p: &mut Proposal,
) {
    let cc = &m.profile.clock_corrections;
    let device = bs
        .mirror
        .as_ref()
        .and_then(|mr| mr.color_moves(color))
        .unwrap_or(u.completed);
    let board = if bs.has_board_moves() {
        bs.completed(color, None)
    } else {
        u.completed
    };
    let how = match u.counted_by {
        CountedBy::Board => "rules-counted-by-board",
        CountedBy::ClockPresses => "rules-counted-by-clock-presses",
        CountedBy::Arbiter => "rules-counted-by-arbiter",
    };
    p.facts.push(msg!(
        "rules-fact-unearned",
        player = color,
        time = Arg::DurationMs(u.added_ms),
        required = u.required,
        completed = u.completed,
        counted = Msg::new(how)
    ));
    p.facts.push(msg!(
        "rules-fact-move-counts",
        player = color,
        board = board,
        device = device
    ));
    // What is left of the time credited: the player cannot lose more than his clock shows.
    let now_ms = p.clocks[color].map(ClockMs::ms);
    let off = now_ms.map_or(u.added_ms, |t| t.min(u.added_ms));
    let mut fix = Consequence::default();
    if off > 0 {
        fix.clock.push(TimeChange {
            player: color,
            delta_ms: -i64::try_from(off).unwrap_or(i64::MAX),
        });
    }
    if device != board {
        fix.clock_ops.push(ClockOperation::SetMoves {
            color,
            moves: board,
        });
    }
    fix.set_summary(msg!(
        "rules-summary-unearned",
        player = color,
        time = Arg::DurationMs(off),
        moves = board
    ));
    if cc.setting_article.is_empty() {
        p.articles.extend(cite(m, &cc.article, &cc.source));
        p.explanation = msg!(
            "decision-open",
            situation = Msg::new(Situation::UnearnedPeriodTime.message_id())
        );
        let mut keep = Consequence::default();
        keep.set_summary(msg!("rules-summary-unearned-kept", player = color));
        let mut req = DecisionRequest::new(
            Situation::UnearnedPeriodTime,
            msg!("rules-unearned-why", laws = &m.profile.laws),
        );
        for f in &p.facts {
            req = req.fact(f.clone());
        }
        p.decision = Some(
            req.option(
                "remove",
                msg!("rules-option-unearned-remove", player = color),
                fix,
            )
            .option(
                "keep",
                msg!("rules-option-unearned-keep", player = color),
                keep,
            ),
        );
        return;
    }
    p.articles = cite(m, &cc.setting_article, &cc.source);
    p.explanation = msg!(
        "rules-unearned-correct",
        player = color,
        time = Arg::DurationMs(off),
        moves = board,
        article = crate::profile::article_text(&cc.setting_article)
    );
    p.consequence = fix;
}

/// A claim about the clock's setting in a mode whose setting becomes final after some moves: the
/// limit, the moves each player has completed, the setting the clock showed at the start; within
/// the limit the correction by the difference, after it none (2017 A.4.1.1: unless the schedule
/// of the event would be adversely affected, which is the arbiter's override).
fn setting_claim(m: &Match, bs: &BoardState, p: &mut Proposal) {
    let rules = m.rules_for(bs.board);
    let n = rules.clock_setting_final_after_moves;
    if n == 0 {
        return;
    }
    p.articles.extend(cite(m, &rules.article, &rules.source));
    // The moves each has made on the board (as the limit was always counted here).
    let plies = u32::try_from(bs.moves.len()).unwrap_or(u32::MAX);
    let (w, b) = (plies.div_ceil(2), plies / 2);
    p.facts.push(msg!(
        "rules-fact-setting-limit",
        moves = n,
        white = w,
        black = b,
        mode = Msg::new(rules.mode.message_id())
    ));
    // The setting the clock showed at the start (its first report), per colour.
    let mut diff: Vec<TimeChange> = Vec::new();
    let mirror = bs.mirror.as_ref();
    for (_, a) in &bs.clock_alerts {
        if let ClockAlert::PresetMismatch {
            side,
            expected_ms,
            shown_ms,
        } = a
            && let Some(color) = mirror.and_then(|mr| mr.color_of(*side))
        {
            p.facts.push(msg!(
                "rules-fact-setting-shown",
                player = color,
                expected = format_hms(*expected_ms),
                shown = format_hms(*shown_ms)
            ));
            if !diff.iter().any(|d| d.player == color) {
                diff.push(TimeChange {
                    player: color,
                    delta_ms: i64::try_from(*expected_ms).unwrap_or(i64::MAX)
                        - i64::try_from(*shown_ms).unwrap_or(i64::MAX),
                });
            }
        }
    }
    if w.min(b) >= n {
        p.explanation = msg!(
            "rules-clock-setting-final",
            moves = n,
            mode = Msg::new(rules.mode.message_id())
        );
        return;
    }
    if diff.is_empty() {
        p.facts.push(msg!("rules-fact-setting-right"));
        return;
    }
    p.consequence.clock = diff;
    let changes: Vec<Msg> = p.consequence.clock.iter().map(time_change).collect();
    p.consequence.set_summary(msg!(
        "rules-summary-setting-corrected",
        changes = Arg::list(changes.clone())
    ));
    p.explanation = msg!(
        "rules-setting-within-limit",
        moves = n,
        changes = Arg::list(changes)
    );
}
