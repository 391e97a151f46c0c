"""The pixels of a picture with a transparent ground, laid on a ground that shows its walls.

An editor's "transparent background" export keeps the walls opaque and any colour at all under the transparent
pixels (often black, which a reader blind to transparency takes for walls everywhere). A picture means what it
shows, so its transparent pixels are laid on a plain ground: white first (dark walls, the usual drawing), then
black (light walls, read as a dark-mode picture: with a margin of the ground around it, as the outer wall may
touch the picture's edge).

Examples
--------
>>> import numpy as np
>>> from PIL import Image
>>> from tremaux.io._ground import grounds
>>> rgba = np.zeros((1, 2, 4), np.uint8); rgba[0, 0, 3] = 255    # a black opaque pixel, a transparent one
>>> on_white, on_black = grounds(Image.fromarray(rgba, "RGBA"))
>>> on_white[..., 0].tolist(), on_black[2:3, 2:4, 0].tolist(), on_black.shape
([[0, 255]], [[0, 0]], (5, 6, 3))
>>> len(list(grounds(Image.new("RGB", (2, 2)))))                 # an opaque picture is read as it is
1
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

MARGIN = 2
"""Pixels of ground laid around a picture with a transparent ground."""


def grounds(im: Any) -> Iterator[np.ndarray]:
    """The RGB pixels of ``im`` to read, in order: itself when it is opaque, else on a white then a black ground.

    Parameters
    ----------
    im : PIL.Image.Image
        The picture (its current frame).

    Yields
    ------
    numpy.ndarray
        ``(H, W, 3)`` ``uint8`` arrays, one at a time (the next is made only when asked for): one for an
        opaque picture; two (on a white ground, then on a black one with a margin of :data:`MARGIN` pixels) when
        some pixels are transparent (alpha below 128).

    Examples
    --------
    >>> from PIL import Image
    >>> from tremaux.io._ground import grounds
    >>> [g.shape for g in grounds(Image.new("LA", (3, 2)))]
    [(2, 3, 3), (6, 7, 3)]
    """
    if not (im.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in im.info):
        yield np.asarray(im.convert("RGB"))
        return
    rgba = np.asarray(im.convert("RGBA"))
    if not (rgba[..., 3] < 128).any():
        yield np.ascontiguousarray(rgba[..., :3])
        return
    alpha = rgba[..., 3:].astype(np.uint16)
    for ground in (255, 0):
        # alpha blending in whole numbers: colour * a + ground * (255 - a), rounded
        mixed = (rgba[..., :3] * alpha + ground * (255 - alpha) + 127) // 255
        margin = MARGIN * (ground == 0)
        yield np.pad(mixed.astype(np.uint8), ((margin, margin), (margin, margin), (0, 0)), constant_values=ground)
        del mixed
