#!/usr/bin/env python3
"""An independent DGT e-board client, written from the public DGT protocol header
(dgtbrd.h, "Copyright 1998-2014 DGT Projects", as published with picochess and
python-asyncdgt), not from this project's code. Python standard library only.

It connects to a board's raw byte stream over TCP (ser2net style, or `arbiter simulate`),
puts the board in update mode "nice", asks for the board, the clock and the serial number, and
prints what the board says: the placement after every change, every clock report decoded as the
header describes it (d0..d2 right side, d3..d5 left side, binary hours with flag bits 0x10 final
flag / 0x40 period flag, BCD minutes and seconds, d6 status: 0x01 running, 0x02 right lever high,
0x04 battery low, 0x20 no clock), clock acknowledgements, and the move log (EE_MOVES) on request.
An all-zero clock report is ignored and counted, as the header says.

    scripts/dgt-client.py 127.0.0.1:7101 --seconds 60 [--ee-moves-after 30] [--clock-commands]

Used to check the simulator against the protocol (docs/FEEDS.md, "An independent client").
"""

import argparse
import socket
import sys
import time

MSG_BOARD_DUMP, MSG_BWTIME, MSG_FIELD_UPDATE, MSG_EE_MOVES = 0x86, 0x8D, 0x8E, 0x8F
MSG_SERIALNR, MSG_VERSION = 0x91, 0x93
LENGTHS = {0x86: 67, 0x8D: 10, 0x8E: 5, 0x91: 8, 0x93: 5, 0x90: 5, 0xA2: 13}
PIECES = ".PRNBKQprnbkq"  # piece codes 0..12


def bcd(b):
    return (b >> 4) * 10 + (b & 0x0F)


def placement(board):
    """FEN board field; square 0 = a8 ... 63 = h1 (connector on White's left)."""
    rows = []
    for r in range(8):
        row, empty = "", 0
        for f in range(8):
            c = board[r * 8 + f]
            p = PIECES[c] if c < len(PIECES) else "?"
            if p == ".":
                empty += 1
            else:
                row += (str(empty) if empty else "") + p
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def side(h, m, s):
    flags = []
    if h & 0x10:
        flags.append("FINAL-FLAG")
    if h & 0x40:
        flags.append("period-flag")
    return "%d:%02d:%02d%s" % (h & 0x0F, bcd(m), bcd(s), (" " + "+".join(flags)) if flags else "")


class Frames:
    """Resynchronising framer: id with the MSB set, two 7-bit length bytes (length counts the
    3 header bytes), payload bytes with the MSB clear."""

    def __init__(self):
        self.buf = bytearray()
        self.garbage = 0

    def push(self, data):
        self.buf += data
        out = []
        while True:
            i = 0
            while i < len(self.buf) and not self.buf[i] & 0x80:
                i += 1
            if i:
                self.garbage += i
                del self.buf[:i]
            if len(self.buf) < 3:
                return out
            mid, l1, l2 = self.buf[0], self.buf[1], self.buf[2]
            if l1 & 0x80 or l2 & 0x80:
                self.garbage += 1
                del self.buf[:1]
                continue
            n = (l1 << 7) | l2
            if n < 3 or n > 0x2000 or (mid in LENGTHS and LENGTHS[mid] != n):
                self.garbage += 1
                del self.buf[:1]
                continue
            cut = next((k for k in range(3, min(n, len(self.buf))) if self.buf[k] & 0x80), None)
            if cut is not None:
                self.garbage += cut
                del self.buf[:cut]
                continue
            if len(self.buf) < n:
                return out
            out.append((mid, bytes(self.buf[3:n])))
            del self.buf[:n]


def ee_summary(log):
    """The move log: tags, field records and time records, counted; the last start position."""
    i, fields, times, last_start = 0, 0, [], None
    while i < len(log):
        b = log[i]
        if b == 0x6B:
            break
        if 0x40 <= b <= 0x5F and i + 1 < len(log):
            fields += 1
            i += 2
        elif (0x60 <= b <= 0x69 or 0x70 <= b <= 0x79) and i + 2 < len(log):
            times.append(("left" if b & 0x10 else "right", b & 0x0F, bcd(log[i + 1]), bcd(log[i + 2])))
            i += 3
        else:
            if b in (0x6F, 0x7A):
                last_start = "start position" + (" (turned)" if b == 0x7A else "")
            i += 1
    return fields, times, last_start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("address", help="HOST:PORT of the board's byte stream")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--ee-moves-after", type=float, default=None,
                    help="ask for the move log (0x49) after this many seconds")
    ap.add_argument("--gap", type=float, default=2.0,
                    help="seconds without a frame after which the board is read again")
    ap.add_argument("--clock-commands", action="store_true",
                    help="send BEEP, ASCII and SETNRUN and show the acknowledgements")
    a = ap.parse_args()
    host, port = a.address.rsplit(":", 1)
    s = socket.create_connection((host, int(port)), timeout=5)
    s.settimeout(0.2)
    # update mode "nice", board, clock, serial number
    s.sendall(bytes([0x4B, 0x42, 0x41, 0x45]))
    if a.clock_commands:
        s.sendall(bytes([0x2B, 0x04, 0x03, 0x0B, 0x02, 0x00]))  # BEEP 2 x 64 ms
        s.sendall(bytes([0x2B, 0x0C, 0x03, 0x0C]) + b"ARBITER " + bytes([0x00, 0x00]))  # ASCII
        s.sendall(bytes([0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 1, 30, 0, 0x04, 0x00]))  # SETNRUN
    fr = Frames()
    board = [0] * 64
    have_board = False
    last_place = None
    last_clock = None
    zero_reports = 0
    start = time.monotonic()
    asked_ee = False
    last_frame = time.monotonic()

    def say(text):
        print("%7.2f  %s" % (time.monotonic() - start, text), flush=True)

    while time.monotonic() - start < a.seconds:
        if a.ee_moves_after is not None and not asked_ee and time.monotonic() - start > a.ee_moves_after:
            s.sendall(bytes([0x49]))
            asked_ee = True
        try:
            data = s.recv(65536)
            if not data:
                say("connection closed by the board")
                break
        except socket.timeout:
            data = b""
        frames = fr.push(data)
        if frames and time.monotonic() - last_frame > a.gap:
            # back after a gap: field updates were lost; ask for the move log, the board, the clock
            say("board back after %.1f s of silence or noise: asking for the move log" % (
                time.monotonic() - last_frame))
            s.sendall(bytes([0x49, 0x42, 0x41]))
        if frames:
            last_frame = time.monotonic()
        for mid, p in frames:
            if mid == MSG_BOARD_DUMP:
                board = list(p)
                have_board = True
            elif mid == MSG_FIELD_UPDATE and have_board and p[0] < 64:
                board[p[0]] = p[1]
            elif mid == MSG_BWTIME:
                if (p[0] & 0x0F) == 0x0A or (p[3] & 0x0F) == 0x0A:
                    ack = [p[1] | ((p[3] << 3) & 0x80), p[2] | ((p[3] << 2) & 0x80),
                           p[4] | ((p[0] << 3) & 0x80), p[5] | ((p[0] << 2) & 0x80)]
                    say("clock ACK %s (%s, command 0x%02x)" % (
                        " ".join("%02x" % x for x in ack),
                        "error" if ack[0] == 0x40 else "ok", ack[1]))
                    continue
                st = p[6]
                if st & 0x20:
                    text = "clock: NO CLOCK CONNECTED"
                elif not any(p[:6]):
                    zero_reports += 1
                    say("clock: empty report ignored (%d so far)" % zero_reports)
                    continue
                else:
                    run = "stopped"
                    if st & 0x01:
                        run = "right running" if st & 0x02 else "left running"
                    text = "clock: left %s  right %s  %s%s" % (
                        side(p[3], p[4], p[5]), side(p[0], p[1], p[2]), run,
                        "  BATTERY LOW" if st & 0x04 else "")
                if text != last_clock:
                    last_clock = text
                    say(text)
            elif mid == MSG_SERIALNR:
                pass
            elif mid == MSG_EE_MOVES:
                fields, times, st = ee_summary(p)
                say("move log: %d bytes, %d field records, %d clock presses since the %s; last presses: %s" % (
                    len(p), fields, len(times), st or "oldest record",
                    ", ".join("%s %d:%02d:%02d" % t for t in times[-4:])))
        if have_board:
            place = placement(board)
            if place != last_place:
                last_place = place
                say("board: " + place)
    say("end: %d garbage bytes skipped, %d empty clock reports ignored" % (fr.garbage, zero_reports))
    say("final board: " + (last_place or "-"))
    say("final " + (last_clock or "clock: -"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
