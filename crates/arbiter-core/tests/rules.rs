//! The rules engine against the numbers in the sources (`../shared/reference/`).

use std::path::Path;

use crate::support;
use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::intervention::{
    ClaimBasis, Consequence, DevicePlace, IllegalKind, InterventionKind, LineupChanged, LineupSlot,
    LineupSubmitted, PenaltyKind, TimeChange,
};
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, ClockSide, Color, GameResult, TeamSide};
use arbiter_core::profile::LineupSanction;
use arbiter_core::record::{
    BoardPosition, ClockSample, Event, MoveMade, Origin, PlayerArrived, ResultRecorded,
    RoundStarted, SessionStarted,
};
use arbiter_core::rules::lineup::{self, Problem};
use arbiter_core::rules::{self, Proposal, Request};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::MonoMs;

/// The demo match under `profile`, read from the repository's `config/`.
fn load(profile: &str) -> Match {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let match_path = "config/matches/demo-bundesliga.toml";
    // A shipped profile by id, or a test profile by its path from the repository's root.
    let profile_path = if profile.ends_with(".toml") {
        profile.to_string()
    } else {
        format!("config/rules/{profile}.toml")
    };
    let text = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    let src = text(match_path);
    let file = arbiter_core::matchfile::MatchFile::parse(Path::new(match_path), &src).unwrap();
    Match::validate(
        Path::new(match_path),
        &src,
        file,
        Path::new(&profile_path),
        &text(&profile_path),
    )
    .unwrap()
}

/// A match in progress: records stamped from the scheduled start (14:00) plus `at` ms.
struct Game {
    m: Match,
    s: MatchState,
    chain: Chain,
    buf: Vec<u8>,
}

/// Every proposal the tests see formats in both languages without a Fluent error (every id
/// exists, every argument the message uses is given).
fn checked(p: Proposal) -> Proposal {
    let summary = p
        .consequence
        .summary_msg
        .as_deref()
        .cloned()
        .unwrap_or_default();
    for lang in Lang::ALL {
        for m in [&p.explanation, &summary] {
            if let Err(e) = core_catalogue().try_format(lang, m) {
                panic!("{m:?} in {lang:?}: {e:?}");
            }
        }
    }
    assert_eq!(
        p.consequence.summary,
        core_catalogue().format(Lang::En, &summary)
    );
    p
}

/// The explanation in English.
fn en(p: &Proposal) -> String {
    core_catalogue().format(Lang::En, &p.explanation)
}

const MIN: u64 = 60_000;

impl Game {
    fn new(profile: &str) -> Game {
        let m = load(profile);
        let mut g = Game {
            s: MatchState::default(),
            chain: Chain::default(),
            buf: Vec::new(),
            m,
        };
        let ev = SessionStarted::of(&g.m, "test".into());
        g.push(0, Origin::System, ev.into());
        g
    }

    fn push(&mut self, at: u64, origin: Origin, event: Event) -> Record {
        let r = support::append_at(&self.m, &mut self.chain, &mut self.buf, at, origin, event);
        apply(&mut self.s, &r);
        r
    }

    fn propose(
        &self,
        at: u64,
        board: u16,
        player: Option<Color>,
        kind: InterventionKind,
    ) -> (Request, Proposal) {
        let req = Request {
            board: Some(BoardNo(board)),
            player,
            kind,
        };
        let p = checked(rules::propose(
            &self.m,
            &self.s,
            &req,
            MonoMs::from_base_ms(at),
        ));
        (req, p)
    }

    /// Proposes and confirms as proposed.
    fn intervene(
        &mut self,
        at: u64,
        board: u16,
        player: Option<Color>,
        kind: InterventionKind,
    ) -> Proposal {
        let (req, p) = self.propose(at, board, player, kind);
        let ev = rules::confirm(&req, &p, p.consequence.clone(), String::new());
        self.push(at, Origin::Arbiter, ev);
        p
    }

    fn clock(
        &mut self,
        at: u64,
        board: u16,
        white_ms: u64,
        black_ms: u64,
        running: Option<ClockSide>,
    ) {
        let b = BoardNo(board);
        let ev = ClockSample {
            board: b,
            left_ms: white_ms,
            right_ms: black_ms,
            running,
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        };
        self.push(at, Origin::Feed(b), ev.into());
    }

    fn result(&mut self, at: u64, board: u16, result: GameResult) {
        self.push(
            at,
            Origin::Arbiter,
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

    /// Sets a result by the home team's half points on a board.
    fn home_scores(&mut self, board: u16, home_half: u8) {
        let home_white = self.m.white_team(BoardNo(board)) == TeamSide::Home;
        let r = match (home_half, home_white) {
            (1, _) => GameResult::Draw,
            (2, true) | (0, false) => GameResult::WhiteWins,
            _ => GameResult::BlackWins,
        };
        self.result(0, board, r);
    }
}

fn illegal(kind: IllegalKind) -> InterventionKind {
    InterventionKind::illegal(kind)
}

fn device(place: DevicePlace) -> InterventionKind {
    InterventionKind::ElectronicDevice {
        place,
        penalties: Vec::new(),
        time_s: None,
    }
}

fn slots(ranks: &[u16]) -> Vec<LineupSlot> {
    ranks
        .iter()
        .map(|r| {
            if *r == 0 {
                LineupSlot::Empty { absent: None }
            } else {
                LineupSlot::Player { rank: *r }
            }
        })
        .collect()
}

// ---- Lineups ----------------------------------------------------------------------------------

#[test]
fn paragraph_33_4b_registered_5_plays_2_zeroes_boards_2_to_5() {
    let m = load("trier");
    let f = lineup::check(
        &m.file.away,
        &slots(&[1, 5, 2, 3, 4, 6, 7, 8]),
        &m.profile.lineup,
        8,
    );
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(
        f[0].problem,
        Problem::WrongOrder {
            rank: 5,
            expected_board: BoardNo(5)
        }
    );
    assert_eq!(f[0].sanction, LineupSanction::ZeroBetween);
    assert_eq!(
        f[0].zeroed,
        vec![BoardNo(2), BoardNo(3), BoardNo(4), BoardNo(5)]
    );
}

#[test]
fn paragraph_33_4b_registered_5_plays_7_zeroes_boards_5_to_7() {
    let m = load("trier");
    let f = lineup::check(
        &m.file.away,
        &slots(&[1, 2, 3, 4, 6, 7, 5, 8]),
        &m.profile.lineup,
        8,
    );
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].zeroed, vec![BoardNo(5), BoardNo(6), BoardNo(7)]);
}

#[test]
fn trier_allows_one_place_deviation() {
    let m = load("trier");
    assert!(
        lineup::check(
            &m.file.away,
            &slots(&[2, 1, 3, 5, 4, 6, 8, 7]),
            &m.profile.lineup,
            8
        )
        .is_empty()
    );
}

#[test]
fn paragraph_33_4a_ineligible_player_zeroes_from_his_board_down() {
    let mut m = load("trier");
    m.file.away.squad[5].eligible = false; // rank 6
    let f = lineup::check(
        &m.file.away,
        &slots(&[1, 2, 3, 4, 5, 6, 7, 8]),
        &m.profile.lineup,
        8,
    );
    assert_eq!(f[0].problem, Problem::Ineligible { rank: 6 });
    assert_eq!(f[0].zeroed, vec![BoardNo(6), BoardNo(7), BoardNo(8)]);
    // An empty board without the name, on board 4: 4 to 8.
    let f = lineup::check(
        &m.file.away,
        &slots(&[1, 2, 3, 0, 4, 5, 7, 8]),
        &m.profile.lineup,
        8,
    );
    assert_eq!(f[0].problem, Problem::UnnamedEmptyBoard);
    assert_eq!(f[0].zeroed, (4..=8).map(BoardNo).collect::<Vec<_>>());
}

#[test]
fn nrw_player_too_low_loses_his_game_and_ineligible_loses_the_match() {
    let mut m = load("nrw-1987");
    let f = lineup::check(
        &m.file.home,
        &slots(&[1, 3, 2, 4, 5, 6, 7, 8]),
        &m.profile.lineup,
        8,
    );
    assert_eq!(f.len(), 1, "only the player placed too low: {f:?}");
    assert_eq!(
        f[0].problem,
        Problem::WrongOrder {
            rank: 2,
            expected_board: BoardNo(2)
        }
    );
    assert_eq!(f[0].zeroed, vec![BoardNo(3)]);
    m.file.home.squad[7].eligible = false;
    let f = lineup::check(
        &m.file.home,
        &slots(&[1, 2, 3, 4, 5, 6, 7, 8]),
        &m.profile.lineup,
        8,
    );
    assert_eq!(f[0].sanction, LineupSanction::MatchLost);
    assert_eq!(f[0].zeroed, (1..=8).map(BoardNo).collect::<Vec<_>>());
    // Empty boards only at the end (§ 16.7).
    let f = lineup::check(
        &m.file.away,
        &slots(&[1, 2, 0, 3, 4, 5, 6, 7]),
        &m.profile.lineup,
        8,
    );
    assert!(
        f.iter().any(|x| x.problem == Problem::EmptyBoardNotAtEnd),
        "{f:?}"
    );
}

#[test]
fn lineup_sanction_is_scored_on_top_of_the_played_results() {
    let mut g = Game::new("trier");
    g.push(
        0,
        Origin::Arbiter,
        LineupSubmitted {
            team: TeamSide::Away,
            slots: slots(&[1, 5, 2, 3, 4, 6, 7, 8]),
            channel: String::new(),
            ..Default::default()
        }
        .into(),
    );
    for b in 1..=8 {
        g.home_scores(b, 0); // the away team wins every game as played
    }
    let p = g.intervene(
        0,
        1,
        None,
        InterventionKind::LineupIrregularity {
            team: TeamSide::Away,
        },
    );
    assert_eq!(p.consequence.zeroed.len(), 4);
    let sc = rules::score(&g.m, &g.s);
    assert_eq!(sc.as_played.half_points, [0, 16]);
    assert_eq!(
        sc.as_scored.half_points,
        [8, 8],
        "boards 2-5 go to the home team"
    );
    assert_eq!(
        sc.sanctioned_boards,
        vec![BoardNo(2), BoardNo(3), BoardNo(4), BoardNo(5)]
    );
    assert_eq!(sc.match_points, Some([1, 1]));
}

#[test]
fn lineups_are_sealed_and_changes_need_both_captains() {
    let mut g = Game::new("trier");
    g.push(
        0,
        Origin::Arbiter,
        LineupSubmitted {
            team: TeamSide::Home,
            slots: slots(&[1, 2, 3, 4, 5, 6, 7, 8]),
            channel: "in person".into(),
            ..Default::default()
        }
        .into(),
    );
    assert!(!g.s.lineups_complete());
    g.push(
        0,
        Origin::Arbiter,
        LineupChanged {
            team: TeamSide::Home,
            slots: slots(&[2, 1, 3, 4, 5, 6, 7, 8]),
            home_captain_agrees: true,
            away_captain_agrees: false,
        }
        .into(),
    );
    assert_eq!(
        g.s.lineup(TeamSide::Home).unwrap().slots[0],
        LineupSlot::Player { rank: 1 }
    );
    assert!(
        g.s.rejected
            .last()
            .unwrap()
            .reason
            .contains("both captains")
    );
    g.push(
        0,
        Origin::Arbiter,
        LineupChanged {
            team: TeamSide::Home,
            slots: slots(&[2, 1, 3, 4, 5, 6, 7, 8]),
            home_captain_agrees: true,
            away_captain_agrees: true,
        }
        .into(),
    );
    assert_eq!(
        g.s.lineup(TeamSide::Home).unwrap().slots[0],
        LineupSlot::Player { rank: 2 }
    );
    g.push(
        0,
        Origin::Arbiter,
        LineupSubmitted {
            team: TeamSide::Away,
            slots: slots(&[1, 2, 3, 4, 5, 6, 7, 8]),
            channel: String::new(),
            ..Default::default()
        }
        .into(),
    );
    assert!(g.s.lineups_complete());
}

// ---- Score ------------------------------------------------------------------------------------

#[test]
fn berliner_wertung_and_a_4_4_under_bundesliga() {
    let mut g = Game::new("bundesliga");
    for (b, h) in [2u8, 2, 1, 0, 0, 0, 2, 1].iter().enumerate() {
        g.home_scores(b as u16 + 1, *h);
    }
    let sc = rules::score(&g.m, &g.s);
    assert_eq!(sc.as_scored.half_points, [8, 8]);
    // Home: 8·1 + 7·1 + 6·½ + 2·1 + 1·½ = 20½; away: 6·½ + 5 + 4 + 3 + 1·½ = 15½ (half points × weight).
    assert_eq!(sc.as_scored.berliner, [41, 31]);
    assert_eq!(
        sc.match_points,
        Some([1, 1]),
        "4:4 gives each team one match point"
    );
    assert!(sc.open_boards.is_empty());
}

#[test]
fn four_and_a_half_decides_the_match_early() {
    let mut g = Game::new("bundesliga");
    for (b, h) in [2u8, 2, 2, 2].iter().enumerate() {
        g.home_scores(b as u16 + 1, *h);
    }
    assert_eq!(
        rules::score(&g.m, &g.s).match_points,
        None,
        "4:0 with four open boards is not decided"
    );
    g.home_scores(5, 1);
    let sc = rules::score(&g.m, &g.s);
    assert_eq!(sc.as_scored.half_points, [9, 1]);
    assert_eq!(sc.match_points, Some([2, 0]));
    assert_eq!(sc.open_boards.len(), 3);
}

#[test]
fn forfeits_are_kept_apart_from_played_games() {
    let mut g = Game::new("bundesliga");
    g.result(0, 1, GameResult::WhiteWinsForfeit);
    g.result(0, 2, GameResult::DoubleForfeit);
    g.result(0, 3, GameResult::WhiteWins);
    let sc = rules::score(&g.m, &g.s);
    assert_eq!(sc.unplayed_boards, vec![BoardNo(1), BoardNo(2)]);
    // Board 1: away has White (+/- for away); board 2: -/- nobody; board 3: away White wins.
    assert_eq!(sc.as_scored.half_points, [0, 4]);
}

// ---- Illegal moves ----------------------------------------------------------------------------

#[test]
fn second_illegal_move_against_a_bare_king_is_a_draw() {
    let mut g = Game::new("fide-2023");
    g.push(
        0,
        Origin::Feed(BoardNo(2)),
        BoardPosition {
            board: BoardNo(2),
            placement: "8/8/8/4k3/8/8/8/4K2R".into(),
        }
        .into(),
    );
    let first = g.intervene(MIN, 2, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(
        first.consequence.clock[0],
        TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }
    );
    assert!(first.articles.contains(&"FIDE 2023 Art. 7.5.5".to_string()));
    let second = g.intervene(
        2 * MIN,
        2,
        Some(Color::White),
        illegal(IllegalKind::TwoHands),
    );
    assert_eq!(
        second.consequence.result,
        Some(GameResult::Draw),
        "{}",
        en(&second)
    );
    assert!(en(&second).contains("cannot checkmate"));
    // The other way round: Black (bare king) makes two illegal moves: White can mate, so Black loses.
    let mut g = Game::new("fide-2023");
    g.push(
        0,
        Origin::Feed(BoardNo(2)),
        BoardPosition {
            board: BoardNo(2),
            placement: "8/8/8/4k3/8/8/8/4K2R".into(),
        }
        .into(),
    );
    g.intervene(MIN, 2, Some(Color::Black), illegal(IllegalKind::Move));
    let p = g.intervene(2 * MIN, 2, Some(Color::Black), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.result, Some(GameResult::WhiteWins));
    assert_eq!(
        g.s.board(BoardNo(2))
            .unwrap()
            .result
            .as_ref()
            .unwrap()
            .result,
        GameResult::WhiteWins
    );
}

#[test]
fn trier_third_illegal_move_loses_after_two_times_two_minutes() {
    let mut g = Game::new("trier");
    for n in 1..=2 {
        let p = g.intervene(n * MIN, 4, Some(Color::Black), illegal(IllegalKind::Move));
        assert_eq!(
            p.consequence.clock,
            vec![TimeChange {
                player: Color::White,
                delta_ms: 120_000
            }],
            "no. {n}"
        );
        assert_eq!(p.consequence.result, None);
        assert!(
            p.articles
                .contains(&"FIDE 2001 (deutsche Fassung) Art. 7.4 b".to_string()),
            "{:?}",
            p.articles
        );
    }
    let p = g.intervene(3 * MIN, 4, Some(Color::Black), illegal(IllegalKind::Move));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::WhiteWins),
        "{}",
        en(&p)
    );
    assert_eq!(
        g.s.board(BoardNo(4))
            .unwrap()
            .illegal_count(Color::Black, None),
        3
    );
}

#[test]
fn trier_third_illegal_move_against_a_bare_king_loses_as_written_with_a_note() {
    // Trier's Laws (pre-2009 Art. 7.4 b, S001:437): the third illegal move loses, and the text
    // has no exception for an opponent who cannot mate. The console proposes the loss as written
    // (nothing left open) and notes that later editions (2017 7.5.3, 2023 7.5.5) draw.
    let mut g = Game::new("trier");
    g.push(
        0,
        Origin::Feed(BoardNo(4)),
        BoardPosition {
            board: BoardNo(4),
            placement: "8/8/8/4k3/8/8/8/4K2R".into(),
        }
        .into(),
    );
    for n in 1..=2 {
        let p = g.intervene(n * MIN, 4, Some(Color::White), illegal(IllegalKind::Move));
        assert_eq!(p.consequence.result, None, "illegal move no. {n}: +2 min");
    }
    let (_, p) = g.propose(3 * MIN, 4, Some(Color::White), illegal(IllegalKind::Move));
    assert!(p.decision.is_none(), "not left open");
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    let en = |m: &arbiter_core::i18n::Msg| core_catalogue().format(Lang::En, m);
    let notes: Vec<String> = p.notices.iter().map(en).collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("2023 7.5.5") && n.contains("Black cannot checkmate")),
        "{notes:?}"
    );
    // The note is journaled with the intervention.
    let p = g.intervene(3 * MIN, 4, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(
        g.s.interventions.last().unwrap().intervention.notices,
        p.notices
    );
    assert_eq!(
        g.s.board(BoardNo(4))
            .unwrap()
            .result
            .as_ref()
            .unwrap()
            .result,
        GameResult::BlackWins
    );
}

#[test]
fn a_profile_that_leaves_the_bare_king_case_open_asks_the_arbiter() {
    // A test profile (Trier with `illegal_move_loss_bare_king` open): the decision, none
    // pre-selected.
    let mut g = Game::new("tests/data/trier-bare-king-open.toml");
    g.push(
        0,
        Origin::Feed(BoardNo(4)),
        BoardPosition {
            board: BoardNo(4),
            placement: "8/8/8/4k3/8/8/8/4K2R".into(),
        }
        .into(),
    );
    for n in 1..=2 {
        g.intervene(n * MIN, 4, Some(Color::White), illegal(IllegalKind::Move));
    }
    let (req, p) = g.propose(3 * MIN, 4, Some(Color::White), illegal(IllegalKind::Move));
    let d = p
        .decision
        .as_ref()
        .expect("a decision request, not a proposal");
    assert_eq!(
        d.situation,
        arbiter_core::profile::Situation::IllegalMoveLossBareKing
    );
    assert_eq!(p.consequence, Default::default(), "nothing pre-selected");
    let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["loss", "draw", "loss_opponent_half"]);
    assert_eq!(
        d.options[0].consequence.result,
        Some(GameResult::BlackWins),
        "the text read literally: White loses"
    );
    assert_eq!(
        d.options[2].consequence.result,
        Some(GameResult::WhiteZeroBlackHalf)
    );
    assert!(d.facts.len() >= 2);
    // A decision needs a reason and one of the options offered.
    use arbiter_core::rules::decision::{Basis, DecisionError, decide};
    assert_eq!(
        decide(&req, &p, "draw", Basis::Analogy, "  "),
        Err(DecisionError::NoReason)
    );
    assert!(matches!(
        decide(&req, &p, "win", Basis::Analogy, "x"),
        Err(DecisionError::UnknownOption(..))
    ));
    let ev = decide(
        &req,
        &p,
        "draw",
        Basis::Analogy,
        "Art. 6.9 and the later 7.5.5 give a draw when the opponent cannot mate",
    )
    .unwrap();
    assert_eq!(ev.kind(), "decision");
    g.push(3 * MIN, Origin::Arbiter, ev);
    let bs = g.s.board(BoardNo(4)).unwrap();
    assert_eq!(bs.result.as_ref().unwrap().result, GameResult::Draw);
    assert_eq!(bs.illegal_count(Color::White, None), 3);
    let entry = g.s.interventions.last().unwrap();
    let note = entry.decision.as_ref().unwrap();
    assert_eq!((note.chosen.as_str(), note.basis), ("draw", Basis::Analogy));
    // The same under FIDE 2023, whose text has the exception: a draw is proposed, no decision.
    let mut g = Game::new("fide-2023");
    g.push(
        0,
        Origin::Feed(BoardNo(4)),
        BoardPosition {
            board: BoardNo(4),
            placement: "8/8/8/4k3/8/8/8/4K2R".into(),
        }
        .into(),
    );
    g.intervene(MIN, 4, Some(Color::White), illegal(IllegalKind::Move));
    let (req, p) = g.propose(2 * MIN, 4, Some(Color::White), illegal(IllegalKind::Move));
    assert!(p.decision.is_none());
    assert_eq!(p.consequence.result, Some(GameResult::Draw));
    assert_eq!(
        decide(&req, &p, "draw", Basis::Analogy, "x"),
        Err(DecisionError::NotOpen)
    );
}

#[test]
fn bundesliga_illegal_move_takes_back_the_increment() {
    let mut g = Game::new("bundesliga");
    let p = g.intervene(
        MIN,
        1,
        Some(Color::White),
        illegal(IllegalKind::ClockWithoutMove),
    );
    assert_eq!(
        p.consequence.clock,
        vec![
            TimeChange {
                player: Color::Black,
                delta_ms: 120_000
            },
            TimeChange {
                player: Color::White,
                delta_ms: -30_000
            }
        ]
    );
}

#[test]
fn fide_2017_counts_two_hands_and_clock_presses_separately() {
    let mut g = Game::new("fide-2017");
    let a = g.intervene(MIN, 3, Some(Color::White), illegal(IllegalKind::TwoHands));
    let b = g.intervene(
        2 * MIN,
        3,
        Some(Color::White),
        illegal(IllegalKind::ClockWithoutMove),
    );
    assert_eq!(a.consequence.result, None);
    assert_eq!(
        b.consequence.result, None,
        "a different kind is a first violation under 7.8.2"
    );
    let c = g.intervene(
        3 * MIN,
        3,
        Some(Color::White),
        illegal(IllegalKind::TwoHands),
    );
    assert_eq!(c.consequence.result, Some(GameResult::BlackWins));
}

#[test]
fn nrw_1987_restores_the_position_without_penalty() {
    let mut g = Game::new("nrw-1987");
    for n in 1..=4 {
        let p = g.intervene(n * MIN, 1, Some(Color::White), illegal(IllegalKind::Move));
        assert_eq!(
            p.consequence,
            Consequence {
                summary: p.consequence.summary.clone(),
                summary_msg: p.consequence.summary_msg.clone(),
                ..Consequence::default()
            }
        );
    }
    let p = g.intervene(
        5 * MIN,
        1,
        Some(Color::White),
        illegal(IllegalKind::TwoHands),
    );
    assert!(en(&p).contains("not an illegal move"), "{}", en(&p));
}

// ---- Default time -----------------------------------------------------------------------------

#[test]
fn default_time_30_min_from_the_actual_start_vs_60_min_from_the_scheduled_start() {
    // Scheduled 14:00, started 14:10. Bundesliga: 30 min from the actual start → 14:40.
    let mut g = Game::new("bundesliga");
    g.push(10 * MIN, Origin::Arbiter, RoundStarted::default().into());
    g.push(
        11 * MIN,
        Origin::Arbiter,
        PlayerArrived {
            board: BoardNo(5),
            team: TeamSide::Home,
            at: None,
        }
        .into(),
    );
    let (_, early) = g.propose(
        40 * MIN - 1000,
        5,
        None,
        InterventionKind::DefaultTimeExpired,
    );
    assert_eq!(early.consequence.result, None);
    assert!(en(&early).contains("expires at 14:40:00"), "{}", en(&early));
    // 6.7.1 "arrives at the chessboard after the default time": at 14:40:00 itself a player is
    // still in time, so the default is declared after it.
    let (_, at_mark) = g.propose(40 * MIN, 5, None, InterventionKind::DefaultTimeExpired);
    assert_eq!(at_mark.consequence.result, None, "{}", en(&at_mark));
    let p = g.intervene(
        40 * MIN + 1000,
        5,
        None,
        InterventionKind::DefaultTimeExpired,
    );
    // Board 5: away has White and is absent → -/+.
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWinsForfeit),
        "{}",
        en(&p)
    );
    assert!(p.articles.iter().any(|a| a.contains("6.7.1")));
    assert_eq!(
        rules::absent_after_default_time(&g.m, &g.s, MonoMs::from_base_ms(40 * MIN + 1000)),
        Vec::<(BoardNo, TeamSide)>::new()
            .into_iter()
            .chain(
                (1..=8)
                    .filter(|b| *b != 5)
                    .flat_map(|b| [(BoardNo(b), TeamSide::Home), (BoardNo(b), TeamSide::Away)])
            )
            .collect::<Vec<_>>()
    );

    // NRW 1987: 60 min from the scheduled start → 15:00, however late the round started.
    let mut g = Game::new("nrw-1987");
    g.push(10 * MIN, Origin::Arbiter, RoundStarted::default().into());
    let (_, p) = g.propose(
        60 * MIN - 1000,
        5,
        None,
        InterventionKind::DefaultTimeExpired,
    );
    assert!(en(&p).contains("expires at 15:00:00"), "{}", en(&p));
    let (_, p) = g.propose(60 * MIN, 5, None, InterventionKind::DefaultTimeExpired);
    assert_eq!(p.consequence.result, Some(GameResult::DoubleForfeit));
    // A player who arrives after the default time is still late.
    g.push(
        61 * MIN,
        Origin::Arbiter,
        PlayerArrived {
            board: BoardNo(6),
            team: TeamSide::Away,
            at: None,
        }
        .into(),
    );
    let (_, p) = g.propose(62 * MIN, 6, None, InterventionKind::DefaultTimeExpired);
    assert_eq!(p.consequence.result, Some(GameResult::DoubleForfeit));
}

#[test]
fn default_time_from_the_actual_start_waits_for_the_start() {
    let g = Game::new("bundesliga");
    let (_, p) = g.propose(5 * MIN, 1, None, InterventionKind::DefaultTimeExpired);
    assert_eq!(p.consequence.result, None);
    assert!(en(&p).contains("not been started"));
}

// ---- Draw claims and quickplay finish ----------------------------------------------------------

fn moves(g: &mut Game, board: u16, sans: &[&str]) {
    for (i, san) in sans.iter().enumerate() {
        let b = BoardNo(board);
        g.push(
            0,
            Origin::Feed(b),
            MoveMade {
                board: b,
                ply: i as u32 + 1,
                uci: String::new(),
                san: (*san).into(),
                clock_ms: None,
            }
            .into(),
        );
    }
}

#[test]
fn threefold_claim_is_checked_against_the_move_list() {
    let mut g = Game::new("fide-2023");
    moves(
        &mut g,
        1,
        &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
    );
    let p = g.intervene(
        MIN,
        1,
        Some(Color::White),
        InterventionKind::DrawClaim {
            basis: ClaimBasis::Threefold,
            correct: false,
            intended: None,
        },
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", en(&p));
    assert!(en(&p).contains("3 times"));
    let mut g = Game::new("fide-2023");
    moves(&mut g, 1, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    g.clock(0, 1, 30 * MIN, 30 * MIN, None);
    let p = g.intervene(
        MIN,
        1,
        Some(Color::White),
        InterventionKind::DrawClaim {
            basis: ClaimBasis::Threefold,
            correct: true,
            intended: None,
        },
    );
    assert_eq!(p.consequence.result, None, "twice is not three times");
    assert_eq!(
        p.consequence.clock,
        vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }]
    );
}

#[test]
fn incorrect_claim_penalties_by_profile() {
    // Trier (9.5): +3 min to the opponent; the claimant loses half (at most 3 min), 1–2 min → 1 min.
    for (claimant_ms, off) in [
        (4 * MIN, 2 * MIN),
        (10 * MIN, 3 * MIN),
        (90_000, 30_000),
        (50_000, 0),
    ] {
        let mut g = Game::new("trier");
        g.clock(0, 2, claimant_ms, 20 * MIN, None);
        let p = g.intervene(
            MIN,
            2,
            Some(Color::White),
            InterventionKind::DrawClaim {
                basis: ClaimBasis::FiftyMoves,
                correct: false,
                intended: None,
            },
        );
        let mut want = vec![TimeChange {
            player: Color::Black,
            delta_ms: 180_000,
        }];
        if off > 0 {
            want.push(TimeChange {
                player: Color::White,
                delta_ms: -(off as i64),
            });
        }
        assert_eq!(p.consequence.clock, want, "claimant had {claimant_ms} ms");
    }
    // NRW 1987 (10.11): 5 minutes off the claimant.
    let mut g = Game::new("nrw-1987");
    let p = g.intervene(
        MIN,
        2,
        Some(Color::Black),
        InterventionKind::DrawClaim {
            basis: ClaimBasis::Threefold,
            correct: false,
            intended: None,
        },
    );
    assert_eq!(
        p.consequence.clock,
        vec![TimeChange {
            player: Color::Black,
            delta_ms: -300_000
        }]
    );
}

// ---- Penalties ---------------------------------------------------------------------------------

#[test]
fn electronic_device_and_penalties() {
    let mut g = Game::new("fide-2023");
    let p = g.intervene(MIN, 8, Some(Color::Black), device(DevicePlace::OnPerson));
    assert_eq!(p.consequence.result, Some(GameResult::WhiteWins));
    assert!(p.articles.contains(&"FIDE 2023 Art. 11.3.2.2".to_string()));
    let g = Game::new("nrw-1987");
    let (_, p) = g.propose(MIN, 8, Some(Color::Black), device(DevicePlace::OnPerson));
    // Not regulated in 1987: the 12.9-style menu, nothing pre-selected until the arbiter chooses.
    assert_eq!(p.consequence, Consequence::default());
    assert!(p.missing.is_some(), "{}", en(&p));
    let (_, p) = g.propose(
        MIN,
        8,
        Some(Color::Black),
        InterventionKind::ElectronicDevice {
            place: DevicePlace::OnPerson,
            penalties: vec![PenaltyKind::Warning],
            time_s: None,
        },
    );
    assert!(p.consequence.warning && p.consequence.result.is_none());
    let (_, p) = g.propose(
        MIN,
        8,
        Some(Color::Black),
        InterventionKind::Penalty {
            penalties: vec![PenaltyKind::Warning, PenaltyKind::TimeToOpponent],
            time_s: Some(120),
            accepted: false,
        },
    );
    assert!(p.consequence.warning);
    assert_eq!(
        p.consequence.clock,
        vec![TimeChange {
            player: Color::White,
            delta_ms: 120_000
        }]
    );
}

#[test]
fn the_arbiter_may_confirm_a_different_consequence() {
    let mut g = Game::new("bundesliga");
    let (req, p) = g.propose(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    let changed = Consequence {
        clock: vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000,
        }],
        ..Consequence::default()
    };
    let ev = rules::confirm(
        &req,
        &p,
        changed.clone(),
        "increment kept: clock could not be corrected".into(),
    );
    g.push(MIN, Origin::Arbiter, ev);
    let iv = &g.s.interventions[0].intervention;
    assert_eq!(iv.proposed, p.consequence);
    // The arbiter's own consequence, with the summary of what it does (issue 29: never an
    // empty decision).
    let mut expected = changed.clone();
    rules::summarize(&mut expected);
    assert_eq!(iv.confirmed, expected);
    assert_eq!(iv.confirmed.summary, "changes: +2 min Black");
    assert_eq!(g.s.board(BoardNo(3)).unwrap().time_changes.len(), 1);
}

// ---- Automatic ends and a delayed start -------------------------------------------------------

#[test]
fn automatic_ends_are_proposed_from_the_move_list() {
    // Fivefold repetition under 2023 (Art. 9.6.1); not automatic under NRW 1987.
    let shuffle: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .copied()
        .cycle()
        .take(16)
        .collect();
    let mut g = Game::new("fide-2023");
    moves(&mut g, 1, &shuffle);
    let p = g.intervene(MIN, 1, None, InterventionKind::GameEnded);
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", en(&p));
    assert!(p.articles.contains(&"FIDE 2023 Art. 9.6.1".to_string()));
    let mut g = Game::new("nrw-1987");
    moves(&mut g, 1, &shuffle);
    let (_, p) = g.propose(MIN, 1, None, InterventionKind::GameEnded);
    assert_eq!(
        p.consequence.result, None,
        "fivefold is not automatic in 1987"
    );
    // Fool's mate: checkmate takes precedence.
    let mut g = Game::new("fide-2023");
    moves(&mut g, 2, &["f3", "e5", "g4", "Qh4#"]);
    let (_, p) = g.propose(MIN, 2, None, InterventionKind::GameEnded);
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    assert!(p.articles.iter().any(|a| a.ends_with("Art. 5.1.1")));
    // Stalemate (Sam Loyd's ten-move stalemate).
    let mut g = Game::new("fide-2023");
    moves(
        &mut g,
        3,
        &[
            "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7",
            "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
        ],
    );
    let (_, p) = g.propose(MIN, 3, None, InterventionKind::GameEnded);
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", en(&p));
    assert!(en(&p).contains("stalemate"));
    // A game in progress: nothing to propose.
    let mut g = Game::new("fide-2023");
    moves(&mut g, 4, &["e4", "e5"]);
    let (_, p) = g.propose(MIN, 4, None, InterventionKind::GameEnded);
    assert_eq!(p.consequence.result, None);
}

#[test]
fn nrw_charges_a_delayed_start_to_the_team_that_caused_it() {
    let g = Game::new("nrw-1987");
    let reqs = rules::start_delay_requests(&g.m, TeamSide::Away, 15);
    assert_eq!(reqs.len(), 8);
    let props: Vec<Proposal> = reqs
        .iter()
        .map(|r| checked(rules::propose(&g.m, &g.s, r, MonoMs::from_base_ms(MIN))))
        .collect();
    // The away team has White on the odd boards.
    assert_eq!(
        props[0].consequence.clock,
        vec![TimeChange {
            player: Color::White,
            delta_ms: -900_000
        }]
    );
    assert_eq!(
        props[1].consequence.clock,
        vec![TimeChange {
            player: Color::Black,
            delta_ms: -900_000
        }]
    );
    assert!(props[0].articles.iter().any(|a| a.contains("§ 27.3")));
    // Bundesliga: not charged.
    let g = Game::new("bundesliga");
    let p = checked(rules::propose(
        &g.m,
        &g.s,
        &rules::start_delay_requests(&g.m, TeamSide::Away, 15)[0],
        MonoMs::from_base_ms(MIN),
    ));
    assert!(en(&p).contains("does not charge"), "{}", en(&p));
    assert!(p.consequence.clock.is_empty());
}

#[test]
fn scoresheet_exemption_follows_the_profile() {
    // Bundesliga: 30 s increment, so no exemption below 5 minutes (FIDE 8.4).
    let m = load("bundesliga");
    assert!(!rules::indicators_from_time(&m, 200_000, 30, true).scoresheet_exempt);
    // NRW 1987: no increment and `no_exemption_with_increment_s = 0`: exempt below 5 minutes.
    let m = load("nrw-1987");
    assert!(rules::indicators_from_time(&m, 200_000, 30, true).scoresheet_exempt);
    assert!(!rules::indicators_from_time(&m, 400_000, 30, true).scoresheet_exempt);
    // Trier: quickplay claims below 2 minutes in the last period, for the player on move.
    let m = load("trier");
    assert!(
        !rules::indicators_from_time(&m, 90_000, 30, true).quickplay_claim_possible,
        "not before move 40"
    );
    assert!(rules::indicators_from_time(&m, 90_000, 45, true).quickplay_claim_possible);
    assert!(!rules::indicators_from_time(&m, 90_000, 45, false).quickplay_claim_possible);
    assert_eq!(rules::period_of(&m, 39), 1);
    assert_eq!(rules::period_of(&m, 40), 2);
    // NRW: 50 moves, then 20 moves repeating.
    let m = load("nrw-1987");
    assert_eq!(rules::period_of(&m, 49), 1);
    assert_eq!(rules::period_of(&m, 50), 2);
}
