"""One cheap request to a remote store before a build or a read: a one-line error instead of a long wait.

Examples
--------
>>> from tremaux.dataset.probe import probe_store
>>> import fsspec
>>> probe_store(fsspec.filesystem("memory"), "/doc/probe", "memory://doc/probe", 5.0)
"""

from __future__ import annotations

import threading
from typing import Any

from ..errors import TremauxError

__all__ = ["probe_store"]


def probe_store(fs: Any, root: str, url: str, seconds: float) -> None:
    """Ask ``fs`` for the information of ``root`` in a background thread, waiting at most ``seconds``.

    Parameters
    ----------
    fs : fsspec.AbstractFileSystem
        The store's file system.
    root : str
        The directory, as ``fs`` names it.
    url : str
        The directory as the user gave it, for messages.
    seconds : float
        The longest wait.

    Raises
    ------
    TremauxError
        When the store gives no answer in time (no network, a silent endpoint) or fails (no credentials, an
        unknown host); a directory that does not exist yet is an answer.

    Examples
    --------
    >>> from tremaux.dataset.probe import probe_store
    >>> import fsspec
    >>> probe_store(fsspec.filesystem("memory"), "/nothing/yet", "memory://nothing/yet", 1.0)
    """
    failure: list[BaseException] = []

    def ask() -> None:
        try:
            fs.info(root)
        except (FileNotFoundError, NotADirectoryError):
            pass  # reachable: nothing there yet
        except BaseException as exc:  # noqa: BLE001  (reported in the caller's thread)
            failure.append(exc)

    worker = threading.Thread(target=ask, name="tremaux-probe", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise TremauxError(
            f"no answer from {url} within {seconds:g} s: check the network, the endpoint "
            "(--storage-option endpoint_url=...) and the credentials"
        )
    if failure:
        exc = failure[0]
        if isinstance(exc, TremauxError):
            raise exc
        detail = " ".join(str(exc).split()) or "no detail"
        raise TremauxError(f"cannot reach {url}: {type(exc).__name__}: {detail}") from None
