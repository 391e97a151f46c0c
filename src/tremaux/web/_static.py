"""The page's files as the server sends them, and how its answers are compressed."""

from __future__ import annotations

from typing import Any

from fastapi.staticfiles import StaticFiles
from starlette.responses import Response

__all__ = ["GZIP_LEVEL", "GZIP_MIN", "PageFiles"]

GZIP_MIN = 1024
"""Answers shorter than this many bytes go uncompressed (gzip would save next to nothing)."""
GZIP_LEVEL = 6
"""zlib's level for the answers: the 15 MB solve of a 150 x 150 hex maze gzips to 1.66 MB in 0.28 s of CPU (level 9:
1.63 MB in 1.2 s; level 1: 2.26 MB in 0.08 s)."""


class PageFiles(StaticFiles):
    """The page's files, its scripts always said to be JavaScript: a browser runs a module script only when its
    Content-Type is (Python's table of types, which this would go by, comes from the system and may say
    ``text/plain`` for ``.js``)."""

    def file_response(self, full_path: Any, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(full_path, *args, **kwargs)
        if str(full_path).endswith(".js"):
            response.headers["content-type"] = "text/javascript; charset=utf-8"
        return response
