#!/bin/sh
# Seed corpora for the fuzz targets (docs/FUZZING.md), made from what the repository holds:
# match files, profiles, scenarios, scenario journals, a report and a bundle, DGT and LiveChess
# bytes from the simulator's tests. Writes fuzz/corpus/TARGET/ (kept out of git).
# Usage: scripts/fuzz-seeds.sh [ARBITER_BINARY]   (default: cargo build's target/debug/arbiter)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bin=${1:-${CARGO_TARGET_DIR:-target}/debug/arbiter}
[ -x "$bin" ] || { echo "no arbiter binary at $bin: cargo build first, or name it" >&2; exit 2; }
c=fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p $c/dgt_decoder $c/livechess_parser $c/journal_reader $c/match_file $c/profile $c/scenario $c/report_verify
cp config/matches/*.toml $c/match_file/
cp config/rules/*.toml $c/profile/
for s in tests/scenarios/*.toml; do
  # The fuzz target runs a scenario on the demo match under the name m.toml.
  sed 's|^match = .*|match = "m.toml"|' "$s" > "$c/scenario/$(basename "$s")"
done
for s in trier-quickplay bundesliga-match claims; do
  "$bin" script "tests/scenarios/$s.toml" --journal "$tmp/$s.jsonl" > /dev/null
  head -c 30000 "$tmp/$s.jsonl" > "$c/journal_reader/$s.jsonl"
done
"$bin" report "$tmp/trier-quickplay.jsonl" -o "$tmp/report" > /dev/null
cp "$tmp/report/report.json" $c/report_verify/report.json
"$bin" replay "$tmp/trier-quickplay.jsonl" --extract --from +0:00:00 --to +9:00:00 -o "$tmp/bundle.json" > /dev/null 2>&1 \
  && cp "$tmp/bundle.json" $c/report_verify/bundle.json || echo "(no bundle: replay --extract failed)" >&2
head -c 20000 "$tmp/trier-quickplay.jsonl" > $c/report_verify/journal.jsonl
# DGT: a board dump and clock reports as the simulator's codec tests send them.
{ printf '\x86\x00\x43'; head -c 64 /dev/zero; } > $c/dgt_decoder/board_dump
printf '\x8d\x00\x0a\x01\x30\x00\x01\x30\x00\x09' > $c/dgt_decoder/bwtime
printf '\x8e\x00\x05\x0c\x01' > $c/dgt_decoder/field_update
printf '{"response":"call","id":1,"param":[{"serialnr":"1234","source":"COM3","state":"ACTIVE","board":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR","clock":{"white":5400,"black":5400,"run":true,"time":1700000000000}}],"time":1700000000000}' > $c/livechess_parser/eboards
printf '{"response":"feed","id":2,"param":{"serialnr":"1234","flipped":false,"board":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR","clock":{"white":5395,"black":5400,"run":true,"time":1700000005000},"san":["e4"],"start":null,"match":true},"time":1700000005000}' > $c/livechess_parser/feed
for d in $c/*; do echo "$(ls "$d" | wc -l) seeds in $d"; done
