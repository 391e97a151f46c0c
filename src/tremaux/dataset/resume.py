"""Resuming a build: what :func:`open_for_build` keeps, removes and refuses in a dataset directory.

The rules are the same on every file system (see :mod:`tremaux.dataset.store`
for the files themselves).
"""

from __future__ import annotations

from pathlib import Path

from .fs import Target, open_target
from .spec import DatasetSpec
from .store import LEGACY_MANIFEST, MANIFEST, DatasetDirError, Manifest, read_manifest, shard_name, versions, write_manifest

__all__ = ["open_for_build"]


def open_for_build(
    directory: str | Path | Target, spec: DatasetSpec, columns: tuple[str, ...]
) -> tuple[Manifest, list[str]]:
    """Prepare ``directory`` (a path, URL or :class:`Target`) for building ``spec``; return the manifest and notes.

    * A missing or empty directory is created and gets a fresh manifest; so
      does one holding only the manifest of a build that stopped before its
      first shard (whatever its spec).
    * A directory holding a manifest of the same spec and versions is resumed:
      finished shards whose file is present with its recorded SHA-256 are
      kept; a recorded shard whose file was deleted is built again; leftover
      ``*.partial`` files of an interrupted write are removed; a shard file
      the manifest does not record (written by a worker just before an
      interruption) is built again and overwritten.
    * A directory whose manifest has its former name, ``manifest.json``, is
      resumed the same way and its manifest takes the current name.

    The same rules hold on every file system.

    Parameters
    ----------
    directory : str, pathlib.Path or Target
        The dataset directory (a path or a URL).
    spec : DatasetSpec
        The dataset.
    columns : tuple of str
        The columns its shards hold.

    Returns
    -------
    (Manifest, list of str)
        The manifest to continue from (its finished shards kept) and notes on what was found.

    Raises
    ------
    TremauxError
        When a remote directory cannot be reached (see :meth:`~tremaux.dataset.fs.Target.probe`).
    DatasetDirError
        When the directory holds other files and no manifest (foreign), a
        manifest of a different spec or versions, an unreadable manifest, or a
        recorded shard whose contents no longer match their checksum
        (corrupted): the message says what to do.

    Examples
    --------
    >>> from tremaux.dataset.resume import open_for_build
    >>> import tremaux.dataset as ds
    >>> spec = ds.DatasetSpec(count=4, size=(3, 3), seed=1, shard_size=2)
    >>> from tremaux.dataset.shard import columns_of
    >>> manifest, notes = open_for_build("memory://doc/fresh", spec, columns_of(spec))
    >>> manifest.shards, notes
    ({}, [])
    """
    target = open_target(directory)
    target.probe()
    if target.is_file():
        raise DatasetDirError(f"output {target.url} exists and is not a directory")
    notes: list[str] = []
    fresh = Manifest(spec, versions(), columns, {})
    names = target.names()
    if not names:
        target.makedirs()
        write_manifest(target, fresh)
        return fresh, notes
    legacy = LEGACY_MANIFEST in names
    if MANIFEST not in names and not legacy:
        raise DatasetDirError(
            f"output directory {target.url} is not empty and holds no tremaux dataset "
            f"({MANIFEST} missing); choose a new or empty directory"
        )
    old = read_manifest(target)
    if not old.shards and {n for n in names if not n.endswith(".partial")} <= {MANIFEST, LEGACY_MANIFEST}:
        # a build that stopped before its first shard: nothing to keep, start afresh
        for n in names:
            if n.endswith(".partial"):
                target.remove(n)
        write_manifest(target, fresh)
        _drop_legacy(target, legacy)
        return fresh, notes
    if old.spec != spec:
        diff = _spec_diff(old.spec, spec)
        raise DatasetDirError(
            f"output directory {target.url} holds a different dataset ({diff}); "
            "choose another directory, or delete it to start again"
        )
    if dict(old.versions) != fresh.versions:
        diff = ", ".join(
            f"{k} {old.versions.get(k)} vs {v}" for k, v in fresh.versions.items() if old.versions.get(k) != v
        )
        raise DatasetDirError(
            f"output directory {target.url} was built with other versions ({diff}), so its shards "
            "may differ; rebuild it into a new directory"
        )
    if tuple(old.columns) != columns:
        raise DatasetDirError(f"{target.show(MANIFEST)} is corrupted: its columns do not match its spec")
    expected = {shard_name(i, spec.shards, spec.shard_format) for i in range(spec.shards)} | {MANIFEST, LEGACY_MANIFEST}
    for name in names:
        if name.endswith(".partial"):
            target.remove(name)
            notes.append(f"removed {name} left by an interrupted write")
        elif name not in expected:
            raise DatasetDirError(
                f"output directory {target.url} holds a file that is not part of this dataset: "
                f"{name}; move it away or choose another directory"
            )
    present = set(names)
    missing = []
    for idx, rec in sorted(old.shards.items()):
        if rec.file not in present:
            missing.append(idx)
            notes.append(f"{rec.file} was recorded but is missing: building it again")
            continue
        if target.size(rec.file) != rec.bytes or target.sha256(rec.file) != rec.sha256:
            raise DatasetDirError(
                f"shard {target.show(rec.file)} is corrupted (its SHA-256 does not match the manifest); "
                "delete that file and run again to rebuild it"
            )
    manifest = old.without(missing)
    if missing or legacy:
        write_manifest(target, manifest)
    _drop_legacy(target, legacy)
    return manifest, notes


def _drop_legacy(target: Target, legacy: bool) -> None:
    """Remove the manifest's former name once the current one is written (it is read first)."""
    if legacy:
        target.remove(LEGACY_MANIFEST)


def _spec_diff(old: DatasetSpec, new: DatasetSpec) -> str:
    a, b = old.to_dict(), new.to_dict()
    parts = [f"{k} {a[k]!r} there vs {b[k]!r} asked" for k in a if a[k] != b[k]]
    return "; ".join(parts[:3])
