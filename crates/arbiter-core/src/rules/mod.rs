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
use crate::intervention::{
    ClaimBasis, Consequence, IllegalKind, Intervention, InterventionKind, PenaltyKind,
    QuickplayDecision, TimeChange,
};
use crate::matchfile::Match;
use crate::model::{BoardNo, Color, GameResult, MonoMs, TeamSide, WallMs, format_hms};
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
    pub explanation: String,
    pub explanation_de: String,
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

fn mins(ms: i64) -> String {
    crate::model::short_duration(ms.unsigned_abs())
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
            p.explanation = "A captain may only advise a player to offer a draw, to accept a draw offer, or to resign; anything else is noted for the report.".into();
            p.explanation_de = "Der Mannschaftsführer darf nur raten, Remis anzubieten, ein Remisangebot anzunehmen oder aufzugeben; alles andere wird für den Spielbericht notiert.".into();
        }
        (InterventionKind::Protest { fee_cents, .. }, _) => protest(m, *fee_cents, &mut p),
        (InterventionKind::TimeCorrection, _) => {
            p.articles = cite(m, "7.1", "");
            p.explanation = "Enter the time to add or take off each clock and the reason.".into();
            p.explanation_de = "Zeitgutschrift oder -abzug je Uhr und den Grund eingeben.".into();
        }
        (InterventionKind::LineupIrregularity { team }, _) => {
            lineup_irregularity(m, s, *team, &mut p)
        }
        (InterventionKind::GameEnded, Some(bs)) => game_ended(m, bs, &mut p),
        (InterventionKind::StartDelay { team, minutes }, Some(bs)) => {
            start_delay(m, bs, *team, *minutes, &mut p)
        }
        (_, None) => {
            p.explanation = "Choose the board first.".into();
            p.explanation_de = "Zuerst das Brett wählen.".into();
        }
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
        p.explanation = "Choose the player who made the illegal move.".into();
        p.explanation_de = "Den Spieler wählen, der den regelwidrigen Zug ausgeführt hat.".into();
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
        p.explanation = format!(
            "Under {} this is not an illegal move; the arbiter may penalise it under Art. 12.9.",
            m.profile.laws
        );
        p.explanation_de = format!(
            "Nach {} ist das kein regelwidriger Zug; der Schiedsrichter kann nach Art. 12.9 bestrafen.",
            m.profile.laws
        );
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
        let (result, en, de) = match (im.draw_if_opponent_cannot_mate, ability) {
            (true, Some(MateCheck::CannotMate)) => (
                GameResult::Draw,
                "the opponent cannot checkmate by any series of legal moves, so the game is drawn".to_string(),
                "der Gegner kann nicht mehr mattsetzen, daher ist die Partie remis".to_string(),
            ),
            (true, Some(MateCheck::MatePossible)) => (
                loss_for(player),
                "the opponent has mating material (the console cannot exclude a dead position: check it)".to_string(),
                "der Gegner hat Mattmaterial (eine tote Stellung kann die Konsole nicht ausschließen: prüfen)".to_string(),
            ),
            (true, Some(MateCheck::Undecided { reason })) => (
                loss_for(player),
                format!("the console cannot decide whether the opponent can still checkmate ({reason}): the arbiter judges"),
                format!("ob der Gegner noch mattsetzen kann, kann die Konsole nicht entscheiden ({reason}): der Schiedsrichter urteilt"),
            ),
            (true, None) => (
                loss_for(player),
                "no position is known for this board: check whether the opponent can still checkmate".to_string(),
                "für dieses Brett ist keine Stellung bekannt: prüfen, ob der Gegner noch mattsetzen kann".to_string(),
            ),
            (false, _) => (loss_for(player), String::new(), String::new()),
        };
        p.consequence.result = Some(result);
        p.consequence.summary = format!("illegal move no. {nth}: {result}");
        p.explanation = format!(
            "Illegal move no. {nth} by {}: the game is lost{}{}.",
            colour_en(player),
            if en.is_empty() { "" } else { "; " },
            en
        );
        p.explanation_de = format!(
            "{}. regelwidriger Zug von {}: die Partie ist verloren{}{}.",
            nth,
            colour_de(player),
            if de.is_empty() { "" } else { "; " },
            de
        );
        return;
    }
    if im.time_to_opponent_s > 0 {
        p.consequence.clock.push(TimeChange {
            player: opponent,
            delta_ms: i64::from(im.time_to_opponent_s) * 1000,
        });
    }
    let mut extra_en = String::new();
    let mut extra_de = String::new();
    if im.remove_increment
        && let Some(pm) = m.profile.time_control.per_move
        && pm.kind.is_increment()
    {
        p.consequence.clock.push(TimeChange {
            player,
            delta_ms: -i64::from(pm.seconds) * 1000,
        });
        extra_en = format!(
            " and {} s (the increment of the illegal move) off {}",
            pm.seconds,
            colour_en(player)
        );
        extra_de = format!(
            " und {} s (das Inkrement des regelwidrigen Zuges) bei {} abziehen",
            pm.seconds,
            colour_de(player)
        );
    }
    let remaining = if im.loss_at == 0 {
        String::new()
    } else {
        format!(" (no. {} loses)", im.loss_at)
    };
    let remaining_de = if im.loss_at == 0 {
        String::new()
    } else {
        format!(" (der {}. verliert)", im.loss_at)
    };
    p.consequence.summary = format!(
        "illegal move no. {nth}: +{} to {}",
        mins(i64::from(im.time_to_opponent_s) * 1000),
        colour_en(opponent)
    );
    p.explanation = if im.time_to_opponent_s > 0 {
        format!(
            "Illegal move no. {nth} by {}{remaining}: restore the position, add {} to {}{extra_en}.",
            colour_en(player),
            mins(i64::from(im.time_to_opponent_s) * 1000),
            colour_en(opponent)
        )
    } else {
        format!(
            "Illegal move no. {nth} by {}: restore the position; no time penalty under {}.",
            colour_en(player),
            m.profile.laws
        )
    };
    p.explanation_de = if im.time_to_opponent_s > 0 {
        format!(
            "{nth}. regelwidriger Zug von {}{remaining_de}: Stellung wiederherstellen, {} {} gutschreiben{extra_de}.",
            colour_de(player),
            colour_de(opponent),
            mins(i64::from(im.time_to_opponent_s) * 1000)
        )
    } else {
        format!(
            "{nth}. regelwidriger Zug von {}: Stellung wiederherstellen; keine Zeitstrafe nach {}.",
            colour_de(player),
            m.profile.laws
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
        p.explanation = "Choose the claimant.".into();
        p.explanation_de = "Den reklamierenden Spieler wählen.".into();
        return;
    };
    // The move list decides when the e-board supplied a complete one.
    let replayed =
        (!bs.moves.is_empty()).then(|| position::replay(bs.moves.iter().map(|m| m.san.as_str())));
    let evidence = replayed.filter(|r| r.is_complete()).map(|r| match basis {
        ClaimBasis::Threefold => (
            r.repetitions() >= 3,
            format!("the position has occurred {} times", r.repetitions()),
            format!("die Stellung ist {}-mal aufgetreten", r.repetitions()),
        ),
        ClaimBasis::FiftyMoves => {
            let needed = c.fifty_move_count * 2;
            (
                r.halfmoves() >= needed,
                format!("{} moves without capture or pawn move", r.halfmoves() / 2),
                format!("{} Züge ohne Schlagen oder Bauernzug", r.halfmoves() / 2),
            )
        }
    });
    let (correct, basis_en, basis_de) = match evidence {
        Some((v, en, de)) => (
            v,
            format!("The move list shows: {en}"),
            format!("Laut Partieverlauf: {de}"),
        ),
        None => (
            arbiter_says,
            "No complete move list: the arbiter decides".into(),
            "Kein vollständiger Partieverlauf: der Schiedsrichter entscheidet".into(),
        ),
    };
    if correct {
        p.consequence.result = Some(GameResult::Draw);
        p.consequence.summary = "correct claim: draw".into();
        p.explanation = format!("{basis_en}. The claim is correct: the game is drawn.");
        p.explanation_de =
            format!("{basis_de}. Die Reklamation ist berechtigt: die Partie ist remis.");
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
    let changes: Vec<String> = p
        .consequence
        .clock
        .iter()
        .map(|tc| {
            format!(
                "{}{} {}",
                if tc.delta_ms >= 0 { "+" } else { "−" },
                mins(tc.delta_ms),
                colour_en(tc.player)
            )
        })
        .collect();
    let changes_de: Vec<String> = p
        .consequence
        .clock
        .iter()
        .map(|tc| {
            format!(
                "{}{} {}",
                if tc.delta_ms >= 0 { "+" } else { "−" },
                mins(tc.delta_ms),
                colour_de(tc.player)
            )
        })
        .collect();
    p.consequence.summary = format!("incorrect claim: {}", changes.join(", "));
    p.explanation = format!(
        "{basis_en}. The claim is incorrect: {}; the game continues.",
        if changes.is_empty() {
            "no time penalty".into()
        } else {
            changes.join(", ")
        }
    );
    p.explanation_de = format!(
        "{basis_de}. Die Reklamation ist unberechtigt: {}; die Partie geht weiter.",
        if changes_de.is_empty() {
            "keine Zeitstrafe".into()
        } else {
            changes_de.join(", ")
        }
    );
}

fn quickplay(m: &Match, claimant: Option<Color>, decision: QuickplayDecision, p: &mut Proposal) {
    let q = &m.profile.quickplay_finish;
    p.articles = cite(m, &q.article, &q.source);
    if q.kind == QuickplayKind::None || m.profile.time_control.has_per_move() {
        p.explanation = format!(
            "No quickplay-finish claims under the profile {:?} (only without increment, where the profile allows).",
            m.profile.id
        );
        p.explanation_de = format!(
            "Keine Endspurt-Reklamation nach dem Profil {:?} (nur ohne Inkrement, wenn das Profil sie vorsieht).",
            m.profile.id
        );
        return;
    }
    let Some(claimant) = claimant else {
        p.explanation = "Choose the claimant.".into();
        p.explanation_de = "Den reklamierenden Spieler wählen.".into();
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
        p.explanation = format!(
            "Not eligible: {} has {} left, a claim needs less than {}.",
            colour_en(claimant),
            format_hms(t),
            mins(i64::from(q.threshold_s) * 1000)
        );
        p.explanation_de = format!(
            "Nicht zulässig: {} hat noch {}, eine Reklamation setzt weniger als {} voraus.",
            colour_de(claimant),
            format_hms(t),
            mins(i64::from(q.threshold_s) * 1000)
        );
        return;
    }
    let opponent = claimant.other();
    let bonus = TimeChange {
        player: opponent,
        delta_ms: i64::from(q.opponent_bonus_s) * 1000,
    };
    match decision {
        QuickplayDecision::Granted => {
            p.consequence.result = Some(GameResult::Draw);
            p.consequence.summary = "quickplay-finish claim granted: draw".into();
            p.explanation = "The claim is granted: the game is drawn.".into();
            p.explanation_de = "Der Reklamation wird stattgegeben: die Partie ist remis.".into();
        }
        QuickplayDecision::Postponed => {
            p.consequence.clock.push(bonus);
            p.consequence.summary = format!(
                "decision postponed; +{} to {}",
                mins(bonus.delta_ms),
                colour_en(opponent)
            );
            p.explanation = format!(
                "The decision is postponed; the arbiter may give {} {} (optional, remove it if not given) and decides later or after a flag falls.",
                colour_en(opponent),
                mins(bonus.delta_ms)
            );
            p.explanation_de = format!(
                "Die Entscheidung wird zurückgestellt; der Schiedsrichter kann {} {} gutschreiben (freigestellt) und entscheidet später oder nach Zeitüberschreitung.",
                colour_de(opponent),
                mins(bonus.delta_ms)
            );
        }
        QuickplayDecision::Rejected => {
            p.consequence.clock.push(bonus);
            p.consequence.summary = format!(
                "claim rejected; +{} to {}",
                mins(bonus.delta_ms),
                colour_en(opponent)
            );
            p.explanation = format!(
                "The claim is rejected: {} gets {}.",
                colour_en(opponent),
                mins(bonus.delta_ms)
            );
            p.explanation_de = format!(
                "Die Reklamation wird abgelehnt: {} erhält {}.",
                colour_de(opponent),
                mins(bonus.delta_ms)
            );
        }
        QuickplayDecision::IncrementGranted => {
            if !matches!(
                q.kind,
                QuickplayKind::GuidelinesIii2017 | QuickplayKind::GuidelinesIii2023
            ) {
                p.explanation = "An increment request exists only under Guidelines III.4.".into();
                p.explanation_de =
                    "Den Antrag auf ein Inkrement gibt es nur nach Richtlinie III.4.".into();
                return;
            }
            p.articles = cite(m, "III.4", &q.source);
            p.consequence.clock.push(bonus);
            p.consequence.summary = format!(
                "{} s increment for both; +{} to {}",
                q.increment_request_s,
                mins(bonus.delta_ms),
                colour_en(opponent)
            );
            p.explanation = format!(
                "The request counts as a draw offer. If it is refused and the arbiter agrees, both clocks get a {} s increment and {} gets {}.",
                q.increment_request_s,
                colour_en(opponent),
                mins(bonus.delta_ms)
            );
            p.explanation_de = format!(
                "Der Antrag gilt als Remisangebot. Wird es abgelehnt und stimmt der Schiedsrichter zu, erhalten beide Uhren {} s Inkrement und {} {}.",
                q.increment_request_s,
                colour_de(opponent),
                mins(bonus.delta_ms)
            );
        }
    }
}

fn default_time(m: &Match, s: &MatchState, bs: &BoardState, now_mono: MonoMs, p: &mut Proposal) {
    let dt = &m.profile.default_time;
    p.articles = cite(m, &dt.article, &dt.source);
    let Some(expiry) = default_time_expiry(m, s) else {
        p.explanation =
            "The round has not been started: the default time runs from the actual start.".into();
        p.explanation_de = "Die Runde wurde noch nicht gestartet: die Karenzzeit läuft ab dem tatsächlichen Beginn.".into();
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
        p.explanation = format!("The default time ({} min) expires at {at}.", dt.minutes);
        p.explanation_de = format!("Die Karenzzeit ({} min) läuft um {at} ab.", dt.minutes);
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
            p.explanation = "Both players arrived within the default time.".into();
            p.explanation_de = "Beide Spieler waren innerhalb der Karenzzeit anwesend.".into();
            return;
        }
    };
    p.consequence.result = Some(result);
    p.consequence.summary = format!("default time expired at {at}: {result}");
    p.explanation = format!(
        "The default time expired at {at}: {result} (unplayed), unless the arbiter decides otherwise."
    );
    p.explanation_de = format!(
        "Die Karenzzeit lief um {at} ab: {result} (kampflos), sofern der Schiedsrichter nicht anders entscheidet."
    );
}

fn flag_fall(m: &Match, bs: &BoardState, player: Option<Color>, p: &mut Proposal) {
    p.articles = cite(m, "6.9", "");
    let Some(player) = player else {
        p.explanation = "Choose the player whose flag fell.".into();
        p.explanation_de = "Den Spieler wählen, dessen Zeit abgelaufen ist.".into();
        return;
    };
    let ability = board_position(bs).map(|pos| mate_check(&pos, player.other()));
    let (result, en, de) = match ability {
        Some(MateCheck::CannotMate) => (
            GameResult::Draw,
            "the opponent cannot checkmate: drawn",
            "der Gegner kann nicht mattsetzen: remis",
        ),
        Some(MateCheck::MatePossible) => (
            loss_for(player),
            "lost on time (check that the required moves were not completed)",
            "Zeitüberschreitung (prüfen, dass die Züge nicht erfüllt waren)",
        ),
        Some(MateCheck::Undecided { .. }) => (
            loss_for(player),
            "lost on time unless the arbiter finds the position dead (the console cannot decide)",
            "Zeitüberschreitung, sofern der Schiedsrichter die Stellung nicht für tot befindet",
        ),
        None => (
            loss_for(player),
            "lost on time; no position known: check the opponent's mating material",
            "Zeitüberschreitung; keine Stellung bekannt: Mattmaterial des Gegners prüfen",
        ),
    };
    p.consequence.result = Some(result);
    p.consequence.summary = format!("flag of {}: {result}", colour_en(player));
    p.explanation = format!("Flag of {}: {en}.", colour_en(player));
    p.explanation_de = format!("Fallblättchen von {}: {de}.", colour_de(player));
}

fn penalty(m: &Match, player: Option<Color>, penalties: &[PenaltyKind], p: &mut Proposal) {
    p.articles = cite(m, "12.9", "");
    let Some(player) = player else {
        p.explanation = "Choose the offender.".into();
        p.explanation_de = "Den Spieler wählen.".into();
        return;
    };
    let mut en = Vec::new();
    for k in penalties {
        match k {
            PenaltyKind::Warning => {
                p.consequence.warning = true;
                en.push("warning".to_string());
            }
            PenaltyKind::TimeToOpponent => {
                p.consequence.clock.push(TimeChange {
                    player: player.other(),
                    delta_ms: 120_000,
                });
                en.push(format!("+2 min to {}", colour_en(player.other())));
            }
            PenaltyKind::TimeFromOffender => {
                p.consequence.clock.push(TimeChange {
                    player,
                    delta_ms: -120_000,
                });
                en.push(format!("−2 min from {}", colour_en(player)));
            }
            PenaltyKind::GameLost | PenaltyKind::Expelled => {
                p.consequence.result = Some(loss_for(player));
                en.push(
                    if *k == PenaltyKind::Expelled {
                        "expulsion; the game is lost"
                    } else {
                        "the game is lost"
                    }
                    .to_string(),
                );
            }
            PenaltyKind::OpponentScoreRaised | PenaltyKind::OffenderScoreReduced => {
                en.push("score change: set the result in the form".to_string());
            }
        }
    }
    p.consequence.summary = format!("penalty for {}: {}", colour_en(player), en.join(", "));
    p.explanation = format!(
        "Penalty (Art. 12.9) for {}: {}. The amounts are the arbiter's choice: edit them before confirming.",
        colour_en(player),
        en.join(", ")
    );
    p.explanation_de = format!(
        "Strafe (Art. 12.9) für {}: {}. Das Maß bestimmt der Schiedsrichter: vor dem Bestätigen anpassen.",
        colour_de(player),
        en.join(", ")
    );
}

fn device(m: &Match, player: Option<Color>, p: &mut Proposal) {
    let d = &m.profile.devices;
    p.articles = cite(m, &d.article, &d.source);
    let Some(player) = player else {
        p.explanation = "Choose the player.".into();
        p.explanation_de = "Den Spieler wählen.".into();
        return;
    };
    match d.on_person {
        DeviceSanction::Loss => {
            p.consequence.result = Some(loss_for(player));
            p.consequence.summary = format!("electronic device: {} loses", colour_en(player));
            p.explanation = format!(
                "An electronic device on {}'s person: the game is lost, the opponent wins.",
                colour_en(player)
            );
            p.explanation_de = format!(
                "Elektronisches Gerät bei {}: die Partie ist verloren, der Gegner gewinnt.",
                colour_de(player)
            );
        }
        DeviceSanction::ArbiterDiscretion => {
            p.consequence.warning = true;
            p.explanation = "The profile leaves the sanction to the arbiter (Art. 12.9).".into();
            p.explanation_de =
                "Das Profil überlässt die Strafe dem Schiedsrichter (Art. 12.9).".into();
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
        format!("fee {},{:02} €", fee_cents / 100, fee_cents % 100)
    } else {
        "no fee set".into()
    };
    let deadline = if r.written_within_days > 0 {
        format!("in writing within {} days", r.written_within_days)
    } else {
        "deadline not set by the profile".into()
    };
    let committee = if m.file.appeals_committee.is_empty() {
        "none named".into()
    } else {
        m.file.appeals_committee.join(", ")
    };
    p.consequence.summary = format!("protest recorded; {deadline}; {fee}");
    p.explanation = format!(
        "Protest recorded on the report: {deadline}; {fee}; decided by {}; appeals committee: {committee}.",
        r.decided_by
    );
    p.explanation_de = format!(
        "Protest im Spielbericht vermerkt: {deadline}; {fee}; Entscheidung: {}; Schiedsgericht: {committee}.",
        r.decided_by
    );
}

fn lineup_irregularity(m: &Match, s: &MatchState, team: TeamSide, p: &mut Proposal) {
    let l = &m.profile.lineup;
    p.articles = cite(m, &l.article, &l.source);
    let Some(entry) = s.lineup(team) else {
        p.explanation = format!("No {team} lineup was handed in.");
        p.explanation_de = "Keine Aufstellung dieser Mannschaft abgegeben.".into();
        return;
    };
    let findings = lineup::check(m.team(team), &entry.slots, l, m.file.boards);
    if findings.is_empty() {
        p.explanation = "The lineup is correct.".into();
        p.explanation_de = "Die Aufstellung ist korrekt.".into();
        return;
    }
    p.consequence.zeroed = lineup::zeroed_boards(&findings, team);
    let (en, de): (Vec<String>, Vec<String>) = findings
        .iter()
        .map(|f| {
            let (e, d) = f.problem.describe();
            (
                format!("board {}: {e}", f.board),
                format!("Brett {}: {d}", f.board),
            )
        })
        .unzip();
    let boards: Vec<String> = p
        .consequence
        .zeroed
        .iter()
        .map(|(b, _)| b.to_string())
        .collect();
    p.consequence.summary = format!("{}; boards {} scored 0:1", en.join("; "), boards.join(", "));
    p.explanation = format!(
        "{}. Sanction: boards {} scored against the {team} team.",
        en.join("; "),
        boards.join(", ")
    );
    p.explanation_de = format!(
        "{}. Folge: Bretter {} werden gegen die Mannschaft gewertet.",
        de.join("; "),
        boards.join(", ")
    );
}

/// How a game ended by itself, read from its move list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AutomaticEnd {
    pub result: GameResult,
    pub article: &'static str,
    pub reason: &'static str,
    pub reason_de: &'static str,
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
    let end = |result, article, reason, reason_de| {
        Some(AutomaticEnd {
            result,
            article,
            reason,
            reason_de,
        })
    };
    if pos.is_checkmate() {
        // Art. 5.1.1 / 9.6: a mate takes precedence over the automatic draws.
        let result = if pos.turn().is_white() {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        return end(result, "5.1.1", "checkmate", "Matt");
    }
    if pos.is_stalemate() {
        return end(GameResult::Draw, "5.2.1", "stalemate", "Patt");
    }
    if ad.fivefold_repetition && r.repetitions() >= 5 {
        return end(
            GameResult::Draw,
            "9.6.1",
            "the same position for the fifth time",
            "dieselbe Stellung zum fünften Mal",
        );
    }
    if ad.seventy_five_moves && r.halfmoves() >= 150 {
        return end(
            GameResult::Draw,
            "9.6.2",
            "75 moves by each player without capture or pawn move",
            "75 Züge jedes Spielers ohne Schlagen oder Bauernzug",
        );
    }
    if ad.dead_position && pos.is_insufficient_material() {
        return end(
            GameResult::Draw,
            "5.2.2",
            "dead position: neither player can checkmate",
            "tote Stellung: keiner kann mattsetzen",
        );
    }
    None
}

fn game_ended(m: &Match, bs: &BoardState, p: &mut Proposal) {
    match automatic_end(m, bs) {
        Some(e) => {
            p.articles = cite(m, e.article, &m.profile.automatic_draws.source);
            p.consequence.result = Some(e.result);
            p.consequence.summary = format!("{}: {}", e.reason, e.result);
            p.explanation = format!(
                "The move list shows {}: the game is over, {}.",
                e.reason, e.result
            );
            p.explanation_de = format!(
                "Laut Partieverlauf {}: die Partie ist beendet, {}.",
                e.reason_de, e.result
            );
        }
        None => {
            p.explanation =
                "The move list does not show a game end (or is incomplete): the arbiter decides."
                    .into();
            p.explanation_de = "Der Partieverlauf zeigt kein Partieende (oder ist unvollständig): der Schiedsrichter entscheidet.".into();
        }
    }
}

fn start_delay(m: &Match, bs: &BoardState, team: TeamSide, minutes: u32, p: &mut Proposal) {
    let dt = &m.profile.default_time;
    p.articles = cite(m, "", &dt.source);
    if !dt.team_delay_charged_to_clocks {
        p.explanation = format!(
            "The profile {:?} does not charge a delayed start to the clocks.",
            m.profile.id
        );
        p.explanation_de = format!(
            "Das Profil {:?} rechnet eine Verzögerung nicht auf die Uhren an.",
            m.profile.id
        );
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
    p.consequence.summary = format!(
        "start delayed by the {team} team: −{} for {}",
        mins(ms),
        colour_en(colour)
    );
    p.explanation = format!(
        "The {team} team delayed the start by {minutes} min: the delay is charged to its player's clock ({}).",
        colour_en(colour)
    );
    p.explanation_de = format!(
        "Die Mannschaft ({team}) hat den Beginn um {minutes} min verzögert: die Zeit wird ihrem Spieler ({}) angerechnet.",
        colour_de(colour)
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

fn colour_en(c: Color) -> &'static str {
    if c.is_white() { "White" } else { "Black" }
}

fn colour_de(c: Color) -> &'static str {
    if c.is_white() { "Weiß" } else { "Schwarz" }
}
