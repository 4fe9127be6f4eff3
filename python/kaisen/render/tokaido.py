"""The Tokaido renderer: an SVG of the road for notebooks and a text view for terminals.

Both read the state JSON (format ``kaisen.tokaido.state/1``, see docs/game-records.md) that
``env.state_json()`` returns. They read every field with a fallback, so a state that gains,
drops or renames a field still draws (what is missing is left out, never guessed).

- :func:`board_svg`: the road from Kyoto to Edo (the 55 positions, one row per stage between
  inns, each space coloured by kind, double spaces with their two spots, the second one
  dashed when only 4-5 players use it), every traveller at its position and spot coloured by
  seat (at an inn queued by arrival), the inn's meals on offer, the village's souvenirs,
  and per player a panel: traveller, coins, points, panoramas, souvenirs by set, meals,
  encounters, hot springs, donations and achievements.
- :func:`board_text`: the same facts as plain text.

On a double space the earlier arrival holds the road spot and the later one the second spot
(the engine's rule); a ``spot`` field on a seat, if the state ever carries one, wins.
A spectator view by default (deck orders are never drawn, only deck sizes). ``observer=seat``
hides what that seat cannot see (state format ``/2``): another seat's dealt traveller tiles
before it keeps one, and the meals on offer unless the observer stands at that inn (except
the last ``offerKnown`` of them, drawn from the meal deck's known bottom). Registered for the game id
``tokaido`` in :mod:`kaisen.render`.
"""

from __future__ import annotations

from typing import Any

from ._parts import State, as_int as _int, as_list as _list, engine_view, esc as _esc, seats as _seats, status_parts
from ._parts import to_act as _to_act
from ._parts import load_state

POSITIONS = 55
INNS = (0, 14, 27, 41, 54)
INN_NAMES = {0: "Kyoto", 14: "Inn 14", 27: "Inn 27", 41: "Inn 41", 54: "Edo"}
#: The road's key, position 0 to 54 (rules, "Board"): I inn, then the space letters; ``*`` a double space.
ROAD = ("I V* T E P H* M* F* V T* E S* M H I S T F* P* M* E* T H* M S* V F I "
        "P V E* F M* H S* P T* F* E S V* I H T* E V* S F* H* E M P* S* V I").split()
KINDS = {
    "I": ("inn", "#5b4636"), "V": ("village", "#e59a3b"), "T": ("temple", "#c8463d"), "E": ("encounter", "#8a5ab0"),
    "P": ("paddy", "#9bc53d"), "M": ("mountain", "#6f8f72"), "S": ("sea", "#3d85c6"), "H": ("hot spring", "#e88fb4"),
    "F": ("farm", "#d9c24a"),
}
SEAT_FILL = ["#1f5fbf", "#d1373c", "#2c9a52", "#e0a100", "#7d3fa0"]
PANORAMA_SIZE = {"paddy": 3, "mountain": 4, "sea": 5}
SOUVENIR_TYPES = ("small-objects", "food-and-drink", "clothing", "art")
SOUVENIR_FILL = {"small-objects": "#c9a66b", "food-and-drink": "#e07b39", "clothing": "#4f86c6", "art": "#a05195"}
SOUVENIRS = (
    ("koma", 1), ("gofu", 1), ("yunomi", 1), ("uchiwa", 1), ("hashi", 1), ("washi", 1),
    ("manju", 1), ("kamaboko", 1), ("konpeito", 1), ("daifuku", 2), ("sake", 2), ("ocha", 2),
    ("haori", 2), ("furoshiki", 2), ("sandogasa", 2), ("kanzashi", 2), ("geta", 2), ("yukata", 2),
    ("netsuke", 2), ("jubako", 2), ("shikki", 2), ("shamisen", 3), ("sumie", 3), ("ukiyoe", 3),
)
SOUVENIR_TYPE = {name: SOUVENIR_TYPES[i // 6] for i, (name, _) in enumerate(SOUVENIRS)}
SOUVENIR_PRICE = dict(SOUVENIRS)
MEAL_COST = {**{k: 1 for k in ("misoshiru", "nigirimeshi", "dango")},
             **{k: 2 for k in ("tofu", "tempura", "sushi", "soba", "yakitori")},
             **{k: 3 for k in ("unagi", "udon", "fugu", "tai-meshi", "sashimi", "donburi")}}
SET_POINTS = (0, 1, 4, 9, 16)  # a set of k distinct types scores 1 + 3 + 5 + 7 for its 1st..4th card

FORMAT_PREFIX = "kaisen.tokaido.state/"
VIEW_PREFIX = "kaisen.tokaido.view/"


def kind(position: int) -> str:
    """The space letter at a position (``I`` inn, ``V`` village, ...)."""
    return ROAD[position].rstrip("*")


def is_double(position: int) -> bool:
    return ROAD[position].endswith("*")


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


def _offer_inn(s: State) -> int | None:
    """The inn whose meals are on offer: the furthest inn a traveller stands at (nobody passes an inn before all reach it)."""
    reached = [_int(seat.get("position"), -1) for seat in _seats(s) if _int(seat.get("position"), -1) in INN_NAMES]
    return max(reached) if reached else None


def view(state: str | State, observer: int | None = None) -> State:
    """What ``observer`` (None: a spectator) may see of the state, as the engine's ``TokaidoView`` gives
    it (format ``kaisen.tokaido.view/1``): ``state`` (the state JSON without what the seat cannot know:
    deck orders, the others' dealt tiles, the meals on offer it has not seen, as None), ``winners``,
    ``dealtShown``. A view given is returned as it is; for a state the engine cannot read, the state as
    found, no winners, and for a seat no dealt tile of another and no meal on offer shown."""
    if isinstance(state, dict) and str(state.get("format", "")).startswith(VIEW_PREFIX):
        return state
    s = _state(state)
    v = engine_view("tokaido", s, observer)
    if v is not None:
        return v
    n = len(_seats(s))
    if observer is None:
        return {"observer": -1, "winners": [], "dealtShown": [True] * n, "state": s}
    hidden = {k: x for k, x in s.items() if k not in ("rng", "offer")}
    hidden["offer"] = [None] * len(_offer(s))
    return {"observer": observer, "winners": [], "dealtShown": [p == observer for p in range(n)], "state": hidden}


def visible_offer(s: State, observer: int | None) -> list:
    """The meals on offer as ``observer`` sees them, as the engine shows them (None for a meal it
    cannot see: the travellers at the inn see the offer, the others only the last ``offerKnown``
    meals, drawn from the meal deck's known bottom, and the number of the rest); all for a spectator."""
    return _offer(view(s, observer)["state"])


def winners(s: State) -> list[int]:
    """At the end, the winners as the engine ranks them (the most points, then the most achievement cards); else []."""
    return list(view(s, None)["winners"])


def _meal_label(card: Any) -> str:
    if card is None:
        return "? (hidden)"
    k = card_kind(card)
    return f"{k} ({MEAL_COST[k]})" if k in MEAL_COST else k


def _souvenir_label(card: Any) -> str:
    k = card_kind(card)
    return f"{k} ({SOUVENIR_PRICE[k]})" if k in SOUVENIR_PRICE else k


def spots(s: State) -> dict[int, tuple[int, int]]:
    """Each seat's (position, spot): spot 0 the road spot (or first in an inn's queue), 1 the second spot, ...

    Travellers on one position are ordered by arrival (the earlier arrival first); at an inn the
    spot is the place in the queue. A seat's own ``spot`` field, if any, is used as it is."""
    seats = _seats(s)
    by_pos: dict[int, list[int]] = {}
    for p, seat in enumerate(seats):
        by_pos.setdefault(_int(seat.get("position")), []).append(p)
    out: dict[int, tuple[int, int]] = {}
    for pos, ps in by_pos.items():
        ps.sort(key=lambda p: (_int(seats[p].get("arrival")), p))
        for k, p in enumerate(ps):
            spot = seats[p].get("spot")
            out[p] = (pos, _int(spot, k) if spot is not None else k)
    return out


def souvenir_sets(seat: dict[str, Any]) -> list[list[str]]:
    """The seat's souvenirs by set, as names when they can be placed, else as the sets' types.

    Replays the engine's rule (a new souvenir joins the largest set lacking its type, among
    equals the oldest; else a new set) on the souvenirs in order, and keeps the names only if
    that gives the sets the state lists."""
    types = [[str(t) for t in _list(st)] for st in _list(seat.get("souvenirSets"))]
    names: list[list[str]] = []
    for card in _list(seat.get("souvenirs")):
        name = card_kind(card)
        t = SOUVENIR_TYPE.get(name)
        best = None
        for i, st in enumerate(names):
            if t not in [SOUVENIR_TYPE.get(n) for n in st] and (best is None or len(st) > len(names[best])):
                best = i
        if best is None:
            names.append([name])
        else:
            names[best].append(name)
    if not types:
        return names
    if [sorted(SOUVENIR_TYPE.get(n, "?") for n in st) for st in names] == [sorted(st) for st in types]:
        return names
    return types


def _points_of_sets(sets: list[list[str]]) -> int:
    return sum(SET_POINTS[min(len(st), 4)] for st in sets)


def _panoramas(seat: dict[str, Any]) -> dict[str, int]:
    p = seat.get("panoramas")
    if isinstance(p, list):  # [paddy, mountain, sea]
        p = dict(zip(PANORAMA_SIZE, p))
    p = p if isinstance(p, dict) else {}
    return {t: _int(p.get(t)) for t in PANORAMA_SIZE}


def _spring_points(seat: dict[str, Any]) -> int:
    return sum(3 if card_kind(c).startswith("spring3") else 2 for c in _list(seat.get("hotSprings")))


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


def _seat_summary(seat: dict[str, Any]) -> list[str]:
    pan = _panoramas(seat)
    sets = souvenir_sets(seat)
    springs = _list(seat.get("hotSprings"))
    encounters = [card_kind(e) for e in _list(seat.get("encounters"))]
    meals = [card_kind(m) for m in _list(seat.get("meals"))]
    ach = [str(a) for a in _list(seat.get("achievements"))]
    return [
        "panoramas " + " ".join(f"{t} {pan[t]}/{n}" for t, n in PANORAMA_SIZE.items()),
        "souvenirs " + (" | ".join("+".join(st) for st in sets) or "-"),
        "meals " + (", ".join(meals) or "-"),
        "encounters " + (", ".join(encounters) or "-"),
        f"hot springs {len(springs)} ({_spring_points(seat)} pts)",
        f"donated {_int(seat.get('donated'))}",
        "achievements " + (", ".join(ach) or "-"),
    ]


def board_text(state: str | State, observer: int | None = None) -> str:
    """A plain-text view: the road (seat numbers after their space), the inn's offer, a few lines per player."""
    v = view(state, observer)
    s = v["state"]
    seats = _seats(s)
    where = spots(s)
    lines = [_header(s, observer, v)]
    road = []
    for pos in range(POSITIONS):
        here = sorted((sp, p) for p, (q, sp) in where.items() if q == pos)
        cell = ROAD[pos].replace("*", "") + "".join(str(p) for _, p in here) + ("*" if is_double(pos) else "")
        road.append(cell)
    for k in range(len(INNS) - 1):
        lo, hi = INNS[k], INNS[k + 1]
        lines.append(f"road {lo:>2}-{hi:>2}: " + " ".join(road[lo:hi + 1] if k == len(INNS) - 2 else road[lo:hi]))
    lines.append("        (I inn, V village, T temple, E encounter, P paddy, M mountain, S sea, H hot spring, "
                 "F farm; * double space; digits: seats there, in arrival order)")
    offer = _offer(s)
    if offer:
        inn = _offer_inn(s)
        lines.append("meals on offer" + (f" at {INN_NAMES[inn]}" if inn is not None else "") + ": "
                     + ", ".join(_meal_label(m) for m in offer))
    village = s.get("village") if isinstance(s.get("village"), dict) else {}
    revealed = _list(village.get("revealed"))
    if s.get("phase") == "VILLAGE" or any(r is not None for r in revealed):
        lines.append("village: " + ", ".join("-" if r is None else _souvenir_label(r) for r in revealed))
    drawn = _list(s.get("drawnEncounters"))
    if drawn:
        lines.append("encounters to choose from: " + ", ".join(card_kind(e) for e in drawn))
    if s.get("satsukiMeal"):
        lines.append(f"Satsuki's free meal: {card_kind(s['satsukiMeal'])}")
    act = _to_act(s)
    for p, seat in enumerate(seats):
        pos, spot = where.get(p, (0, 0))
        at = INN_NAMES.get(pos, f"{pos} {KINDS.get(kind(pos), ('?',))[0]}") if 0 <= pos < POSITIONS else str(pos)
        place = f"{at}" + (", second spot" if spot == 1 and is_double(pos) else "")
        lines.append(f"P{p}{'*' if p == act else ' '} {_traveller(seat, v['dealtShown'][p])} at {place}: {_int(seat.get('coins'))} coins, "
                     f"{_int(seat.get('points'))} points")
        lines.append("     " + "; ".join(_seat_summary(seat)))
    decks = s.get("decks") if isinstance(s.get("decks"), dict) else {}
    if decks:
        lines.append("decks: " + ", ".join(
            f"{name} {len(_list(d.get('cards'))) if isinstance(d, dict) else _int(d)}" for name, d in decks.items()))
    return "\n".join(lines)


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


def _road_svg(s: State, y0: float) -> tuple[list[str], float]:
    seats = _seats(s)
    players = _int(s.get("players"), len(seats))
    where = spots(s)
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
        x, yy = layout[pos]
        y = y0 + yy
        letter = kind(pos)
        name, fill = KINDS.get(letter, ("?", "#999"))
        if letter == "I":
            parts.append(f'<g><rect x="{x + 2}" y="{y + 18}" width="{CELL - 4}" height="70" rx="6" fill="{fill}" '
                         f'stroke="#222"><title>{_esc(f"{pos}: inn, {INN_NAMES[pos]}")}</title></rect>'
                         f'<text x="{x + CELL / 2}" y="{y + 31}" font-size="9" fill="white" text-anchor="middle" '
                         f'font-weight="bold">{_esc(INN_NAMES[pos])}</text></g>')
            continue
        double = is_double(pos)
        title = f"{pos}: {name}" + (" (double space)" if double else "")
        parts.append(f'<g><rect x="{x + 3}" y="{y + 46}" width="{CELL - 6}" height="32" rx="5" fill="{fill}" '
                     f'stroke="#333"><title>{_esc(title)}</title></rect>'
                     f'<text x="{x + CELL / 2}" y="{y + 88}" font-size="9" text-anchor="middle" fill="#555">{pos}</text>'
                     f'<text x="{x + 8}" y="{y + 57}" font-size="9" fill="white" font-weight="bold">{letter}</text></g>')
        if double:  # the second spot, off the road above the space; dashed when the player count leaves it unused
            used = players >= 4
            dash = 'stroke-dasharray="3,2" '
            parts.append(f'<rect x="{x + 9}" y="{y + 20}" width="{CELL - 18}" height="22" rx="5" fill="{fill}" '
                         f'fill-opacity="{0.85 if used else 0.25}" stroke="#333" '
                         f'{"" if used else dash}>'
                         f'<title>{_esc(f"{pos}: {name}, second spot" + ("" if used else " (used with 4-5 players only)"))}'
                         f'</title></rect>')
    # travellers
    for p, seat in enumerate(seats):
        pos, spot = where.get(p, (0, 0))
        if pos not in layout:
            continue
        x, yy = layout[pos]
        y = y0 + yy
        trav = seat.get("traveller") or "traveller"
        if kind(pos) == "I":
            cx, cy, r = x + CELL / 2, y + 42 + 11 * spot, 6.5
            label = f"P{p} {trav} at {pos} ({INN_NAMES[pos]}), {spot + 1} in arrival order"
            parts.append(_token(cx, cy, p, label, r=r).replace('font-size="11"', 'font-size="8"').replace(
                f'y="{cy + 4}"', f'y="{cy + 3}"'))
        elif spot >= 1:
            parts.append(_token(x + CELL / 2, y + 31, p, f"P{p} {trav} at {pos}, second spot"))
        else:
            parts.append(_token(x + CELL / 2, y + 66, p, f"P{p} {trav} at {pos}"))
    return parts, y0 + (len(INNS) - 1) * ROW_H


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


def _panel_svg(s: State, v: State, p: int, seat: dict[str, Any], y: float, width: float) -> list[str]:
    observer = None if v["observer"] < 0 else v["observer"]
    act = _to_act(s)
    current = p == act
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
    # panoramas: one box per card of each panorama
    px = 20
    for t, n in PANORAMA_SIZE.items():
        have = _panoramas(seat)[t]
        fill = KINDS[{"paddy": "P", "mountain": "M", "sea": "S"}[t]][1]
        parts.append(f'<text x="{px}" y="{y + 34}" font-size="10">{t}</text>')
        bx = px + 6 * len(t) + 4
        for i in range(n):
            parts.append(f'<rect x="{bx + i * 11}" y="{y + 25}" width="9" height="11" fill="{fill if i < have else "white"}" '
                         f'stroke="{fill}"><title>{_esc(f"{t} panorama {have}/{n}")}</title></rect>')
        px = bx + n * 11 + 14
    springs = _list(seat.get("hotSprings"))
    encounters = [card_kind(e) for e in _list(seat.get("encounters"))]
    parts.append(f'<text x="{px + 6}" y="{y + 34}" font-size="10">hot springs {len(springs)} ({_spring_points(seat)} pts)'
                 f'   encounters {len(encounters)}   donated {_int(seat.get("donated"))}'
                 + (f'   meals paid {_int(seat.get("mealSpent"))}' if "mealSpent" in seat else "") + '</text>')
    # souvenirs by set
    sets = souvenir_sets(seat)
    parts.append(f'<text x="20" y="{y + 53}" font-size="10">souvenirs ({_points_of_sets(sets)} pts)</text>')
    sx = 125
    for i, st in enumerate(sets):
        chips = [(n if n in SOUVENIR_TYPE else n, SOUVENIR_FILL.get(SOUVENIR_TYPE.get(n, n), "#888"),
                  f"set {i + 1}: {n} ({SOUVENIR_TYPE.get(n, n)})") for n in st]
        start = sx
        got, sx = _chips(sx + 3, y + 53, chips, width - 20)
        parts.append(f'<rect x="{start}" y="{y + 53 - 13}" width="{sx - start}" height="20" rx="4" fill="#eee" '
                     f'stroke="#bbb"><title>set {i + 1}: {len(st)} types, {SET_POINTS[min(len(st), 4)]} points</title></rect>')
        parts.extend(got)
        sx += 8
    if not sets:
        parts.append(f'<text x="{sx}" y="{y + 53}" font-size="10" fill="#888">none</text>')
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
    parts.append(f'<text x="20" y="{y + 88}" font-size="10">achievements</text>')
    got, _ = _chips(98, y + 88, [(a, "#8c6d1f", f"achievement: {a} (3 points)") for a in ach], width - 20)
    parts.extend(got)
    if not ach:
        parts.append(f'<text x="98" y="{y + 88}" font-size="10" fill="#888">none</text>')
    return parts


def board_svg(state: str | State, observer: int | None = None) -> str:
    """The table as one SVG image: the road in four stages, the inn's meals and village's souvenirs, a panel per player."""
    v = view(state, observer)
    s = v["state"]
    seats = _seats(s)
    width = X0 * 2 + 15 * CELL
    parts: list[str] = [f'<text x="10" y="18" font-size="15" font-weight="bold">{_esc(_header(s, observer, v))}</text>']
    road, y = _road_svg(s, 24)
    parts.extend(road)
    # legend
    lx = 12
    for letter, (name, fill) in KINDS.items():
        parts.append(f'<rect x="{lx}" y="{y + 4}" width="10" height="10" fill="{fill}"/>'
                     f'<text x="{lx + 13}" y="{y + 13}" font-size="10">{letter} {name}</text>')
        lx += 22 + 6 * len(name) + 8
    y += 22
    offer = _offer(s)
    if offer:
        inn = _offer_inn(s)
        parts.append(f'<text x="12" y="{y + 12}" font-size="12" font-weight="bold">Meals on offer'
                     f'{_esc(" at " + INN_NAMES[inn]) if inn is not None else ""}</text>')
        got, _ = _chips(205, y + 12, [(_meal_label(m), "#b5651d" if m is not None else "#999",
                                       f"meal on offer: {_meal_label(m)}") for m in offer],
                        width - 10)
        parts.extend(got)
        y += 20
    village = s.get("village") if isinstance(s.get("village"), dict) else {}
    revealed = _list(village.get("revealed"))
    if any(r is not None for r in revealed):
        parts.append(f'<text x="12" y="{y + 12}" font-size="12" font-weight="bold">Village</text>')
        got, _ = _chips(150, y + 12, [(_souvenir_label(r), SOUVENIR_FILL.get(SOUVENIR_TYPE.get(card_kind(r), ""), "#888"),
                                       f"souvenir for sale: {_souvenir_label(r)}") for r in revealed if r is not None],
                        width - 10)
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
    for p, seat in enumerate(seats):
        parts.extend(_panel_svg(s, v, p, seat, y + 2, width))
        y += 98
    height = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif">' + "".join(parts) + "</svg>")


def _state(state: str | State) -> State:
    return load_state(state, FORMAT_PREFIX, "Tokaido")
