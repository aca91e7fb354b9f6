#!/usr/bin/env python3
"""Writes tests/data/pgn/*.pgn: famous master games with synthesised [%clk] times.

The game scores are typed from the well-known published scores; the sources have no clock
times, so [%clk h:mm:ss] is synthesised for a 90 min / 40 moves + 30 min + 30 s per move
control (SBL): after each move clk = previous - think + 30 s (+ 30 min after move 40).
Think times come from a fixed pseudo-random generator (seeded per game), so the files are
reproducible: `python3 tools/synth_clk.py`.
"""
import os, re

GAMES = [
    ("opera", {"Event": "Paris", "Site": "Paris FRA", "Date": "1858.??.??", "Round": "?",
               "White": "Morphy, Paul", "Black": "Duke Karl / Count Isouard", "Result": "1-0"},
     "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 "
     "Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"),
    ("immortal", {"Event": "London", "Site": "London ENG", "Date": "1851.06.21", "Round": "?",
                  "White": "Anderssen, Adolf", "Black": "Kieseritzky, Lionel", "Result": "1-0"},
     "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 "
     "h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 "
     "Qf6+ Nxf6 Be7#"),
    ("evergreen", {"Event": "Berlin", "Site": "Berlin GER", "Date": "1852.??.??", "Round": "?",
                   "White": "Anderssen, Adolf", "Black": "Dufresne, Jean", "Result": "1-0"},
     "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 "
     "Qxb5 Rb8 Qa4 Bb6 Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 "
     "Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#"),
    ("century", {"Event": "Rosenwald Memorial", "Site": "New York USA", "Date": "1956.10.17",
                 "Round": "8", "White": "Byrne, Donald", "Black": "Fischer, Robert James",
                 "Result": "0-1"},
     "Nf3 Nf6 c4 g6 Nc3 Bg7 d4 O-O Bf4 d5 Qb3 dxc4 Qxc4 c6 e4 Nbd7 Rd1 Nb6 Qc5 Bg4 Bg5 Na4 "
     "Qa3 Nxc3 bxc3 Nxe4 Bxe7 Qb6 Bc4 Nxc3 Bc5 Rfe8+ Kf1 Be6 Bxb6 Bxc4+ Kg1 Ne2+ Kf1 Nxd4+ "
     "Kg1 Ne2+ Kf1 Nc3+ Kg1 axb6 Qb4 Ra4 Qxb6 Nxd1 h3 Rxa2 Kh2 Nxf2 Re1 Rxe1 Qd8+ Bf8 Nxe1 "
     "Bd5 Nf3 Ne4 Qb8 b5 h4 h5 Ne5 Kg7 Kg1 Bc5+ Kf1 Ng3+ Ke1 Bb4+ Kd1 Bb3+ Kc1 Ne2+ Kb1 Nc3+ "
     "Kc1 Rc2#"),
    ("reti_tartakower", {"Event": "Vienna", "Site": "Vienna AUT", "Date": "1910.??.??",
                         "Round": "?", "White": "Reti, Richard",
                         "Black": "Tartakower, Savielly", "Result": "1-0"},
     "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nf6 Qd3 e5 dxe5 Qa5+ Bd2 Qxe5 O-O-O Nxe4 Qd8+ Kxd8 Bg5+ Kc7 "
     "Bd8#"),
    ("lasker_thomas", {"Event": "London", "Site": "London ENG", "Date": "1912.10.29",
                       "Round": "?", "White": "Lasker, Edward", "Black": "Thomas, George Alan",
                       "Result": "1-0"},
     "d4 e6 Nf3 f5 Nc3 Nf6 Bg5 Be7 Bxf6 Bxf6 e4 fxe4 Nxe4 b6 Ne5 O-O Bd3 Bb7 Qh5 Qe7 Qxh7+ "
     "Kxh7 Nxf6+ Kh6 Neg4+ Kg5 h4+ Kf4 g3+ Kf3 Be2+ Kg2 Rh2+ Kg1 Kd2#"),
    ("deep_blue_kasparov", {"Event": "IBM Man-Machine", "Site": "New York USA",
                            "Date": "1997.05.11", "Round": "6", "White": "Deep Blue",
                            "Black": "Kasparov, Garry", "Result": "1-0"},
     "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nd7 Ng5 Ngf6 Bd3 e6 N1f3 h6 Nxe6 Qe7 O-O fxe6 Bg6+ Kd8 Bf4 "
     "b5 a4 Bb7 Re1 Nd5 Bg3 Kc8 axb5 cxb5 Qd3 Bc6 Bf5 exf5 Rxe7 Bxe7 c4"),
    ("adams_torre", {"Event": "New Orleans", "Site": "New Orleans USA", "Date": "1920.??.??",
                     "Round": "?", "White": "Adams, Edwin", "Black": "Torre, Carlos",
                     "Result": "1-0"},
     "e4 e5 Nf3 d6 d4 exd4 Qxd4 Nc6 Bb5 Bd7 Bxc6 Bxc6 Nc3 Nf6 O-O Be7 Nd5 Bxd5 exd5 O-O Bg5 "
     "c6 c4 cxd5 cxd5 Re8 Rfe1 a5 Re2 Rc8 Rae1 Qd7 Bxf6 Bxf6 Qg4 Qb5 Qc4 Qd7 Qc7 Qb5 a4 Qxa4 "
     "Re4 Qb5 Qxb7"),
    ("rotlewi_rubinstein", {"Event": "Lodz", "Site": "Lodz POL", "Date": "1907.12.26",
                            "Round": "?", "White": "Rotlewi, Georg",
                            "Black": "Rubinstein, Akiba", "Result": "0-1"},
     "d4 d5 Nf3 e6 e3 c5 c4 Nc6 Nc3 Nf6 dxc5 Bxc5 a3 a6 b4 Bd6 Bb2 O-O Qd2 Qe7 Bd3 dxc4 "
     "Bxc4 b5 Bd3 Rd8 Qe2 Bb7 O-O Ne5 Nxe5 Bxe5 f4 Bc7 e4 Rac8 e5 Bb6+ Kh1 Ng4 Be4 Qh4 g3 "
     "Rxc3 gxh4 Rd2 Qxd2 Bxe4+ Qg2 Rh3"),
    ("levitsky_marshall", {"Event": "Breslau", "Site": "Breslau GER", "Date": "1912.07.20",
                           "Round": "?", "White": "Levitsky, Stepan",
                           "Black": "Marshall, Frank James", "Result": "0-1"},
     "d4 e6 e4 d5 Nc3 c5 Nf3 Nc6 exd5 exd5 Be2 Nf6 O-O Be7 Bg5 O-O dxc5 Be6 Nd4 Bxc5 Nxe6 "
     "fxe6 Bg4 Qd6 Bh3 Rae8 Qd2 Bb4 Bxf6 Rxf6 Rad1 Qc5 Qe2 Bxc3 bxc3 Qxc3 Rxd5 Nd4 Qh5 "
     "Ref8 Re5 Rh6 Qg5 Rxh3 Rc5 Qg3"),
]


def lcg(seed):
    x = seed * 2654435761 % 2**32 or 1
    while True:
        x = (1103515245 * x + 12345) % 2**31
        yield x


def hms(s):
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def main():
    out = os.path.join(os.path.dirname(__file__), "..", "tests", "data", "pgn")
    for gi, (name, tags, moves) in enumerate(GAMES):
        rnd = lcg(gi + 1)
        clk = [5400, 5400]
        parts = []
        sans = moves.split()
        for i, san in enumerate(sans):
            side = i % 2
            n = i // 2 + 1
            r = next(rnd) % 1000 / 1000
            if n <= 6:
                think = 4 + int(r * 40)
            elif n <= 15:
                think = 30 + int(r * 270)
            else:
                think = 60 + int(r * 480)
            think = min(think, max(5, clk[side] // 12))
            clk[side] = clk[side] - think + 30 + (1800 if n == 40 else 0)
            if side == 0:
                parts.append(f"{n}.")
            parts.append(san)
            parts.append("{[%clk " + hms(clk[side]) + "]}")
        parts.append(tags["Result"])
        tags = dict(tags)
        tags["TimeControl"] = "40/5400+30:1800+30"
        lines = [f'[{k} "{v}"]' for k, v in tags.items()]
        text, line = [], ""
        for p in parts:
            if len(line) + len(p) + 1 > 79:
                text.append(line)
                line = p
            else:
                line = (line + " " + p) if line else p
        text.append(line)
        with open(os.path.join(out, f"{gi + 1:02d}_{name}.pgn"), "w") as f:
            f.write("\n".join(lines) + "\n\n" + "\n".join(text) + "\n")


if __name__ == "__main__":
    main()
