#!/bin/sh
# Reads the given FIDE TRF files (round.trf) with a published TRF reader, the parser of PyPI's
# caissify-pairings (a character-based reader of the player records), in a virtual
# environment of its own, and checks what it read against the same file read by bytes: every
# player, FIDE ID, rating, federation, sex, year of birth, points, the round's opponent,
# colour and result, the round date. Prints one line per file and exits 0 only when the reader
# read every file without an error and agreed with the bytes.
#
#   scripts/check-trf.sh [--install] FILE.trf...
#
# --install creates the environment (${TRF_VENV:-${TMPDIR:-/tmp}/arbiter-trf-venv}) and
# installs the reader into it; it is not needed to build or test the console (`cargo test`
# never runs this script: it needs the network once and Python).
set -eu
VENV="${TRF_VENV:-${TMPDIR:-/tmp}/arbiter-trf-venv}"
if [ "${1:-}" = "--install" ]; then
    shift
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q "caissify-pairings==0.5.0"
fi
if ! [ -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import caissify_pairings.trf' 2>/dev/null; then
    echo "check-trf: needs caissify-pairings in $VENV (run with --install)" >&2
    exit 2
fi
status=0
for f in "$@"; do
    if ! "$VENV/bin/python" - "$f" <<'PY'
import sys
from caissify_pairings.trf import TRFParser

path = sys.argv[1]
raw = open(path, "rb").read()
errors = []
# The published reader, on the text.
if not raw.isascii():
    errors.append("not ASCII: byte and character columns differ")
parsed = TRFParser(raw.decode("utf-8")).parse()
players = parsed["players"]
# The same file by bytes: split at CR (the specification's line end), columns 1-based.
lines = [l for l in raw.split(b"\r") if l.strip()]
if b"\n" in raw:
    errors.append("a LF in the file: lines end in CR")
recs = [l for l in lines if l.startswith(b"001")]
col = lambda l, a, b: l[a - 1:b].decode("utf-8", "replace").strip()
if len(recs) != len(players):
    errors.append(f"{len(recs)} player records, the reader read {len(players)}")
for l, p in zip(recs, players):
    want = {
        "starting_number": int(col(l, 5, 8)),
        "sex": col(l, 10, 10),
        "name": col(l, 15, 47),
        "rating": int(col(l, 49, 52) or 0),
        "federation": col(l, 54, 56),
        "fide_id": int(col(l, 58, 68)) if col(l, 58, 68) else None,
        "birth": col(l, 70, 79),
        "score": float(col(l, 81, 84)),
    }
    for k, v in want.items():
        if p[k] != v:
            errors.append(f"player {want['starting_number']}: {k} {p[k]!r} read, {v!r} in bytes")
    r1 = p["results"].get(1, {})
    got = (r1.get("opponent"), r1.get("color"), r1.get("result"))
    exp = (int(col(l, 92, 95)) or None, col(l, 97, 97), col(l, 99, 99))
    if got != exp:
        errors.append(f"player {want['starting_number']}: round 1 {got} read, {exp} in bytes")
dates = [l for l in lines if l.startswith(b"132")]
date = col(dates[0], 92, 99) if dates else ""
ids = sum(1 for p in players if p["fide_id"])
rated = sum(1 for p in players if p["rating"])
games = sum(1 for p in players if p["results"].get(1, {}).get("opponent")) // 2
teams = sum(1 for l in lines if l.startswith(b"310"))
tc = next((l[4:].decode("utf-8", "replace") for l in lines if l.startswith(b"222")), "-")
for e in errors:
    print(f"{path}: {e}", file=sys.stderr)
print(f"{path}: caissify-pairings read {len(players)} players, {ids} FIDE IDs, {rated} FIDE ratings, "
      f"{games} games, round date {date}; 310 team records {teams}, 222 {tc}; {len(errors)} errors")
sys.exit(1 if errors else 0)
PY
    then
        status=1
    fi
done
exit $status
