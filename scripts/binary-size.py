#!/usr/bin/env python3
"""What the release binary is made of: its sections (`size -A`) and an estimate of the code and
data per crate from its symbol table (`nm -S -C`: each symbol's size, attributed to the crate its
demangled name starts with; `<impl X for Y>` to the crate of Y, then X; generic code goes to the
crate that defines it, wherever it was instantiated). Symbols without a crate path (C runtime,
compiler builtins, anonymous constants) are summed as "(other)".

    cargo build --release --locked && python3 scripts/binary-size.py target/release/arbiter
"""

import collections
import re
import subprocess
import sys


def crate_of(name: str) -> str:
    name = name.strip()
    # <impl Trait for Type>::f, <Type as Trait>::f
    m = re.match(r"^<(?:impl(?:<[^>]*>)? )?(.+?)(?: as | for )(.+?)>::", name)
    if m:
        for part in (m.group(2), m.group(1)):
            c = crate_of(re.sub(r"^(?:&|\*const |\*mut |mut |dyn |\[|\()+", "", part) + "::x")
            if c != "(other)":
                return c
        return "(other)"
    m = re.match(r"^<?(?:&|\*const |\*mut |mut |dyn |\[|\()*([A-Za-z_][A-Za-z0-9_]*)::", name)
    if m:
        return m.group(1)
    return "(other)"


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/arbiter"
    total = None
    print(f"{binary}:")
    sections = subprocess.run(["size", "-A", binary], check=True, capture_output=True, text=True).stdout
    for line in sections.splitlines():
        f = line.split()
        if len(f) >= 2 and f[0] in (".text", ".rodata", ".data.rel.ro", ".eh_frame", ".eh_frame_hdr",
                                     ".gcc_except_table", ".data", ".bss", ".symtab", ".strtab",
                                     ".rela.dyn", ".dynstr", ".dynsym"):
            print(f"  section {f[0]:<20} {int(f[1]):>12,} bytes")
        if f and f[0] == "Total":
            total = int(f[1])
    import os
    print(f"  file size                    {os.path.getsize(binary):>12,} bytes (sections {total:,})")
    out = subprocess.run(["nm", "-S", "-C", "--size-sort", binary], check=True, capture_output=True,
                         text=True).stdout
    per = collections.Counter()
    for line in out.splitlines():
        parts = line.split(" ", 3)
        if len(parts) < 4 or parts[2] not in "tTrRdDbBwWvV":
            continue
        per[crate_of(parts[3])] += int(parts[1], 16)
    symbols = sum(per.values())
    print(f"  symbols with a size          {symbols:>12,} bytes, by crate (code and data):")
    for crate, n in per.most_common(30):
        print(f"    {crate:<28} {n:>10,}  {100 * n / symbols:5.1f} %")
    rest = sum(n for c, n in per.most_common()[30:])
    print(f"    {'(the rest)':<28} {rest:>10,}")


if __name__ == "__main__":
    main()
