"""``python -m kaisen.bench_faults`` (``./kaisen bench faults`` calls it; so do its own child
processes, with ``--worker`` and ``--serve-page``)."""

from __future__ import annotations

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
