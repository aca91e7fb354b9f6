//! A fallen flag, read from the clock and the game (FIDE 6.3.1, 6.4, 6.8, 6.9 and the editions'
//! equivalents): whether and when the player's time actually ran out (the clock reports), how
//! many moves he had completed at that instant (on the e-board, or the arbiter's count; never the
//! clock's own counter) and in which period; whether the game had already ended; both flags and
//! which fell first, with the profile's rule for them (`[flags]`); and whether the opponent could
//! still win.

use super::decision::DecisionRequest;
use super::*;
use crate::clock::FlagRecord;
use crate::profile::{BothFlags, CannotMateTest, Situation};
use crate::state::{CountedBy, Stamp};

/// One player's time run out, as the clock reported it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlagFact {
    #[serde(with = "crate::model::colour")]
    pub color: Color,
    /// The clock report that showed it (`None`: the console's clock reached 0:00 without a
    /// report showing the flag, e.g. a silent feed).
    pub at: Option<Stamp>,
    /// The clock time of that report (`MatchState::clock_ms`): orders two flags.
    pub clock_ms: u64,
    /// The period (0-based) whose time ran out.
    pub period: u32,
    /// Moves that period required (cumulative); `None` for the rest of the game.
    pub required: Option<u32>,
    pub last_period: bool,
    /// Moves the player had completed at that instant, and how they were counted.
    pub completed: u32,
    pub counted_by: CountedBy,
    /// The device added the next period's time at zero (its time then shows again).
    pub device_added_ms: Option<u64>,
}

impl FlagFact {
    /// The required moves were completed in time: the flag only ends the period (FIDE 6.4).
    pub fn moves_completed_in_time(&self) -> bool {
        !self.last_period && self.required.is_some_and(|r| self.completed >= r)
    }
}

/// The record of the clock report that showed a flag.
fn stamp_of(bs: &BoardState, f: &FlagRecord) -> Option<Stamp> {
    bs.clock_alerts.iter().find_map(|(at, a)| match a {
        crate::clock::ClockAlert::FlagFell(r) if r == f => Some(*at),
        _ => None,
    })
}

/// Both players' flags as the clock reported them, by colour, with the moves each had
/// completed at that instant: on the board when an e-board reports moves; else the arbiter's
/// count (`tally`, for `tally_of`) where given; else the presses the clock model saw.
pub fn flag_facts(
    s: &MatchState,
    bs: &BoardState,
    tally: Option<(Color, u32)>,
    now: MonoMs,
) -> ByColor<Option<FlagFact>> {
    let mut out: ByColor<Option<FlagFact>> = ByColor::default();
    let count = |color: Color, seq: Option<u64>, presses: u32| -> (u32, CountedBy) {
        if bs.has_board_moves() {
            (bs.completed(color, seq), CountedBy::Board)
        } else if let Some((c, n)) = tally
            && c == color
        {
            (n, CountedBy::Arbiter)
        } else {
            (presses, CountedBy::ClockPresses)
        }
    };
    if let Some(m) = &bs.mirror {
        for f in m.open_flags() {
            let Some(color) = f.color else { continue };
            let at = stamp_of(bs, &f);
            let (completed, counted_by) = count(color, at.map(|a| a.seq), f.moves_completed);
            let device_added_ms = m
                .side_of(color)
                .and_then(|side| {
                    bs.clock_changes.iter().rev().find(|c| {
                        c.side == side
                            && c.at_ms == f.at_ms
                            && matches!(
                                c.kind,
                                crate::clock::ChangeKind::PeriodTimeAdded { on_flag: true, .. }
                            )
                    })
                })
                .map(|c| c.delta_ms.unsigned_abs());
            out[color] = Some(FlagFact {
                color,
                at,
                clock_ms: f.at_ms,
                period: f.period,
                required: f.moves_required,
                last_period: f.last_period,
                completed,
                counted_by,
                device_added_ms,
            });
        }
    }
    // A clock at 0:00 that no report showed as a flag (a silent feed counted down).
    if let Some(c) = crate::clock_now::clock_at(s, bs, now) {
        let tc = bs.mirror.as_ref().map(|m| m.time_control());
        for color in [Color::White, Color::Black] {
            if out[color].is_some() || !c.exact(color).is_zero() {
                continue;
            }
            let presses = bs
                .mirror
                .as_ref()
                .and_then(|m| m.color_moves(color))
                .unwrap_or(0);
            let (completed, counted_by) = count(color, None, presses);
            let period = bs
                .mirror
                .as_ref()
                .and_then(|m| m.side_of(color).map(|side| m.period(side)))
                .unwrap_or(0);
            out[color] = Some(FlagFact {
                color,
                at: None,
                clock_ms: s.clock_ms(now),
                period,
                required: tc.and_then(|t| t.moves_at_end_of(period)),
                last_period: tc.is_none_or(|t| t.is_last_period(period)),
                completed,
                counted_by,
                device_added_ms: None,
            });
        }
    }
    out
}

/// The flags that are down at `now`, by colour: a player's time ran out before he had
/// completed the period's moves (a device adding the next period's time at zero does not hide
/// it). Flags after the game ended by itself do not count (FIDE 6.9).
pub fn flags_down(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    now: MonoMs,
) -> ByColor<Option<FlagFact>> {
    let end = automatic_end(m, bs);
    flag_facts(s, bs, None, now).map(|f| {
        f.filter(|f| !f.moves_completed_in_time()).filter(|f| {
            end.as_ref()
                .is_none_or(|e| f.at.is_some_and(|at| at.seq < e.at.seq))
        })
    })
}

fn period_no(f: &FlagFact) -> u32 {
    f.period + 1
}

/// The flag's facts, as lines for the arbiter.
fn describe(f: &FlagFact, p: &mut Proposal) {
    let how = match f.counted_by {
        CountedBy::Board => "rules-counted-by-board",
        CountedBy::ClockPresses => "rules-counted-by-clock-presses",
        CountedBy::Arbiter => "rules-counted-by-arbiter",
    };
    p.facts.push(match f.required {
        Some(r) if !f.last_period => msg!(
            "rules-fact-flag-period",
            player = f.color,
            period = period_no(f),
            completed = f.completed,
            required = r,
            counted = Msg::new(how)
        ),
        _ => msg!(
            "rules-fact-flag-last-period",
            player = f.color,
            period = period_no(f),
            completed = f.completed,
            counted = Msg::new(how)
        ),
    });
    if let Some(added) = f.device_added_ms {
        p.facts.push(if f.moves_completed_in_time() {
            msg!(
                "rules-fact-device-added-earned",
                player = f.color,
                time = Arg::DurationMs(added)
            )
        } else {
            msg!(
                "rules-fact-device-added-not-earned",
                player = f.color,
                time = Arg::DurationMs(added)
            )
        });
    }
}

pub(super) fn flag_fall(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    player: Option<Color>,
    tally: Option<u32>,
    now: MonoMs,
    p: &mut Proposal,
) {
    let fl = &m.profile.flags;
    p.articles = cite(m, "6.9", "");
    if fl.article != "6.9" || !fl.source.is_empty() {
        p.articles.extend(cite(m, &fl.article, &fl.source));
    }
    // The game ended by itself before anyone looked at the flag: the end stands (6.9 excepts
    // 5.1.1, 5.2.1, 5.2.2; the Arbiters' Manual gives 9.6 the same precedence).
    if let Some(end) = automatic_end(m, bs) {
        p.articles.extend(cite(m, end.article, ""));
        p.instant = Some(end.at.wall_ms);
        p.facts.push(msg!(
            "rules-fact-ending-move",
            mv = game_end::move_text(bs, end.move_index)
        ));
        if bs.result.is_none() {
            p.consequence.result = Some(end.result);
            p.consequence.set_summary(msg!(
                "rules-summary-game-ended",
                reason = Msg::new(end.reason),
                result = end.result
            ));
        }
        p.explanation = msg!(
            "rules-flag-after-end",
            reason = Msg::new(end.reason),
            result = end.result
        );
        return;
    }
    let tally = player.zip(tally);
    let facts = flag_facts(s, bs, tally, now);
    let down: Vec<&FlagFact> = facts
        .iter()
        .flatten()
        .filter(|f| !f.moves_completed_in_time())
        .collect();
    // In the quickplay phase where a flag counts only from a player's rightful claim (Trier Nr.
    // 10; pre-2009 B.6), the clock's telemetry dates no flag.
    let from_claim = |f: &FlagFact| m.profile.quickplay_finish.flag_from_claim && f.last_period;
    if let [a, b] = down.as_slice() {
        let dated = !(from_claim(a) || from_claim(b));
        both_flags(m, bs, a, b, dated, p);
        return;
    }
    let Some(player) = player.or_else(|| down.first().map(|f| f.color)) else {
        p.explanation = msg!("rules-flag-choose-player");
        return;
    };
    let Some(f) = &facts[player] else {
        let left = crate::clock_now::clock_at(s, bs, now).map(|c| c.of(player));
        p.explanation = match left {
            Some(ms) => msg!(
                "rules-flag-not-down",
                player = player,
                time = format_hms(ms)
            ),
            None => msg!("rules-flag-no-clock", player = player),
        };
        if left.is_none() {
            // No clock report at all: the arbiter established the flag himself.
            single_flag(m, bs, player, p);
        }
        return;
    };
    describe(f, p);
    p.instant = f.at.map(|a| a.wall_ms);
    claimant_clock(s, bs, player.other(), now, p);
    if from_claim(f) {
        let claim = wall_at(s, now);
        p.instant = claim;
        let q = &m.profile.quickplay_finish;
        p.articles.extend(cite(m, &q.article, &q.source));
        p.facts.push(msg!(
            "rules-fact-flag-from-claim",
            player = player,
            claimed = claim.map(|t| super::local_hm(m, t)).unwrap_or_default(),
            shown =
                f.at.map(|a| super::local_hm(m, a.wall_ms))
                    .unwrap_or_else(|| "–".into())
        ));
    }
    if f.moves_completed_in_time() {
        p.articles = cite(m, "6.4", "");
        p.explanation = msg!(
            "rules-flag-moves-completed",
            player = player,
            completed = f.completed,
            required = f.required.unwrap_or(0),
            period = period_no(f)
        );
        return;
    }
    single_flag(m, bs, player, p);
}

/// The flag of `player` is down: lost on time, unless the opponent could not win.
fn single_flag(m: &Match, bs: &BoardState, player: Color, p: &mut Proposal) {
    // A quickplay-finish claim is open: the flag opens the arbiter's final decision on it.
    if super::claims::flag_during_open_claim(m, bs, Some(player), p) {
        return;
    }
    let opponent = player.other();
    let pos = board_position(bs);
    let ability = pos
        .as_ref()
        .map(|pos| match m.profile.flags.opponent_cannot_mate {
            CannotMateTest::AnySeriesOfLegalMoves => {
                if crate::game::cannot_mate(pos, opponent) {
                    MateCheck::CannotMate
                } else {
                    mate_check(pos, opponent)
                }
            }
            CannotMateTest::OnlyKing => {
                if (pos.board().by_color(opponent) & !pos.board().kings()).is_empty() {
                    MateCheck::CannotMate
                } else {
                    MateCheck::MatePossible
                }
            }
        });
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

/// Both flags down, the game goes on, and the next move counts as the first of the next control
/// (1987 12.8; 1989 8.6 likewise): each player's move counter is set to his period's required
/// moves, so his next move is the first of the next period.
fn next_control(m: &Match, a: &FlagFact, b: &FlagFact, p: &mut Proposal) {
    for f in [a, b] {
        if let Some(required) = f.required.filter(|_| !f.last_period) {
            p.consequence
                .clock_ops
                .push(crate::clock::ClockOperation::SetMoves {
                    color: f.color,
                    moves: required,
                });
        }
    }
    let article = m.profile.flags.source_article();
    let cited = |a: &String| a.ends_with(&format!("Art. {article}"));
    if !p.articles.iter().any(cited) {
        p.articles.extend(cite(m, &article, ""));
    }
    p.facts.push(msg!(
        "rules-fact-next-move-first-of-control",
        article = crate::profile::article_text(&m.profile.flags.source_article())
    ));
    p.consequence
        .set_summary(msg!("rules-summary-both-flags-next-control"));
    p.explanation = msg!("rules-both-flags-next-control", laws = &m.profile.laws);
}

/// The claimant's own clock beside the flag he claims: running or stopped, its time now, the
/// lowest time it showed in the period, and whether his own flag is down.
fn claimant_clock(s: &MatchState, bs: &BoardState, claimant: Color, now: MonoMs, p: &mut Proposal) {
    let Some(c) = crate::clock_now::clock_at(s, bs, now) else {
        return;
    };
    let lowest = bs
        .mirror
        .as_ref()
        .and_then(|m| m.side_of(claimant).map(|side| (m, side)))
        .map(|(m, side)| ClockMs::new(m.lowest_in_period_ms(side, s.clock_ms(now))))
        .unwrap_or_else(|| c.of(claimant));
    let time = c.of(claimant);
    p.facts.push(msg!(
        "rules-fact-claimant-clock",
        player = claimant,
        running = u32::from(c.running == Some(claimant)),
        time = format_hms(time),
        lowest = format_hms(lowest.min(time)),
        flag = u32::from(time.is_zero())
    ));
}

/// Both flags down (`dated`: the clock's reports date the flags; not where a flag counts only
/// from a claim).
fn both_flags(
    m: &Match,
    bs: &BoardState,
    a: &FlagFact,
    b: &FlagFact,
    dated: bool,
    p: &mut Proposal,
) {
    let fl = &m.profile.flags;
    describe(a, p);
    describe(b, p);
    let known = dated && a.clock_ms != b.clock_ms;
    if !dated {
        p.facts.push(msg!("rules-fact-flags-undated"));
    }
    let (first, second) = if a.clock_ms <= b.clock_ms {
        (a, b)
    } else {
        (b, a)
    };
    let last = a.last_period || b.last_period;
    let rule = if known {
        fl.both_flags_order_known
    } else if last {
        fl.both_flags_last_period
    } else {
        fl.both_flags
    };
    p.facts.push(if known {
        msg!(
            "rules-fact-flag-order",
            first = first.color,
            second = second.color
        )
    } else {
        msg!("rules-fact-flag-order-unknown")
    });
    p.instant = first.at.map(|a| a.wall_ms);
    let open = || m.profile.is_open(Situation::BothFlagsDown);
    match rule {
        BothFlags::FirstFlagLoses if known => {
            p.facts.push(msg!("rules-fact-first-flag-interpretation"));
            single_flag(m, bs, first.color, p);
        }
        BothFlags::Continue if !open() => {
            p.explanation = msg!("rules-both-flags-continue", laws = &m.profile.laws);
            if fl.both_flags_next_control {
                next_control(m, a, b, p);
            }
        }
        BothFlags::Draw if !open() => {
            p.consequence.result = Some(GameResult::Draw);
            p.consequence
                .set_summary(msg!("rules-summary-both-flags-draw"));
            p.explanation = msg!("rules-both-flags-draw", laws = &m.profile.laws);
        }
        _ => {
            let result = |r| Consequence {
                result: Some(r),
                ..Consequence::default()
            };
            let mut req = DecisionRequest::new(
                Situation::BothFlagsDown,
                msg!("decision-why-both-flags", laws = &m.profile.laws),
            );
            for f in p.facts.iter().cloned() {
                req = req.fact(f);
            }
            req = req
                .option(
                    "continue",
                    msg!("decision-option-continue"),
                    Consequence::default(),
                )
                .option(
                    "draw",
                    msg!("decision-option-result", result = GameResult::Draw),
                    result(GameResult::Draw),
                )
                .option(
                    "white_loses",
                    msg!("decision-option-result", result = GameResult::BlackWins),
                    result(GameResult::BlackWins),
                )
                .option(
                    "black_loses",
                    msg!("decision-option-result", result = GameResult::WhiteWins),
                    result(GameResult::WhiteWins),
                );
            p.decision = Some(req);
            p.explanation = msg!(
                "decision-open",
                situation = Msg::new(Situation::BothFlagsDown.message_id())
            );
        }
    }
}
