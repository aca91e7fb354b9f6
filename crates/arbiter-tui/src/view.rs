//! UI state (screen, selection, scroll, open form) and how actions change it.
//!
//! [`update`] is pure apart from asking the rules for proposals: it returns a [`Command`] when
//! something must be journaled; the application does that.

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::BoardNo;
use arbiter_core::record::Event;
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;

use arbiter_core::signature::Role;

use super::action::Action;
use super::dialog::{Dialog, DialogKind};
use super::i18n::{self, strings};
use super::input::{FormInput, HELP_PAGES, ReportInput};
use super::report_view::{ReportView, Secret, Signing};
use super::theme::Theme;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Main,
    Detail,
    Log,
}

/// Everything about the console's screens that is not match state.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewState {
    pub lang: Lang,
    pub theme: Theme,
    pub screen: Screen,
    /// Index of the selected board.
    pub selected: usize,
    /// Lines scrolled on the detail and log screens (from the top / from the newest).
    pub scroll: usize,
    pub log_filter: Option<BoardNo>,
    pub help: bool,
    pub dialog: Option<Dialog>,
    pub quit_confirm: bool,
    /// The `g` prompt's digits so far.
    pub goto: Option<String>,
    /// A one-line message in the footer (e.g. "recorded").
    pub status: Option<String>,
    /// The report screen, while it is open.
    pub report: Option<ReportView>,
    /// The journal cannot be written (a full disk, an IO error): shown in every footer until
    /// the shell has written everything that waited. Set by the shell, never by a key.
    pub journal_alert: Option<String>,
    /// The lineup form (a captain hands in, or asks to see the other lineup), while open.
    pub lineup_form: Option<super::lineup_form::LineupForm>,
    /// The start screen, the attendance view or the deadline prompt, while open.
    pub panel: Option<super::afternoon::Panel>,
    /// Boards the deadline prompt listed when the arbiter closed it without confirming: it
    /// opens by itself again only for a board not among them (`o` opens it any time).
    pub deadline_seen: Vec<BoardNo>,
    /// The help's page (0 keys, 1 tasks, 2 legend) and lines scrolled on it.
    pub help_page: usize,
    pub help_scroll: usize,
    /// In a replay: the replay's keys, shown in the footer first instead of the console's
    /// (which do nothing there).
    /// In a replay: the verdict of the chain or bundle check, on a line of its own below the
    /// footer (so that it stays visible at every width), and whether it holds.
    pub replay_verdict: Option<(String, bool)>,
    pub replay_keys: Option<String>,
    /// The confirmation of a clock command for this board, while it is open (its values are
    /// computed when drawn and again on Enter: `status::clock_to_set`).
    pub clock_command: Option<BoardNo>,
    /// The confirmation before an entry changes a signed report, while it is open (set by the
    /// shell, which holds the entry meanwhile).
    pub reopen: Option<super::reopen::ReopenPrompt>,
    /// The last proposal journaled as shown (`proposal_shown`), without its clocks: a form
    /// journals what it shows whenever that changes.
    pub shown: Option<Box<arbiter_core::intervention::ProposalShown>>,
}

impl ViewState {
    pub fn new(lang: Lang, theme: Theme) -> ViewState {
        ViewState {
            lang,
            theme,
            screen: Screen::Main,
            selected: 0,
            scroll: 0,
            log_filter: None,
            help: false,
            dialog: None,
            quit_confirm: false,
            goto: None,
            status: None,
            report: None,
            journal_alert: None,
            lineup_form: None,
            panel: None,
            deadline_seen: Vec::new(),
            help_page: 0,
            help_scroll: 0,
            replay_keys: None,
            clock_command: None,
            replay_verdict: None,
            reopen: None,
            shown: None,
        }
    }

    pub fn selected_board(&self) -> BoardNo {
        BoardNo::from_index(self.selected)
    }
}

/// What the application must do after an action.
#[derive(Debug, Clone, PartialEq, Eq)]
// One per keystroke at most: boxing the event would only add an allocation.
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// Journal this arbiter event (then apply it).
    Submit(Event),
    /// Journal these arbiter events in order (then apply each): "all present", the forfeits
    /// of the expired default time.
    SubmitAll(Vec<Event>),
    /// Build the report as it stands and show it ([`ReportView::lines`]).
    LoadReport,
    /// Sign the report as it stands for `role` with the key of this passphrase, with an
    /// optional remark.
    SignReport {
        role: Role,
        passphrase: zeroize::Zeroizing<String>,
        remark: Option<String>,
    },
    /// Enrol the key of this passphrase for a captain (`signer_enrolled`).
    EnrolSigner {
        role: Role,
        passphrase: zeroize::Zeroizing<String>,
    },
    /// Journal the clock command, then send it to the board's clock (where it accepts
    /// commands); the record says whether it was sent.
    SendClock(arbiter_core::status::ClockToSet),
    /// The arbiter confirmed, with this reason, the entry that changes a signed report: journal
    /// `report_reopened`, then the entry the shell holds.
    ReopenReport {
        reason: String,
    },
    /// The arbiter did not confirm: the entry the shell holds is not recorded.
    KeepSigned,
    Quit,
}

/// Carries out an action. `now` is the console's monotonic time (for proposals).
pub fn update(
    v: &mut ViewState,
    m: &Match,
    s: &MatchState,
    action: Action,
    now: MonoMs,
) -> Option<Command> {
    if !matches!(action, Action::None) {
        v.status = None;
    }
    match action {
        Action::None => {}
        Action::Quit => v.quit_confirm = true,
        Action::QuitYes => return Some(Command::Quit),
        Action::QuitNo => v.quit_confirm = false,
        Action::Help => {
            v.help = true;
            v.help_scroll = 0;
        }
        Action::HelpKey(k) => help_key(v, k),
        Action::CloseHelp => v.help = false,
        Action::Back => {
            v.screen = Screen::Main;
            v.scroll = 0;
        }
        Action::Up
        | Action::Down
        | Action::PageUp
        | Action::PageDown
        | Action::Home
        | Action::End
        | Action::Digit(_)
        | Action::GotoStart
        | Action::GotoChar(_)
        | Action::GotoBackspace
        | Action::GotoCancel
        | Action::GotoEnter => {
            let boards = s.boards.len().max(usize::from(m.file.boards));
            navigate(v, action, boards);
        }
        Action::OpenDetail => {
            v.screen = Screen::Detail;
            v.scroll = 0;
        }
        Action::OpenLog => {
            v.screen = Screen::Log;
            v.scroll = 0;
        }
        Action::ToggleLang => v.lang = v.lang.other(),
        Action::Intervene(kind) => {
            intervene(v, kind, m, s, now);
            return shown(v, m);
        }
        Action::OpenReport => {
            v.report = Some(ReportView {
                busy: true,
                ..ReportView::default()
            });
            return Some(Command::LoadReport);
        }
        Action::Report(input) => return report_input(v, input),
        Action::OpenLineup(mode) => {
            v.lineup_form = Some(super::lineup_form::LineupForm::open_for(mode, m, s));
        }
        Action::OpenStart => v.panel = Some(super::afternoon::Panel::start(m, s, now)),
        Action::OpenAttendance => {
            v.panel = Some(super::afternoon::Panel::attendance(
                m,
                s,
                v.selected_board(),
                now,
            ))
        }
        Action::OpenDeadline => open_deadline(v, m, s, now),
        Action::Panel(input) => return panel_input(v, input, m, s, now),
        Action::OpenClockCommand | Action::ClockCommand(_) => {
            return clock_command(v, action, m, s, now);
        }
        Action::Reopen(input) => return reopen_input(v, input),
        Action::LineupForm(input) => return lineup_input(v, input, m, s),
        Action::Form(input) => return form_input(v, input, m, s, now),
    }
    None
}

/// A key on the help screen: its pages, its lines.
fn help_key(v: &mut ViewState, k: super::input::HelpInput) {
    use super::input::HelpInput as H;
    let pages = HELP_PAGES;
    match k {
        H::NextPage => {
            v.help_page = (v.help_page + 1) % pages;
            v.help_scroll = 0;
        }
        H::PrevPage => {
            v.help_page = (v.help_page + pages - 1) % pages;
            v.help_scroll = 0;
        }
        H::Down => v.help_scroll += 1,
        H::Up => v.help_scroll = v.help_scroll.saturating_sub(1),
    }
}

/// Moving on a screen: the selected board on the main screen, the lines of the detail and the
/// log, a board by its digit or by the goto prompt.
fn navigate(v: &mut ViewState, action: Action, boards: usize) {
    let last = boards.saturating_sub(1);
    match action {
        Action::Up => match v.screen {
            Screen::Main => v.selected = v.selected.saturating_sub(1),
            Screen::Detail => v.scroll = v.scroll.saturating_sub(1),
            Screen::Log => v.scroll += 1,
        },
        Action::Down => match v.screen {
            Screen::Main => v.selected = (v.selected + 1).min(last),
            Screen::Detail => v.scroll += 1,
            Screen::Log => v.scroll = v.scroll.saturating_sub(1),
        },
        Action::PageUp => match v.screen {
            Screen::Main => v.selected = v.selected.saturating_sub(10),
            Screen::Detail => v.scroll = v.scroll.saturating_sub(10),
            Screen::Log => v.scroll += 10,
        },
        Action::PageDown => match v.screen {
            Screen::Main => v.selected = (v.selected + 10).min(last),
            Screen::Detail => v.scroll += 10,
            Screen::Log => v.scroll = v.scroll.saturating_sub(10),
        },
        Action::Home => match v.screen {
            Screen::Main => v.selected = 0,
            Screen::Detail => v.scroll = 0,
            Screen::Log => v.scroll = usize::MAX / 2,
        },
        Action::End => match v.screen {
            Screen::Main => v.selected = last,
            Screen::Detail => v.scroll = usize::MAX / 2,
            Screen::Log => v.scroll = 0,
        },
        Action::Digit(d) => {
            let d = usize::from(d);
            if v.screen == Screen::Log {
                // Filter the log by the board and select it, so an action key applies to it.
                v.log_filter = (d >= 1 && d <= boards).then(|| BoardNo::from_index(d - 1));
                if let Some(b) = v.log_filter {
                    v.selected = b.index();
                }
                v.scroll = 0;
            } else if d >= 1 && d <= boards {
                v.selected = d - 1;
                if v.screen == Screen::Detail {
                    v.scroll = 0;
                }
            }
        }
        Action::GotoStart => v.goto = Some(String::new()),
        Action::GotoChar(c) => {
            if let Some(g) = &mut v.goto
                && g.len() < 4
            {
                g.push(c);
            }
        }
        Action::GotoBackspace => {
            if let Some(g) = &mut v.goto {
                g.pop();
            }
        }
        Action::GotoCancel => v.goto = None,
        Action::GotoEnter => {
            if let Some(n) = v.goto.take().and_then(|g| g.parse::<usize>().ok())
                && n >= 1
                && n <= boards
            {
                v.selected = n - 1;
                if v.screen == Screen::Log {
                    v.log_filter = Some(BoardNo::from_index(n - 1));
                }
            }
        }
        _ => {}
    }
}

/// Opens the form of an intervention (where the rules allow it now; the footer says why not).
fn intervene(v: &mut ViewState, kind: DialogKind, m: &Match, s: &MatchState, now: MonoMs) {
    // A note, a protest and a remark concern the selected board (the form can clear it:
    // about the match); from the log screen without a filter, the match.
    let about_board = matches!(
        kind,
        DialogKind::Note | DialogKind::Protest | DialogKind::Remark
    );
    let board = if kind.needs_board() || about_board {
        Some(v.selected_board())
    } else {
        None
    };
    let board = if about_board && v.screen == Screen::Log {
        v.log_filter
    } else {
        board
    };
    // What the rules do not allow now is not offered: the footer says why.
    match Dialog::availability(kind, board, m, s, now) {
        arbiter_core::rules::Availability::Refused(why) => {
            v.status = Some(super::i18n::format(v.lang, &why));
        }
        _ => v.dialog = Some(Dialog::open(kind, board, m, s, now)),
    }
}

/// `o`: the prompt of the expired default time, or the board's form where nobody is absent.
fn open_deadline(v: &mut ViewState, m: &Match, s: &MatchState, now: MonoMs) {
    if arbiter_core::rules::default_time_prompt(m, s, now).is_empty() {
        // Nobody absent without a ruling: the board's own form.
        v.dialog = Some(Dialog::open(
            DialogKind::DefaultTime,
            Some(v.selected_board()),
            m,
            s,
            now,
        ));
    } else {
        v.panel = Some(super::afternoon::Panel::Deadline);
    }
}

/// A key in the start screen, the attendance view or the deadline prompt.
fn panel_input(
    v: &mut ViewState,
    input: FormInput,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
) -> Option<Command> {
    let p = v.panel.as_mut()?;
    match p.input(input, m, s, now, v.lang) {
        super::afternoon::Outcome::Close => {
            if matches!(p, super::afternoon::Panel::Deadline) {
                v.deadline_seen = arbiter_core::rules::default_time_prompt(m, s, now)
                    .into_iter()
                    .map(|(b, ..)| b)
                    .collect();
            }
            if matches!(p, super::afternoon::Panel::Start(_))
                && let Some(r) = s.round_started
            {
                v.status = Some(i18n::format(
                    v.lang,
                    &arbiter_core::msg!(
                        "ui-start-already",
                        time = super::afternoon::local_hms(m, r.wall_ms)
                    ),
                ));
            }
            v.panel = None;
        }
        super::afternoon::Outcome::Stay => {}
        super::afternoon::Outcome::Record(evs) => {
            // Recorded: back to the boards (a late arrival is board, a, Enter).
            v.panel = None;
            v.status = Some(strings(v.lang).recorded.clone());
            return Some(Command::SubmitAll(evs));
        }
    }
    None
}

/// `Z` and its confirmation: a ruling's times sent to the board's clock.
fn clock_command(
    v: &mut ViewState,
    action: Action,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
) -> Option<Command> {
    match action {
        Action::OpenClockCommand => {
            let board = v.selected_board();
            // Refused (nothing pending, no commands to this clock, a lost feed): the footer
            // says why and nothing opens.
            match arbiter_core::status::clock_to_set(m, s, board, now) {
                Ok(_) => v.clock_command = Some(board),
                Err(why) => v.status = Some(i18n::format(v.lang, &why)),
            }
        }
        Action::ClockCommand(false) => v.clock_command = None,
        Action::ClockCommand(true) => {
            let board = v.clock_command.take()?;
            // The values of this moment: what the confirmation shows as Enter is pressed.
            match arbiter_core::status::clock_to_set(m, s, board, now) {
                Ok(set) => return Some(Command::SendClock(set)),
                Err(why) => v.status = Some(i18n::format(v.lang, &why)),
            }
        }
        _ => {}
    }
    None
}

/// A key in the lineup form.
fn lineup_input(v: &mut ViewState, input: FormInput, m: &Match, s: &MatchState) -> Option<Command> {
    let form = v.lineup_form.as_mut()?;
    if input == FormInput::Cancel {
        v.lineup_form = None;
        return None;
    }
    match form.input(input, m, s, v.lang)? {
        Ok((ev, said)) => {
            v.lineup_form = None;
            v.status = Some(said);
            return Some(Command::Submit(ev));
        }
        Err(why) => v.status = Some(why),
    }
    None
}

/// A key in an intervention form: Enter records what the form says (after its checks), Esc
/// closes it, the others change its facts (then the rules are asked again).
fn form_input(
    v: &mut ViewState,
    input: FormInput,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
) -> Option<Command> {
    let d = v.dialog.as_mut()?;
    match input {
        FormInput::Cancel => v.dialog = None,
        FormInput::Confirm => {
            d.refresh(m, s, now);
            // A decision needs an option, a basis and a reason; an amount no edition
            // fixes must be entered: the form stays open and says what is missing.
            if let Err(why) = d.check(m, s, now, v.lang) {
                v.status = Some(why);
                return None;
            }
            let ev = d.to_event(m, s, now);
            let no_board = d.kind.needs_board() && d.board.is_none();
            v.dialog = None;
            match ev {
                Some(ev) => {
                    v.status = Some(strings(v.lang).recorded.clone());
                    // A ruling that changes times on a clock that accepts commands: sending
                    // them is the next step of the flow (the confirmation opens; Enter sends,
                    // Esc leaves the clock to be set by hand).
                    if let Some(board) = arbiter_core::status::ruling_goes_to_clock(m, &ev) {
                        v.clock_command = Some(board);
                    }
                    return Some(Command::Submit(ev));
                }
                // Nothing to record: say what is missing (a board only where the
                // form needs one and has none).
                None if no_board => {
                    v.status = Some(strings(v.lang).select_board_first.clone());
                }
                None => v.status = Some(i18n::text(v.lang, "ui-form-incomplete")),
            }
        }
        other => {
            if d.input(other) {
                d.refresh(m, s, now);
                return shown(v, m);
            }
        }
    }
    None
}

/// A key in the confirmation before a signed report changes.
fn reopen_input(v: &mut ViewState, input: super::input::ReopenInput) -> Option<Command> {
    use super::input::ReopenInput as R;
    let p = v.reopen.as_mut()?;
    match input {
        R::Char(c) => p.push(c),
        R::Backspace => p.pop(),
        R::Cancel => {
            v.reopen = None;
            v.status = Some(i18n::text(v.lang, "ui-reopen-cancelled"));
            return Some(Command::KeepSigned);
        }
        R::Confirm => {
            let reason = p.reason.trim().to_string();
            if reason.is_empty() {
                v.status = Some(i18n::text(v.lang, "ui-reopen-needs-reason"));
                return None;
            }
            v.reopen = None;
            return Some(Command::ReopenReport { reason });
        }
    }
    None
}

/// What happens without a key: when the default time has run out with players absent and no
/// ruling on their boards, the prompt opens by itself (unless another form is open, or the
/// arbiter closed it for these boards). Returns whether the view changed.
pub fn tick(v: &mut ViewState, m: &Match, s: &MatchState, now: MonoMs) -> bool {
    if v.panel.is_some()
        || v.dialog.is_some()
        || v.clock_command.is_some()
        || v.reopen.is_some()
        || v.lineup_form.is_some()
        || v.report.is_some()
        || v.help
        || v.quit_confirm
    {
        return false;
    }
    let due = arbiter_core::rules::default_time_prompt(m, s, now);
    if due.iter().any(|(b, ..)| !v.deadline_seen.contains(b)) {
        v.panel = Some(super::afternoon::Panel::Deadline);
        return true;
    }
    false
}

/// A key on the report screen.
fn report_input(v: &mut ViewState, input: ReportInput) -> Option<Command> {
    let r = v.report.as_mut()?;
    match input {
        ReportInput::Close => match r.signing {
            Signing::Idle => v.report = None,
            _ => r.signing = Signing::Idle,
        },
        ReportInput::Sign => r.signing = Signing::ChooseRole,
        // The report's words in the other language: the shell builds its lines again.
        ReportInput::Lang => {
            r.busy = true;
            v.lang = v.lang.other();
            return Some(Command::LoadReport);
        }
        ReportInput::Enrol => r.signing = Signing::EnrolRole,
        ReportInput::Signer(n) => {
            let role = Role::ALL.get(usize::from(n).wrapping_sub(1)).copied()?;
            r.signing = match r.signing {
                Signing::EnrolRole if role != Role::Arbiter => {
                    Signing::EnrolPassphrase(role, Secret::default())
                }
                Signing::EnrolRole => Signing::EnrolRole,
                _ => Signing::Passphrase {
                    role,
                    secret: Secret::default(),
                    remark: String::new(),
                    on_remark: false,
                },
            };
        }
        ReportInput::Char(c) => match &mut r.signing {
            Signing::Passphrase {
                remark,
                on_remark: true,
                ..
            } if remark.chars().count() < 200 => remark.push(c),
            Signing::Passphrase {
                on_remark: true, ..
            } => {}
            Signing::Passphrase { secret, .. } | Signing::EnrolPassphrase(_, secret) => {
                secret.push(c)
            }
            _ => {}
        },
        ReportInput::Backspace => match &mut r.signing {
            Signing::Passphrase {
                remark,
                on_remark: true,
                ..
            } => {
                remark.pop();
            }
            Signing::Passphrase { secret, .. } | Signing::EnrolPassphrase(_, secret) => {
                secret.pop()
            }
            _ => {}
        },
        ReportInput::Tab => {
            if let Signing::Passphrase { on_remark, .. } = &mut r.signing {
                *on_remark = !*on_remark;
            }
        }
        ReportInput::Submit => match std::mem::take(&mut r.signing) {
            Signing::Passphrase {
                role,
                mut secret,
                remark,
                ..
            } => {
                r.busy = true;
                let remark = Some(remark.trim().to_string()).filter(|x| !x.is_empty());
                return Some(Command::SignReport {
                    role,
                    passphrase: secret.take(),
                    remark,
                });
            }
            Signing::EnrolPassphrase(role, mut secret) => {
                r.busy = true;
                return Some(Command::EnrolSigner {
                    role,
                    passphrase: secret.take(),
                });
            }
            other => r.signing = other,
        },
        ReportInput::Up => r.scroll = r.scroll.saturating_sub(1),
        ReportInput::Down => r.scroll += 1,
        ReportInput::PageUp => r.scroll = r.scroll.saturating_sub(10),
        ReportInput::PageDown => r.scroll += 10,
        ReportInput::Ignored => {}
    }
    None
}

/// The `proposal_shown` record of the open form's proposal, where it differs from the last one
/// journaled (the clocks, which change every second, left out of the comparison): every
/// proposal the arbiter was shown is in the journal, confirmed or not (issue 28).
fn shown(v: &mut ViewState, m: &Match) -> Option<Command> {
    let d = v.dialog.as_ref()?;
    let req = d.request(m)?;
    let p = d.proposal.as_ref()?;
    let rec = arbiter_core::rules::shown(&req, p);
    // What the arbiter is shown to decide on: the explanation, the proposed consequence, the
    // options. The clocks (every second) and the facts echoing what he types (the device's
    // times, keystroke by keystroke) are recorded with it but do not make a new record.
    let mut same = rec.clone();
    same.intervention.clocks = arbiter_core::by_colour::each(None);
    same.facts.clear();
    if v.shown.as_deref() == Some(&same) {
        return None;
    }
    v.shown = Some(Box::new(same));
    Some(Command::Submit(rec.into()))
}
