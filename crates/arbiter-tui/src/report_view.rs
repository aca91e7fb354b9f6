//! The report screen: the match report as it stands (its version and status, the superseded
//! versions and whose signatures belong to them), each signature's status, the signing flow
//! (`S`, then `1` arbiter, `2` home captain, `3` away captain, the passphrase, Tab for an
//! optional remark such as "under protest (FIDE 11.10)", Enter), and the enrolment of a
//! captain's key (`E`, `2` or `3`, the captain types a passphrase, Enter).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use arbiter_core::matchfile::Lang;
use arbiter_core::signature::{Authority, History, Role, SignedReport, Status};
use arbiter_report::text::{Block as DocBlock, document, role_label, signature_status, version_line};

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

/// The report's versions as text lines for the screen: the current version in full, then each
/// superseded version with its digest and the signatures that belong to it.
pub fn history_lines(h: &History, authority: &Authority, lang: Lang) -> Vec<String> {
    let mut out = lines(h.current(), authority, lang);
    for v in h.superseded().iter().rev() {
        out.push(String::new());
        out.push(format!(
            "── {}",
            version_line(v, Status::Superseded, lang)
        ));
        out.push(format!(
            "{} {} – {} {}",
            if lang == Lang::De { "Prüfsumme" } else { "digest" },
            v.digest,
            if lang == Lang::De {
                "letzter Eintrag"
            } else {
                "last record"
            },
            v.report.journal.head_seq
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

fn who(role: Role, de: bool) -> String {
    match (de, role) {
        (true, Role::Arbiter) => "Schiedsrichter".to_string(),
        (true, Role::HomeCaptain) => "MF Heim".to_string(),
        (true, Role::AwayCaptain) => "MF Gast".to_string(),
        (false, r) => r.to_string(),
    }
}

/// Draws the overlay over the whole area.
pub fn render(f: &mut Frame, area: Rect, r: &ReportView, lang: Lang) {
    let de = lang == Lang::De;
    let title = if de {
        " Spielbericht "
    } else {
        " Match report "
    };
    let footer = match &r.signing {
        Signing::Idle => {
            if de {
                "S unterschreiben · E Schlüssel eines MF hinterlegen · ↑↓ PgUp/PgDn blättern · Esc zurück".to_string()
            } else {
                "S sign · E enrol a captain's key · ↑↓ PgUp/PgDn scroll · Esc back".to_string()
            }
        }
        Signing::ChooseRole => {
            if de {
                "Wer unterschreibt? 1 Schiedsrichter · 2 MF Heim · 3 MF Gast · Esc".to_string()
            } else {
                "Who signs? 1 arbiter · 2 home captain · 3 away captain · Esc".to_string()
            }
        }
        Signing::EnrolRole => {
            if de {
                "Wessen Schlüssel hinterlegen? 2 MF Heim · 3 MF Gast · Esc".to_string()
            } else {
                "Whose key to enrol? 2 home captain · 3 away captain · Esc".to_string()
            }
        }
        Signing::Passphrase {
            role,
            secret,
            remark,
            on_remark,
        } => {
            let (pass_cursor, remark_cursor) = if *on_remark { ("", "_") } else { ("_", "") };
            format!(
                "Passphrase ({}): {}{pass_cursor}   {}: {remark}{remark_cursor}   Tab {} · ⏎ {} · Esc",
                who(*role, de),
                "*".repeat(secret.len()),
                if de { "Vermerk" } else { "remark" },
                if de { "Feld" } else { "field" },
                if de { "unterschreiben" } else { "sign" }
            )
        }
        Signing::EnrolPassphrase(role, secret) => format!(
            "{} ({}): {}_   ⏎ {} · Esc",
            if de {
                "Passphrase zum Hinterlegen"
            } else {
                "Passphrase to enrol"
            },
            who(*role, de),
            "*".repeat(secret.len()),
            if de { "hinterlegen" } else { "enrol" }
        ),
    };
    f.render_widget(Clear, area);
    // Two border lines, the message line and the footer.
    let inner_h = usize::from(area.height.saturating_sub(4));
    let max_scroll = r.lines.len().saturating_sub(inner_h);
    let start = r.scroll.min(max_scroll);
    let mut text: Vec<Line> = r
        .lines
        .iter()
        .skip(start)
        .take(inner_h)
        .map(|l| Line::from(l.as_str()))
        .collect();
    while text.len() < inner_h {
        text.push(Line::from(""));
    }
    let message = if r.busy {
        Some(
            if de {
                "… bitte warten"
            } else {
                "… working"
            }
            .to_string(),
        )
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
