//! Every width (issue 19, issue 29): at 80, 100, 120, 160 and 200 columns the main screen shows
//! for each board the most severe alert the core decides with the count of the others, the
//! marks of absent and late players, and every board's illegal-move count, in both languages;
//! the board detail lists every alert with the time it arose, at 80 columns too (the layout drops ratings, the last move, the period and the feed's age first:
//! docs/CONSOLE.md). Snapshots of the whole console at 80×24, 120×30 and 200×60 of a fixture
//! with alerts on several boards; the help and the report screen at 80×24 wrap instead of
//! cutting.

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;
use arbiter_tui::boards::board_view;
use arbiter_tui::fixture::{NOW, alerts_situation, demo_match};
use arbiter_tui::main_screen::alert_text;
use arbiter_tui::render_to_string;
use arbiter_tui::theme::Theme;
use arbiter_tui::view::ViewState;

const WIDTHS: [(u16, u16); 7] = [
    (80, 24),
    (100, 30),
    (120, 30),
    (160, 40),
    (200, 60),
    (120, 20),
    (160, 24),
];

fn setup() -> (Match, MatchState) {
    let m = demo_match();
    let s = alerts_situation(&m);
    (m, s)
}

fn lang_name(l: Lang) -> &'static str {
    match l {
        Lang::De => "de",
        Lang::En => "en",
    }
}

/// The alert texts of every board, as the core decides and ranks them now (the most severe
/// first), and the board's result.
fn alerts(m: &Match, s: &MatchState, lang: Lang) -> Vec<(u16, String)> {
    s.boards
        .iter()
        .flat_map(|bs| {
            let bv = board_view(m, s, bs, NOW);
            let mut v: Vec<(u16, String)> = bv
                .alerts
                .iter()
                .map(|a| (bs.board.0, alert_text(lang, &a.alert)))
                .collect();
            if let Some(r) = bv.result {
                v.push((bs.board.0, r));
            }
            v
        })
        .collect()
}

/// The lines of a board's row (one line wide, two in the tile layout): from the line that
/// starts with its number to the next board's.
fn board_rows(screen: &str, board: u16, boards: u16) -> String {
    let starts = |l: &str, b: u16| {
        let t = l.trim_start();
        t.starts_with(&format!("{b} ")) && l.len() - t.len() <= 3
    };
    let lines: Vec<&str> = screen.lines().skip(3).collect();
    let Some(from) = lines.iter().position(|l| starts(l, board)) else {
        return String::new();
    };
    let to = lines[from + 1..]
        .iter()
        .position(|l| (board < boards && starts(l, board + 1)) || l.trim().is_empty())
        .map_or(lines.len(), |i| from + 1 + i);
    lines[from..to].join("\n")
}

#[test]
fn the_fixture_has_alerts_on_several_boards() {
    let (m, s) = setup();
    let a = alerts(&m, &s, Lang::De);
    let mut boards: Vec<u16> = a.iter().map(|(b, _)| *b).collect();
    boards.dedup();
    assert!(boards.len() >= 6, "{a:?}");
    assert!(a.len() >= 8, "{a:?}");
}

#[test]
fn every_boards_most_severe_alert_its_count_and_every_illegal_count_show_at_every_width() {
    let (m, s) = setup();
    let boards = u16::try_from(s.boards.len()).unwrap();
    let mut counted = 0;
    for lang in Lang::ALL {
        let v = ViewState::new(lang, Theme::monochrome());
        for (w, h) in WIDTHS {
            let screen = render_to_string(&m, &s, &v, NOW, w, h);
            for bs in &s.boards {
                let bv = board_view(&m, &s, bs, NOW);
                let row = board_rows(&screen, bs.board.0, boards);
                if let Some(top) = bv.alerts.first() {
                    // The most severe alert's first word at least (its text gives way to the
                    // count where the column is short).
                    let text = alert_text(lang, &top.alert);
                    let word = text.split_whitespace().next().unwrap_or_default();
                    assert!(
                        row.contains(word),
                        "board {}: alert {text:?} not on its row at {w}x{h} ({lang:?}):\n{row}\n{screen}",
                        bs.board.0
                    );
                    // Nothing more severe hides behind the count.
                    assert!(bv.alerts.iter().all(|a| a.severity <= top.severity));
                }
                if bv.alerts.len() > 1 {
                    counted += 1;
                    let more = format!("+{}", bv.alerts.len() - 1);
                    assert!(
                        row.contains(&more),
                        "board {}: {more} missing at {w}x{h} ({lang:?}):\n{row}",
                        bs.board.0
                    );
                }
                if let Some(r) = &bv.result {
                    assert!(row.contains(r.as_str()), "{w}x{h}:\n{row}");
                }
                let count = format!("{}/{}", bv.illegal.white, bv.illegal.black);
                assert!(
                    row.contains(&count),
                    "board {}: illegal moves {count} missing at {w}x{h}:\n{screen}",
                    bs.board.0
                );
            }
            // Board 8's absent player and board 4's late one are marked at every width.
            assert!(
                board_rows(&screen, 8, boards).contains('∅'),
                "{w}x{h} {lang:?}: the absent player is not marked:\n{screen}"
            );
            assert!(
                board_rows(&screen, 4, boards).contains('»'),
                "{w}x{h} {lang:?}: the late player is not marked:\n{screen}"
            );
            // The footer keeps the help key (its pages list every key and task).
            let footer = screen.lines().nth(usize::from(h) - 1).unwrap_or_default();
            assert!(
                footer.contains("? "),
                "{w}x{h} {lang:?}: the help key is not in the footer {footer:?}"
            );
            // The board with an illegal move shows its count on its own row.
            let three = screen.lines().skip(3).filter(|l| l.contains("0/1")).count();
            assert_eq!(three, 1, "{w}x{h} {lang:?}:\n{screen}");
        }
    }
    assert!(
        counted > 0,
        "the fixture has a board with more than one alert"
    );
}

/// The board detail lists every alert of the board, at 80 columns too, each with the time it
/// arose (where a record raised it), its severity and what clears it.
#[test]
fn the_board_detail_lists_every_alert_with_its_time_at_80_columns() {
    let (m, s) = setup();
    for lang in Lang::ALL {
        for (i, bs) in s.boards.iter().enumerate() {
            let mut v = ViewState::new(lang, Theme::monochrome());
            v.screen = arbiter_tui::view::Screen::Detail;
            v.selected = i;
            let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
            let bv = board_view(&m, &s, bs, NOW);
            for a in &bv.alerts {
                let text = alert_text(lang, &a.alert);
                let line = screen
                    .lines()
                    .find(|l| l.contains(&text))
                    .unwrap_or_else(|| panic!("board {i}: {text:?} not listed:\n{screen}"));
                if let Some(at) = a.since {
                    let time = arbiter_tui::log::time_of(&m, &at);
                    assert!(line.contains(&time), "{line}");
                }
                let sev = arbiter_tui::i18n::severity(lang, a.severity);
                assert!(line.contains(&sev), "{line}");
            }
        }
    }
}

/// The legend names every kind of alert the core raises, with its severity and what clears it.
#[test]
fn the_legend_explains_every_alert_kind() {
    for lang in Lang::ALL {
        let page = arbiter_tui::help::page_lines(lang, 2, 200).join("\n");
        for k in arbiter_core::status::AlertKind::ALL {
            let (label, _) = arbiter_tui::main_screen::alert_legend(k);
            let label = arbiter_tui::i18n::text(lang, label);
            let lines: Vec<&str> = page.lines().collect();
            let i = lines
                .iter()
                .position(|l| l.trim_start().starts_with(&label))
                .unwrap_or_else(|| panic!("{k:?}: {label:?} not in the legend:\n{page}"));
            // A label longer than its column stands alone, its description under it.
            let line = if lines[i].trim() == label {
                lines[i + 1]
            } else {
                lines[i]
            };
            assert!(
                line.contains(&arbiter_tui::i18n::clears(lang, k.clears())),
                "{line}"
            );
            assert!(
                line.contains(&arbiter_tui::i18n::severity(lang, k.severity())),
                "{line}"
            );
        }
    }
}

#[test]
fn the_main_screen_with_alerts_at_three_sizes_in_both_languages() {
    let (m, s) = setup();
    for lang in Lang::ALL {
        let v = ViewState::new(lang, Theme::monochrome());
        for (w, h) in [(80, 24), (120, 30), (200, 60)] {
            insta::assert_snapshot!(
                format!("alerts_{w}x{h}_{}", lang_name(lang)),
                render_to_string(&m, &s, &v, NOW, w, h)
            );
        }
    }
}

#[test]
fn a_tall_terminal_shows_more_incidents() {
    let (m, s) = setup();
    let v = ViewState::new(Lang::En, Theme::monochrome());
    let count = |h| {
        render_to_string(&m, &s, &v, NOW, 200, h)
            .lines()
            .filter(|l| l.starts_with("14:") || l.starts_with("15:"))
            .count()
    };
    let all = arbiter_tui::log::incidents(&m, &s, None).len();
    assert!(count(60) > count(36), "{} {}", count(60), count(36));
    assert_eq!(count(60), all, "200x60 has room for all {all}");
}

#[test]
fn the_help_wraps_at_80_columns_and_every_page_scrolls_to_its_end() {
    let (m, s) = setup();
    for lang in Lang::ALL {
        let mut v = ViewState::new(lang, Theme::monochrome());
        v.help = true;
        for page in 0..arbiter_tui::input::HELP_PAGES {
            v.help_page = page;
            let lines = arbiter_tui::help::page_lines(lang, page, 78);
            // Scrolling through the page shows each of its lines whole.
            let mut seen = String::new();
            for scroll in 0..lines.len() {
                v.help_scroll = scroll;
                seen.push_str(&render_to_string(&m, &s, &v, NOW, 80, 24));
            }
            for l in &lines {
                assert!(
                    seen.contains(l.trim_end()),
                    "page {page} ({lang:?}): {l:?} never shown whole at 80x24"
                );
                assert!(l.chars().count() <= 78, "{l:?}");
            }
        }
    }
    let mut v = ViewState::new(Lang::De, Theme::monochrome());
    v.help = true;
    v.help_page = 2;
    insta::assert_snapshot!(
        "help_legend_80x24_de",
        render_to_string(&m, &s, &v, NOW, 80, 24)
    );
    v.help_page = 1;
    insta::assert_snapshot!(
        "help_tasks_80x24_de",
        render_to_string(&m, &s, &v, NOW, 80, 24)
    );
}

/// Every abbreviation on the main screen, the board detail and the log is in the legend.
#[test]
fn the_legend_explains_the_abbreviations_of_the_screens() {
    use arbiter_tui::keymap::{Abbrev, LEGEND};
    for lang in Lang::ALL {
        // The signs and words of the screens, and the short label of every kind of alert
        // (issue 29: listed from the core's kinds, with severity and lifetime).
        let legend: Vec<String> = LEGEND
            .iter()
            .map(|(a, _)| match a {
                Abbrev::Id(id) => arbiter_tui::i18n::text(lang, id),
                Abbrev::Sign(s) => (*s).to_string(),
            })
            .chain(arbiter_core::status::AlertKind::ALL.into_iter().map(|k| {
                arbiter_tui::i18n::text(lang, arbiter_tui::main_screen::alert_legend(k).0)
            }))
            .collect();
        let t = arbiter_tui::i18n::strings(lang);
        for word in [
            &t.board_short,
            &t.illegal_short,
            &t.feed,
            &t.berliner,
            &t.match_points,
            &t.stale,
            &t.mismatch,
            &t.elo,
            &t.flag,
        ] {
            assert!(
                legend.contains(word),
                "{word:?} ({lang:?}) not in the legend"
            );
        }
        let page = arbiter_tui::help::page_lines(lang, 2, 98).join("\n");
        for a in &legend {
            assert!(page.contains(a.as_str()), "{a}");
        }
    }
}

/// The lineup-irregularity form with both lineups in the match file says nothing about a
/// lineup not handed in.
#[test]
fn the_lineup_form_knows_the_lineups_of_the_match_file() {
    let (m, s) = setup();
    for lang in Lang::ALL {
        let mut v = ViewState::new(lang, Theme::monochrome());
        let a = arbiter_tui::keymap::map(
            &v,
            ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::Char('u'),
                ratatui::crossterm::event::KeyModifiers::NONE,
            ),
        );
        arbiter_tui::view::update(&mut v, &m, &s, a, NOW);
        assert!(v.dialog.is_some());
        let screen = render_to_string(&m, &s, &v, NOW, 120, 40);
        for team in ["Heim", "Gast", "home", "away"] {
            let none = arbiter_tui::i18n::format(
                lang,
                &arbiter_core::msg!("rules-lineup-none", team = team),
            );
            assert!(!screen.contains(&none), "{screen}");
        }
        assert!(
            !screen.contains("handed in.") && !screen.contains("abgegeben."),
            "{screen}"
        );
    }
}

/// The report screen at 80×24 shows the result column: a table row too wide for the screen
/// goes on under itself, and scrolling reaches every line.
#[test]
fn the_report_screen_at_80x24_shows_the_results() {
    use arbiter_core::signature::{Authority, SignedReport};
    use arbiter_tui::report_view::{ReportView, lines, wrap_lines};
    let m = demo_match();
    let (s, records) = arbiter_tui::fixture::situation_journal(&m, 8);
    let env = SignedReport::new(arbiter_core::report::build(&m, &records));
    for lang in Lang::ALL {
        let all = lines(&env, &Authority::default(), lang);
        let mut v = ViewState::new(lang, Theme::monochrome());
        let wrapped = wrap_lines(&all, 78);
        let mut seen = String::new();
        for scroll in (0..wrapped.len()).step_by(10) {
            v.report = Some(ReportView {
                lines: all.clone(),
                scroll,
                ..ReportView::default()
            });
            seen.push_str(&render_to_string(&m, &s, &v, NOW, 80, 24));
        }
        for l in &wrapped {
            assert!(l.chars().count() <= 78, "{l:?}");
            assert!(
                seen.contains(l.trim_end()),
                "{l:?} never on the 80x24 screen ({lang:?})"
            );
        }
        // Board 7's draw is in the results table.
        assert!(seen.contains("½-½") || seen.contains("1/2-1/2"), "{seen}");
    }
}

/// A flooding device never pushes the arbiter's notes off the screen: the same report of a
/// board again and again is one line with its count, on the main screen and in the log.
#[test]
fn a_flood_of_device_reports_leaves_the_arbiters_notes_on_screen() {
    use arbiter_core::journal::Record;
    use arbiter_core::model::BoardNo;
    use arbiter_core::record::{BoardIrregularity, Event, Note, Origin};
    let (m, mut s) = setup();
    let mut seq = s.last.map(|r| r.seq).unwrap_or(0);
    let mut push = |s: &mut MatchState, origin: Origin, event: Event| {
        seq += 1;
        let rec = Record {
            seq,
            wall_ms: arbiter_tui::fixture::WALL0 + 3_700_000,
            mono_ms: MonoMs::from_base_ms(3_700_000),
            origin,
            event,
        };
        arbiter_core::state::apply(s, &rec);
    };
    let note = |text: &str| {
        Event::Note(Note {
            board: None,
            text: text.into(),
            witnesses: Vec::new(),
        })
    };
    let irregular = |b: u16, k: usize| {
        Event::BoardIrregularity(BoardIrregularity {
            board: BoardNo(b),
            placement: format!("8/8/8/8/8/8/8/{k}"),
            detail: format!("placement {k}"),
            detail_msg: None,
        })
    };
    push(&mut s, Origin::Arbiter, note("before the flood"));
    for k in 0..500 {
        push(&mut s, Origin::Feed(BoardNo(2)), irregular(2, k));
        push(&mut s, Origin::Feed(BoardNo(3)), irregular(3, k));
    }
    push(&mut s, Origin::Arbiter, note("typed during the flood"));
    for k in 0..300 {
        push(&mut s, Origin::Feed(BoardNo(2)), irregular(2, k));
    }
    let list = arbiter_tui::log::incidents(&m, &s, None);
    let flood: Vec<u32> = list
        .iter()
        .filter(|i| i.device && i.board != Some(BoardNo(1)))
        .map(|i| i.repeated)
        .collect();
    assert!(flood.ends_with(&[500, 500, 300]), "{flood:?}");
    for lang in Lang::ALL {
        let mut v = ViewState::new(lang, Theme::monochrome());
        for screen in [
            arbiter_tui::view::Screen::Main,
            arbiter_tui::view::Screen::Log,
        ] {
            v.screen = screen;
            let text = render_to_string(&m, &s, &v, NOW, 200, 60);
            for n in ["before the flood", "typed during the flood", "×500", "×300"] {
                assert!(text.contains(n), "{screen:?} {lang:?}: {n}\n{text}");
            }
        }
        // the log at 80x24 too
        v.screen = arbiter_tui::view::Screen::Log;
        let text = render_to_string(&m, &s, &v, NOW, 80, 24);
        assert!(text.contains("typed during the flood"), "{text}");
    }
}

/// The board detail of the board with the most alerts, at three sizes in both languages: the
/// ranked list with the time each arose, its severity and what clears it.
#[test]
fn the_board_detail_with_its_alerts_at_three_sizes_in_both_languages() {
    let (m, s) = setup();
    let (i, _) = s
        .boards
        .iter()
        .enumerate()
        .max_by_key(|(_, bs)| board_view(&m, &s, bs, NOW).alerts.len())
        .unwrap();
    assert!(board_view(&m, &s, &s.boards[i], NOW).alerts.len() >= 2);
    for lang in Lang::ALL {
        let mut v = ViewState::new(lang, Theme::monochrome());
        v.screen = arbiter_tui::view::Screen::Detail;
        v.selected = i;
        for (w, h) in [(80, 24), (120, 30), (200, 60)] {
            insta::assert_snapshot!(
                format!("detail_alerts_{w}x{h}_{}", lang_name(lang)),
                render_to_string(&m, &s, &v, NOW, w, h)
            );
        }
    }
}

/// `s` with the box drawing and every run of whitespace collapsed, for finding a text wrapped
/// over lines.
fn flat(s: &str) -> String {
    s.chars()
        .map(|c| {
            if "│┌┐└┘─".contains(c) {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Issue 29: at 80x24 nothing that matters is cut. Every form opened on a board and confirmed
/// at once says why it cannot record (or records), and that message stands whole at the foot
/// of the screen, wrapped where it is long; the report screen's passphrase line and a replay's
/// moment and incident too.
#[test]
fn every_message_of_every_form_stands_whole_at_80x24() {
    use arbiter_tui::dialog::DialogKind;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let (m, s) = setup();
    let mut checked = 0;
    for lang in Lang::ALL {
        for kind in DialogKind::ALL {
            let mut v = ViewState::new(lang, Theme::monochrome());
            for k in [
                KeyEvent::new(KeyCode::Char('3'), KeyModifiers::NONE),
                KeyEvent::new(KeyCode::Char(kind.key()), KeyModifiers::NONE),
                KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
            ] {
                let a = arbiter_tui::keymap::map(&v, k);
                arbiter_tui::view::update(&mut v, &m, &s, a, NOW);
            }
            let Some(st) = v.status.clone() else { continue };
            let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
            let foot: Vec<&str> = screen.lines().collect();
            let foot = foot[foot.len().saturating_sub(4)..].join("\n");
            assert!(
                flat(&foot).contains(&flat(&st)),
                "{kind:?} {lang:?}: {st:?} cut at 80x24:\n{screen}"
            );
            checked += 1;
        }
        // The report screen while a passphrase is typed, with a remark.
        let mut v = ViewState::new(lang, Theme::monochrome());
        v.report = Some(arbiter_tui::report_view::ReportView {
            lines: vec!["x".into(); 40],
            signing: arbiter_tui::report_view::Signing::Passphrase {
                role: arbiter_core::signature::Role::HomeCaptain,
                secret: Default::default(),
                remark: "unter Protest (FIDE 11.10)".into(),
                on_remark: true,
            },
            ..Default::default()
        });
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        for word in ["unter Protest (FIDE 11.10)", "Esc"] {
            assert!(
                flat(&screen).contains(word),
                "{lang:?}: {word:?}:\n{screen}"
            );
        }
        // A replay's moment with a long incident.
        let mut v = ViewState::new(lang, Theme::monochrome());
        v.replay_keys = Some(arbiter_tui::i18n::text(lang, "replay-keys"));
        let st = "14:42:10 ⏸ 1× | #12/40 B3 14:20:00 (entered 14:42:00) the round was started by the arbiter at the time he entered";
        v.status = Some(st.into());
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        assert!(flat(&screen).contains(&flat(st)), "{lang:?}:\n{screen}");
    }
    assert!(checked >= 10, "only {checked} forms said something");
}

/// Issue 29: the report screen at 80x24, 120x30 and 200x60 in both languages (the top of the
/// report, its keys with `L`).
#[test]
fn the_report_screen_at_three_sizes_in_both_languages() {
    use arbiter_core::signature::{Authority, SignedReport};
    use arbiter_tui::report_view::{ReportView, lines};
    let m = demo_match();
    let (s, records) = arbiter_tui::fixture::situation_journal(&m, 8);
    let env = SignedReport::new(arbiter_core::report::build(&m, &records));
    for lang in Lang::ALL {
        let mut v = ViewState::new(lang, Theme::monochrome());
        v.report = Some(ReportView {
            lines: lines(&env, &Authority::default(), lang),
            ..ReportView::default()
        });
        for (w, h) in [(80, 24), (120, 30), (200, 60)] {
            let screen = render_to_string(&m, &s, &v, NOW, w, h);
            assert!(screen.contains("L "), "{screen}");
            insta::assert_snapshot!(format!("report_screen_{w}x{h}_{}", lang_name(lang)), screen);
        }
    }
}

/// Issue 29: every form at 80x24, 120x30 and 200x60 in both languages, opened on board 3 (the
/// board with an illegal move and a ruling to set).
#[test]
fn every_form_at_three_sizes_in_both_languages() {
    use arbiter_tui::dialog::DialogKind;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let (m, s) = setup();
    for lang in Lang::ALL {
        for kind in DialogKind::ALL {
            let mut v = ViewState::new(lang, Theme::monochrome());
            for k in [
                KeyEvent::new(KeyCode::Char('3'), KeyModifiers::NONE),
                KeyEvent::new(KeyCode::Char(kind.key()), KeyModifiers::NONE),
            ] {
                let a = arbiter_tui::keymap::map(&v, k);
                arbiter_tui::view::update(&mut v, &m, &s, a, NOW);
            }
            for (w, h) in [(80, 24), (120, 30), (200, 60)] {
                let screen = render_to_string(&m, &s, &v, NOW, w, h);
                insta::assert_snapshot!(
                    format!("form_{kind:?}_{w}x{h}_{}", lang_name(lang)).to_lowercase(),
                    screen
                );
            }
        }
    }
}
