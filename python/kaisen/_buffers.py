"""Numpy views on the buffers a Java env writes into, through a shared memory-mapped file.

Java creates and maps the file (under /dev/shm when it exists); Python maps it too and then
unlinks it at once, so nothing is left behind in /dev/shm even if a process dies: the
memory lives as long as a mapping does.
"""

from __future__ import annotations

import itertools
import json
import mmap
import os
import secrets
import sys
import tempfile
from math import prod
from typing import Any

import numpy as np

from .errors import KaisenError

SHM_DIR = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()
PREFIX = "kaisen-"
_counter = itertools.count()


def new_path(suffix: str = ".buf") -> str:
    """A fresh file name for one env's buffers (or, with ``suffix=".sock"``, its step channel's socket)."""
    return os.path.join(SHM_DIR, f"{PREFIX}{os.getpid()}-{next(_counter)}-{secrets.token_hex(4)}{suffix}")


def discard(path: str) -> None:
    """Removes a buffer file if it is still there (e.g. when creating the env failed)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


class SharedBuffers:
    """The regions of a Java ``BufferLayout`` as numpy arrays on the shared mapping."""

    def __init__(self, path: str, layout_json: str) -> None:
        self.layout: dict[str, Any] = json.loads(layout_json)
        try:
            with open(path, "r+b") as f:
                self._mm: mmap.mmap | None = mmap.mmap(f.fileno(), int(self.layout["size"]))
        finally:
            discard(path)
        self.arrays: dict[str, np.ndarray] = {}
        for region in self.layout["regions"]:
            dtype = np.dtype(region["dtype"]).newbyteorder("<")
            shape = tuple(region["shape"])
            self.arrays[region["name"]] = np.frombuffer(
                self._mm, dtype=dtype, count=prod(shape), offset=region["offset"]
            ).reshape(shape)

    def __getitem__(self, name: str) -> np.ndarray:
        return self.arrays[name]

    def slots(self, name: str) -> memoryview:
        """An int64 region as a memoryview of native ints (indexing one is cheaper than numpy's);
        release it before :meth:`close`."""
        region = next((r for r in self.layout["regions"] if r["name"] == name), None)
        if region is None:
            raise KaisenError(f"the env's buffers have no {name!r} region: the jar is older than this package; "
                              "rebuild it (./kaisen build) or reinstall the wheel")
        if region["dtype"] != "int64" or sys.byteorder != "little":
            raise ValueError(f"region {name} is not int64 on a little-endian machine")
        assert self._mm is not None
        start = region["offset"]
        return memoryview(self._mm)[start:start + region["bytes"]].cast("q")

    def close(self) -> None:
        """Drops the views and unmaps, unless a caller still holds a view (then the GC unmaps later)."""
        self.arrays = {}
        if self._mm is not None:
            try:
                self._mm.close()
            except BufferError:
                pass  # a view is still referenced elsewhere; the mapping goes with it
            self._mm = None
