//! The match as `arbiter check` prints it: the fixture, the rules the profile and the match
//! file decide (each cited), and the boards with their players and feeds.

use std::fmt::Write as _;

use serde::Serialize;

use super::{Match, RatingKind};
use crate::model::{BoardNo, TeamSide};

impl Match {
    /// A readable summary for `arbiter check`.
    pub fn summary(&self) -> String {
        let f = &self.file;
        let mut s = String::new();
        let _ = writeln!(s, "{} {} – round {}", f.competition, f.season, f.round);
        let _ = writeln!(s, "  {} – {}", f.home.name, f.away.name);
        let _ = writeln!(
            s,
            "  {} at {}, scheduled {}",
            f.date,
            f.venue,
            self.scheduled_start.format("%H:%M %:z")
        );
        let _ = writeln!(
            s,
            "  arbiter {}{}",
            f.arbiter.name,
            if f.arbiter.licence.is_empty() {
                String::new()
            } else {
                format!(" (licence {})", f.arbiter.licence)
            }
        );
        let _ = writeln!(
            s,
            "  captains: {} (home), {} (away)",
            f.home.captain, f.away.captain
        );
        let _ = writeln!(
            s,
            "  ratings: {}",
            match (self.rating_kind(), f.ratings.is_some()) {
                (RatingKind::Fide, _) => "FIDE (Elo)",
                (RatingKind::National, true) => "national",
                (RatingKind::National, false) => {
                    "national (the default; `ratings = \"fide\"` if they are FIDE ratings)"
                }
            }
        );
        self.summary_rules(&mut s);
        self.summary_boards(&mut s);
        s
    }

    /// The summary's rules: the profile, its sources, the mode, the time control and what the
    /// profile decides or leaves to the arbiter.
    fn summary_rules(&self, s: &mut String) {
        let p = &self.profile;
        let _ = writeln!(s, "rules: {} – {} [{}]", p.id, p.name, p.laws);
        if !p.sources.is_empty() {
            let _ = writeln!(s, "  sources: {}", p.sources.join("; "));
        }
        self.summary_mode(s);
        self.summary_start(s);
        self.summary_penalties(s);
        self.summary_game_end(s);
        self.summary_notation(s);
        self.summary_scoring(s);
    }

    /// The mode (and by what), the modes per board and the time control.
    fn summary_mode(&self, s: &mut String) {
        let f = &self.file;
        let p = &self.profile;
        let r = self.match_rules();
        let mode = match r.supervision {
            Some(sup) => format!("{} ({} supervision)", word(&r.mode), word(&sup)),
            None => word(&r.mode),
        };
        let by = if f.mode.is_some() {
            " as the match file says".to_string()
        } else {
            format!(
                "; from the time control{}",
                cited(&p.modes.article, &p.modes.source)
            )
        };
        let _ = writeln!(s, "  mode: {mode}{}{by}", cited(&r.article, &r.source));
        if !f.board_modes.is_empty() {
            let list: Vec<String> = f
                .board_modes
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{} {}", i + 1, word(m)))
                .collect();
            let _ = writeln!(s, "  modes per board: {}", list.join(", "));
        }
        let _ = writeln!(s, "  time control: {}", self.time_control);
    }

    /// The default time and the colours.
    fn summary_start(&self, s: &mut String) {
        let p = &self.profile;
        let from = match p.default_time.from {
            crate::profile::StartReference::ScheduledStart => "the scheduled start",
            crate::profile::StartReference::ActualStart => "the actual start",
            crate::profile::StartReference::AgreedStart => "the agreed start",
        };
        let _ = writeln!(
            s,
            "  default time: {} min from {}{}",
            p.default_time.minutes,
            from,
            cited(&p.default_time.article, &p.default_time.source)
        );
        let _ = writeln!(
            s,
            "  colours: the {} team has White on the odd boards{}",
            p.colours.white_on_odd_boards,
            cited(&p.colours.article, &p.colours.source)
        );
    }

    /// The penalties: an illegal move, an incorrect draw claim.
    fn summary_penalties(&self, s: &mut String) {
        let r = self.match_rules();
        let im = &r.illegal_moves;
        let loss = if im.loss_at == 0 {
            "never loses".to_string()
        } else {
            format!("illegal move no. {} loses", im.loss_at)
        };
        let window = match r.illegal_move_window {
            crate::profile::IllegalWindow::AnyTime => "",
            crate::profile::IllegalWindow::BeforeOpponentMoves => {
                ", only before the opponent's next move"
            }
        };
        let _ = writeln!(
            s,
            "  illegal move: +{} to the opponent, {loss}{}{window}{}",
            secs(im.time_to_opponent_s),
            if im.draw_if_opponent_cannot_mate {
                ", draw if the opponent cannot mate"
            } else {
                ""
            },
            cited(&im.article, &im.source)
        );
        let c = &r.claims;
        let _ = writeln!(
            s,
            "  incorrect draw claim: +{} to the opponent{}{}",
            secs(c.incorrect_time_to_opponent_s),
            if c.incorrect_time_from_claimant_s > 0 {
                format!(
                    ", −{} from the claimant",
                    secs(c.incorrect_time_from_claimant_s)
                )
            } else {
                String::new()
            },
            cited(&c.article, &c.source)
        );
    }

    /// The end of a game: a quickplay finish, the automatic draws.
    fn summary_game_end(&self, s: &mut String) {
        let p = &self.profile;
        let qpf = match p.quickplay_finish.kind {
            crate::profile::QuickplayKind::None => "none",
            crate::profile::QuickplayKind::Art10_2 => "old Art. 10.2 (claims below 2 min)",
            crate::profile::QuickplayKind::GuidelinesIii2017 => "Guidelines III (2017)",
            crate::profile::QuickplayKind::GuidelinesIii2023 => "Guidelines III (2023)",
        };
        let _ = writeln!(
            s,
            "  quickplay finish: {qpf}{}",
            cited(&p.quickplay_finish.article, &p.quickplay_finish.source)
        );
        let ad = &p.automatic_draws;
        let mut auto = Vec::new();
        if ad.fivefold_repetition {
            auto.push("fivefold repetition");
        }
        if ad.seventy_five_moves {
            auto.push("75 moves");
        }
        if ad.dead_position {
            auto.push("dead position");
        }
        let _ = writeln!(
            s,
            "  automatic draws: {}{}",
            if auto.is_empty() {
                "none".to_string()
            } else {
                auto.join(", ")
            },
            cited(&ad.article, &ad.source)
        );
    }

    /// The notation and its exemption.
    fn summary_notation(&self, s: &mut String) {
        let p = &self.profile;
        let r = self.match_rules();
        let sheet = &p.scoresheet;
        let _ = writeln!(
            s,
            "  notation: {}{}",
            if r.notation_required {
                format!(
                    "required; not below {} {}",
                    secs(sheet.exempt_below_s),
                    match sheet.exempt_scope {
                        crate::profile::ExemptScope::RestOfPeriod => "(for the rest of the period)",
                        crate::profile::ExemptScope::WhileBelow => "(while below)",
                    }
                )
            } else {
                "not required in this mode".to_string()
            },
            cited(&sheet.article, &sheet.source)
        );
    }

    /// The match points and the threshold of a win; what is left to the arbiter.
    fn summary_scoring(&self, s: &mut String) {
        let f = &self.file;
        let p = &self.profile;
        let threshold = p.win_threshold_half_points(f.boards);
        let _ = writeln!(
            s,
            "  match points {}/{}/{}; win from {} board points{}",
            p.scoring.match_points_win,
            p.scoring.match_points_draw,
            p.scoring.match_points_loss,
            crate::model::half_points_text(u32::from(threshold)),
            cited(&p.scoring.article, &p.scoring.source)
        );
        if !p.decisions.open.is_empty() {
            let open: Vec<String> = p.decisions.open.iter().map(word).collect();
            let _ = writeln!(s, "  left to the arbiter: {}", open.join(", "));
        }
    }

    /// The summary's boards: the players on each (with their ratings) and the feed.
    fn summary_boards(&self, s: &mut String) {
        let f = &self.file;
        let _ = writeln!(s, "boards:");
        for i in 0..usize::from(f.boards) {
            let b = BoardNo::from_index(i);
            let white = self.white_team(b);
            let name = |side: TeamSide| {
                self.lineup_player(side, b)
                    .map(|p| match p.rating {
                        Some(r) => format!("{} ({r})", p.name),
                        None => p.name.clone(),
                    })
                    .unwrap_or_else(|| format!("{} player", side))
            };
            let src = f.feeds.get(i).map(String::as_str).unwrap_or("none");
            let _ = writeln!(
                s,
                "  {:>2}  White: {:<32} Black: {:<32} feed {src}",
                b.0,
                name(white),
                name(white.other())
            );
        }
    }
}

/// A value as the profile and match files spell it (`rapid`, `device_off_person`).
fn word<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// " (Art. 7.5.5; BTO NRW § 16)": a rule's citation, as the summary prints it.
fn cited(article: &str, source: &str) -> String {
    let (article, source) = (
        crate::profile::citation_text(article),
        crate::profile::citation_text(source),
    );
    match (article.is_empty(), source.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(" ({})", crate::profile::article_text(&article)),
        (true, false) => format!(" ({source})"),
        (false, false) => format!(" ({}; {source})", crate::profile::article_text(&article)),
    }
}

fn secs(s: u32) -> String {
    crate::model::short_duration(u64::from(s) * 1000)
}
