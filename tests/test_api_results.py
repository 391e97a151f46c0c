"""What the API hands back: the pictures a notebook shows for each result, and what ``tremaux.solve`` and ``generate`` take."""

import pytest

import tremaux
from tremaux import grids
from tremaux.errors import MemoryLimitError, UnsupportedError
from tremaux.numberlink import Puzzle, solve_puzzle


def test_a_generated_maze_shows_as_its_maze():
    g = tremaux.generate((5, 6), seed=3)
    assert g._repr_svg_() == g.maze._repr_svg_()
    assert g._repr_png_() == g.maze._repr_png_()


def test_a_generated_maze_on_another_grid_shows_as_its_maze():
    g = grids.generate_on(grids.make_grid("hex", size=(3, 4)), "wilson", seed=2)
    assert g._repr_svg_() == g.maze._repr_svg_()
    assert g._repr_svg_().startswith("<svg")


def test_solve_takes_what_generate_returns():
    g = tremaux.generate((6, 7), "kruskal", seed=5)
    assert tremaux.solve(g).path_cells() == tremaux.solve(g.maze).path_cells()
    assert tremaux.solve(g, "dfs").found


def test_solve_takes_a_maze_on_another_grid():
    g = grids.generate_on(grids.make_grid("polar", rings=4), "wilson", seed=1)
    for maze in (g, g.maze):
        s = tremaux.solve(maze, "bfs", record=True)
        assert isinstance(s, grids.GridSolution)
        assert s.length == grids.solve_on(g.maze, "bfs").length
        assert s.trace is not None
    # the memory limit applies on every grid: refused over it (naming the estimate), solved within it
    with pytest.raises(MemoryLimitError, match=r"solving a polar maze of 43 cells \(bfs\) needs about"):
        tremaux.solve(g, memory_limit="1k")
    assert tremaux.solve(g, memory_limit="1G").found


def test_a_number_link_solution_shows_its_lines():
    p = Puzzle.from_rows(["1.2", "...", "1.2"])
    r = solve_puzzle(p, rule="nikoli")
    assert r.status == "solved"
    drawn, bare = r._repr_svg_(), p._repr_svg_()
    assert drawn.startswith("<svg") and bare.startswith("<svg")
    assert drawn != bare and len(drawn) > len(bare)


def test_an_unsolved_puzzle_shows_the_bare_board():
    p = Puzzle.from_rows(["1.2", "...", "2.1"])
    r = solve_puzzle(p, rule="nikoli")
    assert r.status == "no-solution"
    assert r._repr_svg_() == p._repr_svg_()


def test_a_huge_puzzle_shows_as_text_not_a_huge_svg():
    side = 300
    p = Puzzle.from_rows(["1" + "." * (side - 2) + "1"] + ["." * side] * (side - 1))
    assert p._repr_svg_() is None
    small = Puzzle.from_rows(["1" + "." * 8 + "1"] + ["." * 10] * 9)
    assert small._repr_svg_().startswith("<svg")


def test_generate_with_rows_and_columns_as_two_arguments_says_how():
    from tremaux.errors import InvalidSizeError

    with pytest.raises(InvalidSizeError, match=r"generate\(\(10, 20\)\)"):
        tremaux.generate(10, 20)


def test_solve_puzzle_and_diagnose_take_text_a_path_or_a_generated_puzzle(tmp_path):
    from tremaux.errors import PuzzleError, PuzzleFormatError
    from tremaux.numberlink import diagnose, formats, generate_puzzle

    text = "1.2\n...\n1.2\n"
    want = solve_puzzle(Puzzle.from_rows(["1.2", "...", "1.2"]), rule="nikoli")
    path = tmp_path / "p.txt"
    path.write_text(text)
    for given in (text, path, str(path)):
        r = solve_puzzle(given, rule="nikoli")
        assert r.status == "solved" and r.linking == want.linking
    g = generate_puzzle((5, 5), seed=2)
    assert solve_puzzle(g, unique=True).unique is True
    assert diagnose(text, "nikoli").verdict == diagnose(formats.loads(text), "nikoli").verdict
    with pytest.raises(PuzzleFormatError, match="nope.txt"):
        solve_puzzle(str(tmp_path / "nope.txt"))
    assert solve_puzzle(["1.2", "...", "1.2"], rule="nikoli").linking == want.linking  # rows of text, as from_rows
    with pytest.raises(PuzzleError, match="not dict"):
        solve_puzzle({"rows": ["1.2"]})


def test_a_puzzle_made_from_text_reads_the_text_as_solve_puzzle_does():
    assert Puzzle("1.2\n...\n1.2") == Puzzle.from_rows(["1.2", "...", "1.2"])


@pytest.mark.parametrize("solver", ["bfs", "tremaux", "wall-left"])
def test_a_solution_on_another_grid_is_as_frozen_as_a_square_one(solver):
    # a square maze's Solution holds read-only arrays; a grid one's path, visited cells and marks could be written
    maze = grids.generate_on(grids.make_grid("hex", size=(3, 4)), "wilson", seed=2).maze
    sol = grids.solve_on(maze, solver, record=True)  # (Tremaux's marks are kept with the transcript)
    arrays = [sol.path, sol.visited] + ([] if sol.marks is None else [sol.marks])
    assert len(arrays) == (3 if solver == "tremaux" else 2)
    for a in arrays:
        with pytest.raises(ValueError, match="read-only"):
            a[0] = 0
    square = tremaux.solve(tremaux.generate((3, 4), seed=2).maze, solver)
    with pytest.raises(ValueError, match="read-only"):
        square.path[0] = 0
