"""Read a Textual SVG screenshot (``app.export_screenshot()``) for text that is hard to see:
each text run's colour against the background drawn behind it, as a WCAG contrast ratio."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_CLASS = re.compile(r"\.(terminal-\d+-r\d+) \{ fill: (#[0-9a-fA-F]{6})")
_RECT = re.compile(r'<rect fill="(#[0-9a-fA-F]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                   r'height="([\d.]+)" shape-rendering')
_TEXT = re.compile(r'<text class="(terminal-\d+-r\d+)" x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)" '
                   r'clip-path="url\(#terminal-\d+-line-(\d+)\)">([^<]*)</text>')


@dataclass
class Run:
    text: str
    line: int
    color: str
    background: str
    ratio: float


def _luminance(color: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def runs(svg: str) -> list[Run]:
    """Every visible text run with its colour, the background under it and their contrast."""
    colors = dict(_CLASS.findall(svg))
    rects = [(fill, float(x), float(y), float(w), float(h)) for fill, x, y, w, h in _RECT.findall(svg)]
    out = []
    for cls, x, _y, length, line, raw in _TEXT.findall(svg):
        text = html.unescape(raw).replace("\xa0", " ")
        if not text.strip() or cls not in colors:
            continue
        x0, mid = float(x), float(x) + float(length) / 2
        top = 1.5 + int(line) * 24.4
        under = [f for f, rx, ry, rw, rh in rects
                 if abs(ry - top) < 1 and rx - 0.5 <= x0 < rx + rw - 0.1 and rx <= mid <= rx + rw + 0.5]
        if not under:
            continue
        out.append(Run(text, int(line), colors[cls], under[-1], contrast(colors[cls], under[-1])))
    return out


def hard_to_read(svg: str, minimum: float = 3.0) -> list[Run]:
    """Text runs whose contrast with their background is below ``minimum`` (WCAG: 4.5 for
    body text, 3 for large or bold text; muted hints sit just above 3)."""
    return [r for r in runs(svg) if r.ratio < minimum]


def cell_background(svg: str, col: int, row: int) -> str | None:
    """The background colour drawn at terminal cell (``col``, ``row``)."""
    x, top = col * 12.2 + 1, 1.5 + row * 24.4
    found = None
    for fill, rx, ry, rw, _rh in _RECT.findall(svg):
        if abs(float(ry) - top) < 1 and float(rx) <= x < float(rx) + float(rw):
            found = fill
    return found


def lines(svg: str) -> dict[int, str]:
    """The screen's text, line by line (runs joined in order)."""
    out: dict[int, list[tuple[float, str]]] = {}
    for _cls, x, _y, _length, line, raw in _TEXT.findall(svg):
        out.setdefault(int(line), []).append((float(x), html.unescape(raw).replace("\xa0", " ")))
    return {n: "".join(t for _, t in sorted(parts)) for n, parts in out.items()}
