"""``--out -`` on every command that takes ``--out``: the standard output. A command that needs a format to
write it says so naming ``-`` (what was typed), not ``/dev/stdout``, and how to get what is wanted."""

from __future__ import annotations

import pytest

from cli_helpers import run


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("stdout")
    (d / "m.txt").write_text("+---+---+\n| S   G |\n+---+---+\n")
    (d / "nl.txt").write_text("1.1\n...\n")
    from tremaux.grids import files as gfiles, generate_on, make_grid

    gfiles.save(generate_on(make_grid("hex", size=(2, 3)), "kruskal", seed=1).maze, d / "hex.json")
    return d


REFUSED = [
    ("solve", "{d}/m.txt"), ("solve", "{d}/hex.json"), ("render", "{d}/m.txt"), ("animate", "{d}/m.txt"),
    ("animate", "{d}/hex.json"), ("demo", "--size", "3x3"), ("numberlink", "solve", "{d}/nl.txt"),
]


@pytest.mark.parametrize("args", REFUSED, ids=[" ".join(a[:2]).replace("{d}/", "") for a in REFUSED])
def test_out_dash_without_a_format_names_dash_and_what_to_do(args, files, capsys):
    code, out, err = run(capsys, *[a.format(d=files) for a in args], "--out", "-")
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert ("'-'" in err or "--out -" in err) and "/dev/stdout" not in err, err
    assert "standard output" in err and (".svg" in err or "name a format" in err or "file name" in err), err


def test_convert_to_dash_names_dash_and_the_formats(files, capsys):
    code, _, err = run(capsys, "convert", str(files / "m.txt"), "-o", "-")
    assert code == 2 and "'-'" in err and "/dev/stdout" not in err and "name a format" in err, err


@pytest.mark.parametrize("args", [("generate", "--size", "3x3", "--seed", "1", "--format", "ascii"),
                                  ("render", "{d}/m.txt", "--format", "svg")], ids=["generate", "render"])
def test_out_dash_with_a_format_writes_the_standard_output(args, files, capfd):
    code, out, err = run(capfd, *[a.format(d=files) for a in args], "--out", "-")
    assert code == 0, err
    assert out.startswith("<svg") or out.startswith("+---"), out[:80]


@pytest.mark.parametrize("args, head", [
    (("solve", "{d}/m.txt", "--format", "png"), b"\x89PNG"),
    (("solve", "{d}/m.txt", "--format", "gif"), b"GIF8"),
    (("solve", "{d}/hex.json", "--format", "svg"), b"<svg"),
    (("animate", "{d}/m.txt", "--format", "gif"), b"GIF8"),
    (("animate", "{d}/hex.json", "-f", "svg"), b"<svg"),
    (("animate", "--grid", "polar", "--rings", "2", "-g", "wilson", "-f", "gif"), b"GIF8"),
    (("demo", "--size", "3x3", "--format", "png"), b"\x89PNG"),
], ids=["solve-png", "solve-gif", "solve-hex-svg", "animate-gif", "animate-hex-svg", "animate-polar", "demo-png"])
def test_the_commands_that_draw_write_their_picture_alone_on_the_standard_output(args, head, files, capfdbinary):
    """--format names what `--out -` gets; the picture is all that goes there (no drawing printed before it)."""
    code = 0
    try:
        from tremaux.cli import main

        main([a.format(d=files) for a in args] + ["--out", "-"])
    except SystemExit as exc:
        code = exc.code
    out, err = capfdbinary.readouterr()
    assert code in (0, None), err
    assert out.startswith(head), out[:60]


@pytest.mark.parametrize("args, match", [
    (("solve", "{d}/m.txt", "--format", "png"), "--format is the format of --out"),
    (("solve", "{d}/m.txt", "--json", "--out", "-", "--format", "png"), "both write the standard output"),
    (("animate", "{d}/m.txt", "--out", "{d}/a.svg", "--format", "gif"), "does not match the extension"),
])
def test_a_format_that_cannot_be_honoured_is_refused(args, match, files, capsys):
    code, out, err = run(capsys, *[a.format(d=files) for a in args])
    assert code == 2 and out == "" and err.count("\n") == 1 and match in err, err


@pytest.mark.parametrize("fmt, head", [("svg", b"<svg"), ("png", b"\x89PNG"), ("txt", "1─".encode())])
def test_numberlink_solve_writes_its_picture_alone_on_the_standard_output(fmt, head, tmp_path, capfdbinary):
    # the Number Link commands refused --out - where the maze commands take it
    from tremaux.cli import main

    (tmp_path / "p.txt").write_text("1.1\n2.2\n")
    code = 0
    try:
        main(["numberlink", "solve", str(tmp_path / "p.txt"), "--out", "-", "--format", fmt])
    except SystemExit as exc:
        code = exc.code
    out, err = capfdbinary.readouterr()
    assert code in (0, None), err
    assert out.startswith(head), out[:60]
    assert b"solved" in err and b"wrote" not in err, err


def test_numberlink_solve_to_the_standard_output_keeps_one_picture_and_the_json_apart(tmp_path, capsys):
    (tmp_path / "two.txt").write_text("1.1\n2.2\n\n1.1\n2.2\n")
    code, _, err = run(capsys, "numberlink", "solve", str(tmp_path / "two.txt"), "--out", "-", "-f", "svg")
    assert code == 2 and err.count("error:") == 1 and "holds one svg picture" in err, err
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "two.txt"), "--out", "-", "-f", "txt")
    assert code == 0 and out.count("1─") == 2 and "\n\n" in out, out
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "two.txt"), "-o", "-", "-f", "svg", "--json")
    assert code == 2 and out == "" and "both write the standard output" in err, err
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "two.txt"), "-f", "svg")
    assert code == 2 and out == "" and "--format is the format of --out" in err, err
    code, out, err = run(capsys, "numberlink", "solve", str(tmp_path / "two.txt"), "-o", str(tmp_path / "a.png"),
                         "-f", "svg")
    assert code == 2 and "does not match the extension" in err and not (tmp_path / "a.png").exists(), err


@pytest.mark.parametrize("args", [("numberlink", "generate", "--size", "3x3", "--seed", "1"),
                                  ("numberlink", "convert", "{d}/nl.txt", "-f", "wh")], ids=["generate", "convert"])
def test_numberlink_text_to_dash_is_what_is_printed_without_out(args, files, capsys):
    argv = [a.format(d=files) for a in args]
    code, plain, _ = run(capsys, *argv)
    assert code == 0
    code, dash, err = run(capsys, *argv, "--out", "-")
    assert code == 0 and dash == plain and "wrote" not in err, err
