//! Time controls (Bedenkzeit): periods, increment or delay, and when a period's time is added.
//!
//! FIDE Art. 6.3.1 (2017/2023): the number of moves and the time per period must be specified in
//! advance; Art. 6.3.2: saved time carries over; delay mode: the main time only runs after the
//! delay has expired.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A complete time control as written in a rule profile.
///
/// TOML shape (in a profile's `[time_control]` table):
/// ```toml
/// periods = [ { moves = 40, minutes = 90 }, { minutes = 30 } ]
/// per_move = { kind = "increment", seconds = 30, from_move = 1 }
/// period_time_added = "on_move"
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// The periods in order. A period without `moves` lasts for the rest of the game and must be
    /// the last one; a period with `repeat = true` repeats until the end of the game and must
    /// also be the last.
    pub periods: Vec<Period>,
    /// Increment or delay per move, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_move: Option<PerMove>,
    /// When a period's time is added to the clock.
    #[serde(default)]
    pub period_time_added: PeriodAddition,
}

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Period {
    /// Moves to be completed in this period; `None` = the rest of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Base time of the period in whole minutes.
    #[serde(default)]
    pub minutes: u32,
    /// Extra seconds of base time (for controls such as 3 min 30 s); usually 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seconds: u32,
    /// The period repeats until the end of the game ("1 h for each further 20 moves").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

impl Period {
    /// Base time in milliseconds.
    pub fn base_ms(&self) -> u64 {
        (u64::from(self.minutes) * 60 + u64::from(self.seconds)) * 1000
    }
}

/// Time added or waited per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerMove {
    pub kind: PerMoveKind,
    pub seconds: u32,
    /// The first move (1-based) from which the increment or delay applies; 1 = from move 1.
    #[serde(default = "one")]
    pub from_move: u32,
}

fn one() -> u32 {
    1
}

/// The kind of per-move time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PerMoveKind {
    /// Fischer increment: added after each move.
    Increment,
    /// Bronstein delay: the time used, up to the delay, is given back after the move.
    Bronstein,
    /// Simple (US) delay: the main time runs only after the delay has expired (FIDE "delay mode").
    SimpleDelay,
}

/// When the next period's time is added to a player's clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodAddition {
    /// When the player completes the required number of moves (FIDE; clocks with move counters).
    #[default]
    OnMove,
    /// When the player's time in the period runs out (DGT 3000 presets without a move counter).
    OnFlag,
}

impl PerMoveKind {
    /// Whether time is added per move (Fischer), as opposed to a delay.
    pub fn is_increment(self) -> bool {
        self == PerMoveKind::Increment
    }
}

impl TimeControl {
    /// Checks that the time control is possible; returns a description of the first problem.
    pub fn validate(&self) -> Result<(), String> {
        if self.periods.is_empty() {
            return Err("a time control needs at least one period".into());
        }
        let last = self.periods.len() - 1;
        for (i, p) in self.periods.iter().enumerate() {
            let n = i + 1;
            if p.base_ms() == 0 && !(p.moves.is_some() && self.per_move.is_some() && i > 0) {
                return Err(format!("period {n} has no time (minutes = 0)"));
            }
            if p.seconds >= 60 {
                return Err(format!(
                    "period {n}: seconds = {} must be below 60 (use minutes)",
                    p.seconds
                ));
            }
            if p.moves == Some(0) {
                return Err(format!(
                    "period {n}: moves = 0 (omit `moves` for the rest of the game)"
                ));
            }
            if i < last && p.moves.is_none() {
                return Err(format!(
                    "period {n} lasts for the rest of the game but period {} follows it",
                    n + 1
                ));
            }
            if p.repeat && i < last {
                return Err(format!("period {n} repeats but is not the last period"));
            }
            if p.repeat && p.moves.is_none() {
                return Err(format!("period {n} repeats but has no number of moves"));
            }
        }
        if let Some(pm) = self.per_move {
            if pm.seconds == 0 {
                return Err("per_move.seconds is 0 (omit per_move for no increment)".into());
            }
            if pm.seconds > 600 {
                return Err(format!(
                    "per_move.seconds = {} is over 10 minutes",
                    pm.seconds
                ));
            }
            if pm.from_move == 0 {
                return Err("per_move.from_move is 0; moves count from 1".into());
            }
        }
        Ok(())
    }

    /// The initial time on each clock: the first period's base time.
    pub fn initial_ms(&self) -> u64 {
        self.periods.first().map(Period::base_ms).unwrap_or(0)
    }

    /// Whether the game has an increment or delay per move (Guidelines III do not apply then).
    pub fn has_per_move(&self) -> bool {
        self.per_move.is_some()
    }
}

/// A time-control notation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("time control {input:?}: {message}")]
pub struct NotationError {
    pub input: String,
    pub message: String,
}

impl TimeControl {
    /// The `ordinal`-th period (0-based) a player is in, repeating the last period when it
    /// repeats; `None` past the end of a control whose last period has a number of moves and
    /// does not repeat.
    pub fn period(&self, ordinal: u32) -> Option<&Period> {
        let i = usize::try_from(ordinal).unwrap_or(usize::MAX);
        if let Some(p) = self.periods.get(i) {
            return Some(p);
        }
        self.periods.last().filter(|p| p.repeat)
    }

    /// Whether another period follows the `ordinal`-th (its time is then added to the clock).
    pub fn has_next_period(&self, ordinal: u32) -> bool {
        self.period(ordinal).is_some_and(|p| p.moves.is_some())
            && self.period(ordinal.saturating_add(1)).is_some()
    }

    /// Whether the `ordinal`-th period is the last one (a flag there ends the game).
    pub fn is_last_period(&self, ordinal: u32) -> bool {
        !self.has_next_period(ordinal)
    }

    /// The number of moves a player must have completed by the end of the `ordinal`-th period;
    /// `None` when that period lasts for the rest of the game (or does not exist).
    pub fn moves_at_end_of(&self, ordinal: u32) -> Option<u32> {
        let len = self.periods.len();
        let i = usize::try_from(ordinal).unwrap_or(usize::MAX);
        let mut total: u32 = 0;
        for p in self.periods.iter().take(i.saturating_add(1)) {
            total = total.saturating_add(p.moves?);
        }
        if i >= len {
            let last = self.periods.last()?;
            if !last.repeat {
                return None;
            }
            let extra = u32::try_from(i - len + 1).unwrap_or(u32::MAX);
            total = total.saturating_add(extra.saturating_mul(last.moves?));
        }
        Some(total)
    }

    /// The move number (1-based) with which the `ordinal`-th period begins.
    pub fn period_start_move(&self, ordinal: u32) -> Option<u32> {
        if ordinal == 0 {
            return Some(1);
        }
        self.moves_at_end_of(ordinal - 1)
            .map(|m| m.saturating_add(1))
    }

    /// The per-move time that applies to a player's move `move_no` (1-based), if any.
    pub fn per_move_for(&self, move_no: u32) -> Option<PerMove> {
        self.per_move.filter(|pm| move_no >= pm.from_move)
    }

    /// The Fischer increment in ms credited after move `move_no`; 0 without increment.
    pub fn increment_ms_for(&self, move_no: u32) -> u64 {
        match self.per_move_for(move_no) {
            Some(pm) if pm.kind == PerMoveKind::Increment => u64::from(pm.seconds) * 1000,
            _ => 0,
        }
    }

    /// The per-move seconds (increment or delay) in ms, 0 without any.
    pub fn per_move_ms(&self) -> u64 {
        self.per_move.map_or(0, |pm| u64::from(pm.seconds) * 1000)
    }

    /// The time credited to a player who has completed `moves` moves under the FIDE rule
    /// (period time added on completing the required move): the initial time, every increment
    /// and the base time of every period begun. Delays are not counted (they are not credited
    /// in advance). Used for the proportional reconstruction of earlier times.
    pub fn credited_after_moves(&self, moves: u32) -> u64 {
        let mut total = self.initial_ms();
        if let Some(pm) = self.per_move
            && pm.kind == PerMoveKind::Increment
        {
            let n = moves.saturating_sub(pm.from_move.saturating_sub(1));
            total = total.saturating_add(u64::from(n).saturating_mul(u64::from(pm.seconds) * 1000));
        }
        let len = u32::try_from(self.periods.len()).unwrap_or(u32::MAX);
        let mut k: u32 = 1;
        while let Some(end_prev) = self.moves_at_end_of(k - 1) {
            if end_prev > moves {
                break;
            }
            let Some(p) = self.period(k) else { break };
            if k >= len {
                // The repeating tail: count its further repetitions arithmetically.
                let rep = p.moves.unwrap_or(1).max(1);
                let count = 1 + u64::from((moves - end_prev) / rep);
                total = total.saturating_add(count.saturating_mul(p.base_ms()));
                break;
            }
            total = total.saturating_add(p.base_ms());
            k += 1;
        }
        total
    }

    /// The PGN `TimeControl` tag (PGN standard 9.6.1, e.g. `40/5400+30:1800+30`): fields
    /// `moves/seconds` or `seconds`, each followed by `+increment` where the increment applies.
    ///
    /// `None` when PGN cannot express the control: a delay, a repeating period, or an
    /// increment that starts in the middle of a period.
    pub fn pgn_tag(&self) -> Option<String> {
        let inc = match self.per_move {
            None => None,
            Some(pm) if pm.kind == PerMoveKind::Increment => Some(pm),
            Some(_) => return None,
        };
        let mut from_period = None;
        if let Some(pm) = inc {
            from_period = (0..self.periods.len())
                .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
                .find(|&i| self.period_start_move(i) == Some(pm.from_move));
            from_period?;
        }
        let mut out = String::new();
        for (i, p) in self.periods.iter().enumerate() {
            if p.repeat {
                return None;
            }
            if i > 0 {
                out.push(':');
            }
            let secs = p.base_ms() / 1000;
            match p.moves {
                Some(m) => out.push_str(&format!("{m}/{secs}")),
                None => out.push_str(&secs.to_string()),
            }
            if let (Some(pm), Some(from)) = (inc, from_period)
                && u32::try_from(i).unwrap_or(u32::MAX) >= from
            {
                out.push_str(&format!("+{}", pm.seconds));
            }
        }
        Some(out)
    }

    /// Reads a PGN `TimeControl` tag as written by [`TimeControl::pgn_tag`]. The period time
    /// is added on completing the move (FIDE).
    pub fn from_pgn_tag(tag: &str) -> Result<TimeControl, NotationError> {
        let err = |message: &str| NotationError {
            input: tag.to_string(),
            message: message.to_string(),
        };
        let mut periods = Vec::new();
        let mut per_move: Option<PerMove> = None;
        for (i, field) in tag.trim().split(':').enumerate() {
            let (main, inc) = match field.split_once('+') {
                Some((a, b)) => (a, Some(b)),
                None => (field, None),
            };
            let (moves, secs) = match main.split_once('/') {
                Some((m, s)) => (Some(parse_u32(m).ok_or_else(|| err("bad moves"))?), s),
                None => (None, main),
            };
            let secs = parse_u32(secs).ok_or_else(|| err("bad seconds (PGN uses seconds)"))?;
            periods.push(Period {
                moves,
                minutes: secs / 60,
                seconds: secs % 60,
                repeat: false,
            });
            let index = u32::try_from(i).unwrap_or(u32::MAX);
            match (inc, per_move) {
                (Some(inc), None) => {
                    let seconds = parse_u32(inc).ok_or_else(|| err("bad increment"))?;
                    let tc_so_far = TimeControl {
                        periods: periods.clone(),
                        per_move: None,
                        period_time_added: PeriodAddition::OnMove,
                    };
                    per_move = Some(PerMove {
                        kind: PerMoveKind::Increment,
                        seconds,
                        from_move: tc_so_far.period_start_move(index).unwrap_or(1),
                    });
                }
                (Some(inc), Some(pm)) if parse_u32(inc) == Some(pm.seconds) => {}
                (None, None) => {}
                _ => return Err(err("the increment must be the same in every later period")),
            }
        }
        let tc = TimeControl {
            periods,
            per_move,
            period_time_added: PeriodAddition::OnMove,
        };
        tc.validate().map_err(|m| err(&m))?;
        Ok(tc)
    }
}

fn parse_u32(s: &str) -> Option<u32> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn write_time(f: &mut fmt::Formatter<'_>, minutes: u32, seconds: u32) -> fmt::Result {
    if seconds == 0 {
        write!(f, "{minutes}'")
    } else {
        write!(f, "{minutes}'{seconds}''")
    }
}

/// The canonical FIDE-style notation, with explicit marks so that it always parses back to the
/// same value: `90'/40 + 30' + 30''` (minutes per moves, then the rest of the game, then the
/// increment), `150'/50 + 60'/20 rep.` for a repeating period, `d5''` for a simple delay,
/// `b5''` for a Bronstein delay, `from move 41` when the per-move time starts later, and
/// `(on flag)` when a period's time is added when the flag falls (DGT 3000 presets).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write_time(f, p.minutes, p.seconds)?;
            if let Some(m) = p.moves {
                write!(f, "/{m}")?;
            }
            if p.repeat {
                f.write_str(" rep.")?;
            }
        }
        if let Some(pm) = self.per_move {
            let prefix = match pm.kind {
                PerMoveKind::Increment => "",
                PerMoveKind::Bronstein => "b",
                PerMoveKind::SimpleDelay => "d",
            };
            write!(f, " + {prefix}{}''", pm.seconds)?;
            if pm.from_move > 1 {
                write!(f, " from move {}", pm.from_move)?;
            }
        }
        if self.period_time_added == PeriodAddition::OnFlag {
            f.write_str(" (on flag)")?;
        }
        Ok(())
    }
}

/// A time token of the notation: a value and whether it carried a unit mark.
#[derive(Debug, Clone, Copy)]
enum Token {
    /// A number without a mark.
    Plain(u32),
    /// A marked duration in seconds (`90'`, `1h`, `30''`, `30s`, `90min`, `3'30''`).
    Time { secs: u64, seconds_only: bool },
}

fn parse_token(tok: &str) -> Option<Token> {
    if let Some(n) = parse_u32(tok) {
        return Some(Token::Plain(n));
    }
    let digits_end = tok.find(|c: char| !c.is_ascii_digit())?;
    let n = u64::from(parse_u32(&tok[..digits_end])?);
    let rest = &tok[digits_end..];
    match rest {
        "''" | "s" | "sec" => Some(Token::Time {
            secs: n,
            seconds_only: true,
        }),
        "'" | "m" | "min" => Some(Token::Time {
            secs: n * 60,
            seconds_only: false,
        }),
        "h" => Some(Token::Time {
            secs: n * 3600,
            seconds_only: false,
        }),
        _ => {
            // minutes and seconds: 3'30''
            let sec_part = rest.strip_prefix('\'')?.strip_suffix("''")?;
            let s = u64::from(parse_u32(sec_part)?);
            Some(Token::Time {
                secs: n * 60 + s,
                seconds_only: false,
            })
        }
    }
}

fn split_secs(secs: u64) -> Option<(u32, u32)> {
    Some((
        u32::try_from(secs / 60).ok()?,
        u32::try_from(secs % 60).ok()?,
    ))
}

/// Reads the usual notations of a time control.
///
/// Accepted forms (whitespace and case do not matter):
/// - FIDE order, minutes per moves: `90/40+30+30s`, `100'/40 + 50' + 30''`, `90'/40 + 30' + 30"`;
/// - the classical order, moves in minutes: `40/120+60` (40 moves in 120 minutes, then 60
///   minutes for the rest);
/// - a game in: `G/90+30s` (also `SD/90`), or just `90+30s`;
/// - repeating periods: `150'/50 + 60'/20 rep.`; delays: `+ d5s` (simple), `+ b5s` (Bronstein);
///   a late start of the per-move time: `from move 41`; a DGT-style period addition: `(on flag)`.
///
/// Units: `'`, `m`, `min` mark minutes, `''`, `"`, `s`, `sec` mark seconds, `h` hours;
/// `3'30''` is 3 min 30 s. A number without a mark is minutes, except in `A/B`, where one
/// number is the moves.
///
/// **Disambiguation rule for `A/B`** (the size of the numbers is never used):
/// 1. if exactly one of `A` and `B` carries a time mark, that one is the time and the other
///    the number of moves (`100'/40`, `40/120'`);
/// 2. if neither carries a mark, the order follows the style of the whole notation: a control
///    written with a per-move term (`+30s`, `+d5s`) is in the modern FIDE order
///    *minutes/moves* (`90/40+30+30s`); a control without one is in the classical order
///    *moves/minutes* (`40/120+60`). Write marks when in doubt: the canonical form printed by
///    `Display` always carries them.
///
/// The last term is the per-move time when it is a seconds-only value or starts with `d`/`b`
/// (a final `+30''` is therefore always an increment, never a 30-second period).
impl std::str::FromStr for TimeControl {
    type Err = NotationError;

    fn from_str(input: &str) -> Result<TimeControl, NotationError> {
        let err = |message: String| NotationError {
            input: input.to_string(),
            message,
        };
        let mut text = input
            .trim()
            .to_lowercase()
            .replace(['\u{2032}', '\u{2019}', '\u{b4}'], "'")
            .replace(['\u{2033}', '"', '\u{201d}', '\u{201c}'], "''");
        let mut period_time_added = PeriodAddition::OnMove;
        if let Some(rest) = text.trim_end().strip_suffix("(on flag)") {
            period_time_added = PeriodAddition::OnFlag;
            text = rest.to_string();
        }
        let mut from_move = 1;
        if let Some((head, tail)) = text.split_once("from move") {
            from_move = parse_u32(tail).ok_or_else(|| err(format!("bad move number {tail:?}")))?;
            text = head.to_string();
        }
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(err("empty".into()));
        }
        let mut terms: Vec<&str> = compact.split('+').collect();
        if terms.iter().any(|t| t.is_empty()) {
            return Err(err("empty term between '+' signs".into()));
        }

        let per_move = per_move_term(&mut terms, from_move, &err)?;
        if per_move.is_none() && from_move != 1 {
            return Err(err("`from move` without an increment or delay".into()));
        }
        let fide_order = per_move.is_some();

        let mut periods = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            periods.push(period_term(i, term, fide_order, &err)?);
        }
        let tc = TimeControl {
            periods,
            per_move,
            period_time_added,
        };
        tc.validate().map_err(err)?;
        Ok(tc)
    }
}

/// The per-move term of a notation, if any: the last term, seconds-only or with a d/b prefix
/// (taken off `terms`), from move `from_move`.
fn per_move_term(
    terms: &mut Vec<&str>,
    from_move: u32,
    err: &impl Fn(String) -> NotationError,
) -> Result<Option<PerMove>, NotationError> {
    let mut per_move = None;
    if terms.len() >= 2
        && let Some(last) = terms.last().copied()
    {
        let (kind, body) = if let Some(b) = last.strip_prefix('d') {
            (Some(PerMoveKind::SimpleDelay), b)
        } else if let Some(b) = last.strip_prefix('b') {
            (Some(PerMoveKind::Bronstein), b)
        } else {
            (None, last)
        };
        let secs = match parse_token(body) {
            Some(Token::Time {
                secs,
                seconds_only: true,
            }) => Some(secs),
            Some(Token::Plain(n)) if kind.is_some() => Some(u64::from(n)),
            _ => None,
        };
        if let Some(secs) = secs {
            per_move = Some(PerMove {
                kind: kind.unwrap_or(PerMoveKind::Increment),
                seconds: u32::try_from(secs).map_err(|_| err("per-move time too big".into()))?,
                from_move,
            });
            terms.pop();
        } else if kind.is_some() {
            return Err(err(format!("bad delay term {last:?}")));
        }
    }
    Ok(per_move)
}

/// The `i`-th period of a notation: `90`, `40/90`, `90/40` (FIDE's order where a per-move term
/// is given), `1:30:00`, with `g/` or `sd/` before the first and `rep` after a repeated one.
fn period_term(
    i: usize,
    term: &str,
    fide_order: bool,
    err: &impl Fn(String) -> NotationError,
) -> Result<Period, NotationError> {
    let mut term = term;
    let mut repeat = false;
    for suffix in ["rep.", "rep"] {
        if let Some(t) = term.strip_suffix(suffix) {
            term = t;
            repeat = true;
            break;
        }
    }
    if i == 0 {
        for prefix in ["g/", "sd/"] {
            if let Some(t) = term.strip_prefix(prefix) {
                term = t;
                break;
            }
        }
    }
    let bad = || err(format!("cannot read the period {term:?}"));
    let (secs, moves) = match term.split_once('/') {
        None => match parse_token(term).ok_or_else(bad)? {
            Token::Plain(n) => (u64::from(n) * 60, None),
            Token::Time { secs, .. } => (secs, None),
        },
        Some((a, b)) => {
            let (a, b) = (
                parse_token(a).ok_or_else(bad)?,
                parse_token(b).ok_or_else(bad)?,
            );
            match (a, b) {
                (Token::Time { secs, .. }, Token::Plain(m))
                | (Token::Plain(m), Token::Time { secs, .. }) => (secs, Some(m)),
                (Token::Plain(x), Token::Plain(y)) => {
                    if fide_order {
                        (u64::from(x) * 60, Some(y))
                    } else {
                        (u64::from(y) * 60, Some(x))
                    }
                }
                _ => return Err(err(format!("{term:?}: both numbers are times"))),
            }
        }
    };
    let (minutes, seconds) = split_secs(secs).ok_or_else(bad)?;
    Ok(Period {
        moves,
        minutes,
        seconds,
        repeat,
    })
}

#[cfg(test)]
#[path = "control_tests.rs"]
mod tests;
