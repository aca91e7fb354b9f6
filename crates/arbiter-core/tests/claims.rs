//! Claims and agreements as records with a life (issue 14), with the numbers and positions of
//! the rule texts (`../shared/reference/`; the digest `rules-game-claims.md` §§4-6, 8.4-8.6).
//! The 2023 values rest on the second-hand transcription in current-regulations.md.

use std::path::Path;

use crate::support;
use arbiter_core::i18n::{Lang, Msg, core_catalogue};
use arbiter_core::intervention::{
    ClaimBasis, ClaimStatus, InterventionKind, QuickplayDecision, TimeChange,
};
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, ClockSide, Color, GameResult};
use arbiter_core::profile::{QuickplayKind, Situation};
use arbiter_core::record::{BoardSetup, ClockSample, Event, MoveMade, Origin, SessionStarted};
use arbiter_core::rules::decision::{Basis, decide};
use arbiter_core::rules::{self, Proposal, Request};
use arbiter_core::state::{BoardState, ClaimKind, MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};

const MIN: u64 = 60_000;
const S: u64 = 1000;

fn load(profile: &str) -> Match {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let match_path = "config/matches/demo-bundesliga.toml";
    let profile_path = format!("config/rules/{profile}.toml");
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

struct G {
    m: Match,
    s: MatchState,
    chain: Chain,
    buf: Vec<u8>,
    records: Vec<Record>,
}

fn fmt(lang: Lang, m: &Msg) -> String {
    core_catalogue()
        .try_format(lang, m)
        .unwrap_or_else(|e| panic!("{m:?} in {lang:?}: {e:?}"))
}

/// The explanation and every fact in English (both languages must format).
fn text(p: &Proposal) -> String {
    let mut msgs = vec![p.explanation.clone()];
    msgs.extend(p.facts.iter().cloned());
    if let Some(d) = &p.decision {
        msgs.push(d.why.clone());
        msgs.extend(d.facts.iter().cloned());
        msgs.extend(d.options.iter().map(|o| o.label.clone()));
    }
    if let Some(sm) = &p.consequence.summary_msg {
        msgs.push((**sm).clone());
    }
    for m in &msgs {
        fmt(Lang::De, m);
    }
    msgs.iter()
        .map(|m| fmt(Lang::En, m))
        .collect::<Vec<_>>()
        .join("\n")
}

impl G {
    fn new(profile: &str) -> G {
        G::with(profile, |_| {})
    }

    /// The match under `profile`, changed by `f` before the session starts.
    fn with(profile: &str, f: impl FnOnce(&mut Match)) -> G {
        let mut m = load(profile);
        f(&mut m);
        let mut g = G {
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

    fn push(&mut self, at: u64, origin: Origin, event: Event) -> Record {
        let r = support::append_at(&self.m, &mut self.chain, &mut self.buf, at, origin, event);
        apply(&mut self.s, &r);
        assert!(self.s.rejected.is_empty(), "{:?}", self.s.rejected);
        self.records.push(r.clone());
        r
    }

    fn moves(&mut self, board: u16, sans: &[&str]) {
        let b = BoardNo(board);
        let ply0 = self.s.board(b).map_or(0, |bs| bs.game.game.ply());
        for (i, san) in sans.iter().enumerate() {
            self.push(
                0,
                Origin::Feed(b),
                MoveMade {
                    board: b,
                    ply: ply0 + i as u32 + 1,
                    uci: String::new(),
                    san: (*san).into(),
                    clock_ms: None,
                }
                .into(),
            );
        }
    }

    fn setup(&mut self, board: u16, fen: &str) {
        self.push(
            0,
            Origin::Arbiter,
            BoardSetup {
                board: BoardNo(board),
                fen: Some(fen.into()),
                clock_adds: None,
                reason: "test".into(),
            }
            .into(),
        );
    }

    fn clock(&mut self, at: u64, board: u16, white_ms: u64, black_ms: u64) {
        let b = BoardNo(board);
        let ev = ClockSample {
            board: b,
            left_ms: white_ms,
            right_ms: black_ms,
            running: None,
            left_flag: white_ms == 0,
            right_flag: black_ms == 0,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        };
        self.push(at, Origin::Feed(b), ev.into());
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
        let p = rules::propose(&self.m, &self.s, &req, MonoMs::from_base_ms(at));
        text(&p);
        (req, p)
    }

    fn confirm(&mut self, at: u64, req: &Request, p: &Proposal) {
        let ev = rules::confirm(req, p, p.consequence.clone(), String::new());
        self.push(at, Origin::Arbiter, ev);
    }

    fn decide(&mut self, at: u64, req: &Request, p: &Proposal, option: &str) {
        let ev = decide(req, p, option, Basis::ExplicitRule, "as the text says").unwrap();
        self.push(at, Origin::Arbiter, ev);
    }

    fn board(&self, b: u16) -> &BoardState {
        self.s.board(BoardNo(b)).unwrap()
    }
}

fn claim(basis: ClaimBasis, intended: Option<&str>) -> InterventionKind {
    InterventionKind::DrawClaim {
        basis,
        correct: false,
        intended: intended.map(str::to_string),
    }
}

fn qpf(decision: QuickplayDecision) -> InterventionKind {
    InterventionKind::QuickplayClaim { decision }
}

fn plus(player: Color, ms: u64) -> TimeChange {
    TimeChange {
        player,
        delta_ms: ms as i64,
    }
}

fn minus(player: Color, ms: u64) -> TimeChange {
    TimeChange {
        player,
        delta_ms: -(ms as i64),
    }
}

fn options(p: &Proposal) -> Vec<String> {
    p.decision
        .as_ref()
        .map(|d| d.options.iter().map(|o| o.key.clone()).collect())
        .unwrap_or_default()
}

// ---- Admissibility ------------------------------------------------------------------------------

/// DC-5 (DSB note on 9.5.2, S002:1597): Black claims while White is on move: inadmissible, no
/// time correction; a general penalty is offered, none chosen.
#[test]
fn a_claim_by_the_player_not_on_move_is_inadmissible_and_gets_no_claim_penalty() {
    let mut g = G::new("fide-2023");
    g.moves(1, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
    let (req, p) = g.propose(
        MIN,
        1,
        Some(Color::Black),
        claim(ClaimBasis::Threefold, None),
    );
    assert!(p.consequence.clock.is_empty() && p.consequence.result.is_none());
    assert!(
        text(&p).contains("Black is not on move (White is)"),
        "{}",
        text(&p)
    );
    let d = p
        .decision
        .as_ref()
        .expect("the general penalties are offered");
    assert_eq!(d.situation, Situation::InadmissibleClaim);
    assert_eq!(options(&p), ["no_penalty", "warning"]);
    g.decide(MIN, &req, &p, "no_penalty");
    let c = &g.board(1).claims[0];
    assert_eq!(c.status, ClaimStatus::Inadmissible);
    assert_eq!(c.claimant, Some(Color::Black));
    assert!(g.board(1).time_changes.is_empty());
    assert!(g.board(1).result.is_none());
    // The same position claimed by White (on move) is correct.
    let (_, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw));
}

// ---- Threefold repetition ------------------------------------------------------------------------

/// DC-1: 1.e4 Nf6 2.e5 d5 (exd6 e.p. possible) 3.Nf3 Ng8 4.Ng1 Nf6 5.Nf3 Ng8 6.Ng1 Nf6: the
/// placement after 2…d5 comes back twice, but is not the same position (9.2.2.1).
const EP_LINE: [&str; 12] = [
    "e4", "Nf6", "e5", "d5", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6",
];

#[test]
fn threefold_one_move_too_early_lists_the_occurrences_and_the_en_passant_difference() {
    let mut g = G::new("fide-2023");
    g.moves(1, &EP_LINE);
    let (_, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    let t = text(&p);
    assert_eq!(p.consequence.result, None, "{t}");
    assert_eq!(
        p.consequence.clock,
        vec![plus(Color::Black, 2 * MIN)],
        "9.5.3: +2 min"
    );
    assert!(t.contains("occurred 2 times"), "{t}");
    assert!(t.contains("Occurrence 1: after 4… Nf6"), "{t}");
    assert!(t.contains("Occurrence 2: after 6… Nf6"), "{t}");
    assert!(
        t.contains("Not the same position after 2… d5: an en passant capture was possible"),
        "{t}"
    );
    // 7.Nf3 Ng8 8.Ng1 Nf6: the third time.
    g.moves(1, &["Nf3", "Ng8", "Ng1", "Nf6"]);
    let (req, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
    assert!(text(&p).contains("Occurrence 3: after 8… Nf6"));
    g.confirm(MIN, &req, &p);
    let c = &g.board(1).claims[0];
    assert_eq!(
        (c.kind, c.status),
        (ClaimKind::Threefold, ClaimStatus::Correct)
    );
    assert_eq!(g.board(1).result.as_ref().unwrap().result, GameResult::Draw);
}

/// 9.2.2.2: the king had castling rights at the start; after Rg1-h1 the same placement is not
/// the same position.
#[test]
fn lost_castling_rights_make_the_same_placement_a_different_position() {
    let mut g = G::new("fide-2023");
    g.moves(
        1,
        &[
            "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Rg1", "Ng8", "Rh1", "Nf6", "Ng1", "Ng8",
        ],
    );
    let (_, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    let t = text(&p);
    assert_eq!(p.consequence.result, None, "{t}");
    assert!(t.contains("occurred once"), "{t}");
    assert!(
        t.contains("Not the same as the start position: the castling rights differ"),
        "{t}"
    );
    assert!(
        t.contains("Not the same position after 2… Ng8: the castling rights differ"),
        "{t}"
    );
}

/// 9.2.1.1: the claim on a written move is judged on the position after it, which is not
/// played; DC-1: writing 7.Nf3 makes the third occurrence (after 3.Nf3 and 5.Nf3).
#[test]
fn a_claim_on_a_written_move_is_judged_after_that_move() {
    let mut g = G::new("fide-2023");
    g.moves(1, &EP_LINE);
    let (req, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, Some("Nf3")),
    );
    let t = text(&p);
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{t}");
    assert!(
        t.contains("after the written move 7. Nf3, which is not played"),
        "{t}"
    );
    assert!(t.contains("Occurrence 1: after 3. Nf3"), "{t}");
    assert!(p.articles.iter().any(|a| a.ends_with("Art. 9.2.1.1")));
    g.confirm(MIN, &req, &p);
    assert_eq!(g.board(1).claims[0].intended.as_deref(), Some("Nf3"));
    assert_eq!(
        g.board(1).game.game.moves().len(),
        12,
        "the written move is not played"
    );
}

/// 9.5.3: an incorrect claim on a written move: the penalty, and the move must be made next;
/// another move is an irregularity the board shows.
#[test]
fn an_incorrect_claim_on_a_written_move_binds_the_player_to_that_move() {
    let mut g = G::new("fide-2023");
    g.moves(1, &EP_LINE);
    let (req, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, Some("Nc3")),
    );
    let t = text(&p);
    assert_eq!(p.consequence.result, None, "{t}");
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 2 * MIN)]);
    assert!(
        t.contains("The written move 7. Nc3 must be made next (Art. 9.5.3)"),
        "{t}"
    );
    g.confirm(MIN, &req, &p);
    assert_eq!(g.board(1).claims[0].status, ClaimStatus::Incorrect);
    let pending = arbiter_core::status::written_move_due(g.board(1));
    assert_eq!(pending.as_ref().map(|w| w.played.is_some()), Some(false));
    g.moves(1, &["Nf3"]);
    let w = arbiter_core::status::written_move_due(g.board(1)).expect("another move was made");
    assert_eq!(w.intended, "Nc3");
    assert_eq!(w.played.as_deref(), Some("Nf3"));
    // The written move itself clears it.
    let mut g2 = G::new("fide-2023");
    g2.moves(1, &EP_LINE);
    let (req, p) = g2.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, Some("Nc3")),
    );
    g2.confirm(MIN, &req, &p);
    g2.moves(1, &["Nc3"]);
    assert_eq!(arbiter_core::status::written_move_due(g2.board(1)), None);
}

// ---- 50 moves, and the 1987 75-move endings ---------------------------------------------------

/// DC-4: K+R+B v K+R after 50 moves without capture or pawn move: correct under 2023; under
/// the 1987 Laws (10.9 a) 75 moves are needed, and at 75 it is correct.
#[test]
fn the_1987_rules_need_75_moves_in_the_listed_endings() {
    let fen50 = "8/8/8/4k3/8/8/2r5/R3KB2 w - - 100 80";
    let mut g = G::new("fide-2023");
    g.setup(2, fen50);
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::FiftyMoves, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
    let mut g = G::new("nrw-1987");
    g.setup(2, fen50);
    g.clock(0, 2, 30 * MIN, 30 * MIN);
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::FiftyMoves, None),
    );
    let t = text(&p);
    assert_eq!(p.consequence.result, None, "{t}");
    assert!(
        t.contains("The ending KRB-KR has 75 moves instead of 50"),
        "{t}"
    );
    assert!(
        t.contains("50 moves without capture or pawn move (75 needed)"),
        "{t}"
    );
    assert_eq!(p.consequence.clock, vec![minus(Color::White, 5 * MIN)]);
    // Colours swapped, 75 moves: correct.
    let mut g = G::new("nrw-1987");
    g.setup(2, "8/8/8/4K3/8/8/2R5/r3kb2 b - - 150 100");
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::Black),
        claim(ClaimBasis::FiftyMoves, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
    // An ending not in the list keeps 50.
    let mut g = G::new("nrw-1987");
    g.setup(2, "8/8/8/4k3/8/8/2r5/R3K3 w - - 100 80");
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::FiftyMoves, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
}

// ---- The incorrect-claim penalty of each edition ------------------------------------------------

/// Pre-2009 9.5 b (S001:511): +3:00 to the opponent; the claimant "mehr als zwei Minuten":
/// half, at most 3:00; "weniger als zwei, aber mehr als eine": set to 1:00; "weniger als eine":
/// unchanged. Both sides of each boundary; exactly 2:00 and exactly 1:00 are in no band.
#[test]
fn the_pre_2009_table_on_both_sides_of_each_boundary() {
    for (claimant_s, after_s) in [
        (600, 420),
        (361, 181),
        (360, 180),
        (300, 150),
        (151, 76),
        (121, 61),
        (119, 60),
        (61, 60),
        (59, 59),
        (0, 0),
    ] {
        let mut g = G::new("trier");
        g.clock(0, 2, claimant_s * S + 400, 20 * MIN);
        let (_, p) = g.propose(
            MIN,
            2,
            Some(Color::White),
            claim(ClaimBasis::FiftyMoves, None),
        );
        assert!(p.decision.is_none(), "{claimant_s} s: {}", text(&p));
        let mut want = vec![plus(Color::Black, 3 * MIN)];
        if after_s < claimant_s {
            want.push(minus(Color::White, (claimant_s - after_s) * S));
        }
        assert_eq!(p.consequence.clock, want, "claimant had {claimant_s} s");
    }
    // Exactly 2:00: flagged unregulated; the arbiter enters the value (2:00 as written, or 1:00
    // as both neighbouring rules would give).
    let mut g = G::new("trier");
    g.clock(0, 2, 2 * MIN, 20 * MIN);
    let (req, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::FiftyMoves, None),
    );
    assert!(p.consequence.clock.is_empty());
    assert!(
        text(&p).contains("has exactly 2 min: the text does not regulate this time"),
        "{}",
        text(&p)
    );
    let d = p.decision.as_ref().unwrap();
    assert_eq!(d.situation, Situation::ClaimPenaltyUnregulated);
    assert_eq!(options(&p), ["claimant_120s", "claimant_60s"]);
    g.decide(MIN, &req, &p, "claimant_60s");
    let bs = g.board(2);
    assert_eq!(
        bs.time_changes.iter().map(|(_, t)| *t).collect::<Vec<_>>(),
        vec![plus(Color::Black, 3 * MIN), minus(Color::White, MIN)]
    );
    assert_eq!(bs.claims[0].status, ClaimStatus::Incorrect);
    // Exactly 1:00: flagged too; both neighbouring rules give 1:00.
    let mut g = G::new("trier");
    g.clock(0, 2, MIN, 20 * MIN);
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::FiftyMoves, None),
    );
    assert_eq!(options(&p), ["claimant_60s"]);
}

/// 2017/2023 9.5.3: +2 minutes to the opponent; in rapid and blitz (2023 A.3, 2017 B.2) one.
#[test]
fn fide_gives_the_opponent_two_minutes_and_never_touches_the_claimant() {
    for profile in ["fide-2023", "fide-2017"] {
        let mut g = G::new(profile);
        g.clock(0, 2, 4 * MIN, 20 * MIN);
        let (_, p) = g.propose(
            MIN,
            2,
            Some(Color::White),
            claim(ClaimBasis::FiftyMoves, None),
        );
        assert_eq!(
            p.consequence.clock,
            vec![plus(Color::Black, 2 * MIN)],
            "{profile}"
        );
    }
}

/// 1987 10.11 b (S000:659): 5 minutes added to the claimant's used time; if he thereby
/// exceeds his time he loses, unless his opponent has only the king (10.7).
#[test]
fn the_1987_penalty_with_and_without_exceeding_the_time() {
    let mut g = G::new("nrw-1987");
    g.clock(0, 2, 12 * MIN, 20 * MIN);
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.clock, vec![minus(Color::White, 5 * MIN)]);
    assert_eq!(p.consequence.result, None);
    // Exactly 5:00 left: used + 5 equals the time, it does not exceed it.
    let mut g = G::new("nrw-1987");
    g.clock(0, 2, 5 * MIN, 20 * MIN);
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.clock, vec![minus(Color::White, 5 * MIN)]);
    // 4:59 left: exceeded, White loses.
    let mut g = G::new("nrw-1987");
    g.setup(2, "4k3/8/8/8/8/8/4q3/R3K3 w - - 10 60");
    g.clock(0, 2, 4 * MIN + 59 * S, 20 * MIN);
    let (req, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(
        p.consequence.result,
        Some(GameResult::BlackWins),
        "{}",
        text(&p)
    );
    g.confirm(MIN, &req, &p);
    assert_eq!(g.board(2).claims[0].status, ClaimStatus::Incorrect);
    // The same against an opponent with only the king: drawn.
    let mut g = G::new("nrw-1987");
    g.setup(2, "4k3/8/8/8/8/8/8/R3K3 w - - 10 60");
    g.clock(0, 2, 4 * MIN, 20 * MIN);
    let (_, p) = g.propose(
        MIN,
        2,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
}

// ---- Draw agreements -----------------------------------------------------------------------------

fn agree(g: &G, board: u16) -> Proposal {
    g.propose(MIN, board, None, InterventionKind::DrawAgreement)
        .1
}

/// DA-1, DA-2: 2017/2023 5.2.3 needs a move by each player; the 1987 and pre-2009 texts do not;
/// regulations with a minimum move (9.1.1, SBL reported: 20) refuse an earlier agreement, and
/// the arbiter's consent is offered only where the regulations allow it.
#[test]
fn draw_agreements_need_both_players_moves_and_the_minimum_move() {
    let mut g = G::new("fide-2023");
    g.moves(3, &["e4"]);
    let p = agree(&g, 3);
    assert_eq!(p.consequence.result, None);
    assert!(text(&p).contains("White 1, Black 0"), "{}", text(&p));
    g.moves(3, &["e5"]);
    assert_eq!(agree(&g, 3).consequence.result, Some(GameResult::Draw));
    let mut g = G::new("trier");
    g.moves(3, &["e4"]);
    assert_eq!(agree(&g, 3).consequence.result, Some(GameResult::Draw));
    let mut g = G::new("nrw-1987");
    g.moves(3, &["e4"]);
    assert_eq!(agree(&g, 3).consequence.result, Some(GameResult::Draw));
    // Bundesliga: no agreement before move 20.
    let mut g = G::new("bundesliga");
    g.setup(
        3,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 15",
    );
    let p = agree(&g, 3);
    assert_eq!(p.consequence.result, None);
    assert!(p.decision.is_none());
    assert!(
        text(&p).contains("before move 20 (now move 15)"),
        "{}",
        text(&p)
    );
    g.setup(
        3,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 20",
    );
    assert_eq!(agree(&g, 3).consequence.result, Some(GameResult::Draw));
    // Where the regulations let the arbiter consent, it is his decision.
    let mut g = G::new("bundesliga");
    g.m.profile.draw_agreement.arbiter_may_consent = true;
    g.setup(
        3,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 15",
    );
    let p = agree(&g, 3);
    assert_eq!(options(&p), ["consent", "refuse"]);
    assert_eq!(p.consequence.result, None);
    // A threefold claim at move 15 is still a draw (DSB note on 9.1.1 vs 9.2).
}

// ---- Quickplay finish ----------------------------------------------------------------------------

/// Trier (2 h/40 + 1 h, pre-2009 10.2): board 7 in the last period (move 45), White with 1:30.
fn trier_last_period() -> G {
    let mut g = G::new("trier");
    g.setup(7, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 45");
    g.clock(0, 7, 90 * S, 25 * MIN);
    g
}

#[test]
fn quickplay_preconditions_are_a_checklist_and_a_failed_one_makes_the_claim_inadmissible() {
    // The first period (move 1): not admissible, no draw.
    let mut g = G::new("trier");
    g.clock(0, 7, 90 * S, 25 * MIN);
    let (req, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Granted));
    let t = text(&p);
    assert_eq!(p.consequence.result, None, "{t}");
    assert!(t.contains("[ ] the last period (now period 1)"), "{t}");
    assert!(t.contains("[x] White has 0:01:30, under 2 min"), "{t}");
    g.confirm(S, &req, &p);
    assert_eq!(g.board(7).claims[0].status, ClaimStatus::Inadmissible);
    assert!(g.board(7).result.is_none());
    // Exactly 2:00 is not "weniger als zwei Minuten".
    let mut g = trier_last_period();
    g.clock(0, 7, 2 * MIN, 25 * MIN);
    let (_, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Granted));
    assert_eq!(p.consequence.result, None, "{}", text(&p));
    // Black is not on move.
    let mut g = trier_last_period();
    g.clock(0, 7, 25 * MIN, 90 * S);
    let (_, p) = g.propose(S, 7, Some(Color::Black), qpf(QuickplayDecision::Granted));
    assert_eq!(p.consequence.result, None, "{}", text(&p));
    // Never with an increment (Guidelines III.2.2): the Bundesliga's 30 s.
    let mut g = G::new("bundesliga");
    g.clock(0, 7, 90 * S, 25 * MIN);
    let (_, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Granted));
    assert_eq!(p.consequence.result, None);
    assert!(
        text(&p).contains("[ ] no increment or delay"),
        "{}",
        text(&p)
    );
    // All met: granted, final.
    let g = trier_last_period();
    let (_, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Granted));
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
    assert!(text(&p).contains("decision is final (Art. 10.2)"));
}

/// 10.2 c: rejected, the opponent's 2 minutes are mandatory.
#[test]
fn a_rejected_quickplay_claim_gives_the_opponent_his_mandatory_minutes() {
    let mut g = trier_last_period();
    let (req, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Rejected));
    assert!(p.decision.is_none(), "nothing to choose");
    assert_eq!(p.consequence.clock, vec![plus(Color::Black, 2 * MIN)]);
    g.confirm(S, &req, &p);
    assert_eq!(g.board(7).claims[0].status, ClaimStatus::Rejected);
    // The decision is final (10.2 d): a later protest about the board warns.
    let (_, p) = g.propose(
        MIN,
        7,
        None,
        InterventionKind::Protest {
            team: arbiter_core::model::TeamSide::Home,
            fee_cents: 0,
        },
    );
    assert!(
        text(&p).contains("that decision is final (Art. 10.2)"),
        "{}",
        text(&p)
    );
    // Not under rules where it can be appealed (2017/2023 11.10).
    let g = G::new("fide-2023");
    let (_, p) = g.propose(
        MIN,
        7,
        None,
        InterventionKind::Protest {
            team: arbiter_core::model::TeamSide::Home,
            fee_cents: 0,
        },
    );
    assert!(!text(&p).contains("final"), "{}", text(&p));
}

/// 10.2 b: postponed: the optional 2 minutes are offered with no default; the claim stays open;
/// a flag then opens the final decision (draw or loss on time) instead of a time forfeit; a
/// second claim in between is linked to the open one and does not close it (case Hein-2).
#[test]
fn a_postponed_quickplay_claim_stays_open_until_the_decision_after_the_flag() {
    let mut g = trier_last_period();
    let (req, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Postponed));
    assert!(p.consequence.clock.is_empty(), "nothing pre-selected");
    let d = p.decision.as_ref().unwrap();
    assert_eq!(d.situation, Situation::QuickplayPostponedBonus);
    assert_eq!(options(&p), ["bonus", "no_bonus"]);
    g.decide(S, &req, &p, "no_bonus");
    let first = g.board(7).claims[0].id;
    assert_eq!(g.board(7).claims[0].status, ClaimStatus::Postponed);
    assert!(g.board(7).time_changes.is_empty());
    // A second claim while the first is open: linked, the first stays open.
    let (req, p) = g.propose(
        2 * S,
        7,
        Some(Color::White),
        qpf(QuickplayDecision::Rejected),
    );
    // Named by its number on the board (the first claim here), never the journal's record
    // number (issue 29).
    assert_ne!(
        first, 1,
        "the record number differs from the claim's number"
    );
    assert!(text(&p).contains("still open (claim #1,"), "{}", text(&p));
    assert!(!text(&p).contains(&format!("#{first}")), "{}", text(&p));
    g.confirm(2 * S, &req, &p);
    let claims = &g.board(7).claims;
    assert_eq!(claims.len(), 2);
    assert_eq!(claims[1].follows, Some(first));
    assert_eq!(claims[1].status, ClaimStatus::Rejected);
    assert_eq!(claims[0].status, ClaimStatus::Postponed);
    assert_eq!(g.board(7).open_claim().map(|c| c.id), Some(first));
    // White's flag falls.
    g.clock(3 * S, 7, 0, 27 * MIN);
    let (req, p) = g.propose(4 * S, 7, Some(Color::White), InterventionKind::flag());
    assert_eq!(
        p.consequence.result,
        None,
        "no time-forfeit proposal: {}",
        text(&p)
    );
    let d = p.decision.as_ref().expect("the final decision");
    assert_eq!(d.situation, Situation::QuickplayFinalDecision);
    assert_eq!(options(&p), ["draw", "loss_on_time"]);
    assert!(
        text(&p).contains("Hint (DSB note on III.5)"),
        "{}",
        text(&p)
    );
    g.decide(4 * S, &req, &p, "draw");
    let bs = g.board(7);
    assert_eq!(bs.claims[0].status, ClaimStatus::Final);
    assert_eq!(bs.claims[0].decided_by, Some(g.s.applied - 1));
    assert_eq!(bs.result.as_ref().unwrap().result, GameResult::Draw);
    assert!(bs.open_claim().is_none());
    // The report shows each claim where it stands: the first decided for good, the second
    // rejected.
    let report = arbiter_core::report::build(&g.m, &g.records);
    let claims: Vec<_> = report
        .interventions
        .iter()
        .filter(|i| i.category == "claim")
        .map(|i| i.claim)
        .collect();
    assert_eq!(
        claims,
        [Some(ClaimStatus::Final), Some(ClaimStatus::Rejected)]
    );
}

/// Guidelines III.4 (2017/2023; 2023 second-hand): a request for a 5-second increment is a draw
/// offer: accepted → draw; declined and the arbiter agrees → the opponent gets 2 minutes;
/// declined and the arbiter refuses → recorded, nothing changes.
#[test]
fn the_iii_4_increment_request_accepted_agreed_and_refused() {
    let mk = || {
        let mut g = G::with("fide-2023", |m| {
            m.profile.quickplay_finish.kind = QuickplayKind::GuidelinesIii2023;
            m.time_control = "90".parse().unwrap();
        });
        g.clock(0, 5, 90 * S, 20 * MIN);
        g
    };
    let g = mk();
    let (_, p) = g.propose(
        S,
        5,
        Some(Color::White),
        qpf(QuickplayDecision::IncrementAccepted),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
    let mut g = mk();
    let (req, p) = g.propose(
        S,
        5,
        Some(Color::White),
        qpf(QuickplayDecision::IncrementGranted),
    );
    assert_eq!(
        p.consequence.clock,
        vec![plus(Color::Black, 2 * MIN)],
        "{}",
        text(&p)
    );
    assert!(text(&p).contains("5 s increment"), "{}", text(&p));
    g.confirm(S, &req, &p);
    // The increment is in the board's time control from now on (the clock model follows it),
    // so the game is no longer one "without increment" (III.2.2).
    let tc = g.board(5).mirror.as_ref().unwrap().time_control().clone();
    let pm = tc.per_move.expect("an increment");
    assert_eq!((pm.seconds, pm.from_move), (5, 1));
    let (_, p) = g.propose(
        2 * S,
        5,
        Some(Color::White),
        qpf(QuickplayDecision::Granted),
    );
    assert_eq!(p.consequence.result, None);
    assert!(
        text(&p).contains("[ ] no increment or delay"),
        "{}",
        text(&p)
    );
    let mut g = mk();
    let (req, p) = g.propose(
        S,
        5,
        Some(Color::White),
        qpf(QuickplayDecision::IncrementRefused),
    );
    assert!(p.consequence.clock.is_empty() && p.consequence.result.is_none());
    let ev = rules::confirm(
        &req,
        &p,
        p.consequence.clone(),
        "the position is clearly won".into(),
    );
    g.push(S, Origin::Arbiter, ev);
    let c = &g.board(5).claims[0];
    assert_eq!(
        (c.kind, c.status),
        (ClaimKind::IncrementRequest, ClaimStatus::Rejected)
    );
    // Not under the pre-2009 rules.
    let g = trier_last_period();
    let (_, p) = g.propose(
        S,
        7,
        Some(Color::White),
        qpf(QuickplayDecision::IncrementAccepted),
    );
    assert_eq!(p.consequence.result, None);
}

/// A correct claim by a player whose flag is down too: which came first is not established and
/// no source rules on it (`competing_claims`): the arbiter decides, nothing chosen.
#[test]
fn a_correct_claim_with_the_claimants_flag_down_is_the_arbiters_decision() {
    let mut g = G::new("fide-2023");
    g.moves(1, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
    g.clock(0, 1, 0, 20 * MIN);
    let (req, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.result, None, "{}", text(&p));
    let d = p.decision.as_ref().unwrap();
    assert_eq!(d.situation, Situation::CompetingClaims);
    assert_eq!(options(&p), ["claim_first", "flag_first"]);
    g.decide(MIN, &req, &p, "claim_first");
    assert_eq!(g.board(1).result.as_ref().unwrap().result, GameResult::Draw);
    assert_eq!(g.board(1).claims[0].status, ClaimStatus::Correct);
}

/// Guidelines III.2.2: never in blitz; the pre-2009 10.2 still applies in blitz (C.4).
#[test]
fn guidelines_iii_do_not_apply_to_blitz_but_the_old_10_2_does() {
    use arbiter_core::profile::Mode;
    let mut g = G::with("fide-2023", |m| {
        m.profile.quickplay_finish.kind = QuickplayKind::GuidelinesIii2023;
        m.time_control = "5".parse().unwrap();
        m.mode = Mode::Blitz;
    });
    g.clock(0, 5, 90 * S, 3 * MIN);
    let (_, p) = g.propose(S, 5, Some(Color::White), qpf(QuickplayDecision::Granted));
    assert_eq!(p.consequence.result, None);
    assert!(
        text(&p).contains("[ ] the rule is in force"),
        "{}",
        text(&p)
    );
    let mut g = G::with("trier", |m| {
        m.time_control = "5".parse().unwrap();
        m.mode = Mode::Blitz;
    });
    g.clock(0, 5, 90 * S, 3 * MIN);
    let (_, p) = g.propose(S, 5, Some(Color::White), qpf(QuickplayDecision::Granted));
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
}

/// Pre-2009 9.5 / 1987 10.11 b: after an incorrect claim the announced move must be made, cited
/// with the edition's article.
#[test]
fn the_written_move_is_due_under_each_editions_article() {
    for (profile, article) in [("trier", "Art. 9.5)"), ("nrw-1987", "Art. 10.11)")] {
        let mut g = G::new(profile);
        g.moves(1, &["Nf3", "Nf6"]);
        let (_, p) = g.propose(
            MIN,
            1,
            Some(Color::White),
            claim(ClaimBasis::Threefold, Some("Ng1")),
        );
        assert_eq!(p.consequence.result, None);
        assert!(
            text(&p).contains(&format!(
                "The written move 2. Ng1 must be made next ({article}"
            )),
            "{profile}: {}",
            text(&p)
        );
    }
}

// ---- Issue 28: claims ------------------------------------------------------------------------------

fn illegal_move() -> InterventionKind {
    InterventionKind::IllegalMove {
        kind: arbiter_core::intervention::IllegalKind::Move,
        opponent_replied: None,
        played: None,
        found_at_ply: None,
        clocks: None,
    }
}

/// DSB note on 9.1.1 (S002:1595): before the regulations' minimum move a 9.2 claim stays
/// possible; abuse is punished under 11.1. A correct threefold claim reached by an obvious
/// shuffle (the knights out and back twice: the start position at plies 0, 4 and 8) while an
/// agreement would be refused carries the notice; the claim is granted all the same.
#[test]
fn a_correct_threefold_claim_after_a_shuffle_carries_the_abuse_notice() {
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let mut g = G::new("bundesliga");
    g.moves(1, &shuffle);
    let (req, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
    assert_eq!(p.notices.len(), 1, "{:?}", p.notices);
    let notice = fmt(Lang::En, &p.notices[0]);
    assert!(
        notice.contains("move 5") && notice.contains("before move 20") && notice.contains("11.1"),
        "{notice}"
    );
    fmt(Lang::De, &p.notices[0]);
    // Journaled with the claim, for the report and a replay.
    g.confirm(MIN, &req, &p);
    let Event::Intervention(iv) = &g.records.last().unwrap().event else {
        panic!("{:?}", g.records.last())
    };
    assert_eq!(iv.notices, p.notices);
    // Not a shuffle: the start position again after eight plies, then after four: the last
    // three occurrences are not at the shortest interval.
    let mut g = G::new("bundesliga");
    g.moves(
        1,
        &[
            "Nf3", "Nf6", "Nc3", "Nc6", "Nb1", "Nb8", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8",
        ],
    );
    let (_, p) = g.propose(
        MIN,
        1,
        Some(Color::White),
        claim(ClaimBasis::Threefold, None),
    );
    assert_eq!(p.consequence.result, Some(GameResult::Draw), "{}", text(&p));
    assert!(p.notices.is_empty(), "{:?}", p.notices);
    // Where a draw may be agreed (2017: no minimum move; 2023: the profile does not adopt the
    // note), no notice.
    for profile in ["fide-2017", "fide-2023", "trier"] {
        let mut g = G::new(profile);
        g.moves(1, &shuffle);
        let (_, p) = g.propose(
            MIN,
            1,
            Some(Color::White),
            claim(ClaimBasis::Threefold, None),
        );
        assert_eq!(p.consequence.result, Some(GameResult::Draw), "{profile}");
        assert!(p.notices.is_empty(), "{profile}: {:?}", p.notices);
    }
}

/// Pre-2009 10.2 c ("werden … zugesprochen"), III.5.3 of 2017 (S002:1373): the opponent's two
/// minutes after a rejected claim are mandatory: a confirmation that leaves them out is refused,
/// whatever override is given; with them it is accepted.
#[test]
fn the_mandatory_minutes_of_a_rejected_quickplay_claim_cannot_be_overridden() {
    let g = trier_last_period();
    let (req, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Rejected));
    assert_eq!(p.mandatory, vec![plus(Color::Black, 2 * MIN)]);
    let without = rules::Confirmation {
        confirmed: arbiter_core::intervention::Consequence {
            claim: Some(ClaimStatus::Rejected),
            ..Default::default()
        },
        reason: "the arbiter forgot".into(),
        overrides: vec![(
            arbiter_core::intervention::OverrideField::Consequence,
            "no time".into(),
        )],
    };
    let err =
        rules::confirm_checked(&g.m, &g.s, &req, &p, without, MonoMs::from_base_ms(S)).unwrap_err();
    let e = fmt(Lang::En, &err);
    assert!(e.contains("mandatory") && e.contains("10.2"), "{e}");
    fmt(Lang::De, &err);
    let with = rules::Confirmation {
        confirmed: p.consequence.clone(),
        reason: String::new(),
        overrides: Vec::new(),
    };
    assert!(rules::confirm_checked(&g.m, &g.s, &req, &p, with, MonoMs::from_base_ms(S)).is_ok());
    // A postponement's two minutes are optional ("dürfen"): nothing mandatory.
    let (_, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Postponed));
    assert!(p.mandatory.is_empty());
}

/// A quickplay claim "bevor sein Fallblättchen gefallen ist" (III.5; pre-2009 10.2): the
/// checklist has the claimant's own flag; with it down the claim is inadmissible.
#[test]
fn the_quickplay_checklist_has_the_claimants_own_flag() {
    let g = trier_last_period();
    let (_, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Granted));
    assert!(
        text(&p).contains("[x] the flag of White is still up"),
        "{}",
        text(&p)
    );
    let mut g = trier_last_period();
    g.clock(0, 7, 0, 25 * MIN);
    let (_, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Granted));
    assert_eq!(p.consequence.result, None, "{}", text(&p));
    assert!(
        text(&p).contains("[ ] the flag of White is still up"),
        "{}",
        text(&p)
    );
}

/// A flag claim shows the claimant's own clock beside the opponent's flag: running or not, its
/// time, the lowest time in the period, his own flag.
#[test]
fn a_flag_claim_shows_the_claimants_own_clock() {
    for profile in ["fide-2023", "trier", "nrw-1987"] {
        let mut g = G::new(profile);
        g.moves(2, &["e4", "e5"]);
        g.clock(0, 2, 3 * MIN, 40 * S);
        g.clock(S, 2, 0, 40 * S);
        let (_, p) = g.propose(2 * S, 2, Some(Color::White), InterventionKind::flag());
        let t = text(&p);
        assert!(
            t.contains("The claimant Black: clock stopped, 0:00:40 now, lowest in the period 0:00:40, his own flag is up"),
            "{profile}: {t}"
        );
    }
}

/// DSB notes on III.5 (S002:1606-1608): every hint the notes list is shown for the decision
/// after a postponed claim, the clearly better position included (dated 6.1.2007, before the
/// Trier text's notes were filed: also under Trier).
#[test]
fn the_iii_5_decision_shows_every_hint_of_the_dsb_notes() {
    let mut g = trier_last_period();
    let (req, p) = g.propose(S, 7, Some(Color::White), qpf(QuickplayDecision::Postponed));
    g.decide(S, &req, &p, "no_bonus");
    g.clock(3 * S, 7, 0, 27 * MIN);
    let (_, p) = g.propose(4 * S, 7, Some(Color::White), InterventionKind::flag());
    let t = text(&p);
    assert!(t.contains("clearly better position"), "{t}");
    assert!(t.contains("wait"), "{t}");
    let hints = &g.m.profile.quickplay_finish.hints;
    for profile in ["fide-2017", "fide-2023", "bundesliga"] {
        let m = load(profile);
        assert!(
            m.profile
                .quickplay_finish
                .hints
                .iter()
                .any(|h| h == "hint-dsb-iii5-clearly-better"),
            "{profile}"
        );
    }
    assert!(hints.iter().any(|h| h == "hint-dsb-iii5-clearly-better"));
}

/// Trier Nr. 10 (S001:112): in the quickplay phase a flag "gilt als gefallen, sobald ein Spieler
/// mit Recht darauf hingewiesen hat": it is dated from the claim, not from the clock's report.
/// Elsewhere the report dates it.
#[test]
fn in_the_trier_quickplay_phase_a_flag_is_dated_from_the_claim() {
    let mut g = trier_last_period();
    // The clock counts 40 moves each: the last period (the arbiter set its counters).
    for color in [Color::White, Color::Black] {
        let op = arbiter_core::clock::ClockOperation::SetMoves { color, moves: 40 };
        let (ev, _) =
            rules::clock_operation(&g.m, &g.s, BoardNo(7), op, "", MonoMs::from_base_ms(S))
                .unwrap();
        g.push(S, Origin::Arbiter, ev);
    }
    g.clock(10 * S, 7, 0, 25 * MIN);
    let (_, p) = g.propose(5 * MIN, 7, Some(Color::White), InterventionKind::flag());
    let claim_at = WallMs::from_datetime(&g.m.scheduled_start) + (5 * MIN) as i64;
    assert_eq!(p.instant, Some(claim_at), "{}", text(&p));
    assert!(text(&p).contains("counts from the claim"), "{}", text(&p));
    // In the first period (not the quickplay phase) the report dates it.
    let mut g = G::new("trier");
    g.moves(7, &["e4", "e5"]);
    g.clock(10 * S, 7, 0, 25 * MIN);
    let (_, p) = g.propose(5 * MIN, 7, Some(Color::White), InterventionKind::flag());
    assert_ne!(p.instant, Some(claim_at), "{}", text(&p));
    assert!(!text(&p).contains("counts from the claim"), "{}", text(&p));
    // Under the 2023 Laws (no such rule) the report dates it in the last period too.
    let mut g = G::new("fide-2023");
    g.setup(7, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 45");
    g.clock(0, 7, 90 * S, 25 * MIN);
    for color in [Color::White, Color::Black] {
        let op = arbiter_core::clock::ClockOperation::SetMoves { color, moves: 40 };
        let (ev, _) =
            rules::clock_operation(&g.m, &g.s, BoardNo(7), op, "", MonoMs::from_base_ms(S))
                .unwrap();
        g.push(S, Origin::Arbiter, ev);
    }
    g.clock(10 * S, 7, 0, 25 * MIN);
    let (_, p) = g.propose(5 * MIN, 7, Some(Color::White), InterventionKind::flag());
    assert!(!text(&p).contains("counts from the claim"), "{}", text(&p));
}

/// An illegal move while the opponent's flag is down, which came first not established (no
/// source rules on it; Trier and the Laws leave it open): both outcomes are shown, none
/// pre-selected, the result waits for the decision.
#[test]
fn an_illegal_move_and_a_flag_compete() {
    for profile in ["trier", "fide-2023", "bundesliga"] {
        let mut g = G::new(profile);
        g.moves(3, &["e4", "e5"]);
        g.clock(0, 3, 20 * MIN, 0);
        let (req, p) = g.propose(MIN, 3, Some(Color::White), illegal_move());
        let t = text(&p);
        assert_eq!(p.consequence.result, None, "{profile}: {t}");
        assert!(
            p.consequence.clock.is_empty(),
            "{profile}: nothing pre-selected"
        );
        let d = p
            .decision
            .as_ref()
            .unwrap_or_else(|| panic!("{profile}: {t}"));
        assert_eq!(d.situation, Situation::CompetingClaims);
        assert_eq!(
            options(&p),
            ["illegal_move_first", "flag_first"],
            "{profile}"
        );
        assert!(
            t.contains("If the flag of Black fell first"),
            "{profile}: {t}"
        );
        assert!(
            t.contains("If the illegal move of White came first"),
            "{profile}: {t}"
        );
        g.decide(MIN, &req, &p, "flag_first");
        assert_eq!(
            g.board(3).result.as_ref().unwrap().result,
            GameResult::WhiteWins,
            "{profile}"
        );
    }
    // No flag down: the illegal move alone, as before.
    let mut g = G::new("trier");
    g.moves(3, &["e4", "e5"]);
    g.clock(0, 3, 20 * MIN, 10 * MIN);
    let (_, p) = g.propose(MIN, 3, Some(Color::White), illegal_move());
    assert!(p.decision.is_none(), "{}", text(&p));
}

/// 5.1.2: a resignation ends the game at once. "Did the player resign, and when?" is the
/// arbiter's finding, none pre-selected; "yes" voids the claims made after it, "no" leaves
/// them.
#[test]
fn a_claimed_resignation_voids_the_later_claims_when_established() {
    let setup = || {
        let mut g = G::new("fide-2023");
        g.moves(1, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
        // At 2 min a draw claim by White, judged incorrect and recorded.
        let (req, mut p) = g.propose(
            2 * MIN,
            1,
            Some(Color::White),
            claim(ClaimBasis::FiftyMoves, None),
        );
        p.consequence.claim = Some(ClaimStatus::Incorrect);
        g.confirm(2 * MIN, &req, &p);
        g
    };
    let at = |g: &G, ms: u64| {
        (WallMs::from_datetime(&g.m.scheduled_start) + ms as i64)
            .to_datetime()
            .unwrap()
            .to_rfc3339()
    };
    // Black says White resigned at 1 min, before the claim.
    let mut g = setup();
    let kind = InterventionKind::Resignation {
        at: Some(at(&g, MIN)),
    };
    let (req, p) = g.propose(3 * MIN, 1, Some(Color::White), kind);
    let t = text(&p);
    assert_eq!(p.consequence.result, None, "{t}");
    assert_eq!(
        p.decision.as_ref().unwrap().situation,
        Situation::Resignation
    );
    assert_eq!(options(&p), ["resigned", "not_resigned"]);
    // The later claim by the board's claim number (the log's), not a journal record number.
    assert!(t.contains("Claim after it: no. 1 at "), "{t}");
    assert!(
        t.contains("White resigned (the claim after it is void)"),
        "{t}"
    );
    g.decide(3 * MIN, &req, &p, "resigned");
    let bs = g.board(1);
    assert_eq!(bs.result.as_ref().unwrap().result, GameResult::BlackWins);
    assert_eq!(bs.claims[0].status, ClaimStatus::Void);
    // "No": the game goes on, the claim stands as judged.
    let mut g = setup();
    let kind = InterventionKind::Resignation {
        at: Some(at(&g, MIN)),
    };
    let (req, p) = g.propose(3 * MIN, 1, Some(Color::White), kind);
    g.decide(3 * MIN, &req, &p, "not_resigned");
    let bs = g.board(1);
    assert!(bs.result.is_none());
    assert_eq!(bs.claims[0].status, ClaimStatus::Incorrect);
    // Resigned after the claim: the claim is not void.
    let mut g = setup();
    let kind = InterventionKind::Resignation {
        at: Some(at(&g, 150 * S)),
    };
    let (req, p) = g.propose(3 * MIN, 1, Some(Color::White), kind);
    assert!(!text(&p).contains("Claim after it"), "{}", text(&p));
    g.decide(3 * MIN, &req, &p, "resigned");
    assert_eq!(g.board(1).claims[0].status, ClaimStatus::Incorrect);
    // A time that is not one is refused with the reason.
    let g = setup();
    let kind = InterventionKind::Resignation {
        at: Some("half past three".into()),
    };
    let (_, p) = g.propose(3 * MIN, 1, Some(Color::White), kind);
    assert!(p.decision.is_none());
    assert!(text(&p).contains("is not a time"), "{}", text(&p));
}
