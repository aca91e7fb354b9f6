//! Claims: draw claims (threefold repetition, 50 moves, on the position now or on a written
//! intended move), quickplay-finish claims (old Art. 10.2, Guidelines III.5) and the III.4
//! request for an increment, and draw agreements.
//!
//! Admissibility comes before correctness: the claimant must be on move and the game still
//! running; an inadmissible claim is recorded as such and gets no incorrect-claim penalty (DSB
//! note on 9.5.2), the general penalties are offered, none chosen. Correctness is decided from
//! the game record (the positions with side to move, castling and en passant rights), with the
//! earlier occurrences listed. The incorrect-claim penalty is the profile's, in whole seconds as
//! the clocks show them. Quickplay-finish claims and the increment request are in `quickplay`.

use super::*;
use crate::game::{Game, Repetition};
use crate::intervention::ClaimStatus;
use crate::profile::{Claims, Situation};
use decision::DecisionRequest;

mod quickplay;
pub(super) use quickplay::{flag_during_open_claim, quickplay};

/// Who is on move on a board, and from what: the game record where the moves are known, else the
/// clock (the side whose time runs, or ran before the clocks were stopped for the claim).
fn on_move(bs: &BoardState) -> Option<Color> {
    if let Some(p) = known_position(bs) {
        return Some(p.turn());
    }
    let sample = bs.clock?;
    let running = sample.running.or_else(|| {
        bs.clock_presses
            .iter()
            .rev()
            .find_map(|press| press.sample.running)
    })?;
    Some(sample.colour_on(running))
}

/// The game record's position where it rests on reported moves or a set position (a board
/// without an e-board keeps the initial position, which says nothing about the game).
fn known_position(bs: &BoardState) -> Option<&shakmaty::Chess> {
    let known = bs.has_board_moves() || bs.game.start != crate::state::GameStart::Initial;
    bs.position().filter(|_| known)
}

/// Why a claim is not admissible, if it is not (the claimant not on move; the game over).
fn inadmissible(bs: &BoardState, claimant: Color, p: &mut Proposal) -> Option<Msg> {
    if let Some(r) = &bs.result {
        return Some(msg!("rules-claim-check-game-over", result = r.result));
    }
    match on_move(bs) {
        Some(c) if c != claimant => Some(msg!(
            "rules-claim-check-not-on-move",
            player = claimant,
            on_move = c
        )),
        Some(_) => {
            p.facts
                .push(msg!("rules-claim-check-on-move", player = claimant));
            None
        }
        None => {
            p.facts.push(msg!("rules-claim-check-on-move-unknown"));
            None
        }
    }
}

/// The inadmissible claim: recorded as such, no incorrect-claim penalty; the general penalties
/// of Art. 12.9 offered, none chosen.
fn inadmissible_claim(m: &Match, why: Msg, p: &mut Proposal) {
    let pen = &m.profile.penalties;
    p.articles.extend(cite(m, &pen.article, &pen.source));
    p.explanation = msg!("rules-claim-inadmissible", why = why.clone());
    let mut none = Consequence {
        claim: Some(ClaimStatus::Inadmissible),
        ..Consequence::default()
    };
    none.set_summary(msg!("rules-summary-claim-inadmissible"));
    let mut warning = none.clone();
    warning.warning = true;
    warning.set_summary(msg!("rules-summary-claim-inadmissible-warning"));
    p.decision = Some(
        DecisionRequest::new(
            Situation::InadmissibleClaim,
            msg!(
                "rules-claim-inadmissible-why",
                article = crate::profile::article_text(&pen.article)
            ),
        )
        .fact(why)
        .option("no_penalty", msg!("rules-option-no-penalty"), none)
        .option("warning", msg!("rules-option-warning"), warning),
    );
}

/// The repetition and 50-move facts of the position to be judged.
struct Judged {
    game: Game,
    /// The written move, as "7. Nf3".
    intended: Option<String>,
}

/// `arbiter_says`: the arbiter's finding, which decides where the game record cannot;
/// `on_finding`: it decides even where the record can (an override, [`super::propose_on_finding`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_claim(
    m: &Match,
    bs: &BoardState,
    claimant: Option<Color>,
    basis: ClaimBasis,
    arbiter_says: bool,
    intended: Option<&str>,
    on_finding: bool,
    p: &mut Proposal,
) {
    // The mode's values (rapid and blitz: FIDE Appendices A and B).
    let rules = m.rules_for(bs.board);
    let c = &rules.claims;
    let article = match (basis, intended.is_some()) {
        (ClaimBasis::Threefold, false) => "9.2",
        (ClaimBasis::Threefold, true) => "9.2.1.1",
        (ClaimBasis::FiftyMoves, false) => "9.3",
        (ClaimBasis::FiftyMoves, true) => "9.3.1",
    };
    p.articles = cite(m, article, "");
    p.articles.extend(cite(m, &c.article, &c.source));
    p.articles.extend(cite(m, &rules.article, &rules.source));
    let Some(claimant) = claimant else {
        p.explanation = msg!("rules-choose-claimant");
        return;
    };
    if let Some(why) = inadmissible(bs, claimant, p) {
        return inadmissible_claim(m, why, p);
    }
    // The game record decides when the e-board supplied the moves (or the position was set).
    let Ok(judged) = judged_record(bs, intended, p) else {
        return;
    };
    if let Some(j) = &judged
        && let Some(label) = &j.intended
    {
        p.facts.push(msg!("rules-claim-fact-intended", mv = label));
    }
    let evidence = judged.as_ref().map(|j| record_evidence(j, basis, c, p));
    let (correct, evidence) = match evidence {
        // The arbiter overrode the record's finding (an `Override` beside the proposal).
        Some((found, e)) if on_finding => {
            p.finding = Some(found);
            p.facts.push(msg!("rules-claim-fact-overridden", found = e));
            (arbiter_says, msg!("rules-claim-evidence-arbiter"))
        }
        Some((found, e)) => {
            p.finding = Some(found);
            (found, e)
        }
        None => (arbiter_says, msg!("rules-claim-evidence-none")),
    };
    let claimant_ms = p.clocks[claimant].map(ClockMs::ms);
    if correct && claimant_ms == Some(0) && competing_flag(m, claimant, &evidence, p) {
        return;
    }
    if correct {
        p.consequence.claim = Some(ClaimStatus::Correct);
        p.consequence.result = Some(GameResult::Draw);
        p.consequence
            .set_summary(msg!("rules-summary-claim-correct"));
        p.explanation = msg!("rules-claim-correct", evidence = evidence);
        if basis == ClaimBasis::Threefold
            && let Some(j) = &judged
        {
            shuffle_notice(m, bs, j, p);
        }
        return;
    }
    if let Some(mv) = judged.as_ref().and_then(|j| j.intended.clone()) {
        p.facts.push(msg!(
            "rules-claim-fact-must-play",
            mv = mv,
            article = crate::profile::article_text(&c.article)
        ));
    }
    incorrect(bs, c, claimant, evidence, p);
}

/// The game record a claim is judged on: the game as played, with the written move played
/// where there is one (`Ok(None)`: the record is not known; `Err`: the written move is illegal,
/// said in `p`).
fn judged_record(
    bs: &BoardState,
    intended: Option<&str>,
    p: &mut Proposal,
) -> Result<Option<Judged>, ()> {
    Ok(match (known_position(bs), intended) {
        (Some(_), None) => Some(Judged {
            game: bs.game.game.clone(),
            intended: None,
        }),
        (Some(_), Some(mv)) => match bs.game.game.with_move(mv.trim()) {
            Some((game, label)) => Some(Judged {
                game,
                intended: Some(label),
            }),
            None => {
                // The sources do not say what happens when the written move is itself illegal.
                p.explanation = msg!(
                    "rules-claim-intended-illegal",
                    mv = mv,
                    fen = crate::game::fen_of(bs.game.game.position())
                );
                return Err(());
            }
        },
        (None, _) => None,
    })
}

/// What the record shows for the claim: whether it holds, and the evidence in words.
fn record_evidence(j: &Judged, basis: ClaimBasis, c: &Claims, p: &mut Proposal) -> (bool, Msg) {
    match basis {
        ClaimBasis::Threefold => {
            let r = j.game.repetition();
            occurrence_facts(&r, p);
            (
                r.same.len() >= 3,
                msg!("rules-claim-evidence-repetitions", times = r.same.len()),
            )
        }
        ClaimBasis::FiftyMoves => {
            let pos = j.game.position();
            let extended = c
                .extended_endings
                .iter()
                .find(|e| c.extended_count > 0 && crate::game::is_ending(pos, e));
            let count = match extended {
                Some(e) => {
                    p.facts.push(msg!(
                        "rules-claim-fact-extended",
                        ending = e,
                        count = c.extended_count
                    ));
                    c.extended_count
                }
                None => c.fifty_move_count,
            };
            let have = j.game.halfmoves();
            (
                have >= count * 2,
                msg!(
                    "rules-claim-evidence-fifty",
                    moves = have / 2,
                    needed = count
                ),
            )
        }
    }
}

/// A correct threefold claim reached by an obvious shuffle (the position repeated at the
/// shortest interval, each player moving a piece out and back: its last three occurrences four
/// half-moves apart) while the regulations do not yet allow a draw to be agreed: the claim
/// stands (9.2 stays possible before the minimum move), and the arbiter is told it may abuse
/// 9.2 to get round the agreement rule, for review under 11.1 (DSB note on 9.1.1, S002:1595).
/// Only where the profile adopts the note (`draw_agreement.abuse_notice`).
fn shuffle_notice(m: &Match, bs: &BoardState, j: &Judged, p: &mut Proposal) {
    let da = &m.profile.draw_agreement;
    if !da.abuse_notice {
        return;
    }
    let r = j.game.repetition();
    let at: Vec<usize> = r.same.iter().map(|o| o.after_moves).collect();
    let shuffle = at.len() >= 3
        && at[at.len() - 3..]
            .windows(2)
            .all(|w| w[1].saturating_sub(w[0]) == 4);
    let (w, b) = (made(bs, Color::White), made(bs, Color::Black));
    let no = move_no(bs);
    let banned = (da.min_move > 0 && no < da.min_move) || w.min(b) < da.min_moves_each;
    if !(shuffle && banned) {
        return;
    }
    p.notices.push(msg!(
        "rules-claim-notice-shuffle",
        move_no = no,
        min = da.min_move,
        article = crate::profile::article_text(&da.article)
    ));
}

/// A correct claim while the claimant's own flag is down: the claim and the flag compete, and
/// which came first is not established (no source rules on it). Where the profile leaves it
/// open, the decision is asked (`true`); otherwise it is a fact beside the proposal.
fn competing_flag(m: &Match, claimant: Color, evidence: &Msg, p: &mut Proposal) -> bool {
    // The claimant's flag is down too: the claim and the flag compete, and which came
    // first is not established (no source rules on it).
    let mut draw = Consequence {
        claim: Some(ClaimStatus::Correct),
        result: Some(GameResult::Draw),
        ..Consequence::default()
    };
    draw.set_summary(msg!("rules-summary-claim-correct"));
    let mut lost = Consequence {
        claim: Some(ClaimStatus::Final),
        result: Some(loss_for(claimant)),
        ..Consequence::default()
    };
    lost.set_summary(msg!(
        "rules-summary-quickplay-final-loss",
        player = claimant
    ));
    let why = msg!("rules-claim-competing-flag", player = claimant);
    if m.profile.is_open(Situation::CompetingClaims) {
        p.explanation = msg!("rules-claim-competing", evidence = evidence.clone());
        p.decision = Some(
            DecisionRequest::new(Situation::CompetingClaims, why)
                .option("claim_first", msg!("rules-option-claim-first"), draw)
                .option(
                    "flag_first",
                    msg!("rules-option-loss-on-time", player = claimant),
                    lost,
                ),
        );
        return true;
    }
    p.facts.push(why);
    false
}

/// Lists the occurrences of the judged position and the look-alikes that differ.
fn occurrence_facts(r: &Repetition, p: &mut Proposal) {
    for (n, o) in r.same.iter().enumerate() {
        p.facts.push(match &o.by_move {
            Some(mv) => msg!("rules-claim-occurrence", n = n + 1, mv = mv),
            None => msg!("rules-claim-occurrence-start", n = n + 1),
        });
    }
    for (o, d) in &r.differs {
        let reason = Msg::new(d.message_id());
        p.facts.push(match &o.by_move {
            Some(mv) => msg!("rules-claim-differs", mv = mv, reason = reason),
            None => msg!("rules-claim-differs-start", reason = reason),
        });
    }
}

/// The incorrect-claim penalty of the profile, in whole seconds as the clocks show them.
fn incorrect(bs: &BoardState, c: &Claims, claimant: Color, evidence: Msg, p: &mut Proposal) {
    let opponent = claimant.other();
    let mut to_opponent = Vec::new();
    if c.incorrect_time_to_opponent_s > 0 {
        to_opponent.push(TimeChange {
            player: opponent,
            delta_ms: i64::from(c.incorrect_time_to_opponent_s) * 1000,
        });
    }
    let claimant_ms = p.clocks[claimant].map(ClockMs::ms);
    // The clock shows whole seconds; the arbiter reads and sets whole seconds.
    let shown_s = claimant_ms.map(|ms| ms / 1000);
    let needs_claimant_time =
        c.incorrect_time_from_claimant_s > 0 || c.incorrect_halve_claimant_up_to_s > 0;
    if needs_claimant_time && shown_s.is_none() {
        p.facts
            .push(msg!("rules-claim-fact-time-unknown", player = claimant));
    }
    let mut off_s: u64 = 0;
    if let Some(t) = shown_s {
        // 1987 10.11 b: the minutes are added to the claimant's used time; if that exceeds his
        // time, he has lost (unless his opponent has only the king, 10.7).
        let fixed = u64::from(c.incorrect_time_from_claimant_s);
        if c.incorrect_overstep_loses && fixed > t {
            return overstep(bs, claimant, t, fixed, evidence, p);
        }
        off_s += fixed.min(t);
        if c.incorrect_halve_claimant_up_to_s > 0 {
            let floor = u64::from(c.incorrect_claimant_floor_s);
            let above = match c.incorrect_halve_claimant_above_s {
                0 => floor,
                a => u64::from(a),
            };
            let cap = u64::from(c.incorrect_halve_claimant_up_to_s);
            let rest = t - off_s;
            // Halved, rounded in the claimant's favour: he loses the whole seconds of half his
            // time (2:31 → 1:16), at most the cap, never below the floor.
            let halved = |t: u64| t - (t / 2).min(cap).min(t.saturating_sub(floor));
            if c.incorrect_boundaries_unregulated && (rest == above || rest == floor) {
                return unregulated_boundary(c, claimant, rest, halved, to_opponent, evidence, p);
            }
            let new = if rest > above {
                halved(rest)
            } else if rest > floor {
                floor
            } else {
                rest
            };
            off_s += rest - new;
        }
    } else {
        // Without the claimant's time the fixed part is still due; whether it exceeds his time
        // (or what half of it is) the arbiter reads on the clock.
        off_s = u64::from(c.incorrect_time_from_claimant_s);
    }
    p.consequence.claim = Some(ClaimStatus::Incorrect);
    p.consequence.clock = to_opponent;
    if off_s > 0 {
        p.consequence.clock.push(TimeChange {
            player: claimant,
            delta_ms: -i64::try_from(off_s * 1000).unwrap_or(i64::MAX),
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

/// 1987 10.11 b: the minutes added to the claimant's used time exceed his time (`t` s left,
/// `fixed` s added): he has lost, unless his opponent has only the king (10.7).
fn overstep(bs: &BoardState, claimant: Color, t: u64, fixed: u64, evidence: Msg, p: &mut Proposal) {
    let opponent = claimant.other();
    p.consequence.claim = Some(ClaimStatus::Incorrect);
    let bare = known_position(bs).map(|pos| {
        let b = pos.board();
        (b.by_color(opponent) & !b.kings()).is_empty()
    });
    p.facts.push(msg!(
        "rules-claim-fact-overstep",
        player = claimant,
        left = Arg::DurationMs(t * 1000),
        time = Arg::DurationMs(fixed * 1000)
    ));
    match bare {
        Some(true) => {
            p.consequence.result = Some(GameResult::Draw);
            p.consequence
                .set_summary(msg!("rules-summary-claim-overstep-draw"));
            p.explanation = msg!(
                "rules-claim-overstep-draw",
                evidence = evidence,
                player = claimant,
                opponent = opponent
            );
        }
        _ => {
            if bare.is_none() {
                p.facts.push(msg!(
                    "rules-claim-fact-bare-king-unknown",
                    opponent = opponent
                ));
            }
            p.consequence.result = Some(loss_for(claimant));
            p.consequence
                .set_summary(msg!("rules-summary-claim-overstep-loss", player = claimant));
            p.explanation = msg!(
                "rules-claim-overstep-loss",
                evidence = evidence,
                player = claimant
            );
        }
    }
}

/// The claimant's time lies exactly on a boundary the text does not cover (pre-2009 9.5: "mehr
/// als zwei Minuten" / "weniger als zwei Minuten"): the console says so and the arbiter chooses
/// the value, from what the neighbouring rules would give.
#[allow(clippy::too_many_arguments)]
fn unregulated_boundary(
    c: &Claims,
    claimant: Color,
    t: u64,
    halved: impl Fn(u64) -> u64,
    to_opponent: Vec<TimeChange>,
    evidence: Msg,
    p: &mut Proposal,
) {
    let floor = u64::from(c.incorrect_claimant_floor_s);
    let mut values = vec![t, floor.min(t), halved(t)];
    values.sort_unstable_by(|a, b| b.cmp(a));
    values.dedup();
    p.explanation = msg!(
        "rules-claim-boundary",
        evidence = evidence,
        player = claimant,
        left = Arg::DurationMs(t * 1000)
    );
    let mut req = DecisionRequest::new(
        Situation::ClaimPenaltyUnregulated,
        msg!(
            "rules-claim-boundary-why",
            left = Arg::DurationMs(t * 1000),
            article = crate::profile::article_text(&c.article)
        ),
    )
    .fact(msg!(
        "rules-claim-fact-claimant-time",
        player = claimant,
        left = Arg::DurationMs(t * 1000)
    ));
    for v in values {
        let mut cons = Consequence {
            claim: Some(ClaimStatus::Incorrect),
            clock: to_opponent.clone(),
            ..Consequence::default()
        };
        if v < t {
            cons.clock.push(TimeChange {
                player: claimant,
                delta_ms: -i64::try_from((t - v) * 1000).unwrap_or(i64::MAX),
            });
        }
        let changes: Vec<Msg> = cons.clock.iter().map(time_change).collect();
        cons.set_summary(msg!(
            "rules-summary-claim-incorrect",
            changes = Arg::list(changes)
        ));
        req = req.option(
            &format!("claimant_{v}s"),
            msg!(
                "rules-option-claimant-time",
                player = claimant,
                time = Arg::DurationMs(v * 1000)
            ),
            cons,
        );
    }
    p.decision = Some(req);
}

/// The moves `color` has made on the board (the moves before a set position included).
fn made(bs: &BoardState, color: Color) -> u32 {
    let played = bs.game_moves().filter(|(_, e)| e.color == color).count();
    bs.game
        .game
        .moves_before_start(color)
        .saturating_add(u32::try_from(played).unwrap_or(u32::MAX))
}

/// Whether a draw may be agreed on the board now, as the agreement form and the result form
/// both ask: `Err` why it is refused; `Ok(Some(why))` where the regulations let the arbiter
/// consent to an agreement before their minimum move (his decision); `Ok(None)`: valid.
pub(super) fn agreement_allowed(m: &Match, bs: &BoardState) -> Result<Option<Msg>, Msg> {
    let da = &m.profile.draw_agreement;
    let (w, b) = (made(bs, Color::White), made(bs, Color::Black));
    if w.min(b) < da.min_moves_each {
        return Err(msg!(
            "rules-agreement-too-early-moves",
            moves = da.min_moves_each,
            white = w,
            black = b
        ));
    }
    let no = move_no(bs);
    if da.min_move > 0 && no < da.min_move {
        if da.arbiter_may_consent {
            return Ok(Some(msg!(
                "rules-agreement-consent",
                move_no = no,
                min = da.min_move
            )));
        }
        return Err(msg!(
            "rules-agreement-too-early-regulations",
            move_no = no,
            min = da.min_move
        ));
    }
    Ok(None)
}

/// The moves both players have made on a board (the moves before a set position included).
pub(super) fn moves_made(bs: &BoardState) -> (u32, u32) {
    (made(bs, Color::White), made(bs, Color::Black))
}

/// A draw agreement: valid once both players have made the profile's moves (2017/2023 5.2.3)
/// and from the regulations' minimum move (9.1.1); before that it is refused with the reason,
/// or, where the regulations let the arbiter consent, his decision.
pub(super) fn draw_agreement(m: &Match, bs: &BoardState, p: &mut Proposal) {
    let da = &m.profile.draw_agreement;
    p.articles = cite(m, &da.article, &da.source);
    let (w, b) = (made(bs, Color::White), made(bs, Color::Black));
    p.facts
        .push(msg!("rules-agreement-fact-moves", white = w, black = b));
    if bs.result.is_some() {
        p.explanation = msg!("rules-agreement-game-over");
        return;
    }
    let mut draw = Consequence {
        result: Some(GameResult::Draw),
        ..Consequence::default()
    };
    draw.set_summary(msg!("rules-summary-agreement"));
    match agreement_allowed(m, bs) {
        Err(why) => {
            p.explanation = why;
            return;
        }
        Ok(Some(consent)) => {
            p.explanation = consent;
            p.decision = Some(
                DecisionRequest::new(
                    Situation::DrawAgreementConsent,
                    msg!("rules-agreement-consent-why", min = da.min_move),
                )
                .option("consent", msg!("rules-option-consent"), draw)
                .option(
                    "refuse",
                    msg!("rules-option-refuse-consent"),
                    Consequence::default(),
                ),
            );
            return;
        }
        Ok(None) => {}
    }
    p.consequence = draw;
    p.explanation = msg!("rules-agreement-valid");
}

/// A protest about a board where the arbiter decided a quickplay-finish claim under rules that
/// make that decision final (pre-2009 10.2 d; Trier Nr. 12): the console warns.
pub(super) fn protest_on_final_decision(m: &Match, bs: &BoardState, p: &mut Proposal) {
    let q = &m.profile.quickplay_finish;
    if !q.decision_final {
        return;
    }
    let decided = bs.claims.iter().rev().find(|c| {
        c.kind == crate::state::ClaimKind::Quickplay
            && matches!(
                c.status,
                ClaimStatus::Granted
                    | ClaimStatus::Rejected
                    | ClaimStatus::Postponed
                    | ClaimStatus::Final
            )
    });
    if let Some(c) = decided {
        p.articles.extend(cite(m, &q.article, &q.source));
        p.facts.insert(
            0,
            msg!(
                "rules-protest-final-claim",
                id = bs.claim_no(c.id),
                status = Msg::new(c.status.message_id()),
                article = crate::profile::article_text(&q.article)
            ),
        );
    }
}
