"""Memory budgets: estimate the peak bytes of big work and refuse it before allocating anything.

Generation, solving, pictures, text drawings and file reads call
:func:`check` with an estimate of their peak memory (the ``*_bytes``
functions of :mod:`tremaux.budget.estimates`, each an upper bound of the
arrays the work allocates) before they allocate; over the limit they raise
:class:`~tremaux.errors.MemoryLimitError`, which names the estimate and the
limit, instead of dying half-way or swapping the machine to a halt.

The limit, first match wins:

1. the ``memory_limit=`` keyword of the call (``tremaux.generate``,
   ``tremaux.solve``, the renderers, ``tremaux.io.load``...);
2. :func:`limited` (``tremaux --memory-limit 8G ...`` uses it);
3. the ``TREMAUX_MEMORY_LIMIT`` environment variable;
4. the default, computed when the check runs: half the memory the system
   has free, or 90% of the room left under the process's cgroup limit or
   address-space rlimit (``ulimit -v``) when that is less; at least 256 MiB.

Sizes are written ``8G``, ``512M``, ``1.5GiB``, ``2e9`` or a plain number of
bytes; ``none`` (or ``0``) turns the check off. Text files have a separate
size cap (:func:`text_limit`, 16 MiB by default, ``TREMAUX_TEXT_LIMIT``):
they are refused unread above it, naming both sizes.

The package in three modules: :mod:`~tremaux.budget.sizes` reads and writes sizes,
:mod:`~tremaux.budget.limits` resolves the limits and checks against them,
:mod:`~tremaux.budget.estimates` bounds the peak of each kind of work.
Every name is importable from ``tremaux.budget``.

Examples
--------
>>> from tremaux.budget.sizes import parse_bytes, format_bytes
>>> from tremaux.budget.limits import limited, check
>>> parse_bytes("8G"), parse_bytes("512 MiB"), parse_bytes("1.5k")
(8589934592, 536870912, 1536)
>>> format_bytes(3_600_000_000)
'3.4 GiB'
>>> with limited("1M"):
...     check(2_000_000, "a 1000 x 2000 PNG")
Traceback (most recent call last):
...
tremaux.errors.MemoryLimitError: a 1000 x 2000 PNG needs about 1.9 MiB of memory; the limit is 1.0 MiB (set --memory-limit or TREMAUX_MEMORY_LIMIT)
"""

from __future__ import annotations

from .estimates import (generation_bytes, mask_check_bytes, measure_bytes, raster_bytes, solve_bytes, svg_bytes,
                        text_drawing_bytes, text_read_bytes)
from .limits import (ENV_VAR, TEXT_ENV_VAR, TEXT_LIMIT, available_memory, check, check_text_size, default_limit,
                     limited, memory_limit, text_limit)
from .sizes import format_bytes, parse_bytes

__all__ = [
    "ENV_VAR",
    "TEXT_ENV_VAR",
    "TEXT_LIMIT",
    "parse_bytes",
    "format_bytes",
    "available_memory",
    "default_limit",
    "memory_limit",
    "limited",
    "check",
    "text_limit",
    "check_text_size",
    "generation_bytes",
    "mask_check_bytes",
    "solve_bytes",
    "measure_bytes",
    "raster_bytes",
    "svg_bytes",
    "text_drawing_bytes",
    "text_read_bytes",
]
