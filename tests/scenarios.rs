//! Whole matches through the headless scenario runner (`arbiter script`), checking the final
//! score and every clock value that matters.

use std::path::Path;
use std::process::Command;

use arbiter_core::clock::ClockMs;
use arbiter_core::intervention::TimeChange;
use arbiter_core::journal;
use arbiter_core::model::{BoardNo, Color, GameResult, TeamSide};
use arbiter_core::scenario::Outcome;
use arbiter_io::config::run_scenario_file as run_file;

fn run(name: &str) -> Outcome {
    run_file(Path::new(&format!("tests/scenarios/{name}.toml"))).unwrap_or_else(|e| panic!("{e}"))
}

fn result(o: &Outcome, board: u16) -> Option<GameResult> {
    o.state
        .board(BoardNo(board))
        .and_then(|b| b.result.as_ref())
        .map(|r| r.result)
}

#[test]
fn bundesliga_match() {
    let o = run("bundesliga-match");
    assert_eq!(o.score.as_scored.half_points, [9, 7], "4½:3½");
    assert_eq!(o.score.match_points, Some([2, 0]));
    assert_eq!(o.score.unplayed_boards, vec![BoardNo(8)]);
    assert_eq!(
        result(&o, 8),
        Some(GameResult::WhiteWinsForfeit),
        "home White on board 8, away absent"
    );
    // The illegal move on board 3 (White pressed without moving): the clock reported 1:10:00 and
    // 1:20:00 with Black's time running at 1:00:00; at 1:00:10 Black's clock has run 10 s more
    // (1:20:00.999 at most, less 10 s): it shows 1:19:50 (whole seconds, as the clock shows
    // them). +2 min to Black, −30 s White.
    let iv = &o.state.interventions[1].intervention;
    assert_eq!(
        (
            iv.clocks.white.map(ClockMs::ms),
            iv.clocks.black.map(ClockMs::ms)
        ),
        (Some(4_200_000), Some(4_790_000))
    );
    assert_eq!(
        iv.confirmed.clock,
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
    // board 3: a clock pressed without a move (7.5.3 with 7.5.5, the per-kind citation)
    assert!(
        iv.articles
            .contains(&"FIDE 2023 Art. 7.5.3, 7.5.5".to_string())
    );
    assert_eq!(
        o.state
            .board(BoardNo(3))
            .unwrap()
            .illegal_count(Color::White, None),
        1
    );
    // The protest is in the log with the profile's deadline.
    let protest = &o.state.interventions[2].intervention;
    assert!(protest.confirmed.summary.contains("within 7 days"));
    assert_eq!(
        o.state.round_started.unwrap().wall_ms - o.state.session.as_ref().unwrap().started.wall_ms,
        5 * 60_000
    );
    // The journal of the run verifies and folds to the same state.
    let v = journal::verify_bytes(&o.journal);
    assert!(v.is_intact());
    assert_eq!(v.valid, o.records.len());
}

#[test]
fn trier_quickplay_illegal_moves_and_paragraph_33() {
    let o = run("trier-quickplay");
    assert_eq!(
        o.state.zeroed,
        (2..=5)
            .map(|b| (BoardNo(b), TeamSide::Away))
            .collect::<Vec<_>>()
    );
    assert_eq!(o.score.as_played.half_points, [7, 9]);
    assert_eq!(o.score.as_scored.half_points, [10, 6]);
    assert_eq!(o.score.match_points, Some([2, 0]));
    // Board 4: +2, +2, then the third illegal move loses.
    let b4: Vec<_> = o
        .state
        .interventions
        .iter()
        .filter(|i| i.intervention.board == Some(BoardNo(4)))
        .collect();
    assert_eq!(b4.len(), 3);
    assert_eq!(
        b4[0].intervention.confirmed.clock,
        vec![TimeChange {
            player: Color::White,
            delta_ms: 120_000
        }]
    );
    assert_eq!(
        b4[1].intervention.confirmed.clock,
        vec![TimeChange {
            player: Color::White,
            delta_ms: 120_000
        }]
    );
    assert_eq!(
        b4[2].intervention.confirmed.result,
        Some(GameResult::WhiteWins)
    );
    // Board 7: the claim 5 s after White's clock reported 1:40 running (1:40.999 at most, less
    // 5 s: the clock shows 1:35) is postponed; the optional +2 min to Black is offered, not
    // preset (10.2 b "dürfen"), and the arbiter gives it. Then a second claim, linked to the
    // open one, is granted.
    let b7: Vec<_> = o
        .proposals
        .iter()
        .filter(|p| p.request.board == Some(BoardNo(7)))
        .collect();
    assert_eq!(b7[0].proposal.clocks.white.map(ClockMs::ms), Some(95_000));
    assert_eq!(b7[0].proposal.clocks.black.map(ClockMs::ms), Some(360_000));
    assert!(b7[0].proposal.consequence.clock.is_empty());
    let bonus = &b7[0].proposal.decision.as_ref().unwrap().options[0];
    assert_eq!(
        bonus.consequence.clock,
        vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }]
    );
    let bs7 = o.state.board(BoardNo(7)).unwrap();
    assert_eq!(
        bs7.time_changes.iter().map(|(_, t)| *t).collect::<Vec<_>>(),
        vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }]
    );
    // The final claim 2 s after the clock reported 0:40 running: it shows 0:38.
    assert_eq!(b7[1].proposal.clocks.white.map(ClockMs::ms), Some(38_000));
    assert_eq!(result(&o, 7), Some(GameResult::Draw));
    assert_eq!(bs7.claims.len(), 2);
    assert_eq!(bs7.claims[1].follows, Some(bs7.claims[0].id));
    assert_eq!(
        bs7.claims[0].status,
        arbiter_core::intervention::ClaimStatus::Postponed
    );
}

#[test]
fn nrw_default_time_from_the_scheduled_start() {
    let o = run("nrw-default-time");
    assert_eq!(
        result(&o, 2),
        Some(GameResult::WhiteWinsForfeit),
        "30 s after 15:00 is too late"
    );
    assert_eq!(result(&o, 3), Some(GameResult::DoubleForfeit));
    assert_eq!(o.score.as_scored.half_points, [8, 6]);
    assert_eq!(o.score.as_scored.berliner, [43, 17]);
    assert_eq!(o.score.match_points, Some([2, 0]));
    assert_eq!(o.score.unplayed_boards, vec![BoardNo(2), BoardNo(3)]);
}

#[test]
fn the_binary_prints_json_and_writes_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("run.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "script",
            "tests/scenarios/bundesliga-match.toml",
            "--journal",
        ])
        .arg(&j)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"]["match_points"], serde_json::json!([2, 0]));
    assert_eq!(
        v["state"]["boards"][2]["illegal"][0]["kind"],
        "clock_without_move"
    );
    let verified = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("verify")
        .arg(&j)
        .args(["--match", "config/matches/demo-bundesliga.toml"])
        .output()
        .unwrap();
    assert!(verified.status.success());
}

#[test]
fn a_bad_scenario_names_the_step() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.toml");
    let m = std::fs::canonicalize("config/matches/demo-bundesliga.toml").unwrap();
    std::fs::write(
        &p,
        format!(
            "match = {:?}\n[[step]]\nat = \"0:10:00\"\nevent = {{ kind = \"round_started\" }}\n[[step]]\nat = \"0:05:00\"\nevent = {{ kind = \"round_started\" }}\n[[step]]\nat = \"0:20:00\"\nevent = {{ kind = \"teleport\" }}\n",
            m.display().to_string()
        ),
    )
    .unwrap();
    let e = run_file(&p).unwrap_err().to_string();
    assert!(e.contains("step[1].at: 0:05:00 goes back in time"), "{e}");
    assert!(
        e.contains("step[2].event: unknown record kind \"teleport\""),
        "{e}"
    );
}

#[test]
fn a_decision_where_the_rules_are_silent_is_journaled_replayed_and_reported() {
    let o = run("trier-decision");
    assert_eq!(result(&o, 4), Some(GameResult::Draw));
    // The third proposal asked instead of proposing: options, none chosen.
    let third = &o.proposals[2].proposal;
    assert!(third.decision.is_some() && third.consequence == Default::default());
    let rec = o
        .records
        .iter()
        .find(|r| r.event.kind() == "decision")
        .expect("a decision record");
    let arbiter_core::record::Event::Decision(d) = &rec.event else {
        unreachable!()
    };
    assert_eq!(d.chosen, "draw");
    assert_eq!(d.basis, arbiter_core::intervention::Basis::Analogy);
    assert_eq!(d.options.len(), 3);
    // Replayed from the journal's bytes: the same decision, the same result.
    let (records, _) = arbiter_core::journal::records_from_bytes(&o.journal).unwrap();
    let s = arbiter_core::state::MatchState::fold(&records);
    assert_eq!(s, o.state);
    // In the report, in both languages.
    let m = arbiter_io::config::load_match(
        Path::new("config/matches/demo-bundesliga.toml"),
        Some("../../tests/data/trier-bare-king-open.toml"),
    )
    .unwrap();
    let env = arbiter_core::signature::envelope_from_journal(&m, &records);
    let a = arbiter_core::signature::Authority::from_match(&m);
    let de = arbiter_report::text::markdown(&env, arbiter_core::i18n::Lang::De, &a);
    let en = arbiter_report::text::markdown(&env, arbiter_core::i18n::Lang::En, &a);
    assert!(
        de.contains("Entscheidung des Schiedsrichters: Ergebnis ½-½ (Grundlage: Analogie"),
        "{de}"
    );
    assert!(de.contains("Art. 6.9: Schwarz kann nicht mattsetzen"));
    assert!(
        en.contains("decided by the arbiter: Result ½-½ (basis: analogy"),
        "{en}"
    );
    // Without the decision the step is refused, naming the options.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("tests/scenarios/trier-decision.toml")
        .unwrap()
        .replace(
            ", decide = { option = \"draw\", basis = \"analogy\", reason = \"Art. 6.9: Schwarz kann nicht mattsetzen; analog remis\" }",
            "",
        )
        .replace("../../config", &format!("{}/config", env!("CARGO_MANIFEST_DIR")));
    let p = dir.path().join("s.toml");
    std::fs::write(&p, text).unwrap();
    let err = run_file(&p).unwrap_err().to_string();
    assert!(
        err.contains("step[3]") && err.contains("loss, draw, loss_opponent_half"),
        "{err}"
    );
}

#[test]
fn the_output_shows_positions_completed_moves_and_clocks_at_the_instant() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["script", "tests/scenarios/game-record.toml"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Board 1 after 1.f3 e5 2.g4 Qh4#: the position, White to move (mated), two moves each
    // completed (the mate without a press, 6.2.1.1), the result locked, one post-game move.
    let b1 = &v["boards"][0];
    assert_eq!(
        b1["fen"],
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    assert_eq!(b1["side_to_move"], "white");
    assert_eq!(b1["completed"], serde_json::json!({"white": 2, "black": 2}));
    assert_eq!(b1["result"], "0-1");
    assert!(b1["locked_at_seq"].is_u64());
    assert_eq!(b1["post_game"], 1);
    // The clocks stand at the result: Black's (running since the press at 0:00:40.1 with
    // 1:30:20) shows 1:30:00 at 0:01:00.
    assert_eq!(b1["clock"]["running"], serde_json::Value::Null);
    assert_eq!(b1["clock"]["black_ms"], 5_400_000);
    // At 0:00:55 the mate is shown at once, with the move; no clock counter to set.
    let look1 = &v["looks"][1]["boards"][0];
    assert_eq!(look1["alerts"][0]["alert"], "game_over");
    assert_eq!(look1["alerts"][0]["move"], "2...Qh4#");
    assert!(
        !look1["alerts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["alert"] == "move_count" || a["alert"] == "clock_mismatch")
    );
    // The proposal carries the time of the move (0:00:50) and the clocks then: Black's 1:30:20
    // less the 9.9 s since the report before the move.
    let start = 1_795_870_800_000i64; // the demo match's scheduled start, 14:00 +01:00
    let end = &v["proposals"][0];
    assert_eq!(end["proposal"]["consequence"]["result"], "0-1");
    assert_eq!(end["proposal"]["instant"], start + 50_000);
    assert_eq!(end["proposal"]["black_ms"], 5_410_000);
    assert_eq!(end["board"]["fen"], b1["fen"]);
    // Board 3: started at 0:00:11 showing 1:30:00, the feed silent since: at 0:00:20 the clock
    // shows 1:29:51, marked estimated.
    let look3 = &v["looks"][0]["boards"][0];
    assert_eq!(look3["board"], 3);
    assert_eq!(look3["clock"]["white_ms"], 5_391_000);
    assert_eq!(look3["clock"]["running"], "white");
    assert_eq!(look3["clock"]["estimated"], true);
    // Board 2: Black's second illegal move against a bare king: drawn.
    assert_eq!(v["boards"][1]["result"], "1/2-1/2");
    assert_eq!(v["boards"][1]["fen"], "4k3/8/8/2q5/8/8/8/7K b - - 0 1");
    assert_eq!(v["boards"][1]["side_to_move"], "black");
    // Board 4: both flags in one report: the options, none chosen; the arbiter's choice.
    let both = &v["proposals"][3]["proposal"];
    let keys: Vec<&str> = both["decision"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["continue", "draw", "white_loses", "black_loses"]);
    assert_eq!(v["boards"][3]["result"], serde_json::Value::Null);
    // Board 5: each clock operation one record with the clock before and after.
    let o = run("game-record");
    let ops: Vec<_> = o
        .records
        .iter()
        .filter_map(|r| match &r.event {
            arbiter_core::record::Event::ClockAdjusted(e) => Some(e.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(ops.len(), 2);
    assert_eq!(
        (
            ops[0].before.remaining.white.ms(),
            ops[0].after.remaining.white.ms(),
            ops[0].after.remaining.black.ms()
        ),
        (5_400_000, 3_600_000, 3_000_000)
    );
    // The replacement from the last report (the device never showed the set times).
    assert_eq!(
        (
            ops[1].after.remaining.white.ms(),
            ops[1].after.remaining.black.ms()
        ),
        (5_400_000, 5_400_000)
    );
    // Board 6: corrected with its reason.
    let b6 = o.state.board(BoardNo(6)).unwrap();
    assert_eq!(result(&o, 6), Some(GameResult::BlackWins));
    assert_eq!(b6.corrections.len(), 1);
    assert_eq!(b6.corrections[0].from, GameResult::WhiteWins);
    assert!(o.state.rejected.is_empty(), "{:?}", o.state.rejected);
}

/// Claims as records with a life (issue 14): the output shows each claim with its status, and
/// what the console said (the checks, the occurrences, the proposal).
#[test]
fn claims_inadmissible_incorrect_written_move_and_agreements() {
    use arbiter_core::intervention::ClaimStatus;
    let o = run("claims");
    let b1 = o.state.board(BoardNo(1)).unwrap();
    let st: Vec<ClaimStatus> = b1.claims.iter().map(|c| c.status).collect();
    assert_eq!(
        st,
        [
            ClaimStatus::Inadmissible,
            ClaimStatus::Incorrect,
            ClaimStatus::Correct
        ]
    );
    assert_eq!(b1.claims[0].claimant, Some(Color::Black));
    assert_eq!(b1.claims[2].intended.as_deref(), Some("Nf3"));
    // Only the incorrect claim cost time: +2 min to Black; the inadmissible one nothing.
    assert_eq!(
        b1.time_changes.iter().map(|(_, t)| *t).collect::<Vec<_>>(),
        vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }]
    );
    assert_eq!(result(&o, 1), Some(GameResult::Draw));
    let said: Vec<&Vec<String>> = o
        .proposals
        .iter()
        .filter(|p| p.request.board == Some(BoardNo(1)))
        .map(|p| &p.said)
        .collect();
    assert!(said[0].iter().any(|l| l.contains("Black is not on move")));
    assert!(
        said[1]
            .iter()
            .any(|l| l.contains("Occurrence 2: after 6… Nf6"))
    );
    assert!(
        said[1]
            .iter()
            .any(|l| l.contains("after 2… d5: an en passant capture"))
    );
    assert!(said[2].iter().any(|l| l == "Occurrence 3: after 7. Nf3"));
    // Board 2: the agreement after 1.e4 is refused; after 1...e5 it stands.
    let b2: Vec<_> = o
        .proposals
        .iter()
        .filter(|p| p.request.board == Some(BoardNo(2)))
        .collect();
    assert_eq!(b2[0].proposal.consequence.result, None);
    assert_eq!(result(&o, 2), Some(GameResult::Draw));
    // Board 3: the written move was not played: the board says so.
    let look = &o.looks[0].boards[0];
    assert!(look.alerts.iter().any(|a| matches!(
        a,
        arbiter_core::status::BoardAlert::WrittenMoveNotPlayed { intended, played, article }
            if intended == "Nc3" && played == "Nf3" && article == "9.5.3"
    )));
    assert_eq!(look.claims[0].status, ClaimStatus::Incorrect);
}

/// Issue 19d: a scenario journals a field against the proposal only where the step says so
/// (`overrides = ["claim_correct"]`, `override = { … }`) with a reason, as the console's forms;
/// otherwise the step fails naming the field. Board 1 of claims.toml: White's claim on the
/// written 7.Nf3 is correct by the game record (after 3.Nf3, 5.Nf3 and 7.Nf3).
#[test]
fn a_scenario_step_against_the_proposal_needs_an_override_and_a_reason() {
    use arbiter_core::intervention::{ClaimStatus, OverrideField};
    let dir = tempfile::tempdir().unwrap();
    let m = std::fs::canonicalize("config/matches/demo-bundesliga.toml").unwrap();
    let src = std::fs::read_to_string("tests/scenarios/claims.toml")
        .unwrap()
        .replace(
            "match = \"../../config/matches/demo-bundesliga.toml\"",
            &format!("match = {:?}", m.display().to_string()),
        );
    let claim = "correct = true, intended = \"Nf3\" } }";
    assert!(src.contains(claim));
    let write = |name: &str, text: String| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    // The step says the claim is incorrect, against the game record: refused, naming it.
    let p = write(
        "against.toml",
        src.replace(claim, "correct = false, intended = \"Nf3\" } }"),
    );
    let e = run_file(&p).unwrap_err().to_string();
    assert!(e.contains("step[21].intervene.kind.correct"), "{e}");
    assert!(e.contains("claim correct contradicts the proposal"), "{e}");
    assert!(e.contains("overrides = [\"claim_correct\"]"), "{e}");
    // Named but without a reason: still refused.
    let p = write(
        "no-reason.toml",
        src.replace(
            claim,
            "correct = false, intended = \"Nf3\" }, overrides = [\"claim_correct\"] }",
        ),
    );
    let e = run_file(&p).unwrap_err().to_string();
    assert!(e.contains("step[21].intervene.kind.correct"), "{e}");
    // Named with a reason: journaled with the override beside the proposal, and the
    // consequence of the arbiter's finding (an incorrect claim: +2 min to Black).
    let p = write(
        "overridden.toml",
        src.replace(
            claim,
            "correct = false, intended = \"Nf3\" }, overrides = [\"claim_correct\"], reason = \"the scoresheets show 7.Nc3\" }",
        ),
    );
    let o = run_file(&p).unwrap_or_else(|e| panic!("{e}"));
    let iv = o
        .state
        .interventions
        .iter()
        .map(|e| &e.intervention)
        .rfind(|iv| iv.board == Some(BoardNo(1)))
        .unwrap();
    assert_eq!(iv.overridden.len(), 1, "{:?}", iv.overridden);
    assert_eq!(iv.overridden[0].field, OverrideField::ClaimCorrect);
    assert_eq!(iv.overridden[0].reason, "the scoresheets show 7.Nc3");
    assert_eq!(iv.proposed.claim, Some(ClaimStatus::Correct));
    assert_eq!(iv.confirmed.claim, Some(ClaimStatus::Incorrect));
    assert!(
        iv.confirmed
            .clock
            .iter()
            .any(|c| c.player == Color::Black && c.delta_ms == 120_000)
    );
    // A consequence other than the proposal's: `override = { … }` without a reason is refused.
    let p = write(
        "consequence.toml",
        src.replace(
            claim,
            "correct = true, intended = \"Nf3\" }, override = {} }",
        ),
    );
    let e = run_file(&p).unwrap_err().to_string();
    assert!(e.contains("step[21].intervene.override"), "{e}");
    assert!(e.contains("a reason"), "{e}");
}

/// Issue 19d: a scenario step gives the clocks read on the device where the feed is lost
/// (`device_clocks`); the proposal rests on them. White's clock reported 0:40 running, then the
/// feed was lost; 20 s after the report the estimate is 0:20 (no flag), but the device shows 0:00.
#[test]
fn a_scenario_step_with_the_clocks_read_on_the_device() {
    let dir = tempfile::tempdir().unwrap();
    let m = std::fs::canonicalize("config/matches/demo-bundesliga.toml").unwrap();
    let scenario = |device: &str| {
        format!(
            "match = {:?}\n\
             [[step]]\nat = \"0:00:01\"\nevent = {{ kind = \"feed_status\", payload = {{ board = 1, state = \"live\" }} }}\n\
             [[step]]\nat = \"0:00:10\"\nevent = {{ kind = \"clock_sample\", payload = {{ board = 1, left_ms = 40000, right_ms = 5400000, running = \"left\", white_side = \"left\" }} }}\n\
             [[step]]\nat = \"0:00:11\"\nevent = {{ kind = \"feed_status\", payload = {{ board = 1, state = \"lost\", detail = \"cable\" }} }}\n\
             [[step]]\nat = \"0:00:30\"\nintervene = {{ board = 1, player = \"white\", kind = {{ type = \"flag_fall\" }}{device} }}\n",
            m.display().to_string()
        )
    };
    let run_text = |name: &str, text: String| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        run_file(&p).unwrap_or_else(|e| panic!("{e}"))
    };
    let o = run_text("estimate.toml", scenario(""));
    assert_eq!(result(&o, 1), None, "on the estimate White's time remains");
    let o = run_text(
        "device.toml",
        scenario(", device_clocks = { white_ms = 0, black_ms = 5400000 }"),
    );
    assert_eq!(result(&o, 1), Some(GameResult::BlackWins));
    let iv = &o.state.interventions.last().unwrap().intervention;
    let dc = iv.device_clocks.expect("journaled");
    assert_eq!((dc.white.ms(), dc.black.ms()), (0, 5_400_000));
    // The record's clocks are the console's estimate (0:20), not the device's.
    assert_eq!(iv.clocks.white.map(ClockMs::ms), Some(20_000));
}

/// Issue 19d: a second arrival of a player (and a second start) in a scenario is refused,
/// naming the step, as at the console; the core does not keep it silently either.
#[test]
fn a_second_arrival_in_a_scenario_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let m = std::fs::canonicalize("config/matches/demo-bundesliga.toml").unwrap();
    let p = dir.path().join("twice.toml");
    std::fs::write(
        &p,
        format!(
            "match = {:?}\n\
             [[step]]\nat = \"0:00:00\"\nevent = {{ kind = \"round_started\" }}\n\
             [[step]]\nat = \"0:05:00\"\nevent = {{ kind = \"player_arrived\", payload = {{ board = 3, team = \"home\" }} }}\n\
             [[step]]\nat = \"0:07:00\"\nevent = {{ kind = \"player_arrived\", payload = {{ board = 3, team = \"home\" }} }}\n\
             [[step]]\nat = \"0:08:00\"\nevent = {{ kind = \"round_started\" }}\n",
            m.display().to_string()
        ),
    )
    .unwrap();
    let e = run_file(&p).unwrap_err().to_string();
    assert!(e.contains("step[2].event"), "{e}");
    assert!(e.contains("a second arrival is not recorded"), "{e}");
    assert!(e.contains("step[3].event"), "{e}");
}

/// Issue 28's inputs in a scenario (`tests/scenarios/conduct-and-device.toml`, docs/SCENARIOS.md).
#[test]
fn conduct_device_and_competing_claims_in_a_scenario() {
    use arbiter_core::intervention::ClaimStatus;
    use arbiter_core::status::BoardAlert;
    let o = run("conduct-and-device");
    let look = |b: u16| {
        o.looks
            .iter()
            .flat_map(|l| l.boards.iter())
            .find(|x| x.board == BoardNo(b))
            .unwrap()
    };
    assert!(
        look(8)
            .alerts
            .contains(&BoardAlert::StartedBeforeRound { before_ms: 180_000 }),
        "{:?}",
        look(8).alerts
    );
    assert!(
        look(2).alerts.contains(&BoardAlert::ClockSetWrong {
            expected_ms: arbiter_core::by_colour::ByColor {
                white: ClockMs::new(5_400_000),
                black: ClockMs::new(5_400_000)
            },
            shown_ms: arbiter_core::by_colour::ByColor {
                white: ClockMs::new(5_100_000),
                black: ClockMs::new(5_400_000)
            }
        }),
        "{:?}",
        look(2).alerts
    );
    // The illegal move and the flag: decided, the flag first.
    assert_eq!(result(&o, 1), Some(GameResult::WhiteWins));
    // The resignation established: 1-0 on board 3, the later claim void.
    assert_eq!(result(&o, 3), Some(GameResult::WhiteWins));
    let bs = o.state.board(BoardNo(3)).unwrap();
    assert_eq!(bs.claims[0].status, ClaimStatus::Void);
    // Board 4 runs again.
    let c = o.clocks[3].as_ref().unwrap();
    assert!(c.running.is_some(), "{c:?}");
    // The accepted warning carries its notice, the exemption and the expulsion their words.
    assert!(o.state.interventions.iter().any(|e| matches!(
        &e.intervention.kind,
        arbiter_core::intervention::InterventionKind::PersonExpelled { person } if person == "ein Zuschauer an Brett 7"
    )));
    let warning = o
        .state
        .interventions
        .iter()
        .find(|e| e.intervention.board == Some(BoardNo(5)))
        .unwrap();
    assert_eq!(warning.intervention.notices.len(), 1);
    // Replayed from the journal's bytes: the same state.
    let (records, _) = journal::records_from_bytes(&o.journal).unwrap();
    assert_eq!(arbiter_core::state::MatchState::fold(&records), o.state);
}

/// Issue 28's game record in a scenario (`tests/scenarios/illegal-on-the-board.toml`,
/// docs/SCENARIOS.md): an illegal move the e-board showed and the moves after it, taken back to
/// the position before it with the journal's clocks, the times sent to the clock as the
/// ruling's next step; two hands; fivefold and checkmate with later moves post-game.
#[test]
fn the_game_record_after_an_illegal_move_and_after_a_game_that_ended_by_itself() {
    use arbiter_core::clock::ClockOperation;
    use arbiter_core::record::{ClockRunMode, CommandOutcome, Event};
    use arbiter_core::state::MoveStatus;
    use arbiter_core::status::BoardAlert;
    const BEFORE_4: &str = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    let o = run("illegal-on-the-board");
    // Board 1 after 4.Bxe8??: the position unknown, the last legal one kept, the alert.
    let first = &o.looks[0].boards[0];
    assert_eq!(first.fen, None);
    assert_eq!(first.last_legal_fen.as_deref(), Some(BEFORE_4));
    assert_eq!(first.illegal.as_ref().map(|i| i.ply), Some(7));
    assert!(first.alerts.contains(&BoardAlert::IllegalPosition {
        ply: 7,
        player: Color::White
    }));
    // Found three half-moves later: the position before it, the journal's clocks (White
    // 1:31:03, Black 1:31:00), Black +2 min; no increment taken off times recorded before it.
    let iv = &o.state.interventions[0].intervention;
    assert!(iv.confirmed.clock_ops.contains(&ClockOperation::SetTimes(
        arbiter_core::by_colour::ByColor {
            white: arbiter_core::clock::ClockMs::new(5_463_000),
            black: arbiter_core::clock::ClockMs::new(5_460_000)
        }
    )));
    assert_eq!(
        iv.confirmed.clock,
        vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }]
    );
    let after = &o.looks[1].boards[0];
    assert_eq!(after.fen.as_deref(), Some(BEFORE_4));
    assert!(after.illegal.is_none());
    assert_eq!((after.completed.white, after.completed.black), (3, 3));
    // The ruling's next step: its times sent to the clock (1:31:03 / 1:33:00, White to move).
    let cmd = o
        .records
        .iter()
        .find_map(|r| match &r.event {
            Event::ClockCommand(c) => Some(c.clone()),
            _ => None,
        })
        .expect("a clock_command record");
    assert_eq!(
        (
            cmd.board,
            cmd.times.white.ms(),
            cmd.times.black.ms(),
            cmd.run,
            cmd.outcome
        ),
        (
            BoardNo(1),
            5_463_000,
            5_580_000,
            ClockRunMode::Left,
            CommandOutcome::Sent
        )
    );
    let bs1 = o.state.board(BoardNo(1)).unwrap();
    assert_eq!(
        bs1.moves
            .iter()
            .filter(|m| m.status == MoveStatus::Withdrawn)
            .count(),
        3
    );
    // Board 2: the move made with two hands stands, Black +2 min.
    let two = &o.proposals[1].proposal;
    assert_eq!(two.consequence.game, None);
    assert_eq!(
        two.consequence.clock,
        vec![TimeChange {
            player: Color::Black,
            delta_ms: 120_000
        }]
    );
    assert_eq!(o.state.board(BoardNo(2)).unwrap().game.game.ply(), 3);
    // Board 3: over at 8...Ng8 (fivefold, 9.6.1); 9.Nc3 post-game; drawn.
    let b3 = &o.looks[2].boards[0];
    assert_eq!(b3.post_game, 1);
    assert_eq!((b3.completed.white, b3.completed.black), (8, 8));
    assert_eq!(result(&o, 3), Some(GameResult::Draw));
    // Board 4: 3.Kf2 after the mate is post-game, not an illegal move.
    let b4 = &o.looks[3].boards[0];
    assert_eq!(b4.post_game, 1);
    assert!(b4.illegal.is_none() && b4.fen.is_some());
    // The journal replays to the same state.
    let (records, _) = journal::records_from_bytes(&o.journal).unwrap();
    assert_eq!(arbiter_core::state::MatchState::fold(&records), o.state);
}

#[test]
fn send_to_clock_on_a_clock_that_accepts_no_commands_is_an_error_naming_the_step() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("tests/scenarios/illegal-on-the-board.toml")
        .unwrap()
        .replace(
            "kind = \"two_hands\" } }",
            "kind = \"two_hands\" }, send_to_clock = true }",
        )
        .replace(
            "../data",
            &format!("{}/tests/data", env!("CARGO_MANIFEST_DIR")),
        );
    // Board 2's clock accepts commands, but its feed sends no clock: nothing can be sent.
    let p = dir.path().join("s.toml");
    std::fs::write(&p, text).unwrap();
    let err = run_file(&p).unwrap_err().to_string();
    assert!(err.contains("send_to_clock"), "{err}");
}
