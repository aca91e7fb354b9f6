//! `arbiter replay`: the replay console on a journal, or headless queries: the state at a
//! moment, the incidents, a bundle for an appeal.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::exit::EXIT_INPUT;

/// What `arbiter replay` was asked.
pub struct Query {
    pub at: Option<String>,
    pub json: bool,
    pub incidents: bool,
    pub board: Option<u16>,
    pub extract: bool,
    pub from: Option<String>,
    pub to: Option<String>,
    pub output: Option<PathBuf>,
    pub match_file: Option<PathBuf>,
}

pub fn run(path: &Path, q: Query) -> ExitCode {
    let run = || -> Result<String, String> {
        let bytes = arbiter_io::input::read_regular(path).map_err(|e| e.to_string())?;
        // one pass: every line's hash and payload on all cores, then the chain in order
        let (v, records) = arbiter_io::journal_file::verify_and_decode(&bytes);
        let interactive = !q.extract && !q.incidents && q.at.is_none();
        let (records, verdict) = match &v.problem {
            None => (
                records,
                arbiter_core::msg!("replay-chain-intact", records = v.valid.to_string()),
            ),
            Some(p) if interactive => {
                // Show what verifies, and say where the chain breaks.
                let end = bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b == b'\n')
                    .nth(v.valid.saturating_sub(1))
                    .map(|(i, _)| i + 1)
                    .unwrap_or(0);
                let (records, _) = arbiter_io::journal_file::records_from_bytes(
                    &bytes[..if v.valid == 0 { 0 } else { end }],
                )
                .map_err(|e| e.to_string())?;
                (
                    records,
                    arbiter_core::msg!(
                        "replay-chain-tampered",
                        problem = p.to_string(),
                        records = v.valid.to_string()
                    ),
                )
            }
            Some(p) => return Err(format!("{}: the chain is broken: {p}", path.display())),
        };
        let m = arbiter_io::config::match_for_journal_noted(&records, q.match_file.as_deref()).map(
            |jm| {
                if let Some(note) = &jm.note {
                    eprintln!("note: {note}");
                }
                jm.m
            },
        );
        if interactive {
            let m = m.map_err(|e| format!("{e} (give the match file with --match)"))?;
            let lang = m.file.lang;
            crate::replay_console::run_replay(
                m,
                arbiter_core::replay::Replay::new(records),
                verdict,
                lang,
            )
            .map_err(|e| format!("{e:#}"))?;
            return Ok(String::new());
        }
        let m = m.ok();
        let offset = m
            .as_ref()
            .map(|m| *m.scheduled_start.offset())
            .unwrap_or_else(|| chrono::FixedOffset::east_opt(0).expect("UTC"));
        let base = records.first().map(|r| r.wall_ms).unwrap_or(0);
        let local = |w: i64| {
            chrono::DateTime::from_timestamp_millis(w)
                .map(|t| t.with_timezone(&offset).format("%H:%M:%S%.3f").to_string())
                .unwrap_or_default()
        };
        let board = q.board.map(arbiter_core::model::BoardNo);
        if q.extract {
            let (Some(from), Some(to), Some(out)) = (&q.from, &q.to, &q.output) else {
                return Err("--extract needs --from, --to and -o".into());
            };
            let bundle = arbiter_core::replay::extract(
                &bytes,
                board,
                arbiter_core::replay::parse_moment(from, base, offset)?,
                arbiter_core::replay::parse_moment(to, base, offset)?,
            )?;
            // A bundle is evidence: an existing file is never overwritten.
            arbiter_io::atomic::write_new(out, &bundle)
                .map_err(|e| format!("{}: {e}", out.display()))?;
            let h = arbiter_core::replay::verify_bundle(&bundle, Some(&bytes))?;
            return Ok(format!(
                "wrote {}: records {} to {} (verified against the journal)",
                out.display(),
                h.from_seq,
                h.to_seq
            ));
        }
        if q.incidents {
            let mut out = String::new();
            let upto = match &q.at {
                Some(a) => arbiter_core::replay::parse_moment(a, base, offset)?,
                None => i64::MAX,
            };
            for i in arbiter_core::replay::incidents(&records) {
                if i.wall_ms > upto || (board.is_some() && i.board != board) {
                    continue;
                }
                let b = i
                    .board
                    .map(|b| format!("board {b}"))
                    .unwrap_or_else(|| "match".into());
                out.push_str(&format!(
                    "{}  #{:<6} {:<8} {:<16} {}\n",
                    local(i.wall_ms),
                    i.seq,
                    b,
                    i.kind,
                    // The headless output is English, like every command's.
                    arbiter_tui::i18n::format(arbiter_core::matchfile::Lang::En, &i.text)
                ));
            }
            return Ok(out);
        }
        if let Some(a) = &q.at {
            let t = arbiter_core::replay::parse_moment(a, base, offset)?;
            let r = arbiter_core::replay::Replay::new(records);
            let (s, mono) = r.at(t);
            let clocks: Vec<serde_json::Value> = s
                .boards
                .iter()
                .filter(|b| board.is_none_or(|n| n == b.board))
                .map(|b| {
                    let c = arbiter_core::clock_now::clock_at(&s, b, mono)
                        .map(|c| (c.white_ms, c.black_ms));
                    serde_json::json!({
                        "board": b.board,
                        "white_ms": c.map(|c| c.0),
                        "black_ms": c.map(|c| c.1),
                        "white": c.map(|c| arbiter_core::model::format_hms(c.0)),
                        "black": c.map(|c| arbiter_core::model::format_hms(c.1)),
                        "moves": b.moves.len(),
                        "result": b.result.as_ref().map(|r| r.result.notation()),
                        "feed": b.feed,
                    })
                })
                .collect();
            let score = m.as_ref().map(|m| arbiter_core::rules::score(m, &s));
            let boards: Vec<&arbiter_core::state::BoardState> = s
                .boards
                .iter()
                .filter(|b| board.is_none_or(|n| n == b.board))
                .collect();
            let doc = serde_json::json!({
                "at": local(t),
                "records_applied": s.applied,
                "clocks": clocks,
                "score": score,
                "boards": boards,
                "interventions": s.interventions.iter().filter(|i| board.is_none() || i.intervention.board == board).collect::<Vec<_>>(),
                "round_started": s.round_started,
            });
            if q.json {
                return serde_json::to_string_pretty(&doc).map_err(|e| e.to_string());
            }
            let mut out = format!("state at {} ({} records)\n", local(t), s.applied);
            for c in doc["clocks"].as_array().into_iter().flatten() {
                out.push_str(&format!(
                    "board {:>2}: White {} Black {} moves {} result {}\n",
                    c["board"], c["white"], c["black"], c["moves"], c["result"]
                ));
            }
            return Ok(out);
        }
        Ok(String::new())
    };
    match run() {
        Ok(out) => {
            crate::out::out_text(&out);
            if !out.is_empty() && !out.ends_with('\n') {
                crate::out::out_text("\n");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter replay: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
