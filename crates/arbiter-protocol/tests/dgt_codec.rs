//! Golden byte tests from the protocol tables (reference §1) and the garbage property test.

use arbiter_core::model::ClockSide;
use arbiter_protocol::dgt::{
    ClockAck, ClockTimes, Command, DecodeError, Decoder, Message, RawBoard, SideTime,
    encode_message,
};
use proptest::prelude::*;

fn decode_all(bytes: &[u8]) -> Vec<Result<Message, DecodeError>> {
    let mut d = Decoder::new();
    d.push(bytes);
    std::iter::from_fn(|| d.next()).collect()
}

fn one(bytes: &[u8]) -> Message {
    let out = decode_all(bytes);
    assert_eq!(out.len(), 1, "{out:?}");
    out.into_iter().next().unwrap().unwrap()
}

#[test]
fn golden_commands() {
    assert_eq!(Command::Reset.bytes(), [0x40]);
    assert_eq!(Command::SendClock.bytes(), [0x41]);
    assert_eq!(Command::SendBoard.bytes(), [0x42]);
    assert_eq!(Command::SendUpdate.bytes(), [0x43]);
    assert_eq!(Command::SendUpdateBoard.bytes(), [0x44]);
    assert_eq!(Command::SerialNumber.bytes(), [0x45]);
    assert_eq!(Command::SendUpdateNice.bytes(), [0x4B]);
    assert_eq!(Command::BatteryStatus.bytes(), [0x4C]);
    assert_eq!(Command::Version.bytes(), [0x4D]);
    assert_eq!(Command::LongSerialNumber.bytes(), [0x55]);
    assert_eq!(
        Command::ClockVersion.bytes(),
        [0x2B, 0x03, 0x03, 0x09, 0x00]
    );
}

const START_DUMP: [u8; 64] = [
    0x08, 0x09, 0x0A, 0x0C, 0x0B, 0x0A, 0x09, 0x08, // rank 8, a8 first
    0x07, 0x07, 0x07, 0x07, 0x07, 0x07, 0x07, 0x07, //
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, //
    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, //
    0x02, 0x03, 0x04, 0x06, 0x05, 0x04, 0x03, 0x02, // rank 1, h1 last
];

#[test]
fn golden_board_dump_start_position() {
    let mut bytes = vec![0x86, 0x00, 0x43];
    bytes.extend_from_slice(&START_DUMP);
    let m = one(&bytes);
    let Message::BoardDump(raw) = &m else {
        panic!("{m:?}")
    };
    assert_eq!(raw.to_board(false), shakmaty::Board::default());
    assert_eq!(
        raw.to_board(true).to_string(),
        "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr"
    );
    let mut back = Vec::new();
    encode_message(&m, &mut back);
    assert_eq!(back, bytes);
    assert_eq!(
        RawBoard::from_board(&shakmaty::Board::default(), false).0,
        START_DUMP
    );
}

#[test]
fn golden_field_update() {
    // square 36 = e4 (connector on White's left), white pawn placed
    let m = one(&[0x8E, 0x00, 0x05, 0x24, 0x01]);
    assert_eq!(
        m,
        Message::FieldUpdate {
            square: 36,
            piece: 1
        }
    );
    // square 52 = e2 emptied
    let m = one(&[0x8E, 0x00, 0x05, 0x34, 0x00]);
    assert_eq!(
        m,
        Message::FieldUpdate {
            square: 52,
            piece: 0
        }
    );
}

#[test]
fn golden_clock_times() {
    // right 1:29:59, left 1:30:00; running, right lever high, right's turn
    let bytes = [0x8D, 0x00, 0x0A, 0x01, 0x29, 0x59, 0x01, 0x30, 0x00, 0x0B];
    let Message::ClockTimes(t) = one(&bytes) else {
        panic!()
    };
    assert_eq!(t.right.ms(), 5_399_000);
    assert_eq!(t.left.ms(), 5_400_000);
    assert_eq!(t.running_side(), Some(ClockSide::Right));
    assert!(!t.no_clock());
    let mut back = Vec::new();
    encode_message(&Message::ClockTimes(t), &mut back);
    assert_eq!(back, bytes);

    // flags: right final flag (0x10) at 0:00:00, left period flag (0x40) + per-move (0x20); stopped
    let bytes = [0x8D, 0x00, 0x0A, 0x10, 0x00, 0x00, 0x60, 0x05, 0x07, 0x00];
    let Message::ClockTimes(t) = one(&bytes) else {
        panic!()
    };
    assert!(t.right.final_flag && !t.right.period_flag);
    assert!(t.left.period_flag && t.left.per_move && !t.left.final_flag);
    assert_eq!(t.left.ms(), 307_000);
    assert_eq!(t.running_side(), None);

    // no clock connected
    let Message::ClockTimes(t) = one(&[0x8D, 0x00, 0x0A, 0, 0, 0, 0, 0, 0, 0x20]) else {
        panic!()
    };
    assert!(t.no_clock());
}

#[test]
fn golden_clock_ack_is_not_a_time() {
    // ack0 = 0x10 (normal), ack1 = 0x09 (version), ack2 = 0x21 (v2.1), ack3 = 0
    let m = one(&[0x8D, 0x00, 0x0A, 0x0A, 0x10, 0x09, 0x0A, 0x21, 0x00, 0x00]);
    assert_eq!(m, Message::ClockAck(ClockAck([0x10, 0x09, 0x21, 0x00])));
    // automatic "button pressed" ack1 = 0x88 rebuilt from bit 5 of d3
    let m = one(&[0x8D, 0x00, 0x0A, 0x0A, 0x10, 0x08, 0x2A, 0x00, 0x33, 0x00]);
    assert_eq!(m, Message::ClockAck(ClockAck([0x10, 0x88, 0x00, 0x33])));
    let mut back = Vec::new();
    encode_message(&m, &mut back);
    assert_eq!(
        back,
        [0x8D, 0x00, 0x0A, 0x0A, 0x10, 0x08, 0x2A, 0x00, 0x33, 0x00]
    );
}

#[test]
fn golden_serial_version_battery() {
    assert_eq!(
        one(&[0x91, 0x00, 0x08, b'1', b'2', b'3', b'4', b'5']),
        Message::SerialNumber("12345".into())
    );
    assert_eq!(
        one(&[
            0xA2, 0x00, 0x0D, b'0', b'0', b'0', b'1', b'2', b'3', b'4', b'5', b'6', b'7'
        ]),
        Message::LongSerialNumber("0001234567".into())
    );
    assert_eq!(
        one(&[0x93, 0x00, 0x05, 0x01, 0x0A]),
        Message::Version {
            major: 1,
            minor: 10
        }
    );
    // battery: parsed by length (7 or 9 payload bytes, the documents disagree)
    let m = one(&[0xA0, 0x00, 0x0C, 80, 0x7F, 0x7F, 1, 2, 0, 3, 4, 0x02]);
    assert_eq!(
        m,
        Message::BatteryStatus(vec![80, 0x7F, 0x7F, 1, 2, 0, 3, 4, 2])
    );
    assert_eq!(
        one(&[0x90, 0x00, 0x05, 0x01, 0x02]),
        Message::BusAddress(0x82)
    );
}

#[test]
fn resynchronises_and_counts() {
    let mut d = Decoder::new();
    // garbage, a cut frame, an oversize header, a bad length, then a valid field update
    d.push(&[0x00, 0x12, 0x7F]);
    d.push(&[0x86, 0x00, 0x43, 0x01, 0x02]);
    d.push(&[0x8F, 0x7F, 0x7F]);
    d.push(&[0x8E, 0x00, 0x09]);
    d.push(&[0x8E, 0x00, 0x05, 0x24, 0x01]);
    let out: Vec<_> = std::iter::from_fn(|| d.next()).collect();
    assert_eq!(out[0], Err(DecodeError::Garbage(3)));
    assert!(matches!(
        out[1],
        Err(DecodeError::Truncated { id: 0x86, .. })
    ));
    assert!(
        out.iter()
            .any(|r| matches!(r, Err(DecodeError::Oversize { id: 0x8F, .. })))
    );
    assert!(
        out.iter()
            .any(|r| matches!(r, Err(DecodeError::BadLength { id: 0x8E, .. })))
    );
    assert_eq!(
        out.last().unwrap(),
        &Ok(Message::FieldUpdate {
            square: 36,
            piece: 1
        })
    );
    let s = d.stats();
    assert_eq!(s.frames, 1);
    assert_eq!(s.oversize_frames, 1);
    assert!(s.garbage_bytes >= 3);
    assert_eq!(d.buffered(), 0);
}

#[test]
fn unknown_messages_are_counted() {
    let mut d = Decoder::new();
    d.push(&[0xB5, 0x00, 0x04, 0x11]);
    assert_eq!(
        d.next(),
        Some(Ok(Message::Unknown {
            id: 0xB5,
            payload: vec![0x11]
        }))
    );
    assert_eq!(d.stats().unknown_messages, 1);
}

#[test]
fn split_everywhere() {
    let mut bytes = vec![0x86, 0x00, 0x43];
    bytes.extend_from_slice(&START_DUMP);
    bytes.extend_from_slice(&[0x8D, 0x00, 0x0A, 0x01, 0x29, 0x59, 0x01, 0x30, 0x00, 0x0B]);
    for split in 0..bytes.len() {
        let mut d = Decoder::new();
        d.push(&bytes[..split]);
        let mut out: Vec<_> = std::iter::from_fn(|| d.next()).collect();
        d.push(&bytes[split..]);
        out.extend(std::iter::from_fn(|| d.next()));
        assert_eq!(out.len(), 2, "split at {split}: {out:?}");
        assert!(out.iter().all(|r| r.is_ok()));
    }
}

fn side() -> impl Strategy<Value = SideTime> {
    (
        0u8..10,
        0u8..60,
        0u8..60,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(hours, minutes, seconds, final_flag, per_move, period_flag)| SideTime {
                hours,
                minutes,
                seconds,
                final_flag,
                per_move,
                period_flag,
            },
        )
}

fn message() -> impl Strategy<Value = Message> {
    prop_oneof![
        proptest::collection::vec(0u8..13, 64).prop_map(|v| {
            let mut raw = [0u8; 64];
            raw.copy_from_slice(&v);
            Message::BoardDump(RawBoard(raw))
        }),
        (0u8..64, 0u8..13).prop_map(|(square, piece)| Message::FieldUpdate { square, piece }),
        (side(), side(), 0u8..0x40).prop_map(|(left, right, status)| Message::ClockTimes(
            ClockTimes {
                left,
                right,
                status
            }
        )),
        any::<[u8; 4]>().prop_map(|a| Message::ClockAck(ClockAck(a))),
        "[0-9]{5}".prop_map(Message::SerialNumber),
        "[0-9]{10}".prop_map(Message::LongSerialNumber),
        (0u8..128, 0u8..128).prop_map(|(major, minor)| Message::Version { major, minor }),
        proptest::collection::vec(0u8..128, 9).prop_map(Message::BatteryStatus),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random garbage interleaved with valid frames: every valid frame comes out (in order)
    /// after the next resynchronisation point, whatever the chunking, and nothing panics.
    #[test]
    fn garbage_interleaved_with_valid_frames(
        items in proptest::collection::vec(
            (proptest::collection::vec(any::<u8>(), 0..40), message()), 1..20),
        chunk in 1usize..70,
    ) {
        let mut bytes = Vec::new();
        let mut expected = Vec::new();
        for (garbage, m) in &items {
            bytes.extend_from_slice(garbage);
            encode_message(m, &mut bytes);
            expected.push(m.clone());
        }
        let mut d = Decoder::new();
        let mut got = Vec::new();
        for c in bytes.chunks(chunk) {
            d.push(c);
            while let Some(r) = d.next() {
                if let Ok(m) = r {
                    got.push(m);
                }
            }
        }
        // expected is a subsequence of got
        let mut it = got.iter();
        for e in &expected {
            prop_assert!(it.any(|g| g == e), "frame {:?} lost; got {:?}", e, got);
        }
        prop_assert!(d.buffered() < 3 + 0x2000);
    }

    /// Pure garbage never panics, and every byte is accounted for or still buffered.
    #[test]
    fn pure_garbage_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let mut d = Decoder::new();
        d.push(&bytes);
        while d.next().is_some() {}
        prop_assert_eq!(d.stats().bytes_in, bytes.len() as u64);
    }
}
