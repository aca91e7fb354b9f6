#!/bin/sh
# Reads every game of the given PGN files with two independent readers, python-chess and
# pgn-extract, and counts the errors each finds (illegal moves, unreadable tags or FENs,
# anything a reader had to skip). Prints one line per file and reader and exits 0 only when
# every reader read every game without an error.
#
#   scripts/check-pgn.sh [--install] FILE.pgn...
#
# --install installs the readers first (Debian's pgn-extract, PyPI's chess); they are not
# needed to build or test the console: `cargo test` runs this script only where both exist.
set -eu
if [ "${1:-}" = "--install" ]; then
    shift
    apt-get install -y -qq pgn-extract >/dev/null
    python3 -m pip install -q chess
fi
PATH="$PATH:/usr/games"
if ! command -v pgn-extract >/dev/null || ! python3 -c 'import chess.pgn' 2>/dev/null; then
    echo "check-pgn: needs pgn-extract and python-chess (run with --install)" >&2
    exit 2
fi
status=0
for f in "$@"; do
    # python-chess: every game read, its moves replayed; errors are what the reader recorded.
    if ! python3 - "$f" <<'PY'
import sys, chess.pgn
path = sys.argv[1]
games = errors = 0
with open(path, encoding="utf-8") as fh:
    while True:
        g = chess.pgn.read_game(fh)
        if g is None:
            break
        games += 1
        for e in g.errors:
            errors += 1
            print(f"{path}: game {games} ({g.headers.get('Board', '?')}): {e}", file=sys.stderr)
        board = g.board()
        for mv in g.mainline_moves():
            if not board.is_legal(mv):
                errors += 1
                print(f"{path}: game {games}: illegal {mv}", file=sys.stderr)
                break
            board.push(mv)
print(f"{path}: python-chess {chess.__version__}: {games} games, {errors} errors")
sys.exit(1 if errors else 0)
PY
    then
        status=1
    fi
    # pgn-extract: "N games matched out of M" with N = M, and no error reported.
    out=$(pgn-extract -r "$f" 2>&1)
    total=$(python3 -c "import sys,chess.pgn
n=0
f=open(sys.argv[1],encoding='utf-8')
while chess.pgn.read_headers(f) is not None: n+=1
print(n)" "$f")
    matched=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) games\{0,1\} matched out of \([0-9]*\)\.$/\1 \2/p')
    problems=$(printf '%s\n' "$out" | grep -v -e '^Processing ' -e ' matched out of ' | grep -c -i -e 'fail' -e 'illegal' -e 'error' -e 'unknown' -e 'missing' || true)
    echo "$f: pgn-extract: ${matched:-? ?} (matched, read) of $total games, $problems errors"
    if [ "$problems" != 0 ] || [ "$matched" != "$total $total" ]; then
        printf '%s\n' "$out" >&2
        status=1
    fi
done
exit $status
