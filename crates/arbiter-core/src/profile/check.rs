//! A rule profile's validation beyond what serde's types check: every problem recorded with
//! its field, in the order of the profile's parts.

use super::{BothFlags, Deduction, QuickplayKind, RuleProfile, Supervision};
use crate::diag::Collector;

impl RuleProfile {
    /// Validates what serde's types do not; records each problem in `c`, in the order of the
    /// profile's parts.
    pub(super) fn check(&self, c: &mut Collector<'_>) {
        self.check_basics(c);
        self.check_penalties(c);
        self.check_quickplay(c);
        self.check_presence(c);
        self.check_scoring(c);
        self.check_flags(c);
        self.check_modes(c);
        self.check_hints(c);
        self.check_game(c);
    }

    /// The profile's id, its boards, its time control and its default time.
    fn check_basics(&self, c: &mut Collector<'_>) {
        if self.id.trim().is_empty() {
            c.error("id", "must not be empty");
        }
        if !(1..=1000).contains(&self.boards) {
            c.error(
                "boards",
                format!("{} boards: expected 1 to 1000", self.boards),
            );
        }
        if let Err(e) = self.time_control.validate() {
            c.error("time_control", e);
        }
        if self.default_time.minutes > 24 * 60 {
            c.error(
                "default_time.minutes",
                "more than 24 hours: expected minutes, not seconds",
            );
        }
    }

    /// An illegal move's penalty and the claims' move count.
    fn check_penalties(&self, c: &mut Collector<'_>) {
        if self.illegal_moves.loss_at == 1 && self.illegal_moves.time_to_opponent_s > 0 {
            c.error(
                "illegal_moves.time_to_opponent_s",
                "the first illegal move already loses (loss_at = 1), so no time can be given",
            );
        }
        if self.claims.fifty_move_count == 0 {
            c.error("claims.fifty_move_count", "must be at least 1 (usually 50)");
        }
    }

    /// The quickplay finish: a threshold, and no increment or delay.
    fn check_quickplay(&self, c: &mut Collector<'_>) {
        let qpf = &self.quickplay_finish;
        if qpf.kind != QuickplayKind::None {
            if qpf.threshold_s == 0 {
                c.error(
                    "quickplay_finish.threshold_s",
                    "must be above 0 (usually 120)",
                );
            }
            if self.time_control.has_per_move() {
                c.error(
                    "quickplay_finish.kind",
                    "quickplay-finish rules apply only to games without increment or delay, \
                     but time_control.per_move is set",
                );
            }
        }
    }

    /// The lineup procedure's hour and the players a team must field.
    fn check_presence(&self, c: &mut Collector<'_>) {
        if self.lineup_procedure.absence_notice_hour > 23 {
            c.error(
                "lineup_procedure.absence_notice_hour",
                "an hour of the day: 0 to 23",
            );
        }
        if self.team_presence.min_players > self.boards {
            c.error(
                "team_presence.min_players",
                format!("more players than {} boards", self.boards),
            );
        }
    }

    /// Match points, the threshold of a win and the board weights.
    fn check_scoring(&self, c: &mut Collector<'_>) {
        let s = &self.scoring;
        if s.match_points_win < s.match_points_draw || s.match_points_draw < s.match_points_loss {
            c.error("scoring", "match points must satisfy win >= draw >= loss");
        }
        if u32::from(s.win_threshold_half_points) > u32::from(self.boards) * 2 {
            c.error(
                "scoring.win_threshold_half_points",
                format!("more half points than {} boards can give", self.boards),
            );
        }
        if !s.berliner_weights.is_empty() && s.berliner_weights.len() != usize::from(self.boards) {
            c.error(
                "scoring.berliner_weights",
                format!(
                    "{} weights for {} boards: give one weight per board or none",
                    s.berliner_weights.len(),
                    self.boards
                ),
            );
        }
    }

    /// Both flags down where their order cannot be established: never the first flag.
    fn check_flags(&self, c: &mut Collector<'_>) {
        for (name, rule) in [
            ("flags.both_flags", self.flags.both_flags),
            (
                "flags.both_flags_last_period",
                self.flags.both_flags_last_period,
            ),
        ] {
            if rule == BothFlags::FirstFlagLoses {
                c.error(
                    name,
                    "applies when the order of the flags cannot be established, so the first \
                     flag cannot decide: use continue, draw or open",
                );
            }
        }
    }

    /// The rapid and blitz regimes: their time controls and illegal-move penalties.
    fn check_modes(&self, c: &mut Collector<'_>) {
        for (name, v) in [("rapid", &self.rapid), ("blitz", &self.blitz)] {
            let Some(v) = v else { continue };
            if let Some(tc) = &v.time_control
                && let Err(e) = tc.validate()
            {
                c.error(format!("{name}.time_control"), e);
            }
            for (sup, path) in [
                (Supervision::Adequate, name.to_string()),
                (Supervision::Inadequate, format!("{name}.unsupervised")),
            ] {
                let r = v.regime(sup);
                if r.illegal_move_loss_at == 1 && r.illegal_move_time_to_opponent_s > 0 {
                    c.error(
                        format!("{path}.illegal_move_time_to_opponent_s"),
                        "the first illegal move already loses (illegal_move_loss_at = 1), so no time can be given",
                    );
                }
            }
        }
    }

    /// The quickplay hints: messages of the catalogue.
    fn check_hints(&self, c: &mut Collector<'_>) {
        for h in &self.quickplay_finish.hints {
            if !crate::i18n::core_catalogue().has(crate::i18n::Lang::En, h) {
                c.error(
                    "quickplay_finish.hints",
                    format!("{h:?} is not a message of the catalogue (i18n/*/rules.ftl)"),
                );
            }
        }
    }

    /// The draw agreement's minimum, the modes' limits and the deduction for being unable to record.
    fn check_game(&self, c: &mut Collector<'_>) {
        if self.draw_agreement.min_move > 0
            && self.draw_agreement.min_moves_each > self.draw_agreement.min_move
        {
            c.error(
                "draw_agreement.min_move",
                "lower than min_moves_each: the minimum move would never bind",
            );
        }
        if self.modes.rapid_max_s < self.modes.blitz_max_s {
            c.error(
                "modes.rapid_max_s",
                "below blitz_max_s: give blitz_max_s for an edition without rapid",
            );
        }
        if self.unable_to_record.deduction == Deduction::Fixed && self.unable_to_record.fixed_s == 0
        {
            c.error(
                "unable_to_record.fixed_s",
                "a fixed deduction needs its amount in seconds",
            );
        }
    }
}
