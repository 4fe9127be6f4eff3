"""Views of a game state: text for terminals, an SVG/HTML board for notebooks, replays.

Each game's state JSON (``env.state_json()``) is in the game's own format, so drawing it is
the game's business: a renderer per game id lives in a registry (:func:`register_renderer`).
Traders of Osaka (:mod:`kaisen.render.osaka`), Tokaido (:mod:`kaisen.render.tokaido`),
Floating Market (:mod:`kaisen.render.floating_market`) and Merchants of the Middle Ages
(:mod:`kaisen.render.merchants`) have one; a game without one is shown as plain
text: the engine's own text view when the env supplies it, else the state JSON.

- :class:`Board`: one state; an SVG picture in Jupyter (``_repr_html_``), text with ``print``.
- :class:`Replay`: a game board by board, with a slider (plain HTML and JavaScript).
- :func:`board_text` / :func:`board_svg`: the two views of one state, for any game.
- :func:`rasterize`: an SVG board as an image (``uint8[H, W, 3]``), for ``render_mode="rgb_array"``;
  :class:`FrameCanvas` keeps an env's frames one size, as video encoders need.
- :func:`render`: what an env's ``render()`` gives in each of :data:`RENDER_MODES`.

A spectator view by default; ``observer=seat`` asks the renderer to hide what that seat
cannot see (the plain-text fallback cannot, and says so).
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..state import State as StateHandle
from ._parts import text_svg

State = dict[str, Any]

#: The render modes of every env: ``ansi`` (the text board, as ``print(env.board())`` shows it),
#: ``human`` (that text printed to stdout at each reset and step, PettingZoo-classic style),
#: ``html`` (the SVG board in an HTML block) and ``rgb_array`` (the SVG board as an image).
RENDER_MODES = ("ansi", "human", "html", "rgb_array")


@dataclass(frozen=True)
class Renderer:
    """How to draw one game: ``text(state, observer)`` and ``svg(state, observer)`` (None: no picture)."""

    text: Callable[[State, int | None], str]
    svg: Callable[[State, int | None], str] | None = None


_RENDERERS: dict[str, Renderer] = {}


def register_renderer(game: str, renderer: Renderer) -> None:
    """Draws states of ``game`` with ``renderer`` from now on (replacing any earlier one)."""
    _RENDERERS[game] = renderer


def renderer_for(game: str) -> Renderer | None:
    """The renderer registered for ``game``, or None (then boards are plain text)."""
    return _RENDERERS.get(game)


_FORMAT = re.compile(r"^kaisen\.(?P<game>[\w-]+)\.state/\d+$")


def _load(state: str | State) -> State:
    s = json.loads(state) if isinstance(state, str) else state
    if not isinstance(s, dict):
        raise ValueError(f"a game state is a JSON object, not {type(s).__name__}")
    return s


def state_game(state: State) -> str | None:
    """The game a state belongs to: its ``game`` field, or the id in a ``kaisen.<game>.state/N`` format."""
    if isinstance(state.get("game"), str):
        return state["game"]
    m = _FORMAT.match(str(state.get("format", "")))
    return m.group("game") if m else None


def _plain_text(state: State, engine_text: str | None, observer: int | None) -> str:
    body = engine_text if engine_text is not None else json.dumps(state, indent=1, sort_keys=False)
    if observer is not None:
        body = f"(spectator view: no renderer hides what seat {observer} cannot see)\n{body}"
    return body


#: The old private name of :func:`kaisen.render._parts.text_svg`, kept for callers of it.
_text_svg = text_svg


class Board:
    """A state shown as the game's SVG board in notebooks (``_repr_html_``) and as text elsewhere.

    ``game`` defaults to the one the state names; ``text`` is the engine's text view of the
    state (envs pass it), used by games without a renderer."""

    def __init__(self, state: str | State, observer: int | None = None, *, game: str | None = None,
                 text: str | None = None) -> None:
        self.state = _load(state)
        self.game = game or state_game(self.state)
        if self.game is None:
            raise ValueError(f"not a Kaisen game state (format {self.state.get('format')!r}); pass game=")
        self.observer = observer
        self.renderer = renderer_for(self.game)
        self._engine_text = text

    def text(self) -> str:
        if self.renderer is not None:
            return self.renderer.text(self.state, self.observer)
        return _plain_text(self.state, self._engine_text, self.observer)

    def svg(self) -> str:
        if self.renderer is not None and self.renderer.svg is not None:
            return self.renderer.svg(self.state, self.observer)
        return _text_svg(self.text())

    def _repr_html_(self) -> str:
        return f'<div class="kaisen-board">{self.svg()}</div>'

    def rgb_array(self) -> np.ndarray:
        """The SVG board as an image, ``uint8[H, W, 3]`` at its natural size (see :func:`rasterize`)."""
        return rasterize(self.svg())

    def __str__(self) -> str:
        return self.text()


def board_text(state: str | State, observer: int | None = None, *, game: str | None = None) -> str:
    """The text view of a state of any game."""
    return Board(state, observer, game=game).text()


def board_svg(state: str | State, observer: int | None = None, *, game: str | None = None) -> str:
    """The SVG view of a state of any game (text drawn as SVG when the game has no renderer)."""
    return Board(state, observer, game=game).svg()


@lru_cache(maxsize=1)
def _font_files() -> tuple[str, ...]:
    """The DejaVu fonts that matplotlib (a dependency) ships: the same glyphs on every machine,
    whatever fonts the system has (or lacks), and faster than scanning the system's fonts."""
    import matplotlib

    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    return tuple(str(p) for p in sorted(folder.glob("DejaVuSans*.ttf")))


def rasterize(svg: str, *, zoom: float = 1.0) -> np.ndarray:
    """An SVG picture as an RGB image, ``uint8[H, W, 3]`` on a white background.

    Drawn by resvg (the Rust SVG renderer, through the ``resvg_py`` wheel: no system library
    needed) with the DejaVu fonts that matplotlib ships, and decoded from PNG by Pillow."""
    import resvg_py
    from PIL import Image

    fonts = list(_font_files())
    png = resvg_py.svg_to_bytes(svg_string=svg, background="white", zoom=zoom, skip_system_fonts=bool(fonts),
                                font_files=fonts or None, sans_serif_family="DejaVu Sans",
                                monospace_family="DejaVu Sans Mono", serif_family="DejaVu Sans")
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"), dtype=np.uint8)


class FrameCanvas:
    """Keeps the frames of one env (or of every env of a vector env) one size, as video encoders
    and image tiling need, although a board's height changes during a game (a line more or less).

    The size is fixed by the first frame: its width and its height plus a tenth, rounded up to
    multiples of 16 (what video codecs want). Each board is drawn at its natural size on a white
    canvas of that size, top left; one that would not fit is scaled down to fit."""

    BLOCK = 16

    def __init__(self) -> None:
        self.size: tuple[int, int] | None = None  # (height, width)

    def _round(self, n: float) -> int:
        return int(-(-n // self.BLOCK) * self.BLOCK)

    def __call__(self, image: np.ndarray) -> np.ndarray:
        h, w = image.shape[:2]
        if self.size is None:
            self.size = (self._round(h * 1.1), self._round(w))
        height, width = self.size
        if h > height or w > width:
            from PIL import Image

            scale = min(height / h, width / w)
            h, w = max(1, int(h * scale)), max(1, int(w * scale))
            image = np.asarray(Image.fromarray(image).resize((w, h), Image.Resampling.LANCZOS))
        frame = np.full((height, width, 3), 255, dtype=np.uint8)
        frame[:h, :w] = image
        return frame


def render(mode: str | None, board: Callable[[], Board], canvas: FrameCanvas) -> Any:
    """An env's ``render()`` in ``mode``: the text board (``ansi``), None after printing it
    (``human``), an HTML block (``html``) or an image on ``canvas`` (``rgb_array``)."""
    if mode is None:
        import gymnasium as gym

        gym.logger.warn(f"render() needs a render_mode at creation (one of {', '.join(RENDER_MODES)})")
        return None
    if mode == "ansi":
        return board().text()
    if mode == "human":
        print(board().text(), flush=True)
        return None
    if mode == "html":
        return board()._repr_html_()
    if mode == "rgb_array":
        return canvas(board().rgb_array())
    raise ValueError(f"unknown render mode {mode!r}; known: {', '.join(RENDER_MODES)}")


def as_html(text: str, title: str = "") -> str:
    """A text view in a small HTML block."""
    head = f"<b>{html.escape(title)}</b>" if title else ""
    return (f'<div class="kaisen-board">{head}'
            f'<pre style="font-family: monospace; line-height: 1.3">{html.escape(text)}</pre></div>')


class Replay:
    """A game shown board by board: a self-contained HTML player (a slider and buttons, no widgets needed).

    ``frames`` are states (JSON strings, dicts or :class:`kaisen.State` handles), or a game record
    (:class:`kaisen.Record`, e.g. from :func:`kaisen.load_record`): then the frames are its states
    after the deal and after each move (replayed and checked) and the captions default to the moves
    in words. ``captions`` is one line per frame (e.g. the action that led there). In Jupyter it
    displays itself; :meth:`html` gives the page.
    """

    _count = 0

    def __init__(self, frames: Any, captions: list[str] | None = None,
                 observer: int | None = None, *, game: str | None = None) -> None:
        if callable(getattr(frames, "states", None)) and callable(getattr(frames, "captions", None)):
            # a game record (kaisen.records.Record): its states, captioned with its moves
            game = game or frames.game
            if captions is None:
                captions = frames.captions()
            frames = frames.states()
        if not frames:
            raise ValueError("a replay needs at least one frame")
        if captions is not None and len(captions) != len(frames):
            raise ValueError(f"{len(frames)} frames but {len(captions)} captions")

        def board(f: Any) -> Board:
            if isinstance(f, StateHandle):
                text = None if renderer_for(f.game) is not None else f.render()
                return Board(f.to_json(), observer, game=game or f.game, text=text)
            return Board(f, observer, game=game)

        self.boards = [board(f) for f in frames]
        self.captions = captions or [f"frame {i}" for i in range(len(self.boards))]

    def __len__(self) -> int:
        return len(self.boards)

    def html(self) -> str:
        Replay._count += 1
        uid = f"kaisen-replay-{Replay._count}"
        frames = "".join(
            f'<div class="frame" style="display:{"block" if i == 0 else "none"}">'
            f'<div style="font-family:sans-serif;margin:4px 0">{i + 1}/{len(self.boards)}: {html.escape(c)}</div>'
            f"{b.svg()}</div>"
            for i, (b, c) in enumerate(zip(self.boards, self.captions))
        )
        last = len(self.boards) - 1
        script = (
            "<script>(function(){var root=document.getElementById('" + uid + "');"
            "var frames=root.getElementsByClassName('frame');var slider=root.querySelector('input');"
            "function show(k){k=Math.max(0,Math.min(" + str(last) + ",k));slider.value=k;"
            "for(var i=0;i<frames.length;i++){frames[i].style.display=(i==k)?'block':'none';}}"
            "slider.oninput=function(){show(parseInt(slider.value));};"
            "root.querySelector('.prev').onclick=function(){show(parseInt(slider.value)-1);};"
            "root.querySelector('.next').onclick=function(){show(parseInt(slider.value)+1);};})();</script>"
        )
        return (f'<div id="{uid}"><button class="prev">&#9664;</button> '
                f'<input type="range" min="0" max="{last}" value="0" style="width:60%"> '
                f'<button class="next">&#9654;</button>{frames}{script}</div>')

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        return "\n\n".join(f"{c}\n{b.text()}" for b, c in zip(self.boards, self.captions))


def _register_builtin() -> None:
    from . import floating_market, merchants, osaka, tokaido

    register_renderer("osaka", Renderer(text=osaka.board_text, svg=osaka.board_svg))
    register_renderer("tokaido", Renderer(text=tokaido.board_text, svg=tokaido.board_svg))
    register_renderer("floating-market", Renderer(text=floating_market.board_text, svg=floating_market.board_svg))
    register_renderer("merchants", Renderer(text=merchants.board_text, svg=merchants.board_svg))


_register_builtin()
