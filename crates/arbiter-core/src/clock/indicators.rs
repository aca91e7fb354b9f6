//! Indicators for the arbiter: scoresheet exemption (FIDE 8.4), quickplay-finish eligibility
//! (Guidelines III), time trouble.

use serde::{Deserialize, Serialize};

use super::control::TimeControl;

/// The thresholds; the defaults are the FIDE values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct IndicatorSettings {
    /// Whether the competition announced Guidelines III (quickplay finish).
    pub quickplay_allowed: bool,
    /// Below this a player need not record (FIDE 8.4: 5 minutes).
    pub exemption_below_ms: u64,
    /// … unless at least this much is added per move (FIDE 8.4: 30 seconds).
    pub exemption_void_from_per_move_ms: u64,
    /// The exemption lasts only while the time is below the threshold (pre-2009 8.4), not for
    /// the rest of the period (2017/2023 8.4).
    pub exemption_while_below: bool,
    /// Any delay voids the exemption (Trier Nr. 3: "Wird nach dem Aufschub-Modus gespielt,
    /// entfällt diese Erleichterung"); otherwise a delay counts like an increment.
    pub delay_voids_exemption: bool,
    /// Guidelines III.4/III.5: less than 2 minutes.
    pub quickplay_below_ms: u64,
    /// The time-trouble window (team-match practice: the last 5 minutes).
    pub time_trouble_below_ms: u64,
}

impl Default for IndicatorSettings {
    fn default() -> Self {
        IndicatorSettings {
            quickplay_allowed: false,
            exemption_below_ms: 5 * 60_000,
            exemption_void_from_per_move_ms: 30_000,
            exemption_while_below: false,
            delay_voids_exemption: false,
            quickplay_below_ms: 2 * 60_000,
            time_trouble_below_ms: 5 * 60_000,
        }
    }
}

/// What one player's clock means for the arbiter right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Indicators {
    /// The player need not record the moves for the rest of this period (FIDE 8.4): the time
    /// was below 5 minutes at some stage of the period and less than 30 s are added per move.
    /// It stays set until the period ends, even if an increment lifts the time above 5 min.
    pub scoresheet_exempt: bool,
    /// The player having the move may claim under Guidelines III.4/III.5: announced, no
    /// increment or delay, last period, less than 2 minutes.
    pub quickplay_claim_possible: bool,
    /// Below the time-trouble window.
    pub time_trouble: bool,
    /// Moves still required before the next control; `None` in the last period.
    pub moves_to_control: Option<u32>,
}

/// One player's clock situation as the mirror tracks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerClock {
    pub remaining_ms: u64,
    /// The lowest time shown since the current period began.
    pub lowest_in_period_ms: u64,
    pub moves_completed: u32,
    /// Period ordinal (0-based).
    pub period: u32,
    pub on_move: bool,
}

/// Computes the indicators of one player.
pub fn indicators(tc: &TimeControl, settings: &IndicatorSettings, p: &PlayerClock) -> Indicators {
    let next_move = p.moves_completed.saturating_add(1);
    let per_move = tc.per_move_for(next_move);
    let per_move_ms = per_move.map_or(0, |pm| u64::from(pm.seconds) * 1000);
    let delay_voids =
        settings.delay_voids_exemption && per_move.is_some_and(|pm| !pm.kind.is_increment());
    let low = if settings.exemption_while_below {
        p.remaining_ms
    } else {
        p.lowest_in_period_ms
    };
    let last = tc.is_last_period(p.period);
    let moves_to_control = if last {
        None
    } else {
        tc.moves_at_end_of(p.period)
            .map(|end| end.saturating_sub(p.moves_completed))
    };
    Indicators {
        scoresheet_exempt: low < settings.exemption_below_ms
            && per_move_ms < settings.exemption_void_from_per_move_ms
            && !delay_voids,
        quickplay_claim_possible: settings.quickplay_allowed
            && tc.per_move.is_none()
            && last
            && p.on_move
            && p.remaining_ms < settings.quickplay_below_ms,
        time_trouble: p.remaining_ms < settings.time_trouble_below_ms,
        moves_to_control,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(remaining_ms: u64, lowest: u64, moves: u32, period: u32) -> PlayerClock {
        PlayerClock {
            remaining_ms,
            lowest_in_period_ms: lowest,
            moves_completed: moves,
            period,
            on_move: true,
        }
    }

    #[test]
    fn exemption_needs_low_time_and_small_increment() {
        let s = IndicatorSettings::default();
        let with_30: TimeControl = "90/40+30+30s".parse().unwrap();
        let with_10: TimeControl = "90/40+30+10s".parse().unwrap();
        let without: TimeControl = "40/120+60".parse().unwrap();
        let late: TimeControl = "90'/40 + 30' + 30'' from move 41".parse().unwrap();
        assert!(!indicators(&with_30, &s, &player(200_000, 200_000, 30, 0)).scoresheet_exempt);
        assert!(indicators(&with_10, &s, &player(200_000, 200_000, 30, 0)).scoresheet_exempt);
        // Sticky within the period: back above 5 min after increments.
        assert!(indicators(&with_10, &s, &player(400_000, 200_000, 30, 0)).scoresheet_exempt);
        assert!(indicators(&without, &s, &player(100_000, 100_000, 30, 0)).scoresheet_exempt);
        assert!(!indicators(&without, &s, &player(400_000, 400_000, 30, 0)).scoresheet_exempt);
        // The increment starts only at move 41: exempt before, not after.
        assert!(indicators(&late, &s, &player(100_000, 100_000, 30, 0)).scoresheet_exempt);
        assert!(!indicators(&late, &s, &player(100_000, 100_000, 41, 1)).scoresheet_exempt);
    }

    #[test]
    fn quickplay_and_time_trouble() {
        let mut s = IndicatorSettings::default();
        let qpf: TimeControl = "120'/40 + 60'".parse().unwrap();
        let inc: TimeControl = "90/40+30+30s".parse().unwrap();
        let p = player(100_000, 100_000, 45, 1);
        assert!(!indicators(&qpf, &s, &p).quickplay_claim_possible);
        s.quickplay_allowed = true;
        let i = indicators(&qpf, &s, &p);
        assert!(i.quickplay_claim_possible && i.time_trouble);
        assert_eq!(i.moves_to_control, None);
        assert!(!indicators(&inc, &s, &p).quickplay_claim_possible);
        // Not in the first period, not when not on move.
        assert!(!indicators(&qpf, &s, &player(100_000, 100_000, 30, 0)).quickplay_claim_possible);
        let mut off = p;
        off.on_move = false;
        assert!(!indicators(&qpf, &s, &off).quickplay_claim_possible);
        assert_eq!(
            indicators(&qpf, &s, &player(100_000, 100_000, 30, 0)).moves_to_control,
            Some(10)
        );
    }
}
