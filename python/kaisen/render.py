"""Text and HTML views of a game for terminals and notebooks."""

from __future__ import annotations

import html


def as_html(text: str, title: str = "Traders of Osaka") -> str:
    """The text view in a small HTML block (notebooks display it via _repr_html_)."""
    return (
        f'<div class="kaisen-board"><b>{html.escape(title)}</b>'
        f'<pre style="font-family: monospace; line-height: 1.3">{html.escape(text)}</pre></div>'
    )
