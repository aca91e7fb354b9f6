//! How a game ended, recorded with its result (issue 19, deliverable 7): the endings the Laws
//! know for a result the arbiter enters (FIDE Laws 2017 Art. 5.1.1, 5.1.2, 5.2.1–5.2.3, 6.9,
//! 9.6), what the position on the game record proves, the override a result against it needs,
//! and the report, which prints the recorded ending and never guesses one.

use std::path::Path;

use arbiter_core::intervention::OverrideField;
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{
    BoardSetup, Ending, Event, MoveMade, Origin, ResultRecorded, SessionStarted,
};
use arbiter_core::report;
use arbiter_core::rules::result_ending::{proven_ending, result_checked};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};

fn load() -> Match {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    Match::from_texts(
        Path::new("config/matches/demo-bundesliga.toml"),
        &text("config/matches/demo-bundesliga.toml"),
        Path::new("config/rules/fide-2017.toml"),
        &text("config/rules/fide-2017.toml"),
    )
    .unwrap()
}

struct Day {
    m: Match,
    s: MatchState,
    chain: Chain,
    buf: Vec<u8>,
    records: Vec<Record>,
    at: u64,
}

impl Day {
    fn new() -> Day {
        let m = load();
        let mut d = Day {
            s: MatchState::default(),
            chain: Chain::default(),
            buf: Vec::new(),
            records: Vec::new(),
            at: 0,
            m,
        };
        let ev = SessionStarted::of(&d.m, "test".into());
        d.push(Origin::System, ev.into());
        d
    }

    fn push(&mut self, origin: Origin, event: Event) {
        self.at += 1_000;
        let start = WallMs::from_datetime(&self.m.scheduled_start);
        let r = self.chain.append(
            start + self.at as i64,
            MonoMs::from_base_ms(self.at),
            origin,
            event,
            &mut self.buf,
        );
        apply(&mut self.s, &r);
        self.records.push(r);
    }

    fn fen(&mut self, b: BoardNo, fen: &str) {
        self.push(
            Origin::Arbiter,
            BoardSetup {
                board: b,
                fen: Some(fen.into()),
                clock_adds: None,
                reason: "test".into(),
            }
            .into(),
        );
    }

    /// Moves on the e-board, SAN, from the game record's position.
    fn moves(&mut self, b: BoardNo, sans: &[&str]) {
        for m in sans {
            let g = &self.s.board(b).unwrap().game.game;
            let legal = g.legal_move(m, m).unwrap_or_else(|| panic!("{m} illegal"));
            let ev = MoveMade {
                board: b,
                ply: g.ply() + 1,
                uci: shakmaty::uci::UciMove::from_standard(legal).to_string(),
                san: g.san(legal),
                clock_ms: None,
            };
            self.push(Origin::Feed(b), ev.into());
        }
    }

    fn checked(
        &self,
        b: BoardNo,
        result: GameResult,
        ending: Option<Ending>,
        overrides: &[(OverrideField, String)],
    ) -> Result<ResultRecorded, String> {
        let mut rec = ResultRecorded::new(b, result);
        rec.ending = ending;
        result_checked(&self.m, &self.s, rec, overrides).map_err(|m| m.id.to_string())
    }
}

const B1: BoardNo = BoardNo(1);
const B2: BoardNo = BoardNo(2);
const B3: BoardNo = BoardNo(3);

#[test]
fn each_ending_gives_only_the_results_the_laws_give_it() {
    use GameResult::*;
    // 5.1.1, 5.1.2, 6.9: a win; 5.2.1–5.2.3, 9.6.1, 9.6.2 and 6.9's cannot-mate clause: a draw;
    // 6.7.1: a game not played.
    for e in [Ending::Checkmate, Ending::Resignation, Ending::Time] {
        assert!(
            e.fits(WhiteWins) && e.fits(BlackWins) && !e.fits(Draw),
            "{e:?}"
        );
        assert!(!e.fits(WhiteWinsForfeit), "{e:?}");
    }
    for e in [
        Ending::Stalemate,
        Ending::DeadPosition,
        Ending::Agreement,
        Ending::Fivefold,
        Ending::SeventyFiveMoves,
        Ending::TimeCannotMate,
    ] {
        assert!(
            e.fits(Draw) && !e.fits(WhiteWins) && !e.fits(BlackWins),
            "{e:?}"
        );
    }
    assert!(Ending::Forfeit.fits(DoubleForfeit) && !Ending::Forfeit.fits(Draw));
    // The form offers a decisive result's endings, resignation first.
    assert_eq!(
        Ending::for_result(WhiteWins),
        vec![Ending::Resignation, Ending::Checkmate, Ending::Time]
    );
    assert_eq!(Ending::for_result(Draw)[0], Ending::Agreement);
}

#[test]
fn a_mate_on_the_board_is_proven_and_a_result_against_it_needs_an_override() {
    let mut d = Day::new();
    // Fool's mate: 1.f3 e5 2.g4 Qh4# (Black mates, Art. 5.1.1).
    d.moves(B1, &["f3", "e5", "g4", "Qh4#"]);
    let bs = d.s.board(B1).unwrap();
    assert_eq!(
        proven_ending(&d.m, bs),
        Some((GameResult::BlackWins, Ending::Checkmate))
    );
    // As the position proves: no override.
    let ok = d
        .checked(B1, GameResult::BlackWins, Some(Ending::Checkmate), &[])
        .unwrap();
    assert!(ok.overridden.is_empty());
    // The result against the mate: refused without a reason, recorded with it beside the
    // values the position and the arbiter gave.
    assert_eq!(
        d.checked(B1, GameResult::WhiteWins, Some(Ending::Resignation), &[]),
        Err("rules-override-needs-reason".into())
    );
    let over = d
        .checked(
            B1,
            GameResult::WhiteWins,
            Some(Ending::Resignation),
            &[(OverrideField::Result, "Brett falsch aufgebaut".into())],
        )
        .unwrap();
    assert_eq!(over.overridden.len(), 1);
    let o = &over.overridden[0];
    assert_eq!(o.field, OverrideField::Result);
    assert_eq!(o.proposed.id, "override-value-result-ending");
    assert_eq!(o.reason, "Brett falsch aufgebaut");
    // The same result with another ending: the ending is the field overridden (a game ended
    // by mate cannot end by resignation after it, Art. 5.1.1).
    assert_eq!(
        d.checked(B1, GameResult::BlackWins, Some(Ending::Resignation), &[]),
        Err("rules-override-needs-reason".into())
    );
    let e = d
        .checked(
            B1,
            GameResult::BlackWins,
            Some(Ending::Resignation),
            &[(OverrideField::Ending, "aufgegeben vor dem Matt".into())],
        )
        .unwrap();
    assert_eq!(e.overridden[0].field, OverrideField::Ending);
}

#[test]
fn a_stalemate_is_proven_and_no_override_makes_an_ending_give_another_result() {
    let mut d = Day::new();
    // White's Qf7 leaves Black's king on h8 no move and not in check (Art. 5.2.1).
    d.fen(B2, "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1");
    d.moves(B2, &["Qf7"]);
    let bs = d.s.board(B2).unwrap();
    assert_eq!(
        proven_ending(&d.m, bs),
        Some((GameResult::Draw, Ending::Stalemate))
    );
    assert!(
        d.checked(B2, GameResult::Draw, Some(Ending::Stalemate), &[])
            .unwrap()
            .overridden
            .is_empty()
    );
    // A checkmate cannot give a draw: refused, whatever reason is given.
    assert_eq!(
        d.checked(
            B2,
            GameResult::Draw,
            Some(Ending::Checkmate),
            &[(OverrideField::Ending, "x".into())]
        ),
        Err("rules-ending-does-not-fit".into())
    );
}

#[test]
fn where_the_position_proves_nothing_the_arbiters_ending_stands() {
    let mut d = Day::new();
    d.moves(B3, &["e4", "e5"]);
    assert_eq!(proven_ending(&d.m, d.s.board(B3).unwrap()), None);
    for (r, e) in [
        (GameResult::WhiteWins, Ending::Resignation),
        (GameResult::BlackWins, Ending::Time),
        (GameResult::Draw, Ending::Agreement),
    ] {
        assert!(
            d.checked(B3, r, Some(e), &[])
                .unwrap()
                .overridden
                .is_empty()
        );
    }
}

#[test]
fn the_report_prints_the_recorded_ending_and_never_guesses_one() {
    let mut d = Day::new();
    d.moves(B1, &["f3", "e5", "g4", "Qh4#"]);
    d.moves(B3, &["e4", "e5"]);
    d.moves(BoardNo(4), &["d4", "d5"]);
    let mut rec = |b: BoardNo, r: GameResult, e: Option<Ending>| {
        let mut x = ResultRecorded::new(b, r);
        x.ending = e;
        d.push(Origin::Arbiter, x.into());
    };
    // Board 1: the mate, entered without an ending (a journal before the field): the game
    // record proves it. Board 3: a loss on time recorded. Board 4: 1-0 entered without an
    // ending: not recorded (no resignation guessed).
    rec(B1, GameResult::BlackWins, None);
    rec(B3, GameResult::BlackWins, Some(Ending::Time));
    rec(BoardNo(4), GameResult::WhiteWins, None);
    rec(BoardNo(5), GameResult::WhiteWinsForfeit, None);
    let r = report::build(&d.m, &d.records);
    let ended = |b: u16| {
        r.boards[usize::from(b) - 1]
            .termination
            .as_ref()
            .map(|m| m.id.clone())
    };
    assert_eq!(ended(1).as_deref(), Some("report-ended-checkmate"));
    assert_eq!(ended(3).as_deref(), Some("ending-time"));
    assert_eq!(ended(4).as_deref(), Some("report-ended-not-recorded"));
    assert_eq!(ended(5).as_deref(), Some("report-ended-forfeit"));
    assert_eq!(ended(6), None, "open");
}

#[test]
fn a_result_record_without_an_ending_reads_as_before() {
    let old = Event::from_parts("result", r#"{"board":2,"result":"1-0"}"#).unwrap();
    let Event::ResultRecorded(r) = old else {
        panic!("{old:?}")
    };
    assert_eq!(r, ResultRecorded::new(B2, GameResult::WhiteWins));
    // Written as before without one; with one, the ending is a field of the payload.
    assert_eq!(
        serde_json::to_string(&r).unwrap(),
        r#"{"board":2,"result":"1-0"}"#
    );
    let mut with = r.clone();
    with.ending = Some(Ending::SeventyFiveMoves);
    let json = serde_json::to_string(&with).unwrap();
    assert!(json.contains(r#""ending":"seventy_five_moves""#), "{json}");
    assert_eq!(
        Event::from_parts("result", &json).unwrap(),
        Event::from(with)
    );
}

#[test]
fn every_ending_is_named_in_both_languages() {
    use arbiter_core::i18n::{Lang, Msg, core_catalogue};
    for e in Ending::ALL {
        for lang in Lang::ALL {
            core_catalogue()
                .try_format(lang, &Msg::new(e.message_id()))
                .unwrap_or_else(|err| panic!("{e:?} in {lang:?}: {err:?}"));
        }
    }
}

/// A draw by agreement entered through the result form is refused exactly as the agreement form
/// refuses it (2017 5.2.3: a move by each player; 9.1.1: the regulations' minimum move, the
/// arbiter's consent only where they allow it, then with his reason); a resignation before any
/// move needs the arbiter's confirmation with a reason.
#[test]
fn the_result_form_refuses_an_agreement_as_the_agreement_form_and_flags_an_early_resignation() {
    use GameResult::*;
    let mut d = Day::new();
    d.moves(B1, &["e4"]);
    assert_eq!(
        d.checked(B1, Draw, Some(Ending::Agreement), &[]),
        Err("rules-agreement-too-early-moves".into())
    );
    d.moves(B1, &["e5"]);
    assert!(d.checked(B1, Draw, Some(Ending::Agreement), &[]).is_ok());
    // The regulations' minimum move 20 (the SBL's), move 15 now.
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 15";
    let mut d = Day::new();
    d.m.profile.draw_agreement.min_move = 20;
    d.fen(B2, fen);
    assert_eq!(
        d.checked(B2, Draw, Some(Ending::Agreement), &[]),
        Err("rules-agreement-too-early-regulations".into())
    );
    d.m.profile.draw_agreement.arbiter_may_consent = true;
    assert!(d.checked(B2, Draw, Some(Ending::Agreement), &[]).is_err());
    let consent = [(
        OverrideField::AgreementBeforeMinimum,
        "both captains asked".to_string(),
    )];
    let rec = d
        .checked(B2, Draw, Some(Ending::Agreement), &consent)
        .unwrap();
    assert_eq!(rec.overridden.len(), 1);
    assert_eq!(
        rec.overridden[0].field,
        OverrideField::AgreementBeforeMinimum
    );
    assert_eq!(rec.overridden[0].reason, "both captains asked");
    // A result without an ending is not an agreement: not refused.
    assert!(d.checked(B2, Draw, None, &[]).is_ok());
    // A resignation before any move: confirmed with a reason.
    let d = Day::new();
    assert!(
        d.checked(B3, BlackWins, Some(Ending::Resignation), &[])
            .is_err()
    );
    let why = [(
        OverrideField::ResignationBeforeMove,
        "White left, resigned".to_string(),
    )];
    assert!(
        d.checked(B3, BlackWins, Some(Ending::Resignation), &why)
            .is_ok()
    );
    // After a move it is an ordinary resignation.
    let mut d = Day::new();
    d.moves(B3, &["e4"]);
    assert!(
        d.checked(B3, WhiteWins, Some(Ending::Resignation), &[])
            .is_ok()
    );
}
