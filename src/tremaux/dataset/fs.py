"""Where a dataset lives: a directory on any file system fsspec knows (:class:`Target`).

A local path, ``file://``, ``s3://``, ``gs://``, ``az://``, ``memory://``...
Writes are atomic everywhere: on a local disk through ``*.partial`` and a
rename; on an object store a single upload is already atomic (an object
appears whole or not at all), so files are written under their final names.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import TremauxError

__all__ = ["PACKAGES", "PROBE_SECONDS", "Target", "open_target", "parse_storage_options"]

PROBE_SECONDS = 30.0
"""Longest wait, in seconds, for the first answer of a remote store (see :meth:`Target.probe`)."""


PACKAGES: dict[str, tuple[str, str]] = {
    "s3": ("s3fs", "s3"), "s3a": ("s3fs", "s3"),
    "gs": ("gcsfs", "gcs"), "gcs": ("gcsfs", "gcs"),
    "az": ("adlfs", "azure"), "abfs": ("adlfs", "azure"),
}
"""Protocol -> (the fsspec package that serves it, the tremaux extra that installs it)."""


def parse_storage_options(items: Iterable[str] | Mapping[str, Any] | None) -> dict[str, Any]:
    """Storage options from ``KEY=VALUE`` strings (the ``--storage-option`` of the CLI).

    Values that read as JSON (``true``, ``3``, ``"x"``) take that type; the
    rest stay strings. A dotted key fills a nested table, so
    ``client_kwargs.endpoint_url=http://...`` reaches s3fs's client.

    Parameters
    ----------
    items : iterable of str, mapping or None
        ``KEY=VALUE`` strings (dotted keys nest; values read as JSON when they parse), or a mapping kept as it is.

    Returns
    -------
    dict
        The options for fsspec.

    Raises
    ------
    TremauxError
        For an item without ``=`` or with an empty key.

    Examples
    --------
    >>> from tremaux.dataset.fs import parse_storage_options
    >>> parse_storage_options(["anon=false", "client_kwargs.region_name=eu-west-1"])
    {'anon': False, 'client_kwargs': {'region_name': 'eu-west-1'}}
    """
    if items is None:
        return {}
    if isinstance(items, Mapping):
        return dict(items)
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = str(item).partition("=")
        key = key.strip()
        if not sep or not key or any(not part for part in key.split(".")):
            raise TremauxError(f"storage option {item!r} is not of the form KEY=VALUE")
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        node = out
        *parents, leaf = key.split(".")
        for part in parents:
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                raise TremauxError(f"storage option {item!r} conflicts with {part}={child!r}")
            node = child
        node[leaf] = value
    return out


@dataclass(frozen=True)
class Target:
    """A dataset directory on some file system: an fsspec file system and a root path.

    It is small and picklable (fsspec file systems are), so workers receive it
    and write their shards themselves. Build one with :func:`open_target`.

    Examples
    --------
    >>> from tremaux.dataset.fs import open_target
    >>> t = open_target("memory://doc/target")
    >>> t.write("a.txt", b"hello")
    >>> t.names(), t.url
    (['a.txt'], 'memory://doc/target')
    """

    fs: Any
    """The ``fsspec.AbstractFileSystem``."""
    root: str
    """The directory, as the file system spells it (no protocol)."""
    url: str
    """The directory as the user gave it (for messages)."""

    @property
    def local(self) -> bool:
        """Whether it is on this machine's disk (atomic renames, ``*.partial`` files)."""
        return "file" in _protocols(self.fs)

    @property
    def process_local(self) -> bool:
        """Whether only this process sees it (``memory://``): workers cannot write there."""
        return "memory" in _protocols(self.fs)

    def path(self, name: str) -> str:
        """Full path of ``name`` in the directory.

        Parameters
        ----------
        name : str
            A file name in the directory.

        Returns
        -------
        str
            The path the file system uses.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> open_target("memory://doc/p").path("a.txt")
        '/doc/p/a.txt'
        """
        return f"{self.root.rstrip('/')}/{name}"

    def show(self, name: str) -> str:
        """``name`` in the directory as the user would write it.

        Parameters
        ----------
        name : str
            A file name in the directory.

        Returns
        -------
        str
            A local path, or a URL with its protocol.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> open_target("memory://doc/p").show("a.txt")
        'memory://doc/p/a.txt'
        """
        return f"{self.url.rstrip('/')}/{name}" if not self.local else str(Path(self.url) / name)

    def probe(self, seconds: float | None = None) -> None:
        """Reach the directory once, waiting at most ``seconds``; a one-line error if the store cannot be reached.

        A local directory is not probed. On a remote store one cheap request
        (the information of the root, missing or not) is made in a background
        thread: a store that does not answer in time (no network, a silent
        endpoint) or that answers with an error of its own (no credentials,
        an unknown host) stops the work before it starts, with a message
        naming the URL, instead of a wait of minutes or a traceback.

        Parameters
        ----------
        seconds : float, optional
            The longest wait; default :data:`PROBE_SECONDS`.

        Raises
        ------
        TremauxError
            When the store gives no answer in time or fails.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> open_target("memory://doc/probe").probe()
        """
        if not self.local:
            from .probe import probe_store

            probe_store(self.fs, self.root, self.url, PROBE_SECONDS if seconds is None else float(seconds))

    def exists(self) -> bool:
        """Whether the directory (or, on an object store, anything under its prefix) exists.

        Returns
        -------
        bool
            Whether there is something at the root.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/exists")
        >>> t.write("a.txt", b"hello")
        >>> t.exists(), open_target("memory://doc/nowhere").exists()
        (True, False)
        """
        return bool(self.fs.exists(self.root))

    def is_file(self) -> bool:
        """Whether the path is a file, not a directory.

        Returns
        -------
        bool
            Whether the root names a file.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/is_file")
        >>> t.write("a.txt", b"hello")
        >>> t.is_file(), open_target("memory://doc/is_file/a.txt").is_file()
        (False, True)
        """
        return bool(self.fs.isfile(self.root))

    def names(self) -> list[str]:
        """Names of the entries in the directory (none when it does not exist).

        Returns
        -------
        list of str
            File names, sorted.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/names")
        >>> t.write("a.txt", b"hello")
        >>> t.names()
        ['a.txt']
        """
        try:
            self.fs.invalidate_cache(self.root)
            entries = self.fs.ls(self.root, detail=False)
        except (FileNotFoundError, NotADirectoryError):
            return []
        root = self.root.rstrip("/")
        out = []
        for e in entries:
            e = str(e).rstrip("/")
            if e == root:
                continue
            out.append(e.rsplit("/", 1)[-1])
        return sorted(out)

    def has(self, name: str) -> bool:
        """Whether the file ``name`` exists in the directory.

        Parameters
        ----------
        name : str
            A file name.

        Returns
        -------
        bool
            Whether it exists.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/has")
        >>> t.write("a.txt", b"hello")
        >>> t.has("a.txt"), t.has("b.txt")
        (True, False)
        """
        return bool(self.fs.isfile(self.path(name)))

    def size(self, name: str) -> int:
        """Size of the file ``name`` in bytes.

        Parameters
        ----------
        name : str
            A file name.

        Returns
        -------
        int
            Its size in bytes.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/size")
        >>> t.write("a.txt", b"hello")
        >>> t.size("a.txt")
        5
        """
        return int(self.fs.size(self.path(name)))

    def read(self, name: str) -> bytes:
        """Contents of the file ``name``.

        Parameters
        ----------
        name : str
            A file name.

        Returns
        -------
        bytes
            The whole file.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/read")
        >>> t.write("a.txt", b"hello")
        >>> t.read("a.txt")
        b'hello'
        """
        return bytes(self.fs.cat_file(self.path(name)))

    def remove(self, name: str) -> None:
        """Delete the file ``name``.

        Parameters
        ----------
        name : str
            A file name.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/remove")
        >>> t.write("a.txt", b"hello")
        >>> t.remove("a.txt")
        >>> t.has("a.txt")
        False
        """
        self.fs.rm_file(self.path(name))

    def sha256(self, name: str) -> str:
        """Hex SHA-256 of a file, streamed.

        Parameters
        ----------
        name : str
            A file name.

        Returns
        -------
        str
            64 hex digits.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/sha")
        >>> t.write("a.txt", b"hello")
        >>> t.sha256("a.txt")[:16]
        '2cf24dba5fb0a30e'
        """
        h = hashlib.sha256()
        with self.fs.open(self.path(name), "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest()

    def makedirs(self) -> None:
        """Create the directory (a no-op on object stores).

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/made")
        >>> t.makedirs()
        >>> t.names()
        []
        """
        self.fs.makedirs(self.root, exist_ok=True)

    def write(self, name: str, data: bytes) -> None:
        """Write ``data`` as ``name`` atomically: whole or not at all.

        Parameters
        ----------
        name : str
            A file name.
        data : bytes
            Its contents.

        Examples
        --------
        >>> from tremaux.dataset.fs import open_target
        >>> t = open_target("memory://doc/write")
        >>> t.write("a.txt", b"hello")
        >>> t.read("a.txt")
        b'hello'
        """
        if self.local:
            _atomic_write(Path(self.path(name)), data)
        else:
            self.fs.pipe_file(self.path(name), data)


def _protocols(fs: Any) -> tuple[str, ...]:
    p = fs.protocol
    return (p,) if isinstance(p, str) else tuple(p)


def open_target(out: str | Path | Target, storage_options: Mapping[str, Any] | Iterable[str] | None = None) -> Target:
    """The dataset directory ``out``: a local path or any URL fsspec knows.

    Credentials and endpoints come from the file system's own standard
    sources (for S3: ``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``,
    ``AWS_ENDPOINT_URL``, ``~/.aws``...) or from ``storage_options``, passed
    to the file system as they are (see :func:`parse_storage_options`).

    Parameters
    ----------
    out : str, pathlib.Path or Target
        A local path, a URL (``s3://bucket/data``, ``memory://x``), or a target returned as it is.
    storage_options : mapping or iterable of str, optional
        Options of the file system (credentials, region...); see :func:`parse_storage_options`.

    Returns
    -------
    Target
        The directory.

    Raises
    ------
    TremauxError
        For an unknown protocol, or one whose fsspec package is not installed
        (naming the package, see :data:`PACKAGES`, and the tremaux extra that
        brings it), storage options the file system refuses, or any but
        ``auto_mkdir`` for a local folder (which would ignore them).

    Examples
    --------
    >>> from tremaux.dataset.fs import open_target
    >>> t = open_target("memory://bucket/data")
    >>> t.root, t.local, t.process_local
    ('/bucket/data', False, True)
    """
    if isinstance(out, Target):
        return out
    import fsspec

    url = str(out)
    options = parse_storage_options(storage_options)
    protocol = url.split("://", 1)[0].lower() if "://" in url else "file"
    unknown = sorted(set(options) - {"auto_mkdir"}) if protocol in ("file", "local") else []
    if unknown:  # the local file system takes any keyword and ignores it: a typo or a URL's option, said here
        raise TremauxError(f"storage option {unknown[0]!r} means nothing for the local folder {url}; storage options "
                           "are for URLs such as s3://bucket/data")
    try:
        fs, root = fsspec.core.url_to_fs(url, **options)
    except ImportError:
        if protocol in PACKAGES:
            package, extra = PACKAGES[protocol]
            hint = f"the {package} package: pip install {package} (or pip install 'tremaux[{extra}]')"
        else:
            hint = "its fsspec file system package; install it"
        raise TremauxError(f"{protocol}:// needs {hint}") from None
    except ValueError as exc:
        if "Protocol not known" in str(exc):
            raise TremauxError(f"unknown storage protocol {protocol!r} in {url}") from None
        raise TremauxError(f"cannot open {url}: {exc}") from None
    except TypeError as exc:
        raise TremauxError(f"bad storage option for {url}: {exc}") from None
    return Target(fs, str(root), url)



def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".partial")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
