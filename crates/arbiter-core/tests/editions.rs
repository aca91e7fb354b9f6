//! Every edition as data: rapid and blitz per edition (FIDE 2017 Appendices A and B, FIDE 2023
//! A.3/A.5.2, pre-2009 Appendices B and C, the 1977 blitz rules of BTO NRW), the amounts and
//! choices of the profiles (12.9, 12.5, devices, 11.7, inability to keep score, notation),
//! the finished-game guard, the arbiter's decisions where the rules are silent, and the
//! warnings where a historical profile differs from the Laws in force. The numbers are the
//! sources' (`../shared/reference/sources/`, cited as file:line).

use std::path::Path;

use crate::support;
use arbiter_core::clock::{PlayerClock, indicators};
use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::intervention::{
    Basis, ClaimBasis, DevicePlace, IllegalKind, InterventionKind, PenaltyKind, TimeChange,
};
use arbiter_core::journal::{Chain, Record, records_from_bytes};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, ClockSide, Color, GameResult};
use arbiter_core::profile::{Mode, Situation, Supervision};
use arbiter_core::record::{
    BoardPosition, ClockSample, Event, MoveMade, Origin, ResultRecorded, SessionStarted,
};
use arbiter_core::rules::{self, Proposal, Request};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::status::{BoardAlert, board_status};
use arbiter_core::time::MonoMs;

const MIN: u64 = 60_000;
/// 15 minutes + 10 s per move: rapid under every edition's definition.
const RAPID_TC: &str = r#"time_control = { periods = [ { minutes = 15 } ], per_move = { kind = "increment", seconds = 10 } }"#;
/// 3 minutes + 2 s: blitz (180 + 60 x 2 = 300 s).
const BLITZ_TC: &str = r#"time_control = { periods = [ { minutes = 3 } ], per_move = { kind = "increment", seconds = 2 } }"#;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn text(p: &str) -> String {
    std::fs::read_to_string(root().join(p)).unwrap()
}

/// The demo match under `profile`, with top-level keys `extra` added to the match file.
fn load(profile: &str, extra: &[&str]) -> Match {
    let match_path = "config/matches/demo-bundesliga.toml";
    let mut src = text(match_path);
    let at = src.find("rules = ").unwrap();
    let eol = at + src[at..].find('\n').unwrap() + 1;
    src.insert_str(eol, &(extra.join("\n") + "\n"));
    let profile_path = format!("config/rules/{profile}.toml");
    Match::from_texts(
        Path::new(match_path),
        &src,
        Path::new(&profile_path),
        &text(&profile_path),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Every proposal formats in both languages (every id exists with its arguments).
fn checked(p: Proposal) -> Proposal {
    let mut msgs = vec![p.explanation.clone()];
    msgs.extend(p.consequence.summary_msg.as_deref().cloned());
    msgs.extend(p.conflict.clone());
    msgs.extend(p.missing.clone());
    if let Some(d) = &p.decision {
        msgs.push(d.why.clone());
        msgs.extend(d.facts.iter().cloned());
        msgs.extend(d.options.iter().map(|o| o.label.clone()));
    }
    for lang in Lang::ALL {
        for m in &msgs {
            if let Err(e) = core_catalogue().try_format(lang, m) {
                panic!("{m:?} in {lang:?}: {e:?}");
            }
        }
    }
    p
}

fn en(p: &Proposal) -> String {
    core_catalogue().format(Lang::En, &p.explanation)
}

struct Game {
    m: Match,
    s: MatchState,
    chain: Chain,
    buf: Vec<u8>,
    records: Vec<Record>,
}

impl Game {
    fn new(m: Match) -> Game {
        let mut g = Game {
            s: MatchState::default(),
            chain: Chain::default(),
            buf: Vec::new(),
            records: Vec::new(),
            m,
        };
        let ev = SessionStarted::of(&g.m, "test".into());
        g.push(0, Origin::System, ev.into());
        g
    }

    fn of(profile: &str, extra: &[&str]) -> Game {
        Game::new(load(profile, extra))
    }

    fn push(&mut self, at: u64, origin: Origin, event: Event) {
        let r = support::append_at(&self.m, &mut self.chain, &mut self.buf, at, origin, event);
        apply(&mut self.s, &r);
        self.records.push(r);
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

    /// A clock report: White on the left; `running` the colour whose time runs.
    fn clock(&mut self, at: u64, board: u16, white_ms: u64, black_ms: u64, running: Option<Color>) {
        let b = BoardNo(board);
        let ev = ClockSample {
            board: b,
            left_ms: white_ms,
            right_ms: black_ms,
            running: running.map(|c| {
                if c.is_white() {
                    ClockSide::Left
                } else {
                    ClockSide::Right
                }
            }),
            left_flag: white_ms == 0,
            right_flag: black_ms == 0,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        };
        self.push(at, Origin::Feed(b), ev.into());
    }

    fn moves(&mut self, board: u16, sans: &[&str]) {
        let b = BoardNo(board);
        let mut pos = shakmaty::Chess::default();
        for (i, san) in sans.iter().enumerate() {
            use shakmaty::Position;
            let mv = san
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
            pos.play_unchecked(mv);
            let ev = MoveMade {
                board: b,
                ply: u32::try_from(i + 1).unwrap(),
                uci,
                san: (*san).into(),
                clock_ms: None,
            };
            self.push(0, Origin::Feed(b), ev.into());
        }
    }

    fn position(&mut self, board: u16, placement: &str) {
        let b = BoardNo(board);
        let ev = BoardPosition {
            board: b,
            placement: placement.into(),
        };
        self.push(0, Origin::Feed(b), ev.into());
    }

    fn result(&mut self, board: u16, result: GameResult) {
        self.push(
            0,
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
}

fn illegal(kind: IllegalKind) -> InterventionKind {
    InterventionKind::IllegalMove {
        kind,
        opponent_replied: None,
        played: None,
        found_at_ply: None,
        clocks: None,
    }
}

fn claim() -> InterventionKind {
    InterventionKind::DrawClaim {
        basis: ClaimBasis::Threefold,
        correct: false,
        intended: None,
    }
}

fn plus(player: Color, ms: i64) -> TimeChange {
    TimeChange {
        player,
        delta_ms: ms,
    }
}

// ---- Modes ------------------------------------------------------------------------------------

#[test]
fn modes_are_classified_from_the_time_control_per_edition() {
    let tc = |s: &str| s.parse::<arbiter_core::clock::TimeControl>().unwrap();
    let e17 = load("fide-2017", &[]).profile;
    // 2017 B.1 (002:885): 10 minutes or less is blitz; A.1 (002:850): time + 60 x increment
    // above 10 and below 60 minutes is rapid.
    assert_eq!(e17.classify(&tc("10")), Mode::Blitz);
    assert_eq!(
        e17.classify(&tc("3+2s")),
        Mode::Blitz,
        "180 + 60 x 2 = 300 s"
    );
    assert_eq!(e17.classify(&tc("10+1s")), Mode::Rapid, "600 + 60 = 660 s");
    assert_eq!(e17.classify(&tc("15+10s")), Mode::Rapid);
    assert_eq!(e17.classify(&tc("59")), Mode::Rapid);
    assert_eq!(
        e17.classify(&tc("60")),
        Mode::Standard,
        "less than 60 minutes"
    );
    assert_eq!(e17.classify(&tc("50+10s")), Mode::Standard, "3000 + 600 s");
    // Pre-2009 C.1 (001:749): blitz below 15 minutes; B.1 (001:711): rapid 15 to 60.
    let p09 = load("trier", &[]).profile;
    assert_eq!(p09.classify(&tc("14")), Mode::Blitz);
    assert_eq!(p09.classify(&tc("15")), Mode::Rapid);
    assert_eq!(p09.classify(&tc("60")), Mode::Rapid);
    assert_eq!(p09.classify(&tc("61")), Mode::Standard);
    // The 1987 BTO: five-minute blitz (Anlage 2, 8.4, 000:383), no rapid.
    let f89 = load("nrw-1987", &[]).profile;
    assert_eq!(f89.classify(&tc("5")), Mode::Blitz);
    assert_eq!(f89.classify(&tc("30")), Mode::Standard);
    // A match file's time control decides, unless it names the mode.
    assert_eq!(load("fide-2023", &[RAPID_TC]).mode, Mode::Rapid);
    assert_eq!(load("fide-2023", &[BLITZ_TC]).mode, Mode::Blitz);
    assert_eq!(load("fide-2023", &["mode = \"blitz\""]).mode, Mode::Blitz);
    assert_eq!(load("fide-2023", &[]).mode, Mode::Standard);
}

#[test]
fn fide_2023_rapid_and_blitz_one_minute_penalties() {
    // 2023 A.3 (current-regulations.md:93-95): the penalties of Articles 7 and 9 are one minute
    // in rapid, and in blitz through B.3.
    for tc in [RAPID_TC, BLITZ_TC] {
        let mut g = Game::of("fide-2023", &[tc]);
        // White has completed the illegal move: Black's clock runs (A.5.2: before his reply).
        g.clock(MIN, 3, 10 * MIN, 12 * MIN, Some(Color::Black));
        let inc = if tc == RAPID_TC { 10_000 } else { 2_000 };
        let p = g.intervene(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
        assert_eq!(
            p.consequence.clock,
            vec![plus(Color::Black, 60_000), plus(Color::White, -inc)],
            "{}",
            en(&p)
        );
        assert!(
            p.articles.iter().any(|a| a.contains("A.3")),
            "{:?}",
            p.articles
        );
        // The second completed illegal move loses (7.5.5).
        let p = g.intervene(2 * MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
        assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
        // An incorrect claim: one minute to the opponent (9.5.3 with A.3, CR:168).
        let (_, p) = g.propose(MIN, 4, Some(Color::Black), claim());
        assert_eq!(p.consequence.clock, vec![plus(Color::White, 60_000)]);
    }
    // Standard play keeps two minutes (7.5.5).
    let g = Game::of("fide-2023", &[]);
    let (_, p) = g.propose(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock[0], plus(Color::Black, 120_000));
    // A.5.2 (CR:96-98), without adequate supervision: once the opponent has moved, the illegal
    // move stands (T-M05). White's move is followed by Black's press: White's clock runs.
    let mut g = Game::of("fide-2023", &[RAPID_TC]);
    g.clock(MIN, 5, 10 * MIN, 12 * MIN, Some(Color::White));
    let (_, p) = g.propose(MIN, 5, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock, vec![], "{}", en(&p));
    assert!(en(&p).contains("stands"), "{}", en(&p));
    // With adequate supervision the window does not apply.
    let mut g = Game::of("fide-2023", &[RAPID_TC, "supervision = \"adequate\""]);
    g.clock(MIN, 5, 10 * MIN, 12 * MIN, Some(Color::White));
    let (_, p) = g.propose(MIN, 5, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock[0], plus(Color::Black, 60_000));
}

#[test]
fn fide_2017_rapid_a3_applies_the_standard_penalties() {
    // A.3 (002:852-855): with adequate supervision the Competition Rules apply: 7.5.3 gives two
    // minutes and the second loses; 9.5 two minutes; 2017 has no one-minute rule in rapid (T-M03).
    let mut g = Game::of("fide-2017", &[RAPID_TC, "supervision = \"adequate\""]);
    assert_eq!(
        g.m.rules_for(BoardNo(1)).supervision,
        Some(Supervision::Adequate)
    );
    let p = g.intervene(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 120_000)]);
    let p = g.intervene(2 * MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    let (_, p) = g.propose(MIN, 4, Some(Color::White), claim());
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 120_000)]);
}

#[test]
fn fide_2017_rapid_a4_first_illegal_move_loses_before_the_reply_and_stands_after() {
    // A.4.2 (002:860): the first completed illegal move loses, provided the opponent has not
    // made his next move; a draw if the opponent cannot mate; afterwards it stands.
    // T-M01: White completed the illegal move (pressed): Black's clock runs, Black claims.
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    assert_eq!(
        g.m.rules_for(BoardNo(3)).supervision,
        Some(Supervision::Inadequate)
    );
    g.clock(MIN, 3, 10 * MIN, 12 * MIN, Some(Color::Black));
    let (_, p) = g.propose(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        en(&p)
    );
    assert!(p.consequence.clock.is_empty());
    assert!(
        p.articles.iter().any(|a| a.contains("A.4")),
        "{:?}",
        p.articles
    );
    // The claimant stopped the clock to claim: the side that ran before the stop counts.
    g.clock(MIN + 500, 3, 10 * MIN, 12 * MIN - 500, None);
    let (_, p) = g.propose(MIN + 600, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        en(&p)
    );
    // The opponent has only his king: drawn.
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.position(3, "8/8/8/4k3/8/8/8/4K2R");
    g.clock(MIN, 3, 10 * MIN, 12 * MIN, Some(Color::Black));
    let (_, p) = g.propose(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", en(&p));
    // T-M02: Black has made his reply (White's clock runs): the move stands, no penalty.
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.clock(MIN, 3, 10 * MIN, 12 * MIN, Some(Color::White));
    let (_, p) = g.propose(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.result, None);
    assert!(p.consequence.clock.is_empty());
    assert!(en(&p).contains("stands"), "{}", en(&p));
    // "Made", not "completed": the arbiter says Black has moved though the clock still runs
    // for him.
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.clock(MIN, 3, 10 * MIN, 12 * MIN, Some(Color::Black));
    let (_, p) = g.propose(
        MIN,
        3,
        Some(Color::White),
        InterventionKind::IllegalMove {
            kind: IllegalKind::Move,
            opponent_replied: Some(true),
            played: None,
            found_at_ply: None,
            clocks: None,
        },
    );
    assert_eq!(p.consequence.result, None, "{}", en(&p));
    // No clock data: the console cannot tell and asks for the fact.
    let g = Game::of("fide-2017", &[RAPID_TC]);
    let (_, p) = g.propose(MIN, 6, Some(Color::White), illegal(IllegalKind::Move));
    assert!(p.missing.is_some() && p.consequence.result.is_none());
}

#[test]
fn fide_2017_blitz_b3_one_minute_and_b4_first_illegal_move_loses() {
    // B.2 (002:886): one minute instead of two, for Articles 7 and 9; B.3 (one arbiter per game):
    // the Competition Rules: the second illegal move loses (T-M04).
    let mut g = Game::of("fide-2017", &[BLITZ_TC, "supervision = \"adequate\""]);
    let p = g.intervene(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 60_000)]);
    let p = g.intervene(2 * MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    let (_, p) = g.propose(MIN, 4, Some(Color::White), claim());
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 60_000)]);
    // B.4 (002:891): otherwise A.4 applies: the first completed illegal move loses; the claim
    // penalty stays one minute (B.2 applies to all blitz).
    let mut g = Game::of("fide-2017", &[BLITZ_TC]);
    g.clock(MIN, 3, 2 * MIN, 2 * MIN, Some(Color::Black));
    let (_, p) = g.propose(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        en(&p)
    );
    let (_, p) = g.propose(MIN, 4, Some(Color::White), claim());
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 60_000)]);
}

#[test]
fn trier_blitz_c3_claim_before_the_own_move() {
    // Pre-2009 C.3 (001:757): completed when the opponent's clock is started; the opponent may
    // claim the win before making his own move; a draw if he cannot mate; afterwards it stands.
    let mut g = Game::of("trier", &[BLITZ_TC]);
    g.clock(MIN, 2, 2 * MIN, 2 * MIN, Some(Color::Black));
    let (_, p) = g.propose(MIN, 2, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        en(&p)
    );
    let mut g = Game::of("trier", &[BLITZ_TC]);
    g.position(2, "8/8/8/4k3/8/8/8/4K2R");
    g.clock(MIN, 2, 2 * MIN, 2 * MIN, Some(Color::Black));
    let (_, p) = g.propose(MIN, 2, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::Draw),
        "C.3 has the draw claim"
    );
    assert!(p.decision.is_none(), "C.3 is explicit: no decision");
    // Trier rapid (Appendix B): 7.4 b applies: +2 minutes, the third loses (001:437).
    let mut g = Game::of("trier", &[RAPID_TC]);
    let p = g.intervene(MIN, 2, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 120_000)]);
}

#[test]
fn flags_and_the_clock_setting_per_appendix() {
    // DSB note on 2017 A.4.3 (002:1604): both flags down in rapid or blitz: drawn (T-M08).
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.clock(MIN, 1, 0, 0, None);
    let (_, p) = g.propose(MIN, 1, Some(Color::White), InterventionKind::flag());
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", en(&p));
    // Not in standard play: there the mode's rule does not apply.
    let mut g = Game::of("fide-2017", &[]);
    g.clock(MIN, 1, 0, 0, None);
    let (_, p) = g.propose(MIN, 1, Some(Color::White), InterventionKind::flag());
    assert!(!en(&p).contains("Both flags are down"), "{}", en(&p));
    // Pre-2009 B.8 (001:743): both flags down: drawn; B.6 (001:735): the arbiter does not point
    // out a flag: it counts on a valid claim only.
    let mut g = Game::of("trier", &[RAPID_TC]);
    g.clock(MIN, 1, 0, 0, None);
    let (_, p) = g.propose(MIN, 1, Some(Color::White), InterventionKind::flag());
    assert_eq!(p.consequence.result, Some(GameResult::Draw));
    g.clock(2 * MIN, 2, 0, 5 * MIN, None);
    let (_, p) = g.propose(2 * MIN, 2, Some(Color::White), InterventionKind::flag());
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    assert!(en(&p).contains("does not point out"), "{}", en(&p));
    // 2017 A.4.5 (002:880): the arbiter may call a flag: no such note.
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.clock(MIN, 2, 0, 5 * MIN, None);
    let (_, p) = g.propose(MIN, 2, Some(Color::White), InterventionKind::flag());
    assert!(!en(&p).contains("does not point out"), "{}", en(&p));
    // 2017 A.4.1.1 (002:858): after 10 moves by each player no change to the clock setting
    // (T-M06); before that, and under A.3, it can be corrected.
    let ten: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .copied()
        .cycle()
        .take(20)
        .collect();
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.moves(4, &ten[..18]);
    let (_, p) = g.propose(MIN, 4, None, InterventionKind::TimeCorrection);
    assert!(
        !en(&p).contains("no longer be corrected"),
        "9 moves: {}",
        en(&p)
    );
    g.moves(5, &ten);
    let (_, p) = g.propose(MIN, 5, None, InterventionKind::TimeCorrection);
    assert!(en(&p).contains("After 10 moves"), "{}", en(&p));
    let mut g = Game::of("fide-2017", &[RAPID_TC, "supervision = \"adequate\""]);
    g.moves(5, &ten);
    let (_, p) = g.propose(MIN, 5, None, InterventionKind::TimeCorrection);
    assert!(
        !en(&p).contains("no longer be corrected"),
        "A.3: {}",
        en(&p)
    );
    // Pre-2009 B.4 (001:723): after three moves each, the clock setting can no longer be
    // challenged (T-M07, case Hiemer).
    let mut g = Game::of("trier", &[RAPID_TC]);
    g.moves(5, &ten[..6]);
    let (_, p) = g.propose(MIN, 5, None, InterventionKind::TimeCorrection);
    assert!(en(&p).contains("After 3 moves"), "{}", en(&p));
}

#[test]
fn notation_per_appendix_and_edition() {
    // 2017 A.2 (002:851): in rapid the players need not record: no "no notation" marker, and
    // no deduction for a player who cannot keep score.
    let mut g = Game::of("fide-2023", &[RAPID_TC]);
    g.moves(2, &["e4", "e5"]);
    g.clock(MIN, 2, 4 * MIN, 4 * MIN, Some(Color::White));
    let bs = g.s.board(BoardNo(2)).unwrap();
    let st = board_status(&g.m, &g.s, bs, MonoMs::from_base_ms(MIN));
    assert!(
        !st.alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::NoScoresheet { .. }))
    );
    assert_eq!(
        st.time_trouble,
        arbiter_core::by_colour::ByColor {
            white: true,
            black: true
        },
        "below the 5 minute marker"
    );
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        InterventionKind::UnableToRecord {
            disabled: false,
            time_s: Some(600),
            exemption: String::new(),
            no_assistant: false,
        },
    );
    assert!(p.consequence.clock.is_empty(), "{}", en(&p));
    // In standard play without increment below 5 minutes: the marker shows.
    let mut g = Game::of("trier", &[]);
    g.moves(2, &["e4", "e5"]);
    g.clock(MIN, 2, 4 * MIN, 4 * MIN, Some(Color::White));
    let bs = g.s.board(BoardNo(2)).unwrap();
    let st = board_status(&g.m, &g.s, bs, MonoMs::from_base_ms(MIN));
    assert!(
        st.alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::NoScoresheet { .. }))
    );
    // 8.4: 4:50 at move 33, a 2 minute bonus lifts it to 6:50 (T-M17). 2017 (002:644): exempt
    // for the rest of the period; pre-2009 (001:459, "hat"): notation again.
    let player = PlayerClock {
        remaining_ms: 410_000,
        lowest_in_period_ms: 290_000,
        moves_completed: 33,
        period: 0,
        on_move: true,
    };
    let tc: arbiter_core::clock::TimeControl = "120'/40 + 60'".parse().unwrap();
    let e17 = load("fide-2017", &[]);
    assert!(indicators(&tc, &rules::indicator_settings(&e17), &player).scoresheet_exempt);
    let p09 = load("trier", &[]);
    assert!(!indicators(&tc, &rules::indicator_settings(&p09), &player).scoresheet_exempt);
    let below = PlayerClock {
        remaining_ms: 280_000,
        ..player
    };
    assert!(indicators(&tc, &rules::indicator_settings(&p09), &below).scoresheet_exempt);
    // 30 s increment (case Voigt, 001:1703-1711): never exempt.
    let inc: arbiter_core::clock::TimeControl = "90/40+30+30s".parse().unwrap();
    assert!(!indicators(&inc, &rules::indicator_settings(&e17), &below).scoresheet_exempt);
    // Trier Nr. 3 (001:54): in delay mode no exemption, even with a short delay; the 2017
    // profile counts a 10 s delay like a 10 s increment (exempt).
    let delay = arbiter_core::clock::TimeControl {
        per_move: Some(arbiter_core::clock::PerMove {
            kind: arbiter_core::clock::PerMoveKind::SimpleDelay,
            seconds: 10,
            from_move: 1,
        }),
        ..tc.clone()
    };
    assert!(!indicators(&delay, &rules::indicator_settings(&p09), &below).scoresheet_exempt);
    assert!(indicators(&delay, &rules::indicator_settings(&e17), &below).scoresheet_exempt);
}

#[test]
fn a_board_can_be_played_in_another_mode() {
    let modes = "board_modes = [\"standard\", \"standard\", \"standard\", \"standard\", \
                 \"standard\", \"standard\", \"standard\", \"blitz\"]";
    let g = Game::of("fide-2017", &[modes]);
    assert_eq!(g.m.mode_of(BoardNo(1)), Mode::Standard);
    assert_eq!(g.m.mode_of(BoardNo(8)), Mode::Blitz);
    let (_, p) = g.propose(MIN, 1, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 120_000)]);
    let (_, p) = g.propose(MIN, 8, Some(Color::White), claim());
    // Board 8 is blitz: B.2 (002:886) one minute for an incorrect claim by White.
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 60_000)]);
    let (_, p) = g.propose(MIN, 1, Some(Color::White), claim());
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 120_000)]);
}

// ---- Amounts and choices ----------------------------------------------------------------------

#[test]
fn penalty_times_are_entered_by_the_arbiter() {
    // 12.9.2 / 12.9.3 (002:818-819): no amount in any edition; the console asks (T-M19).
    let g = Game::of("fide-2023", &[]);
    let pen = |penalties: Vec<PenaltyKind>, time_s| InterventionKind::Penalty {
        penalties,
        time_s,
        accepted: false,
    };
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::Black),
        pen(vec![PenaltyKind::TimeToOpponent], None),
    );
    assert!(p.missing.is_some());
    assert_eq!(p.consequence, Default::default(), "nothing pre-filled");
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::Black),
        pen(vec![PenaltyKind::TimeFromOffender], Some(90)),
    );
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, -90_000)]);
    assert!(p.articles.contains(&"FIDE 2023 Art. 12.9".to_string()));
    // No penalty chosen: none is pre-selected.
    let (_, p) = g.propose(MIN, 2, Some(Color::Black), pen(vec![], None));
    assert!(p.missing.is_some() && !p.consequence.warning);
    // Pre-2009 13.4 b (001:595): cited as 13.4.
    let g = Game::of("trier", &[]);
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::Black),
        pen(vec![PenaltyKind::TimeToOpponent], Some(60)),
    );
    assert_eq!(p.consequence.clock, vec![plus(Color::White, 60_000)]);
    assert!(
        p.articles.iter().any(|a| a.ends_with("Art. 13.4")),
        "{:?}",
        p.articles
    );
}

#[test]
fn external_disturbance_gives_the_time_entered() {
    // 12.5 (002:799): additional time to either or both players; no amount (T-M18: a fire alarm,
    // +5 minutes to both on board 2).
    let g = Game::of("fide-2023", &[]);
    let dist = |time_s| InterventionKind::ExternalDisturbance { time_s };
    let (_, p) = g.propose(MIN, 2, None, dist(None));
    assert!(p.missing.is_some() && p.consequence.clock.is_empty());
    let (_, p) = g.propose(MIN, 2, None, dist(Some(300)));
    assert_eq!(
        p.consequence.clock,
        vec![plus(Color::White, 300_000), plus(Color::Black, 300_000)]
    );
    assert!(p.articles.contains(&"FIDE 2023 Art. 12.5".to_string()));
    let (_, p) = g.propose(MIN, 2, Some(Color::Black), dist(Some(60)));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 60_000)]);
    // Pre-2009 13.5 (001:599): the same, cited as 13.5.
    let g = Game::of("trier", &[]);
    let (_, p) = g.propose(MIN, 2, None, dist(Some(300)));
    assert_eq!(p.consequence.clock.len(), 2);
    assert!(p.articles.iter().any(|a| a.ends_with("Art. 13.5")));
    // 1989 12.5 (000:690): the clocks are stopped; no additional time.
    let g = Game::of("nrw-1987", &[]);
    let (_, p) = g.propose(MIN, 2, None, dist(Some(300)));
    assert!(
        p.consequence.clock.is_empty() && p.missing.is_none(),
        "{}",
        en(&p)
    );
}

fn device(place: DevicePlace, penalties: Vec<PenaltyKind>) -> InterventionKind {
    InterventionKind::ElectronicDevice {
        place,
        penalties,
        time_s: None,
    }
}

#[test]
fn devices_on_the_person_in_an_allowed_bag_and_without_a_bag() {
    // 11.3.2.2 (002:755): a device on the person loses; the opponent wins (T-M13).
    let g = Game::of("fide-2017", &[]);
    let (_, p) = g.propose(
        MIN,
        4,
        Some(Color::White),
        device(DevicePlace::OnPerson, vec![]),
    );
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    // 11.3.2.1 (002:739-740): where the regulations allow a bag (the Bundesliga profile), a phone
    // ringing in the bag is not "on their person": no loss; the 12.9 menu, nothing chosen
    // (T-M14).
    let g = Game::of("bundesliga", &[]);
    let (_, p) = g.propose(
        MIN,
        4,
        Some(Color::White),
        device(DevicePlace::InBag, vec![]),
    );
    assert_eq!(p.consequence.result, None);
    assert!(p.missing.is_some() && p.decision.is_none(), "{}", en(&p));
    assert!(p.articles.iter().any(|a| a.ends_with("Art. 12.9")));
    let (_, p) = g.propose(
        MIN,
        4,
        Some(Color::White),
        device(DevicePlace::InBag, vec![PenaltyKind::Warning]),
    );
    assert!(p.consequence.warning && p.consequence.result.is_none());
    // Silent regulations allow no bag (fide-2023): whether a device in a bag counts is open:
    // the arbiter decides, nothing pre-selected.
    let g = Game::of("fide-2023", &[]);
    let (_, p) = g.propose(
        MIN,
        4,
        Some(Color::White),
        device(DevicePlace::InBag, vec![]),
    );
    let d = p.decision.expect("a decision");
    assert_eq!(d.situation, Situation::DeviceOffPerson);
    let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["loss", "warning", "note_only"]);
    assert_eq!(p.consequence, Default::default());
    // The 1987 rules have none: the arbiter chooses from the penalties (12.9 menu).
    let g = Game::of("nrw-1987", &[]);
    let (_, p) = g.propose(
        MIN,
        4,
        Some(Color::White),
        device(DevicePlace::OnPerson, vec![]),
    );
    assert!(p.consequence.result.is_none() && p.missing.is_some());
    // Pre-2009 (trier): no device rule in the text (001:146-818): also the menu, not a loss.
    let g = Game::of("trier", &[]);
    let (_, p) = g.propose(
        MIN,
        4,
        Some(Color::White),
        device(DevicePlace::OnPerson, vec![PenaltyKind::GameLost]),
    );
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "the arbiter's choice"
    );
}

#[test]
fn persistent_refusal_and_the_opponents_mating_material() {
    let refusal = |both| InterventionKind::RefusalToComply { both };
    // 11.7 (002:761) with the DSB note (002:1599-1603), T-M15: the opponent has K+R → he wins.
    let mut g = Game::of("fide-2017", &[]);
    g.position(1, "8/8/8/4k3/8/8/8/4K2R");
    let (_, p) = g.propose(MIN, 1, Some(Color::Black), refusal(false));
    assert_eq!(p.consequence.result, Some(GameResult::WhiteWins));
    // The opponent has a bare king → his score is a draw: 0–½.
    let mut g = Game::of("fide-2017", &[]);
    g.position(1, "8/8/8/4k3/8/8/8/4K2R");
    let p = g.intervene(MIN, 1, Some(Color::White), refusal(false));
    assert_eq!(p.consequence.result, Some(GameResult::WhiteZeroBlackHalf));
    // The team's board points: the other seven boards decided, 7 + ½ = 7½ in all.
    for b in 2..=8 {
        g.result(
            b,
            if b % 2 == 0 {
                GameResult::WhiteWins
            } else {
                GameResult::Draw
            },
        );
    }
    let sc = rules::score(&g.m, &g.s);
    let [h, a] = sc.as_scored.half_points;
    assert_eq!(h + a, 15, "7½ board points");
    // 11.8 (002:762): both guilty: lost by both, 0-0.
    let g = Game::of("fide-2017", &[]);
    let (_, p) = g.propose(MIN, 2, None, refusal(true));
    assert_eq!(p.consequence.result, Some(GameResult::BothZero));
    // 1989 10.15 (000:667) with 10.7 (000:642): a player with only his king cannot win.
    let mut g = Game::of("nrw-1987", &[]);
    g.position(1, "8/8/8/4k3/8/8/8/4K2R");
    let (_, p) = g.propose(MIN, 1, Some(Color::White), refusal(false));
    assert_eq!(p.consequence.result, Some(GameResult::WhiteZeroBlackHalf));
    let (_, p) = g.propose(MIN, 1, Some(Color::Black), refusal(false));
    assert_eq!(p.consequence.result, Some(GameResult::WhiteWins));
    // Pre-2009 12.7 (001:573) and 2023 11.7: the arbiter decides the opponent's score.
    for profile in ["trier", "fide-2023"] {
        let g = Game::of(profile, &[]);
        let (_, p) = g.propose(MIN, 1, Some(Color::White), refusal(false));
        let d = p.decision.expect("the arbiter decides");
        assert_eq!(d.situation, Situation::RefusalOpponentScore);
        assert_eq!(d.options.len(), 3);
        assert!(p.consequence.result.is_none());
    }
}

#[test]
fn unable_to_keep_score_per_edition() {
    let unable = |disabled, time_s| InterventionKind::UnableToRecord {
        disabled,
        time_s,
        exemption: String::new(),
        no_assistant: false,
    };
    // DSB note on 2017 8.1.6 (002:1587): ten minutes off before the start (T-M16).
    let g = Game::of("fide-2017", &[]);
    let (_, p) = g.propose(0, 3, Some(Color::Black), unable(false, None));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, -600_000)]);
    assert!(en(&p).contains("before the game starts"), "{}", en(&p));
    // 8.1.6 (002:641): no adjustment for a player with a disability (case Hess-2).
    let (_, p) = g.propose(0, 3, Some(Color::Black), unable(true, None));
    assert!(p.consequence.clock.is_empty());
    // Pre-2009 8.1 (001:447): an amount the arbiter sets (the Hess-2 arbiter took 15 minutes,
    // 001:1350-1362), for a disability too.
    let g = Game::of("trier", &[]);
    let (_, p) = g.propose(0, 3, Some(Color::Black), unable(true, None));
    assert!(p.missing.is_some() && p.consequence.clock.is_empty());
    let (_, p) = g.propose(0, 3, Some(Color::Black), unable(true, Some(900)));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, -900_000)]);
    // 1989 (000:671, BTO § 36.2): no deduction.
    let g = Game::of("nrw-1987", &[]);
    let (_, p) = g.propose(0, 3, Some(Color::Black), unable(false, Some(900)));
    assert!(p.consequence.clock.is_empty() && p.missing.is_none());
    // Printed on the report: the intervention with its consequence.
    let mut g = Game::of("fide-2017", &[]);
    g.intervene(0, 3, Some(Color::Black), unable(false, None));
    let r = arbiter_core::report::build(&g.m, &g.records);
    let line = r
        .interventions
        .iter()
        .find(|i| matches!(i.kind, InterventionKind::UnableToRecord { .. }))
        .expect("on the report");
    assert!(line.decided.contains("10 min"), "{}", line.decided);
}

#[test]
fn citations_per_edition_and_kind() {
    // 2017: 7.5.3 for a move, 7.7 for two hands, 7.8 for a clock pressed without a move
    // (002:609-614); 2023: 7.5.3/7.5.4 with 7.5.5.
    let g = Game::of("fide-2017", &[]);
    let cite = |k| g.propose(MIN, 2, Some(Color::White), illegal(k)).1.articles;
    assert!(cite(IllegalKind::Move).contains(&"FIDE 2017 Art. 7.5.3".to_string()));
    assert!(cite(IllegalKind::TwoHands).contains(&"FIDE 2017 Art. 7.7.1, 7.7.2".to_string()));
    assert!(
        cite(IllegalKind::ClockWithoutMove).contains(&"FIDE 2017 Art. 7.8.1, 7.8.2".to_string())
    );
    let g = Game::of("fide-2023", &[]);
    let (_, p) = g.propose(MIN, 2, Some(Color::White), illegal(IllegalKind::TwoHands));
    assert!(
        p.articles
            .contains(&"FIDE 2023 Art. 7.5.4, 7.5.5".to_string())
    );
}

// ---- Conduct after the game ------------------------------------------------------------------

#[test]
fn conduct_after_the_game_never_changes_the_result() {
    // 2017 11.4 (002:758), pre-2009 12.3 (001:557): players who finished are spectators. Case
    // Plüss (001:1647-1687): conduct after the game is recorded; the result stands (T-M20).
    for (profile, article) in [("fide-2023", "Art. 11.4"), ("trier", "Art. 12.3")] {
        let mut g = Game::of(profile, &[]);
        g.result(6, GameResult::WhiteWins);
        for kind in [
            device(DevicePlace::OnPerson, vec![]),
            InterventionKind::Penalty {
                penalties: vec![PenaltyKind::GameLost],
                time_s: None,
                accepted: false,
            },
            InterventionKind::RefusalToComply { both: false },
        ] {
            let p = g.intervene(MIN, 6, Some(Color::White), kind);
            assert_eq!(p.consequence.result, None, "{}", en(&p));
            assert!(p.consequence.clock.is_empty() && p.decision.is_none());
            assert!(
                p.articles.iter().any(|a| a.ends_with(article)),
                "{:?}",
                p.articles
            );
        }
        let bs = g.s.board(BoardNo(6)).unwrap();
        assert_eq!(bs.result.as_ref().unwrap().result, GameResult::WhiteWins);
        assert_eq!(g.s.interventions.len(), 3, "recorded as conduct");
    }
}

// ---- Decisions ---------------------------------------------------------------------------------

#[test]
fn decisions_are_journaled_replayed_and_reported() {
    // Each situation this issue wires: none pre-selected, the choice journaled with its basis and
    // reason, the same state from the journal bytes, and the report's line.
    let cases: Vec<(&str, &str, InterventionKind, Situation, &str)> = vec![
        (
            "fide-2023",
            "",
            device(DevicePlace::InBag, vec![]),
            Situation::DeviceOffPerson,
            "warning",
        ),
        (
            "fide-2023",
            "",
            InterventionKind::GameResumed,
            Situation::GameResumption,
            "not_yet",
        ),
        (
            "trier",
            "",
            InterventionKind::RefusalToComply { both: false },
            Situation::RefusalOpponentScore,
            "opponent_half",
        ),
    ];
    for (profile, placement, kind, situation, choose) in cases {
        let mut g = Game::of(profile, &[]);
        if !placement.is_empty() {
            g.position(7, placement);
        }
        // The device loses for Black in the cannot-mate case: Black's opponent White has K+R.
        let player = if situation == Situation::DeviceLossOpponentCannotMate {
            Color::White
        } else {
            Color::Black
        };
        let (req, p) = g.propose(MIN, 7, Some(player), kind);
        let d = p.decision.clone().expect("a decision request");
        assert_eq!(d.situation, situation);
        assert!(p.consequence.result.is_none() && p.consequence.clock.is_empty());
        assert!(p.explanation.id == "decision-open", "{}", en(&p));
        // Confirming without a choice is not possible: decide needs an offered option and a
        // reason.
        assert!(rules::decision::decide(&req, &p, "nonsense", Basis::Analogy, "x").is_err());
        assert!(rules::decision::decide(&req, &p, choose, Basis::Analogy, "  ").is_err());
        let ev =
            rules::decision::decide(&req, &p, choose, Basis::Discretion, "so decided").unwrap();
        g.push(MIN, Origin::Arbiter, ev);
        let entry = g.s.interventions.last().unwrap();
        let note = entry.decision.as_ref().unwrap();
        assert_eq!(note.chosen, choose);
        assert_eq!(note.basis, Basis::Discretion);
        assert_eq!(entry.intervention.reason, "so decided");
        // Replayed from the journal's bytes: the same state.
        let (records, v) = records_from_bytes(&g.buf).unwrap();
        assert!(v.is_intact());
        assert_eq!(MatchState::fold(&records), g.s);
        // Printed on the report.
        let r = arbiter_core::report::build(&g.m, &g.records);
        let line = r.interventions.last().unwrap();
        let note = line.decision.as_ref().expect("the report has the decision");
        assert_eq!(
            (note.chosen.as_str(), note.basis),
            (choose, Basis::Discretion)
        );
        assert_eq!(line.reason, "so decided");
    }
}

// ---- Conflict warnings ------------------------------------------------------------------------

#[test]
fn historical_profiles_warn_where_the_laws_in_force_differ() {
    // Trier (pre-2009 7.4 b, 001:437): the second illegal move costs two minutes; under the Laws
    // in force (2023 7.5.5) it loses. The proposal says so beside the profile's outcome.
    let mut g = Game::of("trier", &[]);
    let p = g.intervene(MIN, 2, Some(Color::White), illegal(IllegalKind::Move));
    assert!(p.conflict.is_none(), "the first: the same in both");
    let p = g.intervene(2 * MIN, 2, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 120_000)]);
    let c = core_catalogue().format(Lang::En, p.conflict.as_ref().expect("a conflict"));
    assert!(c.contains("FIDE 2023") && c.contains("0-1"), "{c}");
    // Journaled with the intervention.
    assert_eq!(
        g.s.interventions.last().unwrap().intervention.conflict,
        p.conflict
    );
    // The third against a bare king: the loss as written (7.4 b has no exception); the Laws in
    // force draw it.
    g.position(2, "8/8/8/4k3/8/8/8/4K2R");
    let (_, p) = g.propose(3 * MIN, 2, Some(Color::White), illegal(IllegalKind::Move));
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    let c = core_catalogue().format(Lang::De, p.conflict.as_ref().unwrap());
    assert!(c.contains("geltenden Regeln") && c.contains("½-½"), "{c}");
    // 1987 (no device rule) against 2023 11.3.2.2 (loss).
    let g = Game::of("nrw-1987", &[]);
    let (_, p) = g.propose(
        MIN,
        4,
        Some(Color::White),
        device(DevicePlace::OnPerson, vec![]),
    );
    assert!(p.conflict.is_some());
    // 2017 rapid A.4.2 (the first loses) against 2023 A.3 (one minute).
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.clock(MIN, 3, 10 * MIN, 12 * MIN, Some(Color::Black));
    let (_, p) = g.propose(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
    let c = core_catalogue().format(Lang::En, p.conflict.as_ref().unwrap());
    assert!(c.contains("+1 min"), "{c}");
    // The Laws in force, and a league profile under them, never warn.
    for profile in ["fide-2023", "bundesliga"] {
        let mut g = Game::of(profile, &[]);
        g.position(1, "8/8/8/4k3/8/8/8/4K2R");
        for kind in [
            illegal(IllegalKind::Move),
            device(DevicePlace::OnPerson, vec![]),
            InterventionKind::RefusalToComply { both: false },
        ] {
            let (_, p) = g.propose(MIN, 1, Some(Color::White), kind);
            assert!(p.conflict.is_none(), "{profile}");
        }
    }
    // League procedure is not compared (the 60 min default time of 1987 is the BTO's).
    let g = Game::of("nrw-1987", &[]);
    let (_, p) = g.propose(2 * 60 * MIN, 1, None, InterventionKind::DefaultTimeExpired);
    assert!(p.conflict.is_none());
}

/// A claim about the clock's setting in rapid and blitz (2017 A.4.1.1, S002:858: final after 10
/// moves each; pre-2009 B.4, S001:723: after 3): the limit and the moves completed are shown with
/// the setting the clock showed at the start against the time control; within the limit the
/// correction by the difference is proposed, after it none.
#[test]
fn a_claim_about_the_rapid_clock_setting_is_judged_against_the_limit() {
    let line: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .copied()
        .cycle()
        .take(20)
        .collect();
    for (profile, limit) in [("fide-2017", 10usize), ("trier", 3)] {
        // The clock was set to 14 min for White instead of 15 (+10 s).
        let mut g = Game::of(profile, &[RAPID_TC]);
        g.clock(0, 5, 14 * MIN, 15 * MIN, None);
        g.moves(5, &line[..2 * (limit - 1)]);
        let (_, p) = g.propose(MIN, 5, Some(Color::White), InterventionKind::TimeCorrection);
        let t = en_all(&p);
        assert!(
            t.contains(&format!(
                "final once each player has completed {limit} moves"
            )),
            "{profile}: {t}"
        );
        assert!(
            t.contains(&format!("White {}, Black {}", limit - 1, limit - 1)),
            "{profile}: {t}"
        );
        assert!(
            t.contains(
                "At the start the clock showed 0:14:00 for White; the time control gives 0:15:00"
            ),
            "{profile}: {t}"
        );
        assert_eq!(
            p.consequence.clock,
            vec![plus(Color::White, 60_000)],
            "{profile}: {t}"
        );
        // After the limit: no correction, the facts still shown.
        let mut g = Game::of(profile, &[RAPID_TC]);
        g.clock(0, 5, 14 * MIN, 15 * MIN, None);
        g.moves(5, &line[..2 * limit]);
        let (_, p) = g.propose(MIN, 5, Some(Color::White), InterventionKind::TimeCorrection);
        let t = en_all(&p);
        assert!(p.consequence.clock.is_empty(), "{profile}: {t}");
        assert!(
            t.contains(&format!("After {limit} moves")),
            "{profile}: {t}"
        );
        assert!(
            t.contains("the clock showed 0:14:00 for White"),
            "{profile}: {t}"
        );
    }
    // A clock set right: nothing to correct, said so.
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    g.clock(0, 5, 15 * MIN, 15 * MIN, None);
    g.moves(5, &line[..4]);
    let (_, p) = g.propose(MIN, 5, Some(Color::White), InterventionKind::TimeCorrection);
    assert!(p.consequence.clock.is_empty());
    assert!(
        en_all(&p).contains("showed the time control's times"),
        "{}",
        en_all(&p)
    );
}

/// The explanation and every fact, in English.
fn en_all(p: &Proposal) -> String {
    let mut v = vec![en(p)];
    v.extend(p.facts.iter().map(|f| core_catalogue().format(Lang::En, f)));
    v.join(" | ")
}

/// Where the edition fixes the opponent's score the console proposes it, no decision: 2017 and
/// 2023 11.3.2.2 (S002:755) "The opponent shall win", even where he cannot mate; the DSB note on
/// 11.7 (S002:1599-1603, adopted by the Bundesliga profile): after a persistent refusal the
/// opponent wins if he can mate by any series of legal moves, otherwise ½ (0–½). 2023 11.7 alone
/// ("the arbiter shall decide") stays the arbiter's (tested above).
#[test]
fn the_edition_fixes_the_opponents_score_after_a_device_and_a_refusal() {
    for profile in ["fide-2017", "fide-2023", "bundesliga"] {
        let mut g = Game::of(profile, &[]);
        // White has king and rook, Black a bare king: White's device; Black cannot mate.
        g.position(7, "8/8/8/4k3/8/8/8/4K2R");
        let (_, p) = g.propose(
            MIN,
            7,
            Some(Color::White),
            device(DevicePlace::OnPerson, vec![]),
        );
        assert!(p.decision.is_none(), "{profile}: {}", en(&p));
        assert_eq!(
            p.consequence.result,
            Some(GameResult::BlackWins),
            "{profile}"
        );
        let facts: Vec<String> = p
            .facts
            .iter()
            .map(|f| core_catalogue().format(Lang::En, f))
            .collect();
        assert!(
            facts
                .iter()
                .any(|f| f.contains("the edition fixes the score")),
            "{profile}: {facts:?}"
        );
    }
    let mut g = Game::of("bundesliga", &[]);
    g.position(7, "8/8/8/4k3/8/8/8/4K2R");
    let (_, p) = g.propose(
        MIN,
        7,
        Some(Color::White),
        InterventionKind::RefusalToComply { both: false },
    );
    assert!(p.decision.is_none(), "{}", en(&p));
    assert_eq!(p.consequence.result, Some(GameResult::WhiteZeroBlackHalf));
    assert!(
        p.articles.iter().any(|a| a.contains("11.7")),
        "{:?}",
        p.articles
    );
    let (_, p) = g.propose(
        MIN,
        7,
        Some(Color::Black),
        InterventionKind::RefusalToComply { both: false },
    );
    assert_eq!(p.consequence.result, Some(GameResult::WhiteWins));
}

/// DSB note to TO A-13.3 (S002:1609): a warning the player accepted need not be reported: where
/// the profile adopts the note the line is journaled with that notice and the report marks it
/// optional; under the 2023 Laws alone it is an ordinary warning.
#[test]
fn an_accepted_warning_is_marked_optional_where_the_profile_adopts_the_dsb_note() {
    let warning = |accepted| InterventionKind::Penalty {
        penalties: vec![PenaltyKind::Warning],
        time_s: None,
        accepted,
    };
    for (profile, optional) in [
        ("bundesliga", true),
        ("fide-2017", true),
        ("fide-2023", false),
    ] {
        let mut g = Game::of(profile, &[]);
        let p = g.intervene(MIN, 2, Some(Color::White), warning(true));
        assert!(p.consequence.warning, "{profile}");
        assert_eq!(p.notices.len(), usize::from(optional), "{profile}");
        let r = arbiter_core::report::build(&g.m, &g.records);
        let line = r.interventions.last().unwrap();
        assert_eq!(line.notices, p.notices, "{profile}: journaled and reported");
        if optional {
            let t = core_catalogue().format(Lang::En, &line.notices[0]);
            assert!(
                t.contains("need not be reported") && t.contains("A-13.3"),
                "{t}"
            );
            core_catalogue().format(Lang::De, &line.notices[0]);
        }
        // Not accepted: no notice.
        let p = g.intervene(2 * MIN, 2, Some(Color::White), warning(false));
        assert!(p.notices.is_empty(), "{profile}");
    }
}

/// 2017/2023 12.7 (S002:801 "The arbiter may expel offenders from the playing venue"; pre-2009
/// 13.7): the expulsion of a spectator is recorded with its article, no game changes; the 1989
/// standard Laws name no such power: recorded, said so; a person must be named.
#[test]
fn the_expulsion_of_a_spectator_is_recorded_with_the_editions_article() {
    let expel = |person: &str| InterventionKind::PersonExpelled {
        person: person.into(),
    };
    for (profile, article) in [("fide-2023", "12.7"), ("trier", "13.7")] {
        let g = Game::of(profile, &[]);
        let (_, p) = g.propose(MIN, 3, None, expel("a spectator at board 3"));
        assert!(
            p.articles
                .iter()
                .any(|a| a.ends_with(&format!("Art. {article}"))),
            "{profile}: {:?}",
            p.articles
        );
        assert!(p.consequence.result.is_none() && p.consequence.clock.is_empty());
        assert!(en(&p).contains("a spectator at board 3"), "{}", en(&p));
    }
    let g = Game::of("nrw-1987", &[]);
    let (_, p) = g.propose(MIN, 3, None, expel("a spectator"));
    assert!(en(&p).contains("name no such power"), "{}", en(&p));
    let (_, p) = g.propose(MIN, 3, None, expel("  "));
    assert!(p.missing.is_some());
}

/// 2023/2017 8.1.6: a player who cannot keep score; the decision that exempts a player with a
/// disability is recorded with its text, and that no assistant is available (the player "may
/// provide" one); both are in the report's words for the line.
#[test]
fn a_notation_exemption_and_no_assistant_are_recorded() {
    let mut g = Game::of("fide-2023", &[]);
    let kind = InterventionKind::UnableToRecord {
        disabled: true,
        time_s: None,
        exemption: "arm in plaster: exempt by the arbiter's decision of 14:05".into(),
        no_assistant: true,
    };
    let p = g.intervene(MIN, 3, Some(Color::Black), kind);
    let facts: Vec<String> = p
        .facts
        .iter()
        .map(|f| core_catalogue().format(Lang::En, f))
        .collect();
    assert!(
        facts.iter().any(|f| f.contains("arm in plaster: exempt")),
        "{facts:?}"
    );
    assert!(
        facts
            .iter()
            .any(|f| f.contains("No assistant") && f.contains("8.1.6")),
        "{facts:?}"
    );
    let r = arbiter_core::report::build(&g.m, &g.records);
    let words = core_catalogue().format(
        Lang::En,
        &arbiter_core::words::intervention_kind(&r.interventions.last().unwrap().kind),
    );
    assert!(
        words.contains("arm in plaster") && words.contains("no assistant available"),
        "{words}"
    );
}

#[test]
fn an_illegal_move_that_stood_is_recorded_and_a_later_claim_against_it_is_refused() {
    // 2017 A.4.2 (002:860) and B.4 (blitz), 2023 A.5.2, pre-2009 C.3 (Trier blitz): once the
    // opponent has made his next move the illegal move stands and "cannot be corrected"; the
    // record marks it, and a claim against it afterwards is refused with that reason.
    for (profile, tc) in [
        ("fide-2017", RAPID_TC),
        ("fide-2017", BLITZ_TC),
        ("fide-2023", RAPID_TC),
        ("trier", BLITZ_TC),
    ] {
        let mut g = Game::of(profile, &[tc]);
        // Black has replied: White's clock runs.
        g.clock(MIN, 3, 10 * MIN, 12 * MIN, Some(Color::White));
        let p = g.intervene(MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
        assert_eq!(
            p.consequence.game,
            Some(arbiter_core::intervention::GameChange::Stood { ply: None }),
            "{profile} {tc}: {}",
            en(&p)
        );
        let bs = g.s.board(BoardNo(3)).unwrap();
        assert_eq!(bs.game.stood.len(), 1, "{profile}");
        assert_eq!(bs.game.stood[0].player, Color::White);
        assert_eq!(
            bs.illegal_count(Color::White, None),
            0,
            "not penalised, not counted"
        );
        // Black claims it later: refused, with the reason.
        let (_, p) = g.propose(2 * MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
        assert!(
            en(&p).contains("stood") && en(&p).contains("refused"),
            "{profile}: {}",
            en(&p)
        );
        assert_eq!(p.consequence, Default::default());
        // White has moved since (Black's clock runs): a new illegal move is not the one that
        // stood.
        g.clock(3 * MIN, 3, 9 * MIN, 12 * MIN, Some(Color::Black));
        let (_, p) = g.propose(3 * MIN, 3, Some(Color::White), illegal(IllegalKind::Move));
        assert!(!en(&p).contains("refused"), "{profile}: {}", en(&p));
    }
    // On an e-board: 1.e4 e5 2.Ke3?? shown, then 2...Nf6 made on it. The move is the board's
    // half-move 3; it stood, and a claim naming half-move 3 is refused.
    let mut g = Game::of("fide-2017", &[RAPID_TC]);
    for (ply, uci, san) in [
        (1, "e2e4", "e4"),
        (2, "e7e5", "e5"),
        (3, "e1e3", "Ke3"),
        (4, "g8f6", "Nf6"),
    ] {
        let b = BoardNo(3);
        g.push(
            ply as u64 * 1_000,
            Origin::Feed(b),
            MoveMade {
                board: b,
                ply,
                uci: uci.into(),
                san: san.into(),
                clock_ms: None,
            }
            .into(),
        );
    }
    let p = g.intervene(MIN, 3, None, illegal(IllegalKind::Move));
    assert_eq!(
        p.consequence.game,
        Some(arbiter_core::intervention::GameChange::Stood { ply: Some(3) }),
        "{}",
        en(&p)
    );
    let bs = g.s.board(BoardNo(3)).unwrap();
    assert_eq!(bs.game.stood[0].ply, Some(3));
    assert!(bs.game.illegal.is_none());
    assert!(
        bs.position().is_none(),
        "the game goes on from a position no record holds"
    );
    let (_, p) = g.propose(
        2 * MIN,
        3,
        Some(Color::White),
        InterventionKind::IllegalMove {
            opponent_replied: None,
            kind: IllegalKind::Move,
            played: None,
            found_at_ply: Some(3),
            clocks: None,
        },
    );
    assert!(en(&p).contains("refused"), "{}", en(&p));
}
