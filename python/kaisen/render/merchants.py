"""The Merchants of the Middle Ages renderer: an SVG of the map for notebooks and a text view for terminals.

Both read the state JSON (format ``kaisen.merchants.state/1``, written by the engine's
``MerchantsJson``) that ``env.state_json()`` returns. Fields are read with fallbacks, so a state
that gains or drops a field still draws (what is missing is left out, never guessed).

- :func:`board_svg`: the map: the six cities (market goods as coloured markers, the bonus, each
  player's warehouse there), the roads as chains of spaces with the forks, the three wagons
  (number, filled with the loading master's colour, arrived mark, an arrow for the heading; a
  wagon in the middle of a move ringed in gold with the places it passed) and the courier; below
  it a card per wagon with its cargo per player. Beside the map: the price chart (cost / sale per
  level, each good's marker, the supply, which is also the goods' legend), the wagon track
  (arrivals against the end threshold, the next status step's cost), the status ladder with each
  player's coat of arms, the face-up investment cards, the piles and the credit cards. Then a
  panel per player: money, status, credit, face-up movement tiles, investment cards, influence
  hand and this auction's bid and this round's price wheel.
- :func:`board_text`: the same facts as plain text.

The state carries its data (``data``, format ``kaisen.merchants.game/1``) only when it is not
the shipped default (``default-game.json``), which :data:`DEFAULT_DATA` copies. The map's node
ids follow the engine: the 6 cities, then the forks, then each road's spaces from its ``from``
end. The six default cities have a fixed layout (Bruges NW, Hamburg N, Cologne in the centre,
Paris W, Vienna E, Genoa S, the forks between their cities); other cities stand on a circle,
the forks at the centre of their neighbours. Road spaces are spread evenly along their road.

Both draw the engine's view of the state for the observer (:func:`view`, ``MerchantsView`` in
Java): the winners, the status step's cost, which influence hands show their kinds and how the
sealed choices show are the engine's, never decided here. A spectator view by default (the piles'
order is never drawn, only their size). ``observer=seat`` shows what that seat may see: the kinds of
the other players' influence cards hidden (their number shows), the other players' sealed bids and
price wheels hidden until they are revealed (that they are in shows). A state the engine cannot read
(e.g. one missing fields) is drawn as it is found, with nothing that follows from the rules and no
hidden part shown to a seat. Registered for the game id ``merchants`` in :mod:`kaisen.render`.
"""

from __future__ import annotations

import json
import math
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ._parts import State, as_int as _int, as_list as _list, engine_view, esc as _esc, seats as _seats, status_parts
from ._parts import to_act as _to_act
from ._parts import load_state

FORMAT_PREFIX = "kaisen.merchants.state/"
VIEW_PREFIX = "kaisen.merchants.view/"
WAGONS = 3
TILES = 4
SEAT_FILL = ["#1f5fbf", "#d1373c", "#2c9a52", "#e0a100", "#7d3fa0"]
#: Marker colours of the default goods; other goods by index.
GOOD_FILL = {"cloth": "#4f86c6", "iron": "#6d737c", "wine": "#8b1e3f", "food": "#e0a030", "silk": "#c45fb0",
             "salt": "#e6e1d3"}
OTHER_GOOD_FILL = ["#4f86c6", "#6d737c", "#8b1e3f", "#e0a030", "#c45fb0", "#9ccfc0"]
NO_MASTER_FILL = "#a07850"
COURIER_FILL = "#6a3d9a"
INFLUENCE_KINDS = ("market-right", "bargain", "wheelwright", "messenger", "guild", "patron", "exemption")
INVESTMENT_KINDS = ("reduced-cost", "driver", "coach-driver", "courier", "express-courier", "office", "low-upkeep")
INVESTMENT_FILL = {"reduced-cost": "#b5651d", "driver": "#4f7f3a", "coach-driver": "#2f6b2a", "courier": "#6a3d9a",
                   "express-courier": "#4b2470", "office": "#1f6f8b", "low-upkeep": "#8c6d1f"}
PHASES = {"BUY": "buying goods", "BID": "sealed bid", "MASTER_LOAD": "the loading master loads",
          "REQUEST": "loading request", "OFFER": "the master's offer", "ANSWER": "answer to the offer",
          "MOVE": "movement", "WHEEL": "price wheel", "SHIFT": "price shifts", "INVEST": "choose a card to auction",
          "STATUS": "status, credit and upkeep", "GAME_OVER": "game over"}

#: The engine's default data (env resource ``dev/kaisen/env/merchants/default-game.json``); a
#: state without ``data`` is played on it. The tests check this copy against the resource.
DEFAULT_DATA: dict[str, Any] = {
    "format": "kaisen.merchants.game/1",
    "name": "default",
    "goods": ["cloth", "iron", "wine", "food", "silk", "salt"],
    "goodsPerType": 9,
    "cities": [{"name": "Paris", "goods": ["cloth", "wine", "food"]},
               {"name": "Cologne", "goods": ["wine", "silk", "iron"]},
               {"name": "Vienna", "goods": ["iron", "salt", "food"]},
               {"name": "Bruges", "goods": ["cloth", "salt", "silk"]},
               {"name": "Hamburg", "goods": ["cloth", "iron", "salt"]},
               {"name": "Genoa", "goods": ["wine", "silk", "food"]}],
    "forks": ["Burgundy fork", "Alpine fork"],
    "roads": [{"from": "Bruges", "to": "Paris", "spaces": 3}, {"from": "Bruges", "to": "Cologne", "spaces": 2},
              {"from": "Bruges", "to": "Hamburg", "spaces": 4}, {"from": "Hamburg", "to": "Cologne", "spaces": 3},
              {"from": "Hamburg", "to": "Vienna", "spaces": 6}, {"from": "Paris", "to": "Burgundy fork", "spaces": 2},
              {"from": "Burgundy fork", "to": "Cologne", "spaces": 2},
              {"from": "Burgundy fork", "to": "Genoa", "spaces": 3},
              {"from": "Cologne", "to": "Alpine fork", "spaces": 2},
              {"from": "Alpine fork", "to": "Vienna", "spaces": 2},
              {"from": "Alpine fork", "to": "Genoa", "spaces": 3},
              {"from": "Genoa", "to": "Vienna", "spaces": 5}],
    "setups": [{"wagons": ["Paris", "Cologne", "Vienna"], "courier": {"from": "Bruges", "to": "Hamburg", "space": 2}},
               {"wagons": ["Bruges", "Hamburg", "Genoa"],
                "courier": {"from": "Paris", "to": "Burgundy fork", "space": 2}}],
    "startMoney": 5000,
    "bonus": {"start": 200, "growth": 100, "max": 500},
    "prices": {"cost": [100, 100, 200, 300, 400], "sale": [600, 700, 800, 900, 1000]},
    "buyLimit": 3,
    "firstRoundBuys": 2,
    "reducedCost": 100,
    "masterLoad": 3,
    "otherLoad": 2,
    "offers": {"step": 100, "max": 1000},
    "bids": {"step": 100, "max": 2000},
    "status": {"levels": ["Peddler", "Hawker", "Trader", "Merchant", "Wholesaler", "Guild member", "Guild master",
                          "Alderman", "Burgomaster", "Councillor", "Patrician", "Lord mayor"],
               "upkeep": [0, 0, 100, 100, 200, 200, 300, 300, 400, 400, 500, 500],
               "stepCost": [1000, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900, 2000, 2100, 2200, 2300,
                            2400, 2500, 2600]},
    "credit": {"cards": 5, "amount": 2000, "repay": 2500},
    "investment": ["reduced-cost", "driver", "coach-driver", "courier", "express-courier", "office", "office",
                   "low-upkeep"],
    "investmentFaceUp": 4,
    "movement": {"driver": 1, "coachDriver": 2, "courier": 1, "expressCourier": 2},
    "influence": {"copies": 3, "marketRightBuys": 2, "wheelwrightPoints": 1, "messengerPoints": 2,
                  "patronFlorins": 500},
    "endArrivals": {"2": 12, "3": 14, "4": 16},
}

# ------------------------------------------------------------------------------------- the data


def data(s: State) -> dict[str, Any]:
    """The game data: the state's ``data`` when it carries one, else :data:`DEFAULT_DATA`."""
    d = s.get("data")
    return d if isinstance(d, dict) and isinstance(d.get("cities"), list) else DEFAULT_DATA


def players(s: State) -> int:
    return _int(s.get("players"), len(_seats(s)))


def goods(s: State) -> list[str]:
    g = [str(x) for x in _list(data(s).get("goods"))]
    return g + [f"good {k}" for k in range(len(g), 6)]


def good_fill(s: State, g: int) -> str:
    name = goods(s)[g] if 0 <= g < 6 else "?"
    return GOOD_FILL.get(name, OTHER_GOOD_FILL[g % len(OTHER_GOOD_FILL)])


def good_ink(s: State, g: int) -> str:
    """Text colour on good g's marker: dark on light markers, white on dark ones."""
    fill = good_fill(s, g).lstrip("#")
    r, gr, b = (int(fill[i:i + 2], 16) for i in (0, 2, 4))
    return "#222" if 0.299 * r + 0.587 * gr + 0.114 * b > 150 else "white"


def city_goods(s: State) -> list[list[int]]:
    """Per city, the goods its market shows (good ids, ascending)."""
    names = goods(s)
    out = []
    for c in _list(data(s).get("cities"))[:6]:
        shown = [names.index(g) for g in _list(c.get("goods") if isinstance(c, dict) else None) if g in names]
        out.append(sorted(shown))
    return out + [[] for _ in range(len(out), 6)]


def _pair(d: dict[str, Any], key: str) -> tuple[list[int], list[int]]:
    v = d.get(key) if isinstance(d.get(key), dict) else {}
    return [_int(x) for x in _list(v.get("cost"))], [_int(x) for x in _list(v.get("sale"))]


def price_lines(s: State) -> tuple[list[int], list[int]]:
    """(cost, sale) per price level, lowest first."""
    return _pair(data(s), "prices")


def price_of(s: State, g: int) -> tuple[int, int, int]:
    """(level, cost, sale) of good g now."""
    cost, sale = price_lines(s)
    levels = _list(s.get("price"))
    lvl = _int(levels[g]) if g < len(levels) else 0
    lvl = max(0, min(lvl, len(cost) - 1)) if cost else 0
    return lvl, (cost[lvl] if lvl < len(cost) else 0), (sale[lvl] if lvl < len(sale) else 0)


def status_levels(s: State) -> list[tuple[str, int]]:
    """(name, upkeep) per status level, lowest first."""
    st = data(s).get("status") if isinstance(data(s).get("status"), dict) else {}
    names = [str(x) for x in _list(st.get("levels"))]
    upkeep = [_int(x) for x in _list(st.get("upkeep"))]
    return [(n, upkeep[k] if k < len(upkeep) else 0) for k, n in enumerate(names)]


def status_name(s: State, level: int) -> str:
    levels = status_levels(s)
    return levels[level][0] if 0 <= level < len(levels) else f"level {level}"


def end_arrivals(s: State) -> int:
    ends = data(s).get("endArrivals") if isinstance(data(s).get("endArrivals"), dict) else {}
    return _int(ends.get(str(players(s))), 0)


def _step(s: State, key: str) -> int:
    v = data(s).get(key) if isinstance(data(s).get(key), dict) else {}
    return _int(v.get("step"), 100)


def investment_kinds(s: State) -> list[str]:
    """The kind of each investment card, by card index."""
    return [str(k) for k in _list(data(s).get("investment"))]


def credit_cards(s: State) -> int:
    c = data(s).get("credit") if isinstance(data(s).get("credit"), dict) else {}
    return _int(c.get("cards"), 0)


# ------------------------------------------------------------------------------------- the map


@dataclass(frozen=True)
class Road:
    a: int  # the ``from`` end (a city or fork)
    b: int  # the ``to`` end
    spaces: tuple[int, ...]  # node ids from the ``from`` end


@dataclass(frozen=True)
class MapInfo:
    names: tuple[str, ...]  # every node's name: cities, forks, then road spaces (``from-to#k``)
    cities: int
    forks: int
    roads: tuple[Road, ...]
    neighbours: tuple[tuple[int, ...], ...]

    def kind(self, v: int) -> str:
        return "city" if v < self.cities else "fork" if v < self.cities + self.forks else "space"

    def name(self, v: int) -> str:
        return self.names[v] if 0 <= v < len(self.names) else f"place {v}"


def _map_key(d: dict[str, Any]) -> tuple:
    cities = tuple(str(c.get("name")) if isinstance(c, dict) else "?" for c in _list(d.get("cities")))
    forks = tuple(str(f) for f in _list(d.get("forks")))
    roads = tuple((str(r.get("from")), str(r.get("to")), _int(r.get("spaces")))
                  for r in _list(d.get("roads")) if isinstance(r, dict))
    return cities, forks, roads


@lru_cache(maxsize=32)
def _build_map(key: tuple) -> MapInfo:
    cities, forks, roads = key
    names = list(cities) + list(forks)
    ids = {n: i for i, n in enumerate(names)}
    adj: list[set[int]] = [set() for _ in names]
    out = []
    for frm, to, k in roads:
        if frm not in ids or to not in ids or frm == to:
            continue
        spaces = []
        prev = ids[frm]
        for j in range(max(k, 0)):
            v = len(names)
            names.append(f"{frm}-{to}#{j + 1}")
            adj.append(set())
            adj[prev].add(v)
            adj[v].add(prev)
            spaces.append(v)
            prev = v
        adj[prev].add(ids[to])
        adj[ids[to]].add(prev)
        out.append(Road(ids[frm], ids[to], tuple(spaces)))
    return MapInfo(tuple(names), len(cities), len(forks), tuple(out), tuple(tuple(sorted(a)) for a in adj))


def game_map(s: State) -> MapInfo:
    """The map of the state's data (node ids as the engine numbers them)."""
    return _build_map(_map_key(data(s)))


def city_names(s: State) -> list[str]:
    m = game_map(s)
    return [m.name(c) for c in range(6)]


def place_name(s: State, v: int) -> str:
    return game_map(s).name(v) if v >= 0 else "-"


def heading(s: State, node: int, prev: int) -> int | None:
    """The city or fork a wagon on a road space is heading to (forward: away from ``prev``); None in a
    city or on a fork (there the mover chooses the road)."""
    m = game_map(s)
    if not 0 <= node < len(m.names) or m.kind(node) != "space" or prev < 0:
        return None
    cur, back = node, prev
    for _ in range(len(m.names)):
        if m.kind(cur) != "space":
            return cur
        onward = [v for v in m.neighbours[cur] if v != back]
        if len(onward) != 1:
            return None
        cur, back = onward[0], cur
    return None


# ------------------------------------------------------------------------------------- reading the state


def wagons(s: State) -> list[dict[str, Any]]:
    """Per wagon 0..2: node, prev, arrived, arrivedBy, master and cargo[seat][good] (filled in when missing)."""
    raw = _list(s.get("wagons"))
    out = []
    for w in range(WAGONS):
        x = raw[w] if w < len(raw) and isinstance(raw[w], dict) else {}
        cargo = [[_int(v) for v in _list(row)] + [0] * (6 - len(_list(row))) for row in _list(x.get("cargo"))]
        cargo += [[0] * 6 for _ in range(len(cargo), players(s))]
        out.append({"node": _int(x.get("node"), -1), "prev": _int(x.get("prev"), -1),
                    "arrived": x.get("arrived") is True, "arrivedBy": _int(x.get("arrivedBy"), -1),
                    "master": _int(x.get("master"), -1), "cargo": cargo})
    return out


def wagon_at(s: State, city: int) -> int:
    for w, x in enumerate(wagons(s)):
        if x["node"] == city:
            return w
    return -1


def courier(s: State) -> int:
    c = s.get("courier")
    return _int(c.get("node"), -1) if isinstance(c, dict) else _int(c, -1)


def warehouse(seat: dict[str, Any], city: int) -> list[int]:
    rows = _list(seat.get("warehouses"))
    row = [_int(v) for v in _list(rows[city])] if city < len(rows) else []
    return row + [0] * (6 - len(row))


def hand(seat: dict[str, Any]) -> dict[str, int]:
    """The seat's influence cards per kind (every kind, 0 included)."""
    h = seat.get("influence") if isinstance(seat.get("influence"), dict) else {}
    out = {k: _int(h.get(k)) for k in INFLUENCE_KINDS}
    out.update({str(k): _int(v) for k, v in h.items() if k not in out})
    return out


def _revealed(s: State, key: str) -> bool:
    v = s.get(key) if isinstance(s.get(key), dict) else {}
    return v.get("revealed") is True


def sealed_view(s: State, key: str, observer: int | None) -> list[int | str | None]:
    """Per seat, its sealed choice (``bids`` or ``wheels``) as ``observer`` sees it, as the engine
    shows it (:func:`view`): the value, ``"sealed"``, or None when not committed."""
    return list(view(s, observer)[key])


def wheel_pointers(setting: int) -> tuple[int, int]:
    """The two pointers (0..5 a good, 6 the own coat of arms) of wheel setting 0..27 (action ``wheel:A+B``)."""
    k = 0
    for a in range(7):
        for b in range(a, 7):
            if k == setting:
                return a, b
            k += 1
    return 6, 6


def wheel_name(s: State, setting: int) -> str:
    a, b = wheel_pointers(setting)
    names = goods(s) + ["arms"]
    return f"{names[a]}+{names[b]}"


def _choice_text(s: State, key: str, v: int | str | None) -> str:
    if v is None:
        return "-"
    if v == "sealed":
        return "sealed"
    return f"{int(v) * _step(s, 'bids')}" if key == "bids" else wheel_name(s, int(v))


def _investment(s: State) -> dict[str, Any]:
    return s.get("investment") if isinstance(s.get("investment"), dict) else {}


def face_up(s: State) -> list[int]:
    """The card index in each face-up investment slot (-1 empty)."""
    return [_int(c, -1) for c in _list(_investment(s).get("faceUp"))]


def owned_cards(s: State, p: int) -> list[str]:
    kinds = investment_kinds(s)
    return [kinds[k] if k < len(kinds) else f"card {k}" for k, o in enumerate(_list(_investment(s).get("owner")))
            if _int(o, -1) == p]


def _influence(s: State) -> dict[str, Any]:
    return s.get("influence") if isinstance(s.get("influence"), dict) else {}


def discard(s: State) -> dict[str, int]:
    d = _influence(s).get("discard") if isinstance(_influence(s).get("discard"), dict) else {}
    return {str(k): _int(v) for k, v in d.items() if _int(v) > 0}


def winners(s: State) -> list[int]:
    """At the end, the winners as the engine ranks them (:func:`view`); else []."""
    return list(view(s, None)["winners"])


def _goods_list(s: State, counts: list[int], sep: str = ", ") -> str:
    names = goods(s)
    return sep.join(f"{n} {names[g]}" for g, n in enumerate(counts[:6]) if n > 0) or "-"


def _loading(s: State) -> dict[str, Any]:
    return s.get("loading") if isinstance(s.get("loading"), dict) else {}


def _move_turn(s: State) -> dict[str, Any]:
    return s.get("moveTurn") if isinstance(s.get("moveTurn"), dict) else {}


def _buy_turn(s: State) -> dict[str, Any]:
    return s.get("buyTurn") if isinstance(s.get("buyTurn"), dict) else {}


def _auction(s: State) -> tuple[int, int]:
    a = s.get("auction") if isinstance(s.get("auction"), dict) else {}
    return _int(a.get("wagon"), -1), _int(a.get("slot"), -1)


def moving_wagon(s: State) -> int:
    return _int(_move_turn(s).get("movingWagon"), -1) if s.get("phase") == "MOVE" else -1


# ------------------------------------------------------------------------------------- the engine's view


def view(state: str | State, observer: int | None = None) -> State:
    """What ``observer`` (None: a spectator) may see of the state, as the engine's ``MerchantsView``
    gives it (format ``kaisen.merchants.view/1``): ``state`` (the state JSON without what the seat
    cannot know), ``winners``, ``stepCost`` and ``stepCosts`` (per arrival count), ``handsShown`` and
    ``handSizes``, ``bids`` and ``wheels`` as the seat sees them, the ``piles``' sizes. A view given
    is returned as it is; a state the engine cannot read gets :func:`_unread_view`."""
    if isinstance(state, dict) and str(state.get("format", "")).startswith(VIEW_PREFIX):
        return state
    s = _state(state)
    if not isinstance(s.get("data"), dict):
        v = engine_view("merchants", s, observer)
    else:  # the engine reads game data from a file (option data): the state's own, for this call
        with tempfile.TemporaryDirectory(prefix="kaisen-merchants-") as folder:
            path = Path(folder) / "data.json"
            path.write_text(json.dumps(s["data"]), encoding="utf-8")
            v = engine_view("merchants", s, observer, {"data": str(path)})
    return v if v is not None else _unread_view(s, observer)


def _unread_view(s: State, observer: int | None) -> State:
    """The view of a state the engine cannot read: the state as it is, nothing that follows from the
    rules (no winners, no step cost), and for a seat no hidden part (no hand's kinds, no sealed value)."""
    n = players(s)
    spectator = observer is None

    def sealed(key: str) -> list[int | str | None]:
        v = s.get(key) if isinstance(s.get(key), dict) else {}
        choices = [_int(c, -1) for c in _list(v.get("choices"))][:n]
        return [None if c < 0 else c if spectator else "sealed" for c in choices + [-1] * (n - len(choices))]

    return {"format": VIEW_PREFIX + "1", "observer": -1 if spectator else observer, "winners": [],
            "stepCost": None, "stepCosts": [], "handsShown": [spectator] * n,
            "handSizes": [hand_size(seat) for seat in _seats(s)] + [0] * (n - len(_seats(s))),
            "bids": sealed("bids"), "wheels": sealed("wheels"),
            "piles": {"investment": len(_list(_investment(s).get("pile"))),
                      "influence": len(_list(_influence(s).get("pile")))},
            "state": s if spectator else {k: x for k, x in s.items() if k != "rng"}}


def step_cost(s: State, arrivals: int | None = None) -> int:
    """The cost of one status step after ``arrivals`` wagon arrivals (default: the state's), as the engine says."""
    v = view(s, None)
    return int(_cost(v, arrivals)) if v["stepCost"] is not None else 0


def hand_size(seat: dict[str, Any]) -> int:
    return sum(hand(seat).values())


def investment_pile(s: State) -> int:
    return int(view(s, None)["piles"]["investment"])


def influence_pile(s: State) -> int:
    return int(view(s, None)["piles"]["influence"])


def _observer(v: State) -> int | None:
    return None if v["observer"] < 0 else v["observer"]


def _cost(v: State, arrivals: int | None = None) -> str:
    """The status step's cost now (or after ``arrivals`` arrivals), "?" when the engine did not say."""
    costs = v["stepCosts"]
    if arrivals is None:
        return "?" if v["stepCost"] is None else str(v["stepCost"])
    return str(costs[min(arrivals, len(costs) - 1)]) if costs else "?"


# ------------------------------------------------------------------------------------- words


def _title(s: State, observer: int | None, v: State | None = None) -> str:
    v = v or view(s, observer)
    s = v["state"]
    parts = [f"Merchants of the Middle Ages, {players(s)} players" + ("" if data(s) is DEFAULT_DATA else
                                                                      f" (data {data(s).get('name', '?')})"),
             f"round {_int(s.get('round'), 1)}", f"first player P{_int(s.get('firstPlayer'))}",
             f"arrivals {_int(s.get('arrivals'))}/{end_arrivals(s)}", f"next status step {_cost(v)}",
             f"decision {s.get('decisions', '?')}"]
    if observer is not None:
        parts.append(f"seen by P{observer}")
    return ", ".join(parts)


def _wagon_where(s: State, w: int) -> str:
    x = wagons(s)[w]
    return place_name(s, x["node"])


def activity(s: State, v: State) -> str:
    """What the turn under way is about: the auction, the loading request and offer, the move, ..."""
    phase = str(s.get("phase", "?"))
    parts = []
    if phase == "BUY":
        bt = _buy_turn(s)
        limit = _int(data(s).get("buyLimit"), 3) + _int(bt.get("extra"))
        parts.append(f"{_int(bt.get('bought'))} of {limit} goods bought this turn")
        if _int(s.get("round"), 1) == 1:
            passes = _int(data(s).get("firstRoundBuys"), 2)
            parts.append(f"round 1 buying pass {_int(s.get('buyPass')) + 1} of {passes}")
        if bt.get("bargain") is True:
            parts.append("Bargain played")
        if bt.get("paidReduced") is True:
            parts.append("the reduced price paid (further goods free)")
    elif phase == "BID":
        aw, slot = _auction(s)
        committed = sum(1 for c in v["bids"] if c is not None)
        if aw >= 0:
            parts.append(f"auction for wagon {aw}'s loading master (at {_wagon_where(s, aw)})")
        elif slot >= 0:
            fu = face_up(s)
            card = fu[slot] if slot < len(fu) else -1
            kinds = investment_kinds(s)
            parts.append(f"auction for the investment card in slot {slot}"
                         + (f" ({kinds[card]})" if 0 <= card < len(kinds) else ""))
        parts.append(f"{committed} of {players(s)} bids in")
    elif phase in ("MASTER_LOAD", "REQUEST", "OFFER", "ANSWER"):
        ld = _loading(s)
        w = _int(ld.get("wagon"), -1)
        master = wagons(s)[w]["master"] if 0 <= w < WAGONS else -1
        if w >= 0:
            parts.append(f"loading wagon {w} at {_wagon_where(s, w)} (master P{master})")
        loader = _int(ld.get("loader"), -1)
        request = [_int(v) for v in _list(ld.get("request"))]
        if phase == "REQUEST" and loader >= 0:
            parts.append(f"P{loader} requests {_goods_list(s, request)}")
        elif phase == "OFFER" and loader >= 0:
            parts.append(f"P{master} prices P{loader}'s request of {_goods_list(s, request)}")
        elif phase == "ANSWER" and loader >= 0:
            parts.append(f"offer {_int(ld.get('offer'))} fl to P{loader} for {_goods_list(s, request)}")
    elif phase == "MOVE":
        mt = _move_turn(s)
        mw = _int(mt.get("movingWagon"), -1)
        if mw >= 0:
            parts.append(f"moving wagon {mw} at {_wagon_where(s, mw)} ({_int(mt.get('movePoints'))} points left, "
                         f"by P{_int(mt.get('mover'), -1)}): choose the road")
        if _int(mt.get("pendingTile")) > 0:
            parts.append(f"tile {_int(mt.get('pendingTile'))} played: choose the wagon")
        elif mt.get("tilePlayed") is True and mw < 0:
            parts.append("tile played")
        if _int(mt.get("extraPoints")) > 0:
            parts.append(f"{_int(mt.get('extraPoints'))} extra movement points left")
        if _int(mt.get("courierLeft")) > 0:
            parts.append(f"courier {_int(mt.get('courierLeft'))} steps left")
        if _int(mt.get("blockedWagon"), -1) >= 0:
            parts.append(f"wagon {_int(mt.get('blockedWagon'))} blocked by the courier")
    elif phase == "WHEEL":
        committed = sum(1 for c in v["wheels"] if c is not None)
        parts.append(f"{committed} of {players(s)} price wheels set")
    elif phase == "SHIFT":
        if _int(s.get("officeLeft")) > 0:
            parts.append(f"{_int(s.get('officeLeft'))} Office shifts left")
    elif phase == "STATUS":
        if s.get("exempt") is True:
            parts.append("Exemption played")
        if s.get("creditActed") is True:
            parts.append("credit taken or repaid this turn")
    played = [str(k) for k in _list(s.get("played"))]
    if played and phase != "GAME_OVER":
        parts.append("played " + ", ".join(played))
    return "; ".join(parts)


def _status(s: State, v: State | None = None) -> str:
    v = v or view(s, None)
    s = v["state"]
    return ", ".join(status_parts(s, v["winners"], PHASES, (activity(s, v),), reason=True))


def _wagon_text(s: State, w: int) -> str:
    x = wagons(s)[w]
    parts = [f"wagon {w} at {place_name(s, x['node'])}"]
    if x["prev"] >= 0:
        parts.append(f"from {place_name(s, x['prev'])}")
    head = heading(s, x["node"], x["prev"])
    if head is not None:
        parts.append(f"heading to {place_name(s, head)}")
    parts.append(f"master P{x['master']}" if x["master"] >= 0 else "no master")
    if x["arrived"]:
        parts.append("arrived" + (f" (moved in by P{x['arrivedBy']})" if x["arrivedBy"] >= 0 else ""))
    return ", ".join(parts)


def _cargo_text(s: State, w: int) -> str:
    x = wagons(s)[w]
    return "; ".join(f"P{p} {_goods_list(s, x['cargo'][p], ' ')}" for p in range(players(s)))


def _hand_text(v: State, seat: dict[str, Any], p: int) -> str:
    n = v["handSizes"][p]
    if not v["handsShown"][p]:
        return f"{n} card{'s' if n != 1 else ''} (hidden)"
    cards = [k for k, c in hand(seat).items() for _ in range(c)]
    return " ".join(cards) or "-"


def _seat_line(s: State, v: State, p: int, seat: dict[str, Any]) -> str:
    observer = _observer(v)
    act = _to_act(s)
    level = _int(seat.get("status"))
    tiles = " ".join(str(t) for t in _list(seat.get("tiles"))) or "-"
    cards = " ".join(owned_cards(s, p)) or "-"
    tags = (" (you)" if observer == p else "") + (" - wins" if p in v["winners"] else "")
    credit = ""
    if seat.get("credit") is True:
        credit = ", credit (scores -1)" if s.get("phase") == "GAME_OVER" else ", credit"
    line = (f"P{p}{'*' if p == act else ' '} {_int(seat.get('money'))} fl, status {level} ({status_name(s, level)})"
            + credit
            + f", tiles {tiles}, investment {cards}, influence {_hand_text(v, seat, p)}{tags}")
    stores = []
    for c, name in enumerate(city_names(s)):
        here = warehouse(seat, c)
        if any(here):
            stores.append(f"{name} {_goods_list(s, here, ' ')}")
    return line + "\n     warehouses: " + ("; ".join(stores) or "-")


def _sealed_line(s: State, v: State, key: str) -> str | None:
    """The bids of the auction under way (or the last one, revealed), or this round's price wheels."""
    shown = v[key]
    revealed = _revealed(s, key)
    phase = s.get("phase")
    live = phase == ("BID" if key == "bids" else "WHEEL")
    if not live and not (revealed and any(c is not None for c in shown)):
        return None
    label = ("bids" if live else "last auction's bids") if key == "bids" else "price wheels"
    state = "revealed" if revealed else "sealed until all are in"
    return f"{label} ({state}): " + ", ".join(f"P{p} {_choice_text(s, key, c)}" for p, c in enumerate(shown))


def board_text(state: str | State, observer: int | None = None) -> str:
    """A plain-text view: prices, a line per city and per wagon, the courier, the cards, the sealed
    choices as ``observer`` sees them, and two lines per player."""
    v = view(state, observer)
    s = v["state"]
    names = goods(s)
    lines = [_title(s, observer, v), _status(s, v)]
    cost, sale = price_lines(s)
    supply = [_int(v) for v in _list(s.get("supply"))] + [0] * 6
    lines.append("prices (cost/sale, supply): " + "  ".join(
        f"{names[g]} {price_of(s, g)[1]}/{price_of(s, g)[2]} ({supply[g]})" for g in range(6)))
    cg = city_goods(s)
    bonus = [_int(v) for v in _list(s.get("bonus"))] + [0] * 6
    for c, name in enumerate(city_names(s)):
        w = wagon_at(s, c)
        lines.append(f"{name:<8} bonus {bonus[c]:>3}  market {' '.join(names[g] for g in cg[c])}"
                     + (f"  [wagon {w}]" if w >= 0 else ""))
    for w in range(WAGONS):
        lines.append(_wagon_text(s, w) + "; cargo " + _cargo_text(s, w))
    mt = _move_turn(s)
    path = [_int(v) for v in _list(mt.get("path"))]
    if moving_wagon(s) >= 0 and path:
        lines.append(f"wagon {moving_wagon(s)} passed " + " > ".join(place_name(s, v) for v in path))
    lines.append(f"courier at {place_name(s, courier(s))}")
    kinds = investment_kinds(s)
    up = ", ".join(kinds[c] if 0 <= c < len(kinds) else "-" for c in face_up(s))
    disc = discard(s)
    lines.append(f"investment face up: {up or '-'} ({v['piles']['investment']} face down); influence pile "
                 f"{v['piles']['influence']}, discard {', '.join(f'{k} {n}' for k, n in disc.items()) or '-'}; "
                 f"credit cards {_int(s.get('creditLeft'))} of {credit_cards(s)} left")
    for key in ("bids", "wheels"):
        line = _sealed_line(s, v, key)
        if line:
            lines.append(line)
    for p, seat in enumerate(_seats(s)):
        lines.append(_seat_line(s, v, p, seat))
    return "\n".join(lines)


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


def city_h(s: State) -> float:
    return 44 + 12 * players(s)


def uses_default_layout(s: State) -> bool:
    """Whether the six cities are the default ones (then they stand where the real map has them)."""
    return set(city_names(s)) == set(CITY_XY)


@dataclass(frozen=True)
class Layout:
    xy: dict[int, tuple[float, float]]  # every node's centre, in SVG coordinates
    curves: tuple[tuple[tuple[float, float], ...], ...]  # per road, the points of its line (ends clipped)
    circle: bool


Point = tuple[float, float]


def _fork_positions(m: MapInfo, fixed: dict[int, Point], centre: Point) -> dict[int, Point]:
    """Forks at the barycentre of the places their roads lead to (cities fixed), by iteration."""
    ends: dict[int, list[int]] = {m.cities + f: [] for f in range(m.forks)}
    for r in m.roads:
        for u, v in ((r.a, r.b), (r.b, r.a)):
            if u in ends:
                ends[u].append(v)
    pos = dict(fixed)
    for f in ends:
        pos.setdefault(f, centre)
    for _ in range(60):
        for f, nb in ends.items():
            if f in fixed or not nb:
                continue
            pos[f] = (sum(pos[v][0] for v in nb) / len(nb), sum(pos[v][1] for v in nb) / len(nb))
    # forks that land on one another are pulled apart
    forks = [f for f in ends if f not in fixed]
    for i, f in enumerate(forks):
        for g in forks[:i]:
            (x1, y1), (x2, y2) = pos[f], pos[g]
            if math.hypot(x1 - x2, y1 - y2) < 40:
                pos[f] = (x1 + 30 * math.cos(i), y1 + 30 * math.sin(i) + 20)
    return pos


def _inside(m: MapInfo, v: int, xy: tuple[float, float], centre: tuple[float, float], ch: float) -> bool:
    if m.kind(v) == "city":
        return abs(xy[0] - centre[0]) <= CITY_W / 2 + 2 and abs(xy[1] - centre[1]) <= ch / 2 + 2
    return math.hypot(xy[0] - centre[0], xy[1] - centre[1]) <= FORK_R + 2


def layout(s: State) -> Layout:
    """Where each place stands: the default cities at their map positions (others on a circle),
    forks between their neighbours, each road's spaces evenly along it between its ends' outlines."""
    return _layout(_map_key(data(s)), players(s))


@lru_cache(maxsize=32)
def _layout(key: tuple, n: int) -> Layout:
    m = _build_map(key)
    ch = 44 + 12 * n
    default = set(m.names[:m.cities]) == set(CITY_XY)
    fixed: dict[int, tuple[float, float]] = {}
    cx, cy = MAP_X + MAP_W / 2, MAP_Y + (MAP_H - LEGEND_H) / 2
    for c in range(m.cities):
        if default:
            x, y = CITY_XY[m.name(c)]
            fixed[c] = (MAP_X + x, MAP_Y + y)
        else:  # on an ellipse, the first city at the top, clockwise, the boxes clear of the legend
            a = -math.pi / 2 + 2 * math.pi * c / max(m.cities, 1)
            fixed[c] = (cx + (MAP_W / 2 - CITY_W / 2 - 12) * math.cos(a),
                        cy + ((MAP_H - LEGEND_H) / 2 - ch / 2 - 8) * math.sin(a))
    if default:
        for f in range(m.forks):
            name = m.name(m.cities + f)
            if name in FORK_XY:
                fixed[m.cities + f] = (MAP_X + FORK_XY[name][0], MAP_Y + FORK_XY[name][1])
    xy = _fork_positions(m, fixed, (cx, cy))
    curves = []
    for r in m.roads:
        p0, p2 = xy[r.a], xy[r.b]
        bend = BENDS.get(frozenset((m.name(r.a), m.name(r.b)))) if default else None
        p1 = (MAP_X + bend[0], MAP_Y + bend[1]) if bend else ((p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2)
        pts = []
        for i in range(201):
            t = i / 200
            pts.append(((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
                        (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]))
        lo = next((i for i, p in enumerate(pts) if not _inside(m, r.a, p, p0, ch)), 0)
        hi = next((i for i in range(len(pts) - 1, -1, -1) if not _inside(m, r.b, pts[i], p2, ch)), len(pts) - 1)
        clipped = pts[lo:hi + 1] if hi > lo else [pts[100]]
        curves.append(tuple(clipped))
        # the spaces, evenly by arc length between the two outlines
        acc = [0.0]
        for a, b in zip(clipped, clipped[1:]):
            acc.append(acc[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
        total = acc[-1]
        n = len(r.spaces)
        j = 0
        for k, v in enumerate(r.spaces):
            target = total * (k + 1) / (n + 1)
            while j < len(acc) - 2 and acc[j + 1] < target:
                j += 1
            seg = acc[j + 1] - acc[j] if j + 1 < len(acc) else 0
            f = (target - acc[j]) / seg if seg > 0 else 0
            a = clipped[j]
            b = clipped[min(j + 1, len(clipped) - 1)]
            xy[v] = (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]))
    return Layout(xy, tuple(curves), not default)


# ------------------------------------------------------------------------------------- SVG pieces


def _seat_fill(p: int) -> str:
    return SEAT_FILL[p % len(SEAT_FILL)] if p >= 0 else NO_MASTER_FILL


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _good_chip(s: State, x: float, y: float, g: int, label: str, tip: str, w: float = 40) -> str:
    return (f'<g><rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="13" rx="3" fill="{good_fill(s, g)}" '
            f'stroke="#333" stroke-width="0.6"><title>{_esc(tip)}</title></rect><text x="{_f(x + w / 2)}" '
            f'y="{_f(y + 10)}" font-size="9" text-anchor="middle" fill="{good_ink(s, g)}">{_esc(label)}</text></g>')


def _disc(cx: float, cy: float, p: int, tip: str, r: float = 5) -> str:
    return (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{r}" fill="{_seat_fill(p)}" stroke="#111" stroke-width="0.8">'
            f'<title>{_esc(tip)}</title></circle>')


def _shield(x: float, y: float, p: int, tip: str) -> str:
    """A small coat of arms (shield) in seat p's colour, top-left at (x, y), 11 wide."""
    return (f'<g><path d="M{_f(x)},{_f(y)} h11 v6 q0,6 -5.5,8 q-5.5,-2 -5.5,-8 z" fill="{_seat_fill(p)}" stroke="#111" '
            f'stroke-width="0.8"><title>{_esc(tip)}</title></path><text x="{_f(x + 5.5)}" y="{_f(y + 9)}" font-size="7.5" '
            f'font-weight="bold" text-anchor="middle" fill="white">{p}</text></g>')


def _short(name: str, n: int = 5) -> str:
    return name if len(name) <= n else name[:n - 1] + "."


def _map_svg(s: State, lay: Layout) -> list[str]:
    m = game_map(s)
    names = goods(s)
    ch = city_h(s)
    parts = [f'<rect x="{MAP_X}" y="{MAP_Y}" width="{MAP_W}" height="{MAP_H}" rx="10" fill="#f3ecd9" stroke="#c9b98f">'
             f'<title>{_esc("the map" + (" (circle layout: the data names other cities)" if lay.circle else ""))}</title>'
             f'</rect>']
    # the roads
    for r, pts in zip(m.roads, lay.curves):
        tip = f"road {m.name(r.a)} - {m.name(r.b)}: {len(r.spaces)} spaces"
        d = "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in pts[::5] + (pts[-1:] if (len(pts) - 1) % 5 else ()))
        parts.append(f'<path d="{d}" fill="none" stroke="#b39a6b" stroke-width="5" stroke-linecap="round">'
                     f'<title>{_esc(tip)}</title></path>')
    # the path of a wagon in the middle of a move
    mw = moving_wagon(s)
    if mw >= 0:
        path = [_int(v) for v in _list(_move_turn(s).get("path"))] + [wagons(s)[mw]["node"]]
        pts = [lay.xy[v] for v in path if v in lay.xy]
        if len(pts) >= 2:
            parts.append(f'<polyline points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in pts)}" fill="none" stroke="#e6b800" '
                         f'stroke-width="3" stroke-dasharray="5,3"><title>{_esc(f"wagon {mw} passed these places")}'
                         f'</title></polyline>')
    # spaces and forks
    for v in range(m.cities, len(m.names)):
        if v not in lay.xy:
            continue
        x, y = lay.xy[v]
        if m.kind(v) == "fork":
            parts.append(f'<g><circle cx="{_f(x)}" cy="{_f(y)}" r="{FORK_R}" fill="#8a6d45" stroke="#4a3520" '
                         f'stroke-width="1.5"><title>{_esc(f"{m.name(v)} (place {v}, a fork)")}</title></circle>'
                         f'<text x="{_f(x)}" y="{_f(y + FORK_R + 11)}" font-size="9" text-anchor="middle" fill="#4a3520">'
                         f'{_esc(m.name(v))}</text></g>')
        else:
            parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{SPACE_R}" fill="#fffaf0" stroke="#8a6d45" '
                         f'stroke-width="1.2"><title>{_esc(f"{m.name(v)} (place {v})")}</title></circle>')
    # the cities
    cg = city_goods(s)
    bonus = [_int(v) for v in _list(s.get("bonus"))] + [0] * 6
    for c in range(m.cities):
        cx, cy = lay.xy[c]
        x, y = cx - CITY_W / 2, cy - ch / 2
        tip = (f"{m.name(c)}: bonus {bonus[c]}; market {', '.join(names[g] for g in cg[c])}"
               + (f"; wagon {wagon_at(s, c)} here" if wagon_at(s, c) >= 0 else ""))
        parts.append(f'<g><rect x="{_f(x)}" y="{_f(y)}" width="{CITY_W}" height="{_f(ch)}" rx="6" fill="#fffdf6" '
                     f'stroke="#6b5330" stroke-width="1.5"><title>{_esc(tip)}</title></rect>'
                     f'<text x="{_f(x + 6)}" y="{_f(y + 14)}" font-size="12" font-weight="bold">{_esc(m.name(c))}</text>'
                     f'<text x="{_f(x + CITY_W - 6)}" y="{_f(y + 14)}" font-size="10" text-anchor="end">'
                     f'bonus <tspan font-weight="bold">{bonus[c]}</tspan></text></g>')
        for k, g in enumerate(cg[c]):
            parts.append(_good_chip(s, x + 6 + k * 46, y + 20, g, _short(names[g]),
                                    f"{m.name(c)} market: {names[g]} (sells here only at cost)", w=42))
        for p, seat in enumerate(_seats(s)):
            ry = y + 44 + 12 * p
            here = warehouse(seat, c)
            parts.append(_disc(x + 10, ry - 3, p, f"P{p} warehouse in {m.name(c)}: {_goods_list(s, here)}", r=4))
            gx = x + 18
            for g, n in enumerate(here):
                if n <= 0:
                    continue
                label = f"{n} {_short(names[g], 4)}"
                w = 8 + 5 * len(label)
                if gx + w > x + CITY_W - 3:
                    parts.append(f'<text x="{_f(gx)}" y="{_f(ry)}" font-size="8">...</text>')
                    break
                parts.append(f'<g><rect x="{_f(gx)}" y="{_f(ry - 8)}" width="{_f(w)}" height="10" rx="2" '
                             f'fill="{good_fill(s, g)}"/><text x="{_f(gx + 3)}" y="{_f(ry)}" font-size="8" '
                             f'fill="{good_ink(s, g)}">{_esc(label)}</text></g>')
                gx += w + 2
    # the courier
    cv = courier(s)
    if cv in lay.xy:
        x, y = lay.xy[cv]
        x, y = x - 9, y - 14  # beside the space, so a wagon there stays visible
        parts.append(f'<g><path d="M{_f(x)},{_f(y - 10)} l9,10 l-9,10 l-9,-10 z" fill="{COURIER_FILL}" stroke="white" '
                     f'stroke-width="1"><title>{_esc(f"courier at {m.name(cv)}")}</title></path>'
                     f'<text x="{_f(x)}" y="{_f(y + 3.5)}" font-size="10" font-weight="bold" text-anchor="middle" '
                     f'fill="white">C</text></g>')
    # the wagons
    blocked = _int(_move_turn(s).get("blockedWagon"), -1) if s.get("phase") == "MOVE" else -1
    for w, x in enumerate(wagons(s)):
        if x["node"] not in lay.xy:
            continue
        px, py = lay.xy[x["node"]]
        in_city = m.kind(x["node"]) == "city"
        if in_city:  # just above the city's box, at its right end
            px, py = px + CITY_W / 2 - 20, py - ch / 2 - 11
        head = heading(s, x["node"], x["prev"])
        if x["prev"] in lay.xy and not in_city:
            bx, by = lay.xy[x["prev"]]
            dx, dy = px - bx, py - by
            norm = math.hypot(dx, dy) or 1
            ux, uy = dx / norm, dy / norm
            tx, ty = px + ux * 24, py + uy * 24
            tip = (f"wagon {w} heading to {place_name(s, head)}" if head is not None
                   else f"wagon {w}: forward, away from {place_name(s, x['prev'])}")
            parts.append(f'<path d="M{_f(tx)},{_f(ty)} L{_f(tx - ux * 9 - uy * 6)},{_f(ty - uy * 9 + ux * 6)} '
                         f'L{_f(tx - ux * 9 + uy * 6)},{_f(ty - uy * 9 - ux * 6)} z" fill="#222">'
                         f'<title>{_esc(tip)}</title></path>')
        ring = "#e6b800" if w == mw or x["arrived"] else "#111"
        total = sum(sum(row) for row in x["cargo"])
        tip = _wagon_text(s, w) + "; cargo " + _cargo_text(s, w) + ("; blocked by the courier" if w == blocked else "")
        parts.append(f'<g><rect x="{_f(px - 17)}" y="{_f(py - 10)}" width="34" height="20" rx="4" '
                     f'fill="{_seat_fill(x["master"])}" stroke="{ring}" stroke-width="{3 if ring != "#111" else 1.5}">'
                     f'<title>{_esc(tip)}</title></rect><text x="{_f(px)}" y="{_f(py + 4)}" font-size="11" '
                     f'font-weight="bold" text-anchor="middle" fill="white">W{w}</text></g>')
        if total:
            parts.append(f'<g><circle cx="{_f(px + 17)}" cy="{_f(py - 9)}" r="6.5" fill="white" stroke="#111">'
                         f'<title>{_esc(f"wagon {w}: {total} goods on board")}</title></circle><text x="{_f(px + 17)}" '
                         f'y="{_f(py - 6)}" font-size="8" text-anchor="middle">{total}</text></g>')
        if x["arrived"]:
            parts.append(f'<text x="{_f(px - 20)}" y="{_f(py + 4)}" font-size="9" font-weight="bold" fill="#a07c00" '
                         f'text-anchor="end">arrived</text>')
        if w == blocked:
            parts.append(f'<text x="{_f(px - 17)}" y="{_f(py + 19)}" font-size="8" fill="#a33">blocked</text>')
    # the goods' legend along the bottom
    lx = MAP_X + 10
    ly = MAP_Y + MAP_H - 10
    parts.append(f'<text x="{lx}" y="{ly}" font-size="9" fill="#555">goods:</text>')
    lx += 34
    for g, name in enumerate(names):
        parts.append(f'<rect x="{lx}" y="{ly - 8}" width="10" height="10" fill="{good_fill(s, g)}" stroke="#333" '
                     f'stroke-width="0.6"/><text x="{lx + 13}" y="{ly}" font-size="9">{_esc(name)}</text>')
        lx += 20 + 5.5 * len(name)
    parts.append(f'<text x="{_f(lx + 8)}" y="{ly}" font-size="9" fill="#555">W: wagon, filled with its master\'s colour '
                 f'(brown: none); C: the courier; arrow: heading</text>')
    return parts


def _wagon_cards_svg(s: State, y0: float) -> tuple[list[str], float]:
    """A card per wagon under the map: its place, master, heading, arrival and cargo per player."""
    names = goods(s)
    w_w = (MAP_W - 2 * 8) / 3
    height = 48 + 14 * players(s)
    parts = []
    for w, x in enumerate(wagons(s)):
        bx = MAP_X + w * (w_w + 8)
        current = w == moving_wagon(s)
        parts.append(f'<rect x="{_f(bx)}" y="{y0}" width="{_f(w_w)}" height="{height}" rx="6" '
                     f'fill="{"#fff7d6" if current else "#fafafa"}" stroke="{"#c99a00" if current else "#ccc"}"/>'
                     f'<rect x="{_f(bx)}" y="{y0}" width="8" height="{height}" rx="3" fill="{_seat_fill(x["master"])}"/>')
        parts.append(f'<text x="{_f(bx + 14)}" y="{y0 + 15}" font-size="12" font-weight="bold">Wagon {w}</text>'
                     f'<text x="{_f(bx + 80)}" y="{y0 + 15}" font-size="10">at {_esc(place_name(s, x["node"]))}</text>')
        head = heading(s, x["node"], x["prev"])
        line2 = ("master P" + str(x["master"]) if x["master"] >= 0 else "no master") + (
            f", heading to {place_name(s, head)}" if head is not None else "")
        parts.append(f'<text x="{_f(bx + 14)}" y="{y0 + 29}" font-size="10">{_esc(line2)}</text>')
        if x["arrived"]:
            by = f" (moved in by P{x['arrivedBy']})" if x["arrivedBy"] >= 0 else ""
            parts.append(f'<text x="{_f(bx + 14)}" y="{y0 + 42}" font-size="10" font-weight="bold" fill="#a07c00">'
                         f'arrived this round{_esc(by)}</text>')
        for p in range(players(s)):
            ry = y0 + 56 + 14 * p
            row = x["cargo"][p]
            parts.append(_disc(bx + 20, ry - 3, p, f"wagon {w} cargo of P{p}: {_goods_list(s, row)}"))
            gx = bx + 30
            for g, n in enumerate(row):
                for _ in range(n):
                    if gx + 12 > bx + w_w - 4:
                        break
                    parts.append(f'<rect x="{_f(gx)}" y="{_f(ry - 9)}" width="10" height="11" rx="2" '
                                 f'fill="{good_fill(s, g)}" stroke="#333" stroke-width="0.5"><title>'
                                 f'{_esc(f"P{p} {names[g]} on wagon {w}")}</title></rect>')
                    gx += 12
            if not any(row):
                parts.append(f'<text x="{_f(gx)}" y="{_f(ry)}" font-size="9" fill="#aaa">-</text>')
    return parts, y0 + height


def _prices_svg(s: State, y0: float) -> tuple[list[str], float]:
    names = goods(s)
    cost, sale = price_lines(s)
    levels = max(len(cost), 1)
    supply = [_int(v) for v in _list(s.get("supply"))] + [0] * 6
    x0 = RIGHT_X
    col0 = x0 + 62
    col_w = (RIGHT_W - 62 - 58) / levels
    parts = [f'<text x="{x0}" y="{y0 + 12}" font-size="12" font-weight="bold">price chart</text>'
             f'<text x="{x0 + RIGHT_W}" y="{y0 + 12}" font-size="9" fill="#555" text-anchor="end">'
             f'cost / sale per level; sold at cost where the market shows the good</text>']
    hy = y0 + 26
    for lvl in range(levels):
        cx = col0 + (lvl + 0.5) * col_w
        c = cost[lvl] if lvl < len(cost) else 0
        sl = sale[lvl] if lvl < len(sale) else 0
        parts.append(f'<g><rect x="{_f(col0 + lvl * col_w + 1)}" y="{hy - 10}" width="{_f(col_w - 2)}" height="{22 + 16 * 6}" '
                     f'fill="{"#f7f1e3" if lvl % 2 == 0 else "#efe6d0"}"><title>{_esc(f"level {lvl + 1}: cost {c}, sale {sl}")}'
                     f'</title></rect><text x="{_f(cx)}" y="{hy}" font-size="9" text-anchor="middle">{c}</text>'
                     f'<text x="{_f(cx)}" y="{hy + 10}" font-size="9" text-anchor="middle" font-weight="bold">{sl}</text></g>')
    parts.append(f'<text x="{x0 + RIGHT_W}" y="{hy + 5}" font-size="9" text-anchor="end" fill="#555">supply</text>')
    for g, name in enumerate(names):
        ry = hy + 16 + 16 * g
        lvl, c, sl = price_of(s, g)
        parts.append(_good_chip(s, x0, ry, g, name, f"{name} (legend)", w=56))
        mx = col0 + (lvl + 0.5) * col_w
        parts.append(f'<g><rect x="{_f(mx - 14)}" y="{ry}" width="28" height="13" rx="6" fill="{good_fill(s, g)}" '
                     f'stroke="#111"><title>{_esc(f"{name}: level {lvl + 1}, cost {c}, sale {sl}; supply {supply[g]}")}'
                     f'</title></rect><text x="{_f(mx)}" y="{ry + 10}" font-size="8.5" text-anchor="middle" '
                     f'fill="{good_ink(s, g)}">{_esc(_short(name, 4))}</text></g>')
        parts.append(f'<text x="{x0 + RIGHT_W - 4}" y="{ry + 10}" font-size="10" text-anchor="end">{supply[g]}</text>')
    return parts, hy + 16 + 16 * 6 + 6


def _track_svg(s: State, v: State, y0: float) -> tuple[list[str], float]:
    arrivals = _int(s.get("arrivals"))
    end = end_arrivals(s)
    boxes = max(end, arrivals, 1)
    bw = min(24.0, (RIGHT_W - 4) / boxes)
    parts = [f'<text x="{RIGHT_X}" y="{y0 + 12}" font-size="12" font-weight="bold">wagon track</text>'
             f'<text x="{RIGHT_X + RIGHT_W}" y="{y0 + 12}" font-size="10" text-anchor="end">'
             f'<tspan font-weight="bold">{arrivals}</tspan> of {end} arrivals; next status step '
             f'<tspan font-weight="bold">{_cost(v)}</tspan> fl</text>']
    for k in range(boxes):
        x = RIGHT_X + k * bw
        filled = k < arrivals
        last = k == end - 1
        tip = f"arrival {k + 1}" + (" (ends the game at the end of its round)" if last else "") + (
            f": then a status step costs {_cost(v, k + 1)}") + (" - reached" if filled else "")
        parts.append(f'<g><rect x="{_f(x + 1)}" y="{y0 + 18}" width="{_f(bw - 2)}" height="16" rx="2" '
                     f'fill="{"#8a6d45" if filled else "white"}" stroke="{"#c0392b" if last else "#8a6d45"}" '
                     f'stroke-width="{2 if last else 1}"><title>{_esc(tip)}</title></rect>'
                     f'<text x="{_f(x + bw / 2)}" y="{y0 + 30}" font-size="8" text-anchor="middle" '
                     f'fill="{"white" if filled else "#555"}">{k + 1}</text></g>')
    return parts, y0 + 42


def _ladder_svg(s: State, y0: float) -> tuple[list[str], float]:
    levels = status_levels(s)
    row = 15
    parts = [f'<text x="{RIGHT_X}" y="{y0 + 12}" font-size="12" font-weight="bold">status ladder</text>'
             f'<text x="{RIGHT_X + RIGHT_W}" y="{y0 + 12}" font-size="9" fill="#555" text-anchor="end">'
             f'level, upkeep per round; coats of arms</text>']
    by_level: dict[int, list[int]] = {}
    for p, seat in enumerate(_seats(s)):
        by_level.setdefault(_int(seat.get("status")), []).append(p)
    top = len(levels) - 1
    for lvl in range(top, -1, -1):
        y = y0 + 18 + (top - lvl) * row
        name, upkeep = levels[lvl]
        parts.append(f'<g><rect x="{RIGHT_X}" y="{y}" width="{RIGHT_W}" height="{row - 1}" '
                     f'fill="{"#f1e9d6" if lvl % 2 else "#f8f3e7"}"><title>{_esc(f"status {lvl}: {name}, upkeep {upkeep}")}'
                     f'</title></rect><text x="{RIGHT_X + 4}" y="{y + 11}" font-size="9.5">{lvl}  {_esc(name)}</text>'
                     f'<text x="{RIGHT_X + 150}" y="{y + 11}" font-size="9" fill="#555">upkeep {upkeep}</text></g>')
        for k, p in enumerate(by_level.get(lvl, [])):
            parts.append(_shield(RIGHT_X + 220 + k * 16, y, p, f"P{p} coat of arms: status {lvl} ({name})"))
    for lvl, ps in by_level.items():  # a level the ladder lacks (should not happen): after the ladder
        if not 0 <= lvl < len(levels):
            for k, p in enumerate(ps):
                parts.append(_shield(RIGHT_X + 220 + k * 16, y0 + 18 + len(levels) * row, p,
                                     f"P{p} coat of arms: status {lvl}"))
    return parts, y0 + 18 + len(levels) * row + 6


def _cards_svg(s: State, v: State, y0: float) -> tuple[list[str], float]:
    kinds = investment_kinds(s)
    aw, slot = _auction(s)
    live = s.get("phase") == "BID" and slot >= 0
    parts = [f'<text x="{RIGHT_X}" y="{y0 + 12}" font-size="12" font-weight="bold">investment cards face up</text>']
    fu = face_up(s)
    sw = (RIGHT_W - 3 * 6) / max(len(fu), 4)
    for k, card in enumerate(fu):
        x = RIGHT_X + k * (sw + 6)
        kind = kinds[card] if 0 <= card < len(kinds) else None
        hot = live and k == slot
        dash = "" if kind else ' stroke-dasharray="4,3"'
        tip = f"slot {k}: " + (kind or "empty") + (" (up for auction)" if hot else "")
        parts.append(f'<g><rect x="{_f(x)}" y="{y0 + 18}" width="{_f(sw)}" height="26" rx="4" '
                     f'fill="{INVESTMENT_FILL.get(kind, "#ccc") if kind else "white"}" '
                     f'stroke="{"#e6b800" if hot else "#555"}" stroke-width="{3 if hot else 1}"{dash}>'
                     f'<title>{_esc(tip)}</title></rect>'
                     f'<text x="{_f(x + sw / 2)}" y="{y0 + 35}" font-size="10" text-anchor="middle" '
                     f'fill="{"white" if kind else "#999"}">{_esc(kind or "empty")}</text></g>')
    disc = discard(s)
    lines = [f"face down: {v['piles']['investment']} investment, {v['piles']['influence']} influence; "
             f"credit cards {_int(s.get('creditLeft'))} of {credit_cards(s)} left",
             "influence played: " + (", ".join(f"{k} {n}" for k, n in disc.items()) or "none")]
    for i, line in enumerate(lines):
        parts.append(f'<text x="{RIGHT_X}" y="{y0 + 60 + 14 * i}" font-size="10">{_esc(line)}</text>')
    # the credit cards, as small cards
    cx = RIGHT_X + RIGHT_W - 10 * credit_cards(s)
    for k in range(credit_cards(s)):
        left = k < _int(s.get("creditLeft"))
        parts.append(f'<rect x="{_f(cx + 10 * k)}" y="{y0 + 2}" width="8" height="12" rx="1" '
                     f'fill="{"#c8a85a" if left else "white"}" stroke="#8c6d1f"><title>'
                     f'{_esc(f"credit card {k + 1}: " + ("in the bank" if left else "taken"))}</title></rect>')
    return parts, y0 + 60 + 14 * len(lines)


def _panel_svg(s: State, v: State, p: int, seat: dict[str, Any], y: float) -> list[str]:
    observer = _observer(v)
    current = p == _to_act(s)
    colour = _seat_fill(p)
    level = _int(seat.get("status"))
    money = _int(seat.get("money"))
    credit = seat.get("credit") is True
    head = (f"P{p}" + ("  (to act)" if current else "") + (" (you)" if observer == p else "")
            + (" (first player)" if p == _int(s.get("firstPlayer"), -1) else "") + ("  - wins" if p in v["winners"] else ""))
    tip = f"P{p}: {money} florins, status {level} ({status_name(s, level)})" + (", holds a credit card" if credit else "")
    parts = [f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{PANEL_H - 4}" rx="6" '
             f'fill="{"#fff7d6" if current else "#fafafa"}" stroke="{"#c99a00" if current else "#ccc"}" '
             f'stroke-width="{2 if current else 1}"/>',
             f'<rect x="6" y="{y}" width="8" height="{PANEL_H - 4}" rx="3" fill="{colour}"/>',
             f'<text x="20" y="{y + 16}" font-size="13" font-weight="bold">{_esc(head)}</text>',
             _shield(WIDTH - 420, y + 4, p, f"P{p} coat of arms: status {level} ({status_name(s, level)})"),
             f'<g><text x="{WIDTH - 18}" y="{y + 16}" font-size="13" text-anchor="end"><tspan font-weight="bold">'
             f'{money}</tspan> fl, status <tspan font-weight="bold">{level}</tspan> {_esc(status_name(s, level))}'
             f'{", credit card" if credit else ""}<title>{_esc(tip)}</title></text></g>']
    # movement tiles
    tiles = {_int(t) for t in _list(seat.get("tiles"))}
    parts.append(f'<text x="20" y="{y + 37}" font-size="10">tiles</text>')
    dash = ' stroke-dasharray="2,2"'
    for t in range(1, TILES + 1):
        up = t in tiles
        parts.append(f'<g><rect x="{48 + (t - 1) * 18}" y="{y + 26}" width="15" height="15" rx="2" '
                     f'fill="{colour if up else "white"}" stroke="{colour}"{"" if up else dash}>'
                     f'<title>{_esc(f"P{p} tile {t}: " + ("face up" if up else "played"))}</title></rect>'
                     f'<text x="{55.5 + (t - 1) * 18}" y="{y + 37}" font-size="10" text-anchor="middle" '
                     f'fill="{"white" if up else "#aaa"}">{t}</text></g>')
    # investment cards owned
    x = 140
    parts.append(f'<text x="{x}" y="{y + 37}" font-size="10">investment</text>')
    x += 58
    owned = owned_cards(s, p)
    for kind in owned:
        w = 10 + 5.6 * len(kind)
        parts.append(f'<g><rect x="{_f(x)}" y="{y + 27}" width="{_f(w)}" height="14" rx="3" '
                     f'fill="{INVESTMENT_FILL.get(kind, "#888")}"><title>{_esc(f"P{p} investment: {kind}")}</title></rect>'
                     f'<text x="{_f(x + 5)}" y="{y + 37}" font-size="9.5" fill="white">{_esc(kind)}</text></g>')
        x += w + 3
    if not owned:
        parts.append(f'<text x="{_f(x)}" y="{y + 37}" font-size="10" fill="#aaa">none</text>')
    # the influence hand, as the observer sees it
    x = max(x + 20, 620)
    parts.append(f'<text x="{_f(x)}" y="{y + 37}" font-size="10">influence</text>')
    x += 52
    n = v["handSizes"][p]
    if v["handsShown"][p]:
        cards = [k for k, c in hand(seat).items() for _ in range(c)]
        for kind in cards:
            w = 10 + 5.6 * len(kind)
            if x + w > WIDTH - 14:
                break
            parts.append(f'<g><rect x="{_f(x)}" y="{y + 27}" width="{_f(w)}" height="14" rx="3" fill="#5d4a8a">'
                         f'<title>{_esc(f"P{p} influence card: {kind}")}</title></rect>'
                         f'<text x="{_f(x + 5)}" y="{y + 37}" font-size="9.5" fill="white">{_esc(kind)}</text></g>')
            x += w + 3
        if not cards:
            parts.append(f'<text x="{_f(x)}" y="{y + 37}" font-size="10" fill="#aaa">none</text>')
    else:
        for k in range(n):
            if x + 14 > WIDTH - 120:
                break
            parts.append(f'<rect x="{_f(x)}" y="{y + 27}" width="11" height="14" rx="2" fill="#5d4a8a" stroke="#333"/>')
            x += 14
        parts.append(f'<text x="{_f(x + 4)}" y="{y + 37}" font-size="10" fill="#555">'
                     f'{_esc(_hand_text(v, seat, p))}<title>{_esc(f"P{p} influence: {_hand_text(v, seat, p)}")}'
                     f'</title></text>')
    # sealed choices (the auction's bid, the round's wheel) and the warehouses' totals
    bits = []
    for key, label in (("bids", "bid" if s.get("phase") == "BID" else "last bid"), ("wheels", "wheel")):
        line = _sealed_line(s, v, key)
        if line is None:
            continue
        shown = v[key][p] if p < len(v[key]) else None
        bits.append((label, _choice_text(s, key, shown), key))
    x = 20
    for label, text, key in bits:
        word = f"{label}: {text}"
        parts.append(f'<text x="{x}" y="{y + 59}" font-size="10"><tspan fill="#555">{_esc(label)}:</tspan> '
                     f'<tspan font-weight="bold">{_esc(text)}</tspan><title>{_esc(f"P{p} {word}")}</title></text>')
        x += 24 + 6.2 * len(word)
    total = [sum(warehouse(seat, c)[g] for c in range(6)) for g in range(6)]
    parts.append(f'<text x="{max(x, 300)}" y="{y + 59}" font-size="10" fill="#555">in warehouses: '
                 f'{_esc(_goods_list(s, total))}</text>')
    return parts


def _wrap(text: str, width: int) -> list[str]:
    """The text in lines of at most ``width`` characters, broken after commas (a longer piece stays whole)."""
    rows: list[str] = []
    for piece in text.split(", "):
        if rows and len(rows[-1]) + 2 + len(piece) <= width:
            rows[-1] += ", " + piece
        else:
            if rows:
                rows[-1] += ","
            rows.append(("   " if rows else "") + piece)
    return rows


def board_svg(state: str | State, observer: int | None = None) -> str:
    """The table as one SVG image: the map with cities, roads, wagons and courier, the wagons' cargo,
    the price chart, wagon track, status ladder and cards, and a panel per player."""
    v = view(state, observer)
    s = v["state"]
    lay = layout(s)
    parts = [f'<text x="10" y="18" font-size="14" font-weight="bold">{_esc(_title(s, observer, v))}</text>',
             f'<text x="10" y="36" font-size="12">{_esc(_status(s, v))}</text>']
    parts.extend(_map_svg(s, lay))
    cards, left = _wagon_cards_svg(s, MAP_Y + MAP_H + 8)
    parts.extend(cards)
    y = MAP_Y
    for piece in (_prices_svg, lambda s, y: _track_svg(s, v, y), _ladder_svg, lambda s, y: _cards_svg(s, v, y)):
        got, y = piece(s, y)
        parts.extend(got)
        y += 8
    sealed = [line for line in (_sealed_line(s, v, k) for k in ("bids", "wheels")) if line]
    for line in sealed:
        for row in _wrap(line, int(RIGHT_W / 5.6)):
            parts.append(f'<text x="{RIGHT_X}" y="{y + 10}" font-size="10">{_esc(row)}</text>')
            y += 14
        y += 2
    y = max(y, left) + 8
    for p, seat in enumerate(_seats(s)):
        parts.extend(_panel_svg(s, v, p, seat, y))
        y += PANEL_H
    height = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{_f(height)}" '
            f'viewBox="0 0 {WIDTH} {_f(height)}" font-family="sans-serif">' + "".join(parts) + "</svg>")


def _state(state: str | State) -> State:
    return load_state(state, FORMAT_PREFIX, "Merchants of the Middle Ages")
