//! Keys inside a form: the engine's fields (the player, whether the proposal applies, the
//! decision, the board a remark is about, the reason, the device's times), the rest by the
//! form's own facts.

use arbiter_core::intervention::Basis;
use arbiter_core::model::{BoardNo, Color};

use super::Dialog;
use super::entry;
use super::field::Field;
use crate::input::FormInput;

impl Dialog {
    /// Applies a key inside the form. Returns whether the facts changed (then ask the rules
    /// again); a question asked on Enter is asked again after a change.
    pub fn input(&mut self, f: FormInput) -> bool {
        let changed = self.input_facts(f);
        if changed {
            self.asked = None;
        }
        changed
    }

    fn input_facts(&mut self, key: FormInput) -> bool {
        let n = self.fields().len();
        let Some(field) = self.current_field() else {
            return false;
        };
        match key {
            FormInput::NextField => {
                self.field = (self.field + 1) % n;
                return false;
            }
            FormInput::PrevField => {
                self.field = (self.field + n - 1) % n;
                return false;
            }
            FormInput::Confirm | FormInput::Cancel => return false,
            _ => {}
        }
        // The device's times are the engine's, even in a form with time fields of its own.
        let device_time = self.estimated && matches!(field, Field::WhiteTime | Field::BlackTime);
        if !device_time {
            let (facts, common) = self.parts_mut();
            if let Some(changed) = facts.form_mut().key(field, key, &common) {
                return changed;
            }
        }
        self.engine_key(field, key).unwrap_or(false)
    }

    /// A key on a field every form may have.
    fn engine_key(&mut self, field: Field, key: FormInput) -> Option<bool> {
        use entry::{cycle, cycle_opt, step};
        match (field, key) {
            (Field::Player, FormInput::Increase | FormInput::Decrease) => {
                self.player = !self.player
            }
            (Field::Player, FormInput::Char('w' | 'W')) => self.player = Color::White,
            (Field::Player, FormInput::Char('b' | 'B' | 's' | 'S')) => self.player = Color::Black,
            (Field::Apply, FormInput::Increase | FormInput::Decrease) => self.apply = !self.apply,
            (Field::DecisionOption, k) => {
                let n = self.decision_request().map_or(0, |d| d.options.len());
                let all: Vec<usize> = (0..n).collect();
                self.choice = cycle_opt(&all, self.choice, step(k)?);
                return Some(false);
            }
            (Field::DecisionBasis, k) => {
                self.basis_choice = cycle_opt(&Basis::ALL, self.basis_choice, step(k)?);
                return Some(false);
            }
            (Field::About, FormInput::Backspace) => self.board = None,
            (Field::About, k) => {
                let all: Vec<Option<BoardNo>> = std::iter::once(None)
                    .chain((1..=self.boards).map(|b| Some(BoardNo(b))))
                    .collect();
                self.board = cycle(&all, self.board, step(k)?);
            }
            (Field::Text, FormInput::Char(c)) => {
                self.text.push(c);
                return Some(self.text_is_fact());
            }
            (Field::Text, FormInput::Backspace) => {
                self.text.pop();
                return Some(self.text_is_fact());
            }
            (Field::WhiteTime, k) => {
                return entry::text(&mut self.white_time, k, is_time_char);
            }
            (Field::BlackTime, k) => {
                return entry::text(&mut self.black_time, k, is_time_char);
            }
            _ => return None,
        }
        Some(true)
    }

    /// Whether the reason is one of the facts (then typing it asks the rules again).
    fn text_is_fact(&self) -> bool {
        let (facts, cx) = self.parts();
        facts.form().text_is_fact(&cx)
    }
}

/// A character of a time typed as `h:mm:ss`.
fn is_time_char(c: char) -> bool {
    c.is_ascii_digit() || c == ':'
}
