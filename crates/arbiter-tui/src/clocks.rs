//! Formatting of clock times for the screens (the times themselves are
//! `arbiter_core::clock_now::clock_at`).

use arbiter_core::matchfile::Lang;
use arbiter_core::model::Color;

use super::i18n;

/// `h:mm:ss`; under one minute `ss.t` (tenths). Always 7 characters wide, right-aligned.
pub fn fmt_clock(ms: u64) -> String {
    if ms < 60_000 {
        format!("{:>7}", format!("{}.{}", ms / 1000, (ms % 1000) / 100))
    } else {
        format!("{:>7}", arbiter_core::hms::format_hms(ms))
    }
}

/// "+2:00 White to set": an arbiter's clock change the device does not show yet.
pub fn adjustment_text(lang: Lang, color: Color, delta_ms: i64) -> String {
    i18n::format(
        lang,
        &arbiter_core::msg!(
            "ui-adjustment-to-set",
            sign = if delta_ms < 0 { "−" } else { "+" },
            time = arbiter_core::hms::format_short(delta_ms.unsigned_abs()),
            player = color
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_tenths_under_a_minute() {
        assert_eq!(fmt_clock(5_400_000), "1:30:00");
        assert_eq!(fmt_clock(60_000), "0:01:00");
        assert_eq!(fmt_clock(59_999), "   59.9");
        assert_eq!(fmt_clock(4_250), "    4.2");
        assert_eq!(fmt_clock(0), "    0.0");
    }
}
