"""JSON as deep as a game record may nest, for every module that reads or writes one.

Python's json and comparisons recurse once per level of arrays and objects, so JSON near the
CLI's limit (:data:`MAX_DEPTH`, Jackson's default ``maxNestingDepth``) can run out of stack:
:func:`deep_json` runs again with the recursion limit raised by that much.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from .errors import RecordError

#: The deepest nesting of JSON arrays and objects in a record (the envelope counts as 1), as the
#: CLI's replay allows (Jackson's default ``StreamReadConstraints.maxNestingDepth``): 1000.
MAX_DEPTH = 1000

_HEADROOM = threading.Lock()


def deep_json(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` (``json.loads``, ``json.dumps``, ``==``) on JSON up to :data:`MAX_DEPTH`
    deep: run again with the recursion limit raised by that much if it ran out (Python's json and
    comparisons recurse once per level); JSON deeper than that is a :class:`RecordError`."""
    try:
        return fn(*args, **kwargs)
    except RecursionError:
        pass
    with _HEADROOM:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(old + MAX_DEPTH + 100)
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            raise RecordError(f"the JSON nests deeper than {MAX_DEPTH} levels of arrays and objects") from None
        finally:
            sys.setrecursionlimit(old)
