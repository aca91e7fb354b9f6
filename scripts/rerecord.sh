#!/usr/bin/env bash
# Records both matches under recordings/ again, makes their reports and signs them with the
# demonstration passphrases of recordings/README.md (their keys are registered in the match
# files' [signers]), and checks that `arbiter verify` says VALID for each under its match file
# as the anchor (the demonstration keys allowed: they prove nothing about a real match).
#
#   scripts/rerecord.sh            # both recordings, in place
#   OUT=/tmp/rec scripts/rerecord.sh   # into another directory (the recordings stay as they are)
#   REPORT_ONLY=1 scripts/rerecord.sh  # keep the journals, make and sign their reports again
#                                      # (after a change of the report, not of the recording)
#
# Each recording takes about two minutes (the simulator runs at 100x). The journals differ in
# timing details from run to run, so the figures in recordings/README.md and the values the
# tests read at given moments (tests/recordings.rs, tests/e2e_replay.rs) must be looked at
# again after a new recording.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --bin arbiter
BIN="${CARGO_TARGET_DIR:-target}/release/arbiter"
OUT="${OUT:-recordings}"

sign() { # report journal role passphrase
  PW="$4" "$BIN" sign "$1" --role "$3" --passphrase-env PW --journal "$2"
}

config_match() { # recording: the match file a new recording is made under
  case "$1" in
    bundesliga-*) echo config/matches/demo-bundesliga.toml ;;
    *) echo config/matches/oberliga-example.toml ;;
  esac
}

for rec in bundesliga-musterstadt-beispielhausen oberliga-rheinufer-huegelland; do
  work="$(mktemp -d)"
  echo "== $rec: recording into $work"
  # The anchor: the match file the recording ran under, shipped beside it as match.toml.
  if [ -n "${REPORT_ONLY:-}" ]; then
    cp "recordings/$rec/journal.jsonl" "$work/journal.jsonl"
    cp "recordings/$rec/match.toml" "$work/match.toml"
  else
    "$BIN" record "recordings/$rec/plan.toml" -o "$work/journal.jsonl"
    cp "$(config_match "$rec")" "$work/match.toml"
  fi
  "$BIN" report "$work/journal.jsonl" -o "$work/report"
  sign "$work/report/report.json" "$work/journal.jsonl" arbiter Schiedsrichter-Demo-2026
  sign "$work/report/report.json" "$work/journal.jsonl" home-captain Heim-Demo-2026
  sign "$work/report/report.json" "$work/journal.jsonl" away-captain Gast-Demo-2026
  "$BIN" verify "$work/report/report.json" --journal "$work/journal.jsonl" \
    --match "$work/match.toml" --allow-demo-keys
  rm -f "$work/report/.report.json.lock"
  mkdir -p "$OUT/$rec"
  # A new recording replaces the old one on purpose (git keeps the old one).
  rm -rf "$OUT/$rec/report"
  mv "$work/journal.jsonl" "$OUT/$rec/journal.jsonl"
  mv "$work/match.toml" "$OUT/$rec/match.toml"
  mv "$work/report" "$OUT/$rec/report"
  if [ "$OUT" != recordings ]; then
    cp "recordings/$rec/plan.toml" "recordings/$rec/incidents.toml" "$OUT/$rec/" 2>/dev/null || true
  fi
  rmdir "$work"
  "$BIN" verify "$OUT/$rec/report/report.json" --journal "$OUT/$rec/journal.jsonl" \
    --match "$OUT/$rec/match.toml" --allow-demo-keys | tail -n 1
done
