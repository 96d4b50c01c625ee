"""The app's home-screen icons, drawn in pure Python (no imaging library): a sun rising over
the horizon, gold on the dark theme's background.

The PNGs under static/table/icons/ are made by `python -m campaigns.table.icons`; run it again
only to change the drawing. `icon.svg` beside them is the same picture by hand.
"""

import math
import struct
import zlib
from pathlib import Path

BACKGROUND = (0x14, 0x16, 0x1C)
SUN = (0xF2, 0xB8, 0x4B)
HORIZON = (0xE8, 0xE6, 0xE3)
ICON_DIR = Path(__file__).parent / "static" / "table" / "icons"
SAMPLES = 3  # per axis, for smooth edges


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """An RGBA PNG from `rows` (each width * 4 bytes)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _colour_at(x: float, y: float, *, maskable: bool) -> tuple[tuple[int, int, int], float]:
    """The colour and opacity of the picture at (x, y), both in 0..1 of the icon's size."""
    # A maskable icon keeps its picture inside the middle 80 % circle and fills the square;
    # the plain one is a rounded square with transparent corners.
    scale = 0.62 if maskable else 0.8
    px, py = (x - 0.5) / scale + 0.5, (y - 0.5) / scale + 0.5
    if not maskable:
        corner = 0.18
        cx = min(max(x, corner), 1 - corner)
        cy = min(max(y, corner), 1 - corner)
        if math.hypot(x - cx, y - cy) > corner:
            return BACKGROUND, 0.0
    horizon_y = 0.66
    if abs(py - horizon_y) < 0.035 and 0.08 < px < 0.92:
        return HORIZON, 1.0
    distance = math.hypot(px - 0.5, py - horizon_y)
    if py < horizon_y - 0.06 and distance < 0.3:
        return SUN, 1.0
    # Rays: short wedges around the sun, above the horizon.
    if py < horizon_y - 0.06 and 0.36 < distance < 0.46:
        angle = math.degrees(math.atan2(horizon_y - py, px - 0.5))
        if any(abs(angle - ray) < 6 for ray in (20, 55, 90, 125, 160)):
            return SUN, 1.0
    return BACKGROUND, 1.0


def draw_icon(size: int, *, maskable: bool = False) -> bytes:
    """The icon as PNG bytes, `size` pixels square."""
    rows = []
    step = 1 / (size * SAMPLES)
    for row in range(size):
        pixels = bytearray()
        for column in range(size):
            red = green = blue = alpha = 0.0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = column / size + (sx + 0.5) * step
                    y = row / size + (sy + 0.5) * step
                    (r, g, b), a = _colour_at(x, y, maskable=maskable)
                    red, green, blue, alpha = red + r * a, green + g * a, blue + b * a, alpha + a
            count = SAMPLES * SAMPLES
            if alpha:
                pixels += bytes(
                    (round(red / alpha), round(green / alpha), round(blue / alpha))
                ) + bytes((round(255 * alpha / count),))
            else:
                pixels += b"\x00\x00\x00\x00"
        rows.append(bytes(pixels))
    return png_bytes(size, size, rows)


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def main() -> None:
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        (ICON_DIR / name).write_bytes(draw_icon(size, maskable=maskable))
        print(f"wrote {ICON_DIR / name}")


if __name__ == "__main__":
    main()
