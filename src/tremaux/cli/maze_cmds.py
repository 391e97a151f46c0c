"""Commands on saved mazes: ``show``, ``info``, ``convert``."""

from __future__ import annotations

from .app import app  # noqa: F401
