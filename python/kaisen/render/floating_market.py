"""The Floating Market renderer: an SVG of the river for notebooks and a text view for terminals.

Both read the state JSON (format ``kaisen.floating-market.state/1``, written by the engine's
``FloatingMarketJson``) that ``env.state_json()`` returns. Fields are read with fallbacks, so a
state that gains or drops a field still draws (what is missing is left out, never guessed).

- :func:`board_svg`: the river as a loop with its seven boat locations (clockwise = index order;
  west bank on the left, east bank on the right), each with its dice range, its fruit (face
  down for the 2-player closed location), the customers in its two slots coloured by seat, the
  Ama customers and the Fruit stand; the last roll's boat highlighted; the two docks on their
  banks; the buildings with their spots and who is on them (unused ones dashed; customers past five
  to a building wrap onto further lines, the Boatman taking any number); in the middle
  the dice pool (tiles, board dice, Ama dice, each player's dice there, the blocked d12) and the
  last roll: its total, the faces of the Ama and board dice and its tiles; and per player a
  panel: coins (of the 6-coin cap), fruits against the target, customers left, dice in hand /
  in the pool / out of play, and the faces of their dice in the last roll (``lastDice``).
- :func:`board_text`: the same facts as plain text.

The state carries its board: ranges, banks, building spots and the 2-player closed location come
from its ``board`` object (the board format, ``kaisen.floating-market.board/1``); the engine
leaves that field out for the default board (``default-board.json``), whose values are used then.

Everything in Floating Market is public, so ``observer=seat`` hides nothing: it only marks that
seat ("seen by P1", "(you)"). Registered for the game id ``floating-market`` in :mod:`kaisen.render`.
"""

from __future__ import annotations

from typing import Any

from ._parts import State, as_int as _int, as_list as _list, engine_winners, esc as _esc, seats as _seats, status_parts
from ._parts import to_act as _to_act
from ._parts import load_state

FORMAT_PREFIX = "kaisen.floating-market.state/"
LOCATIONS = 7
FRUITS = ("mango", "banana", "papaya", "guava", "pomelo", "rambutan", "starfruit")
FRUIT_FILL = {"mango": "#f39c12", "banana": "#f1d53b", "papaya": "#e8603c", "guava": "#e88fb4",
              "pomelo": "#8cc43f", "rambutan": "#c0392b", "starfruit": "#c9c62a"}
DICE = ("d4", "d6", "d10", "d12", "neg-d6")
DIE_FACES = {"d4": "1-4", "d6": "1-6", "d10": "0-9", "d12": "1-12", "neg-d6": "-1..-6"}
SEAT_FILL = ["#1f5fbf", "#d1373c", "#2c9a52", "#e0a100", "#7d3fa0"]
AMA_FILL = "#8a8a8a"
MAX_COINS = 6

#: The default board (env resource ``default-board.json``): (name, min, max, bank) per location.
DEFAULT_LOCATIONS = (("<=8", 0, 8, "west"), ("9-13", 9, 13, "west"), ("14-16", 14, 16, "west"),
                     ("17-19", 17, 19, "west"), ("20-23", 20, 23, "east"), ("24-28", 24, 28, "east"),
                     ("29-35", 29, 35, "east"))
#: Building spots for 2, 3, 4, 5 players (-1 any number, 0 unused), in action-table order.
DEFAULT_BUILDINGS = (("temple", (1, 1, 1, 1)), ("carpenter", (1, 1, 1, 1)), ("artist", (0, 1, 1, 1)),
                     ("market", (1, 2, 2, 2)), ("boatman", (-1, -1, -1, -1)), ("fruit-stand", (1, 1, 1, 1)),
                     ("north-trader", (1, 1, 1, 1)), ("south-trader", (1, 1, 1, 1)), ("tailor", (1, 1, 1, 1)),
                     ("office", (1, 1, 1, 1)), ("fish-market", (1, 1, 1, 1)))
DEFAULT_CLOSED = "29-35"
BUILDING_LABEL = {"temple": "Temple", "carpenter": "Carpenter", "artist": "Artist hut", "market": "Market",
                  "boatman": "Boatman", "fruit-stand": "Fruit stand", "north-trader": "North trader",
                  "south-trader": "South trader", "tailor": "Tailor", "office": "Office", "fish-market": "Fish market"}
BUILDING_EFFECT = {"temple": "+4 or -2 tile into the pool", "carpenter": "add the d12, or block it",
                   "artist": "add the -d6, or one more of your dice", "market": "pay 4 coins: take a fruit",
                   "boatman": "recover all your dice", "fruit-stand": "under one of your boat customers",
                   "north-trader": "boats 1-2 steps clockwise count as adjacent",
                   "south-trader": "boats 1-2 steps counter-clockwise count as adjacent",
                   "tailor": "add 2 of your dice", "office": "pay 1 coin: place all your customers now",
                   "fish-market": "place a customer on an occupied boat"}
PHASES = {"PLACE": "assign customers", "DIE": "add a die to the pool", "TEMPLE": "Temple: choose a tile",
          "CARPENTER": "Carpenter: the d12", "ARTIST": "Artist hut: choose a die", "MARKET": "Market: choose a fruit",
          "STAND": "Fruit stand: choose the customer", "FISH": "Fish market: choose a boat",
          "SWAP": "end of round: swap two boats", "GAME_OVER": "game over"}
POOL_LABEL = {"+4": "+4 tile", "-2": "-2 tile", "d12": "board d12", "neg-d6": "board -d6"}
#: How the last roll's dice are named (``lastDice``): ``p<seat>:<die>``, ``ama:d6``, ``board:d12``, ``board:neg-d6``.
ROLL_LABEL = {"ama:d6": "Ama d6", "board:d12": "board d12", "board:neg-d6": "board -d6"}


def players(s: State) -> int:
    return _int(s.get("players"), len(_seats(s)))


def locations(s: State) -> list[tuple[str, int, int, str]]:
    """(name, min, max, bank) of each location: the state's ``board`` when it carries one, else the default."""
    board = s.get("board") if isinstance(s.get("board"), dict) else {}
    locs = [loc for loc in _list(board.get("locations")) if isinstance(loc, dict)]
    if len(locs) == LOCATIONS:
        return [(str(loc.get("name", i)), _int(loc.get("min")), _int(loc.get("max")), str(loc.get("bank", "?")))
                for i, loc in enumerate(locs)]
    return list(DEFAULT_LOCATIONS)


def building_spots(s: State) -> list[tuple[str, int]]:
    """(building, spots for this player count: -1 any number, 0 unused), in action-table order."""
    n = min(max(players(s), 2), 5)
    board = s.get("board") if isinstance(s.get("board"), dict) else {}
    listed = [b for b in _list(board.get("buildings")) if isinstance(b, dict) and b.get("name")]
    if listed:
        return [(str(b["name"]), _int(_list(b.get("spots"))[n - 2] if len(_list(b.get("spots"))) == 4 else -1, -1))
                for b in listed]
    return [(name, spots[n - 2]) for name, spots in DEFAULT_BUILDINGS]


def closed_location(s: State) -> int | None:
    """With 2 players, the location whose boat is face down (its fruit out of the game); else None."""
    if players(s) != 2:
        return None
    board = s.get("board") if isinstance(s.get("board"), dict) else {}
    name = str(board.get("twoPlayerClosed", DEFAULT_CLOSED))
    names = [loc[0] for loc in locations(s)]
    return names.index(name) if name in names else None


def target(s: State) -> int:
    """Different fruits that end the game: 5, or in the long game 7 (6 with 2 players)."""
    if "target" in s:
        return _int(s["target"], 5)
    return (6 if players(s) == 2 else 7) if s.get("long") else 5


def ama_dice(s: State) -> int:
    """Ama dice in the pool (they never leave it): 2 with 2 players, 1 with 3, else none."""
    return {2: 2, 3: 1}.get(players(s), 0)


def boats(s: State) -> list[dict[str, Any]]:
    out = []
    for i in range(LOCATIONS):
        raw = _list(s.get("boats"))
        b = raw[i] if i < len(raw) and isinstance(raw[i], dict) else {}
        out.append({"fruit": b.get("fruit"), "customers": [_int(c, -1) for c in _list(b.get("customers"))]})
    return out


def ama_locations(s: State) -> list[int]:
    return [a for a in (_int(x, -1) for x in _list(s.get("ama"))) if 0 <= a < LOCATIONS]


def seat_dice(seat: dict[str, Any]) -> dict[str, list[str]]:
    """The seat's dice by where they are: ``hand``, ``pool``, ``out`` (in d4..neg-d6 order)."""
    dice = seat.get("dice") if isinstance(seat.get("dice"), dict) else {}
    out: dict[str, list[str]] = {"hand": [], "pool": [], "out": []}
    for d in DICE:
        where = dice.get(d)
        if where in out:
            out[where].append(d)
    for d, where in dice.items():  # dice of a future format
        if d not in DICE and where in out:
            out[where].append(str(d))
    return out


def pool_items(s: State) -> list[str]:
    """The tiles and board dice in the pool (``d12-blocked``, a marker of older states, is not a die: left out)."""
    return [str(x) for x in _list(s.get("pool")) if x != "d12-blocked"]


def d12_blocked(s: State) -> bool:
    """Whether the Carpenter blocked the d12 this round (field ``d12Blocked``; older states listed it in ``pool``)."""
    return s.get("d12Blocked") is True or "d12-blocked" in _list(s.get("pool"))


def _die_label(name: str) -> str:
    """``p0:d4`` -> ``P0 d4``, ``ama:d6`` -> ``Ama d6``, ``board:d12`` -> ``board d12``."""
    if name in ROLL_LABEL:
        return ROLL_LABEL[name]
    seat, _, die = name.partition(":")
    return f"P{seat[1:]} {die}" if seat.startswith("p") and die else name


def last_dice(s: State) -> list[tuple[str, int]]:
    """The last roll's dice and faces, in roll order: (label such as ``P0 d4``, ``Ama d6``, ``board d12``, face)."""
    out = []
    for f in _list(s.get("lastDice")):
        if isinstance(f, dict) and f.get("die") is not None and isinstance(f.get("face"), int):
            out.append((_die_label(str(f["die"])), int(f["face"])))
    return out


def last_tiles(s: State) -> list[int]:
    """The tiles in the last roll (4, -2)."""
    return [t for t in _list(s.get("lastTiles")) if isinstance(t, int)]


def _roll_detail(s: State) -> str:
    """``P0 d4 3, Ama d6 5, +4 tile``: each die's face and the tiles of the last roll ('' when the state has none)."""
    parts = [f"{label} {face}" for label, face in last_dice(s)]
    parts += [f"{t:+d} tile" for t in last_tiles(s)]
    return ", ".join(parts)


def winners(s: State) -> list[int]:
    """At the end, the winners as the engine ranks them (the most different fruits, then the most coins); else []."""
    return engine_winners("floating-market", s)


def _who(p: int) -> str:
    return f"P{p}" if p >= 0 else "-"


def _title(s: State, observer: int | None) -> str:
    parts = [f"Floating Market, {players(s)} players" + (" (long game)" if s.get("long") else ""),
             f"target {target(s)} fruits", f"round {_int(s.get('round'))}",
             f"start player P{_int(s.get('startPlayer'))}", f"decision {s.get('decisions', '?')}"]
    if observer is not None:
        parts.append(f"seen by P{observer}")
    return ", ".join(parts)


def _status(s: State) -> str:
    return ", ".join(status_parts(s, winners(s), PHASES))


def _header(s: State, observer: int | None) -> str:
    return _title(s, observer) + ", " + _status(s)


def _boat_label(s: State, i: int) -> str:
    name, lo, hi, bank = locations(s)[i]
    return f"boat {i} ({name}, {bank})"


def _fruit_at(s: State, i: int) -> str:
    fruit = boats(s)[i]["fruit"] or "?"
    return f"face down ({fruit} out of the game)" if i == closed_location(s) else str(fruit)


def _last_roll(s: State) -> str | None:
    last = _int(s.get("lastActivated"), -1)
    if not 0 <= last < LOCATIONS:
        return None
    detail = _roll_detail(s)
    return (f"last roll {_int(s.get('lastTotal'))} -> boat {last} ({locations(s)[last][0]}, {_fruit_at(s, last)})"
            + (f": {detail}" if detail else ""))


def _pool_text(s: State) -> str:
    items = [POOL_LABEL.get(x, x) for x in pool_items(s)]
    if ama_dice(s):
        items.append(f"{ama_dice(s)} Ama d6")
    for p, seat in enumerate(_seats(s)):
        mine = seat_dice(seat)["pool"]
        if mine:
            items.append(f"P{p} " + " ".join(mine))
    return ", ".join(items) or "empty"


def _slot_text(s: State, i: int) -> str:
    b = boats(s)[i]
    stand = _int(s.get("standSlot"), -1)
    who = [f"P{p}" + ("+stand" if stand == i * 2 + k else "") for k, p in enumerate(b["customers"]) if p >= 0]
    if i in ama_locations(s):
        who.append("Ama")
    return " ".join(who) or "-"


def _buildings_text(s: State) -> str:
    by: dict[str, list[int]] = {}
    for p, seat in enumerate(_seats(s)):
        for b in _list(seat.get("buildings")):
            by.setdefault(str(b), []).append(p)
    out = []
    for name, spots in building_spots(s):
        who = " ".join(f"P{p}" for p in by.pop(name, []))
        if spots == 0:
            out.append(f"{name} (unused)")
        else:
            out.append(f"{name} {who or '-'}")
    out.extend(f"{name} {' '.join(f'P{p}' for p in ps)}" for name, ps in by.items())
    return "; ".join(out)


def _seat_line(s: State, p: int, seat: dict[str, Any], observer: int | None) -> str:
    act = _to_act(s)
    fruits = [str(f) for f in _list(seat.get("fruits"))]
    dice = seat_dice(seat)
    tags = (" (you)" if observer == p else "") + (" - wins" if p in winners(s) else "")
    return (f"P{p}{'*' if p == act else ' '} {_int(seat.get('coins'))} coins, fruits {len(fruits)}/{target(s)} "
            f"[{' '.join(fruits)}], customers left {_int(seat.get('customersLeft'))}, "
            f"dice in hand {' '.join(dice['hand']) or '-'}; in pool {' '.join(dice['pool']) or '-'}; "
            f"out {' '.join(dice['out']) or '-'}{tags}")


def board_text(state: str | State, observer: int | None = None) -> str:
    """A plain-text view: the river (one line per boat), docks, buildings, the pool and last roll, a line per player."""
    s = _state(state)
    lines = [_header(s, observer), "river (clockwise, boat 6 back to boat 0; * the last roll's boat):"]
    last = _int(s.get("lastActivated"), -1)
    for i, (name, _lo, _hi, bank) in enumerate(locations(s)):
        lines.append(f" {'*' if i == last else ' '}boat {i} {name:>6} {bank:<4} {_fruit_at(s, i):<10} {_slot_text(s, i)}")
    docks = [_int(d, -1) for d in _list(s.get("docks"))] + [-1, -1]
    lines.append(f"docks: west {_who(docks[0])}, east {_who(docks[1])}")
    lines.append("buildings: " + _buildings_text(s))
    lines.append("pool: " + _pool_text(s) + ("; the d12 blocked" if d12_blocked(s) else ""))
    extra = []
    if _int(s.get("toAdd")) > 0 and s.get("phase") != "GAME_OVER":
        extra.append(f"{_int(s['toAdd'])} dice still to add")
    if _int(s.get("officePlayer"), -1) >= 0:
        extra.append(f"Office: P{_int(s['officePlayer'])} places all their customers now")
    roll = _last_roll(s)
    if roll:
        extra.append(roll)
    if extra:
        lines.append("; ".join(extra))
    for p, seat in enumerate(_seats(s)):
        lines.append(_seat_line(s, p, seat, observer))
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------------- SVG

WIDTH = 1010
DX = 70  # the river's left edge offset (the west dock stands left of it)
BOAT_W, BOAT_H = 150, 58
RIVER_TOP = 52
PANEL_H = 62


def _boat_xy(i: int) -> tuple[float, float]:
    """Top-left of location i: 0-3 up the west (left) side, 4-6 down the east (right) side, so index order is clockwise."""
    if i < 4:
        return DX + 40, RIVER_TOP + 12 + (3 - i) * 72
    return DX + 430, RIVER_TOP + 40 + (i - 4) * 90


def _token(cx: float, cy: float, fill: str, label: str, tip: str, r: float = 9, ring: str = "#111") -> str:
    return (f'<g><circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{ring}" stroke-width="1.5">'
            f'<title>{_esc(tip)}</title></circle><text x="{cx}" y="{cy + 3.5}" font-size="10" font-weight="bold" '
            f'text-anchor="middle" fill="white">{_esc(label)}</text></g>')


def _seat_fill(p: int) -> str:
    return SEAT_FILL[p % len(SEAT_FILL)]


def _river_svg(s: State) -> list[str]:
    parts = [f'<rect x="{DX + 110}" y="{RIVER_TOP}" width="390" height="300" rx="60" fill="#d6ecfa" stroke="#7fb6dd" '
             f'stroke-width="26"><title>the river (boats in clockwise order 0 to 6)</title></rect>',
             f'<rect x="4" y="{RIVER_TOP}" width="{DX + 28}" height="300" rx="8" fill="#e4f0d8"/>',
             f'<rect x="{DX + 592}" y="{RIVER_TOP}" width="76" height="300" rx="8" fill="#e4f0d8"/>',
             f'<text x="40" y="{RIVER_TOP + 16}" font-size="11" fill="#5a7d3a" text-anchor="middle">west bank</text>',
             f'<text x="{DX + 627}" y="{RIVER_TOP + 16}" font-size="11" fill="#5a7d3a" text-anchor="middle">east bank</text>']
    # the clockwise arrows along the loop
    for x1, y1, x2, y2 in ((DX + 290, RIVER_TOP + 4, DX + 330, RIVER_TOP + 4),
                           (DX + 330, RIVER_TOP + 296, DX + 290, RIVER_TOP + 296)):
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3d85c6" stroke-width="2" '
                     f'marker-end="url(#fm-arrow)"/>')
    last = _int(s.get("lastActivated"), -1)
    closed = closed_location(s)
    stand = _int(s.get("standSlot"), -1)
    ama = ama_locations(s)
    for i, (name, lo, hi, bank) in enumerate(locations(s)):
        x, y = _boat_xy(i)
        b = boats(s)[i]
        fruit = str(b["fruit"] or "?")
        face_down = i == closed
        fill = "#7b5e3b" if face_down else "#b88a56"
        hit = i == last
        title = f"{_boat_label(s, i)}: {_fruit_at(s, i)}; customers {_slot_text(s, i)}" + (
            f"; activated by the last roll ({_int(s.get('lastTotal'))})" if hit else "")
        parts.append(f'<g><rect x="{x}" y="{y}" width="{BOAT_W}" height="{BOAT_H}" rx="16" fill="{fill}" '
                     f'stroke="{"#e6b800" if hit else "#4a3520"}" stroke-width="{4 if hit else 1.5}">'
                     f'<title>{_esc(title)}</title></rect>'
                     f'<text x="{x + 10}" y="{y + 16}" font-size="12" font-weight="bold" fill="white">{_esc(name)}</text>'
                     f'<text x="{x + BOAT_W - 8}" y="{y + 16}" font-size="9" fill="#f3e6d0" text-anchor="end">'
                     f'boat {i}</text></g>')
        if face_down:
            parts.append(f'<text x="{x + 10}" y="{y + 34}" font-size="10" fill="#f3e6d0">face down</text>')
        else:
            parts.append(f'<g><rect x="{x + 8}" y="{y + 23}" width="{8 + 6.4 * len(fruit)}" height="15" rx="7" '
                         f'fill="{FRUIT_FILL.get(fruit, "#999")}" stroke="#4a3520"><title>{_esc(f"boat {i} fruit: {fruit}")}'
                         f'</title></rect><text x="{x + 12}" y="{y + 34}" font-size="10">{_esc(fruit)}</text></g>')
        # two customer slots at the boat's right end, the Ama customer after them
        for k in range(2):
            cx, cy = x + 94 + k * 22, y + 44
            p = b["customers"][k] if k < len(b["customers"]) else -1
            if p >= 0:
                tip = f"P{p} customer on boat {i} ({name})" + (" over the Fruit stand" if stand == i * 2 + k else "")
                parts.append(_token(cx, cy, _seat_fill(p), str(p), tip, ring="#e6b800" if stand == i * 2 + k else "#111"))
                if stand == i * 2 + k:
                    parts.append(f'<text x="{cx}" y="{cy - 12}" font-size="8" text-anchor="middle" fill="white">stand</text>')
            elif not face_down:
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="#f3e6d0" stroke-dasharray="2,2"/>')
        if i in ama:
            parts.append(_token(x + 72, y + 44, AMA_FILL, "A", f"Ama customer on boat {i} ({name})", r=8))
    # docks, beside their banks
    docks = [_int(d, -1) for d in _list(s.get("docks"))] + [-1, -1]
    for k, (bank, dx) in enumerate((("west", 8), ("east", DX + 596))):
        dy = RIVER_TOP + 122
        p = docks[k]
        parts.append(f'<g><rect x="{dx}" y="{dy}" width="70" height="56" rx="4" fill="#a07850" stroke="#4a3520">'
                     f'<title>{_esc(f"{bank} dock: {_who(p)} (1 coin when a {bank}-bank boat activates)")}</title></rect>'
                     f'<text x="{dx + 35}" y="{dy + 14}" font-size="10" fill="white" text-anchor="middle">'
                     f'{bank} dock</text></g>')
        parts.append(f'<line x1="{dx + (70 if k == 0 else 0)}" y1="{dy + 28}" x2="{dx + (82 if k == 0 else -12)}" '
                     f'y2="{dy + 28}" stroke="#4a3520" stroke-width="4"/>')
        if p >= 0:
            parts.append(_token(dx + 35, dy + 36, _seat_fill(p), str(p), f"P{p} customer on the {bank} dock"))
    return parts


def _centre_svg(s: State) -> list[str]:
    """The pool and the last roll, inside the loop."""
    parts = [f'<text x="{DX + 305}" y="{RIVER_TOP + 36}" font-size="12" font-weight="bold" text-anchor="middle">dice pool</text>']
    chips: list[tuple[str, str, str]] = []
    for x in pool_items(s):
        chips.append((x, "#555", f"pool: {POOL_LABEL.get(x, x)}"))
    for k in range(ama_dice(s)):
        chips.append(("Ama d6", AMA_FILL, f"pool: Ama d6 {k + 1} of {ama_dice(s)}"))
    for p, seat in enumerate(_seats(s)):
        for d in seat_dice(seat)["pool"]:
            chips.append((d, _seat_fill(p), f"pool: P{p} {d} ({DIE_FACES.get(d, '?')})"))
    x0, y = DX + 200, RIVER_TOP + 52
    x = x0
    for label, fill, tip in chips:
        w = 10 + 6.2 * len(label)
        if x + w > DX + 412:
            x, y = x0, y + 18
        parts.append(f'<g><rect x="{x}" y="{y - 11}" width="{w}" height="15" rx="3" fill="{fill}"><title>{_esc(tip)}'
                     f'</title></rect><text x="{x + 5}" y="{y}" font-size="10" fill="white">{_esc(label)}</text></g>')
        x += w + 4
    if not chips:
        parts.append(f'<text x="{DX + 305}" y="{y}" font-size="10" fill="#777" text-anchor="middle">empty</text>')
    if d12_blocked(s):
        parts.append(f'<text x="{DX + 305}" y="{y + 18}" font-size="10" fill="#a33" text-anchor="middle">the d12 is blocked'
                     f'</text>')
    roll = _last_roll(s)
    ry = RIVER_TOP + 210
    if roll:
        last = _int(s.get("lastActivated"))
        parts.append(f'<g><rect x="{DX + 250}" y="{ry}" width="110" height="38" rx="6" fill="#fff7d6" stroke="#e6b800">'
                     f'<title>{_esc(roll)}</title></rect><text x="{DX + 305}" y="{ry + 16}" font-size="10" '
                     f'text-anchor="middle">last roll total</text><text x="{DX + 305}" y="{ry + 33}" font-size="15" '
                     f'font-weight="bold" text-anchor="middle">{_int(s.get("lastTotal"))} -&gt; boat {last}</text></g>')
        # the Ama and board dice and the tiles of that roll, a chip each (the players' dice: in their panels)
        chips = [(label.replace("board ", "").replace("Ama d6", "Ama"), face, label)
                 for label, face in last_dice(s) if not label.startswith("P")]
        chips += [(f"{t:+d}", None, f"{t:+d} tile") for t in last_tiles(s)]
        widths = [8 + 5.5 * len(f"{short} {face}" if face is not None else short) for short, face, _ in chips]
        x = DX + 305 - (sum(widths) + 3 * max(len(chips) - 1, 0)) / 2
        for (short, face, label), w in zip(chips, widths):
            text = f"{short} {face}" if face is not None else short
            tip = f"last roll: {label} showed {face}" if face is not None else f"last roll: the {label}"
            parts.append(f'<g><rect x="{x:.1f}" y="{ry + 42}" width="{w:.1f}" height="13" rx="3" fill="#fff7d6" '
                         f'stroke="#e6b800"><title>{_esc(tip)}</title></rect><text x="{x + 4:.1f}" y="{ry + 52}" '
                         f'font-size="9">{_esc(text)}</text></g>')
            x += w + 3
    else:
        parts.append(f'<text x="{DX + 305}" y="{ry + 20}" font-size="10" fill="#777" text-anchor="middle">no roll yet</text>')
    extra = []
    if _int(s.get("toAdd")) > 0 and s.get("phase") != "GAME_OVER":
        extra.append(f"{_int(s['toAdd'])} dice to add")
    if _int(s.get("officePlayer"), -1) >= 0:
        extra.append(f"P{_int(s['officePlayer'])}: Office")
    if extra:
        parts.append(f'<text x="{DX + 305}" y="{ry + 68}" font-size="10" text-anchor="middle">{_esc(", ".join(extra))}</text>')
    return parts


#: The buildings' column: a row each, its customers from ``BUILDING_TOKENS_X`` on, ``BUILDING_TOKENS_PER_ROW``
#: to a line and further lines below (the Boatman takes any number: up to 15 customers with 5 players).
BUILDING_X, BUILDING_W, BUILDING_H, BUILDING_GAP = DX + 675, 255, 24, 3
BUILDING_TOKENS_X, BUILDING_TOKEN_STEP, BUILDING_TOKENS_PER_ROW, BUILDING_TOKEN_ROW_H = 150, 22, 5, 20


def _buildings_svg(s: State) -> tuple[list[str], float]:
    """The buildings with their spots and who is on them, and the y where the column ends."""
    by: dict[str, list[int]] = {}
    for p, seat in enumerate(_seats(s)):
        for b in _list(seat.get("buildings")):
            by.setdefault(str(b), []).append(p)
    x0, y = BUILDING_X, RIVER_TOP
    parts = [f'<text x="{x0}" y="{y - 6}" font-size="12" font-weight="bold">buildings</text>']
    for name, spots in building_spots(s):
        who = by.get(name, [])
        unused = spots == 0
        label = BUILDING_LABEL.get(name, name)
        cap = "any number" if spots < 0 else "unused with this player count" if unused else f"{spots} spot" + (
            "s" if spots > 1 else "")
        tip = f"{name}: {' '.join(f'P{p}' for p in who) or 'nobody'} ({cap}; {BUILDING_EFFECT.get(name, '')})"
        dash = ' stroke-dasharray="4,3"' if unused else ""
        slots = max(spots, len(who), 1)
        lines = -(-slots // BUILDING_TOKENS_PER_ROW)
        height = BUILDING_H + (lines - 1) * BUILDING_TOKEN_ROW_H
        parts.append(f'<g><rect x="{x0}" y="{y}" width="{BUILDING_W}" height="{height}" rx="4" '
                     f'fill="{"#f4f4f4" if unused else "#efe3cf"}" stroke="#8a6d45"{dash}><title>{_esc(tip)}</title></rect>'
                     f'<text x="{x0 + 6}" y="{y + 16}" font-size="11" fill="{"#999" if unused else "#222"}">'
                     f'{_esc(label)}{" (unused)" if unused else ""}</text></g>')

        def spot(k: int) -> tuple[float, float]:
            return (x0 + BUILDING_TOKENS_X + (k % BUILDING_TOKENS_PER_ROW) * BUILDING_TOKEN_STEP,
                    y + 12 + (k // BUILDING_TOKENS_PER_ROW) * BUILDING_TOKEN_ROW_H)

        for k in range(len(who), max(spots, 0)):
            cx, cy = spot(k)
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="#8a6d45" stroke-dasharray="2,2"/>')
        for k, p in enumerate(who):
            cx, cy = spot(k)
            parts.append(_token(cx, cy, _seat_fill(p), str(p), f"P{p} customer on the {name}"))
        y += height + BUILDING_GAP
    return parts, y


def _panel_svg(s: State, p: int, seat: dict[str, Any], y: float, observer: int | None) -> list[str]:
    current = p == _to_act(s)
    colour = _seat_fill(p)
    fruits = [str(f) for f in _list(seat.get("fruits"))]
    coins = _int(seat.get("coins"))
    head = (f"P{p}" + ("  (to act)" if current else "") + (" (you)" if observer == p else "")
            + (" (start player)" if p == _int(s.get("startPlayer"), -1) else "") + ("  - wins" if p in winners(s) else ""))
    parts = [f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{PANEL_H - 4}" rx="6" '
             f'fill="{"#fff7d6" if current else "#fafafa"}" stroke="{"#c99a00" if current else "#ccc"}" '
             f'stroke-width="{2 if current else 1}"/>',
             f'<rect x="6" y="{y}" width="8" height="{PANEL_H - 4}" rx="3" fill="{colour}"/>',
             f'<text x="20" y="{y + 16}" font-size="13" font-weight="bold">{_esc(head)}</text>',
             f'<g><text x="{WIDTH - 18}" y="{y + 16}" font-size="13" text-anchor="end"><tspan font-weight="bold">'
             f'{coins}</tspan> coins   {len(fruits)}/{target(s)} fruits   {_int(seat.get("customersLeft"))} customers left'
             f'<title>{_esc(f"P{p}: {coins} coins (cap {MAX_COINS}), {len(fruits)} fruits")}</title></text></g>']
    # coins: the six-coin track
    for k in range(MAX_COINS):
        parts.append(f'<circle cx="{WIDTH - 380 + k * 14}" cy="{y + 12}" r="5" fill="{"#e6b800" if k < coins else "white"}" '
                     f'stroke="#a07c00"/>')
    # fruits: one box per fruit, filled when held
    parts.append(f'<text x="20" y="{y + 37}" font-size="10">fruits</text>')
    for k, f in enumerate(FRUITS):
        held = f in fruits
        fx = 56 + k * 66
        tip = f"P{p} {f}: " + ("held" if held else "not held")
        parts.append(f'<g><rect x="{fx}" y="{y + 26}" width="62" height="15" rx="7" '
                     f'fill="{FRUIT_FILL[f] if held else "white"}" stroke="{FRUIT_FILL[f]}">'
                     f'<title>{_esc(tip)}</title></rect>'
                     f'<text x="{fx + 31}" y="{y + 37}" font-size="9.5" text-anchor="middle" '
                     f'fill="{"#222" if held else "#aaa"}">{f}</text></g>')
    # dice, by where they are
    dice = seat_dice(seat)
    dx = 20
    parts.append(f'<text x="{dx}" y="{y + 54}" font-size="10">dice</text>')
    dx += 30
    for where, fill, text in (("hand", colour, "white"), ("pool", "#555", "white"), ("out", "#ddd", "#777")):
        parts.append(f'<text x="{dx}" y="{y + 54}" font-size="10" fill="#555">{where}</text>')
        dx += 6 * len(where) + 6
        for d in dice[where]:
            w = 8 + 6 * len(d)
            parts.append(f'<g><rect x="{dx}" y="{y + 44}" width="{w}" height="13" rx="3" fill="{fill}" stroke="{colour}">'
                         f'<title>{_esc(f"P{p} {d}: {where}")}</title></rect><text x="{dx + 4}" y="{y + 54}" '
                         f'font-size="9.5" fill="{text}">{d}</text></g>')
            dx += w + 3
        if not dice[where]:
            parts.append(f'<text x="{dx}" y="{y + 54}" font-size="10" fill="#aaa">-</text>')
            dx += 10
        dx += 14
    # this seat's dice in the last roll and their faces, at the right end
    mine = [(label.split(" ", 1)[1], face) for label, face in last_dice(s) if label.startswith(f"P{p} ")]
    if mine:
        widths = [8 + 5.5 * len(f"{d} {face}") for d, face in mine]
        rx = WIDTH - 18 - sum(widths) - 3 * (len(mine) - 1)
        parts.append(f'<text x="{rx - 6}" y="{y + 54}" font-size="10" fill="#555" text-anchor="end">last roll</text>')
        for (d, face), w in zip(mine, widths):
            parts.append(f'<g><rect x="{rx:.1f}" y="{y + 44}" width="{w:.1f}" height="13" rx="3" fill="#fff7d6" '
                         f'stroke="{colour}"><title>{_esc(f"last roll: P{p} {d} showed {face}")}</title></rect>'
                         f'<text x="{rx + 4:.1f}" y="{y + 54}" font-size="9">{_esc(f"{d} {face}")}</text></g>')
            rx += w + 3
    return parts


def board_svg(state: str | State, observer: int | None = None) -> str:
    """The table as one SVG image: the river with its boats and docks, the pool and last roll, the buildings, a panel per player."""
    s = _state(state)
    parts = ['<defs><marker id="fm-arrow" markerWidth="8" markerHeight="8" refX="6" refY="3" orient="auto">'
             '<path d="M0,0 L6,3 L0,6 z" fill="#3d85c6"/></marker></defs>',
             f'<text x="10" y="18" font-size="14" font-weight="bold">{_esc(_title(s, observer))}</text>',
             f'<text x="10" y="36" font-size="12">{_esc(_status(s))}</text>']
    parts.extend(_river_svg(s))
    parts.extend(_centre_svg(s))
    buildings, bottom = _buildings_svg(s)
    parts.extend(buildings)
    y = max(RIVER_TOP + 310, bottom) + 8
    for p, seat in enumerate(_seats(s)):
        parts.extend(_panel_svg(s, p, seat, y, observer))
        y += PANEL_H
    height = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
            f'font-family="sans-serif">' + "".join(parts) + "</svg>")


def _state(state: str | State) -> State:
    return load_state(state, FORMAT_PREFIX, "Floating Market")
