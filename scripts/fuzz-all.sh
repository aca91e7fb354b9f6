#!/bin/sh
# The fuzz campaign of docs/FUZZING.md: every target (or those named) for SECONDS each (default
# 600), one after the other, from the seed corpora of scripts/fuzz-seeds.sh. Prints one line per
# target: executions, corpus entries, crashes (artifacts written). Needs nightly + cargo-fuzz.
# Usage: scripts/fuzz-all.sh [-t SECONDS] [TARGET...]
set -eu
secs=600
if [ "${1:-}" = "-t" ]; then secs=$2; shift 2; fi
cd "$(dirname "$0")/../fuzz"
targets=${*:-"dgt_decoder livechess_parser journal_reader match_file profile scenario report_verify"}
cargo +nightly fuzz build
status=0
for t in $targets; do
  mkdir -p corpus/$t artifacts/$t
  before=$(ls artifacts/$t | wc -l)
  log=$(mktemp)
  if cargo +nightly fuzz run "$t" "corpus/$t" -- -max_total_time="$secs" -rss_limit_mb=4096 \
      -print_final_stats=1 > "$log" 2>&1; then rc=0; else rc=$?; fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  after=$(ls artifacts/$t | wc -l)
  echo "$t: $secs s, $execs executions, $(ls corpus/$t | wc -l) corpus entries, $((after - before)) crashes (exit $rc)"
  if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then status=1; tail -40 "$log" >&2; fi
  rm -f "$log"
done
exit $status
