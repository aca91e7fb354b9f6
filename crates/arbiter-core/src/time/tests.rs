use proptest::prelude::*;

use super::*;

#[test]
fn wall_raw_values_round_trip_and_order() {
    let t = WallMs::from_unix_ms(1_800_000_000_123);
    assert_eq!(t.as_unix_ms(), 1_800_000_000_123);
    assert_eq!(WallMs::UNIX_EPOCH.as_unix_ms(), 0);
    assert!(WallMs::from_unix_ms(-1) < WallMs::UNIX_EPOCH);
    assert!(t > WallMs::from_unix_ms(1_800_000_000_122));
}

#[test]
fn wall_difference_is_signed_milliseconds() {
    let a = WallMs::from_unix_ms(10_000);
    let b = WallMs::from_unix_ms(12_500);
    assert_eq!(b - a, 2_500);
    assert_eq!(a - b, -2_500);
    assert_eq!(b.saturating_since(a), 2_500);
    assert_eq!(a.saturating_since(b), -2_500);
    assert_eq!(a + 2_500, b);
    assert_eq!(b - 2_500, a);
    assert_eq!(a + -500, WallMs::from_unix_ms(9_500));
    let mut c = a;
    c += 2_500;
    assert_eq!(c, b);
}

#[test]
fn wall_saturates_at_the_ends() {
    let max = WallMs::from_unix_ms(i64::MAX);
    let min = WallMs::from_unix_ms(i64::MIN);
    assert_eq!(max.saturating_add_ms(1), max);
    assert_eq!(min.saturating_sub_ms(1), min);
    assert_eq!(min.saturating_add_ms(-1), min);
    assert_eq!(max.saturating_sub_ms(-1), max);
    assert_eq!(max.saturating_since(min), i64::MAX);
    assert_eq!(min.saturating_since(max), i64::MIN);
}

#[test]
fn mono_raw_values_round_trip_and_order() {
    let t = MonoMs::from_base_ms(90_000);
    assert_eq!(t.as_base_ms(), 90_000);
    assert_eq!(MonoMs::ORIGIN, MonoMs::default());
    assert_eq!(MonoMs::ORIGIN.as_base_ms(), 0);
    assert!(MonoMs::ORIGIN < t);
}

#[test]
fn mono_difference_is_unsigned_milliseconds() {
    let a = MonoMs::from_base_ms(1_000);
    let b = MonoMs::from_base_ms(4_000);
    assert_eq!(b - a, 3_000);
    assert_eq!(b.saturating_since(a), 3_000);
    assert_eq!(
        a.saturating_since(b),
        0,
        "an earlier instant is no time after"
    );
    assert_eq!(b.checked_since(a), Some(3_000));
    assert_eq!(a.checked_since(b), None);
    assert_eq!(a + 3_000, b);
    assert_eq!(b - 3_000, a);
    let mut c = a;
    c += 3_000;
    assert_eq!(c, b);
}

#[test]
fn mono_saturates_at_the_origin_and_the_end() {
    let max = MonoMs::from_base_ms(u64::MAX);
    assert_eq!(max.saturating_add_ms(1), max);
    assert_eq!(MonoMs::from_base_ms(5).saturating_sub_ms(6), MonoMs::ORIGIN);
    assert_eq!(MonoMs::ORIGIN.saturating_since(max), 0);
    assert_eq!(max.saturating_since(MonoMs::ORIGIN), u64::MAX);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic]
fn mono_difference_backwards_panics_like_the_integers_did() {
    // Overflow checks are on where debug assertions are: `a - b` with `b` later is a bug, as
    // it was with the bare `u64`s; `saturating_since` is the one that allows it.
    let _ = MonoMs::from_base_ms(1) - MonoMs::from_base_ms(2);
}

#[test]
fn serialized_as_the_bare_number() {
    let w = WallMs::from_unix_ms(1_764_262_800_000);
    let m = MonoMs::from_base_ms(12_345);
    assert_eq!(serde_json::to_string(&w).unwrap(), "1764262800000");
    assert_eq!(serde_json::to_string(&m).unwrap(), "12345");
    assert_eq!(
        serde_json::from_str::<WallMs>("-5").unwrap(),
        WallMs::from_unix_ms(-5)
    );
    assert_eq!(
        serde_json::from_str::<MonoMs>("7").unwrap(),
        MonoMs::from_base_ms(7)
    );
    assert!(serde_json::from_str::<MonoMs>("-1").is_err());
    assert!(serde_json::from_str::<WallMs>("\"1\"").is_err());
}

proptest! {
    #[test]
    fn wall_plus_a_duration_minus_the_start_is_the_duration(
        a in -(1i64 << 50)..(1i64 << 50),
        d in -(1i64 << 50)..(1i64 << 50),
    ) {
        let t = WallMs::from_unix_ms(a);
        prop_assert_eq!((t + d) - t, d);
        prop_assert_eq!((t + d).saturating_since(t), d);
        prop_assert_eq!(t.saturating_add_ms(d), t + d);
        prop_assert_eq!((t + d) - d, t);
        prop_assert_eq!(d >= 0, t + d >= t);
    }

    #[test]
    fn mono_plus_a_duration_minus_the_start_is_the_duration(
        a in 0u64..(1u64 << 62),
        d in 0u64..(1u64 << 62),
    ) {
        let t = MonoMs::from_base_ms(a);
        prop_assert_eq!((t + d) - t, d);
        prop_assert_eq!((t + d).saturating_since(t), d);
        prop_assert_eq!((t + d).checked_since(t), Some(d));
        prop_assert_eq!(t.saturating_since(t + d), 0);
        prop_assert_eq!(t.saturating_add_ms(d), t + d);
        prop_assert_eq!((t + d) - d, t);
        prop_assert!(t + d >= t);
    }

    #[test]
    fn wall_round_trips_through_json(a in any::<i64>()) {
        let t = WallMs::from_unix_ms(a);
        let json = serde_json::to_string(&t).unwrap();
        prop_assert_eq!(&json, &a.to_string());
        prop_assert_eq!(serde_json::from_str::<WallMs>(&json).unwrap(), t);
    }

    #[test]
    fn mono_round_trips_through_json(a in any::<u64>()) {
        let t = MonoMs::from_base_ms(a);
        let json = serde_json::to_string(&t).unwrap();
        prop_assert_eq!(&json, &a.to_string());
        prop_assert_eq!(serde_json::from_str::<MonoMs>(&json).unwrap(), t);
    }
}
