"""Every writer of the Python API names a missing output folder, as the command line does."""

from __future__ import annotations

import pickle

import pytest

import tremaux
import tremaux.io
import tremaux.render
from tremaux.errors import MissingFolderError, TremauxError
from tremaux.grids import files, generate_on, make_grid, save_picture
from tremaux.grids.animate import save_animation
from tremaux.io.outputs import FolderPathError


def _square():
    return tremaux.generate((3, 4), seed=2)


def _hex():
    return generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4, record=True)


WRITERS = {
    "io.save txt": lambda d: tremaux.io.save(_square().maze, d / "m.txt"),
    "io.save npz": lambda d: tremaux.io.save(_square().maze, d / "m.npz"),
    "render.save png": lambda d: tremaux.render.save(_square().maze, d / "m.png"),
    "render.save svg": lambda d: tremaux.render.save(_square().maze, d / "m.svg"),
    "render.save gif": lambda d: tremaux.render.save(_square(), d / "m.gif", animate=True, frames=3),
    "grids.files.save": lambda d: files.save(_hex().maze, d / "h.json"),
    "grids.save_picture": lambda d: save_picture(_hex().maze, d / "h.png"),
    "grids.save_animation": lambda d: save_animation(_hex(), d / "h.gif", frames=3),
}


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_a_missing_folder_is_named(name, tmp_path):
    folder = tmp_path / "no" / "such"
    with pytest.raises(MissingFolderError) as info:
        WRITERS[name](folder)
    err = info.value
    assert str(err).startswith("cannot write ") and f"the folder {folder} does not exist" in str(err)
    assert "\n" not in str(err) and "Errno" not in str(err)
    # the clauses callers already have keep catching it
    assert isinstance(err, FileNotFoundError) and isinstance(err, OSError) and isinstance(err, TremauxError)
    assert err.errno == 2 and err.filename.endswith(("m.txt", "m.npz", "m.png", "m.svg", "m.gif", "h.json", "h.png",
                                                      "h.gif"))
    assert not (tmp_path / "no").exists()


def test_the_error_pickles_as_itself():
    err = pickle.loads(pickle.dumps(MissingFolderError("out/m.txt")))
    assert str(err) == "cannot write out/m.txt: the folder out does not exist" and err.filename == "out/m.txt"


def test_a_file_in_the_current_folder_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tremaux.io.save(_square().maze, "m.txt")
    assert (tmp_path / "m.txt").read_text().startswith("+")


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_a_folder_in_place_of_the_file_is_named(name, tmp_path):
    for file in ("m.txt", "m.npz", "m.png", "m.svg", "m.gif", "h.json", "h.png", "h.gif"):
        (tmp_path / file).mkdir()  # the file each writer writes is a folder
    with pytest.raises(FolderPathError) as info:
        WRITERS[name](tmp_path)
    err = info.value
    assert str(err).startswith(f"cannot write {tmp_path / err.filename.rsplit('/', 1)[-1]}: it is a folder; name a file")
    assert "\n" not in str(err) and "Errno" not in str(err)
    # the clauses callers already have keep catching it
    assert isinstance(err, IsADirectoryError) and isinstance(err, OSError) and isinstance(err, TremauxError)
    assert err.errno == 21 and err.output


def test_io_save_to_a_folder_without_extension_names_the_folder(tmp_path):
    with pytest.raises(FolderPathError, match=f"cannot write {tmp_path}: it is a folder"):
        tremaux.io.save(_square().maze, tmp_path, "json")
    err = pickle.loads(pickle.dumps(FolderPathError("out")))
    assert str(err) == "cannot write out: it is a folder; name a file in it (out/maze.txt)"
