"""The main job: ``tremaux demo`` generates, solves with Tremaux, prints and draws."""

import pytest
from PIL import Image

from tremaux.cli import main


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
        main(["demo", "--algorithm", "nope", "--out", str(tmp_path / "x.png")])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "unknown generator 'nope'" in err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    "argv, words",
    [
        (["show"], "Missing argument"),
        (["nosuch"], "No such command"),
        (["generate", "--bogus"], "No such option"),
    ],
)
def test_usage_errors_exit_2_without_traceback(argv, words, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_version(capsys):
    main(["--version"])
    assert capsys.readouterr().out.startswith("tremaux ")
