//! What the day leaves in the report (issue 19): late arrivals with how late, how each game
//! ended, the final clocks, the arbiter's remarks in a section of their own (text, PDF, JSON).

use std::path::Path;

use arbiter_core::clock::{ClockOperation, ClockTimes};
use arbiter_core::journal::Record;
use arbiter_core::matchfile::Lang;
use arbiter_core::model::{BoardNo, Color};
use arbiter_core::record::{ClockAdjusted, ClockSample, Event, Origin, Remark};
use arbiter_core::report;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_report::sign::{Authority, SignedReport};

/// The NRW 1987 scenario (round started 14:20; board 1 both present at the start, board 2's
/// players at 14:59:59 and 15:00:30, board 3 nobody; results at 18:00) and two remarks of the
/// arbiter after it.
fn day() -> (arbiter_core::matchfile::Match, Vec<Record>) {
    let o =
        arbiter_io::config::run_scenario_file(Path::new("tests/scenarios/nrw-default-time.toml"))
            .unwrap();
    let m = arbiter_io::config::match_for_journal_noted(&o.records, None)
        .unwrap()
        .m;
    let mut records = o.records;
    let last = records.last().unwrap().clone();
    for (i, (board, text)) in [
        (None, "Saal ab 16 Uhr zu warm; Fenster geöffnet"),
        (Some(BoardNo(7)), "Zuschauer am Brett 7 ermahnt"),
    ]
    .into_iter()
    .enumerate()
    {
        records.push(Record {
            seq: last.seq + 1 + i as u64,
            wall_ms: last.wall_ms + 60_000,
            mono_ms: last.mono_ms + 60_000,
            origin: Origin::Arbiter,
            event: Event::Remark(Remark {
                board,
                text: text.into(),
            }),
        });
    }
    // Board 4's clock: the arbiter added two minutes to White at 15:30 (an operation journaled
    // with its reason), before the results.
    let at = records
        .iter()
        .position(|r| matches!(r.event, Event::ResultRecorded(_)))
        .unwrap();
    let before = records[at - 1].clone();
    // The clock reported first (White on the left, stopped), so the console knows its sides.
    let sample: Event = serde_json::from_value::<ClockSample>(serde_json::json!({
        "board": 4, "left_ms": 3_000_000, "right_ms": 2_900_000, "running": null,
        "white_side": "left"
    }))
    .unwrap()
    .into();
    records.insert(
        at,
        Record {
            seq: 0,
            wall_ms: before.wall_ms + 500,
            mono_ms: before.mono_ms + 500,
            origin: Origin::Feed(BoardNo(4)),
            event: sample,
        },
    );
    records.insert(
        at + 1,
        Record {
            seq: 0,
            wall_ms: before.wall_ms + 1_000,
            mono_ms: before.mono_ms + 1_000,
            origin: Origin::Arbiter,
            event: Event::from(ClockAdjusted {
                board: BoardNo(4),
                op: ClockOperation::AddTime {
                    color: Color::White,
                    ms: 120_000,
                },
                reason: "Störung durch Handyklingeln eines Zuschauers".into(),
                before: ClockTimes {
                    remaining: arbiter_core::by_colour::ByColor {
                        white: arbiter_core::clock::ClockMs::new(3_000_000),
                        black: arbiter_core::clock::ClockMs::new(2_900_000),
                    },
                    moves: arbiter_core::by_colour::ByColor {
                        white: 20,
                        black: 20,
                    },
                },
                after: ClockTimes {
                    remaining: arbiter_core::by_colour::ByColor {
                        white: arbiter_core::clock::ClockMs::new(3_120_000),
                        black: arbiter_core::clock::ClockMs::new(2_900_000),
                    },
                    moves: arbiter_core::by_colour::ByColor {
                        white: 20,
                        black: 20,
                    },
                },
                floors: Vec::new(),
            }),
        },
    );
    for (i, r) in records.iter_mut().enumerate() {
        r.seq = i as u64;
    }
    (m, records)
}

#[test]
fn the_report_keeps_late_arrivals_endings_clocks_and_remarks() {
    let (m, records) = day();
    let r = report::build(&m, &records);
    // Late: after the round was started at 14:20 (board 1's players were there at the start).
    let late: Vec<(u16, &str, &str)> = r
        .late_arrivals
        .iter()
        .map(|l| (l.board, l.time.as_str(), l.late_by.as_str()))
        .collect();
    assert_eq!(
        late,
        vec![(2, "14:59:59", "0:39:59"), (2, "15:00:30", "0:40:30")]
    );
    // How each game ended: board 2 and 3 by the default time (an intervention); board 1 (0-1
    // entered as a resignation) and board 8 (½-½ entered as agreed) as the arbiter recorded
    // it; board 7 (½-½ entered without an ending, as journals before the field have it) is
    // not guessed: the report says the ending is not recorded.
    let ended = |b: usize| r.boards[b - 1].termination.as_ref().map(|m| m.id.clone());
    assert_eq!(ended(2).as_deref(), Some("kind-default-time-expired"));
    assert_eq!(ended(1).as_deref(), Some("ending-resignation"));
    assert_eq!(ended(8).as_deref(), Some("ending-agreement"));
    assert_eq!(ended(7).as_deref(), Some("report-ended-not-recorded"));
    // Every finished game has its ending.
    assert!(
        r.boards
            .iter()
            .filter(|b| b.result.is_some())
            .all(|b| b.termination.is_some())
    );
    // The clock irregularity the arbiter confirmed, with the clocks before and after.
    let s = arbiter_core::replay::Replay::new(records.clone()).state_after(records.len());
    assert_eq!(r.clock_operations.len(), 1, "{:?}", s.rejected);
    let c = &r.clock_operations[0];
    assert_eq!(
        (c.board, c.before[0].as_str(), c.after[0].as_str()),
        (4, "0:50:00", "0:52:00")
    );
    // The remarks: their own section, apart from the notes.
    assert_eq!(r.arbiter_remarks.len(), 2);
    assert_eq!(r.arbiter_remarks[1].board, Some(7));
    assert!(r.remarks.is_empty(), "no note in this journal");
    // In report.json.
    let json: serde_json::Value = serde_json::from_slice(&r.canonical_bytes()).unwrap();
    assert_eq!(json["late_arrivals"][0]["late_by"], "0:39:59");
    assert_eq!(
        json["arbiter_remarks"][0]["text"],
        "Saal ab 16 Uhr zu warm; Fenster geöffnet"
    );
    // In the text report, in German; report.json follows the shipped schema
    // (docs/report.schema.json), as `arbiter verify` checks it.
    let env = SignedReport::new(r);
    arbiter_report::schema::check(&serde_json::to_value(&env).unwrap(), 10)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let a = Authority::from_match(&m);
    let de = arbiter_report::text::markdown(&env, Lang::De, &a);
    assert!(de.contains("## Verspätet eingetroffene Spieler"), "{de}");
    assert!(
        de.contains("15:00:30 Brett 2:") && de.contains("0:40:30 nach Beginn"),
        "{de}"
    );
    assert!(de.contains("## Bemerkungen des Schiedsrichters"), "{de}");
    assert!(
        de.contains(
            "Brett 4: +2 min für Weiß (Weiß 0:50:00 → 0:52:00, Schwarz 0:48:20 → 0:48:20) – Störung"
        ),
        "{de}"
    );
    assert!(de.contains("Brett 7: Zuschauer am Brett 7 ermahnt"), "{de}");
    assert!(
        de.contains("Aufgabe")
            && de.contains("Remis vereinbart")
            && de.contains("Partieende nicht erfasst"),
        "{de}"
    );
    // Draws as ½-½ in the text; the data keeps 1/2-1/2.
    assert!(de.contains("| ½-½ |") && !de.contains("1/2-1/2"), "{de}");
    let en = arbiter_report::text::markdown(&env, Lang::En, &a);
    assert!(en.contains("## Remarks of the arbiter") && en.contains("## Late arrivals"));
    // The PDF is made from the same document: it renders with the new sections.
    let pdf = arbiter_report::pdf::render(&env, Lang::De, &a);
    assert!(pdf.starts_with(b"%PDF"));
}

/// A remark survives the journal's codec (a record kind of its own, at the end of the list).
#[test]
fn a_remark_record_round_trips_through_the_journal() {
    let (_, records) = day();
    let mut chain = arbiter_core::journal::Chain::default();
    let mut bytes = Vec::new();
    for r in &records {
        chain.append(r.wall_ms, r.mono_ms, r.origin, r.event.clone(), &mut bytes);
    }
    let (back, v) = arbiter_io::journal_file::records_from_bytes(&bytes).unwrap();
    assert!(v.problem.is_none());
    assert_eq!(back.last().unwrap().event, records.last().unwrap().event);
    // The ending recorded with a result, too; a result without one is written as before.
    let results = |rs: &[Record]| -> Vec<Event> {
        rs.iter()
            .filter(|r| matches!(r.event, Event::ResultRecorded(_)))
            .map(|r| r.event.clone())
            .collect()
    };
    assert_eq!(results(&back), results(&records));
    let line = String::from_utf8(bytes).unwrap();
    assert!(line.contains(r#""kind":"remark""#), "{line}");
    assert!(line.contains(r#""ending":"resignation""#), "{line}");
    let board7 = line
        .lines()
        .find(|l| l.contains(r#""kind":"result""#) && l.contains(r#""board":7"#))
        .unwrap();
    assert!(!board7.contains("ending"), "{board7}");
}

fn tui_key(c: char) -> ratatui::crossterm::event::KeyEvent {
    ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::Char(c),
        ratatui::crossterm::event::KeyModifiers::NONE,
    )
}

fn tui_press(
    v: &mut arbiter_tui::view::ViewState,
    m: &arbiter_core::matchfile::Match,
    s: &arbiter_core::state::MatchState,
    keys: &[ratatui::crossterm::event::KeyEvent],
) -> Vec<arbiter_tui::view::Command> {
    keys.iter()
        .filter_map(|k| {
            let a = arbiter_tui::keymap::map(v, *k);
            arbiter_tui::view::update(v, m, s, a, arbiter_tui::fixture::NOW)
        })
        .collect()
}

/// The report prints the board a remark and a protest concern (text; the JSON keeps it).
#[test]
fn the_report_prints_the_board_of_a_remark_and_of_a_protest() {
    use arbiter_core::journal::Chain;
    use arbiter_core::state::{MatchState, apply};
    use arbiter_tui::theme::Theme;
    use arbiter_tui::view::{Command, ViewState};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let key = tui_key;
    let typed = |t: &str| -> Vec<KeyEvent> { t.chars().map(tui_key).collect() };
    let press = tui_press;
    let m = arbiter_tui::fixture::demo_match();
    let (_, mut records) = arbiter_tui::fixture::situation_journal(&m, 8);
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let mut s = MatchState::default();
    let mut out: Vec<Record> = Vec::new();
    for r in records.drain(..) {
        let r = chain.append(r.wall_ms, r.mono_ms, r.origin, r.event, &mut buf);
        apply(&mut s, &r);
        out.push(r);
    }
    // A protest opened on board 5 and a remark about board 3, through the forms.
    for keys in [
        vec![
            key('5'),
            key('x'),
            KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
        ],
        {
            let mut k = vec![key('3'), key('M')];
            k.extend(typed("Brett 3 wackelt"));
            k.push(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
            k
        },
    ] {
        let mut v = ViewState::new(Lang::De, Theme::monochrome());
        for c in press(&mut v, &m, &s, &keys) {
            if let Command::Submit(ev) = c {
                let last = out.last().unwrap();
                let r = chain.append(
                    last.wall_ms + 1_000,
                    last.mono_ms + 1_000,
                    arbiter_core::record::Origin::Arbiter,
                    ev,
                    &mut buf,
                );
                apply(&mut s, &r);
                out.push(r);
            }
        }
    }
    let rep = report::build(&m, &out);
    assert_eq!(rep.arbiter_remarks.len(), 1);
    assert_eq!(rep.arbiter_remarks[0].board, Some(3));
    let protest = rep
        .interventions
        .iter()
        .find(|i| i.category == "protest")
        .expect("the protest");
    assert_eq!(protest.board, Some(5));
    let env = arbiter_report::sign::SignedReport::new(rep);
    let a = arbiter_report::sign::Authority::from_match(&m);
    let de = arbiter_report::text::markdown(&env, Lang::De, &a);
    assert!(de.contains("Brett 3: Brett 3 wackelt"), "{de}");
    let line = de
        .lines()
        .find(|l| l.contains("Protest") && l.contains("| 5 |"))
        .unwrap_or_else(|| panic!("{de}"));
    assert!(!line.is_empty());
}

/// No table header of the PDF wraps ("Gastgeb/er" was one): each column is at least as wide
/// as its header in bold, in German and in English.
#[test]
fn no_pdf_table_header_wraps() {
    let (m, records) = day();
    let env = SignedReport::new(report::build(&m, &records));
    let a = Authority::from_match(&m);
    for lang in [Lang::De, Lang::En] {
        let mut tables = 0;
        for b in arbiter_report::text::document(&env, lang, &a) {
            if let arbiter_report::text::Block::Table { header, widths, .. } = b {
                tables += 1;
                let lines = arbiter_report::pdf::header_lines(&header, &widths);
                for (h, n) in header.iter().zip(&lines) {
                    assert_eq!(*n, 1, "{lang:?}: header {h:?} wraps in {header:?}");
                }
            }
        }
        assert!(tables >= 2, "{lang:?}: {tables} tables");
    }
}

/// The PGN names how a game ended where the arbiter recorded it: a flag is a `time forfeit`, a
/// resignation or an agreement `normal`; a forfeit stays a `rules infraction`; a result without
/// a recorded ending has no Termination tag (nothing is guessed).
#[test]
fn the_pgn_termination_follows_the_recorded_ending() {
    let (m, mut records) = day();
    // Board 4's 1-0 recorded as a loss on time (instead of without an ending).
    for r in records.iter_mut() {
        if let Event::ResultRecorded(e) = &mut r.event
            && e.board == BoardNo(4)
        {
            e.ending = Some(arbiter_core::record::Ending::Time);
        }
    }
    let s = report::games_state(&records);
    let tag = |b: u16| {
        let g = arbiter_report::pgn::game(&m, &s, BoardNo(b), Lang::En);
        g.lines()
            .find(|l| l.starts_with("[Termination "))
            .map(str::to_string)
    };
    assert_eq!(tag(4).as_deref(), Some("[Termination \"time forfeit\"]"));
    assert_eq!(
        tag(1).as_deref(),
        Some("[Termination \"normal\"]"),
        "resignation"
    );
    assert_eq!(
        tag(3).as_deref(),
        Some("[Termination \"rules infraction\"]")
    );
    assert_eq!(tag(5), None, "no ending recorded");
}

/// A result recorded against the mate on the board: the override (the proven and the chosen
/// value, the reason) is in report.json (as the schema has it) and below the text report's table.
#[test]
fn a_result_against_the_position_is_printed_as_an_override() {
    use arbiter_core::intervention::OverrideField;
    use arbiter_core::model::GameResult;
    use arbiter_core::record::{Ending, MoveMade, ResultRecorded, SessionStarted};
    let text = |p: &str| std::fs::read_to_string(p).unwrap();
    let m = arbiter_core::matchfile::Match::from_texts(
        Path::new("config/matches/demo-bundesliga.toml"),
        &text("config/matches/demo-bundesliga.toml"),
        Path::new("config/rules/fide-2017.toml"),
        &text("config/rules/fide-2017.toml"),
    )
    .unwrap();
    let mut chain = arbiter_core::journal::Chain::default();
    let mut buf = Vec::new();
    let mut s = arbiter_core::state::MatchState::default();
    let mut records = Vec::new();
    let t0 = m.scheduled_start.timestamp_millis();
    let mut push = |s: &mut arbiter_core::state::MatchState, o: Origin, e: Event| {
        let n = records.len() as i64;
        let r = chain.append(
            WallMs::from_unix_ms(t0 + n * 1000),
            MonoMs::from_base_ms(n as u64 * 1000),
            o,
            e,
            &mut buf,
        );
        arbiter_core::state::apply(s, &r);
        records.push(r);
    };
    push(
        &mut s,
        Origin::System,
        SessionStarted::of(&m, "test".into()).into(),
    );
    for (i, (uci, san)) in [
        ("f2f3", "f3"),
        ("e7e5", "e5"),
        ("g2g4", "g4"),
        ("d8h4", "Qh4#"),
    ]
    .into_iter()
    .enumerate()
    {
        let ev = MoveMade {
            board: BoardNo(1),
            ply: i as u32 + 1,
            uci: uci.into(),
            san: san.into(),
            clock_ms: None,
        };
        push(&mut s, Origin::Feed(BoardNo(1)), ev.into());
    }
    let mut rec = ResultRecorded::new(BoardNo(1), GameResult::Draw);
    rec.ending = Some(Ending::Agreement);
    let rec = arbiter_core::rules::result_ending::result_checked(
        &m,
        &s,
        rec,
        &[(
            OverrideField::Result,
            "Remis vor dem Matt vereinbart".into(),
        )],
    )
    .unwrap();
    push(&mut s, Origin::Arbiter, rec.into());
    let r = report::build(&m, &records);
    assert_eq!(r.boards[0].result_overridden.len(), 1);
    assert_eq!(r.boards[1].result_overridden.len(), 0);
    let env = SignedReport::new(r);
    arbiter_report::schema::check(&serde_json::to_value(&env).unwrap(), 10)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let a = Authority::from_match(&m);
    let de = arbiter_report::text::markdown(&env, Lang::De, &a);
    let line = de
        .lines()
        .find(|l| l.contains("Abweichung (Ergebnis)"))
        .unwrap_or_else(|| panic!("{de}"));
    assert!(
        line.contains("Brett 1")
            && line.contains("0-1 (Matt)")
            && line.contains("½-½ (Remis vereinbart)")
            && line.contains("Remis vor dem Matt vereinbart"),
        "{line}"
    );
}
