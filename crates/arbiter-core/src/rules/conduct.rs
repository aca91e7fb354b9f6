//! Conduct: penalties (Art. 12.9), electronic devices (Art. 11.3), external disturbance
//! (Art. 12.5), persistent refusal to comply (Art. 11.7, 11.8), a player unable to keep score
//! (Art. 8.1.6), protests, and the guard that conduct after a game never changes its result.

use super::decision::DecisionRequest;
use super::*;
use crate::intervention::DevicePlace;
use crate::profile::{Deduction, RefusalScore, Situation};

/// Conduct after the player's game has ended: he is a spectator (2017/2023 Art. 11.4,
/// pre-2009 12.3). The incident is recorded as conduct only; the result stands. Returns whether
/// the proposal is made.
pub(super) fn finished_game(m: &Match, bs: &BoardState, req: &Request, p: &mut Proposal) -> bool {
    if !matches!(
        req.kind,
        InterventionKind::ElectronicDevice { .. }
            | InterventionKind::Penalty { .. }
            | InterventionKind::RefusalToComply { .. }
    ) {
        return false;
    }
    let Some(r) = &bs.result else {
        return false;
    };
    let pen = &m.profile.penalties;
    p.articles = cite(m, &pen.spectator_article, "");
    p.consequence
        .set_summary(msg!("rules-summary-conduct-after-game", result = r.result));
    p.explanation = msg!("rules-conduct-after-game", result = r.result);
    true
}

/// A time penalty's amount: the arbiter's entry, else the profile's (0 = none fixed).
fn amount(entered: Option<u32>, profile_s: u32) -> Option<u32> {
    entered
        .filter(|s| *s > 0)
        .or((profile_s > 0).then_some(profile_s))
}

/// The penalties of Art. 12.9 chosen for `player`, applied to the proposal's consequence; the
/// words for each. A time penalty without an amount leaves the proposal waiting for it.
fn apply_penalties(
    m: &Match,
    player: Color,
    penalties: &[PenaltyKind],
    time_s: Option<u32>,
    p: &mut Proposal,
) -> Vec<Msg> {
    let pen = &m.profile.penalties;
    let mut items = Vec::new();
    for k in penalties {
        match k {
            PenaltyKind::Warning => {
                p.consequence.warning = true;
                items.push(msg!("rules-penalty-item-warning"));
            }
            PenaltyKind::TimeToOpponent | PenaltyKind::TimeFromOffender => {
                let to_opponent = *k == PenaltyKind::TimeToOpponent;
                let fixed = if to_opponent {
                    pen.time_to_opponent_s
                } else {
                    pen.time_from_offender_s
                };
                let Some(s) = amount(time_s, fixed) else {
                    p.missing = Some(msg!("rules-penalty-enter-time"));
                    continue;
                };
                let ms = u64::from(s) * 1000;
                let (who, delta) = if to_opponent {
                    (player.other(), ms as i64)
                } else {
                    (player, -(ms as i64))
                };
                p.consequence.clock.push(TimeChange {
                    player: who,
                    delta_ms: delta,
                });
                items.push(if to_opponent {
                    msg!(
                        "rules-penalty-item-time-to",
                        time = Arg::DurationMs(ms),
                        player = who
                    )
                } else {
                    msg!(
                        "rules-penalty-item-time-from",
                        time = Arg::DurationMs(ms),
                        player = who
                    )
                });
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
    if p.missing.is_some() {
        // Nothing is applied until the amount is given.
        p.consequence = Consequence::default();
    }
    items
}

pub(super) fn penalty(
    m: &Match,
    player: Option<Color>,
    penalties: &[PenaltyKind],
    time_s: Option<u32>,
    accepted: bool,
    p: &mut Proposal,
) {
    let pen = &m.profile.penalties;
    // A warning the player accepted need not be reported (DSB note to TO ): the report
    // marks it optional.
    if accepted && penalties == [PenaltyKind::Warning] && pen.accepted_warning_optional {
        p.facts.push(msg!("rules-penalty-fact-accepted-optional"));
        // Journaled with the intervention: the report marks the line optional.
        p.notices.push(msg!("report-notice-optional-warning"));
    }
    p.articles = cite(m, &pen.article, &pen.source);
    let Some(player) = player else {
        p.explanation = msg!("rules-penalty-choose-player");
        return;
    };
    if penalties.is_empty() {
        p.missing = Some(msg!("rules-device-choose-penalty"));
        p.explanation = msg!("rules-penalty-choose", player = player);
        return;
    }
    let items = apply_penalties(m, player, penalties, time_s, p);
    if p.missing.is_some() {
        p.explanation = msg!("rules-penalty-time-missing", player = player);
        return;
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

/// The penalty menu of Art. 12.9 for a device that does not lose: the penalties the arbiter
/// chose in the form, none pre-selected.
fn device_menu(
    m: &Match,
    player: Color,
    penalties: &[PenaltyKind],
    time_s: Option<u32>,
    why: Msg,
    p: &mut Proposal,
) {
    let pen = &m.profile.penalties;
    p.articles.extend(cite(m, &pen.article, &pen.source));
    if penalties.is_empty() {
        p.missing = Some(msg!("rules-device-choose-penalty"));
        p.explanation = msg!("rules-device-menu", why = why, player = player);
        return;
    }
    let items = apply_penalties(m, player, penalties, time_s, p);
    if p.missing.is_some() {
        p.explanation = msg!("rules-device-menu", why = why, player = player);
        return;
    }
    p.consequence.set_summary(msg!(
        "rules-summary-device-penalty",
        player = player,
        penalties = Arg::list(items.clone())
    ));
    p.explanation = msg!(
        "rules-device-penalty",
        why = why,
        player = player,
        penalties = Arg::list(items)
    );
}

fn result_option(r: GameResult) -> Consequence {
    Consequence {
        result: Some(r),
        ..Consequence::default()
    }
}

/// The offender loses, the opponent (who could not have won) scores a half.
fn zero_half(player: Color) -> GameResult {
    if player.is_white() {
        GameResult::WhiteZeroBlackHalf
    } else {
        GameResult::WhiteHalfBlackZero
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn device(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    place: DevicePlace,
    penalties: &[PenaltyKind],
    time_s: Option<u32>,
    p: &mut Proposal,
) {
    let d = &m.profile.devices;
    p.articles = cite(m, &d.article, &d.source);
    let Some(player) = player else {
        p.explanation = msg!("rules-device-choose-player");
        return;
    };
    if place == DevicePlace::InBag {
        if d.allowed_in_bag {
            // Not on the player's person: no loss under 11.3.2.2; a device not completely
            // switched off breaks 11.3.2.1, which 12.9 penalises.
            device_menu(
                m,
                player,
                penalties,
                time_s,
                msg!("rules-device-why-bag-allowed"),
                p,
            );
            return;
        }
        if m.profile.is_open(Situation::DeviceOffPerson) {
            return device_off_person(m, player, penalties, time_s, p);
        }
        // No bag allowed and the profile leaves nothing open: a device in the player's bag is
        // one he has with him ("bei sich", 2017 German 11.3.2.2).
    }
    match d.on_person {
        DeviceSanction::Loss => device_loss(m, bs, player, place, p),
        DeviceSanction::ArbiterDiscretion => device_menu(
            m,
            player,
            penalties,
            time_s,
            msg!("rules-device-discretion"),
            p,
        ),
    }
}

/// A device in the bag where no bag is allowed, and the profile leaves it open: the loss, the
/// 12.9 penalty the arbiter chose, a warning or a note, none chosen.
fn device_off_person(
    m: &Match,
    player: Color,
    penalties: &[PenaltyKind],
    time_s: Option<u32>,
    p: &mut Proposal,
) {
    let mut menu = Proposal::default();
    let items = apply_penalties(m, player, penalties, time_s, &mut menu);
    let mut req = DecisionRequest::new(
        Situation::DeviceOffPerson,
        msg!("decision-why-device-off-person", laws = &m.profile.laws),
    )
    .fact(msg!("decision-fact-device-in-bag", player = player))
    .fact(msg!("decision-fact-no-bag-allowed"))
    .option(
        "loss",
        msg!("decision-option-result", result = loss_for(player)),
        result_option(loss_for(player)),
    );
    let warning = Consequence {
        warning: true,
        ..Consequence::default()
    };
    // The 12.9 penalty the arbiter chose in the form (a plain warning is offered anyway).
    let chosen = menu.consequence.clone();
    if !items.is_empty()
        && menu.missing.is_none()
        && (chosen.clock.clone(), chosen.result, chosen.warning) != (Vec::new(), None, true)
    {
        req = req.option(
            "penalty",
            msg!("decision-option-penalty", penalties = Arg::list(items)),
            menu.consequence,
        );
    }
    p.decision = Some(
        req.option("warning", msg!("decision-option-warning"), warning)
            .option(
                "note_only",
                msg!("decision-option-note-only"),
                Consequence::default(),
            ),
    );
    p.explanation = msg!(
        "decision-open",
        situation = Msg::new(Situation::DeviceOffPerson.message_id())
    );
}

/// A device on the person where the profile says the game is lost (11.3.2.2): the loss, or,
/// where the opponent cannot mate and the profile leaves it open, the decision.
fn device_loss(m: &Match, bs: &BoardState, player: Color, place: DevicePlace, p: &mut Proposal) {
    let opponent = player.other();
    let ability = board_position(bs).map(|pos| mate_check(&pos, opponent));
    if matches!(ability, Some(MateCheck::CannotMate))
        && m.profile.is_open(Situation::DeviceLossOpponentCannotMate)
    {
        p.decision = Some(
            DecisionRequest::new(
                Situation::DeviceLossOpponentCannotMate,
                msg!("decision-why-device-cannot-mate", laws = &m.profile.laws),
            )
            .fact(msg!("decision-fact-device", player = player))
            .fact(msg!("decision-fact-cannot-mate", opponent = opponent))
            .option(
                "loss",
                msg!("decision-option-result", result = loss_for(player)),
                result_option(loss_for(player)),
            )
            .option(
                "loss_opponent_half",
                msg!("decision-option-result", result = zero_half(player)),
                result_option(zero_half(player)),
            )
            .option(
                "draw",
                msg!("decision-option-result", result = GameResult::Draw),
                result_option(GameResult::Draw),
            ),
        );
        p.explanation = msg!(
            "decision-open",
            situation = Msg::new(Situation::DeviceLossOpponentCannotMate.message_id())
        );
        return;
    }
    if matches!(ability, Some(MateCheck::CannotMate)) {
        // 11.3.2.2: "The opponent shall win", whatever he has left: the edition fixes it.
        p.facts.push(msg!(
            "rules-device-fact-opponent-wins",
            opponent = opponent,
            article = crate::profile::article_text(&m.profile.devices.article)
        ));
    }
    p.consequence.result = Some(loss_for(player));
    p.consequence
        .set_summary(msg!("rules-summary-device", player = player));
    p.explanation = if place == DevicePlace::InBag {
        msg!("rules-device-loss-bag", player = player)
    } else {
        msg!("rules-device-loss", player = player)
    };
}

/// External disturbance (2017/2023 12.5, pre-2009 13.5): additional time for the player named,
/// or both; the arbiter enters the amount (no edition gives one).
pub(super) fn disturbance(m: &Match, player: Option<Color>, time_s: Option<u32>, p: &mut Proposal) {
    let d = &m.profile.disturbance;
    p.articles = cite(m, &d.article, &d.source);
    if !d.extra_time {
        p.explanation = msg!("rules-disturbance-no-time", laws = &m.profile.laws);
        return;
    }
    let Some(s) = time_s.filter(|s| *s > 0) else {
        p.missing = Some(msg!("rules-disturbance-enter-time"));
        p.explanation = msg!("rules-disturbance-ask");
        return;
    };
    let ms = u64::from(s) * 1000;
    let players: Vec<Color> = match player {
        Some(c) => vec![c],
        None => vec![Color::White, Color::Black],
    };
    for c in &players {
        p.consequence.clock.push(TimeChange {
            player: *c,
            delta_ms: ms as i64,
        });
    }
    let changes: Vec<Msg> = p.consequence.clock.iter().map(time_change).collect();
    p.consequence.set_summary(msg!(
        "rules-summary-disturbance",
        changes = Arg::list(changes.clone())
    ));
    p.explanation = msg!("rules-disturbance", changes = Arg::list(changes));
}

/// Persistent refusal to comply (2017/2023 11.7, 11.8; pre-2009 12.7, 12.8; 1989 10.15): the
/// offender loses; the opponent's score by the profile's rule, or the arbiter's decision.
pub(super) fn refusal(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    both: bool,
    p: &mut Proposal,
) {
    let r = &m.profile.refusal;
    p.articles = cite(m, &r.article, &r.source);
    if both {
        p.consequence.result = Some(GameResult::BothZero);
        p.consequence
            .set_summary(msg!("rules-summary-refusal-both"));
        p.explanation = msg!("rules-refusal-both");
        return;
    }
    let Some(player) = player else {
        p.explanation = msg!("rules-refusal-choose-player");
        return;
    };
    let opponent = player.other();
    let pos = board_position(bs);
    let ability = pos.as_ref().map(|pos| mate_check(pos, opponent));
    if m.profile.is_open(Situation::RefusalOpponentScore) {
        let mut req = DecisionRequest::new(
            Situation::RefusalOpponentScore,
            msg!("decision-why-refusal-score", laws = &m.profile.laws),
        )
        .fact(msg!("decision-fact-refusal", player = player));
        req = match ability {
            Some(MateCheck::CannotMate) => {
                req.fact(msg!("decision-fact-cannot-mate", opponent = opponent))
            }
            Some(MateCheck::MatePossible) => {
                req.fact(msg!("decision-fact-can-mate", opponent = opponent))
            }
            _ => req.fact(msg!("decision-fact-mate-unknown", opponent = opponent)),
        };
        p.decision = Some(
            req.option(
                "opponent_wins",
                msg!("decision-option-result", result = loss_for(player)),
                result_option(loss_for(player)),
            )
            .option(
                "opponent_half",
                msg!("decision-option-result", result = zero_half(player)),
                result_option(zero_half(player)),
            )
            .option(
                "opponent_zero",
                msg!("decision-option-result", result = GameResult::BothZero),
                result_option(GameResult::BothZero),
            ),
        );
        p.explanation = msg!(
            "decision-open",
            situation = Msg::new(Situation::RefusalOpponentScore.message_id())
        );
        return;
    }
    let bare_king = pos
        .as_ref()
        .map(|pos| pos.board().by_color(opponent).count() == 1);
    let (result, id) = match (r.opponent_score, ability, bare_king) {
        (RefusalScore::Wins, _, _) => (loss_for(player), "rules-refusal-loss"),
        (RefusalScore::WinsIfCanMate, Some(MateCheck::CannotMate), _) => {
            (zero_half(player), "rules-refusal-cannot-mate")
        }
        (RefusalScore::WinsIfCanMate, Some(_), _) => (loss_for(player), "rules-refusal-can-mate"),
        (RefusalScore::WinsUnlessBareKing, _, Some(true)) => {
            (zero_half(player), "rules-refusal-bare-king")
        }
        (RefusalScore::WinsUnlessBareKing, _, Some(false)) => {
            (loss_for(player), "rules-refusal-not-bare-king")
        }
        (_, _, _) => (loss_for(player), "rules-refusal-no-position"),
    };
    p.consequence.result = Some(result);
    p.consequence.set_summary(msg!(
        "rules-summary-refusal",
        player = player,
        result = result
    ));
    p.explanation = Msg::new(id).arg("player", player).arg("opponent", opponent);
}

/// A player unable to keep score (2017 8.1.6 and the DSB note; pre-2009 8.1): the deduction the
/// edition sets, none for a disability where the edition says so, none where the mode needs no
/// notation; applied to his clock before the game starts.
pub(super) fn unable_to_record(
    m: &Match,
    bs: &BoardState,
    player: Option<Color>,
    disabled: bool,
    time_s: Option<u32>,
    p: &mut Proposal,
) {
    let u = &m.profile.unable_to_record;
    p.articles = cite(m, &u.article, &u.source);
    let Some(player) = player else {
        p.explanation = msg!("rules-unable-choose-player");
        return;
    };
    let rules = m.rules_for(bs.board);
    if !rules.notation_required {
        p.articles.extend(cite(m, &rules.article, &rules.source));
        p.explanation = msg!(
            "rules-unable-no-notation",
            mode = Msg::new(rules.mode.message_id())
        );
        return;
    }
    if disabled && u.disability_exempt {
        p.consequence
            .set_summary(msg!("rules-summary-unable-no-deduction", player = player));
        p.explanation = msg!("rules-unable-disabled", player = player);
        return;
    }
    let s = match u.deduction {
        Deduction::None => {
            p.explanation = msg!("rules-unable-no-rule", laws = &m.profile.laws);
            return;
        }
        Deduction::Fixed => u.fixed_s,
        Deduction::ArbiterEnters => match time_s.filter(|s| *s > 0) {
            Some(s) => s,
            None => {
                p.missing = Some(msg!("rules-unable-enter-time"));
                p.explanation = msg!("rules-unable-ask", player = player);
                return;
            }
        },
    };
    let ms = u64::from(s) * 1000;
    p.consequence.clock.push(TimeChange {
        player,
        delta_ms: -(ms as i64),
    });
    p.consequence.set_summary(msg!(
        "rules-summary-unable",
        player = player,
        time = Arg::DurationMs(ms)
    ));
    p.explanation = msg!(
        "rules-unable-deduction",
        player = player,
        time = Arg::DurationMs(ms),
        started = u32::from(!bs.moves.is_empty())
    );
}

pub(super) fn protest(m: &Match, fee_paid_cents: u32, p: &mut Proposal) {
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
    let announce = if r.announce_within_min > 0 {
        msg!(
            "rules-protest-announce-within",
            minutes = r.announce_within_min
        )
    } else {
        msg!("rules-protest-announce-on-report")
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
        announce = announce,
        deadline = deadline,
        fee = fee,
        decided_by = crate::profile::citation_text(&r.decided_by),
        committee = committee
    );
}

/// A player unable to keep score: the decision that exempts a player with a disability, as its
/// text reads, and that no assistant is available (2023/2017 8.1.6: the player may provide
/// one, acceptable to the arbiter), each recorded with the intervention.
pub(super) fn notation_facts(m: &Match, exemption: &str, no_assistant: bool, p: &mut Proposal) {
    let u = &m.profile.unable_to_record;
    if !exemption.trim().is_empty() {
        p.facts
            .push(msg!("rules-unable-fact-exemption", text = exemption.trim()));
    }
    if no_assistant {
        p.facts.push(msg!(
            "rules-unable-fact-no-assistant",
            article = crate::profile::article_text(&u.article)
        ));
    }
}

/// When did the board's clock last stop (the arbiter's pause or a player's), if it stands now.
fn stopped_since(bs: &BoardState) -> Option<crate::state::Stamp> {
    let last = bs.clock_presses.last()?;
    last.sample.running.is_none().then_some(last.at)
}

/// The arbiter restarts a game he stopped for an incident: how play resumes is his decision
/// (2023/2017 6.11.3 "The arbiter shall decide when the game restarts"; pre-2009 6.13 c), with
/// the facts: since when the clock stands, the incidents recorded on the board meanwhile, both
/// clocks. Options: restart the clocks as they stand, restart once the times are set anew (the
/// clock form), or not yet. Always asked.
pub(super) fn game_resumed(m: &Match, s: &MatchState, bs: &BoardState, p: &mut Proposal) {
    use crate::profile::Situation;
    p.articles = cite(
        m,
        &m.profile.penalties.resume_article,
        &m.profile.penalties.source,
    );
    if bs.result.is_some() {
        p.explanation = msg!("rules-agreement-game-over");
        return;
    }
    let since = stopped_since(bs);
    let mut req = DecisionRequest::new(
        Situation::GameResumption,
        msg!(
            "rules-resume-why",
            article = crate::profile::article_text(&m.profile.penalties.resume_article)
        ),
    );
    req = req.fact(match since {
        Some(at) => msg!("rules-resume-fact-stopped", time = local_hm(m, at.wall_ms)),
        None => msg!("rules-resume-fact-running"),
    });
    for e in s.interventions.iter().filter(|e| {
        e.intervention.board == Some(bs.board) && since.is_none_or(|t| e.at.seq >= t.seq)
    }) {
        req = req.fact(msg!(
            "rules-resume-fact-incident",
            time = local_hm(m, e.at.wall_ms),
            kind = crate::words::intervention_kind(&e.intervention.kind)
        ));
    }
    if let Some(ByColor { white: w, black: b }) = crate::by_colour::both(p.clocks) {
        req = req.fact(msg!(
            "rules-resume-fact-clocks",
            white = format_hms(w),
            black = format_hms(b)
        ));
    }
    let mut resume = Consequence::default();
    if since.is_some() {
        resume.clock_ops.push(crate::clock::ClockOperation::Resume);
    }
    resume.set_summary(msg!("rules-summary-resumed"));
    let mut after_setting = Consequence::default();
    after_setting.set_summary(msg!("rules-summary-resumed-after-setting"));
    let mut not_yet = Consequence::default();
    not_yet.set_summary(msg!("rules-summary-not-resumed"));
    p.decision = Some(
        req.option("resume", msg!("rules-option-resume"), resume)
            .option(
                "resume_after_setting",
                msg!("rules-option-resume-after-setting"),
                after_setting,
            )
            .option("not_yet", msg!("rules-option-not-resumed"), not_yet),
    );
    p.explanation = msg!(
        "decision-open",
        situation = Msg::new(Situation::GameResumption.message_id())
    );
}

/// The arbiter expels a person who is not a player of a game (a spectator, a captain, a club
/// official) from the playing venue (2017/2023 12.7; pre-2009 13.7): recorded for the report,
/// no game changes.
pub(super) fn person_expelled(m: &Match, person: &str, p: &mut Proposal) {
    let pen = &m.profile.penalties;
    p.articles = cite(m, &pen.expel_article, &pen.source);
    if person.trim().is_empty() {
        p.missing = Some(msg!("rules-expel-name-person"));
        p.explanation = msg!("rules-expel-name-person");
        return;
    }
    p.consequence
        .set_summary(msg!("rules-summary-expelled", person = person.trim()));
    p.explanation = if pen.expel_article.is_empty() {
        msg!(
            "rules-expel-no-article",
            person = person.trim(),
            laws = &m.profile.laws
        )
    } else {
        msg!(
            "rules-expel",
            person = person.trim(),
            article = crate::profile::article_text(&pen.expel_article)
        )
    };
}
