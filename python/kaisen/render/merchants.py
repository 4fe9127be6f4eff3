"""The Merchants of the Middle Ages renderer: an SVG of the table for notebooks; the text board is the engine's.

Both read the engine's view for the observer (:func:`view`, ``MerchantsView`` in Java): the state cut
down to what the observer may see (a spectator by default) and every fact drawn that follows from the
rules or the game data (prices, ladder, step costs, map, headings, cards, sealed choices and hands as
seen, the title and status lines): nothing here decides a rule. The default cities stand where the real
map has them, other cities on a circle; forks between their neighbours, road spaces evenly along their
road. A state the engine cannot read is shown as its text board says (the state JSON, marked unread).
"""

from __future__ import annotations

import json
import math
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ._parts import State, engine_view, esc as _esc, load_state, seats as _seats, text_board, text_svg, to_act as _to_act

FORMAT_PREFIX = "kaisen.merchants.state/"
VIEW_PREFIX = "kaisen.merchants.view/"
TILES = 4
SEAT_FILL = ["#1f5fbf", "#d1373c", "#2c9a52", "#e0a100", "#7d3fa0"]
#: Marker colours of the default goods; other goods by index.
GOOD_FILL = {"cloth": "#4f86c6", "iron": "#6d737c", "wine": "#8b1e3f", "food": "#e0a030", "silk": "#c45fb0",
             "salt": "#e6e1d3"}
OTHER_GOOD_FILL = ["#4f86c6", "#6d737c", "#8b1e3f", "#e0a030", "#c45fb0", "#9ccfc0"]
NO_MASTER_FILL = "#a07850"
COURIER_FILL = "#6a3d9a"
INVESTMENT_FILL = {"reduced-cost": "#b5651d", "driver": "#4f7f3a", "coach-driver": "#2f6b2a", "courier": "#6a3d9a",
                   "express-courier": "#4b2470", "office": "#1f6f8b", "low-upkeep": "#8c6d1f"}

# ------------------------------------------------------------------------------------- the engine's view


def _engine(call: Any, s: State, observer: int | None) -> Any:
    """``call`` (an engine call of ``_parts``) for the state, its own game data in a file for the call if it has one."""
    if not isinstance(s.get("data"), dict):
        return call("merchants", s, observer, {})
    with tempfile.TemporaryDirectory(prefix="kaisen-merchants-") as folder:
        path = Path(folder) / "data.json"
        path.write_text(json.dumps(s["data"]), encoding="utf-8")
        return call("merchants", s, observer, {"data": str(path)})


def view(state: str | State, observer: int | None = None) -> State | None:
    """What ``observer`` (None: a spectator) may see of the state and the facts the picture draws, as the
    engine's ``MerchantsView`` gives them (its class comment lists the fields); None when it cannot read it."""
    return _engine(engine_view, _state(state), observer)


def board_text(state: str | State, observer: int | None = None) -> str:
    """The engine's text board as ``observer`` (None: a spectator) sees it (``MerchantsText``); a state the
    engine cannot read is shown as JSON, marked so."""
    return _engine(text_board, _state(state), observer)


def _state(state: str | State) -> State:
    return load_state(state, FORMAT_PREFIX, "Merchants of the Middle Ages")


# ------------------------------------------------------------------------------------- layout

WIDTH = 1240
MAP_X, MAP_Y, MAP_W, MAP_H = 8, 50, 790, 620
CITY_W = 148
FORK_R = 13
SPACE_R = 8
RIGHT_X = MAP_X + MAP_W + 12
RIGHT_W = WIDTH - RIGHT_X - 8
PANEL_H = 76
LEGEND_H = 22  # the goods' legend along the map's bottom

#: Box centres of the six default cities and the two default forks, in map coordinates.
CITY_XY = {"Bruges": (120, 100), "Hamburg": (480, 70), "Cologne": (330, 290), "Paris": (100, 370),
           "Vienna": (680, 300), "Genoa": (450, 550)}
FORK_XY = {"Burgundy fork": (205, 485), "Alpine fork": (560, 410)}
#: Roads drawn as curves: the control point of the quadratic curve between the two ends.
BENDS = {frozenset(("Hamburg", "Vienna")): (730, 100), frozenset(("Genoa", "Vienna")): (740, 560)}

Point = tuple[float, float]


def city_h(players: int) -> float:
    return 44 + 12 * players


@dataclass(frozen=True)
class Layout:
    xy: dict[int, Point]  # every place's centre, in SVG coordinates
    curves: tuple[tuple[Point, ...], ...]  # per road, the points of its line (ends clipped)
    circle: bool  # the cities on a circle (the data names other cities than the default six)


def _fork_positions(roads: tuple, forks: range, fixed: dict[int, Point], centre: Point) -> dict[int, Point]:
    """Forks at the barycentre of the places their roads lead to (cities fixed), by iteration."""
    ends = {f: [b if a == f else a for a, b, _ in roads if f in (a, b)] for f in forks}
    pos = dict(fixed)
    for f in ends:
        pos.setdefault(f, centre)
    for _ in range(60):
        for f, nb in ends.items():
            if f not in fixed and nb:
                pos[f] = (sum(pos[u][0] for u in nb) / len(nb), sum(pos[u][1] for u in nb) / len(nb))
    loose = [f for f in ends if f not in fixed]  # forks that land on one another are pulled apart
    for i, f in enumerate(loose):
        for g in loose[:i]:
            (x1, y1), (x2, y2) = pos[f], pos[g]
            if math.hypot(x1 - x2, y1 - y2) < 40:
                pos[f] = (x1 + 30 * math.cos(i), y1 + 30 * math.sin(i) + 20)
    return pos


def layout(v: State) -> Layout:
    """Where each place of the view's map stands: the default cities where the real map has them (others on
    a circle), forks between their neighbours, each road's spaces evenly along it between its ends' outlines."""
    roads = tuple((r["from"], r["to"], tuple(r["spaces"])) for r in v["roads"])
    return _layout(tuple(v["places"]), v["forks"], roads, len(v["handSizes"]))


@lru_cache(maxsize=32)
def _layout(names: tuple[str, ...], forks: int, roads: tuple, players: int) -> Layout:
    ch = city_h(players)
    default = set(names[:6]) == set(CITY_XY)
    fixed: dict[int, Point] = {}
    cx, cy = MAP_X + MAP_W / 2, MAP_Y + (MAP_H - LEGEND_H) / 2
    for c in range(6):
        if default:
            x, y = CITY_XY[names[c]]
            fixed[c] = (MAP_X + x, MAP_Y + y)
        else:  # on an ellipse, the first city at the top, clockwise, the boxes clear of the legend
            a = -math.pi / 2 + 2 * math.pi * c / 6
            fixed[c] = (cx + (MAP_W / 2 - CITY_W / 2 - 12) * math.cos(a),
                        cy + ((MAP_H - LEGEND_H) / 2 - ch / 2 - 8) * math.sin(a))
    for f in range(6, 6 + forks):
        if default and names[f] in FORK_XY:
            fixed[f] = (MAP_X + FORK_XY[names[f]][0], MAP_Y + FORK_XY[names[f]][1])
    xy = _fork_positions(roads, range(6, 6 + forks), fixed, (cx, cy))

    def inside(node: int, p: Point) -> bool:  # within a city's box or a fork's circle
        dx, dy = abs(p[0] - xy[node][0]), abs(p[1] - xy[node][1])
        return dx <= CITY_W / 2 + 2 and dy <= ch / 2 + 2 if node < 6 else math.hypot(dx, dy) <= FORK_R + 2

    curves = []
    for a, b, spaces in roads:
        p0, p2 = xy[a], xy[b]
        bend = BENDS.get(frozenset((names[a], names[b]))) if default else None
        p1 = (MAP_X + bend[0], MAP_Y + bend[1]) if bend else ((p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2)
        pts = [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
                (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]) for t in (i / 200 for i in range(201))]
        lo = next((i for i, p in enumerate(pts) if not inside(a, p)), 0)
        hi = next((i for i in range(len(pts) - 1, -1, -1) if not inside(b, pts[i])), len(pts) - 1)
        clipped = pts[lo:hi + 1] if hi > lo else [pts[100]]
        curves.append(tuple(clipped))
        acc = [0.0]  # the spaces, evenly by arc length along the clipped line
        for p, q in zip(clipped, clipped[1:]):
            acc.append(acc[-1] + math.hypot(q[0] - p[0], q[1] - p[1]))
        j = 0
        for k, node in enumerate(spaces):
            target = acc[-1] * (k + 1) / (len(spaces) + 1)
            while j < len(acc) - 2 and acc[j + 1] < target:
                j += 1
            seg = acc[j + 1] - acc[j] if j + 1 < len(acc) else 0
            f = (target - acc[j]) / seg if seg > 0 else 0
            p, q = clipped[j], clipped[min(j + 1, len(clipped) - 1)]
            xy[node] = (p[0] + f * (q[0] - p[0]), p[1] + f * (q[1] - p[1]))
    return Layout(xy, tuple(curves), not default)


# ------------------------------------------------------------------------------------- SVG pieces


def _seat_fill(p: int) -> str:
    return SEAT_FILL[p % len(SEAT_FILL)] if p >= 0 else NO_MASTER_FILL


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def good_fill(v: State, g: int) -> str:
    return GOOD_FILL.get(v["goods"][g], OTHER_GOOD_FILL[g % len(OTHER_GOOD_FILL)])


def good_ink(v: State, g: int) -> str:
    """Text colour on good g's marker: dark on light markers, white on dark ones."""
    fill = good_fill(v, g).lstrip("#")
    r, gr, b = (int(fill[i:i + 2], 16) for i in (0, 2, 4))
    return "#222" if 0.299 * r + 0.587 * gr + 0.114 * b > 150 else "white"


def _goods_list(v: State, counts: list[int], sep: str = ", ") -> str:
    """Goods counts as words (``2 cloth, 1 wine``), as the engine's board words them; "-" for none."""
    return sep.join(f"{n} {v['goods'][g]}" for g, n in enumerate(counts) if n > 0) or "-"


def _good_chip(v: State, x: float, y: float, g: int, label: str, tip: str, w: float = 40) -> str:
    return (f'<g><rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="13" rx="3" fill="{good_fill(v, g)}" '
            f'stroke="#333" stroke-width="0.6"><title>{_esc(tip)}</title></rect><text x="{_f(x + w / 2)}" '
            f'y="{_f(y + 10)}" font-size="9" text-anchor="middle" fill="{good_ink(v, g)}">{_esc(label)}</text></g>')


def _disc(cx: float, cy: float, p: int, tip: str, r: float = 5) -> str:
    return (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{r}" fill="{_seat_fill(p)}" stroke="#111" stroke-width="0.8">'
            f'<title>{_esc(tip)}</title></circle>')


def _shield(x: float, y: float, p: int, tip: str) -> str:
    """A small coat of arms (shield) in seat p's colour, top-left at (x, y), 11 wide."""
    return (f'<g><path d="M{_f(x)},{_f(y)} h11 v6 q0,6 -5.5,8 q-5.5,-2 -5.5,-8 z" fill="{_seat_fill(p)}" stroke="#111" '
            f'stroke-width="0.8"><title>{_esc(tip)}</title></path><text x="{_f(x + 5.5)}" y="{_f(y + 9)}" font-size="7.5" '
            f'font-weight="bold" text-anchor="middle" fill="white">{p}</text></g>')


def _text(x: Any, y: Any, size: Any, body: str, more: str = "") -> str:
    """A text element at (x, y) as given (numbers already formatted); ``more``: its other attributes."""
    return f'<text x="{x}" y="{y}" font-size="{size}"{more}>{body}</text>'


def _head(y0: float, title: str, note: str = "") -> str:
    """A heading beside the map, with a note at the right end."""
    return _text(RIGHT_X, y0 + 12, 12, title, ' font-weight="bold"') + (
        _text(RIGHT_X + RIGHT_W, y0 + 12, 9, note, ' fill="#555" text-anchor="end"') if note else "")


def _short(name: str, n: int = 5) -> str:
    return name if len(name) <= n else name[:n - 1] + "."


def _roads_svg(v: State, lay: Layout) -> list[str]:
    """The map's ground, the roads, the path of a wagon in the middle of a move, the spaces and forks."""
    names = v["places"]
    parts = [f'<rect x="{MAP_X}" y="{MAP_Y}" width="{MAP_W}" height="{MAP_H}" rx="10" fill="#f3ecd9" stroke="#c9b98f">'
             f'<title>{_esc("the map" + (" (circle layout: the data names other cities)" if lay.circle else ""))}</title>'
             f'</rect>']
    for r, pts in zip(v["roads"], lay.curves):
        tip = f"road {names[r['from']]} - {names[r['to']]}: {len(r['spaces'])} spaces"
        d = "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in pts[::5] + (pts[-1:] if (len(pts) - 1) % 5 else ()))
        parts.append(f'<path d="{d}" fill="none" stroke="#b39a6b" stroke-width="5" stroke-linecap="round">'
                     f'<title>{_esc(tip)}</title></path>')
    mw = v["movingWagon"]
    pts = [lay.xy[node] for node in v["passed"] + [v["state"]["wagons"][mw]["node"]]] if mw >= 0 else []
    if len(pts) >= 2:  # the places a wagon in the middle of a move passed
        parts.append(f'<polyline points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in pts)}" fill="none" stroke="#e6b800" '
                     f'stroke-width="3" stroke-dasharray="5,3"><title>{_esc(f"wagon {mw} passed these places")}'
                     f'</title></polyline>')
    for node in range(6, len(names)):
        x, y = lay.xy[node]
        if node < 6 + v["forks"]:
            tip, name = _esc(f"{names[node]} (place {node}, a fork)"), _esc(names[node])
            parts.append(f'<g><circle cx="{_f(x)}" cy="{_f(y)}" r="{FORK_R}" fill="#8a6d45" stroke="#4a3520" '
                         f'stroke-width="1.5"><title>{tip}</title></circle>'
                         + _text(_f(x), _f(y + FORK_R + 11), 9, name, ' text-anchor="middle" fill="#4a3520"') + "</g>")
        else:
            parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{SPACE_R}" fill="#fffaf0" stroke="#8a6d45" '
                         f'stroke-width="1.2"><title>{_esc(f"{names[node]} (place {node})")}</title></circle>')
    return parts


def _cities_svg(v: State, lay: Layout) -> list[str]:
    """Each city's box: name, bonus, market goods and each player's warehouse there."""
    s, names, ch = v["state"], v["goods"], city_h(len(v["handSizes"]))
    parts = []
    for c in range(6):
        city = v["places"][c]
        x, y = lay.xy[c][0] - CITY_W / 2, lay.xy[c][1] - ch / 2
        here = [w for w, wagon in enumerate(s["wagons"]) if wagon["node"] == c]
        tip = (f"{city}: bonus {s['bonus'][c]}; market {', '.join(names[g] for g in v['markets'][c])}"
               + (f"; wagon {here[0]} here" if here else ""))
        parts.append(f'<g><rect x="{_f(x)}" y="{_f(y)}" width="{CITY_W}" height="{_f(ch)}" rx="6" fill="#fffdf6" '
                     f'stroke="#6b5330" stroke-width="1.5"><title>{_esc(tip)}</title></rect>'
                     + _text(_f(x + 6), _f(y + 14), 12, _esc(city), ' font-weight="bold"')
                     + _text(_f(x + CITY_W - 6), _f(y + 14), 10, f'bonus <tspan font-weight="bold">{s["bonus"][c]}</tspan>',
                             ' text-anchor="end"') + '</g>')
        for k, g in enumerate(v["markets"][c]):
            parts.append(_good_chip(v, x + 6 + k * 46, y + 20, g, _short(names[g]),
                                    f"{city} market: {names[g]} (sells here only at cost)", w=42))
        for p, seat in enumerate(_seats(s)):
            ry = y + 44 + 12 * p
            stock = seat["warehouses"][c]
            parts.append(_disc(x + 10, ry - 3, p, f"P{p} warehouse in {city}: {_goods_list(v, stock)}", r=4))
            gx = x + 18
            for g, n in enumerate(stock):
                if n <= 0:
                    continue
                label = f"{n} {_short(names[g], 4)}"
                w = 8 + 5 * len(label)
                if gx + w > x + CITY_W - 3:
                    parts.append(_text(_f(gx), _f(ry), 8, "..."))
                    break
                parts.append(f'<g><rect x="{_f(gx)}" y="{_f(ry - 8)}" width="{_f(w)}" height="10" rx="2" '
                             f'fill="{good_fill(v, g)}"/><text x="{_f(gx + 3)}" y="{_f(ry)}" font-size="8" '
                             f'fill="{good_ink(v, g)}">{_esc(label)}</text></g>')
                gx += w + 2
    return parts


def _wagons_svg(v: State, lay: Layout) -> list[str]:
    """The courier, the wagons (heading arrows, master's colour, goods on board, arrived and blocked marks), the legend."""
    s, names = v["state"], v["places"]
    courier = s["courier"]["node"]
    x, y = lay.xy[courier][0] - 9, lay.xy[courier][1] - 14  # beside the space, so a wagon there stays visible
    parts = [f'<g><path d="M{_f(x)},{_f(y - 10)} l9,10 l-9,10 l-9,-10 z" fill="{COURIER_FILL}" stroke="white" '
             f'stroke-width="1"><title>{_esc(f"courier at {names[courier]}")}</title></path>'
             f'<text x="{_f(x)}" y="{_f(y + 3.5)}" font-size="10" font-weight="bold" text-anchor="middle" '
             f'fill="white">C</text></g>']
    for w, x in enumerate(s["wagons"]):
        px, py = lay.xy[x["node"]]
        in_city = x["node"] < 6
        if in_city:  # just above the city's box, at its right end
            px, py = px + CITY_W / 2 - 20, py - city_h(len(v["handSizes"])) / 2 - 11
        head = v["wagons"][w]["heading"]
        if x["prev"] >= 0 and not in_city:
            dx, dy = px - lay.xy[x["prev"]][0], py - lay.xy[x["prev"]][1]
            norm = math.hypot(dx, dy) or 1
            ux, uy = dx / norm, dy / norm
            tx, ty = px + ux * 24, py + uy * 24
            tip = (f"wagon {w} heading to {names[head]}" if head >= 0
                   else f"wagon {w}: forward, away from {names[x['prev']]}")
            parts.append(f'<path d="M{_f(tx)},{_f(ty)} L{_f(tx - ux * 9 - uy * 6)},{_f(ty - uy * 9 + ux * 6)} '
                         f'L{_f(tx - ux * 9 + uy * 6)},{_f(ty - uy * 9 - ux * 6)} z" fill="#222">'
                         f'<title>{_esc(tip)}</title></path>')
        ring = "#e6b800" if w == v["movingWagon"] or x["arrived"] else "#111"
        total = sum(sum(row) for row in x["cargo"])
        blocked = w == v["blockedWagon"]
        tip = v["wagons"][w]["line"] + ("; blocked by the courier" if blocked else "")
        parts.append(f'<g><rect x="{_f(px - 17)}" y="{_f(py - 10)}" width="34" height="20" rx="4" '
                     f'fill="{_seat_fill(x["master"])}" stroke="{ring}" stroke-width="{3 if ring != "#111" else 1.5}">'
                     f'<title>{_esc(tip)}</title></rect><text x="{_f(px)}" y="{_f(py + 4)}" font-size="11" '
                     f'font-weight="bold" text-anchor="middle" fill="white">W{w}</text></g>')
        if total:
            parts.append(f'<g><circle cx="{_f(px + 17)}" cy="{_f(py - 9)}" r="6.5" fill="white" stroke="#111">'
                         f'<title>{_esc(f"wagon {w}: {total} goods on board")}</title></circle><text x="{_f(px + 17)}" '
                         f'y="{_f(py - 6)}" font-size="8" text-anchor="middle">{total}</text></g>')
        if x["arrived"]:
            parts.append(_text(_f(px - 20), _f(py + 4), 9, "arrived",
                               ' font-weight="bold" fill="#a07c00" text-anchor="end"'))
        if blocked:
            parts.append(_text(_f(px - 17), _f(py + 19), 8, "blocked", ' fill="#a33"'))
    lx, ly = MAP_X + 10 + 34, MAP_Y + MAP_H - 10  # the goods' legend along the map's bottom
    parts.append(_text(lx - 34, ly, 9, "goods:", ' fill="#555"'))
    for g, name in enumerate(v["goods"]):
        parts.append(f'<rect x="{lx}" y="{ly - 8}" width="10" height="10" fill="{good_fill(v, g)}" stroke="#333" '
                     f'stroke-width="0.6"/><text x="{lx + 13}" y="{ly}" font-size="9">{_esc(name)}</text>')
        lx += 20 + 5.5 * len(name)
    parts.append(f'<text x="{_f(lx + 8)}" y="{ly}" font-size="9" fill="#555">W: wagon, filled with its master\'s colour '
                 f'(brown: none); C: the courier; arrow: heading</text>')
    return parts


def _wagon_cards_svg(v: State, y0: float) -> tuple[list[str], float]:
    """A card per wagon under the map: its place, master, heading, arrival and cargo per player."""
    names, w_w = v["goods"], (MAP_W - 2 * 8) / 3
    height = 48 + 14 * len(v["handSizes"])
    parts = []
    for w, x in enumerate(v["state"]["wagons"]):
        bx = MAP_X + w * (w_w + 8)
        current = w == v["movingWagon"]
        parts.append(f'<rect x="{_f(bx)}" y="{y0}" width="{_f(w_w)}" height="{height}" rx="6" '
                     f'fill="{"#fff7d6" if current else "#fafafa"}" stroke="{"#c99a00" if current else "#ccc"}"/>'
                     f'<rect x="{_f(bx)}" y="{y0}" width="8" height="{height}" rx="3" fill="{_seat_fill(x["master"])}"/>')
        head = v["wagons"][w]["heading"]
        line2 = ("master P" + str(x["master"]) if x["master"] >= 0 else "no master") + (
            f", heading to {v['places'][head]}" if head >= 0 else "")
        parts.append(_text(_f(bx + 14), y0 + 15, 12, f"Wagon {w}", ' font-weight="bold"')
                     + _text(_f(bx + 80), y0 + 15, 10, f"at {_esc(x['place'])}")
                     + _text(_f(bx + 14), y0 + 29, 10, _esc(line2)))
        if x["arrived"]:
            by = f" (moved in by P{x['arrivedBy']})" if x["arrivedBy"] >= 0 else ""
            parts.append(_text(_f(bx + 14), y0 + 42, 10, f"arrived this round{_esc(by)}",
                               ' font-weight="bold" fill="#a07c00"'))
        for p, row in enumerate(x["cargo"]):
            ry = y0 + 56 + 14 * p
            parts.append(_disc(bx + 20, ry - 3, p, f"wagon {w} cargo of P{p}: {_goods_list(v, row)}"))
            gx = bx + 30
            for g, n in enumerate(row):
                for _ in range(n):
                    if gx + 12 > bx + w_w - 4:
                        break
                    parts.append(f'<rect x="{_f(gx)}" y="{_f(ry - 9)}" width="10" height="11" rx="2" '
                                 f'fill="{good_fill(v, g)}" stroke="#333" stroke-width="0.5"><title>'
                                 f'{_esc(f"P{p} {names[g]} on wagon {w}")}</title></rect>')
                    gx += 12
            if not any(row):
                parts.append(_text(_f(gx), _f(ry), 9, "-", ' fill="#aaa"'))
    return parts, y0 + height


def _prices_svg(v: State, y0: float) -> tuple[list[str], float]:
    cost, sale = v["priceLines"]["cost"], v["priceLines"]["sale"]
    supply = v["state"]["supply"]
    x0, col0 = RIGHT_X, RIGHT_X + 62
    col_w = (RIGHT_W - 62 - 58) / len(cost)
    parts = [_head(y0, "price chart", "cost / sale per level; sold at cost where the market shows the good")]
    hy = y0 + 26
    for lvl, (c, sl) in enumerate(zip(cost, sale)):
        cx = col0 + (lvl + 0.5) * col_w
        parts.append(f'<g><rect x="{_f(col0 + lvl * col_w + 1)}" y="{hy - 10}" width="{_f(col_w - 2)}" height="{22 + 16 * 6}" '
                     f'fill="{"#f7f1e3" if lvl % 2 == 0 else "#efe6d0"}"><title>{_esc(f"level {lvl + 1}: cost {c}, sale {sl}")}'
                     f'</title></rect><text x="{_f(cx)}" y="{hy}" font-size="9" text-anchor="middle">{c}</text>'
                     f'<text x="{_f(cx)}" y="{hy + 10}" font-size="9" text-anchor="middle" font-weight="bold">{sl}</text></g>')
    parts.append(f'<text x="{x0 + RIGHT_W}" y="{hy + 5}" font-size="9" text-anchor="end" fill="#555">supply</text>')
    for g, name in enumerate(v["goods"]):
        ry = hy + 16 + 16 * g
        price = v["prices"][g]
        lvl, c, sl = price["level"], price["cost"], price["sale"]
        parts.append(_good_chip(v, x0, ry, g, name, f"{name} (legend)", w=56))
        mx = col0 + (lvl + 0.5) * col_w
        parts.append(f'<g><rect x="{_f(mx - 14)}" y="{ry}" width="28" height="13" rx="6" fill="{good_fill(v, g)}" '
                     f'stroke="#111"><title>{_esc(f"{name}: level {lvl + 1}, cost {c}, sale {sl}; supply {supply[g]}")}'
                     f'</title></rect><text x="{_f(mx)}" y="{ry + 10}" font-size="8.5" text-anchor="middle" '
                     f'fill="{good_ink(v, g)}">{_esc(_short(name, 4))}</text></g>')
        parts.append(_text(x0 + RIGHT_W - 4, ry + 10, 10, supply[g], ' text-anchor="end"'))
    return parts, hy + 16 + 16 * 6 + 6


def _track_svg(v: State, y0: float) -> tuple[list[str], float]:
    arrivals, end = v["state"]["arrivals"], v["endArrivals"]
    boxes, costs = max(end, arrivals, 1), v["stepCosts"]
    bw = min(24.0, (RIGHT_W - 4) / boxes)
    parts = [_head(y0, "wagon track") + _text(RIGHT_X + RIGHT_W, y0 + 12, 10, f'<tspan font-weight="bold">{arrivals}'
             f'</tspan> of {end} arrivals; next status step <tspan font-weight="bold">{v["stepCost"]}</tspan> fl',
                                               ' text-anchor="end"')]
    for k in range(boxes):
        x, filled, last = RIGHT_X + k * bw, k < arrivals, k == end - 1
        tip = f"arrival {k + 1}" + (" (ends the game at the end of its round)" if last else "") + (
            f": then a status step costs {costs[min(k + 1, len(costs) - 1)]}") + (" - reached" if filled else "")
        parts.append(f'<g><rect x="{_f(x + 1)}" y="{y0 + 18}" width="{_f(bw - 2)}" height="16" rx="2" '
                     f'fill="{"#8a6d45" if filled else "white"}" stroke="{"#c0392b" if last else "#8a6d45"}" '
                     f'stroke-width="{2 if last else 1}"><title>{_esc(tip)}</title></rect>'
                     f'<text x="{_f(x + bw / 2)}" y="{y0 + 30}" font-size="8" text-anchor="middle" '
                     f'fill="{"white" if filled else "#555"}">{k + 1}</text></g>')
    return parts, y0 + 42


def _ladder_svg(v: State, y0: float) -> tuple[list[str], float]:
    levels, row = v["statusLevels"], 15
    parts = [_head(y0, "status ladder", "level, upkeep per round; coats of arms")]
    top = len(levels) - 1
    for lvl in range(top, -1, -1):
        y = y0 + 18 + (top - lvl) * row
        name, upkeep = levels[lvl]["name"], levels[lvl]["upkeep"]
        parts.append(f'<g><rect x="{RIGHT_X}" y="{y}" width="{RIGHT_W}" height="{row - 1}" '
                     f'fill="{"#f1e9d6" if lvl % 2 else "#f8f3e7"}"><title>{_esc(f"status {lvl}: {name}, upkeep {upkeep}")}'
                     f'</title></rect><text x="{RIGHT_X + 4}" y="{y + 11}" font-size="9.5">{lvl}  {_esc(name)}</text>'
                     f'<text x="{RIGHT_X + 150}" y="{y + 11}" font-size="9" fill="#555">upkeep {upkeep}</text></g>')
        here = [p for p, seat in enumerate(_seats(v["state"])) if seat["status"] == lvl]
        for k, p in enumerate(here):
            parts.append(_shield(RIGHT_X + 220 + k * 16, y, p, f"P{p} coat of arms: status {lvl} ({name})"))
    return parts, y0 + 18 + len(levels) * row + 6


def _cards_svg(v: State, y0: float) -> tuple[list[str], float]:
    parts = [_head(y0, "investment cards face up")]
    sw = (RIGHT_W - 3 * 6) / max(len(v["faceUp"]), 4)
    for k, kind in enumerate(v["faceUp"]):
        x, hot = RIGHT_X + k * (sw + 6), k == v["auctionSlot"]
        dash = "" if kind else ' stroke-dasharray="4,3"'
        tip = f"slot {k}: " + (kind or "empty") + (" (up for auction)" if hot else "")
        parts.append(f'<g><rect x="{_f(x)}" y="{y0 + 18}" width="{_f(sw)}" height="26" rx="4" '
                     f'fill="{INVESTMENT_FILL.get(kind, "#ccc") if kind else "white"}" '
                     f'stroke="{"#e6b800" if hot else "#555"}" stroke-width="{3 if hot else 1}"{dash}>'
                     f'<title>{_esc(tip)}</title></rect>'
                     f'<text x="{_f(x + sw / 2)}" y="{y0 + 35}" font-size="10" text-anchor="middle" '
                     f'fill="{"white" if kind else "#999"}">{_esc(kind or "empty")}</text></g>')
    left, cards = v["state"]["creditLeft"], v["creditCards"]
    lines = [f"face down: {v['piles']['investment']} investment, {v['piles']['influence']} influence; "
             f"credit cards {left} of {cards} left",
             "influence played: " + (", ".join(f"{k} {n}" for k, n in v["discard"].items()) or "none")]
    for i, line in enumerate(lines):
        parts.append(_text(RIGHT_X, y0 + 60 + 14 * i, 10, _esc(line)))
    cx = RIGHT_X + RIGHT_W - 10 * cards  # the credit cards, as small cards
    for k in range(cards):
        parts.append(f'<rect x="{_f(cx + 10 * k)}" y="{y0 + 2}" width="8" height="12" rx="1" '
                     f'fill="{"#c8a85a" if k < left else "white"}" stroke="#8c6d1f"><title>'
                     f'{_esc(f"credit card {k + 1}: " + ("in the bank" if k < left else "taken"))}</title></rect>')
    return parts, y0 + 60 + 14 * len(lines)


def _chips(kinds: list[str], x: float, y: float, fill: Any, tip: str, stop: float) -> tuple[list[str], float]:
    """A row of named cards (investment or influence) from x, as far as ``stop``; "none" when there are none."""
    parts = []
    for kind in kinds:
        w = 10 + 5.6 * len(kind)
        if x + w > stop:
            break
        parts.append(f'<g><rect x="{_f(x)}" y="{y + 27}" width="{_f(w)}" height="14" rx="3" fill="{fill(kind)}">'
                     f'<title>{_esc(f"{tip}: {kind}")}</title></rect>'
                     f'<text x="{_f(x + 5)}" y="{y + 37}" font-size="9.5" fill="white">{_esc(kind)}</text></g>')
        x += w + 3
    if not kinds:
        parts.append(_text(_f(x), y + 37, 10, "none", ' fill="#aaa"'))
    return parts, x


def _panel_svg(v: State, p: int, seat: dict[str, Any], y: float) -> list[str]:
    s = v["state"]
    current, colour = p == _to_act(s), _seat_fill(p)
    level, money, credit = seat["status"], seat["money"], seat["credit"] is True
    status = v["statusLevels"][level]["name"]
    head = (f"P{p}" + ("  (to act)" if current else "") + (" (you)" if v["observer"] == p else "")
            + (" (first player)" if p == s["firstPlayer"] else "") + ("  - wins" if p in v["winners"] else ""))
    tip = f"P{p}: {money} florins, status {level} ({status})" + (", holds a credit card" if credit else "")
    parts = [f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{PANEL_H - 4}" rx="6" '
             f'fill="{"#fff7d6" if current else "#fafafa"}" stroke="{"#c99a00" if current else "#ccc"}" '
             f'stroke-width="{2 if current else 1}"/>',
             f'<rect x="6" y="{y}" width="8" height="{PANEL_H - 4}" rx="3" fill="{colour}"/>',
             _text(20, y + 16, 13, _esc(head), ' font-weight="bold"'),
             _shield(WIDTH - 420, y + 4, p, f"P{p} coat of arms: status {level} ({status})"),
             f'<g><text x="{WIDTH - 18}" y="{y + 16}" font-size="13" text-anchor="end"><tspan font-weight="bold">'
             f'{money}</tspan> fl, status <tspan font-weight="bold">{level}</tspan> {_esc(status)}'
             f'{", credit card" if credit else ""}<title>{_esc(tip)}</title></text></g>',
             _text(20, y + 37, 10, "tiles")]
    dash = ' stroke-dasharray="2,2"'
    for t in range(1, TILES + 1):
        up = t in seat["tiles"]
        parts.append(f'<g><rect x="{48 + (t - 1) * 18}" y="{y + 26}" width="15" height="15" rx="2" '
                     f'fill="{colour if up else "white"}" stroke="{colour}"{"" if up else dash}>'
                     f'<title>{_esc(f"P{p} tile {t}: " + ("face up" if up else "played"))}</title></rect>'
                     f'<text x="{55.5 + (t - 1) * 18}" y="{y + 37}" font-size="10" text-anchor="middle" '
                     f'fill="{"white" if up else "#aaa"}">{t}</text></g>')
    parts.append(_text(140, y + 37, 10, "investment"))
    got, x = _chips(v["owned"][p], 198, y, lambda kind: INVESTMENT_FILL.get(kind, "#888"), f"P{p} investment", math.inf)
    parts.extend(got)
    x = max(x + 20, 620)  # the influence hand, as the observer sees it
    parts.append(_text(_f(x), y + 37, 10, "influence"))
    x += 52
    if v["handsShown"][p]:
        cards = [k for k, c in seat["influence"].items() for _ in range(c)]
        parts.extend(_chips(cards, x, y, lambda kind: "#5d4a8a", f"P{p} influence card", WIDTH - 14)[0])
    else:
        for _ in range(v["handSizes"][p]):
            if x + 14 > WIDTH - 120:
                break
            parts.append(f'<rect x="{_f(x)}" y="{y + 27}" width="11" height="14" rx="2" fill="#5d4a8a" stroke="#333"/>')
            x += 14
        words = v["handWords"][p]
        tip = _esc(f"P{p} influence: {words}")
        parts.append(_text(_f(x + 4), y + 37, 10, f'{_esc(words)}<title>{tip}</title>', ' fill="#555"'))
    x = 20  # the sealed choices (the auction's bid, the round's wheel) and the warehouses' totals
    for key, label in (("bidWords", "bid" if s["phase"] == "BID" else "last bid"), ("wheelWords", "wheel")):
        if v[key] is None:
            continue
        text = v[key][p]
        parts.append(f'<text x="{x}" y="{y + 59}" font-size="10"><tspan fill="#555">{_esc(label)}:</tspan> '
                     f'<tspan font-weight="bold">{_esc(text)}</tspan><title>{_esc(f"P{p} {label}: {text}")}</title></text>')
        x += 24 + 6.2 * len(f"{label}: {text}")
    total = [sum(row[g] for row in seat["warehouses"]) for g in range(6)]
    parts.append(_text(max(x, 300), y + 59, 10, f"in warehouses: {_esc(_goods_list(v, total))}", ' fill="#555"'))
    return parts


def _wrap(text: str, width: int) -> list[str]:
    """The text in lines of at most ``width`` characters, broken after commas (a longer piece stays whole)."""
    rows: list[str] = []
    for piece in text.split(", "):
        if rows and len(rows[-1]) + 2 + len(piece) <= width:
            rows[-1] += ", " + piece
        else:
            rows[-1:] = [row + "," for row in rows[-1:]] + [("   " if rows else "") + piece]
    return rows


def board_svg(state: str | State, observer: int | None = None) -> str:
    """The table as one SVG image: the map, the wagons' cargo, the price chart, wagon track, status ladder and
    cards, a panel per player; a state the engine cannot read is drawn as its text board (the JSON, marked so)."""
    v = view(state, observer)
    if v is None:
        return text_svg(board_text(state, observer))
    lay = layout(v)
    parts = [f'<text x="10" y="18" font-size="14" font-weight="bold">{_esc(v["title"])}</text>',
             f'<text x="10" y="36" font-size="12">{_esc(v["status"])}</text>']
    for piece in (_roads_svg, _cities_svg, _wagons_svg):
        parts.extend(piece(v, lay))
    cards, left = _wagon_cards_svg(v, MAP_Y + MAP_H + 8)
    parts.extend(cards)
    y = MAP_Y
    for side in (_prices_svg, _track_svg, _ladder_svg, _cards_svg):
        got, y = side(v, y)
        parts.extend(got)
        y += 8
    for line in v["sealedLines"]:
        for row in _wrap(line, int(RIGHT_W / 5.6)):
            parts.append(f'<text x="{RIGHT_X}" y="{y + 10}" font-size="10">{_esc(row)}</text>')
            y += 14
        y += 2
    y = max(y, left) + 8
    for p, seat in enumerate(_seats(v["state"])):
        parts.extend(_panel_svg(v, p, seat, y))
        y += PANEL_H
    height = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{_f(height)}" '
            f'viewBox="0 0 {WIDTH} {_f(height)}" font-family="sans-serif">' + "".join(parts) + "</svg>")
