//! The game on every board against the rule texts (`../shared/reference/`, digest
//! `notes/rules-game-claims.md` §8 with positions verified there): positions from a FEN, illegal
//! moves put right, the end of a game at the move that ends it, flag rulings that read the clock
//! and the moves completed, both flags under each profile, the arbiter's clock operations, and
//! post-game locking.

use std::path::Path;

use crate::support;
use arbiter_core::by_colour::ByColor;
use arbiter_core::clock::{ChangeKind, ClockMs, ClockOperation, PeriodAddition, TimeFloor};
use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::intervention::{
    ClockChoice, GameChange, IllegalKind, InterventionKind, TimeChange,
};
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, ClockSide, Color, GameResult};
use arbiter_core::record::{
    BoardIrregularity, BoardPosition, BoardSetup, ClockSample, Event, FeedState, FeedStatus,
    MoveMade, Origin, ResultCorrected, ResultRecorded, SessionStarted,
};
use arbiter_core::rules::{self, Proposal, Request};
use arbiter_core::state::{MatchState, MoveStatus, apply};
use arbiter_core::status::{BoardAlert, board_status};
use arbiter_core::time::{MonoMs, WallMs};
use shakmaty::{Chess, Position};

const MIN: u64 = 60_000;
const B: BoardNo = BoardNo(1);

fn load(profile: &str) -> Match {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    Match::from_texts(
        Path::new("config/matches/demo-bundesliga.toml"),
        &text("config/matches/demo-bundesliga.toml"),
        Path::new(&format!("config/rules/{profile}.toml")),
        &text(&format!("config/rules/{profile}.toml")),
    )
    .unwrap()
}

/// A match in progress on board 1, records stamped `at` ms after the session start.
struct Table {
    m: Match,
    s: MatchState,
    chain: Chain,
    buf: Vec<u8>,
    /// The clock as the test's physical clock has it: `[white, black]`, the running colour.
    clock: [u64; 2],
    running: Option<Color>,
}

fn en(m: &arbiter_core::i18n::Msg) -> String {
    core_catalogue().format(Lang::En, m)
}

/// The explanation and every fact, in English, each checked to format in both languages.
fn words(p: &Proposal) -> String {
    let mut all = vec![p.explanation.clone()];
    all.extend(p.facts.iter().cloned());
    for m in &all {
        for lang in Lang::ALL {
            core_catalogue()
                .try_format(lang, m)
                .unwrap_or_else(|e| panic!("{m:?} in {lang:?}: {e:?}"));
        }
    }
    all.iter().map(en).collect::<Vec<_>>().join(" | ")
}

impl Table {
    fn new(profile: &str) -> Table {
        let m = load(profile);
        let initial = m.profile.time_control.initial_ms();
        let mut t = Table {
            s: MatchState::default(),
            chain: Chain::default(),
            buf: Vec::new(),
            clock: [initial, initial],
            running: None,
            m,
        };
        let ev = SessionStarted::of(&t.m, "test".into());
        t.push(0, Origin::System, ev.into());
        t.push(
            0,
            Origin::Feed(B),
            FeedStatus {
                board: B,
                state: FeedState::Live,
                detail: String::new(),
            }
            .into(),
        );
        t
    }

    fn push(&mut self, at: u64, origin: Origin, event: Event) -> Record {
        let r = support::append_at(&self.m, &mut self.chain, &mut self.buf, at, origin, event);
        apply(&mut self.s, &r);
        r
    }

    fn setup(&mut self, at: u64, fen: Option<&str>, clock_adds: Option<PeriodAddition>) {
        self.push(
            at,
            Origin::Arbiter,
            BoardSetup {
                board: B,
                fen: fen.map(str::to_string),
                clock_adds,
                reason: "test".into(),
            }
            .into(),
        );
    }

    /// A clock report of the test's clock (White on the left).
    fn sample_flags(&mut self, at: u64, flags: [bool; 2]) {
        let running = self.running.map(|c| {
            if c.is_white() {
                ClockSide::Left
            } else {
                ClockSide::Right
            }
        });
        let ev = ClockSample {
            board: B,
            left_ms: self.clock[0] / 1000 * 1000,
            right_ms: self.clock[1] / 1000 * 1000,
            running,
            left_flag: flags[0],
            right_flag: flags[1],
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        };
        self.push(at, Origin::Feed(B), ev.into());
    }

    fn sample(&mut self, at: u64) {
        self.sample_flags(at, [false, false]);
    }

    fn start_clock(&mut self, at: u64) {
        self.sample(at);
        self.running = Some(self.position().turn());
        self.sample(at);
    }

    fn position(&self) -> Chess {
        self.s.board(B).unwrap().position().unwrap().clone()
    }

    /// A move on the e-board (SAN or UCI) from the game record's position.
    fn mv(&mut self, at: u64, m: &str) {
        let bs = self.s.board(B).unwrap();
        let g = &bs.game.game;
        let legal = g
            .legal_move(m, m)
            .unwrap_or_else(|| panic!("{m} illegal in {}", g.fen()));
        let ev = MoveMade {
            board: B,
            ply: g.ply() + 1,
            uci: shakmaty::uci::UciMove::from_standard(legal).to_string(),
            san: g.san(legal),
            clock_ms: None,
        };
        self.push(at, Origin::Feed(B), ev.into());
    }

    /// The mover thinks `think` ms, makes `m` on the board and presses the clock (increment
    /// from the time control).
    fn play(&mut self, at: &mut u64, think: u64, m: &str) {
        let mover = self.position().turn();
        let i = usize::from(mover.is_black());
        *at += think;
        self.clock[i] = self.clock[i].saturating_sub(think);
        self.mv(*at, m);
        let n = self.s.board(B).unwrap().completed(mover, None) + 1;
        self.clock[i] += self.m.profile.time_control.increment_ms_for(n);
        self.running = Some(!mover);
        self.sample(*at + 100);
    }

    /// The mover thinks `think` ms and presses the clock, with no move on an e-board (a board
    /// whose moves the journal does not hold).
    fn press(&mut self, at: &mut u64, think: u64) {
        let mover = self.running.unwrap_or(Color::White);
        let i = usize::from(mover.is_black());
        *at += think;
        self.clock[i] = self.clock[i].saturating_sub(think);
        self.running = Some(!mover);
        self.sample(*at + 100);
    }

    /// The running player's time runs out `after` ms from `at`.
    fn run(&mut self, at: &mut u64, ms: u64) {
        let i = usize::from(self.running.is_some_and(|c| c.is_black()));
        *at += ms;
        self.clock[i] = self.clock[i].saturating_sub(ms);
    }

    fn irregular(&mut self, at: u64, placement: &str) {
        self.push(
            at,
            Origin::Feed(B),
            BoardIrregularity {
                board: B,
                placement: placement.into(),
                detail: "no legal move reaches this position".into(),
                detail_msg: None,
            }
            .into(),
        );
        self.push(
            at,
            Origin::Feed(B),
            BoardPosition {
                board: B,
                placement: placement.into(),
            }
            .into(),
        );
    }

    fn propose(
        &self,
        at: u64,
        player: Option<Color>,
        kind: InterventionKind,
    ) -> (Request, Proposal) {
        let req = Request {
            board: Some(B),
            player,
            kind,
        };
        (
            req.clone(),
            rules::propose(&self.m, &self.s, &req, MonoMs::from_base_ms(at)),
        )
    }

    fn confirm(&mut self, at: u64, player: Option<Color>, kind: InterventionKind) -> Proposal {
        let (req, p) = self.propose(at, player, kind);
        let ev = rules::confirm(&req, &p, p.consequence.clone(), String::new());
        self.push(at, Origin::Arbiter, ev);
        p
    }

    fn alerts(&self, at: u64) -> Vec<BoardAlert> {
        board_status(
            &self.m,
            &self.s,
            self.s.board(B).unwrap(),
            MonoMs::from_base_ms(at),
        )
        .alerts
    }

    fn rejected(&self) -> usize {
        self.s.rejected.len()
    }
}

/// A legal game of `plies` half-moves without captures, repetitions or an end (chosen
/// deterministically), from the initial position.
fn quiet_line(plies: usize) -> Vec<String> {
    let mut pos = Chess::default();
    let mut seen = vec![arbiter_core::game::key(&pos)];
    let mut out = Vec::new();
    let mut k: u64 = 7;
    for _ in 0..plies {
        let ok = |m: &shakmaty::Move| {
            let mut p = pos.clone();
            p.play_unchecked(*m);
            !p.is_game_over()
                && arbiter_core::game::dead_position(&p).is_none()
                && !seen.contains(&arbiter_core::game::key(&p))
        };
        let mut moves: Vec<shakmaty::Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_capture())
            .filter(ok)
            .collect();
        if moves.is_empty() {
            moves = pos.legal_moves().into_iter().filter(ok).collect();
        }
        moves.sort_by_key(|m| shakmaty::uci::UciMove::from_standard(*m).to_string());
        assert!(
            !moves.is_empty(),
            "the generator got stuck after {}",
            out.len()
        );
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(k >> 33) as usize % moves.len()];
        out.push(shakmaty::uci::UciMove::from_standard(m).to_string());
        pos.play_unchecked(m);
        seen.push(arbiter_core::game::key(&pos));
    }
    out
}

// ---- A position from a FEN -------------------------------------------------------------------

#[test]
fn a_fen_with_black_in_check_gives_a_draw_where_the_rules_give_one() {
    // Black (bare king, in check from the rook) to move: the position is legal. White (K+R)
    // completes a second illegal move: Black cannot checkmate by any series of legal moves, so
    // the game is drawn (FIDE 2023 7.5.5), not lost.
    let mut t = Table::new("fide-2023");
    // A FEN that is no legal position (White to move with Black in check) is refused, naming it.
    t.setup(0, Some("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), None);
    assert!(
        t.s.rejected
            .last()
            .unwrap()
            .reason
            .contains("not a legal chess position")
    );
    t.setup(0, Some("4k3/8/8/8/8/8/8/4R1K1 b - - 0 40"), None);
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.position().unwrap().turn(), Color::Black);
    // Black to move at move 40: White has made 40 moves, Black 39.
    assert_eq!(bs.completed(Color::White, None), 40);
    assert_eq!(bs.completed(Color::Black, None), 39);
    t.confirm(
        MIN,
        Some(Color::White),
        InterventionKind::illegal(IllegalKind::Move),
    );
    let p = t.confirm(
        2 * MIN,
        Some(Color::White),
        InterventionKind::illegal(IllegalKind::Move),
    );
    assert_eq!(
        p.consequence.result,
        Some(GameResult::Draw),
        "{}",
        words(&p)
    );
}

// ---- Illegal moves put right ------------------------------------------------------------------

#[test]
fn an_illegal_king_move_is_reinstated_with_the_touched_kings_legal_moves() {
    // IM-2: White's king goes into check on the second rank (Ke2) and White presses the clock.
    // The position before it is reinstated; the touched king must move: Kf1 or Kxd2 (4.3); the
    // press completed no move (the clock counts one: its counter is set back); Black +2 min.
    let mut t = Table::new("fide-2023");
    t.setup(0, Some("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"), None);
    t.start_clock(1_000);
    t.irregular(30_000, "4k3/8/8/8/8/8/3rK3/8");
    t.running = Some(Color::Black);
    t.clock[0] -= 29_000;
    t.sample(30_100);
    let (_, p) = t.propose(
        40_000,
        Some(Color::White),
        InterventionKind::illegal(IllegalKind::Move),
    );
    let w = words(&p);
    assert!(w.contains("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"), "{w}");
    assert!(
        w.contains("The touched piece (Ke1) must move (Art. 4.3): Kf1, Kxd2"),
        "{w}"
    );
    assert!(w.contains("Moves completed by White: 0"), "{w}");
    // +2 min to Black; the profile takes White's increment of the illegal press back
    // (`remove_increment`, the Arbiters' Manual).
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
    assert_eq!(
        p.consequence.clock_ops,
        vec![ClockOperation::SetMoves {
            color: Color::White,
            moves: 0
        }]
    );
    assert_eq!(
        p.consequence.game, None,
        "the game record never left the last legal position"
    );
    let rec = rules::confirm(
        &Request {
            board: Some(B),
            player: Some(Color::White),
            kind: InterventionKind::illegal(IllegalKind::Move),
        },
        &p,
        p.consequence.clone(),
        String::new(),
    );
    t.push(40_000, Origin::Arbiter, rec);
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.illegal_count(Color::White, None), 1);
    assert_eq!(
        bs.mirror.as_ref().unwrap().color_moves(Color::White),
        Some(0),
        "the clock model's counter set back"
    );
    // The arbiter names the move himself (no e-board): the same touched king.
    let mut t = Table::new("fide-2023");
    t.setup(0, Some("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"), None);
    let (_, p) = t.propose(
        MIN,
        Some(Color::White),
        InterventionKind::IllegalMove {
            opponent_replied: None,
            kind: IllegalKind::Move,
            played: Some("e1e2".into()),
            found_at_ply: None,
            clocks: None,
        },
    );
    assert!(words(&p).contains("Kf1, Kxd2"));
}

#[test]
fn a_pinned_knight_has_no_legal_move_so_any_legal_move_replaces_the_illegal_one() {
    // IM-1 (case Evers): Black's Ne5 is pinned by the Re1; Nd3+ exposes the king. Reinstated;
    // the knight has no legal move: any legal move (Art. 4.5); White +2 min.
    let mut t = Table::new("fide-2023");
    t.setup(0, Some("r3k3/8/8/4n3/8/8/5K2/4R3 b - - 0 1"), None);
    t.irregular(20_000, "r3k3/8/8/8/8/3n4/5K2/4R3");
    let (_, p) = t.propose(
        MIN,
        Some(Color::Black),
        InterventionKind::illegal(IllegalKind::Move),
    );
    let w = words(&p);
    assert!(
        w.contains("The touched piece (Ne5) has no legal move: any legal move (Art. 4.5)"),
        "{w}"
    );
    assert!(w.contains("r3k3/8/8/4n3/8/8/5K2/4R3 b - - 0 1"), "{w}");
    assert_eq!(
        p.consequence.clock[0],
        TimeChange {
            player: Color::White,
            delta_ms: 120_000
        }
    );
    // Under the 1987 NRW text: reinstated, no time penalty (8.1); the touched knight still has
    // no legal move (7.3 "jeden möglichen Zug seiner Wahl").
    let mut t = Table::new("nrw-1987");
    t.setup(0, Some("r3k3/8/8/4n3/8/8/5K2/4R3 b - - 0 1"), None);
    t.irregular(20_000, "r3k3/8/8/8/8/3n4/5K2/4R3");
    let (_, p) = t.propose(
        MIN,
        Some(Color::Black),
        InterventionKind::illegal(IllegalKind::Move),
    );
    assert!(p.consequence.clock.is_empty());
    assert!(words(&p).contains("has no legal move"));
}

#[test]
fn a_pawn_left_on_the_last_rank_is_replaced_by_a_queen() {
    // IM-4 (7.5.2): e7-e8 without promotion, clock pressed: the pawn becomes a queen (no
    // reinstatement), it counts as the first illegal move: Black +2 min.
    let mut t = Table::new("fide-2023");
    t.setup(0, Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), None);
    t.irregular(20_000, "4P3/8/8/8/8/8/k7/4K3");
    let p = t.confirm(
        MIN,
        Some(Color::White),
        InterventionKind::illegal(IllegalKind::PromotionNotCompleted),
    );
    assert_eq!(
        p.consequence.game,
        Some(GameChange::Replace {
            uci: "e7e8q".into(),
            san: "e8=Q".into(),
            fen: "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1".into()
        }),
        "{}",
        words(&p)
    );
    assert_eq!(
        p.consequence.clock[0],
        TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }
    );
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.game.game.fen(), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
    assert_eq!(
        bs.completed(Color::White, None),
        1,
        "the pawn move was completed"
    );
    assert_eq!(bs.illegal_count(Color::White, None), 1);
    // The players put the queen on e8: the e-board reports the move the arbiter already made.
    t.push(
        MIN + 5_000,
        Origin::Feed(B),
        MoveMade {
            board: B,
            ply: 1,
            uci: "e7e8q".into(),
            san: "e8=Q".into(),
            clock_ms: None,
        }
        .into(),
    );
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.moves.last().unwrap().status, MoveStatus::Duplicate);
    assert_eq!(bs.game.game.fen(), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
    // Under the 1987 NRW text it is no illegal move (5.6 e): the position is restored.
    let mut t = Table::new("nrw-1987");
    t.setup(0, Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), None);
    t.irregular(20_000, "4P3/8/8/8/8/8/k7/4K3");
    let (_, p) = t.propose(
        MIN,
        Some(Color::White),
        InterventionKind::illegal(IllegalKind::PromotionNotCompleted),
    );
    assert!(p.consequence.game.is_none() && p.consequence.clock.is_empty());
    assert!(words(&p).contains("not an illegal move"));
}

#[test]
fn the_second_illegal_move_draws_against_a_bare_king_and_loses_against_king_and_knight() {
    // IM-3a: White has only his king: Black's 2nd illegal move draws (7.5.5).
    // IM-3b: White K+N, Black K+R: a mate exists with Black's help (6rk/5N2/7K/... is mate):
    // Black loses. IM-3c: White K+N, Black K+P: 8/8/8/8/8/1N6/p1K5/k7 is mate: Black loses.
    for (fen, expected) in [
        ("4k3/8/8/2q5/8/8/8/7K b - - 0 1", GameResult::Draw),
        ("6rk/8/8/8/8/8/4N3/4K3 b - - 0 1", GameResult::WhiteWins),
        ("k7/8/8/8/8/8/p3N3/4K3 b - - 0 1", GameResult::WhiteWins),
    ] {
        let mut t = Table::new("fide-2023");
        t.setup(0, Some(fen), None);
        let first = t.confirm(
            MIN,
            Some(Color::Black),
            InterventionKind::illegal(IllegalKind::Move),
        );
        assert_eq!(first.consequence.result, None);
        let second = t.confirm(
            2 * MIN,
            Some(Color::Black),
            InterventionKind::illegal(IllegalKind::Move),
        );
        assert_eq!(
            second.consequence.result,
            Some(expected),
            "{fen}: {}",
            words(&second)
        );
        assert_eq!(
            t.s.board(B).unwrap().result.as_ref().unwrap().result,
            expected
        );
    }
}

#[test]
fn an_illegal_move_found_four_moves_later_with_either_clock_choice() {
    // 4.Ba4 (half-move 7) is found illegal after 8.… (four moves later by each player). The
    // position before it is reinstated and the moves after it taken back; the clocks: as the
    // journal recorded them when White started move 4, or unchanged (7.1); both counters set to
    // three moves; Black +2 min (7.5.5).
    let line = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3",
    ];
    let run = |choice: Option<ClockChoice>| {
        let mut t = Table::new("fide-2023");
        let mut at = 1_000;
        t.start_clock(at);
        for (i, m) in line.iter().enumerate() {
            t.play(&mut at, 20_000 + 1_000 * i as u64, m);
        }
        // White's clock when he started move 4 (3...a6 pressed): the clock presses are the
        // stopped clock, White's start, then one after each half-move.
        let presses = &t.s.board(B).unwrap().clock_presses;
        let when = presses[7].sample.by_colour();
        let kind = InterventionKind::IllegalMove {
            opponent_replied: None,
            kind: IllegalKind::Move,
            played: None,
            found_at_ply: Some(7),
            clocks: choice,
        };
        let (req, p) = t.propose(at + 5_000, Some(Color::White), kind);
        (t, req, p, when, at)
    };
    // Not chosen yet: the facts show both, nothing is proposed.
    let (_, _, p, when, _) = run(None);
    let w = words(&p);
    assert!(w.contains("4.Ba4 was illegal"), "{w}");
    assert!(w.contains("take back 9 half-moves"), "{w}");
    assert!(
        w.contains(&format!(
            "as the journal recorded them: White {}, Black {}",
            arbiter_core::hms::format_hms(when.white),
            arbiter_core::hms::format_hms(when.black)
        )),
        "{w}"
    );
    assert_eq!(p.consequence, Default::default());
    // Naming the wrong player is refused.
    let (t, ..) = run(None);
    let (_, p) = t.propose(
        0,
        Some(Color::Black),
        InterventionKind::IllegalMove {
            opponent_replied: None,
            kind: IllegalKind::Move,
            played: None,
            found_at_ply: Some(7),
            clocks: Some(ClockChoice::Current),
        },
    );
    assert!(words(&p).contains("was made by White"));
    assert_eq!(p.consequence, Default::default());
    for choice in ClockChoice::ALL {
        let (mut t, req, p, when, at) = run(Some(choice));
        assert_eq!(
            p.consequence.game,
            Some(GameChange::Reinstate {
                moves: 6,
                fen: "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4".into()
            })
        );
        let set_times = ClockOperation::SetTimes(when);
        assert_eq!(
            p.consequence.clock_ops.contains(&set_times),
            choice == ClockChoice::Recorded,
            "{choice:?}"
        );
        assert!(p.consequence.clock_ops.contains(&ClockOperation::SetMoves {
            color: Color::White,
            moves: 3
        }));
        assert!(p.consequence.clock.contains(&TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }));
        t.push(
            at + 5_000,
            Origin::Arbiter,
            rules::confirm(&req, &p, p.consequence.clone(), "found later".into()),
        );
        let bs = t.s.board(B).unwrap();
        assert_eq!(
            bs.game.game.fen(),
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
        );
        assert_eq!(
            bs.moves
                .iter()
                .filter(|m| m.status == MoveStatus::Withdrawn)
                .count(),
            9
        );
        assert_eq!(bs.illegal_count(Color::White, None), 1);
        assert_eq!(bs.completed(Color::White, None), 3);
        // The journal says which clocks the arbiter chose.
        let iv = &t.s.interventions.last().unwrap().intervention;
        assert!(matches!(
            iv.kind,
            InterventionKind::IllegalMove { clocks: Some(c), .. } if c == choice
        ));
        // The game goes on from the reinstated position.
        let mut at = at + 10_000;
        t.play(&mut at, 5_000, "Bc4");
        assert_eq!(t.s.board(B).unwrap().game.game.ply(), 7);
    }
}

// ---- The end of a game at the move that ends it -------------------------------------------------

#[test]
fn stalemate_and_a_dead_position_end_the_game_at_the_move_and_a_later_flag_does_not_count() {
    // Sam Loyd's ten-move stalemate; then Black's clock, which keeps running, reaches zero.
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    t.start_clock(at);
    for m in [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ] {
        t.play(&mut at, 10_000, m);
    }
    let end_at = t.s.board(B).unwrap().moves.last().unwrap().at;
    let alerts = t.alerts(at + 200);
    assert!(
        alerts.iter().any(|a| matches!(
            a,
            BoardAlert::GameOver {
                reason: "rules-end-stalemate",
                result: GameResult::Draw,
                ..
            }
        )),
        "{alerts:?}"
    );
    let (_, p) = t.propose(at + 300, None, InterventionKind::GameEnded);
    assert_eq!(p.consequence.result, Some(GameResult::Draw));
    assert_eq!(
        p.instant,
        Some(end_at.wall_ms),
        "proposed with the time of the move"
    );
    // Black's time runs out later: no flag alert, and a flag claim keeps the draw.
    let left = t.clock[1];
    t.run(&mut at, left + 500);
    t.sample_flags(at, [false, true]);
    assert!(
        !t.alerts(at)
            .iter()
            .any(|a| matches!(a, BoardAlert::Flag { .. }))
    );
    let (_, p) = t.propose(at + 1_000, Some(Color::Black), InterventionKind::flag());
    assert_eq!(
        p.consequence.result,
        Some(GameResult::Draw),
        "{}",
        words(&p)
    );
    assert!(words(&p).contains("a flag after that does not count"));

    // Dead position: White takes the last black pawn, K+B against K.
    let mut t = Table::new("fide-2023");
    t.setup(0, Some("4k3/8/8/8/8/8/3p4/3BK3 w - - 0 60"), None);
    let mut at = 1_000;
    t.start_clock(at);
    t.play(&mut at, 10_000, "Kxd2");
    let (_, p) = t.propose(at + 100, None, InterventionKind::GameEnded);
    assert_eq!(p.consequence.result, Some(GameResult::Draw));
    assert!(words(&p).contains("dead position"));
    let left = t.clock[1];
    t.run(&mut at, left + 500);
    t.sample_flags(at, [false, true]);
    let (_, p) = t.propose(at + 1_000, Some(Color::Black), InterventionKind::flag());
    assert_eq!(
        p.consequence.result,
        Some(GameResult::Draw),
        "{}",
        words(&p)
    );
}

#[test]
fn fivefold_repetition_and_seventy_five_moves_end_the_game_without_a_claim() {
    // Knights out and back four times: the initial position for the fifth time (9.6.1).
    let shuffle: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .copied()
        .cycle()
        .take(16)
        .collect();
    for (profile, automatic) in [
        ("fide-2023", true),
        ("fide-2017", true),
        ("nrw-1987", false),
        ("trier", false),
    ] {
        let mut t = Table::new(profile);
        for (i, m) in shuffle.iter().enumerate() {
            t.mv(i as u64 * 1_000, m);
            let end = rules::automatic_end(&t.m, t.s.board(B).unwrap());
            assert_eq!(
                end.is_some(),
                automatic && i == 15,
                "{profile}: after half-move {}",
                i + 1
            );
        }
        assert_eq!(
            t.alerts(20_000).iter().any(|a| matches!(
                a,
                BoardAlert::GameOver {
                    reason: "rules-end-fivefold",
                    ..
                }
            )),
            automatic,
            "{profile}"
        );
    }
    // 75 moves each without capture or pawn move (9.6.2): the 150th half-move ends the game;
    // a mate on it prevails.
    let mut t = Table::new("fide-2023");
    t.setup(0, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"), None);
    t.mv(1_000, "Kf2");
    let end = rules::automatic_end(&t.m, t.s.board(B).unwrap()).unwrap();
    assert_eq!((end.result, end.article), (GameResult::Draw, "9.6.2"));
    let mut t = Table::new("fide-2023");
    t.setup(0, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"), None);
    t.mv(1_000, "Ra8#");
    let end = rules::automatic_end(&t.m, t.s.board(B).unwrap()).unwrap();
    assert_eq!((end.result, end.article), (GameResult::WhiteWins, "5.1.1"));
    // Not automatic under 1987: nothing.
    let mut t = Table::new("nrw-1987");
    t.setup(0, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"), None);
    t.mv(1_000, "Kf2");
    assert!(rules::automatic_end(&t.m, t.s.board(B).unwrap()).is_none());
}

// ---- Flags read from the clock and the game ------------------------------------------------------

/// 90/40 + 30 + 30 s: White plays `white_moves` moves of 160 s (130 s net of the increment),
/// Black answers in 10 s; then White thinks on. Returns the time White has left then.
fn forty_move_game(t: &mut Table, at: &mut u64, white_moves: usize) -> u64 {
    let line = quiet_line(2 * white_moves);
    t.start_clock(*at);
    for (i, m) in line.iter().enumerate() {
        let think = if i % 2 == 0 { 160_000 } else { 10_000 };
        t.play(at, think, m);
    }
    t.clock[0]
}

#[test]
fn a_flag_before_move_forty_on_a_clock_adding_time_at_zero_is_a_loss_at_that_instant() {
    // The board's DGT clock adds the second period when the time runs out (a DGT 3000 preset):
    // at 38 completed moves White's time reaches zero; the clock shows 30 min again. The
    // console marks the time as not earned, keeps 0:00 for White and proposes the loss at the
    // instant the time ran out, however late the arbiter looks.
    let mut t = Table::new("fide-2023");
    t.setup(0, None, Some(PeriodAddition::OnFlag));
    let mut at = 1_000;
    let left = forty_move_game(&mut t, &mut at, 38);
    assert_eq!(left, 5_400_000 - 38 * 130_000);
    t.run(&mut at, left + 200);
    t.clock[0] = 30 * MIN;
    t.sample_flags(at, [true, false]);
    let flag_wall = t.s.last.unwrap().wall_ms;
    let bs = t.s.board(B).unwrap();
    assert!(bs.clock_changes.iter().any(|c| c.kind
        == ChangeKind::PeriodTimeAdded {
            period: 1,
            on_flag: true
        }));
    let u = bs.device.unearned(Color::White).expect("time not earned");
    assert_eq!((u.completed, u.required), (38, 40));
    let st = board_status(&t.m, &t.s, bs, MonoMs::from_base_ms(at + 100));
    assert!(
        st.clock.unwrap().shown.white.ms() > 29 * MIN,
        "the device shows 30:00 again"
    );
    assert_eq!(
        st.model_clock.unwrap().shown.white.ms(),
        0,
        "the console keeps 0:00"
    );
    assert!(st.alerts.contains(&BoardAlert::Flag {
        color: Color::White
    }));
    assert!(st.alerts.iter().any(|a| matches!(
        a,
        BoardAlert::TimeNotEarned {
            color: Color::White,
            ..
        }
    )));
    // White plays on (moves 39 and 40); the arbiter looks five minutes later.
    t.play(&mut at, 20_000, &quiet_next(&t));
    t.play(&mut at, 10_000, &quiet_next(&t));
    t.play(&mut at, 20_000, &quiet_next(&t));
    let (_, p) = t.propose(at + 5 * MIN, Some(Color::White), InterventionKind::flag());
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        words(&p)
    );
    assert_eq!(p.instant, Some(flag_wall), "the instant the time ran out");
    let w = words(&p);
    assert!(
        w.contains(
            "ran out after 38 completed moves (counted on the e-board); the period requires 40"
        ),
        "{w}"
    );
    assert!(w.contains("not earned"), "{w}");
}

/// The next move of the quiet line from the board's position.
fn quiet_next(t: &Table) -> String {
    let pos = t.position();
    let mut moves: Vec<shakmaty::Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            let mut p = pos.clone();
            p.play_unchecked(*m);
            !m.is_capture() && !p.is_game_over()
        })
        .collect();
    moves.sort_by_key(|m| shakmaty::uci::UciMove::from_standard(*m).to_string());
    shakmaty::uci::UciMove::from_standard(moves[0]).to_string()
}

#[test]
fn a_flag_after_the_fortieth_move_was_completed_is_no_loss() {
    // Same clock, but White completed 40 moves before his first-period time ran out: the time
    // the clock adds at zero was earned; the flag only ends the period (6.4).
    let mut t = Table::new("fide-2023");
    t.setup(0, None, Some(PeriodAddition::OnFlag));
    let mut at = 1_000;
    let left = forty_move_game(&mut t, &mut at, 40);
    assert_eq!(left, 5_400_000 - 40 * 130_000);
    t.run(&mut at, left + 200);
    t.clock[0] = 30 * MIN;
    t.sample_flags(at, [true, false]);
    let bs = t.s.board(B).unwrap();
    assert!(bs.device.unearned(Color::White).is_none());
    let st = board_status(&t.m, &t.s, bs, MonoMs::from_base_ms(at + 100));
    assert!(
        !st.alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::Flag { .. })),
        "{:?}",
        st.alerts
    );
    let (_, p) = t.propose(at + MIN, Some(Color::White), InterventionKind::flag());
    assert_eq!(p.consequence.result, None, "{}", words(&p));
    assert!(words(&p).contains("had completed 40 of the 40 moves"));

    // The 40th move made on the board but the clock not pressed when the time runs out (on a
    // clock adding the period at the move count): 39 completed, lost (6.2.1, 6.9; Trier Nr. 4).
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    forty_move_game(&mut t, &mut at, 39);
    let last = quiet_next(&t);
    let left = t.clock[0];
    at += left - 300;
    t.mv(at, &last);
    at += 500;
    t.clock[0] = 0;
    t.sample_flags(at, [true, false]);
    assert_eq!(t.s.board(B).unwrap().completed(Color::White, None), 39);
    let (_, p) = t.propose(at + 1_000, Some(Color::White), InterventionKind::flag());
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        words(&p)
    );
    assert!(words(&p).contains("after 39 completed moves"));
}

#[test]
fn a_flag_after_checkmate_is_no_loss() {
    // Black mates (1.f3 e5 2.g4 Qh4#) and does not press; his time runs out afterwards.
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    t.start_clock(at);
    for m in ["f3", "e5", "g4"] {
        t.play(&mut at, 30_000, m);
    }
    at += 10_000;
    t.mv(at, "Qh4#");
    t.clock[1] = 0;
    at += 5_390_000;
    t.sample_flags(at, [false, true]);
    let (_, p) = t.propose(at + 1_000, Some(Color::Black), InterventionKind::flag());
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        words(&p)
    );
    assert!(
        !t.alerts(at)
            .iter()
            .any(|a| matches!(a, BoardAlert::Flag { .. }))
    );
}

#[test]
fn a_flag_that_never_fell_is_no_loss() {
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    t.start_clock(at);
    t.play(&mut at, 30_000, "e4");
    let (_, p) = t.propose(at + 1_000, Some(Color::Black), InterventionKind::flag());
    assert_eq!(p.consequence.result, None);
    assert!(words(&p).contains("Black's time has not run out"));
}

/// Both flags down in the period `last` (0 = the first of two) of a 2 h/40 + 1 h control
/// (Trier's; the other profiles read it the same way): White's first, then Black's in a later
/// report (`known`), or both in one report.
fn both_flags(profile: &str, known: bool, last: bool) -> Proposal {
    let mut t = Table::new(profile);
    // The same time control for every profile, so that only the [flags] rules differ.
    t.m.profile.time_control = "40/120+60".parse().unwrap();
    t.s = MatchState::default();
    t.chain = Chain::default();
    let tc = t.m.profile.time_control.clone();
    let ev = SessionStarted {
        match_sha256: String::new(),
        profile_sha256: String::new(),
        match_path: String::new(),
        profile_id: profile.into(),
        boards: 8,
        software: "test".into(),
        time_control: Some(tc.clone()),
        profile_path: None,
        match_text: None,
        profile_text: None,
    };
    t.push(0, Origin::System, ev.into());
    t.clock = [tc.initial_ms(); 2];
    let mut at = 1_000;
    t.start_clock(at);
    let moves = if last { 82 } else { 10 };
    for (i, m) in quiet_line(moves).iter().enumerate() {
        t.play(&mut at, if i % 2 == 0 { 100_000 } else { 80_000 }, m);
    }
    // White on move: both run down in one gap of the feed, or one after the other.
    if known {
        let left = t.clock[0];
        t.run(&mut at, left);
        t.sample_flags(at, [true, false]);
        t.running = Some(Color::Black);
        let left = t.clock[1];
        t.run(&mut at, left + 2_000);
        t.sample_flags(at, [true, true]);
    } else {
        t.clock = [0, 0];
        t.running = None;
        at += 3 * 3_600_000;
        t.sample_flags(at, [true, true]);
    }
    let (_, p) = t.propose(at + 1_000, None, InterventionKind::flag());
    let _ = words(&p);
    p
}

#[test]
fn both_flags_down_under_each_profile() {
    use arbiter_core::profile::Situation;
    // Trier (pre-2009 6.12, 10.3): order unknown: play on before the last period, a draw in
    // it; the order known: the first flag decides.
    let p = both_flags("trier", false, false);
    assert_eq!((p.consequence.result, p.decision.is_none()), (None, true));
    assert!(words(&p).contains("the game continues"), "{}", words(&p));
    let p = both_flags("trier", false, true);
    assert_eq!(
        p.consequence.result,
        Some(GameResult::Draw),
        "{}",
        words(&p)
    );
    let p = both_flags("trier", true, false);
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        words(&p)
    );
    assert!(words(&p).contains("an interpretation"));
    // NRW 1987 (12.8): order unknown: play on in every period.
    let p = both_flags("nrw-1987", false, true);
    assert_eq!(
        (p.consequence.result, p.decision.is_none()),
        (None, true),
        "{}",
        words(&p)
    );
    // 12.8 (S000:702): "gilt der nächste Zug als erster Zug für die folgende Zeitkontrolle":
    // said, and both counters set to the period's 40 moves (after 5 moves each). In the last
    // period of the test's control (sudden death) there is no next control to count for.
    let p = both_flags("nrw-1987", false, false);
    assert_eq!(p.consequence.result, None);
    assert!(
        words(&p).contains("next move counts as the first of the next time control (Art. 12.8)"),
        "{}",
        words(&p)
    );
    assert_eq!(
        p.consequence.clock_ops,
        [Color::White, Color::Black]
            .map(|color| ClockOperation::SetMoves { color, moves: 40 })
            .to_vec()
    );
    assert_eq!(
        p.articles.iter().filter(|a| a.ends_with("12.8")).count(),
        1,
        "{:?}",
        p.articles
    );
    // Trier (pre-2009 6.12) plays on too, with no such rule: no counters set.
    let p = both_flags("trier", false, false);
    assert!(p.consequence.clock_ops.is_empty());
    assert!(!words(&p).contains("first of the next time control"));
    // FIDE 2023 and 2017 (no rule in the Laws): order unknown: the arbiter decides, nothing
    // pre-selected; the order known: the first flag (an interpretation).
    for profile in ["fide-2023", "fide-2017", "bundesliga"] {
        for last in [false, true] {
            let p = both_flags(profile, false, last);
            let d = p
                .decision
                .as_ref()
                .unwrap_or_else(|| panic!("{profile}: {}", words(&p)));
            assert_eq!(d.situation, Situation::BothFlagsDown);
            assert_eq!(p.consequence, Default::default());
            let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
            assert_eq!(keys, ["continue", "draw", "white_loses", "black_loses"]);
        }
        let p = both_flags(profile, true, true);
        assert_eq!(
            p.consequence.result,
            Some(GameResult::BlackWins),
            "{profile}"
        );
    }
}

// ---- The arbiter's clock operations ----------------------------------------------------------------

#[test]
fn proportional_reconstruction_the_1987_example_and_its_floor() {
    // NRW 1987 Art. 12.6: after Black's 30th move the clocks show 90 min used by White and
    // 60 min by Black; an irregularity at move 20: 90 × 20 / 30 = 60 min and 60 × 20 / 30 =
    // 40 min. Under the BTO control (2½ h / 50) White has 150 − 60 = 90:00, Black 110:00.
    // The clocks only (no e-board): the times at move 20 cannot be established, so the
    // proportion applies ("wenn es … nicht möglich ist, … festzustellen").
    let mut t = Table::new("nrw-1987");
    let mut at = 1_000;
    t.start_clock(at);
    for i in 0..60 {
        t.press(&mut at, if i % 2 == 0 { 180_000 } else { 120_000 });
    }
    t.running = None;
    t.sample(at + 1_000);
    let (ev, out) = rules::clock_operation(
        &t.m,
        &t.s,
        B,
        ClockOperation::Reconstruct {
            to_move: 20,
            floor: TimeFloor::None,
            recorded: None,
        },
        "12.6",
        MonoMs::from_base_ms(at + 2_000),
    )
    .unwrap();
    assert_eq!(
        (
            out.before.remaining.white.ms(),
            out.before.remaining.black.ms()
        ),
        (60 * MIN, 90 * MIN)
    );
    assert_eq!(
        (
            out.after.remaining.white.ms(),
            out.after.remaining.black.ms()
        ),
        (90 * MIN, 110 * MIN)
    );
    let Event::ClockAdjusted(e) = &ev else {
        unreachable!()
    };
    assert_eq!(
        e.op,
        ClockOperation::Reconstruct {
            to_move: 20,
            floor: TimeFloor::FiveMinutesAndOnePerMove,
            recorded: None,
        },
        "the profile's minimum, no times recorded"
    );
    assert!(e.floors.is_empty(), "{:?}", e.floors);
    // The floor case (digest CL-2): after Black's 49th move White has used 149:54; the
    // irregularity at move 48: 149.9 × 48 / 49 = 146:50.6 used, 3:09.4 left; 1987: at least
    // 5 minutes (and 1 min per move to the control: 2) → 5:00.
    let mut t = Table::new("nrw-1987");
    let mut at = 1_000;
    t.start_clock(at);
    for i in 0..98 {
        t.press(&mut at, thinks_cl2(i));
    }
    t.running = None;
    t.sample(at + 1_000);
    let reconstruct = ClockOperation::Reconstruct {
        to_move: 48,
        floor: TimeFloor::None,
        recorded: None,
    };
    let (ev, out) = rules::clock_operation(
        &t.m,
        &t.s,
        B,
        reconstruct.clone(),
        "",
        MonoMs::from_base_ms(at + 2_000),
    )
    .unwrap();
    assert_eq!(
        out.before.remaining.white.ms(),
        6_000,
        "149:54 used of 150 min"
    );
    assert_eq!(out.after.remaining.white.ms(), 5 * MIN);
    assert!(out.note.contains("minimum"));
    // The record and the screen say "floor applied", with the value before it.
    let Event::ClockAdjusted(e) = &ev else {
        unreachable!()
    };
    let computed = 150 * MIN - 8_994_000 * 48 / 49;
    assert_eq!(
        e.floors,
        vec![arbiter_core::clock::FloorApplied {
            color: Color::White,
            computed_ms: computed,
            floor_ms: 5 * MIN,
        }]
    );
    let notes: Vec<String> = rules::operation_notes(&e.op, &out).iter().map(en).collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("Floor applied")
            && notes[0].contains("0:03:09")
            && notes[0].contains("0:05:00"),
        "{notes:?}"
    );
    // Without a minimum (the 2017/2023 Laws: best judgement) the proportion stands: 3:09.4.
    let (then, raised) = arbiter_core::clock::reconstruct(
        &t.m.profile.time_control,
        out.before,
        48,
        TimeFloor::None,
    )
    .unwrap();
    assert!(!raised);
    assert_eq!(then.remaining.white.ms(), computed);
}

/// CL-2's thinking times: White 3 min a move but 5:54 for his 49th, Black 1 min.
fn thinks_cl2(ply: usize) -> u64 {
    match (ply % 2, ply / 2) {
        (0, 48) => 354_000,
        (0, _) => 180_000,
        _ => 60_000,
    }
}

#[test]
fn reconstruction_uses_the_times_the_journal_recorded_at_that_move() {
    // DSB note on 7.1 (S002:1586): the rule of three only "falls die tatsächliche
    // Zeitverteilung vor dem Regelverstoß nicht festgestellt werden kann" (1987 12.6: "wenn es
    // … nicht möglich ist, … festzustellen"). With the e-board's moves and the clock's reports
    // the journal holds both clocks after each move: White thinks 1 min a move but 5 min for
    // his 25th, Black 30 s; an irregularity at move 24 found after move 30. The proportion
    // would spread White's long 25th move over all his moves; the journal's times are set, and
    // no floor bounds them (the floor bounds the proportion: 1987 12.6 "Diese Bestimmung …").
    for profile in ["nrw-1987", "trier", "fide-2017", "fide-2023", "bundesliga"] {
        let mut t = Table::new(profile);
        let mut at = 1_000;
        t.start_clock(at);
        for (i, m) in quiet_line(60).iter().enumerate() {
            let think = match (i % 2, i / 2) {
                (0, 24) => 300_000,
                (0, _) => 60_000,
                _ => 30_000,
            };
            t.play(&mut at, think, m);
        }
        t.running = None;
        t.sample(at + 1_000);
        let tc = t.m.profile.time_control.clone();
        let (ev, out) = rules::clock_operation(
            &t.m,
            &t.s,
            B,
            rules::reconstruction(&t.m, 24),
            "",
            MonoMs::from_base_ms(at + 2_000),
        )
        .unwrap();
        let Event::ClockAdjusted(e) = &ev else {
            unreachable!()
        };
        let w = tc.credited_after_moves(24) - 24 * 60_000;
        let b = tc.credited_after_moves(24) - 24 * 30_000;
        let ClockOperation::Reconstruct { recorded, .. } = &e.op else {
            unreachable!()
        };
        assert_eq!(
            recorded.map(|r| [r.white.ms(), r.black.ms()]),
            Some([w, b]),
            "{profile}"
        );
        assert_eq!(
            (
                out.after.remaining.white.ms(),
                out.after.remaining.black.ms()
            ),
            (w, b),
            "{profile}"
        );
        let (proportional, _) =
            arbiter_core::clock::reconstruct(&tc, out.before, 24, TimeFloor::None).unwrap();
        assert!(
            proportional.remaining.white.ms() < w - 60_000,
            "{profile}: the proportion differs"
        );
        assert!(e.floors.is_empty(), "{profile}: {:?}", e.floors);
        let notes: Vec<String> = rules::operation_notes(&e.op, &out).iter().map(en).collect();
        assert_eq!(notes.len(), 1, "{profile}: {notes:?}");
        assert!(notes[0].contains("after move 24"), "{notes:?}");
        let bs = t.s.board(B).unwrap();
        assert_eq!(
            rules::recorded_after(bs, 0),
            None,
            "no move: nothing recorded"
        );
        assert_eq!(
            rules::recorded_after(bs, 1).map(|r| [r.white.ms(), r.black.ms()]),
            Some([
                tc.credited_after_moves(1) - 60_000,
                tc.credited_after_moves(1) - 30_000
            ]),
            "{profile}"
        );
    }
}

#[test]
fn clock_operations_are_journaled_with_before_and_after_and_checked_on_the_device() {
    let mut t = Table::new("bundesliga");
    let mut at = 1_000;
    t.start_clock(at);
    t.play(&mut at, 30_000, "e4");
    // Pause, set both times, set a counter: one record each, with the clock before and after.
    for op in [
        ClockOperation::Pause,
        ClockOperation::SetTimes(arbiter_core::by_colour::ByColor {
            white: arbiter_core::clock::ClockMs::new(80 * MIN),
            black: arbiter_core::clock::ClockMs::new(85 * MIN),
        }),
        ClockOperation::SetMoves {
            color: Color::White,
            moves: 1,
        },
    ] {
        let (ev, out) =
            rules::clock_operation(&t.m, &t.s, B, op.clone(), "", MonoMs::from_base_ms(at))
                .unwrap();
        t.push(at, Origin::Arbiter, ev);
        if matches!(op, ClockOperation::SetTimes { .. }) {
            assert_eq!(
                (
                    out.after.remaining.white.ms(),
                    out.after.remaining.black.ms()
                ),
                (80 * MIN, 85 * MIN)
            );
        }
    }
    assert_eq!(t.rejected(), 0, "{:?}", t.s.rejected);
    // The device does not show the decided times within 60 s: the console says so, with both.
    t.running = None;
    t.sample(at + 1_000);
    let alerts = t.alerts(at + 61_000);
    assert!(
        alerts.iter().any(|a| matches!(
            a,
            BoardAlert::CorrectionNotShown { color: Color::White, decided_ms, .. } if *decided_ms == 80 * MIN
        )),
        "{alerts:?}"
    );
    // The arbiter sets the clock: the next report shows it, the alert goes.
    t.clock = [80 * MIN, 85 * MIN];
    t.sample(at + 62_000);
    assert!(
        !t.alerts(at + 63_000)
            .iter()
            .any(|a| matches!(a, BoardAlert::CorrectionNotShown { .. }))
    );
    // A defective clock replaced: the values from the last report, with the profile's minimum
    // (Bundesliga, DSB note on 6.10: 5 minutes to the next control).
    let mut t = Table::new("bundesliga");
    let mut at = 1_000;
    t.start_clock(at);
    t.clock[0] = 4 * MIN;
    t.sample(at + 500);
    at += 20_000;
    let bs = t.s.board(B).unwrap();
    let (op, raised) = rules::replacement_values(&t.m, &t.s, bs, MonoMs::from_base_ms(at)).unwrap();
    assert!(raised);
    assert!(
        matches!(op, ClockOperation::ReplaceClock(set) if set.remaining.white.ms() == 5 * MIN && set.remaining.black.ms() == 90 * MIN)
    );
    let (ev, out) =
        rules::clock_operation(&t.m, &t.s, B, op, "display dark", MonoMs::from_base_ms(at))
            .unwrap();
    assert_eq!(out.after.remaining.white.ms(), 5 * MIN);
    t.push(at, Origin::Arbiter, ev);
    assert_eq!(t.rejected(), 0);
}

// ---- A finished game is locked --------------------------------------------------------------------

#[test]
fn after_the_result_later_reports_are_post_game_and_a_change_needs_a_correction() {
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    t.start_clock(at);
    t.play(&mut at, 30_000, "e4");
    let result = t.push(
        at + 1_000,
        Origin::Arbiter,
        ResultRecorded {
            board: B,
            result: GameResult::Draw,
            reason: "agreed".into(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
    );
    let frozen = arbiter_core::clock_now::clock_at(
        &t.s,
        t.s.board(B).unwrap(),
        MonoMs::from_base_ms(at + 1_000),
    )
    .unwrap();
    // The players go on playing on the board; the clock runs: post-game, nothing changes.
    t.play(&mut at, 30_000, "e5");
    t.run(&mut at, 60_000);
    t.sample(at);
    let bs = t.s.board(B).unwrap();
    assert_eq!(
        bs.locked.map(|l| l.seq),
        Some(result.seq),
        "locked at the result's record"
    );
    assert_eq!(bs.post_game, 3, "a move and two clock reports");
    assert_eq!(bs.moves.len(), 1);
    let later = arbiter_core::clock_now::clock_at(&t.s, bs, MonoMs::from_base_ms(at)).unwrap();
    assert_eq!(
        (
            later.shown.white.ms(),
            later.shown.black.ms(),
            later.running
        ),
        (frozen.shown.white.ms(), frozen.shown.black.ms(), None)
    );
    // A flag claim or an illegal move cannot change the result: refused at the proposal and in
    // the state.
    let (req, p) = t.propose(
        at,
        Some(Color::White),
        InterventionKind::illegal(IllegalKind::Move),
    );
    assert_eq!(p.consequence, Default::default());
    assert!(words(&p).contains("nothing changes it but a result correction"));
    let mut forced = p.clone();
    forced.consequence.result = Some(GameResult::BlackWins);
    t.push(
        at,
        Origin::Arbiter,
        rules::confirm(&req, &forced, forced.consequence.clone(), String::new()),
    );
    assert_eq!(
        t.s.board(B).unwrap().result.as_ref().unwrap().result,
        GameResult::Draw
    );
    t.push(
        at,
        Origin::Arbiter,
        ResultRecorded {
            board: B,
            result: GameResult::WhiteWins,
            reason: String::new(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
    );
    assert_eq!(
        t.s.board(B).unwrap().result.as_ref().unwrap().result,
        GameResult::Draw
    );
    assert_eq!(t.rejected(), 2);
    // A result correction is its own record and needs a reason.
    t.push(
        at,
        Origin::Arbiter,
        ResultCorrected {
            board: B,
            result: Some(GameResult::WhiteWins),
            reason: " ".into(),
        }
        .into(),
    );
    assert_eq!(t.rejected(), 3);
    t.push(
        at,
        Origin::Arbiter,
        ResultCorrected {
            board: B,
            result: Some(GameResult::WhiteWins),
            reason: "scoresheets: Black resigned".into(),
        }
        .into(),
    );
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.result.as_ref().unwrap().result, GameResult::WhiteWins);
    assert_eq!(bs.corrections.len(), 1);
    assert_eq!(bs.corrections[0].from, GameResult::Draw);
    // Taken back: the game goes on and the board's moves count again.
    t.push(
        at,
        Origin::Arbiter,
        ResultCorrected {
            board: B,
            result: None,
            reason: "illegal move found before the result (7.5.1)".into(),
        }
        .into(),
    );
    let bs = t.s.board(B).unwrap();
    assert!(bs.result.is_none() && bs.locked.is_none());
    t.mv(at + 1_000, "e5");
    assert_eq!(t.s.board(B).unwrap().moves.len(), 2);
}

#[test]
fn a_board_joins_a_game_in_progress_with_the_side_to_move_from_the_clock() {
    // The e-board shows a placement the game record cannot reach (the console started mid-game);
    // the next move by Black (ply 42, Black's clock running) joins the game there.
    let mut t = Table::new("fide-2023");
    t.push(
        1_000,
        Origin::Feed(B),
        BoardPosition {
            board: B,
            placement: "4k3/8/8/8/8/8/8/4R1K1".into(),
        }
        .into(),
    );
    t.push(
        2_000,
        Origin::Feed(B),
        MoveMade {
            board: B,
            ply: 42,
            uci: "e8d7".into(),
            san: "Kd7".into(),
            clock_ms: None,
        }
        .into(),
    );
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.game.game.fen(), "8/3k4/8/8/8/8/8/4R1K1 w - - 1 22");
    assert!(matches!(
        bs.game.start,
        arbiter_core::state::GameStart::Joined { .. }
    ));
    // Black's 21st move is made on the board but not completed yet (no press seen).
    assert_eq!(bs.completed(Color::Black, None), 20);
    assert_eq!(bs.completed(Color::White, None), 21);
}

// ---- Forms derive from the engine; what is possible; rulings reach the device (issue 19a) ----

/// Board 1 from the initial position, the clock running, 1.Nf3 Nf6 2.Ng1 Ng8 played: the
/// initial position has occurred twice, White is on move.
fn twice_repeated(profile: &str) -> (Table, u64) {
    let mut t = Table::new(profile);
    let mut at = 1_000;
    t.setup(
        at,
        Some(shakmaty::fen::Fen::default().to_string().as_str()),
        None,
    );
    t.start_clock(at);
    for mv in ["Nf3", "Nf6", "Ng1", "Ng8"] {
        t.play(&mut at, 20_000, mv);
    }
    (t, at + 1_000)
}

#[test]
fn a_form_cannot_journal_a_field_that_contradicts_the_proposal_without_an_override_record() {
    use arbiter_core::intervention::{ClaimBasis, ClaimStatus, Consequence, OverrideField};
    use arbiter_core::rules::Confirmation;
    let (t, at) = twice_repeated("bundesliga");
    let claim = |correct| Request {
        board: Some(B),
        player: Some(Color::White),
        kind: InterventionKind::DrawClaim {
            basis: ClaimBasis::Threefold,
            correct,
            intended: None,
        },
    };
    // The game record decides: twice is not three times, the claim is incorrect.
    let p = rules::propose(&t.m, &t.s, &claim(false), MonoMs::from_base_ms(at));
    assert_eq!(p.finding, Some(false), "{}", words(&p));
    assert_eq!(p.consequence.claim, Some(ClaimStatus::Incorrect));
    let plain = |confirmed: Consequence| Confirmation {
        confirmed,
        reason: String::new(),
        overrides: Vec::new(),
    };
    // "Claim correct: yes" with the rules' incorrect-claim consequence: refused.
    let err = rules::confirm_checked(
        &t.m,
        &t.s,
        &claim(true),
        &p,
        plain(p.consequence.clone()),
        MonoMs::from_base_ms(at),
    )
    .unwrap_err();
    assert!(en(&err).contains("claim correct"), "{}", en(&err));
    // The consequence left out without a reason: refused.
    let err = rules::confirm_checked(
        &t.m,
        &t.s,
        &claim(false),
        &p,
        plain(Consequence::default()),
        MonoMs::from_base_ms(at),
    )
    .unwrap_err();
    assert!(en(&err).contains("consequence"), "{}", en(&err));
    // Kept to the proposal: journaled as proposed, no override.
    match rules::confirm_checked(
        &t.m,
        &t.s,
        &claim(false),
        &p,
        plain(p.consequence.clone()),
        MonoMs::from_base_ms(at),
    ) {
        Ok(Event::Intervention(iv)) => {
            assert!(iv.overridden.is_empty());
            assert_eq!(iv.proposed, iv.confirmed);
        }
        other => panic!("{other:?}"),
    }
    // The arbiter's own finding, with a reason: the override beside the proposal, and the
    // consequence his finding gives (a correct claim: drawn).
    let on_finding = rules::propose_on_finding(&t.m, &t.s, &claim(true), MonoMs::from_base_ms(at));
    assert_eq!(on_finding.consequence.result, Some(GameResult::Draw));
    let ev = rules::confirm_checked(
        &t.m,
        &t.s,
        &claim(true),
        &p,
        Confirmation {
            confirmed: on_finding.consequence.clone(),
            reason: "the scoresheets show a third occurrence".into(),
            overrides: vec![(
                OverrideField::ClaimCorrect,
                "the scoresheets show a third occurrence".into(),
            )],
        },
        MonoMs::from_base_ms(at),
    )
    .unwrap();
    let Event::Intervention(iv) = ev else {
        panic!("{ev:?}")
    };
    assert_eq!(iv.proposed.claim, Some(ClaimStatus::Incorrect));
    assert_eq!(iv.confirmed.result, Some(GameResult::Draw));
    assert_eq!(iv.overridden.len(), 1);
    let o = &iv.overridden[0];
    assert_eq!(o.field, OverrideField::ClaimCorrect);
    assert_eq!(
        (en(&o.proposed), en(&o.chosen)),
        ("incorrect".into(), "correct".into())
    );
    // A reason of blanks is no reason.
    assert!(
        rules::confirm_checked(
            &t.m,
            &t.s,
            &claim(true),
            &p,
            Confirmation {
                confirmed: on_finding.consequence,
                reason: String::new(),
                overrides: vec![(OverrideField::ClaimCorrect, "  ".into())],
            },
            MonoMs::from_base_ms(at),
        )
        .is_err()
    );
}

#[test]
fn availability_quickplay_finished_board_flag_and_running_clock() {
    use rules::{Action, Availability};
    let (mut t, mut at) = twice_repeated("bundesliga");
    let avail = |t: &Table, a, at| rules::availability(&t.m, &t.s, a, at);
    // The Bundesliga profile has no quickplay-finish rule; Trier has Art. 10.2.
    assert!(matches!(
        avail(&t, Action::QuickplayClaim { board: B }, MonoMs::from_base_ms(at)),
        Availability::Refused(m) if en(&m).contains("no quickplay-finish rule")
    ));
    let (trier, trier_at) = twice_repeated("trier");
    assert_eq!(
        avail(
            &trier,
            Action::QuickplayClaim { board: B },
            MonoMs::from_base_ms(trier_at)
        ),
        Availability::Open
    );
    // No flag while both players have time: the form does not propose a loss on time.
    match avail(&t, Action::FlagFall { board: B }, MonoMs::from_base_ms(at)) {
        Availability::Refused(m) => assert!(en(&m).contains("No flag is down"), "{}", en(&m)),
        other => panic!("{other:?}"),
    }
    // A result while the clock runs asks first.
    assert!(matches!(
        avail(&t, Action::Result { board: B }, MonoMs::from_base_ms(at)),
        Availability::Confirm(m) if en(&m).contains("clock still runs for White")
    ));
    assert_eq!(
        avail(&t, Action::DrawClaim { board: B }, MonoMs::from_base_ms(at)),
        Availability::Open
    );
    // White's time runs out: the flag form opens.
    let left = t.clock[0];
    t.run(&mut at, left);
    t.sample_flags(at, [true, false]);
    assert_eq!(
        avail(
            &t,
            Action::FlagFall { board: B },
            MonoMs::from_base_ms(at + 100)
        ),
        Availability::Open
    );
    // A finished game takes no claim, flag or result.
    t.push(
        at + 1_000,
        Origin::Arbiter,
        ResultRecorded {
            board: B,
            result: GameResult::BlackWins,
            reason: String::new(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
    );
    for a in [
        Action::DrawClaim { board: B },
        Action::QuickplayClaim { board: B },
        Action::DrawAgreement { board: B },
        Action::FlagFall { board: B },
        Action::Result { board: B },
    ] {
        match avail(&t, a, MonoMs::from_base_ms(at + 2_000)) {
            Availability::Refused(m) => {
                assert!(en(&m).contains("is finished"), "{a:?}: {}", en(&m))
            }
            other => panic!("{a:?}: {other:?}"),
        }
    }
}

#[test]
fn a_second_arrival_is_refused_and_a_second_start_too() {
    use arbiter_core::model::TeamSide;
    use arbiter_core::record::{PlayerArrived, RoundStarted};
    use rules::{Action, Availability};
    let mut t = Table::new("bundesliga");
    let arrival = |team| Action::Arrival { board: B, team };
    assert_eq!(
        rules::availability(&t.m, &t.s, Action::StartRound, MonoMs::from_base_ms(0)),
        Availability::Open
    );
    t.push(1_000, Origin::Arbiter, RoundStarted::default().into());
    assert!(matches!(
        rules::availability(&t.m, &t.s, Action::StartRound, MonoMs::from_base_ms(2_000)),
        Availability::Refused(m) if en(&m).contains("round started at")
    ));
    assert_eq!(
        rules::availability(
            &t.m,
            &t.s,
            arrival(TeamSide::Home),
            MonoMs::from_base_ms(2_000)
        ),
        Availability::Open
    );
    t.push(
        2_000,
        Origin::Arbiter,
        PlayerArrived {
            board: B,
            team: TeamSide::Home,
            at: None,
        }
        .into(),
    );
    match rules::availability(
        &t.m,
        &t.s,
        arrival(TeamSide::Home),
        MonoMs::from_base_ms(3_000),
    ) {
        Availability::Refused(m) => {
            assert!(
                en(&m).contains("a second arrival is not recorded"),
                "{}",
                en(&m)
            );
            // Both languages say it.
            core_catalogue().try_format(Lang::De, &m).unwrap();
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        rules::availability(
            &t.m,
            &t.s,
            arrival(TeamSide::Away),
            MonoMs::from_base_ms(3_000)
        ),
        Availability::Open
    );
    // Journaled anyway (a path that does not ask): the first arrival stands and the second is
    // rejected with the reason, not kept silently (issue 19d).
    let first = t.s.board(B).unwrap().arrived(TeamSide::Home).unwrap();
    let before = t.rejected();
    let r = t.push(
        4_000,
        Origin::Arbiter,
        PlayerArrived {
            board: B,
            team: TeamSide::Home,
            at: None,
        }
        .into(),
    );
    assert_eq!(t.s.board(B).unwrap().arrived(TeamSide::Home), Some(first));
    assert_eq!(t.rejected(), before + 1);
    let rej = t.s.rejected.last().unwrap();
    assert_eq!(rej.seq, r.seq);
    assert!(
        rej.reason.contains("a second arrival is not recorded"),
        "{}",
        rej.reason
    );
}

#[test]
fn a_second_time_change_soon_after_asks_whether_it_was_credited_and_the_device_must_show_it() {
    use arbiter_core::intervention::{Consequence, TimeChange};
    let mut t = Table::new("bundesliga");
    let mut at = 1_000;
    t.setup(
        at,
        Some(shakmaty::fen::Fen::default().to_string().as_str()),
        None,
    );
    t.start_clock(at);
    t.play(&mut at, 20_000, "e4");
    at += 1_000;
    assert!(
        rules::recent_time_change(&t.m, &t.s, B, Color::White, MonoMs::from_base_ms(at)).is_none()
    );
    // +2:00 to White (an illegal move of Black, a time correction: the same).
    let req = Request {
        board: Some(B),
        player: Some(Color::White),
        kind: InterventionKind::TimeCorrection,
    };
    let p = rules::propose(&t.m, &t.s, &req, MonoMs::from_base_ms(at));
    let plus_two = Consequence {
        clock: vec![TimeChange {
            player: Color::White,
            delta_ms: 2 * MIN as i64,
        }],
        ..Consequence::default()
    };
    t.push(
        at,
        Origin::Arbiter,
        rules::confirm(&req, &p, plus_two, "disturbance".into()),
    );
    // The board shows the adjustment still to be set on the device.
    let st = board_status(
        &t.m,
        &t.s,
        t.s.board(B).unwrap(),
        MonoMs::from_base_ms(at + 1_000),
    );
    assert_eq!(st.pending.len(), 1, "{:?}", st.pending);
    assert_eq!(
        (st.pending[0].color, st.pending[0].delta_ms),
        (Color::White, 2 * MIN as i64)
    );
    assert!(st.alerts.contains(&BoardAlert::AdjustmentToSet {
        color: Color::White,
        delta_ms: 2 * MIN as i64
    }));
    // Within the profile's window another change for White asks; for Black it does not.
    let q = rules::recent_time_change(
        &t.m,
        &t.s,
        B,
        Color::White,
        MonoMs::from_base_ms(at + 60_000),
    )
    .unwrap();
    assert!(
        en(&q).starts_with("Already credited? +2 min White"),
        "{}",
        en(&q)
    );
    assert!(
        rules::recent_time_change(
            &t.m,
            &t.s,
            B,
            Color::Black,
            MonoMs::from_base_ms(at + 60_000)
        )
        .is_none()
    );
    let window = u64::from(t.m.profile.clock_corrections.repeat_window_s) * 1000;
    assert!(
        rules::recent_time_change(
            &t.m,
            &t.s,
            B,
            Color::White,
            MonoMs::from_base_ms(at + window + 1)
        )
        .is_none()
    );
    // The arbiter sets the clock (Black runs): the next report shows +2:00 and it is gone.
    t.clock[0] += 2 * MIN;
    t.sample(at + 5_000);
    let st = board_status(
        &t.m,
        &t.s,
        t.s.board(B).unwrap(),
        MonoMs::from_base_ms(at + 5_500),
    );
    assert!(st.pending.is_empty(), "{:?}", st.pending);
    assert!(
        !st.alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::AdjustmentToSet { .. })),
        "{:?}",
        st.alerts
    );
}

/// Issue 19d: the times a clock command sets are the clocks at that instant plus the pending
/// adjustments (`status::clock_to_set`), by colour and by side, with the side that runs; it is
/// refused where the match file does not name the clock, where nothing is pending, where the
/// feed is lost, and where the game is finished.
#[test]
fn a_clock_command_sets_the_clocks_at_that_instant_with_the_pending_adjustment() {
    use arbiter_core::intervention::{Consequence, TimeChange};
    use arbiter_core::record::{ClockRunMode, CommandOutcome};
    use arbiter_core::status::clock_to_set;
    let mut t = Table::new("bundesliga");
    let mut at = 1_000;
    t.setup(
        at,
        Some(shakmaty::fen::Fen::default().to_string().as_str()),
        None,
    );
    t.start_clock(at);
    // White thinks 20 s over 1. e4 and gets the 30 s increment: 90:10; Black's time runs.
    t.play(&mut at, 20_000, "e4");
    assert_eq!(t.clock[0], 90 * MIN + 10_000);
    at += 1_000;
    let refused = |t: &Table, now: u64| {
        en(&clock_to_set(&t.m, &t.s, B, MonoMs::from_base_ms(now)).unwrap_err())
    };
    // The demo match names no clock that accepts commands.
    assert!(
        refused(&t, at).contains("does not accept commands"),
        "{}",
        refused(&t, at)
    );
    t.m.file.clock_commands = vec![1];
    assert!(
        refused(&t, at).contains("Nothing to set"),
        "{}",
        refused(&t, at)
    );
    // +2:00 to White (a ruling).
    let req = Request {
        board: Some(B),
        player: Some(Color::White),
        kind: InterventionKind::TimeCorrection,
    };
    let p = rules::propose(&t.m, &t.s, &req, MonoMs::from_base_ms(at));
    let plus_two = Consequence {
        clock: vec![TimeChange {
            player: Color::White,
            delta_ms: 2 * MIN as i64,
        }],
        ..Consequence::default()
    };
    t.push(
        at,
        Origin::Arbiter,
        rules::confirm(&req, &p, plus_two, "disturbance".into()),
    );
    let now = at + 2_000;
    let set = clock_to_set(&t.m, &t.s, B, MonoMs::from_base_ms(now)).unwrap();
    // White's clock stands at 90:10: 92:10 is sent; Black's runs and is sent as it shows now.
    assert_eq!(set.times().white.ms(), 92 * MIN + 10_000);
    let shown =
        arbiter_core::clock_now::clock_at(&t.s, t.s.board(B).unwrap(), MonoMs::from_base_ms(now))
            .unwrap();
    assert_eq!(set.times().black.ms(), shown.shown.black.ms());
    // Black has used 3 s (2 s after the ruling plus the second before it), within a second.
    assert!(
        (90 * MIN - 4_000..=90 * MIN - 2_000).contains(&set.times().black.ms()),
        "{}",
        set.times().black.ms()
    );
    // White sits on the left: the command carries White's time on the left; Black runs (right).
    assert_eq!(
        (set.left_ms(), set.right_ms()),
        (set.times().white, set.times().black)
    );
    assert_eq!(set.run(), ClockRunMode::Right);
    assert_eq!(set.running(), Some(Color::Black));
    match set.record() {
        Event::ClockCommand(c) => {
            assert_eq!(c.outcome, CommandOutcome::Sent);
            assert_eq!(
                (c.times.white, c.times.black),
                (set.times().white, set.times().black)
            );
        }
        other => panic!("{other:?}"),
    }
    match set.refused(arbiter_core::msg!("clock-command-feed-ended", board = B)) {
        Event::ClockCommand(c) => {
            assert_eq!(c.outcome, CommandOutcome::Refused);
            // In the journal's English words, and as the message for the reader's language.
            assert_eq!(
                c.error.as_deref(),
                Some("The feed of board 1 has ended: nothing was sent; set the clock by hand.")
            );
            assert_eq!(
                c.error_msg.as_deref().map(|m| m.id.as_ref()),
                Some("clock-command-feed-ended")
            );
        }
        other => panic!("{other:?}"),
    }
    // The clock is set (the command carried out): its next report shows it, nothing is pending.
    let rec = t.push(now, Origin::Arbiter, set.record());
    // The replay lists it.
    let inc = arbiter_core::replay::incidents(std::slice::from_ref(&rec));
    assert_eq!(inc.len(), 1, "{inc:?}");
    assert_eq!(inc[0].kind, "clock_command");
    assert_eq!(inc[0].board, Some(B));
    assert!(
        en(&inc[0].text).starts_with("times sent to the clock: White 1:32:10, Black "),
        "{}",
        en(&inc[0].text)
    );
    // The clock answers that it refused the command: the board says so while the ruling is
    // still to be set.
    t.push(
        now + 100,
        Origin::Feed(B),
        arbiter_core::record::ClockCommandAck {
            board: B,
            accepted: false,
            ack: [0x40, 0x0A, 0, 0],
        }
        .into(),
    );
    assert!(t.alerts(now + 200).contains(&BoardAlert::ClockRefused));
    // The arbiter sets it by hand: the next report shows it, the ruling and the alert go.
    t.clock[0] += 2 * MIN;
    t.sample(now + 500);
    assert!(!t.alerts(now + 600).contains(&BoardAlert::ClockRefused));
    assert!(
        refused(&t, now + 1_000).contains("Nothing to set"),
        "{}",
        refused(&t, now + 1_000)
    );
    assert_eq!(t.s.board(B).unwrap().clock_commands.len(), 1);
    // Another ruling, then the feed is lost: the clocks are estimates, nothing is sent.
    let later = now + 2_000;
    let p = rules::propose(&t.m, &t.s, &req, MonoMs::from_base_ms(later));
    let minus_one = Consequence {
        clock: vec![TimeChange {
            player: Color::Black,
            delta_ms: -(MIN as i64),
        }],
        ..Consequence::default()
    };
    t.push(
        later,
        Origin::Arbiter,
        rules::confirm(&req, &p, minus_one, "correction".into()),
    );
    let set = clock_to_set(&t.m, &t.s, B, MonoMs::from_base_ms(later + 100)).unwrap();
    let shown = arbiter_core::clock_now::clock_at(
        &t.s,
        t.s.board(B).unwrap(),
        MonoMs::from_base_ms(later + 100),
    )
    .unwrap();
    assert_eq!(set.times().white.ms(), 92 * MIN + 10_000);
    assert_eq!(set.times().black.ms(), shown.shown.black.ms() - MIN);
    t.push(
        later + 200,
        Origin::Feed(B),
        FeedStatus {
            board: B,
            state: FeedState::Lost,
            detail: "connection reset".into(),
        }
        .into(),
    );
    assert!(
        refused(&t, later + 300).contains("only estimates"),
        "{}",
        refused(&t, later + 300)
    );
    // Both languages say why.
    let why = clock_to_set(&t.m, &t.s, B, MonoMs::from_base_ms(later + 300)).unwrap_err();
    core_catalogue().try_format(Lang::De, &why).unwrap();
}

/// Issue 19d: on a lost feed the arbiter reads the clocks on the device, and the proposal rests
/// on them. White's clock reported 0:40 with White to move, then the feed was lost; 20 s later
/// the console estimates 0:20 ("time remains", no loss), but the device shows White's flag at
/// 0:00 (Black 1:29:30): the flag-fall proposal is then a loss on time (FIDE 6.9; Black has
/// mating material), and the record keeps the estimate beside the device's values.
#[test]
fn the_clocks_read_on_the_device_change_the_proposal_on_a_lost_feed() {
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    t.setup(
        at,
        Some(shakmaty::fen::Fen::default().to_string().as_str()),
        None,
    );
    t.start_clock(at);
    t.play(&mut at, 30_000, "e4");
    t.play(&mut at, 30_000, "e5");
    // White on move with 40 s left.
    t.clock[0] = 40_000;
    t.sample(at + 200);
    at += 1_000;
    t.push(
        at,
        Origin::Feed(B),
        FeedStatus {
            board: B,
            state: FeedState::Lost,
            detail: "connection reset".into(),
        }
        .into(),
    );
    let now = at + 20_000;
    let est =
        arbiter_core::clock_now::clock_at(&t.s, t.s.board(B).unwrap(), MonoMs::from_base_ms(now))
            .unwrap();
    assert!(est.estimated);
    assert!(
        (19_000..=21_000).contains(&est.shown.white.ms()),
        "{}",
        est.shown.white.ms()
    );
    let req = Request {
        board: Some(B),
        player: Some(Color::White),
        kind: InterventionKind::flag(),
    };
    // On the estimate: White's time has not run out.
    let p = rules::propose(&t.m, &t.s, &req, MonoMs::from_base_ms(now));
    assert_eq!(p.consequence.result, None, "{}", words(&p));
    assert!(
        words(&p).contains("White's time has not run out"),
        "{}",
        words(&p)
    );
    // On the device: White's flag is down: a loss on time.
    let dc = arbiter_core::by_colour::ByColor {
        white: arbiter_core::clock::ClockMs::new(0),
        black: arbiter_core::clock::ClockMs::new(89 * MIN + 30_000),
    };
    let p = rules::propose_on_device(&t.m, &t.s, &req, dc, MonoMs::from_base_ms(now));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        words(&p)
    );
    // The record's clocks are the console's estimate; a fact names both.
    assert_eq!(
        (p.clocks.white, p.clocks.black),
        (Some(est.shown.white), Some(est.shown.black))
    );
    let said = words(&p);
    assert!(
        said.contains("as read on the device: White 0:00:00, Black 1:29:30"),
        "{said}"
    );
    // The state itself is untouched: the device's values are only the proposal's.
    assert!(
        rules::propose(&t.m, &t.s, &req, MonoMs::from_base_ms(now))
            .consequence
            .result
            .is_none()
    );
    // The other way round: the estimate at 0:00 (a long outage) but the device shows 0:15:
    // no flag, no loss.
    let later = at + 60_000;
    let p = rules::propose(&t.m, &t.s, &req, MonoMs::from_base_ms(later));
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        words(&p)
    );
    let dc = arbiter_core::by_colour::ByColor {
        white: arbiter_core::clock::ClockMs::new(15_000),
        black: arbiter_core::clock::ClockMs::new(89 * MIN + 30_000),
    };
    let p = rules::propose_on_device(&t.m, &t.s, &req, dc, MonoMs::from_base_ms(later));
    assert_eq!(p.consequence.result, None, "{}", words(&p));
}

/// A clock acknowledgement is the answer to a clock command only when one was sent, within
/// `CLOCK_ACK_WINDOW_MS`, and once: any other is counted, never "the clock took the times sent
/// to it" (in the state, the log's source, and the replay's incidents), whatever the journal.
#[test]
fn an_acknowledgement_nobody_asked_for_is_counted_not_an_answer() {
    use arbiter_core::record::{
        CLOCK_ACK_WINDOW_MS, ClockCommand, ClockCommandAck, ClockRunMode, CommandOutcome,
    };
    let mut t = Table::new("bundesliga");
    let ack = |accepted: bool| -> Event {
        ClockCommandAck {
            board: B,
            accepted,
            ack: [if accepted { 0x10 } else { 0x40 }, 0x0A, 0, 0],
        }
        .into()
    };
    let command = |outcome: CommandOutcome| -> Event {
        ClockCommand {
            board: B,
            times: arbiter_core::by_colour::ByColor {
                white: arbiter_core::clock::ClockMs::new(90 * MIN),
                black: arbiter_core::clock::ClockMs::new(90 * MIN),
            },
            left_ms: arbiter_core::clock::ClockMs::new(90 * MIN),
            right_ms: arbiter_core::clock::ClockMs::new(90 * MIN),
            run: ClockRunMode::Paused,
            outcome,
            error: None,
            error_msg: None,
        }
        .into()
    };
    let mut records = Vec::new();
    // a thousand acknowledgements before any command
    for k in 0..1000 {
        records.push(t.push(1_000 + k, Origin::Feed(B), ack(true)));
    }
    // a command refused by the feed (not sent): its "answer" answers nothing
    records.push(t.push(5_000, Origin::Arbiter, command(CommandOutcome::Refused)));
    records.push(t.push(5_100, Origin::Feed(B), ack(true)));
    // a command sent: the first acknowledgement in time is its answer, the second is not
    records.push(t.push(10_000, Origin::Arbiter, command(CommandOutcome::Sent)));
    let answer = t.push(10_200, Origin::Feed(B), ack(false));
    records.push(answer.clone());
    records.push(t.push(10_300, Origin::Feed(B), ack(true)));
    // a command sent, answered too late
    records.push(t.push(20_000, Origin::Arbiter, command(CommandOutcome::Sent)));
    records.push(t.push(20_000 + CLOCK_ACK_WINDOW_MS + 1, Origin::Feed(B), ack(true)));
    let bs = t.s.board(B).unwrap();
    assert_eq!(
        bs.clock_command_acks
            .iter()
            .map(|(at, ok)| (at.seq, *ok))
            .collect::<Vec<_>>(),
        [(answer.seq, false)]
    );
    assert_eq!(bs.unsolicited_acks, 1000 + 1 + 1 + 1);
    // the replay of the same records (after the session's start, which sets up the boards)
    let mut chain = Chain::default();
    let start = chain.append(
        WallMs::UNIX_EPOCH,
        MonoMs::ORIGIN,
        Origin::System,
        SessionStarted::of(&t.m, "test".into()).into(),
        &mut Vec::new(),
    );
    records.insert(0, start);
    let incidents = arbiter_core::replay::incidents(&records);
    let acks: Vec<&str> = incidents
        .iter()
        .filter(|i| i.kind == "clock_command_ack")
        .map(|i| i.kind.as_str())
        .collect();
    assert_eq!(acks.len(), 1, "{incidents:?}");
    assert!(
        !incidents
            .iter()
            .any(|i| en(&i.text) == "the clock took the times sent to it"),
        "{incidents:?}"
    );
}

/// A summary of a feed's noise marks the board's noise: garbled while its feed is not live.
#[test]
fn a_noise_summary_shows_garbled_on_a_board_that_is_not_live() {
    use arbiter_core::record::{FeedNoise, NoiseKind, NoiseSample};
    let mut t = Table::new("bundesliga");
    let noise = FeedNoise {
        board: B,
        from_ms: MonoMs::from_base_ms(1_000),
        to_ms: MonoMs::from_base_ms(9_000),
        bytes: 70_000,
        garbage_bytes: 60_000,
        malformed: 900,
        oversized: 0,
        binary: 100,
        unknown: 0,
        unsolicited_acks: 0,
        first: NoiseSample {
            at_ms: MonoMs::from_base_ms(1_000),
            kind: NoiseKind::Garbage,
            len: 700,
            text: "}{ not json".into(),
        },
        last: None,
    };
    let rec = t.push(9_500, Origin::Feed(B), noise.clone().into());
    // live: the noise is counted, the board not garbled
    assert!(!t.alerts(10_000).contains(&BoardAlert::Garbled));
    t.push(
        11_000,
        Origin::Feed(B),
        FeedStatus {
            board: B,
            state: FeedState::Stale,
            detail: String::new(),
        }
        .into(),
    );
    assert!(t.alerts(12_000).contains(&BoardAlert::Garbled));
    assert!(!t.alerts(9_500 + 16_000).contains(&BoardAlert::Garbled));
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.noise_summaries, 1);
    assert_eq!(bs.last_noise.as_ref().map(|(_, n)| n), Some(&noise));
    // the replay lists it, in both languages
    let inc = arbiter_core::replay::incidents(std::slice::from_ref(&rec));
    assert_eq!(inc.len(), 1);
    assert_eq!(
        en(&inc[0].text),
        "unusable input from the feed over 8 s (70000 bytes): 60000 garbage bytes, 900 malformed, 100 binary; first: garbage \"}{ not json\""
    );
}

/// Issue 29: a time correction rests on an incident. The rules require the reason (what it
/// corrects): without one it cannot be confirmed; with one, the record's decision says what it
/// changed (the arbiter's own amount has no summary from the rules), in both languages, and the
/// report's row names it with the reason.
#[test]
fn a_time_correction_needs_its_reason_and_its_decision_is_never_empty() {
    use arbiter_core::intervention::{Consequence, TimeChange};
    let mut t = Table::new("bundesliga");
    let mut at = 1_000;
    t.setup(
        at,
        Some(shakmaty::fen::Fen::default().to_string().as_str()),
        None,
    );
    t.start_clock(at);
    t.play(&mut at, 20_000, "e4");
    at += 1_000;
    let req = Request {
        board: Some(B),
        player: Some(Color::Black),
        kind: InterventionKind::TimeCorrection,
    };
    let p = rules::propose(&t.m, &t.s, &req, MonoMs::from_base_ms(at));
    let what = p
        .reason_required
        .clone()
        .expect("a time correction asks its reason");
    assert!(en(&what).contains("incident"), "{}", en(&what));
    let plus_two = Consequence {
        clock: vec![TimeChange {
            player: Color::Black,
            delta_ms: 2 * MIN as i64,
        }],
        ..Consequence::default()
    };
    let confirm = |reason: &str| {
        rules::confirm_checked(
            &t.m,
            &t.s,
            &req,
            &p,
            rules::Confirmation {
                confirmed: plus_two.clone(),
                reason: reason.into(),
                overrides: Vec::new(),
            },
            MonoMs::from_base_ms(at),
        )
    };
    assert_eq!(confirm("  ").unwrap_err(), what);
    let ev = confirm("clock set 2 min short at the start").unwrap();
    let Event::Intervention(iv) = &ev else {
        panic!("{ev:?}")
    };
    assert_eq!(iv.reason, "clock set 2 min short at the start");
    assert!(
        iv.confirmed.summary.contains("+2 min"),
        "{}",
        iv.confirmed.summary
    );
    let de = core_catalogue().format(Lang::De, iv.confirmed.summary_msg.as_deref().unwrap());
    assert!(de.contains("+2 min") && de.contains("Schwarz"), "{de}");
    // Another kind whose rules give no summary and change nothing: "no change", never empty.
    let mut none = Consequence::default();
    rules::summarize(&mut none);
    assert_eq!(none.summary, "no change");
    // A summary the rules gave stays.
    let mut given = Consequence::default();
    given.set_summary(arbiter_core::msg!("rules-summary-agreement"));
    rules::summarize(&mut given);
    assert_eq!(given.summary, "draw by agreement");
}

// ---- Issue 28: what the device did, against what the Laws say -------------------------------------

/// A clock that added the next period's time at zero (a DGT preset) after White's 38th move of
/// 40: White's flag, and the device shows the next period's time again.
fn credited_too_early(profile: &str) -> (Table, u64) {
    let mut t = Table::new(profile);
    t.setup(0, None, Some(PeriodAddition::OnFlag));
    let mut at = 1_000;
    let left = forty_move_game(&mut t, &mut at, 38);
    t.run(&mut at, left + 200);
    t.clock[0] = t.m.profile.time_control.period(1).unwrap().base_ms();
    t.sample_flags(at, [true, false]);
    (t, at)
}

/// 2017/2023 6.10.2 (S002:540): "The arbiter shall install the correct setting and adjust the
/// times and move-counter": period time the device credited before the period's moves were
/// completed is taken off and the counter set to the moves on the board, the two counts shown.
/// A text without that rule (pre-2009, 1987: `setting_article` empty) leaves it to the arbiter.
#[test]
fn period_time_credited_too_early_is_taken_off_and_the_counter_set() {
    for profile in ["fide-2017", "fide-2023", "bundesliga"] {
        let (t, at) = credited_too_early(profile);
        let (_, p) = t.propose(
            at + 1_000,
            Some(Color::White),
            InterventionKind::TimeCorrection,
        );
        let w = words(&p);
        assert!(p.decision.is_none(), "{profile}: {w}");
        assert!(
            p.articles[0].ends_with("Art. 6.10.2"),
            "{profile}: {:?}",
            p.articles
        );
        // Everything the device shows of the 30 minutes goes (it has run a second since).
        assert_eq!(
            p.consequence.clock,
            vec![TimeChange {
                player: Color::White,
                delta_ms: -(29 * MIN as i64 + 59_000)
            }],
            "{profile}: {w}"
        );
        assert!(w.contains("credited 30 min to White after 38 moves"), "{w}");
        assert!(
            w.contains("Moves of White: 38 on the board, 38 on the clock's counter"),
            "{w}"
        );
        assert!(p.consequence.clock_ops.is_empty(), "the counters agree");
    }
    // The device's counter one ahead of the board (a press without a move): set to the board's.
    let (mut t, at) = credited_too_early("fide-2023");
    let op = ClockOperation::SetMoves {
        color: Color::White,
        moves: 39,
    };
    let (ev, _) =
        rules::clock_operation(&t.m, &t.s, B, op, "", MonoMs::from_base_ms(at + 500)).unwrap();
    t.push(at + 500, Origin::Arbiter, ev);
    let (_, p) = t.propose(
        at + 1_000,
        Some(Color::White),
        InterventionKind::TimeCorrection,
    );
    assert!(
        words(&p).contains("38 on the board, 39 on the clock's counter"),
        "{}",
        words(&p)
    );
    assert_eq!(
        p.consequence.clock_ops,
        vec![ClockOperation::SetMoves {
            color: Color::White,
            moves: 38
        }]
    );
    // No rule in the text: the arbiter decides, both options, none pre-selected.
    for profile in ["trier", "nrw-1987"] {
        let (t, at) = credited_too_early(profile);
        let (_, p) = t.propose(
            at + 1_000,
            Some(Color::White),
            InterventionKind::TimeCorrection,
        );
        let d = p
            .decision
            .as_ref()
            .unwrap_or_else(|| panic!("{profile}: {}", words(&p)));
        assert_eq!(
            d.situation,
            arbiter_core::profile::Situation::UnearnedPeriodTime
        );
        let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
        assert_eq!(keys, ["remove", "keep"], "{profile}");
        assert_eq!(
            p.consequence,
            Default::default(),
            "{profile}: nothing pre-selected"
        );
        assert!(!d.options[0].consequence.clock.is_empty(), "{profile}");
    }
}

/// Period time the moves on the board entitle a player to, which the device has not credited:
/// "pending in the device" (a clock that adds the period only at zero): shown with the amount;
/// gone once the device credits it.
#[test]
fn period_time_due_but_not_credited_is_pending_in_the_device() {
    let mut t = Table::new("fide-2023");
    t.setup(0, None, Some(PeriodAddition::OnFlag));
    let mut at = 1_000;
    forty_move_game(&mut t, &mut at, 40);
    let pending = |t: &Table, at: u64| -> Vec<BoardAlert> {
        t.alerts(at)
            .into_iter()
            .filter(|a| matches!(a, BoardAlert::PeriodTimePending { .. }))
            .collect()
    };
    // Both have completed 40 moves: 30 min due to each, none credited.
    assert_eq!(
        pending(&t, at + 1_000),
        [Color::White, Color::Black]
            .map(|color| BoardAlert::PeriodTimePending {
                color,
                ms: 30 * MIN
            })
            .to_vec()
    );
    // The console's own model counts it: White's model clock is 30 min above the device's.
    let st = board_status(
        &t.m,
        &t.s,
        t.s.board(B).unwrap(),
        MonoMs::from_base_ms(at + 1_000),
    );
    assert_eq!(
        st.model_clock.unwrap().shown.white.ms(),
        st.clock.unwrap().shown.white.ms() + 30 * MIN,
        "{st:?}"
    );
    // White's time runs out; the device adds his period: only Black's is pending.
    let left = t.clock[0];
    t.run(&mut at, left + 200);
    t.clock[0] = 30 * MIN;
    t.sample_flags(at, [true, false]);
    assert_eq!(
        pending(&t, at + 1_000),
        vec![BoardAlert::PeriodTimePending {
            color: Color::Black,
            ms: 30 * MIN
        }]
    );
    // A device that adds it on the 40th move: nothing pending.
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    forty_move_game(&mut t, &mut at, 39);
    for i in 0..2 {
        // The 40th move: the press credits the increment and the next period at once.
        let mover = t.position().turn();
        at += 10_000;
        t.clock[i] -= 10_000;
        let m = quiet_next(&t);
        t.mv(at, &m);
        t.clock[i] += t.m.profile.time_control.increment_ms_for(40) + 30 * MIN;
        t.running = Some(!mover);
        t.sample(at + 100);
    }
    assert_eq!(t.s.board(B).unwrap().completed(Color::Black, None), 40);
    assert!(
        pending(&t, at + 1_000).is_empty(),
        "{:?}",
        t.alerts(at + 1_000)
    );
}

/// A replacement clock (6.10.1): the next reports must show the decided values within 60 s;
/// otherwise the alert names the board's player and both values, even where the device keeps
/// showing what it showed before (the old clock's display).
#[test]
fn a_replacement_clock_not_showing_the_decided_values_raises_the_alert() {
    let mut t = Table::new("bundesliga");
    let mut at = 1_000;
    t.start_clock(at);
    t.clock[0] = 4 * MIN;
    t.running = None;
    t.sample(at + 500);
    at += 20_000;
    let bs = t.s.board(B).unwrap();
    let (op, _) = rules::replacement_values(&t.m, &t.s, bs, MonoMs::from_base_ms(at)).unwrap();
    let (ev, _) =
        rules::clock_operation(&t.m, &t.s, B, op, "display dark", MonoMs::from_base_ms(at))
            .unwrap();
    t.push(at, Origin::Arbiter, ev);
    let not_shown = |t: &Table, now: u64| -> Vec<BoardAlert> {
        t.alerts(now)
            .into_iter()
            .filter(|a| matches!(a, BoardAlert::CorrectionNotShown { .. }))
            .collect()
    };
    // The feed still shows 4:00 for White.
    t.sample(at + 5_000);
    assert!(
        not_shown(&t, at + 30_000).is_empty(),
        "within 60 s: no alert yet"
    );
    t.sample(at + 61_000);
    assert_eq!(
        not_shown(&t, at + 61_000),
        vec![BoardAlert::CorrectionNotShown {
            color: Color::White,
            device_ms: 4 * MIN,
            decided_ms: 5 * MIN
        }]
    );
    // The new clock reports the decided values: the alert goes.
    t.clock = [5 * MIN, 90 * MIN];
    t.sample(at + 62_000);
    assert!(
        not_shown(&t, at + 63_000).is_empty(),
        "{:?}",
        t.alerts(at + 63_000)
    );
}

/// At the round start a clock whose times differ from the time control: "expected A/B, shown
/// C/D" (a clock crediting the first increment at the start is right too).
#[test]
fn a_clock_set_wrong_at_the_start_shows_expected_and_shown() {
    let mut t = Table::new("fide-2023");
    t.clock = [85 * MIN, 90 * MIN];
    t.sample(1_000);
    let wrong: Vec<BoardAlert> = t
        .alerts(2_000)
        .into_iter()
        .filter(|a| matches!(a, BoardAlert::ClockSetWrong { .. }))
        .collect();
    assert_eq!(
        wrong,
        vec![BoardAlert::ClockSetWrong {
            expected_ms: ByColor {
                white: ClockMs::new(90 * MIN),
                black: ClockMs::new(90 * MIN)
            },
            shown_ms: ByColor {
                white: ClockMs::new(85 * MIN),
                black: ClockMs::new(90 * MIN)
            }
        }]
    );
    for right in [[90 * MIN, 90 * MIN], [90 * MIN + 30_000, 90 * MIN + 30_000]] {
        let mut t = Table::new("fide-2023");
        t.clock = right;
        t.sample(1_000);
        assert!(
            !t.alerts(2_000)
                .iter()
                .any(|a| matches!(a, BoardAlert::ClockSetWrong { .. })),
            "{right:?}"
        );
    }
    // Trier's 2 h: a clock set to 90 min is wrong there.
    let mut t = Table::new("trier");
    t.clock = [90 * MIN, 90 * MIN];
    t.sample(1_000);
    assert!(t.alerts(2_000).contains(&BoardAlert::ClockSetWrong {
        expected_ms: ByColor {
            white: ClockMs::new(120 * MIN),
            black: ClockMs::new(120 * MIN)
        },
        shown_ms: ByColor {
            white: ClockMs::new(90 * MIN),
            black: ClockMs::new(90 * MIN)
        }
    }));
}

// ---- The game record after an illegal move the e-board showed (issue 28) ----------------------

/// An illegal move as the e-board reports it (a `move` record no legal move is), with its press.
fn illegal_shown(t: &mut Table, at: &mut u64, think: u64, ply: u32, uci: &str, san: &str) {
    let mover = t.running.unwrap_or(Color::White);
    let i = usize::from(mover.is_black());
    *at += think;
    t.clock[i] = t.clock[i].saturating_sub(think);
    t.push(
        *at,
        Origin::Feed(B),
        MoveMade {
            board: B,
            ply,
            uci: uci.into(),
            san: san.into(),
            clock_ms: None,
        }
        .into(),
    );
    t.running = Some(!mover);
    t.sample(*at + 100);
}

/// 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6, then White's 4.Bxe8?? (b5-e8 through the knight on c6: no legal
/// move) shown by the e-board and pressed, and three more half-moves made on the board after it
/// (4...Nf6 5.O-O Be7). Returns the table, the time, and White's and Black's clocks as the
/// journal recorded them when White started move 4.
fn illegal_then_three_more(profile: &str) -> (Table, u64, arbiter_core::by_colour::ByColor<u64>) {
    let mut t = Table::new(profile);
    let mut at = 1_000;
    t.start_clock(at);
    for (i, m) in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"].iter().enumerate() {
        t.play(&mut at, 20_000 + 1_000 * i as u64, m);
    }
    let when =
        t.s.board(B)
            .unwrap()
            .clock_presses
            .last()
            .unwrap()
            .sample
            .by_colour()
            .map(arbiter_core::clock::ClockMs::ms);
    illegal_shown(&mut t, &mut at, 30_000, 7, "b5e8", "Bxe8");
    for (ply, uci, san) in [(8, "g8f6", "Nf6"), (9, "e1g1", "O-O"), (10, "f8e7", "Be7")] {
        illegal_shown(&mut t, &mut at, 10_000, ply, uci, san);
    }
    (t, at, when)
}

const BEFORE_4: &str = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";

#[test]
fn an_illegal_move_the_board_showed_keeps_the_last_legal_position_and_the_moves_after_it() {
    // FIDE 2023 7.5.1 (and the DSB note on 7.1): the position on the board is unknown after the
    // illegal move; the game record keeps the position before it and the moves made after it,
    // which are not moves of the game.
    let (t, at, _) = illegal_then_three_more("fide-2023");
    let bs = t.s.board(B).unwrap();
    assert!(bs.position().is_none(), "the board's position is unknown");
    assert_eq!(
        bs.game
            .last_legal()
            .map(arbiter_core::game::fen_of)
            .as_deref(),
        Some(BEFORE_4)
    );
    let ill = bs.game.illegal.as_ref().expect("the illegal move is kept");
    assert_eq!((ill.ply, ill.player), (7, Color::White));
    let statuses: Vec<MoveStatus> = bs.moves.iter().skip(6).map(|m| m.status).collect();
    assert_eq!(
        statuses,
        [
            MoveStatus::Illegal,
            MoveStatus::AfterIllegal,
            MoveStatus::AfterIllegal,
            MoveStatus::AfterIllegal
        ]
    );
    // Moves completed on the board: three each, none of those after the illegal one.
    assert_eq!(bs.completed(Color::White, None), 3);
    assert_eq!(bs.completed(Color::Black, None), 3);
    // The engine's alert, in every view of the board status (scenario, replay, screen).
    assert!(t.alerts(at).contains(&BoardAlert::IllegalPosition {
        ply: 7,
        player: Color::White
    }));
}

#[test]
fn an_illegal_move_the_board_showed_several_moves_ago_is_taken_back_with_either_clock_choice() {
    for profile in ["fide-2023", "fide-2017", "trier"] {
        for choice in ClockChoice::ALL {
            let (mut t, at, when) = illegal_then_three_more(profile);
            // The arbiter names nothing: the board's illegal move is the one, found later; the
            // clocks are his choice (7.1), nothing proposed before it.
            let (_, p) = t.propose(
                at + 1_000,
                None,
                InterventionKind::illegal(IllegalKind::Move),
            );
            assert!(
                words(&p).contains("choose the clocks"),
                "{profile}: {}",
                words(&p)
            );
            assert_eq!(p.consequence, Default::default());
            let kind = InterventionKind::IllegalMove {
                opponent_replied: None,
                kind: IllegalKind::Move,
                played: None,
                found_at_ply: Some(7),
                clocks: Some(choice),
            };
            let (req, p) = t.propose(at + 1_000, Some(Color::White), kind);
            let w = words(&p);
            assert!(w.contains("4.Bxe8 was illegal"), "{profile}: {w}");
            assert!(w.contains("take back 4 half-moves"), "{profile}: {w}");
            assert_eq!(
                p.consequence.game,
                Some(GameChange::Reinstate {
                    moves: 6,
                    fen: BEFORE_4.into()
                }),
                "{profile}"
            );
            let set_times = ClockOperation::SetTimes(when.map(arbiter_core::clock::ClockMs::new));
            assert_eq!(
                p.consequence.clock_ops.contains(&set_times),
                choice == ClockChoice::Recorded,
                "{profile} {choice:?}"
            );
            for color in [Color::White, Color::Black] {
                assert!(
                    p.consequence
                        .clock_ops
                        .contains(&ClockOperation::SetMoves { color, moves: 3 })
                );
            }
            // The opponent's time: 2023 7.5.5 and 2017 7.5.3 +2 min; Trier 7.4 b +2 min.
            assert!(p.consequence.clock.contains(&TimeChange {
                player: Color::Black,
                delta_ms: 120_000
            }));
            t.push(
                at + 1_000,
                Origin::Arbiter,
                rules::confirm(&req, &p, p.consequence.clone(), "found later".into()),
            );
            assert!(t.s.rejected.is_empty(), "{:?}", t.s.rejected);
            let bs = t.s.board(B).unwrap();
            assert_eq!(bs.game.illegal, None);
            assert_eq!(
                bs.position().map(arbiter_core::game::fen_of).as_deref(),
                Some(BEFORE_4)
            );
            assert_eq!(
                bs.moves
                    .iter()
                    .filter(|m| m.status == MoveStatus::Withdrawn)
                    .count(),
                3
            );
            assert!(
                !t.alerts(at + 2_000)
                    .iter()
                    .any(|a| matches!(a, BoardAlert::IllegalPosition { .. }))
            );
            // The game goes on from the reinstated position.
            let mut at = at + 5_000;
            t.play(&mut at, 5_000, "Ba4");
            assert_eq!(t.s.board(B).unwrap().game.game.ply(), 7);
        }
    }
}

#[test]
fn a_half_move_after_the_boards_illegal_move_cannot_be_named() {
    let (t, at, _) = illegal_then_three_more("fide-2023");
    let kind = InterventionKind::IllegalMove {
        opponent_replied: None,
        kind: IllegalKind::Move,
        played: None,
        found_at_ply: Some(9),
        clocks: Some(ClockChoice::Current),
    };
    let (_, p) = t.propose(at, Some(Color::White), kind);
    assert!(
        words(&p).contains("illegal move at half-move 7"),
        "{}",
        words(&p)
    );
    assert_eq!(p.consequence, Default::default());
}

#[test]
fn an_irregular_placement_then_a_feed_that_lost_track_does_not_join_the_game_there() {
    // The DGT feed reports an illegal move as a placement no legal move reaches, and after two
    // presses on such placements continues from the board as it is ("lost track"): the moves it
    // reports from there are not moves of the game record, which keeps the last legal position.
    let mut t = Table::new("fide-2023");
    let mut at = 1_000;
    t.start_clock(at);
    for m in ["e4", "e5"] {
        t.play(&mut at, 10_000, m);
    }
    // 2.Ke3?? (the king two squares): shown as a placement.
    let illegal = "rnbqkbnr/pppp1ppp/8/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR";
    t.irregular(at + 5_000, illegal);
    let lost = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR";
    t.push(
        at + 20_000,
        Origin::Feed(B),
        BoardIrregularity::new(
            B,
            lost.into(),
            arbiter_core::msg!("feed-irregular-lost-track", ply = 5),
        )
        .into(),
    );
    t.push(
        at + 20_000,
        Origin::Feed(B),
        BoardPosition {
            board: B,
            placement: lost.into(),
        }
        .into(),
    );
    // 3.Kd3 from the adopted placement: legal there, not in the game.
    t.push(
        at + 30_000,
        Origin::Feed(B),
        MoveMade {
            board: B,
            ply: 5,
            uci: "e3d3".into(),
            san: "Kd3".into(),
            clock_ms: None,
        }
        .into(),
    );
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.moves.last().unwrap().status, MoveStatus::AfterIllegal);
    assert_eq!(bs.game.start, arbiter_core::state::GameStart::Initial);
    assert_eq!(bs.game.illegal.as_ref().map(|i| i.ply), Some(3));
    assert_eq!(
        bs.game
            .last_legal()
            .map(|p| p.board().to_string())
            .as_deref(),
        Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR")
    );
    // The immediate ruling proposes the position before 2.Ke3 with the clocks to choose.
    let (_, p) = t.propose(
        at + 40_000,
        None,
        InterventionKind::illegal(IllegalKind::Move),
    );
    assert!(words(&p).contains("2.? was illegal"), "{}", words(&p));
}

#[test]
fn moves_after_a_game_that_ended_by_itself_are_post_game_where_the_edition_ends_it() {
    // Fivefold repetition (2023/2017 9.6.1) ends the game at the move; the pre-2009 text (Trier)
    // has no such rule: the game goes on. Checkmate ends it in every edition (5.1.1).
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for (profile, ends) in [("fide-2023", true), ("fide-2017", true), ("trier", false)] {
        let mut t = Table::new(profile);
        let mut at = 1_000;
        t.start_clock(at);
        for _ in 0..4 {
            for m in shuffle {
                t.play(&mut at, 2_000, m);
            }
        }
        // The initial position for the fifth time, White to move: 1.Nc3 on the e-board.
        t.play(&mut at, 2_000, "Nc3");
        let bs = t.s.board(B).unwrap();
        assert_eq!(bs.game.ends.fivefold.map(|e| e.move_index), Some(15));
        let last = bs.moves.last().unwrap().status;
        if ends {
            assert_eq!(last, MoveStatus::PostGame, "{profile}");
            assert_eq!(
                bs.game.game.ply(),
                16,
                "{profile}: the game ended at 8...Ng8"
            );
            assert_eq!(bs.completed(Color::White, None), 8);
        } else {
            assert_eq!(last, MoveStatus::Played, "{profile}");
            assert_eq!(bs.game.game.ply(), 17);
        }
    }
    // 1.f3 e5 2.g4 Qh4#, then a move reported anyway: post-game, not an illegal move.
    let mut t = Table::new("trier");
    let mut at = 1_000;
    t.start_clock(at);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        t.play(&mut at, 2_000, m);
    }
    illegal_shown(&mut t, &mut at, 2_000, 5, "e1f2", "Kf2");
    let bs = t.s.board(B).unwrap();
    assert_eq!(bs.moves.last().unwrap().status, MoveStatus::PostGame);
    assert!(bs.game.illegal.is_none());
    let alerts = t.alerts(at);
    assert!(
        alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::GameOver { .. }))
    );
    assert!(
        !alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::IllegalPosition { .. }))
    );
    let (_, p) = t.propose(at, None, InterventionKind::GameEnded);
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    assert!(words(&p).contains("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
}

#[test]
fn a_legal_move_made_with_two_hands_stands_with_the_penalty() {
    // 2023 7.5.4 with 7.5.5 and 2017 7.7.1-7.7.2: 2.exd5 made with two hands and the clock
    // pressed: the move stands, Black +2 min, nothing reinstated, no counter set back; the
    // position before it is the arbiter's alternative. Trier (pre-2009) and NRW 1987 have no
    // such rule: the move stands, the general penalties at the arbiter's discretion.
    for (profile, article) in [
        ("fide-2023", Some("7.5.4")),
        ("fide-2017", Some("7.7.1")),
        ("trier", None),
        ("nrw-1987", None),
    ] {
        let mut t = Table::new(profile);
        let mut at = 1_000;
        t.start_clock(at);
        for m in ["e4", "d5", "exd5"] {
            t.play(&mut at, 10_000, m);
        }
        let (_, p) = t.propose(
            at + 1_000,
            Some(Color::White),
            InterventionKind::illegal(IllegalKind::TwoHands),
        );
        let w = words(&p);
        assert_eq!(p.consequence.game, None, "{profile}: nothing taken back");
        assert!(
            !p.consequence
                .clock_ops
                .iter()
                .any(|op| matches!(op, ClockOperation::SetMoves { .. })),
            "{profile}: the move was completed"
        );
        match article {
            Some(a) => {
                assert!(
                    p.articles.iter().any(|x| x.contains(a)),
                    "{profile}: {:?}",
                    p.articles
                );
                assert!(w.contains("The move 2.exd5 stands"), "{profile}: {w}");
                assert!(
                    w.contains("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
                    "{profile}: the alternative: {w}"
                );
                assert_eq!(
                    p.consequence.clock,
                    vec![TimeChange {
                        player: Color::Black,
                        delta_ms: 120_000
                    }],
                    "{profile}"
                );
            }
            None => {
                assert!(
                    w.contains("is not an illegal move: the move stands"),
                    "{profile}: {w}"
                );
                assert!(p.consequence.clock.is_empty());
            }
        }
    }
}
