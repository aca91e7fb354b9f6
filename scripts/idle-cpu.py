#!/usr/bin/env python3
# Idle CPU of `arbiter demo` in a pseudo-terminal: python3 scripts/idle-cpu.py BINARY SECONDS [COLS ROWS]
# Drains the terminal output, samples utime+stime from /proc after a 5 s warm-up, then quits (Q, y).
import os, pty, sys, time, select, struct, fcntl, termios
binary, secs = sys.argv[1], float(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm-256color"
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    os.execv(binary, [binary, "demo", "--journal", "/tmp/idle-%d.jsonl" % os.getpid()])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", int(sys.argv[4]) if len(sys.argv)>4 else 24, int(sys.argv[3]) if len(sys.argv)>3 else 80, 0, 0))
def drain(t):
    end = time.time() + t; n = 0
    while time.time() < end:
        r,_,_ = select.select([fd],[],[],0.1)
        if r:
            try: n += len(os.read(fd, 65536))
            except OSError: break
    return n
def ticks():
    f = open("/proc/%d/stat" % pid).read().split(")")[1].split()
    return int(f[11]) + int(f[12])
drain(5)
t0, c0 = time.time(), ticks()
nbytes = drain(secs)
t1, c1 = time.time(), ticks()
hz = os.sysconf("SC_CLK_TCK")
print("cpu %.2f %% of one core over %.0f s; %d bytes/s to the terminal" % (100.0*(c1-c0)/hz/(t1-t0), t1-t0, nbytes/(t1-t0)))
os.write(fd, b"Q"); time.sleep(0.3); os.write(fd, b"y"); time.sleep(0.5)
os.waitpid(pid, 0)
