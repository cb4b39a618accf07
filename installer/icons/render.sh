#!/usr/bin/env bash
# Renders parley.svg into the icons the installers use, all committed: PNGs in the sizes desktops ask for (Linux
# hicolor theme, and the console window's icons in src/main/resources/icons), parley.ico (Windows: PNG entries 16-256) and parley.icns (macOS: PNG entries
# 16-1024). Needs rsvg-convert (apt-get install librsvg2-bin) and python3. Run after editing parley.svg.
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert -w "$size" -h "$size" parley.svg -o "parley-$size.png"
done
python3 - <<'PY'
import struct
def png(size):
    return open(f"parley-{size}.png", "rb").read()
# ICO: a directory of PNG images (Windows Vista and later); width/height 0 means 256.
sizes = [16, 24, 32, 48, 64, 128, 256]
images = [png(s) for s in sizes]
offset = 6 + 16 * len(sizes)
header = struct.pack("<HHH", 0, 1, len(sizes))
entries = b""
for s, data in zip(sizes, images):
    entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
    offset += len(data)
open("parley.ico", "wb").write(header + entries + b"".join(images))
# ICNS: PNG-coded elements, one per size macOS looks up (icp4/icp5 16/32, ic07-ic10 128-1024, ic11-ic14 retina).
types = [("icp4", 16), ("icp5", 32), ("ic11", 32), ("icp6", 64), ("ic12", 64), ("ic07", 128), ("ic08", 256),
         ("ic13", 256), ("ic09", 512), ("ic14", 512), ("ic10", 1024)]
body = b"".join(t.encode() + struct.pack(">I", 8 + len(png(s))) + png(s) for t, s in types)
open("parley.icns", "wb").write(b"icns" + struct.pack(">I", 8 + len(body)) + body)
PY
rm -f parley-1024.png
for size in 16 32 48 64 128 256; do cp "parley-$size.png" ../../src/main/resources/icons/; done  # the console window's
ls -l parley*.png parley.ico parley.icns
