//! The arbiter's entries from the screens: journaled (fsync'ed) and applied at once, or, when
//! one would change a report that has signatures, held while the confirmation shows what is
//! signed and by whom and asks for the arbiter's reason ([`entry`], [`confirm_reopen`]); a
//! ruling's times journaled and handed to the board's clock ([`clock_command`]). An action is
//! shown as recorded only once it is on disk.

use arbiter_core::hms::format_hms;
use arbiter_core::i18n::Msg as Text;
use arbiter_core::journal::Record;
use arbiter_core::matchfile::Lang;
use arbiter_core::record::{ClockRunMode, Event, Origin};
use arbiter_core::signature::Role;
use arbiter_core::status::ClockToSet;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{ClockCommandError, ClockCommands, ClockRun, SetAndRun};
use arbiter_tui::report_view::role_id;
use arbiter_tui::{ViewState, i18n};

use crate::app::{App, Held, Submitted, journal_alert};

/// An arbiter's entry from the screens: journaled at once; or, when it would change a report
/// that has signatures, held while the confirmation shows what is signed and by whom and asks
/// for the arbiter's reason (nothing is journaled until he confirms).
pub fn entry(
    app: &mut App,
    view: &mut ViewState,
    held: Held,
    wall: WallMs,
    now: MonoMs,
    clocks: &ClockCommands,
) {
    if app.needs_confirmation(&held.events())
        && let Some(p) = reopen_prompt(app, &held, view.lang, wall, now)
    {
        view.reopen = Some(p);
        view.status = Some(i18n::text(view.lang, "shell-reopen-held"));
        app.held = Some(held);
        return;
    }
    carry_out(app, view, held, wall, now, clocks);
}

/// The arbiter confirmed with a reason: `report_reopened` (the signed version, who signed it,
/// the reason) is journaled, then the entry held.
pub fn confirm_reopen(
    app: &mut App,
    view: &mut ViewState,
    reason: &str,
    wall: WallMs,
    now: MonoMs,
    clocks: &ClockCommands,
) {
    let Some(held) = app.held.take() else {
        return;
    };
    if let (Some(ev), Some((version, ..))) = (app.reopen_event(reason), app.signed_version()) {
        arbiter_action(app, view, wall, now, ev);
        view.status = Some(i18n::format(
            view.lang,
            &arbiter_core::msg!(
                "shell-reopened",
                version = version,
                next = version + 1,
                reason = reason
            ),
        ));
    }
    let status = view.status.clone();
    carry_out(app, view, held, wall, now, clocks);
    if view.journal_alert.is_none() {
        view.status = status;
    }
}

/// Journals an entry (the confirmation given or not needed).
fn carry_out(
    app: &mut App,
    view: &mut ViewState,
    held: Held,
    wall: WallMs,
    now: MonoMs,
    clocks: &ClockCommands,
) {
    match held {
        Held::Events(evs) => {
            for ev in evs {
                arbiter_action(app, view, wall, now, ev);
            }
        }
        Held::Clock(set) => clock_command(app, view, clocks, wall, now, &set),
        Held::Enrol(e) => {
            let role = Role::parse(&e.role).unwrap_or(Role::HomeCaptain);
            let key: String = e.public_key.chars().take(16).collect();
            let said = match app.record_enrolment(e, wall, now) {
                Ok(_) => i18n::format(
                    view.lang,
                    &arbiter_core::msg!(
                        "shell-enrolled",
                        role = Text::new(role_id(role)),
                        key = key
                    ),
                ),
                Err(e) => format!("{e:#}"),
            };
            if let Some(rv) = view.report.as_mut() {
                rv.message = Some(said);
            }
        }
    }
}

/// The confirmation's contents: the signed version, who signed it, the entry in words.
fn reopen_prompt(
    app: &App,
    held: &Held,
    lang: Lang,
    wall: WallMs,
    now: MonoMs,
) -> Option<arbiter_tui::reopen::ReopenPrompt> {
    let (version, _, roles) = app.signed_version()?;
    let signed_by = roles
        .iter()
        .map(|r| format!("{} {}", i18n::text(lang, role_id(*r)), r.person_in(&app.m)))
        .collect();
    let entry = held
        .events()
        .into_iter()
        .map(|event| {
            let rec = Record {
                seq: app.journal.chain().next_seq,
                wall_ms: wall,
                mono_ms: now,
                origin: Origin::Arbiter,
                event,
            };
            match arbiter_core::replay::incidents(std::slice::from_ref(&rec)).first() {
                Some(i) => {
                    let what = i18n::format(lang, &i.text);
                    match i.board {
                        Some(b) => format!("{} {b}: {what}", i18n::strings(lang).board_short),
                        None => what,
                    }
                }
                None => rec.event.kind().replace('_', " "),
            }
        })
        .collect::<Vec<_>>()
        .join("; ");
    Some(arbiter_tui::reopen::ReopenPrompt {
        version,
        signed_by,
        entry,
        reason: String::new(),
    })
}

/// An arbiter's action from a form: journaled (fsync'ed) and applied, or, when the journal
/// cannot be written, queued and said so; "recorded" is shown only once it is on disk.
fn arbiter_action(app: &mut App, view: &mut ViewState, wall: WallMs, now: MonoMs, ev: Event) {
    let acknowledged = match app.input(wall, now, Origin::Arbiter, ev) {
        Submitted::Written(_) => true,
        Submitted::Queued { waiting, written } => waiting == 0 && !written.is_empty(),
        Submitted::Dropped => false,
    };
    if !acknowledged {
        view.status = Some(i18n::format(
            view.lang,
            &arbiter_core::msg!("shell-action-waiting", actions = app.waiting_actions()),
        ));
    }
    view.journal_alert = journal_alert(app, view.lang);
}

/// A ruling's times for a board's clock (`status::clock_to_set`, confirmed by the arbiter): the
/// `clock_command` record first, saying whether the feed takes it (the clock accepts commands,
/// its feed runs), then the command to the feed. The clock's next reports show whether the
/// device took the times; the pending adjustment goes once they do.
pub fn clock_command(
    app: &mut App,
    view: &mut ViewState,
    clocks: &ClockCommands,
    wall: WallMs,
    now: MonoMs,
    set: &ClockToSet,
) {
    let cmd = SetAndRun {
        left_ms: set.left_ms().ms(),
        right_ms: set.right_ms().ms(),
        run: match set.run() {
            ClockRunMode::Left => ClockRun::Left,
            ClockRunMode::Right => ClockRun::Right,
            ClockRunMode::Paused => ClockRun::Paused,
        },
    };
    let refusal = |e: ClockCommandError| match e {
        ClockCommandError::NotAccepted(board) => {
            arbiter_core::msg!("clock-command-not-accepted", board = board)
        }
        ClockCommandError::FeedEnded(board) => {
            arbiter_core::msg!("clock-command-feed-ended", board = board)
        }
    };
    let failed = |view: &mut ViewState, e: ClockCommandError| {
        view.status = Some(i18n::format(
            view.lang,
            &arbiter_core::msg!(
                "ui-clock-command-failed",
                board = set.board(),
                error = refusal(e)
            ),
        ));
    };
    let checked = clocks.check(set.board());
    match checked {
        Ok(()) => {
            view.status = Some(i18n::format(
                view.lang,
                &arbiter_core::msg!(
                    "ui-clock-command-sent",
                    board = set.board(),
                    white = format_hms(set.times().white),
                    black = format_hms(set.times().black)
                ),
            ))
        }
        Err(e) => failed(view, e),
    }
    // The record first (a journal that cannot be written says so in the footer).
    arbiter_action(
        app,
        view,
        wall,
        now,
        match checked {
            Ok(()) => set.record(),
            Err(e) => set.refused(refusal(e)),
        },
    );
    if checked.is_ok()
        && let Err(e) = clocks.send(set.board(), cmd)
    {
        // The feed ended between the check and the send: recorded as not sent.
        failed(view, e);
        arbiter_action(app, view, wall, now, set.refused(refusal(e)));
    }
}
