"""MkDocs hooks of the site (mkdocs.yml ``hooks:``).

The navigation files of the generated sections (``games/.nav.md``, read by mkdocs-literate-nav)
are no pages: a dot file of docs/ is left out of the site by MkDocs, and so are those that
gen_pages.py writes (which MkDocs' own exclusion never sees).

The package's docstrings cross-reference in reStructuredText roles (``:func:`kaisen.make```,
``:class:`~kaisen.errors.KaisenError```), which Python's ``help()`` shows as they are; on the site
the role's prefix is dropped and the name kept as code (``~`` shows the last part, as Sphinx does).
"""

from __future__ import annotations

import re

from mkdocs.structure.files import Files, InclusionLevel

_ROLE = re.compile(r":(?:func|class|meth|mod|attr|data|exc|obj|const|py:\w+):<code>(~?)([^<]*)</code>")


def _name(m: re.Match[str]) -> str:
    tilde, name = m.group(1), m.group(2)
    return f"<code>{name.rsplit('.', 1)[-1] if tilde else name}</code>"


def on_page_content(html: str, **kwargs) -> str:
    return _ROLE.sub(_name, html)


def on_files(files: Files, **kwargs) -> Files:
    for f in files:
        if f.src_uri.rsplit("/", 1)[-1].startswith("."):
            f.inclusion = InclusionLevel.EXCLUDED
    return files
