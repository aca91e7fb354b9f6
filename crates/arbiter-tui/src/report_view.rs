//! The report screen: the match report as it stands (its version and status, the superseded
//! versions and whose signatures belong to them), each signature's status, the signing flow
//! (`S`, then `1` arbiter, `2` home captain, `3` away captain, the passphrase, Tab for an
//! optional remark such as "under protest (FIDE 11.10)", Enter), and the enrolment of a
//! captain's key (`E`, `2` or `3`, the captain types a passphrase, Enter).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use arbiter_core::i18n::Msg;
use arbiter_core::matchfile::Lang;
use arbiter_core::msg;
use arbiter_core::signature::{Authority, History, Role, SignedReport, Status};
use arbiter_report::text::{
    Block as DocBlock, document, role_label, signature_status, version_line,
};

use super::i18n::{self, format};

/// A passphrase being typed: never shown, never printed by `Debug`, zeroised when dropped.
#[derive(Default, Clone, PartialEq, Eq)]
pub struct Secret(zeroize::Zeroizing<String>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

impl Secret {
    pub fn push(&mut self, c: char) {
        self.0.push(c);
    }
    pub fn pop(&mut self) {
        self.0.pop();
    }
    pub fn len(&self) -> usize {
        self.0.chars().count()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
    /// Hands the passphrase over (to the signing), leaving this one empty.
    pub fn take(&mut self) -> zeroize::Zeroizing<String> {
        std::mem::take(&mut self.0)
    }
}

/// Where the signing flow stands.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub enum Signing {
    #[default]
    Idle,
    /// `S` pressed: waiting for 1, 2 or 3.
    ChooseRole,
    /// Typing the passphrase of a signer (and, after Tab, a remark).
    Passphrase {
        role: Role,
        secret: Secret,
        remark: String,
        /// The remark field has the cursor.
        on_remark: bool,
    },
    /// `E` pressed: whose key to enrol, 2 or 3.
    EnrolRole,
    /// A captain typing the passphrase whose key is enrolled.
    EnrolPassphrase(Role, Secret),
}

/// The report screen's state.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ReportView {
    pub lines: Vec<String>,
    pub scroll: usize,
    pub signing: Signing,
    pub message: Option<String>,
    /// The shell is building or signing the report (off the UI thread): shown as progress.
    pub busy: bool,
}

/// The report's versions as text lines for the screen: when earlier versions were signed, what
/// became of them first (reopened when and why, what changed, who must sign the current
/// version); then the current version in full, then each superseded version with its digest
/// and the signatures that belong to it.
pub fn history_lines(h: &History, authority: &Authority, lang: Lang) -> Vec<String> {
    let mut out = superseded_summary(h, lang);
    out.extend(lines(h.current(), authority, lang));
    for v in h.superseded().iter().rev() {
        out.push(String::new());
        out.push(format!("── {}", version_line(v, Status::Superseded, lang)));
        out.push(format(
            lang,
            &msg!(
                "report-view-superseded-digest",
                digest = &v.digest,
                seq = v.report.journal.head_seq.to_string()
            ),
        ));
        let verdict = arbiter_report::sign::check(v, authority);
        for role in Role::ALL {
            if v.signature(role).is_some() {
                out.push(format!(
                    "{}: {} – {}",
                    role_label(role, lang),
                    role.person(&v.report),
                    signature_status(v, &verdict, role, lang).replace('\n', " · ")
                ));
            }
        }
    }
    out
}

/// What became of the signed versions: for each, when and why the arbiter reopened it and
/// what changed in the next version; then who must sign the current one.
fn superseded_summary(h: &History, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let signed: Vec<&SignedReport> = h
        .superseded()
        .iter()
        .filter(|v| !v.signatures.is_empty())
        .collect();
    if signed.is_empty() {
        return out;
    }
    let current = h.current();
    for v in signed {
        if let Some(o) = current
            .report
            .reopened
            .iter()
            .find(|o| o.digest == v.digest)
        {
            out.push(format(
                lang,
                &msg!(
                    "report-view-reopened",
                    version = v.version,
                    time = &o.time,
                    reason = &o.reason
                ),
            ));
        }
        let next = h
            .versions
            .iter()
            .find(|x| x.version == v.version + 1)
            .unwrap_or(current);
        let what: Vec<String> = arbiter_report::text::changed_sections(&v.report, &next.report)
            .into_iter()
            .map(|id| i18n::text(lang, id))
            .collect();
        out.push(format(
            lang,
            &msg!(
                "report-view-changed",
                version = v.version,
                what = what.join(", ")
            ),
        ));
    }
    let who: Vec<String> = Role::ALL
        .into_iter()
        .filter(|r| current.signature(*r).is_none())
        .map(|r| {
            format!(
                "{} {}",
                i18n::text(lang, role_id(r)),
                r.person(&current.report)
            )
        })
        .collect();
    out.push(format(
        lang,
        &msg!(
            "report-view-sign-again",
            next = current.version,
            who = if who.is_empty() {
                i18n::text(lang, "report-view-nobody")
            } else {
                who.join(", ")
            }
        ),
    ));
    out.push(String::new());
    out
}

/// The report as text lines for the screen.
pub fn lines(env: &SignedReport, authority: &Authority, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for b in document(env, lang, authority) {
        match b {
            DocBlock::Title(t) => out.push(t.to_uppercase()),
            DocBlock::Heading(h) => {
                out.push(String::new());
                out.push(format!("── {h}"));
            }
            DocBlock::Line(l) => out.push(l),
            DocBlock::Table { header, rows, .. } => {
                out.push(header.join(" | "));
                out.extend(rows.into_iter().map(|r| r.join(" | ")));
            }
            DocBlock::Signatures(s) => {
                for (role, name, status) in s {
                    out.push(format!("{role}: {name} – {}", status.replace('\n', " · ")));
                }
            }
        }
    }
    out
}

/// A signer's role in the console's words ("arbiter", "MF Heim"): a message id.
pub fn role_id(role: Role) -> &'static str {
    match role {
        Role::Arbiter => "ui-role-arbiter",
        Role::HomeCaptain => "ui-role-home-captain",
        Role::AwayCaptain => "ui-role-away-captain",
    }
}

/// Draws the overlay over the whole area.
pub fn render(f: &mut Frame, area: Rect, r: &ReportView, lang: Lang) {
    let title = format!(" {} ", i18n::text(lang, "report-view-title"));
    let footer = match &r.signing {
        Signing::Idle => i18n::text(lang, "report-view-keys"),
        Signing::ChooseRole => i18n::text(lang, "report-view-choose-signer"),
        Signing::EnrolRole => i18n::text(lang, "report-view-choose-enrol"),
        Signing::Passphrase {
            role,
            secret,
            remark,
            on_remark,
        } => format(
            lang,
            &msg!(
                "report-view-passphrase",
                role = Msg::new(role_id(*role)),
                stars = "*".repeat(secret.len()),
                cursor = if *on_remark { "" } else { "_" },
                remark = remark,
                remark_cursor = if *on_remark { "_" } else { "" }
            ),
        ),
        Signing::EnrolPassphrase(role, secret) => format(
            lang,
            &msg!(
                "report-view-enrol-passphrase",
                role = Msg::new(role_id(*role)),
                stars = "*".repeat(secret.len())
            ),
        ),
    };
    f.render_widget(Clear, area);
    // Two border lines, the message line and the footer.
    let inner_h = usize::from(area.height.saturating_sub(4));
    // Long lines wrap (a table row goes on under itself): nothing is cut at 80 columns.
    let wrapped = wrap_lines(&r.lines, usize::from(area.width.saturating_sub(2)));
    let max_scroll = wrapped.len().saturating_sub(inner_h);
    let start = r.scroll.min(max_scroll);
    let mut text: Vec<Line> = wrapped
        .into_iter()
        .skip(start)
        .take(inner_h)
        .map(Line::from)
        .collect();
    while text.len() < inner_h {
        text.push(Line::from(""));
    }
    let message = if r.busy {
        Some(i18n::text(lang, "report-view-working"))
    } else {
        r.message.clone()
    };
    text.push(Line::from(message.unwrap_or_default()));
    text.push(Line::from(footer));
    f.render_widget(
        Paragraph::new(text).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// The report's lines wrapped to `w` characters, a continuation indented by two.
pub fn wrap_lines(lines: &[String], w: usize) -> Vec<String> {
    let w = w.max(8);
    let mut out = Vec::new();
    for l in lines {
        let chars: Vec<char> = l.chars().collect();
        if chars.len() <= w {
            out.push(l.clone());
            continue;
        }
        let mut rest: &[char] = &chars;
        let mut first = true;
        while !rest.is_empty() {
            let room = if first { w } else { w - 2 };
            let mut cut = room.min(rest.len());
            if cut < rest.len()
                && let Some(sp) = rest[..cut].iter().rposition(|c| *c == ' ')
                && sp > room / 2
            {
                cut = sp + 1;
            }
            let piece: String = rest[..cut].iter().collect();
            out.push(if first {
                piece.trim_end().to_string()
            } else {
                format!("  {}", piece.trim_end())
            });
            rest = &rest[cut..];
            first = false;
        }
    }
    out
}
