"""The Floating Market renderer: an SVG of the river for notebooks; the text board is the engine's.

Both take the state JSON (format ``kaisen.floating-market.state/1``, written by the engine's
``FloatingMarketJson``) that ``env.state_json()`` returns, and draw the engine's view of it for the
observer (:func:`view`, ``FloatingMarketView`` in Java, format ``kaisen.floating-market.view/1``):
the state and every fact that follows from the rules or the board the state carries (the
locations with their ranges and banks, the closed location, the buildings' spots and who is on
them, the target, the coin cap, the Ama dice, the pool, the blocked d12, the last roll's dice, who
is to act, the winners). Nothing here is decided from the rules; geometry and colours are.

- :func:`board_svg`: the river as a loop with its seven boat locations (clockwise = index order;
  west bank on the left, east bank on the right), each with its dice range, its fruit (face
  down for the 2-player closed location), the customers in its two slots coloured by seat, the
  Ama customers and the Fruit stand; the last roll's boat highlighted; the two docks on their
  banks; the buildings with their spots and who is on them (unused ones dashed; customers past five
  to a building wrap onto further lines, the Boatman taking any number); in the middle
  the dice pool (tiles, board dice, Ama dice, each player's dice there, the blocked d12) and the
  last roll: its total, the faces of the Ama and board dice and its tiles; and per player a
  panel: coins (of the coin cap), fruits against the target, customers left, dice in hand /
  in the pool / out of play, and the faces of their dice in the last roll.
- :func:`board_text`: the game's one text board, the engine's (``FloatingMarketText``), through
  :func:`kaisen.render._parts.text_board`.

A state the engine cannot read (hand-made, inconsistent, of an older format) is shown as its JSON,
marked as such, in the text board and in the picture alike: nothing is guessed. Everything in
Floating Market is public but the random stream, so ``observer=seat`` hides nothing drawn: it only
marks that seat ("seen by P1", "(you)"). Registered for the game id ``floating-market`` in
:mod:`kaisen.render`.
"""

from __future__ import annotations

from typing import Any

from ._parts import State, engine_view, esc as _esc, load_state, status_parts, text_board

FORMAT_PREFIX = "kaisen.floating-market.state/"
VIEW_PREFIX = "kaisen.floating-market.view/"
FRUIT_FILL = {"mango": "#f39c12", "banana": "#f1d53b", "papaya": "#e8603c", "guava": "#e88fb4",
              "pomelo": "#8cc43f", "rambutan": "#c0392b", "starfruit": "#c9c62a"}
SEAT_FILL = ["#1f5fbf", "#d1373c", "#2c9a52", "#e0a100", "#7d3fa0"]
AMA_FILL = "#8a8a8a"
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
#: How the last roll's dice are named (the view's ``lastRoll.dice``): ``p<seat>:<die>``, ``ama:d6``, ``board:d12``, ``board:neg-d6``.
ROLL_LABEL = {"ama:d6": "Ama d6", "board:d12": "board d12", "board:neg-d6": "board -d6"}

View = dict[str, Any]


def view(state: str | State, observer: int | None = None) -> View | None:
    """What ``observer`` (None: a spectator) may see of the state and the facts its picture shows, as
    the engine's ``FloatingMarketView`` gives them (format ``kaisen.floating-market.view/1``; its
    fields are listed in that class's Javadoc). A view given is returned as it is; None for a state
    the engine cannot read."""
    if isinstance(state, dict) and str(state.get("format", "")).startswith(VIEW_PREFIX):
        return state
    return engine_view("floating-market", _state(state), observer)


def board_text(state: str | State, observer: int | None = None) -> str:
    """The game's one text board, the engine's, as ``observer`` (None: a spectator) sees it: the river
    (one line per boat), docks, buildings, the pool and last roll, a line per player. A state the
    engine cannot read is shown as its JSON, marked as such."""
    return text_board("floating-market", _state(state), observer)


def _die_label(name: str) -> str:
    """``p0:d4`` -> ``P0 d4``, ``ama:d6`` -> ``Ama d6``, ``board:d12`` -> ``board d12``."""
    if name in ROLL_LABEL:
        return ROLL_LABEL[name]
    seat, _, die = name.partition(":")
    return f"P{seat[1:]} {die}" if seat.startswith("p") and die else name


def _faces(die: dict[str, Any]) -> str:
    """A die kind's faces: ``1-4``, ``0-9``, ``-1..-6``."""
    low, high = die["low"], die["high"]
    return f"{low}-{high}" if low >= 0 else f"{high}..{low}"


def _seat_dice(v: View, seat: dict[str, Any]) -> dict[str, list[str]]:
    """The seat's dice by where they are: ``hand``, ``pool``, ``out`` (in the view's die order)."""
    out: dict[str, list[str]] = {"hand": [], "pool": [], "out": []}
    for die in v["dice"]:
        out[seat["dice"][die["name"]]].append(die["name"])
    return out


def _who(p: int) -> str:
    return f"P{p}" if p >= 0 else "-"


def _title(v: View) -> str:
    """The picture's first line: the game, its target, round, start player and decision, the observer."""
    s = v["state"]
    parts = [f"Floating Market, {s['players']} players" + (" (long game)" if s["long"] else ""),
             f"target {v['target']} fruits", f"round {s['round']}", f"start player P{s['startPlayer']}",
             f"decision {s['decisions']}"]
    if v["observer"] >= 0:
        parts.append(f"seen by P{v['observer']}")
    return ", ".join(parts)


def _status(v: View) -> str:
    """The picture's second line: the phase, who is to act, the winners."""
    return ", ".join(status_parts(v["state"], v["winners"], PHASES))


def _boat_label(v: View, i: int) -> str:
    loc = v["locations"][i]
    return f"boat {i} ({loc['name']}, {loc['bank']})"


def _fruit_at(v: View, i: int) -> str:
    fruit = v["state"]["boats"][i]["fruit"]
    return f"face down ({fruit} out of the game)" if i == v["closedLocation"] else str(fruit)


def _last_roll(v: View) -> str | None:
    """``last roll 17 -> boat 3 (17-19, guava): P0 d4 3, Ama d6 5, +4 tile``, or None before the first roll."""
    roll = v["lastRoll"]
    if roll is None:
        return None
    last = roll["location"]
    detail = ", ".join([f"{_die_label(d['die'])} {d['face']}" for d in roll["dice"]]
                       + [f"{t:+d} tile" for t in roll["tiles"]])
    return (f"last roll {roll['total']} -> boat {last} ({v['locations'][last]['name']}, {_fruit_at(v, last)})"
            + (f": {detail}" if detail else ""))


def _slot_text(v: View, i: int) -> str:
    stand = v["state"]["standSlot"]
    who = [f"P{p}" + ("+stand" if stand == i * 2 + k else "")
           for k, p in enumerate(v["state"]["boats"][i]["customers"]) if p >= 0]
    if i in v["state"]["ama"]:
        who.append("Ama")
    return " ".join(who) or "-"


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


def _river_svg(v: View) -> list[str]:
    """The river with its boats, their fruits and customers, and the docks on their banks."""
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
    s, roll = v["state"], v["lastRoll"]
    stand = s["standSlot"]
    for i, loc in enumerate(v["locations"]):
        name = loc["name"]
        x, y = _boat_xy(i)
        b = s["boats"][i]
        fruit = str(b["fruit"])
        face_down = i == v["closedLocation"]
        fill = "#7b5e3b" if face_down else "#b88a56"
        hit = roll is not None and i == roll["location"]
        title = f"{_boat_label(v, i)}: {_fruit_at(v, i)}; customers {_slot_text(v, i)}" + (
            f"; activated by the last roll ({roll['total']})" if hit else "")
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
            p = b["customers"][k]
            if p >= 0:
                tip = f"P{p} customer on boat {i} ({name})" + (" over the Fruit stand" if stand == i * 2 + k else "")
                parts.append(_token(cx, cy, _seat_fill(p), str(p), tip, ring="#e6b800" if stand == i * 2 + k else "#111"))
                if stand == i * 2 + k:
                    parts.append(f'<text x="{cx}" y="{cy - 12}" font-size="8" text-anchor="middle" fill="white">stand</text>')
            elif not face_down:
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="#f3e6d0" stroke-dasharray="2,2"/>')
        if i in s["ama"]:
            parts.append(_token(x + 72, y + 44, AMA_FILL, "A", f"Ama customer on boat {i} ({name})", r=8))
    # docks, beside their banks
    docks = s["docks"]
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


def _centre_svg(v: View) -> list[str]:
    """The pool and the last roll, inside the loop."""
    s, roll = v["state"], v["lastRoll"]
    faces = {die["name"]: _faces(die) for die in v["dice"]}
    parts = [f'<text x="{DX + 305}" y="{RIVER_TOP + 36}" font-size="12" font-weight="bold" text-anchor="middle">dice pool</text>']
    chips: list[tuple[str, str, str]] = []
    for x in v["pool"]:
        chips.append((x, "#555", f"pool: {POOL_LABEL.get(x, x)}"))
    for k in range(v["amaDice"]):
        chips.append(("Ama d6", AMA_FILL, f"pool: Ama d6 {k + 1} of {v['amaDice']}"))
    for p, seat in enumerate(s["seats"]):
        for d in _seat_dice(v, seat)["pool"]:
            chips.append((d, _seat_fill(p), f"pool: P{p} {d} ({faces[d]})"))
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
    if v["d12Blocked"]:
        parts.append(f'<text x="{DX + 305}" y="{y + 18}" font-size="10" fill="#a33" text-anchor="middle">the d12 is blocked'
                     f'</text>')
    ry = RIVER_TOP + 210
    if roll is not None:
        parts.append(f'<g><rect x="{DX + 250}" y="{ry}" width="110" height="38" rx="6" fill="#fff7d6" stroke="#e6b800">'
                     f'<title>{_esc(_last_roll(v))}</title></rect><text x="{DX + 305}" y="{ry + 16}" font-size="10" '
                     f'text-anchor="middle">last roll total</text><text x="{DX + 305}" y="{ry + 33}" font-size="15" '
                     f'font-weight="bold" text-anchor="middle">{roll["total"]} -&gt; boat {roll["location"]}</text></g>')
        # the Ama and board dice and the tiles of that roll, a chip each (the players' dice: in their panels)
        shared = [(_die_label(d["die"]), d["face"]) for d in roll["dice"] if d["seat"] < 0]
        chips = [(label.replace("board ", "").replace("Ama d6", "Ama"), face, label) for label, face in shared]
        chips += [(f"{t:+d}", None, f"{t:+d} tile") for t in roll["tiles"]]
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
    if s["toAdd"] > 0:
        extra.append(f"{s['toAdd']} dice to add")
    if s["officePlayer"] >= 0:
        extra.append(f"P{s['officePlayer']}: Office")
    if extra:
        parts.append(f'<text x="{DX + 305}" y="{ry + 68}" font-size="10" text-anchor="middle">{_esc(", ".join(extra))}</text>')
    return parts


#: The buildings' column: a row each, its customers from ``BUILDING_TOKENS_X`` on, ``BUILDING_TOKENS_PER_ROW``
#: to a line and further lines below (the Boatman takes any number: up to 15 customers with 5 players).
BUILDING_X, BUILDING_W, BUILDING_H, BUILDING_GAP = DX + 675, 255, 24, 3
BUILDING_TOKENS_X, BUILDING_TOKEN_STEP, BUILDING_TOKENS_PER_ROW, BUILDING_TOKEN_ROW_H = 150, 22, 5, 20


def _buildings_svg(v: View) -> tuple[list[str], float]:
    """The buildings with their spots and who is on them, and the y where the column ends."""
    x0, y = BUILDING_X, RIVER_TOP
    parts = [f'<text x="{x0}" y="{y - 6}" font-size="12" font-weight="bold">buildings</text>']
    for building in v["buildings"]:
        name, spots, who = building["name"], building["spots"], building["customers"]
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


def _panel_svg(v: View, p: int, y: float) -> list[str]:
    """Seat p's panel: coins, fruits, customers left, dice by where they are, its dice in the last roll."""
    s, seat = v["state"], v["state"]["seats"][p]
    current = p == v["toAct"]
    colour = _seat_fill(p)
    fruits = seat["fruits"]
    coins, cap = seat["coins"], v["coinCap"]
    head = (f"P{p}" + ("  (to act)" if current else "") + (" (you)" if v["observer"] == p else "")
            + (" (start player)" if p == s["startPlayer"] else "") + ("  - wins" if p in v["winners"] else ""))
    parts = [f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{PANEL_H - 4}" rx="6" '
             f'fill="{"#fff7d6" if current else "#fafafa"}" stroke="{"#c99a00" if current else "#ccc"}" '
             f'stroke-width="{2 if current else 1}"/>',
             f'<rect x="6" y="{y}" width="8" height="{PANEL_H - 4}" rx="3" fill="{colour}"/>',
             f'<text x="20" y="{y + 16}" font-size="13" font-weight="bold">{_esc(head)}</text>',
             f'<g><text x="{WIDTH - 18}" y="{y + 16}" font-size="13" text-anchor="end"><tspan font-weight="bold">'
             f'{coins}</tspan> coins   {len(fruits)}/{v["target"]} fruits   {seat["customersLeft"]} customers left'
             f'<title>{_esc(f"P{p}: {coins} coins (cap {cap}), {len(fruits)} fruits")}</title></text></g>']
    # coins: the track up to the cap
    for k in range(cap):
        parts.append(f'<circle cx="{WIDTH - 380 + k * 14}" cy="{y + 12}" r="5" fill="{"#e6b800" if k < coins else "white"}" '
                     f'stroke="#a07c00"/>')
    # fruits: one box per fruit, filled when held
    parts.append(f'<text x="20" y="{y + 37}" font-size="10">fruits</text>')
    for k, f in enumerate(v["fruits"]):
        held = f in fruits
        fx = 56 + k * 66
        tip = f"P{p} {f}: " + ("held" if held else "not held")
        parts.append(f'<g><rect x="{fx}" y="{y + 26}" width="62" height="15" rx="7" '
                     f'fill="{FRUIT_FILL.get(f, "#999") if held else "white"}" stroke="{FRUIT_FILL.get(f, "#999")}">'
                     f'<title>{_esc(tip)}</title></rect>'
                     f'<text x="{fx + 31}" y="{y + 37}" font-size="9.5" text-anchor="middle" '
                     f'fill="{"#222" if held else "#aaa"}">{f}</text></g>')
    # dice, by where they are
    dice = _seat_dice(v, seat)
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
    roll = v["lastRoll"]
    mine = [(d["die"].partition(":")[2], d["face"]) for d in (roll["dice"] if roll else []) if d["seat"] == p]
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
    """The table as one SVG image: the river with its boats and docks, the pool and last roll, the
    buildings, a panel per player; a state the engine cannot read as its JSON, marked as such."""
    s = _state(state)
    v = view(s, observer)
    if v is None:
        return _unread_svg(s, observer)
    parts = ['<defs><marker id="fm-arrow" markerWidth="8" markerHeight="8" refX="6" refY="3" orient="auto">'
             '<path d="M0,0 L6,3 L0,6 z" fill="#3d85c6"/></marker></defs>',
             f'<text x="10" y="18" font-size="14" font-weight="bold">{_esc(_title(v))}</text>',
             f'<text x="10" y="36" font-size="12">{_esc(_status(v))}</text>']
    parts.extend(_river_svg(v))
    parts.extend(_centre_svg(v))
    buildings, bottom = _buildings_svg(v)
    parts.extend(buildings)
    y = max(RIVER_TOP + 310, bottom) + 8
    for p in range(len(v["state"]["seats"])):
        parts.extend(_panel_svg(v, p, y))
        y += PANEL_H
    return _svg(parts, y + 4)


def _unread_svg(s: State, observer: int | None) -> str:
    """A state the engine cannot read: the text board's note and the state's JSON, a line each."""
    lines = text_board("floating-market", s, observer).splitlines()
    parts = [f'<text x="10" y="{18 + 13 * k}" font-size="11" font-family="monospace" xml:space="preserve">'
             f'{_esc(line)}</text>' for k, line in enumerate(lines)]
    return _svg(parts, 18 + 13 * len(lines))


def _svg(parts: list[str], height: float) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
            f'font-family="sans-serif">' + "".join(parts) + "</svg>")


def _state(state: str | State) -> State:
    return load_state(state, FORMAT_PREFIX, "Floating Market")
