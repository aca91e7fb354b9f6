//! The unit tests of the `H:MM:SS` grammar.

use proptest::prelude::*;

use super::*;

#[test]
fn durations_in_every_shape_the_callers_take() {
    assert_eq!(parse("1:30:00", Shape::FULL), Ok(5_400_000));
    assert_eq!(parse("0:00:04.25", Shape::FULL), Ok(4_250));
    assert_eq!(parse("0:00:04.250", Shape::FULL), Ok(4_250));
    assert_eq!(parse("0:00:04.2", Shape::FULL), Ok(4_200));
    assert_eq!(parse("0:00:04.007", Shape::FULL), Ok(4_007));
    assert_eq!(parse(" 12:00:00 ", Shape::FULL), Ok(43_200_000));
    // Hours are unbounded: a clock may hold more than a day in a test.
    assert_eq!(parse("100:00:00", Shape::FULL), Ok(360_000_000));
    assert_eq!(parse("90", Shape::TYPED), Ok(90_000));
    assert_eq!(parse("4:05", Shape::TYPED), Ok(245_000));
    assert_eq!(parse("75:00", Shape::TYPED), Ok(4_500_000));
    assert_eq!(parse("1:02:03", Shape::TYPED), Ok(3_723_000));
}

#[test]
fn refusals_name_what_is_wrong() {
    let err = |s: &str, shape| parse(s, shape).unwrap_err();
    assert_eq!(err("", Shape::FULL), HmsError::Empty);
    assert_eq!(err("  ", Shape::TYPED), HmsError::Empty);
    assert_eq!(
        err("1:30", Shape::FULL),
        HmsError::TooFewFields {
            text: "1:30".into(),
            fields: 2,
            expected: "h:mm:ss or h:mm:ss.fff"
        }
    );
    assert_eq!(
        err("1:60:00", Shape::FULL),
        HmsError::OutOfRange {
            text: "1:60:00".into(),
            field: "minutes",
            value: 60,
            max: 59
        }
    );
    assert_eq!(
        err("4:75", Shape::TYPED),
        HmsError::OutOfRange {
            text: "4:75".into(),
            field: "seconds",
            value: 75,
            max: 59
        }
    );
    assert_eq!(
        err("1:xx:00", Shape::FULL),
        HmsError::NotANumber {
            text: "1:xx:00".into(),
            field: "minutes",
            value: "xx".into()
        }
    );
    // No sign, no blank inside a field, no empty field.
    for s in ["+1:00:00", "-1:00:00", "1: 00:00", "1::00", ":00:00"] {
        assert!(
            matches!(err(s, Shape::FULL), HmsError::NotANumber { .. }),
            "{s}"
        );
    }
    assert_eq!(
        err("1:00:00:00", Shape::FULL),
        HmsError::TooManyFields {
            text: "1:00:00:00".into(),
            fields: 4
        }
    );
    for s in ["0:00:01.", "0:00:01.1234", "0:00:01.x", "0:00:01.5.5"] {
        assert_eq!(
            err(s, Shape::FULL),
            HmsError::BadFraction { text: s.into() },
            "{s}"
        );
    }
    assert_eq!(
        err("1:30.5", Shape::TYPED),
        HmsError::FractionNotAllowed {
            text: "1:30.5".into()
        }
    );
    assert_eq!(
        err("99999999999999999999:00:00", Shape::FULL),
        HmsError::TooLarge {
            text: "99999999999999999999:00:00".into()
        }
    );
    assert!(matches!(
        err("18446744073709551:00:00", Shape::FULL),
        HmsError::TooLarge { .. }
    ));
    let text = err("1:60:00", Shape::FULL).to_string();
    assert!(
        text.contains("60 minutes") && text.contains("0 to 59"),
        "{text}"
    );
    let text = err("1:30", Shape::FULL).to_string();
    assert!(text.contains("expected h:mm:ss"), "{text}");
}

#[test]
fn times_of_day_count_from_the_left() {
    let t = |h, m, s, ms| chrono::NaiveTime::from_hms_milli_opt(h, m, s, ms).unwrap();
    assert_eq!(parse_time_of_day("14:03"), Ok(t(14, 3, 0, 0)));
    assert_eq!(parse_time_of_day("14:03:12"), Ok(t(14, 3, 12, 0)));
    assert_eq!(parse_time_of_day("9:05"), Ok(t(9, 5, 0, 0)));
    assert_eq!(parse_time_of_day("14:00:30.5"), Ok(t(14, 0, 30, 500)));
    assert_eq!(parse_time_of_day(" 23:59:59 "), Ok(t(23, 59, 59, 0)));
    assert_eq!(
        parse_time_of_day("25:00"),
        Err(HmsError::OutOfRange {
            text: "25:00".into(),
            field: "hours",
            value: 25,
            max: 23
        })
    );
    assert!(matches!(
        parse_time_of_day("14"),
        Err(HmsError::TooFewFields { .. })
    ));
    assert!(matches!(
        parse_time_of_day("14h"),
        Err(HmsError::NotANumber { field: "hours", .. })
    ));
    assert!(matches!(
        parse_time_of_day("14:61"),
        Err(HmsError::OutOfRange {
            field: "minutes",
            ..
        })
    ));
}

#[test]
fn formats_cut_to_the_second() {
    assert_eq!(format_hms(0u64), "0:00:00");
    assert_eq!(format_hms(5_400_999u64), "1:30:00");
    assert_eq!(format_hms(59_000u64), "0:00:59");
    assert_eq!(format_hms(36_000_000u64 * 3), "30:00:00");
    assert_eq!(format_short(120_000u64), "2:00");
    assert_eq!(format_short(59_999u64), "0:59");
    assert_eq!(format_short(3_720_000u64), "1:02:00");
}

proptest! {
    /// What is written is read back as the same whole seconds, in every shape.
    #[test]
    fn format_then_parse_gives_the_whole_seconds(ms in 0u64..1_000_000_000_000) {
        let whole = ms / 1000 * 1000;
        prop_assert_eq!(parse(&format_hms(ms), Shape::FULL), Ok(whole));
        prop_assert_eq!(parse(&format_hms(ms), Shape::TYPED), Ok(whole));
        prop_assert_eq!(parse(&format_short(ms), Shape::TYPED), Ok(whole));
    }

    /// A time of day written as `hh:mm:ss.fff` is read back exactly.
    #[test]
    fn a_time_of_day_reads_back(h in 0u32..24, m in 0u32..60, s in 0u32..60, ms in 0u32..1000) {
        let text = format!("{h:02}:{m:02}:{s:02}.{ms:03}");
        prop_assert_eq!(
            parse_time_of_day(&text),
            Ok(chrono::NaiveTime::from_hms_milli_opt(h, m, s, ms).unwrap())
        );
    }

    /// Whatever the text, the parsers answer (no panic), and a duration they accept is the
    /// fields' sum.
    #[test]
    fn any_text_gets_an_answer(s in "[0-9:. a-z+-]{0,14}") {
        if let Ok(ms) = parse(&s, Shape::TYPED) {
            let secs: u64 = s.trim().split(':').fold(0, |acc, p| acc * 60 + p.parse::<u64>().unwrap());
            prop_assert_eq!(ms, secs * 1000);
        }
        let _ = parse(&s, Shape::FULL);
        let _ = parse_time_of_day(&s);
    }
}
