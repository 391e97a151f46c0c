"""The main job: ``tremaux demo`` generates, solves with Tremaux, prints and draws."""

import pytest
from PIL import Image

from tremaux.cli import main

from cli_helpers import run


def test_demo_prints_maze_and_writes_png(tmp_path, capsys):
    out = tmp_path / "demo.png"
    main(["demo", "--size", "6x9", "--seed", "3", "--out", str(out)])
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert len(lines) == 2 * 6 + 1
    assert "S" in captured.out and "G" in captured.out
    assert "path of" in captured.err
    with Image.open(out) as img:
        assert img.format == "PNG" and img.width > img.height


def test_demo_unknown_generator_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--generator", "nope", "--out", str(tmp_path / "x.png")])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "unknown generator 'nope'" in err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    "argv, words",
    [
        (["show"], "error: missing argument 'FILE'"),
        (["nosuch"], "error: no such command 'nosuch'"),
        (["generate", "--bogus"], "error: no such option: --bogus"),
        (["generate", "--seed", "x"], "error: invalid value for '--seed'"),
        (["numberlink", "generate", "--density", "abc"], "error: invalid value for '--density'"),
        (["solve"], "error: missing the maze FILE to solve"),
    ],
)
def test_usage_errors_exit_2_in_one_line_naming_the_help(argv, words, capsys):
    # the same convention as every other bad input: one line 'error: ...', exit 2, and which help to read
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(words) and err.count("\n") == 1 and "Traceback" not in err, err
    command = " ".join(w for w in argv[:2] if w in ("show", "generate", "numberlink", "solve"))
    assert err.rstrip().endswith(f"(see '{' '.join(['tremaux', command]).strip()} --help')"), err


def test_version(capsys):
    main(["--version"])
    assert capsys.readouterr().out.startswith("tremaux ")


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".gif", b"GIF89a"), (".svg", b"<svg")])
def test_generate_and_solve_draw_pictures(tmp_path, suffix, magic):
    maze_file = tmp_path / "m.npz"
    main(["generate", "--size", "5x8", "--seed", "7", "--out", str(maze_file)])
    picture = tmp_path / f"g{suffix}"
    main(["generate", "--size", "5x8", "--seed", "7", "--out", str(picture)])
    assert picture.read_bytes().startswith(magic)
    solved = tmp_path / f"s{suffix}"
    main(["solve", str(maze_file), "--solver", "tremaux", "--out", str(solved)])
    assert solved.read_bytes().startswith(magic)


def test_generate_out_txt_is_a_maze_file_read_back(tmp_path, capsys):
    out = tmp_path / "m.txt"
    main(["generate", "--size", "4x6", "--seed", "2", "--out", str(out)])
    main(["show", str(out)])
    assert capsys.readouterr().out.strip() == out.read_text().strip()


def test_unknown_out_extension_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["generate", "--size", "4x6", "--out", str(tmp_path / "m.xyz")])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "m.xyz" in err and ".png" in err and "Traceback" not in err
    assert not (tmp_path / "m.xyz").exists()


@pytest.mark.parametrize("out, words", [("x.xyz", "error: cannot tell what to write to "),
                                        ("x.npz", "error: tremaux demo writes ascii, png, svg or gif, not npz"),
                                        ("missing/x.png", "error: cannot write ")])
def test_demo_refuses_an_unwritable_out_before_the_run(tmp_path, capsys, out, words):
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--size", "4x5", "--out", str(tmp_path / out)])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(words) and captured.err.count("\n") == 1


@pytest.mark.parametrize("cell", ["1,,1", "1,", ",1", "1,2,", ""])
def test_a_cell_with_an_empty_number_is_refused(tmp_path, capsys, cell):
    with pytest.raises(SystemExit) as exc:
        main(["generate", "--size", "4x5", "--start", cell])
    assert exc.value.code == 2
    assert capsys.readouterr().err == f"error: --start {cell!r} is not of the form R,C or L,R,C\n"


@pytest.mark.parametrize("cell", ["1,2", "1, 2", " 1 , 2 ", "(1, 2)", "1 2"])
def test_a_cell_may_be_spelled_with_spaces(tmp_path, capsys, cell):
    main(["generate", "--size", "4x5", "--seed", "1", "--start", cell, "--stats"])
    assert "(1, 2)" in capsys.readouterr().out


def test_an_infinite_memory_limit_is_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--memory-limit", "1e999", "generate", "--size", "3x3"])
    assert exc.value.code == 2
    assert capsys.readouterr().err == "error: memory size '1e999' must be a finite number of bytes, 0 or more\n"


def test_demo_without_a_path_says_so_as_solve_does(tmp_path, capsys, monkeypatch):
    # a generated maze always has a path: the demo is handed a walled-in one to show what it says when none is found
    import tremaux
    from cli_helpers import run

    real_solve = tremaux.solve

    def walled_in(maze, solver, **kw):
        return real_solve(tremaux.Maze.closed(maze.shape), solver, **kw)

    monkeypatch.setattr(tremaux, "solve", walled_in)
    out = tmp_path / "demo.txt"
    code, stdout, err = run(capsys, "demo", "--size", "3x4", "-s", "bfs", "--out", str(out))
    assert code == 1
    first = err.splitlines()[0]
    assert first.startswith("bfs: no path from (0, 0) to (2, 3)"), err
    assert err.splitlines()[1] == f"wrote {out}" and out.exists()


@pytest.mark.parametrize("fmt, name", [("svg", "tremaux-demo.svg"), ("txt", "tremaux-demo.txt"), (None, "tremaux-demo.png")])
def test_demo_format_without_out_names_the_default_file_after_it(capsys, tmp_path, monkeypatch, fmt, name):
    from cli_helpers import run

    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "demo", "--size", "3x3", *(["--format", fmt] if fmt else []))
    assert code == 0, err
    assert err.splitlines()[-1] == f"wrote {name}" and sorted(p.name for p in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize("words", [(), ("numberlink",)])
def test_a_command_group_alone_prints_its_help_as_help_does(capsys, words):
    code, out, err = run(capsys, *words)
    assert code == 0 and err == ""
    _, help_out, _ = run(capsys, *words, "--help")
    assert out == help_out and out.startswith(f"Usage: tremaux {' '.join(words)}".rstrip() + " [OPTIONS] COMMAND")


def _bounded_options():
    import typer.main

    from tremaux.cli.app import app

    def walk(command, path):
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, (*path, name))
        for param in getattr(command, "params", ()):
            for bound in ("min", "max"):
                if getattr(param, bound, None) is not None:
                    yield path, param.opts[0], bound, getattr(param, bound)

    return list(walk(typer.main.get_command(app), ()))


def test_every_bounded_option_says_out_of_range_in_the_projects_words(capsys):
    cases = _bounded_options()
    assert ("serve", "--port", "max", 65535) in [(*p, o, b, v) for p, o, b, v in cases]
    for path, option, bound, limit in cases:
        value = limit - 1 if bound == "min" else limit + 1
        code, out, err = run(capsys, *path, option, str(value))
        words = "at least" if bound == "min" else "at most"
        assert code == 2 and out == "", (path, option)
        assert f"{value} is out of range: it must be {words} {limit}" in err and "Input should" not in err, err
        assert len(err.strip().splitlines()) == 1, err
