//! The match around the games (issue 16) with the numbers of the sources: § 33 of the Trier
//! regulations (`shared/reference/sources/001:144`), BTO NRW §§ 15–18, 27 (`000:179–205, 276–278`),
//! Trier Nr. 1, 2, 5 (`001:12–68`), the SBL's match-point rule (`current-regulations.md:283`).

use std::path::Path;

use crate::support;
use arbiter_core::i18n::{Lang, Msg, core_catalogue};
use arbiter_core::intervention::{
    AbsenceNotice, InterventionKind, LineupChanged, LineupSlot, LineupSubmitted, Reservation,
};
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::{Match, MatchKind};
use arbiter_core::model::{BoardNo, ClockSide, GameResult, TeamSide};
use arbiter_core::procedure::{
    ColoursOverridden, LineupConsent, LineupView, LotDrawn, StartAgreed,
};
use arbiter_core::profile::{
    ArrivalAtDeadline, LineupSanction, MatchPointsFormula, Situation, StartReference, TieBreak,
};
use arbiter_core::record::{
    ClockSample, Event, Origin, PlayerArrived, ResultRecorded, RoundStarted, SessionStarted,
};
use arbiter_core::rules::decision::{Basis, decide};
use arbiter_core::rules::lineup::{self, Problem, SubmitError};
use arbiter_core::rules::{self, Proposal, Request};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};

const MIN: u64 = 60_000;

fn load(profile: &str) -> Match {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let match_path = "config/matches/demo-bundesliga.toml";
    let profile_path = format!("config/rules/{profile}.toml");
    let text = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    Match::from_texts(
        Path::new(match_path),
        &text(match_path),
        Path::new(&profile_path),
        &text(&profile_path),
    )
    .unwrap()
}

/// A match: records stamped from the scheduled start (14:00) plus `at` ms.
struct Game {
    m: Match,
    s: MatchState,
    chain: Chain,
    buf: Vec<u8>,
}

impl Game {
    fn new(profile: &str) -> Game {
        Game::with(load(profile))
    }

    fn with(m: Match) -> Game {
        let mut g = Game {
            m,
            s: MatchState::default(),
            chain: Chain::default(),
            buf: Vec::new(),
        };
        let ev = SessionStarted {
            match_sha256: String::new(),
            profile_sha256: String::new(),
            match_path: String::new(),
            profile_id: g.m.profile.id.clone(),
            boards: 8,
            software: "test".into(),
            time_control: Some(g.m.time_control.clone()),
            profile_path: None,
            match_text: None,
            profile_text: None,
        };
        g.push(0, ev.into());
        g
    }

    fn push(&mut self, at: u64, event: Event) -> Record {
        let origin = match event.board() {
            Some(b) if !event.needs_sync() => Origin::Feed(b),
            _ => Origin::Arbiter,
        };
        let r = support::append_at(&self.m, &mut self.chain, &mut self.buf, at, origin, event);
        apply(&mut self.s, &r);
        r
    }

    fn lineup(&mut self, team: TeamSide, slots: Vec<LineupSlot>) {
        self.push(
            0,
            LineupSubmitted {
                team,
                slots,
                ..Default::default()
            }
            .into(),
        );
    }

    fn arrive(&mut self, at: u64, board: u16, team: TeamSide) {
        self.push(
            at,
            PlayerArrived {
                board: BoardNo(board),
                team,
                at: None,
            }
            .into(),
        );
    }

    fn result(&mut self, board: u16, result: GameResult) {
        self.push(
            0,
            ResultRecorded {
                board: BoardNo(board),
                result,
                reason: String::new(),
                ending: None,
                overridden: Vec::new(),
            }
            .into(),
        );
    }

    /// Sets the result of a board by the home team's half points (0, 1, 2; 3 = double forfeit).
    fn home_scores(&mut self, board: u16, home_half: u8) {
        let home_white = self.m.white_team(BoardNo(board)) == TeamSide::Home;
        let r = match (home_half, home_white) {
            (3, _) => GameResult::DoubleForfeit,
            (1, _) => GameResult::Draw,
            (2, true) | (0, false) => GameResult::WhiteWins,
            _ => GameResult::BlackWins,
        };
        self.result(board, r);
    }

    fn propose(&self, at: u64, board: Option<u16>, kind: InterventionKind) -> (Request, Proposal) {
        let req = Request {
            board: board.map(BoardNo),
            player: None,
            kind,
        };
        let p = rules::propose(&self.m, &self.s, &req, MonoMs::from_base_ms(at));
        for lang in Lang::ALL {
            core_catalogue()
                .try_format(lang, &p.explanation)
                .unwrap_or_else(|e| panic!("{:?}: {e:?}", p.explanation));
        }
        (req, p)
    }

    fn intervene(&mut self, at: u64, board: Option<u16>, kind: InterventionKind) -> Proposal {
        let (req, p) = self.propose(at, board, kind);
        let ev = rules::confirm(&req, &p, p.consequence.clone(), String::new());
        self.push(at, ev);
        p
    }
}

fn players(ranks: &[u16]) -> Vec<LineupSlot> {
    ranks
        .iter()
        .map(|r| match r {
            0 => LineupSlot::Empty { absent: None },
            r => LineupSlot::Player { rank: *r },
        })
        .collect()
}

fn boards(v: &[u16]) -> Vec<BoardNo> {
    v.iter().copied().map(BoardNo).collect()
}

fn en(m: &Msg) -> String {
    core_catalogue().format(Lang::En, m)
}

fn de(m: &Msg) -> String {
    core_catalogue().format(Lang::De, m)
}

// ---- Lineups: order ---------------------------------------------------------------------------

/// § 33 Abs. 4b, "Beispiel 1: Spieler an Brett 5 gemeldet und spielt an Brett 2; Bretter 2 bis 5
/// werden genullt" and "Beispiel 2: … spielt an Brett 7; Bretter 5 bis 7 werden genullt"
/// (001:144); the same lineups under BTO NRW § 16.7, where only a player placed too low loses
/// his game (000:189).
#[test]
fn both_paragraph_33_examples_under_33_and_under_bto_16_7() {
    let trier = load("trier");
    let nrw = load("nrw-1987");
    let ex1 = players(&[1, 5, 2, 3, 4, 6, 7, 8]);
    let ex2 = players(&[1, 2, 3, 4, 6, 7, 5, 8]);

    let f = lineup::check_lineup(&trier, TeamSide::Away, &ex1, &[]);
    assert_eq!(
        f.len(),
        1,
        "ranks 2-4 stand one place low, within Nr. 1's ±1: {f:?}"
    );
    assert_eq!(f[0].zeroed, boards(&[2, 3, 4, 5]));
    assert_eq!(f[0].cite, "§ 33 Abs. 4b");
    let f = lineup::check_lineup(&trier, TeamSide::Away, &ex2, &[]);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].zeroed, boards(&[5, 6, 7]));

    // BTO § 16.7: rank 5 on board 2 is placed too high (no sanction); ranks 2, 3, 4 each one
    // board too low lose their games on boards 3, 4, 5.
    let f = lineup::check_lineup(&nrw, TeamSide::Away, &ex1, &[]);
    let lost: Vec<BoardNo> = f.iter().flat_map(|x| x.zeroed.clone()).collect();
    assert_eq!(lost, boards(&[3, 4, 5]), "{f:?}");
    assert!(f.iter().all(|x| x.sanction == LineupSanction::GameLost));
    assert!(f.iter().all(|x| x.cite == "BTO NRW § 16.7"));
    // Example 2: rank 5 on board 7 is too low and loses board 7; ranks 6 and 7 are too high.
    let f = lineup::check_lineup(&nrw, TeamSide::Away, &ex2, &[]);
    let lost: Vec<BoardNo> = f.iter().flat_map(|x| x.zeroed.clone()).collect();
    assert_eq!(lost, boards(&[7]), "{f:?}");
}

/// Two adjacent players swapped: strict order (bundesliga: the player too low loses), Trier's
/// one place either way (Nr. 1: "jeweils um einen Platz"), NRW (§ 16.7).
#[test]
fn an_adjacent_swap_under_strict_order_one_place_tolerance_and_nrw() {
    let swap = players(&[1, 2, 4, 3, 5, 6, 7, 8]);
    let strict = lineup::check_lineup(&load("bundesliga"), TeamSide::Home, &swap, &[]);
    assert_eq!(strict.len(), 1, "{strict:?}");
    assert_eq!(
        strict[0].problem,
        Problem::WrongOrder {
            rank: 3,
            expected_board: BoardNo(3)
        }
    );
    assert_eq!(strict[0].zeroed, boards(&[4]));
    assert!(lineup::check_lineup(&load("trier"), TeamSide::Home, &swap, &[]).is_empty());
    let nrw = lineup::check_lineup(&load("nrw-1987"), TeamSide::Home, &swap, &[]);
    assert_eq!(nrw.len(), 1);
    assert_eq!(nrw[0].zeroed, boards(&[4]), "rank 3 on board 4 is too low");
}

// ---- Lineups: ineligible players, reservations ------------------------------------------------

/// An ineligible player on board 6: refused at submission; the arbiter overrides it with a
/// reason and the board is played under reservation. § 33 Abs. 4a zeroes boards 6-8 (from the
/// affected board down) provided the opponent's lineup was correct; BTO § 16.4 loses the match
/// on all boards; the NRW reservation is due a week after the match (Anl. 1 13.3).
#[test]
fn an_ineligible_player_under_33_4a_and_bto_16_4_played_under_reservation() {
    for (profile, zeroed, cite) in [
        ("trier", vec![6u16, 7, 8], "§ 33 Abs. 4a"),
        ("nrw-1987", (1..=8).collect(), "BTO NRW § 16.4"),
    ] {
        let mut m = load(profile);
        m.file.away.squad[5].eligible = false; // rank 6
        let mut g = Game::with(m);
        g.lineup(TeamSide::Home, players(&[1, 2, 3, 4, 5, 6, 7, 8]));
        let sub = LineupSubmitted {
            team: TeamSide::Away,
            slots: players(&[1, 2, 3, 4, 5, 6, 7, 8]),
            channel: "in_person".into(),
            received_by: "Martina Keller".into(),
            ..Default::default()
        };
        let Err(SubmitError::Findings(f)) = lineup::submit(&g.m, &g.s, sub.clone()) else {
            panic!("an ineligible player is refused at submission");
        };
        assert_eq!(f[0].problem, Problem::Ineligible { rank: 6 });
        let mut reason_missing = sub.clone();
        reason_missing.reservations = vec![Reservation {
            board: BoardNo(6),
            reason: " ".into(),
        }];
        assert_eq!(
            lineup::submit(&g.m, &g.s, reason_missing),
            Err(SubmitError::BadReservation(BoardNo(6)))
        );
        let mut reserved = sub;
        reserved.reservations = vec![Reservation {
            board: BoardNo(6),
            reason: "pass not shown; the captain insists".into(),
        }];
        let ev = lineup::submit(&g.m, &g.s, reserved).unwrap();
        g.push(MIN, ev);
        let proc = rules::procedure::procedure(&g.m, &g.s, MonoMs::from_base_ms(MIN));
        assert_eq!(proc.reservations.len(), 1);
        assert_eq!(proc.reservations[0].board, BoardNo(6));
        let p = g.intervene(
            2 * MIN,
            None,
            InterventionKind::LineupIrregularity {
                team: TeamSide::Away,
            },
        );
        let got: Vec<u16> = p.consequence.zeroed.iter().map(|(b, _)| b.0).collect();
        assert_eq!(got, zeroed, "{profile}: {}", en(&p.explanation));
        assert!(p.articles.iter().any(|a| a == cite), "{:?}", p.articles);
        if profile == "nrw-1987" {
            assert_eq!(proc.reservations[0].due.as_deref(), Some("2026-12-05"));
            assert_eq!(proc.reservations[0].cite, "BTO NRW § 2.4, Anl. 1 13.3");
        } else {
            assert_eq!(
                proc.reservations[0].due, None,
                "Trier sets no follow-up date"
            );
        }
    }
}

/// § 33 Abs. 4a's proviso: the home lineup has an unnamed empty board too, so the away team's
/// zeroing is not silently applied (nor a 0:0): the arbiter decides among the options.
#[test]
fn the_4a_proviso_asks_when_the_opponents_lineup_is_faulty_too() {
    let mut m = load("trier");
    m.file.away.squad[5].eligible = false;
    let mut g = Game::with(m);
    g.lineup(TeamSide::Home, players(&[1, 2, 3, 4, 5, 6, 7, 0]));
    g.lineup(TeamSide::Away, players(&[1, 2, 3, 4, 5, 6, 7, 8]));
    let (req, p) = g.propose(
        0,
        None,
        InterventionKind::LineupIrregularity {
            team: TeamSide::Away,
        },
    );
    let d = p.decision.as_ref().expect("the rules leave it open");
    assert_eq!(d.situation, Situation::LineupBothFaulty);
    assert!(p.consequence.zeroed.is_empty(), "nothing pre-selected");
    let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(
        keys,
        ["no_zeroing_4a", "zero_as_written", "refer_to_league"]
    );
    let ev = decide(
        &req,
        &p,
        "refer_to_league",
        Basis::Discretion,
        "both lineups faulty",
    )
    .unwrap();
    g.push(MIN, ev);
    assert!(g.s.zeroed.is_empty());
    assert_eq!(
        g.s.interventions
            .last()
            .unwrap()
            .decision
            .as_ref()
            .unwrap()
            .chosen,
        "refer_to_league"
    );
    // Without the situation left open, the literal text: no zeroing under Abs. 4a.
    let mut m = load("trier");
    m.file.away.squad[5].eligible = false;
    m.profile.decisions.open.clear();
    let mut g = Game::with(m);
    g.lineup(TeamSide::Home, players(&[1, 2, 3, 4, 5, 6, 7, 0]));
    g.lineup(TeamSide::Away, players(&[1, 2, 3, 4, 5, 6, 7, 8]));
    let (_, p) = g.propose(
        0,
        None,
        InterventionKind::LineupIrregularity {
            team: TeamSide::Away,
        },
    );
    assert!(p.decision.is_none());
    assert!(p.consequence.zeroed.is_empty(), "{}", en(&p.explanation));
    assert!(en(&p.explanation).contains("provided that"));
}

// ---- Lineups: empty boards --------------------------------------------------------------------

/// Empty boards: named and notified by 18:00 the day before (Trier Nr. 1, 001:18), named but
/// notified at 19:00, unnamed (§ 33 Abs. 4a: boards 4-8), and, where boards may be empty only
/// at the end (NRW), an empty board before occupied ones: the finding is on the empty board and
/// the players can be moved up.
#[test]
fn empty_boards_named_in_time_named_late_unnamed_and_not_at_the_end() {
    let trier = load("trier");
    let named = |r: u16| LineupSlot::Empty { absent: Some(r) };
    let mut slots = players(&[1, 2, 0, 4, 5, 6, 7, 8]);
    slots[2] = named(3);
    let notice = |t: &str| {
        vec![AbsenceNotice {
            rank: 3,
            notified: t.into(),
        }]
    };
    assert_eq!(
        lineup::absence_notice_deadline(&trier),
        Some(WallMs::from_datetime(
            &chrono::DateTime::parse_from_rfc3339("2026-11-27T18:00:00+01:00").unwrap()
        ))
    );
    // In time: 17:30 the day before; exactly 18:00 is in time too ("bis 18 Uhr").
    for t in ["2026-11-27T17:30:00+01:00", "2026-11-27T18:00:00+01:00"] {
        let f = lineup::check_lineup(&trier, TeamSide::Away, &slots, &notice(t));
        assert!(f.is_empty(), "{t}: {f:?}");
    }
    // Late: 19:00, or never notified. No source names a sanction: recorded, cited.
    for n in [notice("2026-11-27T19:00:00+01:00"), vec![]] {
        let f = lineup::check_lineup(&trier, TeamSide::Away, &slots, &n);
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].problem, Problem::AbsenceNotifiedLate { rank: 3 });
        assert_eq!(f[0].sanction, LineupSanction::None);
        assert!(f[0].zeroed.is_empty());
        assert_eq!(f[0].cite, "Trier Nr. 1");
    }
    // Unnamed: § 33 Abs. 4a from board 4 down.
    let f = lineup::check_lineup(
        &trier,
        TeamSide::Away,
        &players(&[1, 2, 3, 0, 4, 5, 7, 8]),
        &[],
    );
    assert_eq!(f[0].problem, Problem::UnnamedEmptyBoard);
    assert_eq!(f[0].zeroed, boards(&[4, 5, 6, 7, 8]));
    assert_eq!(f[0].cite, "§ 33 Abs. 4a");

    // NRW: a named empty board 3 before occupied boards; the finding is on board 3 itself, the
    // players behind it stand in order among those fielded.
    let nrw = load("nrw-1987");
    let mut slots = players(&[1, 2, 0, 4, 5, 6, 7, 8]);
    slots[2] = named(3);
    let f = lineup::check_lineup(&nrw, TeamSide::Away, &slots, &[]);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].board, BoardNo(3));
    assert_eq!(f[0].problem, Problem::EmptyBoardNotAtEnd);
    assert_eq!(f[0].zeroed, boards(&[3]), "not board 4's player");
    assert_eq!(f[0].cite, "BTO NRW § 16.7");
    let moved = lineup::move_up(&slots);
    assert_eq!(&moved[..7], &players(&[1, 2, 4, 5, 6, 7, 8])[..]);
    assert_eq!(
        moved[7],
        named(3),
        "the empty board, with its name, at the end"
    );
    assert!(lineup::check_lineup(&nrw, TeamSide::Away, &moved, &[]).is_empty());
    // The console offers it.
    let mut g = Game::new("nrw-1987");
    g.lineup(TeamSide::Away, slots);
    let proc = rules::procedure::procedure(&g.m, &g.s, MonoMs::from_base_ms(0));
    assert_eq!(proc.move_up[1].as_deref(), Some(&moved[..]));
    assert_eq!(proc.move_up[0], None);
}

// ---- Lineups: sealed, consent, changes --------------------------------------------------------

/// Trier Nr. 2: the home captain has no right to see the guests' lineup before handing in his
/// own (001:38); § 33 Abs. 1: a change needs both captains before the announcement, none after.
#[test]
fn lineups_are_sealed_and_a_change_needs_one_consent_per_captain_before_the_announcement() {
    let mut g = Game::new("trier");
    g.lineup(TeamSide::Away, players(&[1, 2, 3, 4, 5, 6, 7, 8]));
    g.push(MIN, LineupView { by: TeamSide::Home }.into());
    assert!(!g.s.procedure.views[0].granted, "refused and journaled");
    assert_eq!(lineup::visible_lineup(&g.s, TeamSide::Home), None);
    g.lineup(TeamSide::Home, players(&[1, 2, 3, 4, 5, 6, 7, 9]));
    g.push(MIN, LineupView { by: TeamSide::Home }.into());
    assert!(g.s.procedure.views[1].granted);
    assert!(lineup::visible_lineup(&g.s, TeamSide::Home).is_some());

    // A change: one consent, then the change, is refused; both consents, then it applies.
    let new = players(&[2, 1, 3, 4, 5, 6, 7, 8]);
    assert_eq!(lineup::change_allowed(&g.m, &g.s, TeamSide::Away), Ok(()));
    let consent = |captain| LineupConsent {
        team: TeamSide::Away,
        captain,
        slots: new.clone(),
    };
    let change = LineupChanged {
        team: TeamSide::Away,
        slots: new.clone(),
        home_captain_agrees: false,
        away_captain_agrees: false,
    };
    g.push(2 * MIN, consent(TeamSide::Away).into());
    g.push(2 * MIN, change.clone().into());
    assert_eq!(
        g.s.lineup(TeamSide::Away).unwrap().slots[0],
        LineupSlot::Player { rank: 1 }
    );
    assert!(
        g.s.rejected
            .last()
            .unwrap()
            .reason
            .contains("both captains")
    );
    g.push(3 * MIN, consent(TeamSide::Home).into());
    g.push(3 * MIN, change.clone().into());
    assert_eq!(g.s.lineup(TeamSide::Away).unwrap().slots, new);
    assert_eq!(g.s.procedure.consents.len(), 2);
    assert!(g.s.procedure.consents.iter().all(|c| c.used.is_some()));
    // After the announcement: refused.
    g.push(
        4 * MIN,
        arbiter_core::intervention::LineupAnnounced {}.into(),
    );
    assert!(lineup::change_allowed(&g.m, &g.s, TeamSide::Away).is_err());
    let rejected = g.s.rejected.len();
    g.push(5 * MIN, consent(TeamSide::Home).into());
    assert_eq!(g.s.rejected.len(), rejected + 1);
    // Where the regulations provide no change (nrw-1987: the BTO is silent), none is allowed.
    let mut g = Game::new("nrw-1987");
    g.lineup(TeamSide::Away, players(&[1, 2, 3, 4, 5, 6, 7, 8]));
    assert!(lineup::change_allowed(&g.m, &g.s, TeamSide::Away).is_err());
}

// ---- The start ----------------------------------------------------------------------------------

/// One timeline: scheduled 14:00, the captains agree on 14:10, the arbiter starts at 14:15. A 60
/// minute default time runs to 15:00, 15:10 or 15:15 by the profile's reference; a player who
/// arrives at the deadline is in time (FIDE 6.7.1 "after") or late (Trier Nr. 5 "genau um").
#[test]
fn the_default_deadline_from_the_scheduled_the_agreed_and_the_actual_start() {
    let mut expect = Vec::new();
    for (from, until) in [
        (StartReference::ScheduledStart, "15:00"),
        (StartReference::AgreedStart, "15:10"),
        (StartReference::ActualStart, "15:15"),
    ] {
        let mut m = load("trier");
        m.profile.default_time.from = from;
        let mut g = Game::with(m);
        g.push(
            5 * MIN,
            StartAgreed {
                time: "2026-11-28T14:10:00+01:00".into(),
                reason: "both captains".into(),
            }
            .into(),
        );
        g.push(15 * MIN, RoundStarted::default().into());
        let d = rules::deadline(&g.m, &g.s).unwrap();
        assert_eq!(rules::local_hm(&g.m, d.at), until);
        expect.push(de(&rules::deadline_msg(&g.m, &d)));
        // The player on board 1 arrives exactly at the deadline.
        let at = u64::try_from(d.at - WallMs::from_datetime(&g.m.scheduled_start)).unwrap();
        g.arrive(at, 1, TeamSide::Home);
        let bs = g.s.board(BoardNo(1)).unwrap();
        assert!(rules::arrived_late(
            &g.m,
            bs.arrived(TeamSide::Home).unwrap().wall_ms,
            d.at
        ));
        let late = rules::lateness(&g.m, &g.s, bs, TeamSide::Home).unwrap();
        assert_eq!(late, 60 * MIN, "60 minutes after the reference start");
        let p = g.intervene(at, Some(1), InterventionKind::DefaultTimeExpired);
        assert_eq!(p.consequence.result, Some(GameResult::DoubleForfeit));
        // Under the FIDE boundary the same arrival is in time.
        g.m.profile.start.arrival_at_deadline = ArrivalAtDeadline::InTime;
        assert!(!rules::arrived_late(&g.m, d.at, d.at));
    }
    assert_eq!(
        expect,
        [
            "Karenzzeit 60 min ab angesetztem Beginn 14:00 (bis 15:00)",
            "Karenzzeit 60 min ab vereinbartem Beginn 14:10 (bis 15:10)",
            "Karenzzeit 60 min ab tatsächlichem Beginn 14:15 (bis 15:15)",
        ]
    );
    // An agreed start can no longer be recorded once the round has started.
    let mut g = Game::new("trier");
    g.push(MIN, RoundStarted::default().into());
    g.push(
        2 * MIN,
        StartAgreed {
            time: "2026-11-28T14:10:00+01:00".into(),
            reason: String::new(),
        }
        .into(),
    );
    assert!(g.s.procedure.agreed_start.is_none());
}

/// BTO NRW 1987: both players absent one hour after the start lose both (§ 27.2, F89 10.15:
/// "-/-"); a team counts as turned up with half its players (§ 15.2): here the home team with 4
/// of 8, the away team with 3 has not, and its score is provisional (§ 4.3 names only a fine).
#[test]
fn both_players_absent_after_one_hour_under_1987_and_a_team_that_has_not_turned_up() {
    let mut g = Game::new("nrw-1987");
    g.lineup(TeamSide::Home, players(&[1, 2, 3, 4, 5, 6, 7, 8]));
    g.lineup(TeamSide::Away, players(&[1, 2, 3, 4, 5, 6, 7, 8]));
    g.push(0, RoundStarted::default().into());
    for b in 1..=4 {
        g.arrive(5 * MIN, b, TeamSide::Home);
    }
    for b in 1..=3 {
        g.arrive(5 * MIN, b, TeamSide::Away);
    }
    assert_eq!(
        rules::presence(&g.m, &g.s, MonoMs::from_base_ms(60 * MIN - 1)),
        None,
        "not yet"
    );
    // Board 8's away player arrives exactly at 15:00: "eine Stunde nach Spielbeginn noch nicht
    // angetreten" - late.
    g.arrive(60 * MIN, 8, TeamSide::Away);
    let pr = rules::presence(&g.m, &g.s, MonoMs::from_base_ms(60 * MIN)).unwrap();
    assert_eq!(pr.present, [4, 3]);
    assert_eq!(pr.min_players, 4);
    assert_eq!(pr.turned_up, [true, false]);
    assert!(pr.provisional);
    // Boards 5-7: both absent → -/-; board 4: home present, away absent → home wins by forfeit.
    for b in 5..=8 {
        let p = g.intervene(60 * MIN, Some(b), InterventionKind::DefaultTimeExpired);
        assert_eq!(
            p.consequence.result,
            Some(GameResult::DoubleForfeit),
            "board {b}"
        );
    }
    let p = g.intervene(60 * MIN, Some(4), InterventionKind::DefaultTimeExpired);
    let home_white = g.m.white_team(BoardNo(4)) == TeamSide::Home;
    assert_eq!(
        p.consequence.result,
        Some(if home_white {
            GameResult::WhiteWinsForfeit
        } else {
            GameResult::BlackWinsForfeit
        })
    );
    let sc = rules::score(&g.m, &g.s);
    assert_eq!(sc.no_show, vec![TeamSide::Away]);
    assert!(sc.provisional);
    // Where the profile scores a no-show by the boards, nothing is provisional.
    g.m.profile.team_presence.no_show_scoring = arbiter_core::profile::NoShowScoring::BoardForfeits;
    assert!(!rules::score(&g.m, &g.s).provisional);
}

/// FIDE 6.7.2: with both players absent, White's clock runs until White arrives (the profile's
/// `white_loses_time_if_both_absent`); where the regulations say otherwise the time both were
/// absent goes back to White.
#[test]
fn both_absent_at_the_start_white_loses_the_time_unless_the_profile_says_otherwise() {
    let mut g = Game::new("bundesliga");
    g.push(0, RoundStarted::default().into());
    g.arrive(12 * MIN, 1, TeamSide::Home);
    g.arrive(7 * MIN, 1, TeamSide::Away);
    let (_, p) = g.propose(31 * MIN, Some(1), InterventionKind::DefaultTimeExpired);
    assert!(p.consequence.clock.is_empty());
    assert!(
        en(&p.explanation).contains("7 min"),
        "{}",
        en(&p.explanation)
    );
    g.m.profile.default_time.white_loses_time_if_both_absent = false;
    let (_, p) = g.propose(31 * MIN, Some(1), InterventionKind::DefaultTimeExpired);
    assert_eq!(p.consequence.clock.len(), 1);
    assert_eq!(p.consequence.clock[0].delta_ms, 7 * 60_000);
    assert!(p.consequence.clock[0].player.is_white());
}

/// DSB note to 6.7.1: no single board may be started after the round start: board 6's clock
/// first runs 3 minutes after the round, an alert; board 1's within the tolerance, none.
#[test]
fn a_clock_started_apart_from_the_round_raises_an_alert() {
    let mut g = Game::new("bundesliga");
    g.push(MIN, RoundStarted::default().into());
    for (b, at) in [(1u16, MIN + 20_000), (6, 4 * MIN)] {
        g.push(
            at,
            ClockSample {
                board: BoardNo(b),
                left_ms: 90 * MIN,
                right_ms: 90 * MIN,
                running: Some(ClockSide::Left),
                left_flag: false,
                right_flag: false,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            }
            .into(),
        );
    }
    let st = |g: &Game, b: u16| {
        arbiter_core::status::board_status(
            &g.m,
            &g.s,
            g.s.board(BoardNo(b)).unwrap(),
            MonoMs::from_base_ms(5 * MIN),
        )
    };
    use arbiter_core::status::BoardAlert;
    assert!(
        st(&g, 6)
            .alerts
            .contains(&BoardAlert::StartedApart { after_ms: 3 * MIN })
    );
    assert!(
        !st(&g, 1)
            .alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::StartedApart { .. }))
    );
    // nrw-1987 does not check it.
    g.m.profile.start.single_board_tolerance_s = 0;
    assert!(
        !st(&g, 6)
            .alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::StartedApart { .. }))
    );
}

/// Issue 29: a clock started apart from the round is a fact for the record, not what hides an
/// absent player. The ranked list puts the absent player (a warning) before it (information),
/// each with what clears it and the record it arose with; a remark on the board for the report
/// clears it; a player who arrived late is marked late with how late, one who did not absent.
#[test]
fn alerts_rank_by_severity_and_a_remark_clears_a_clock_started_apart() {
    use arbiter_core::record::Remark;
    use arbiter_core::status::{Attendance, BoardAlert, Clears, Severity, board_status};
    let mut g = Game::new("bundesliga");
    g.push(MIN, RoundStarted::default().into());
    g.arrive(3 * MIN, 6, TeamSide::Home);
    let sample = g.push(
        22 * MIN,
        ClockSample {
            board: BoardNo(6),
            left_ms: 90 * MIN,
            right_ms: 90 * MIN,
            running: Some(ClockSide::Left),
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into(),
    );
    let st = |g: &Game| {
        board_status(
            &g.m,
            &g.s,
            g.s.board(BoardNo(6)).unwrap(),
            MonoMs::from_base_ms(23 * MIN),
        )
    };
    let ranked = st(&g).ranked;
    let kinds: Vec<_> = ranked.iter().map(|r| r.alert.kind()).collect();
    let absent = kinds
        .iter()
        .position(|k| *k == arbiter_core::status::AlertKind::Absent)
        .expect("the away player is absent");
    let apart = kinds
        .iter()
        .position(|k| *k == arbiter_core::status::AlertKind::StartedApart)
        .expect("the clock ran 21 minutes after the round");
    assert!(absent < apart, "{kinds:?}");
    // Sorted: never a less severe alert before a more severe one.
    assert!(
        ranked.windows(2).all(|w| w[0].severity >= w[1].severity),
        "{ranked:?}"
    );
    let r = &ranked[apart];
    assert_eq!(r.alert, BoardAlert::StartedApart { after_ms: 21 * MIN });
    assert_eq!((r.severity, r.clears), (Severity::Info, Clears::Remark));
    assert_eq!(r.since.map(|at| at.seq), Some(sample.seq));
    let a = &ranked[absent];
    assert_eq!(
        (a.severity, a.clears),
        (Severity::Warning, Clears::ConditionEnds)
    );
    assert_eq!(a.since, g.s.round_started);
    // The home player (arrived two minutes after the start) is late, by the time from the
    // start the default time counts from; the away player is absent.
    let white_home = rules::colours::white_team(&g.m, &g.s, BoardNo(6)) == TeamSide::Home;
    let arbiter_core::by_colour::ByColor { white: w, black: b } = st(&g).attendance;
    let (home, away) = if white_home { (w, b) } else { (b, w) };
    let late = rules::lateness(&g.m, &g.s, g.s.board(BoardNo(6)).unwrap(), TeamSide::Home);
    assert_eq!(home, Attendance::Late { ms: late.unwrap() });
    assert!(late.unwrap() >= 2 * MIN, "{late:?}");
    assert_eq!(away, Attendance::Absent);
    // A remark on another board does not clear it; one on this board does.
    g.push(
        24 * MIN,
        Remark {
            board: Some(BoardNo(1)),
            text: "hall".into(),
        }
        .into(),
    );
    assert!(
        st(&g)
            .alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::StartedApart { .. }))
    );
    g.push(
        25 * MIN,
        Remark {
            board: Some(BoardNo(6)),
            text: "clock replaced before the start".into(),
        }
        .into(),
    );
    let after = st(&g);
    assert!(
        !after
            .alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::StartedApart { .. }))
    );
    assert!(
        after
            .alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::Absent { .. }))
    );
}

/// Oettel: the guests' train is 20 min late through no fault of theirs. BTO § 27.3 charges a
/// delay only to a club at fault; nrw-1987 leaves the unforeseeable case to the arbiter.
#[test]
fn an_unforeseeable_delay_is_the_arbiters_decision() {
    let mut g = Game::new("nrw-1987");
    let kind = InterventionKind::UnforeseeableDelay {
        team: TeamSide::Away,
        minutes: 20,
    };
    let (req, p) = g.propose(0, Some(1), kind.clone());
    let d = p.decision.as_ref().unwrap();
    assert_eq!(d.situation, Situation::StartDelayUnforeseeable);
    assert!(p.consequence.clock.is_empty());
    let ev = decide(
        &req,
        &p,
        "charge_to_team",
        Basis::Discretion,
        "late without notice",
    )
    .unwrap();
    g.push(0, ev);
    let bs = g.s.board(BoardNo(1)).unwrap();
    assert_eq!(bs.time_changes[0].1.delta_ms, -20 * 60_000);
    // Trier does not leave it open: nothing is charged.
    let g = Game::new("trier");
    let (_, p) = g.propose(0, Some(1), kind);
    assert!(p.decision.is_none() && p.consequence.clock.is_empty());
}

// ---- Who turned up, venue, colours, seating ---------------------------------------------------

/// BTO § 17: at a neutral venue the club named first in the pairing table is the host; colour
/// overrides only with a reason; players at each other's boards are the arbiter's decision.
#[test]
fn neutral_venue_colour_overrides_and_seating_errors() {
    let mut m = load("nrw-1987");
    assert_eq!(
        m.white_team(BoardNo(1)),
        TeamSide::Away,
        "guests White on odd boards"
    );
    m.file.neutral_venue = true;
    m.file.pairing_first = TeamSide::Away;
    assert_eq!(m.host(), TeamSide::Away);
    assert_eq!(m.white_team(BoardNo(1)), TeamSide::Home);
    assert_eq!(m.white_team(BoardNo(2)), TeamSide::Away);

    let mut g = Game::new("nrw-1987");
    g.push(
        0,
        ColoursOverridden {
            board: BoardNo(4),
            white: TeamSide::Away,
            reason: String::new(),
        }
        .into(),
    );
    assert!(
        g.s.procedure.colour_overrides.is_empty(),
        "no reason, no override"
    );
    g.push(
        0,
        ColoursOverridden {
            board: BoardNo(4),
            white: TeamSide::Away,
            reason: "colours reversed, found after 12 moves: play on".into(),
        }
        .into(),
    );
    assert_eq!(
        rules::colours::white_team(&g.m, &g.s, BoardNo(4)),
        TeamSide::Away
    );
    g.result(4, GameResult::WhiteWins);
    assert_eq!(rules::score(&g.m, &g.s).as_scored.half_points, [0, 2]);

    // Gessl-1: the guests' ranks 1 and 3 sat at each other's boards.
    let (req, p) = g.propose(
        20 * MIN,
        None,
        InterventionKind::SeatingError {
            team: TeamSide::Away,
            boards: boards(&[1, 3]),
        },
    );
    let d = p.decision.as_ref().unwrap();
    assert_eq!(d.situation, Situation::SeatingError);
    let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "continue_as_seated",
            "restart_at_right_boards",
            "zero_between",
            "too_low_loses"
        ]
    );
    let zb = &d.options[2].consequence.zeroed;
    assert_eq!(zb.len(), 3, "§ 33 Abs. 4b: boards 1 to 3");
    assert_eq!(
        d.options[3].consequence.zeroed,
        vec![(BoardNo(3), TeamSide::Away)]
    );
    let ev = decide(
        &req,
        &p,
        "continue_as_seated",
        Basis::Discretion,
        "found late",
    )
    .unwrap();
    g.push(20 * MIN, ev);
    assert!(g.s.zeroed.is_empty());
}

// ---- The team result --------------------------------------------------------------------------

/// A double forfeit on board 8 under both formulas: 4:3 and 3½:3½. Comparison (BTO § 18.2):
/// 2:0 and 1:1. Threshold ("4½ or more → 2, 4:4 → 1"): neither case is covered, 0:0, and the
/// score warns that the board points do not add up to 8.
#[test]
fn a_double_forfeit_under_both_match_point_formulas() {
    for (home, expect_comparison, expect_threshold) in [
        // home's half points on boards 1-7: 4:3
        ([2u8, 2, 2, 2, 0, 0, 0], [2u8, 0], [0u8, 0]),
        // 3½:3½
        ([2, 2, 2, 1, 0, 0, 0], [1, 1], [0, 0]),
    ] {
        for (profile, formula, expect) in [
            (
                "nrw-1987",
                MatchPointsFormula::Comparison,
                expect_comparison,
            ),
            (
                "bundesliga",
                MatchPointsFormula::Threshold,
                expect_threshold,
            ),
        ] {
            let mut g = Game::new(profile);
            assert_eq!(g.m.profile.match_points.formula, formula);
            for (i, h) in home.iter().enumerate() {
                g.home_scores(i as u16 + 1, *h);
            }
            g.home_scores(8, 3);
            let sc = rules::score(&g.m, &g.s);
            assert_eq!(sc.match_points, Some(expect), "{profile} {home:?}");
            assert!(sc.board_points_incomplete);
        }
    }
    // 4:4 on all eight boards: both formulas give 1:1, no warning.
    for profile in ["nrw-1987", "bundesliga"] {
        let mut g = Game::new(profile);
        for b in 1..=8 {
            g.home_scores(b, 1);
        }
        let sc = rules::score(&g.m, &g.s);
        assert_eq!(sc.match_points, Some([1, 1]));
        assert!(!sc.board_points_incomplete);
    }
}

/// BTO § 18.3.1: a drawn play-off is decided by the Berliner Wertung (board 1 = 8, board 2 = 7,
/// …), then by lot. A's results 1, 0, ½, ½, 1, 0, ½, ½: BW 19 to 17. A wins boards 1, 4, 6, 7,
/// B boards 2, 3, 5, 8: BW 18 to 18, a lot; until it is drawn the match is not decided.
#[test]
fn a_4_4_decided_by_berliner_wertung_and_one_that_needs_a_lot() {
    let play_off = || {
        let mut m = load("nrw-1987");
        m.file.kind = MatchKind::PlayOff;
        Game::with(m)
    };
    let mut g = play_off();
    for (b, h) in [2u8, 0, 1, 1, 2, 0, 1, 1].iter().enumerate() {
        g.home_scores(b as u16 + 1, *h);
    }
    let sc = rules::score(&g.m, &g.s);
    assert_eq!(sc.as_scored.half_points, [8, 8]);
    assert_eq!(sc.as_scored.berliner, [38, 34], "19 : 17 in points");
    let po = sc.play_off.as_ref().unwrap();
    assert_eq!(po.decided_by, Some(TieBreak::BerlinerWertung));
    assert_eq!(po.winner, Some(TeamSide::Home));
    assert_eq!(po.weights, vec![8, 7, 6, 5, 4, 3, 2, 1]);
    assert_eq!(sc.match_points, Some([2, 0]));

    let mut g = play_off();
    for (b, h) in [2u8, 0, 0, 2, 0, 2, 2, 0].iter().enumerate() {
        g.home_scores(b as u16 + 1, *h);
    }
    let sc = rules::score(&g.m, &g.s);
    assert_eq!(sc.as_scored.berliner, [36, 36], "18 : 18");
    let po = sc.play_off.as_ref().unwrap();
    assert!(po.lot_pending);
    assert_eq!(po.winner, None);
    g.push(
        HOUR,
        LotDrawn {
            winner: TeamSide::Away,
            drawn_by: "Martina Keller (arbiter)".into(),
            witnesses: vec!["Friedrich Lenz".into(), "Karin Oberländer".into()],
        }
        .into(),
    );
    let sc = rules::score(&g.m, &g.s);
    let po = sc.play_off.as_ref().unwrap();
    assert!(!po.lot_pending && po.by_lot);
    assert_eq!(po.winner, Some(TeamSide::Away));
    assert_eq!(sc.match_points, Some([0, 2]));
    // In a league match a 4:4 stands.
    let mut g = Game::new("nrw-1987");
    for (b, h) in [2u8, 0, 0, 2, 0, 2, 2, 0].iter().enumerate() {
        g.home_scores(b as u16 + 1, *h);
    }
    let sc = rules::score(&g.m, &g.s);
    assert!(sc.play_off.is_none());
    assert_eq!(sc.match_points, Some([1, 1]));
}

const HOUR: u64 = 60 * MIN;

/// BTO NRW § 27.1/27.2: the hour runs from the "festgesetzten bzw. vereinbarten" start. With
/// the start agreed for 14:30, a player who arrives at 15:10 is in time (from the scheduled
/// 14:00 he would have been forfeited at 15:00); one who is not there at 15:30 has lost.
#[test]
fn the_1987_default_time_runs_from_the_agreed_start() {
    let mut g = Game::new("nrw-1987");
    assert_eq!(g.m.profile.default_time.from, StartReference::AgreedStart);
    g.push(
        0,
        StartAgreed {
            time: "2026-11-28T14:30:00+01:00".into(),
            reason: "both captains".into(),
        }
        .into(),
    );
    g.push(30 * MIN, RoundStarted::default().into());
    g.arrive(30 * MIN, 1, TeamSide::Home);
    g.arrive(70 * MIN, 1, TeamSide::Away);
    let (_, p) = g.propose(70 * MIN, Some(1), InterventionKind::DefaultTimeExpired);
    assert_eq!(p.consequence.result, None, "{}", en(&p.explanation));
    assert!(
        en(&p.explanation).contains("15:30"),
        "{}",
        en(&p.explanation)
    );
    g.arrive(30 * MIN, 2, TeamSide::Home);
    let (_, p) = g.propose(90 * MIN, Some(2), InterventionKind::DefaultTimeExpired);
    assert!(p.consequence.result.is_some());
    let d = rules::deadline(&g.m, &g.s).unwrap();
    assert_eq!(
        de(&rules::deadline_msg(&g.m, &d)),
        "Karenzzeit 60 min ab vereinbartem Beginn 14:30 (bis 15:30)"
    );
}

// ---- Issue 28: conduct, set-up and the match -------------------------------------------------

/// BTO NRW § 2.4 (S000:43): a registered, eligible player who cannot show his pass plays "nur
/// unter Vorbehalt": the reservation needs no error in the lineup there, and the report says
/// when it was granted and the date it must be cleared by (Anl. 1 13.3: one week). Elsewhere a
/// reservation without a finding is refused.
#[test]
fn a_reservation_without_a_lineup_error_under_bto_nrw_2_4() {
    let sub = || LineupSubmitted {
        team: TeamSide::Home,
        slots: players(&[1, 2, 3, 4, 5, 6, 7, 8]),
        reservations: vec![Reservation {
            board: BoardNo(2),
            reason: "pass to follow".into(),
        }],
        ..Default::default()
    };
    let mut g = Game::new("nrw-1987");
    let ev = lineup::submit(&g.m, &g.s, sub()).expect("accepted under § 2.4");
    g.push(30 * MIN, ev.clone());
    let (records, _) = arbiter_core::journal::records_from_bytes(&g.buf).unwrap();
    let r = arbiter_core::report::build(&g.m, &records);
    let line = r
        .reservations
        .iter()
        .find(|l| l.board == 2)
        .expect("the reservation on the report");
    assert_eq!(line.reason, "pass to follow");
    assert_eq!(line.granted.as_deref(), Some("2026-11-28T14:30:00+01:00"));
    assert_eq!(line.due.as_deref(), Some("2026-12-05"));
    for profile in ["bundesliga", "trier", "fide-2023"] {
        let g = Game::new(profile);
        assert_eq!(
            lineup::submit(&g.m, &g.s, sub()).unwrap_err(),
            SubmitError::BadReservation(BoardNo(2)),
            "{profile}"
        );
    }
    // Not for a board the lineup does not have.
    let g = Game::new("nrw-1987");
    let mut bad = sub();
    bad.reservations[0].board = BoardNo(9);
    assert!(lineup::submit(&g.m, &g.s, bad).is_err());
}

/// A named empty board notified late (Trier Nr. 1: by 18:00 the day before; 19:00 is late):
/// where the profile names a sanction it is applied; where it names none and leaves the case
/// open, the arbiter decides with the facts: the deadline and when it was notified.
#[test]
fn a_late_absence_notice_is_the_profiles_rule_or_the_arbiters_decision() {
    let lineup_with_late_notice = |g: &mut Game| {
        let mut slots = players(&[1, 2, 3, 4, 5, 6, 7, 8]);
        slots[2] = LineupSlot::Empty { absent: Some(3) };
        g.push(
            0,
            LineupSubmitted {
                team: TeamSide::Away,
                slots,
                absence_notices: vec![AbsenceNotice {
                    rank: 3,
                    notified: "2026-11-27T19:00:00+01:00".into(),
                }],
                ..Default::default()
            }
            .into(),
        );
    };
    let mut g = Game::new("trier");
    lineup_with_late_notice(&mut g);
    let (req, p) = g.propose(
        MIN,
        None,
        InterventionKind::LineupIrregularity {
            team: TeamSide::Away,
        },
    );
    let d = p.decision.as_ref().expect("the arbiter decides");
    assert_eq!(d.situation, Situation::LateAbsenceNotice);
    let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["no_sanction", "as_unnamed"]);
    assert!(p.consequence.zeroed.is_empty(), "nothing pre-selected");
    let facts: Vec<String> = d.facts.iter().map(en).collect();
    assert!(
        facts.iter().any(|f| f.contains("18:00")) && facts.iter().any(|f| f.contains("19:00")),
        "{facts:?}"
    );
    // As an unnamed empty board: § 33 Abs. 4a from board 3 down.
    assert_eq!(
        d.options[1].consequence.zeroed.len(),
        6,
        "{:?}",
        d.options[1]
    );
    let ev = decide(
        &req,
        &p,
        "no_sanction",
        Basis::Discretion,
        "notified by phone",
    )
    .unwrap();
    g.push(MIN, ev);
    // A profile with a sanction for it: applied, no decision.
    let mut m = load("trier");
    m.profile.lineup_procedure.late_notice = LineupSanction::GameLost;
    let mut g = Game::with(m);
    lineup_with_late_notice(&mut g);
    let (_, p) = g.propose(
        MIN,
        None,
        InterventionKind::LineupIrregularity {
            team: TeamSide::Away,
        },
    );
    assert!(p.decision.is_none(), "{}", en(&p.explanation));
    assert_eq!(p.consequence.zeroed.len(), 1, "{:?}", p.consequence);
}

/// The default time counts in whole seconds, as a clock shows them (DSB note to 6.7.1: "innerhalb
/// der vorgeschriebenen Wartezeit"): under the FIDE wording ("after the default time") a player
/// who appears within the deadline's second is in time, one a second later is not; under "genau
/// um 11:00 Uhr" (Trier Nr. 5) the deadline's second is late. The forfeit proposal says by how
/// much the player missed it.
#[test]
fn the_default_time_to_the_second_and_by_how_much_it_was_missed() {
    let fide = load("fide-2017");
    let trier = load("trier");
    let deadline = WallMs::from_datetime(&trier.scheduled_start) + 60 * MIN as i64;
    assert!(!rules::arrived_late(&fide, deadline + 999, deadline));
    assert!(rules::arrived_late(&fide, deadline + 1_000, deadline));
    assert!(!rules::arrived_late(&trier, deadline - 1, deadline));
    assert!(rules::arrived_late(&trier, deadline, deadline));
    assert!(rules::arrived_late(&trier, deadline + 999, deadline));
    // Trier: board 1's home player arrives at 15:00:07, the away player in time.
    let mut g = Game::new("trier");
    g.push(0, RoundStarted::default().into());
    g.arrive(0, 1, TeamSide::Away);
    g.arrive(60 * MIN + 7_000, 1, TeamSide::Home);
    let (_, p) = g.propose(61 * MIN, Some(1), InterventionKind::DefaultTimeExpired);
    assert!(p.consequence.result.is_some(), "{}", en(&p.explanation));
    let facts: Vec<String> = p.facts.iter().map(en).collect();
    assert!(
        facts.iter().any(|f| f.contains("arrived at 15:00:07")
            && f.contains("after the end of the default time")),
        "{facts:?}"
    );
    // Absent: by how much, until now.
    let mut g = Game::new("trier");
    g.push(0, RoundStarted::default().into());
    g.arrive(0, 1, TeamSide::Away);
    let (_, p) = g.propose(62 * MIN, Some(1), InterventionKind::DefaultTimeExpired);
    let facts: Vec<String> = p.facts.iter().map(en).collect();
    assert!(facts.iter().any(|f| f.contains("not arrived")), "{facts:?}");
}

/// DSB note to 6.7.1 (S002:1581): no single board is started apart from the round: a clock
/// started before the round start by more than the tolerance is flagged too.
#[test]
fn a_clock_started_before_the_round_is_flagged() {
    use arbiter_core::status::BoardAlert;
    let mut g = Game::new("bundesliga");
    for (b, at) in [(3u16, 0), (4, 2 * MIN + 30_000)] {
        g.push(
            at,
            ClockSample {
                board: BoardNo(b),
                left_ms: 90 * MIN,
                right_ms: 90 * MIN,
                running: Some(ClockSide::Left),
                left_flag: false,
                right_flag: false,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            }
            .into(),
        );
    }
    g.push(3 * MIN, RoundStarted::default().into());
    let st = |g: &Game, b: u16| {
        arbiter_core::status::board_status(
            &g.m,
            &g.s,
            g.s.board(BoardNo(b)).unwrap(),
            MonoMs::from_base_ms(4 * MIN),
        )
    };
    assert!(
        st(&g, 3)
            .alerts
            .contains(&BoardAlert::StartedBeforeRound { before_ms: 3 * MIN }),
        "{:?}",
        st(&g, 3).alerts
    );
    assert!(
        !st(&g, 4)
            .alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::StartedBeforeRound { .. })),
        "30 s before: within the tolerance"
    );
    let proc = rules::procedure::procedure(&g.m, &g.s, MonoMs::from_base_ms(4 * MIN));
    assert_eq!(proc.started_before, vec![(BoardNo(3), 3 * MIN)]);
}
