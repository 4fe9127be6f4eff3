"""The Tokaido renderer: an SVG of the road for notebooks, and the engine's text board for terminals.

Both show what the engine's view says (``TokaidoView``, format ``kaisen.tokaido.view/1``) of the
state JSON (format ``kaisen.tokaido.state/2``, see docs/game-records.md) that ``env.state_json()``
returns; this module decides no rule and no visibility, it draws.

- :func:`board_svg`: the road from Kyoto to Edo (the 55 positions, one row per stage between
  inns, each space coloured by the kind the view gives, double spaces with their two spots, the
  second one dashed when the game leaves it unused), every traveller at its position and spot
  coloured by seat (at an inn queued by arrival), the inn's meals on offer, the village's souvenirs,
  and per player a panel: traveller, coins, points, panoramas, souvenirs by set, meals,
  encounters, hot springs, donations and achievements, with the points the view gives.
- :func:`board_text`: the engine's text board (``TokaidoText``, :func:`kaisen.render._parts.text_board`).

A spectator view by default (deck orders are never drawn, only deck sizes). ``observer=seat``
shows what that seat may see: another seat's dealt traveller tiles and the meals on offer it has
not seen are hidden by the engine. A state the engine cannot read (made by hand) is drawn from the
fields found, read leniently, without the facts only the engine gives (kinds of spaces, points).
Registered for the game id ``tokaido`` in :mod:`kaisen.render`.
"""

from __future__ import annotations

from typing import Any

from ._parts import State, as_int as _int, as_list as _list, engine_view, esc as _esc, seats as _seats, status_parts
from ._parts import text_board, text_svg, to_act as _to_act
from ._parts import load_state

# Geometry and colours: how the road is laid out (a row per stage, from inn to inn) and painted.
POSITIONS = 55
INNS = (0, 14, 27, 41, 54)
INN_NAMES = {0: "Kyoto", 14: "Inn 14", 27: "Inn 27", 41: "Inn 41", 54: "Edo"}
#: Per board-key letter (the view's ``road[pos].letter``): the kind's name as drawn and its colour.
KINDS = {
    "I": ("inn", "#5b4636"), "V": ("village", "#e59a3b"), "T": ("temple", "#c8463d"), "E": ("encounter", "#8a5ab0"),
    "P": ("paddy", "#9bc53d"), "M": ("mountain", "#6f8f72"), "S": ("sea", "#3d85c6"), "H": ("hot spring", "#e88fb4"),
    "F": ("farm", "#d9c24a"),
}
SEAT_FILL = ["#1f5fbf", "#d1373c", "#2c9a52", "#e0a100", "#7d3fa0"]
SOUVENIR_FILL = {"small-objects": "#c9a66b", "food-and-drink": "#e07b39", "clothing": "#4f86c6", "art": "#a05195"}

FORMAT_PREFIX = "kaisen.tokaido.state/"
VIEW_PREFIX = "kaisen.tokaido.view/"


def card_kind(card: Any) -> str:
    """``'tai-meshi.1'`` -> ``'tai-meshi'`` (a card name without its copy number); None -> ``'?'``."""
    if card is None:
        return "?"
    if isinstance(card, dict):  # a card as an object, should the format ever say more about it
        card = card.get("name") or card.get("kind") or card.get("card") or "?"
    return str(card).rsplit(".", 1)[0] if "." in str(card) else str(card)


def _offer(s: State) -> list:
    """The inn's meals on offer (under whichever name the format uses)."""
    for key in ("offer", "mealOffer", "mealsOnOffer", "innMeals", "meals"):
        v = s.get(key)
        if isinstance(v, dict):
            v = v.get("meals", v.get("cards"))
        if isinstance(v, list):
            return v
    return []


def _options(s: State) -> dict[str, Any]:
    """The config options the state was played under (the travellers' powers on or off)."""
    return {"travellers": s["travellers"]} if isinstance(s.get("travellers"), bool) else {}


def view(state: str | State, observer: int | None = None) -> State | None:
    """What ``observer`` (None: a spectator) may see of the state, as the engine's ``TokaidoView`` gives
    it (format ``kaisen.tokaido.view/1``, its fields documented there): ``state`` (the state JSON
    without what the seat cannot know: deck orders, the others' dealt tiles, the meals on offer it
    has not seen, as None), ``winners``, ``dealtShown``, the road's spaces, each seat's spot and
    points of its souvenir sets and hot springs, the prices on the table, ... A view given is
    returned as it is; for a state the engine cannot read, None for a seat (nothing decides what it
    may see) and for a spectator the state as found, with no winners nor other facts of the rules."""
    if isinstance(state, dict) and str(state.get("format", "")).startswith(VIEW_PREFIX):
        return state
    s = _state(state)
    v = engine_view("tokaido", s, observer, _options(s))
    if v is not None or observer is not None:
        return v
    return {"observer": -1, "winners": [], "dealtShown": [True] * len(_seats(s)), "state": s}


def visible_offer(s: State, observer: int | None) -> list:
    """The meals on offer as the engine shows them to ``observer`` (None for a meal it cannot see:
    the travellers at the inn see the offer, the others only the last ``offerKnown`` meals, drawn
    from the meal deck's known bottom, and the number of the rest); all for a spectator; none of a
    state the engine cannot read."""
    v = view(s, observer)
    return _offer(v["state"]) if v is not None else [None] * len(_offer(_state(s)))


def winners(s: State) -> list[int]:
    """At the end, the winners as the engine ranks them (the most points, then the most achievement cards); else []."""
    return list(view(s, None)["winners"])


def _nth(x: Any, *index: int) -> Any:
    """``x[i][j]...``, or None where there is no such entry."""
    for i in index:
        x = x[i] if isinstance(x, list) and 0 <= i < len(x) else None
    return x


def _at(v: State, key: str, *index: int) -> Any:
    """``v[key][i][j]...`` of the view, or None where the view has no such entry."""
    return _nth(v.get(key), *index)


def _priced(name: str, price: Any) -> str:
    return f"{name} ({price})" if price is not None else name


def _traveller(seat: dict[str, Any], shown: bool = True) -> str:
    """The kept traveller; before keeping, the dealt pair (when the view shows it: to its own seat)."""
    t = seat.get("traveller")
    if t:
        return str(t)
    dealt = [card_kind(d) for d in _list(seat.get("dealt"))]
    if not shown:
        return f"dealt {len(dealt) or 2} tiles (hidden)"
    if not dealt:
        return "(choosing)"
    return "dealt " + " / ".join(dealt)


def _header(s: State, observer: int | None, v: State) -> str:
    players = s.get("players", len(_seats(s)))
    parts = [f"Tokaido, {players} players" + ("" if s.get("travellers", True) else " (no powers)")]
    parts.append(f"decision {s.get('decisions', '?')}")
    parts += status_parts(s, v["winners"])
    if observer is not None:
        parts.append(f"seen by P{observer}")
    return ", ".join(parts)


def board_text(state: str | State, observer: int | None = None) -> str:
    """The engine's text board (``TokaidoText``) of the state as ``observer`` (None: a spectator)
    sees it: the status, the road by stage with the seats on their spaces, the table, two lines
    per player, the deck sizes; the state JSON, marked, when the engine cannot read it."""
    s = _state(state)
    return text_board("tokaido", s, observer, _options(s))


# ----------------------------------------------------------------------------------------------- SVG

CELL = 50  # width of one position
ROW_H = 92  # height of one stage's row
X0 = 12


def _layout() -> dict[int, tuple[float, float]]:
    """Top-left corner of each position: one row per stage, each row starting at its inn (Edo ends the last)."""
    out: dict[int, tuple[float, float]] = {}
    for k in range(len(INNS) - 1):
        lo, hi = INNS[k], INNS[k + 1]
        last = hi + 1 if k == len(INNS) - 2 else hi
        for j, pos in enumerate(range(lo, last)):
            out[pos] = (X0 + j * CELL, k * ROW_H)
    return out


def _token(cx: float, cy: float, p: int, label: str, r: float = 10, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="3,2"' if dashed else ""
    return (f'<g><circle cx="{cx}" cy="{cy}" r="{r}" fill="{SEAT_FILL[p % len(SEAT_FILL)]}" stroke="#111" '
            f'stroke-width="1.5"{dash}><title>{_esc(label)}</title></circle>'
            f'<text x="{cx}" y="{cy + 4}" font-size="11" font-weight="bold" text-anchor="middle" fill="white">{p}</text></g>')


def _space(v: State, pos: int) -> tuple[str, str, str, bool]:
    """(letter, name, colour, double) of the space at ``pos`` as the view's ``road`` gives it;
    ``?`` and grey, not double, when the view has no road (a state the engine cannot read)."""
    space = _at(v, "road", pos)
    space = space if isinstance(space, dict) else {}
    letter = str(space.get("letter", "?"))
    name, fill = KINDS.get(letter, (str(space.get("kind", "?")), "#999"))
    return letter, name, fill, bool(space.get("double"))


def _places(s: State, v: State) -> dict[int, tuple[int, int, int]]:
    """Each seat's (position, spot, rank): the spot the view gives (0 when it gives none) and, for
    drawing a queue, its rank among the seats on its position by (spot, seat)."""
    seats = _seats(s)
    out: dict[int, tuple[int, int, int]] = {}
    by_pos: dict[int, list[tuple[int, int]]] = {}
    for p, seat in enumerate(seats):
        spot = _int(_at(v, "spots", p))
        by_pos.setdefault(_int(seat.get("position")), []).append((spot, p))
    for pos, here in by_pos.items():
        for rank, (spot, p) in enumerate(sorted(here)):
            out[p] = (pos, spot, rank)
    return out


def _road_svg(s: State, v: State, y0: float) -> tuple[list[str], float]:
    layout = _layout()
    parts: list[str] = []
    for k in range(len(INNS) - 1):
        ry = y0 + k * ROW_H
        # the road line through the row
        row = [pos for pos in layout if layout[pos][1] == k * ROW_H]
        x_last = layout[max(row)][0] + CELL - 4
        parts.append(f'<line x1="{X0 + 4}" y1="{ry + 62}" x2="{x_last}" y2="{ry + 62}" stroke="#bba98a" stroke-width="6" '
                     f'stroke-linecap="round"/>')
        parts.append(f'<text x="{X0 + 15 * CELL - 4}" y="{ry + 14}" font-size="10" fill="#777" text-anchor="end">'
                     f'stage {k + 1}: {INNS[k]} to {INNS[k + 1]}</text>')
    for pos in range(POSITIONS):
        parts.extend(_space_svg(v, pos, layout[pos][0], y0 + layout[pos][1]))
    parts.extend(_travellers_svg(s, v, y0, layout))
    return parts, y0 + (len(INNS) - 1) * ROW_H


def _space_svg(v: State, pos: int, x: float, y: float) -> list[str]:
    """One position: an inn's tall box, or a space coloured by kind with its second spot if double."""
    letter, name, fill, double = _space(v, pos)
    if letter == "I":
        inn = INN_NAMES.get(pos, f"Inn {pos}")
        return [f'<g><rect x="{x + 2}" y="{y + 18}" width="{CELL - 4}" height="70" rx="6" fill="{fill}" '
                f'stroke="#222"><title>{_esc(f"{pos}: inn, {inn}")}</title></rect>'
                f'<text x="{x + CELL / 2}" y="{y + 31}" font-size="9" fill="white" text-anchor="middle" '
                f'font-weight="bold">{_esc(inn)}</text></g>']
    title = f"{pos}: {name}" + (" (double space)" if double else "")
    parts = [f'<g><rect x="{x + 3}" y="{y + 46}" width="{CELL - 6}" height="32" rx="5" fill="{fill}" '
             f'stroke="#333"><title>{_esc(title)}</title></rect>'
             f'<text x="{x + CELL / 2}" y="{y + 88}" font-size="9" text-anchor="middle" fill="#555">{pos}</text>'
             f'<text x="{x + 8}" y="{y + 57}" font-size="9" fill="white" font-weight="bold">{_esc(letter)}</text></g>']
    if double:  # the second spot, off the road above the space; dashed when this game leaves it unused
        used = bool(v.get("secondSpots"))
        dash = 'stroke-dasharray="3,2" '
        parts.append(f'<rect x="{x + 9}" y="{y + 20}" width="{CELL - 18}" height="22" rx="5" fill="{fill}" '
                     f'fill-opacity="{0.85 if used else 0.25}" stroke="#333" '
                     f'{"" if used else dash}>'
                     f'<title>{_esc(f"{pos}: {name}, second spot" + ("" if used else " (used with 4-5 players only)"))}'
                     f'</title></rect>')
    return parts


def _travellers_svg(s: State, v: State, y0: float, layout: dict[int, tuple[float, float]]) -> list[str]:
    """Each traveller at its position: queued at an inn, on the second spot or on the road."""
    parts = []
    for p, (pos, spot, rank) in sorted(_places(s, v).items()):
        if pos not in layout:
            continue
        x, yy = layout[pos]
        y = y0 + yy
        trav = _seats(s)[p].get("traveller") or "traveller"
        if _space(v, pos)[0] == "I":
            cx, cy, r = x + CELL / 2, y + 42 + 11 * rank, 6.5
            label = f"P{p} {trav} at {pos} ({INN_NAMES.get(pos, pos)}), {spot + 1} in arrival order"
            parts.append(_token(cx, cy, p, label, r=r).replace('font-size="11"', 'font-size="8"').replace(
                f'y="{cy + 4}"', f'y="{cy + 3}"'))
        elif spot >= 1:
            parts.append(_token(x + CELL / 2, y + 31, p, f"P{p} {trav} at {pos}, second spot"))
        else:
            parts.append(_token(x + CELL / 2, y + 66, p, f"P{p} {trav} at {pos}"))
    return parts


def _chips(x: float, y: float, items: list[tuple[str, str, str]], max_x: float) -> tuple[list[str], float]:
    """Small labelled chips (label, fill, tooltip) in a row from (x, y); returns the parts and the x after them."""
    parts = []
    for label, fill, tip in items:
        w = 8 + 6.1 * len(label)
        if x + w > max_x:
            break
        parts.append(f'<g><rect x="{x}" y="{y - 10}" width="{w}" height="14" rx="3" fill="{fill}" fill-opacity="0.9">'
                     f'<title>{_esc(tip)}</title></rect><text x="{x + 3}" y="{y + 1}" font-size="9.5" '
                     f'fill="white">{_esc(label)}</text></g>')
        x += w + 3
    return parts, x


def _points(value: Any) -> str:
    """`` (n pts)`` for points the view gives, else nothing."""
    return f" ({value} pts)" if value is not None else ""


def _fill_of(name: str) -> str:
    return next((fill for kind, fill in KINDS.values() if kind == name), "#888")


def _panoramas_svg(v: State, p: int, seat: dict[str, Any], y: float) -> tuple[list[str], float]:
    """One box per card of each panorama (as many as the view's ``panoramaSizes``), filled as collected."""
    pan = seat.get("panoramas") if isinstance(seat.get("panoramas"), dict) else {}
    sizes = v.get("panoramaSizes") if isinstance(v.get("panoramaSizes"), dict) else {t: 0 for t in pan}
    parts = []
    px = 20
    for t, n in sizes.items():
        have, n = _int(pan.get(t)), _int(n)
        size = n or "?"
        fill = _fill_of(t)
        parts.append(f'<text x="{px}" y="{y + 34}" font-size="10">{_esc(t)}</text>')
        bx = px + 6 * len(t) + 4
        for i in range(max(n, have)):
            parts.append(f'<rect x="{bx + i * 11}" y="{y + 25}" width="9" height="11" fill="{fill if i < have else "white"}" '
                         f'stroke="{fill}"><title>{_esc(f"{t} panorama {have}/{size}")}</title></rect>')
        px = bx + max(n, have) * 11 + 14
    return parts, px


def _souvenirs_svg(v: State, p: int, seat: dict[str, Any], y: float, width: float) -> list[str]:
    """The souvenirs by set (names as the view places them, else the sets' types), each set's points."""
    types = [[str(t) for t in _list(st)] for st in _list(seat.get("souvenirSets"))]
    named = _at(v, "souvenirsBySet", p)
    sets = [[str(n) for n in _list(st)] for st in named] if isinstance(named, list) else types
    parts = [f'<text x="20" y="{y + 53}" font-size="10">souvenirs{_points(_at(v, "souvenirPoints", p))}</text>']
    sx = 125
    for i, st in enumerate(sets):
        kinds = [_nth(types, i, j) or n for j, n in enumerate(st)]
        chips = [(n, SOUVENIR_FILL.get(t, "#888"), f"set {i + 1}: {n} ({t})") for n, t in zip(st, kinds)]
        start = sx
        got, sx = _chips(sx + 3, y + 53, chips, width - 20)
        points = _at(v, "setPoints", p, i)
        parts.append(f'<rect x="{start}" y="{y + 53 - 13}" width="{sx - start}" height="20" rx="4" fill="#eee" '
                     f'stroke="#bbb"><title>set {i + 1}: {len(st)} types'
                     f'{f", {points} points" if points is not None else ""}</title></rect>')
        parts.extend(got)
        sx += 8
    if not sets:
        parts.append(f'<text x="{sx}" y="{y + 53}" font-size="10" fill="#888">none</text>')
    return parts


def _panel_svg(s: State, v: State, p: int, seat: dict[str, Any], y: float, width: float) -> list[str]:
    observer = None if v["observer"] < 0 else v["observer"]
    current = p == _to_act(s)
    colour = SEAT_FILL[p % len(SEAT_FILL)]
    parts = [f'<rect x="6" y="{y}" width="{width - 12}" height="92" rx="6" fill="{"#fff7d6" if current else "#fafafa"}" '
             f'stroke="{"#c99a00" if current else "#ccc"}" stroke-width="{2 if current else 1}"/>',
             f'<rect x="6" y="{y}" width="8" height="92" rx="3" fill="{colour}"/>']
    trav = _traveller(seat, v["dealtShown"][p])
    head = (f"P{p} {trav}" + ("  (to act)" if current else "") + (" (you)" if observer == p else "")
            + ("  - wins" if p in v["winners"] else ""))
    parts.append(f'<text x="20" y="{y + 16}" font-size="13" font-weight="bold">{_esc(head)}</text>')
    parts.append(f'<text x="{width - 18}" y="{y + 16}" font-size="13" text-anchor="end"><tspan font-weight="bold">'
                 f'{_int(seat.get("points"))}</tspan> points   {_int(seat.get("coins"))} coins</text>')
    got, px = _panoramas_svg(v, p, seat, y)
    parts.extend(got)
    springs = _list(seat.get("hotSprings"))
    encounters = [card_kind(e) for e in _list(seat.get("encounters"))]
    parts.append(f'<text x="{px + 6}" y="{y + 34}" font-size="10">hot springs {len(springs)}'
                 f'{_points(_at(v, "hotSpringPoints", p))}'
                 f'   encounters {len(encounters)}   donated {_int(seat.get("donated"))}'
                 + (f'   meals paid {_int(seat.get("mealSpent"))}' if "mealSpent" in seat else "") + '</text>')
    parts.extend(_souvenirs_svg(v, p, seat, y, width))
    # meals and encounters
    meals = [card_kind(m) for m in _list(seat.get("meals"))]
    parts.append(f'<text x="20" y="{y + 71}" font-size="10">meals</text>')
    got, _ = _chips(60, y + 71, [(m, "#b5651d", f"meal: {m}") for m in meals], width / 2)
    parts.extend(got)
    if not meals:
        parts.append(f'<text x="60" y="{y + 71}" font-size="10" fill="#888">none</text>')
    parts.append(f'<text x="{width / 2}" y="{y + 71}" font-size="10">encounters</text>')
    got, _ = _chips(width / 2 + 58, y + 71, [(e, KINDS["E"][1], f"encounter: {e}") for e in encounters], width - 20)
    parts.extend(got)
    ach = [str(a) for a in _list(seat.get("achievements"))]
    worth = v.get("achievementPoints")
    parts.append(f'<text x="20" y="{y + 88}" font-size="10">achievements</text>')
    got, _ = _chips(98, y + 88, [(a, "#8c6d1f", f"achievement: {a}" + (f" ({worth} points)" if worth is not None else ""))
                                 for a in ach], width - 20)
    parts.extend(got)
    if not ach:
        parts.append(f'<text x="98" y="{y + 88}" font-size="10" fill="#888">none</text>')
    return parts


def _table_svg(s: State, v: State, y: float, width: float) -> tuple[list[str], float]:
    """The inn's meals on offer (with the prices the view gives), the village's souvenirs, and a line
    of the other cards on the table and the deck sizes."""
    parts: list[str] = []
    offer = _offer(s)
    if offer:
        inn = v.get("offerInn")
        labels = [_priced(card_kind(m), _at(v, "offerPrices", i)) if m is not None else "? (hidden)"
                  for i, m in enumerate(offer)]
        parts.append(f'<text x="12" y="{y + 12}" font-size="12" font-weight="bold">Meals on offer'
                     f'{_esc(" at " + INN_NAMES.get(inn, f"Inn {inn}")) if isinstance(inn, int) else ""}</text>')
        got, _ = _chips(205, y + 12, [(label, "#b5651d" if m is not None else "#999", f"meal on offer: {label}")
                                      for m, label in zip(offer, labels)], width - 10)
        parts.extend(got)
        y += 20
    village = s.get("village") if isinstance(s.get("village"), dict) else {}
    revealed = _list(village.get("revealed"))
    if any(r is not None for r in revealed):
        parts.append(f'<text x="12" y="{y + 12}" font-size="12" font-weight="bold">Village</text>')
        chips = [(_priced(card_kind(r), _at(v, "villagePrices", i)),
                  SOUVENIR_FILL.get(str(_at(v, "villageTypes", i)), "#888"),
                  f"souvenir for sale: {_priced(card_kind(r), _at(v, 'villagePrices', i))}")
                 for i, r in enumerate(revealed) if r is not None]
        got, _ = _chips(150, y + 12, chips, width - 10)
        parts.extend(got)
        y += 20
    extra = []
    drawn = _list(s.get("drawnEncounters"))
    if drawn:
        extra.append("encounters to choose from: " + ", ".join(card_kind(e) for e in drawn))
    if s.get("satsukiMeal"):
        extra.append(f"Satsuki's free meal: {card_kind(s['satsukiMeal'])}")
    decks = s.get("decks") if isinstance(s.get("decks"), dict) else {}
    if decks:
        extra.append("decks: " + ", ".join(
            f"{name} {len(_list(d.get('cards'))) if isinstance(d, dict) else _int(d)}" for name, d in decks.items()))
    if extra:
        parts.append(f'<text x="12" y="{y + 12}" font-size="10.5" fill="#444">{_esc("   ".join(extra))}</text>')
        y += 18
    return parts, y


def board_svg(state: str | State, observer: int | None = None) -> str:
    """The table as one SVG image: the road in four stages, the inn's meals and village's souvenirs, a panel per player."""
    v = view(state, observer)
    if v is None:
        return text_svg(board_text(state, observer))
    s = v["state"]
    width = X0 * 2 + 15 * CELL
    parts: list[str] = [f'<text x="10" y="18" font-size="15" font-weight="bold">{_esc(_header(s, observer, v))}</text>']
    road, y = _road_svg(s, v, 24)
    parts.extend(road)
    # legend
    lx = 12
    for letter, (name, fill) in KINDS.items():
        parts.append(f'<rect x="{lx}" y="{y + 4}" width="10" height="10" fill="{fill}"/>'
                     f'<text x="{lx + 13}" y="{y + 13}" font-size="10">{letter} {name}</text>')
        lx += 22 + 6 * len(name) + 8
    y += 22
    table, y = _table_svg(s, v, y, width)
    parts.extend(table)
    for p, seat in enumerate(_seats(s)):
        parts.extend(_panel_svg(s, v, p, seat, y + 2, width))
        y += 98
    height = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif">' + "".join(parts) + "</svg>")


def _state(state: str | State) -> State:
    return load_state(state, FORMAT_PREFIX, "Tokaido")
