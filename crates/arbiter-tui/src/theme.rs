//! Colours, with a monochrome fallback when `NO_COLOR` is set (https://no-color.org).

use ratatui::style::{Color, Modifier, Style};

/// The console's styles. `colour = false` uses only bold, reverse and underline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub colour: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Theme { colour: true }
    }
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to a non-empty value.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { colour: !no_color }
    }

    pub fn monochrome() -> Theme {
        Theme { colour: false }
    }

    fn pick(&self, colour: Style, mono: Style) -> Style {
        if self.colour { colour } else { mono }
    }

    pub fn base(&self) -> Style {
        Style::default()
    }
    pub fn header(&self) -> Style {
        self.pick(
            Style::default()
                .fg(Color::White)
                .bg(Color::Blue)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        )
    }
    pub fn header2(&self) -> Style {
        self.pick(Style::default().fg(Color::Cyan), Style::default())
    }
    pub fn column_title(&self) -> Style {
        self.pick(
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::UNDERLINED),
        )
    }
    pub fn selected(&self) -> Style {
        self.pick(
            Style::default().bg(Color::DarkGray),
            Style::default().add_modifier(Modifier::REVERSED),
        )
    }
    pub fn running(&self) -> Style {
        self.pick(
            Style::default()
                .fg(Color::Green)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }
    pub fn low_time(&self) -> Style {
        self.pick(
            Style::default()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }
    pub fn alert(&self) -> Style {
        self.pick(
            Style::default()
                .fg(Color::Black)
                .bg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        )
    }
    pub fn warn(&self) -> Style {
        self.pick(
            Style::default().fg(Color::Yellow),
            Style::default().add_modifier(Modifier::UNDERLINED),
        )
    }
    pub fn ok(&self) -> Style {
        self.pick(Style::default().fg(Color::Green), Style::default())
    }
    pub fn dim(&self) -> Style {
        self.pick(Style::default().fg(Color::Gray), Style::default())
    }
    pub fn result(&self) -> Style {
        self.pick(
            Style::default()
                .fg(Color::LightMagenta)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }
    pub fn dialog(&self) -> Style {
        self.pick(
            Style::default().fg(Color::White).bg(Color::Black),
            Style::default(),
        )
    }
    pub fn field_focus(&self) -> Style {
        self.pick(
            Style::default().fg(Color::Black).bg(Color::Cyan),
            Style::default().add_modifier(Modifier::REVERSED),
        )
    }
    pub fn light_square(&self) -> Style {
        self.pick(
            Style::default().fg(Color::Black).bg(Color::Gray),
            Style::default(),
        )
    }
    pub fn dark_square(&self) -> Style {
        self.pick(
            Style::default().fg(Color::Black).bg(Color::DarkGray),
            Style::default().add_modifier(Modifier::DIM),
        )
    }
}
