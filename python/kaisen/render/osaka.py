"""The Traders of Osaka renderer: an SVG board for notebooks and a text view for terminals.

Both read the state JSON (formats ``kaisen.osaka.state/1`` and ``/2``, see docs/game-records.md) that
``env.state_json()`` returns, so they show exactly what the engine holds.

- :func:`board_svg`: the ship track (Osaka to Edo, the Enshunada waves shaded), the Market
  and the Farm (reservations marked), and per player their VP, achievement tokens, hand,
  goods, insured goods and reserved card.
- :func:`board_text`: the engine's text board (``OsakaText``): the same facts as plain text.

A spectator view by default; ``observer=seat`` draws the engine's view for that seat
(:func:`view`): the other players' hands show only their sizes, as the player at that seat
sees the table. Registered for the game id
``osaka`` in :mod:`kaisen.render`, which draws any game's :class:`~kaisen.render.Board`.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from typing import Any

from ._parts import engine_view, text_board, text_svg

TRACK = ["OSAKA", "OSHIMA", "ANORI", "ENSHUNADA_1", "ENSHUNADA_2", "EDO"]
TRACK_LABELS = ["Osaka", "Oshima", "Anori", "Enshunada 1", "Enshunada 2", "Edo"]
COLOURS = ["blue", "yellow", "red", "green"]
FILL = {"blue": "#2f6fd0", "yellow": "#e3b505", "red": "#d1373c", "green": "#2c9a52"}
LETTER = {"B": "blue", "Y": "yellow", "R": "red", "G": "green"}


#: The state formats drawn here (``/2`` adds the pile generations of face-down VP cards, not shown).
FORMATS = ("kaisen.osaka.state/1", "kaisen.osaka.state/2")


def _state(state: str | dict[str, Any]) -> dict[str, Any]:
    s = json.loads(state) if isinstance(state, str) else state
    if s.get("format") not in FORMATS:
        raise ValueError(f"not a Traders of Osaka state (format {s.get('format')!r})")
    return s


def card_type(card: str) -> str:
    """``'Y2.4'`` (yellow, value 2, copy 4) -> ``'Y2'``."""
    return card.split(".", 1)[0]


def _grouped(cards: list[str]) -> str:
    counts = Counter(card_type(c) for c in cards)
    return " ".join(f"{n}x{t}" if n > 1 else t for t, n in sorted(counts.items(), key=lambda kv: ("BYRG".index(kv[0][0]), kv[0]))) or "-"


def _reserved_by(s: dict[str, Any]) -> dict[str, int]:
    return {seat["reservedCard"]: i for i, seat in enumerate(s["seats"]) if seat.get("reservedCard")}


def view(state: str | dict[str, Any], observer: int | None = None) -> dict[str, Any] | None:
    """What ``observer`` (None: a spectator) may see of the state, as the engine's ``OsakaView`` gives
    it (format ``kaisen.osaka.view/1``): ``state`` (the state JSON without what the seat may not see:
    the draw pile's cards, the other seats' hands and the face-down VP cards, each as None, their
    number kept), ``winners``, ``handsShown`` and ``handSizes``. For a state the engine cannot read,
    None for a seat (nothing decides what it may see) and for a spectator the state as found, no winners."""
    s = _state(state)
    v = engine_view("osaka", s, observer)
    if v is not None or observer is not None:
        return v
    seats = s.get("seats", [])
    return {"observer": -1, "winners": [], "handsShown": [True] * len(seats),
            "handSizes": [len(seat.get("hand", [])) for seat in seats], "state": s}


def board_text(state: str | dict[str, Any], observer: int | None = None) -> str:
    """The engine's text board (one line per area and per player), as ``observer`` sees it."""
    return text_board("osaka", _state(state), observer)


def _card_svg(x: float, y: float, card: str, note: str = "", w: int = 34, h: int = 46) -> str:
    t = card_type(card)
    fill = FILL[LETTER[t[0]]]
    out = [
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{fill}" stroke="#222" stroke-width="1"/>',
        f'<text x="{x + w / 2}" y="{y + h / 2 + 6}" font-size="17" font-weight="bold" text-anchor="middle" '
        f'fill="white">{html.escape(t[1:])}</text>',
    ]
    if note:
        out.append(f'<text x="{x + w / 2}" y="{y + h + 12}" font-size="10" text-anchor="middle">{html.escape(note)}</text>')
    return "".join(out)


def board_svg(state: str | dict[str, Any], observer: int | None = None) -> str:
    """The board as one SVG image (track, Market, Farm, a row per player)."""
    v = view(state, observer)
    if v is None:
        return text_svg(board_text(state, observer))
    s = v["state"]
    reserved = _reserved_by(s)
    ships = s.get("ships", {})
    sunk = set(s.get("sunkColours", []))
    width = 760
    parts: list[str] = []
    y = 10
    title = (f"Decision {s['decisions']} - {s['phase'].replace('_', ' ').lower()} - player {s['currentPlayer']} to act"
             + (f" - {s['paymentDue']} coins due" if s.get("paymentDue") else ""))
    parts.append(f'<text x="10" y="{y + 14}" font-size="15" font-weight="bold">{html.escape(title)}</text>')
    y += 26
    # the track
    box_w = 118
    for k, (space, label) in enumerate(zip(TRACK, TRACK_LABELS)):
        x = 10 + k * (box_w + 5)
        waves = space.startswith("ENSHUNADA")
        parts.append(f'<rect x="{x}" y="{y}" width="{box_w}" height="62" rx="6" fill="{"#cfe3f7" if waves else "#f3efe4"}" '
                     f'stroke="#777"/>')
        parts.append(f'<text x="{x + box_w / 2}" y="{y + 15}" font-size="11" text-anchor="middle">{label}</text>')
        here = [c for c in COLOURS if ships.get(c) == space and c not in sunk]
        for j, c in enumerate(here):
            cx = x + 18 + j * 27
            parts.append(f'<path d="M{cx - 11},{y + 34} L{cx + 11},{y + 34} L{cx + 7},{y + 48} L{cx - 7},{y + 48} Z" '
                         f'fill="{FILL[c]}" stroke="#222"><title>{c} ship</title></path>')
            parts.append(f'<line x1="{cx}" y1="{y + 22}" x2="{cx}" y2="{y + 34}" stroke="#222" stroke-width="1.5"/>')
    y += 70
    if sunk:
        parts.append(f'<text x="10" y="{y + 10}" font-size="11">Sunk: {html.escape(", ".join(sorted(sunk)))}</text>')
        y += 16
    # market and farm
    for name, cards in (("Market", s["market"]), ("Farm", s["farm"])):
        parts.append(f'<text x="10" y="{y + 28}" font-size="13" font-weight="bold">{name}</text>')
        for j, c in enumerate(cards):
            parts.append(_card_svg(70 + j * 40, y + 4, c, f"P{reserved[c]}" if c in reserved else ""))
        if not cards:
            parts.append(f'<text x="70" y="{y + 28}" font-size="12" fill="#777">empty</text>')
        y += 64
    parts.append(f'<text x="10" y="{y + 8}" font-size="11" fill="#555">Draw pile {len(s["drawPile"])} - discard '
                 f'{len(s["discardPile"])} - out of game {len(s.get("outOfGame", []))}</text>')
    y += 18
    # players
    for i, seat in enumerate(s["seats"]):
        current = i == s["currentPlayer"]
        parts.append(f'<rect x="6" y="{y}" width="{width - 12}" height="58" rx="6" fill="{"#fff7d6" if current else "#fafafa"}" '
                     f'stroke="{"#c99a00" if current else "#ccc"}"/>')
        parts.append(f'<text x="14" y="{y + 18}" font-size="13" font-weight="bold">P{i}{" (to act)" if current else ""}'
                     f'  VP {seat["vp"]}</text>')
        for j, c in enumerate(COLOURS):
            tx = 190 + j * 34
            parts.append(f'<circle cx="{tx}" cy="{y + 13}" r="9" fill="{FILL[c]}"><title>{c} tokens</title></circle>')
            parts.append(f'<text x="{tx}" y="{y + 17}" font-size="11" text-anchor="middle" fill="white">'
                         f'{seat["tokens"][c]}</text>')
        hand = _grouped(seat["hand"]) if v["handsShown"][i] else f"{v['handSizes'][i]} cards (hidden)"
        reserved_card = f"   reserved: {card_type(seat['reservedCard'])}" if seat.get("reservedCard") else ""
        parts.append(f'<text x="14" y="{y + 36}" font-size="11">hand: {html.escape(hand)}{html.escape(reserved_card)}</text>')
        parts.append(f'<text x="14" y="{y + 51}" font-size="11">goods: {html.escape(_grouped(seat["goods"]))}   insured: '
                     f'{html.escape(_grouped(seat["insuredGoods"]))}</text>')
        y += 64
    height = y + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif">' + "".join(parts) + "</svg>")
