"""Text mazes as other maze programs write them (samples in tests/data/other_tools/): read as the maze they draw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import run
from tremaux import io as tio

DATA = Path(__file__).parent / "data" / "other_tools"


def test_a_block_picture_with_openings_in_its_border_goes_from_one_to_the_other(capsys):
    # '#' walls and spaces, the entrance and the exit left open in the outer wall (the right side of the first
    # row, the left side of the last): they are the start and the goal, in reading order
    maze = tio.load(DATA / "block_side_openings.txt")
    assert (maze.start, maze.goal) == ((1, 10), (7, 0))
    code, out, _ = run(capsys, "solve", str(DATA / "block_side_openings.txt"), "--json")
    assert code == 0
    path = json.loads(out)["path"]
    assert path[0] == [1, 10] and path[-1] == [7, 0] and len(path) == 17


@pytest.mark.parametrize("text, ends", [
    ("# #\n# #\n# #", ((0, 1), (2, 1))),
    ("#####\n    #\n### #\n#   #\n# ###", ((1, 0), (4, 1))),
])
def test_two_openings_in_the_border_of_a_block_picture_are_its_ends(text, ends):
    maze = tio.loads(text)
    assert (maze.start, maze.goal) == ends


@pytest.mark.parametrize("text", [
    "# # #\n    #\n#####",  # three openings: which two are the ends is not said
    "#S# #\n#   #\n### #",  # a marked start: the openings are only squares
    ".#E#.\n.....\n#..#.\n#..#G",  # the lecture's grid: no wall around it
    "## #\n#  #\n# ##\n####",  # even rows and columns: not a picture of cells
])
def test_other_block_texts_keep_the_ends_they_mark(text):
    maze = tio.loads(text)
    marked = "S" in text or "E" in text
    assert (maze.start is not None) == marked


def test_a_solution_drawn_with_stars_reads_as_the_maze_under_it():
    plain = (DATA / "ascii_star_path.txt").read_text().replace("*", " ")
    drawn = tio.load(DATA / "ascii_star_path.txt")
    assert drawn == tio.loads(plain)
    assert drawn.shape == (4, 5) and drawn.passages == 19


def test_a_block_picture_with_a_path_of_stars_reads_as_the_maze_under_it():
    text = (DATA / "block_star_path.txt").read_text()
    drawn = tio.load(DATA / "block_star_path.txt")
    assert drawn == tio.loads(text.replace("*", " "))
    assert (drawn.start, drawn.goal) == ((3, 10), (8, 9))


def test_one_star_is_still_start_and_goal_in_one_cell():
    maze = tio.loads("+---+---+\n| *     |\n+---+---+")
    assert maze.start == maze.goal == (0, 0)


def _graph_json(kind):
    import networkx as nx

    import tremaux
    from tremaux.io.graph import to_graph

    maze = tremaux.generate((3, 4), "backtracker", seed=1).maze
    G = to_graph(maze)
    data = nx.adjacency_data(G) if kind == "adjacency" else nx.node_link_data(G)
    other = {"links": "edges", "edges": "links"}.get(kind)  # networkx before 3.6 writes "links", since "edges"
    if other in data:
        data[kind] = data.pop(other)
    return maze, json.dumps(data, default=list)


@pytest.mark.parametrize("kind", ["links", "edges", "adjacency"])
def test_a_networkx_graph_saved_as_json_reads_as_its_maze(kind, tmp_path, capsys):
    maze, text = _graph_json(kind)
    assert tio.loads(text) == maze
    (tmp_path / "g.json").write_text(text)
    code, out, _ = run(capsys, "solve", str(tmp_path / "g.json"), "--json")
    assert code == 0 and json.loads(out)["path"][-1] == list(maze.goal)


@pytest.mark.parametrize("data, message", [
    ({"nodes": [1, 2], "links": []}, 'graph node 1 has no "id"'),
    ({"nodes": [{"id": {"a": 1}}], "links": []}, "graph node id {'a': 1} is not a cell"),
    ({"nodes": [{"id": [0, 0]}, {"id": [1, 1]}], "links": [{"source": [0, 0], "target": [1, 1]}]},
     "joins cells that are not neighbours"),
    ({"nodes": [{"id": [0, 0]}], "links": [{"source": [0, 0]}]}, 'has no "source" and "target"'),
    ({"nodes": [{"id": [0, 0]}], "links": [], "graph": {"shape": [30000, 30000]}}, "needs about"),
])
def test_a_json_graph_that_is_no_maze_is_refused_in_one_line(data, message, tmp_path, capsys):
    (tmp_path / "g.json").write_text(json.dumps(data))
    code, out, err = run(capsys, "--memory-limit", "1G", "info", str(tmp_path / "g.json"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("error: ") and message in err


def _digit_rows():
    return [line.split() for line in (DATA / "digits_start_goal.txt").read_text().splitlines()]


@pytest.mark.parametrize("sep", [" ", "", ",", "\t", ", "])
def test_a_grid_of_digits_reads_as_a_block_picture_one_wall_two_start_three_goal(sep):
    text = "\n".join(sep.join(row) for row in _digit_rows())
    maze = tio.loads(text)
    block = text.replace(sep, "") if sep else text
    assert maze == tio.loads(block.translate(str.maketrans("0123", ".#SG")))
    assert maze.shape == (9, 11) and (maze.start, maze.goal) == ((1, 1), (7, 9))


def test_a_json_list_of_rows_of_digits_reads_alike(tmp_path, capsys):
    rows = [[int(x) for x in row] for row in _digit_rows()]
    (tmp_path / "grid.json").write_text(json.dumps(rows))
    assert tio.load(tmp_path / "grid.json") == tio.load(DATA / "digits_start_goal.txt")
    code, out, _ = run(capsys, "solve", str(tmp_path / "grid.json"), "--json")
    assert code == 0 and json.loads(out)["path"][0] == [1, 1]


@pytest.mark.parametrize("name, text, message", [
    ("d.txt", "0 1 5\n1 1 1\n", "d.txt:1:5: '5' in a grid of digits; a grid of digits reads as 1 wall, 0 open"),
    ("d.txt", "0 1\n1\n", "d.txt:2:1: row 1 of the grid of digits has 1 squares but row 0 has 2"),
    ("d.json", "[[0, 1], [1, 7]]", "d.json: 7 at row 1, column 1 of a list of rows"),
    ("d.json", "[[0, 1], [1]]", "d.json: row 1 of the grid of digits has 1 squares but row 0 has 2"),
])
def test_a_grid_of_other_digits_is_refused_in_one_line(name, text, message, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text)
    code, out, err = run(capsys, "info", name)
    assert code == 2 and err.startswith(f"error: {message}") and len(err.splitlines()) == 1


def test_distances_written_in_the_cells_in_base_36_read_as_plain_cells():
    # the drawings of "Mazes for Programmers" with each cell's distance from the root in its middle
    text = (DATA / "ascii_distances.txt").read_text()
    plain = "\n".join(line if line.startswith("+") else "|" + "".join(
        " " if ch.isalnum() else ch for ch in line[1:]) for line in text.splitlines())
    assert "0" not in plain and tio.load(DATA / "ascii_distances.txt") == tio.loads(plain)


def test_a_label_is_not_taken_for_a_mark_in_the_wrong_place():
    with pytest.raises(Exception, match="'v' in the wrong place"):
        tio.loads("+---+---+\n| S   v |\n+---+---+")


def test_a_picture_of_half_blocks_reads_as_the_block_picture_it_halves():
    text = (DATA / "halfblocks.txt").read_text()
    rows = []
    for line in text.splitlines():  # each line is two rows of squares
        line = line.ljust(11)
        rows += ["".join("#" if ch in "█▀" else " " for ch in line), "".join("#" if ch in "█▄" else " " for ch in line)]
    maze = tio.load(DATA / "halfblocks.txt")
    assert maze == tio.loads("\n".join(rows[:9])) and maze.shape == (9, 11)


def test_an_unknown_character_in_a_picture_of_half_blocks_is_named():
    with pytest.raises(Exception, match=r"1:3: unknown character 'x' in a picture of half blocks"):
        tio.loads("█▀x█\n▀▀▀▀")


def test_drawings_saved_in_code_page_437_read_as_in_unicode(tmp_path, capsys):
    half = (DATA / "halfblocks.txt").read_text()
    box = "┌───────┬───┐\n│ S     │   │\n├───┐   │   │\n│   │     G │\n└───┴───────┘\n"
    for name, text in (("half.txt", half), ("box.txt", box)):
        (tmp_path / name).write_bytes(text.encode("cp437"))  # as DOS-era maze programs save them
        assert tio.load(tmp_path / name) == tio.loads(text)
    code, out, _ = run(capsys, "solve", str(tmp_path / "box.txt"), "--json")
    assert code == 0 and json.loads(out)["path"][-1] == [1, 2]
    (tmp_path / "latin.txt").write_bytes("café".encode("latin-1"))  # other bytes are still not text
    code, _, err = run(capsys, "info", str(tmp_path / "latin.txt"))
    assert code == 2 and "byte 3 is not UTF-8 text" in err


@pytest.mark.parametrize("text, ends", [
    ("#####\nS   #\n### #\n#   F\n#####", ((1, 0), (3, 4))),  # start and finish, in a block picture
    ("+---+---+---+\n| S     |   |\n+---+   +   +\n|         F |\n+---+---+---+", ((0, 0), (1, 2))),
])
def test_f_for_finish_is_the_goal(text, ends):
    maze = tio.loads(text)
    assert (maze.start, maze.goal) == ends


def test_the_tokens_of_maze_dataset_read_as_the_maze_with_its_origin_and_target(capsys):
    import tremaux

    maze = tremaux.generate((5, 5), "wilson", seed=4).maze  # the maze the sample's tokens were written from
    assert tio.load(DATA / "maze_dataset_tokens.txt") == maze
    code, out, _ = run(capsys, "solve", str(DATA / "maze_dataset_tokens.txt"), "--json")
    text = (DATA / "maze_dataset_tokens.txt").read_text()
    tokens_path = text.split("<PATH_START>")[1].split("<PATH_END>")[0].split()
    assert code == 0 and len(json.loads(out)["path"]) == len(tokens_path)


@pytest.mark.parametrize("text, message", [
    ("<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END>\n" * 2, "2 mazes of tokens in one text"),
    ("<ADJLIST_START> (0,0) <--> (0,1) ; (0,0) -- (1,0) ; <ADJLIST_END>", "'(0,0) -- (1,0)' in the adjacency list"),
    ("<ADJLIST_START> (0,0) <--> (1,1) ; <ADJLIST_END>", "joins cells that are not neighbours"),
    ("<ADJLIST_START> (0,0) <--> (0,1) ;", "<ADJLIST_START> without its <ADJLIST_END>"),
    ("<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> <ORIGIN_START> (0,0) (0,1) <ORIGIN_END>", "not one cell"),
    ("<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> <TARGET_START> (5,5) <TARGET_END>", "outside"),
])
def test_tokens_that_are_no_maze_are_refused_in_one_line(text, message, tmp_path, capsys):
    (tmp_path / "t.txt").write_text(text)
    code, out, err = run(capsys, "info", str(tmp_path / "t.txt"))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and message in err


@pytest.mark.parametrize("writer", ["write_edgelist", "write_adjlist"])
def test_a_networkx_edge_or_adjacency_list_of_cells_reads_as_the_maze(writer, tmp_path, capsys):
    import networkx as nx
    import numpy as np

    import tremaux
    from tremaux.io.graph import to_graph

    maze = tremaux.generate((3, 4), "backtracker", seed=1).maze
    getattr(nx, writer)(to_graph(maze), tmp_path / "g.txt")  # '#' comment lines first, for an adjacency list
    got = tio.load(tmp_path / "g.txt")
    assert got.shape == maze.shape and np.array_equal(got.cells, maze.cells)
    code, _, _ = run(capsys, "solve", str(tmp_path / "g.txt"))
    assert code == 0


def test_a_networkx_gml_file_of_a_maze_graph_reads_as_the_maze(tmp_path, capsys):
    import networkx as nx

    import tremaux
    from tremaux.io.graph import to_graph

    maze = tremaux.generate((3, 4), "backtracker", seed=1).maze
    nx.write_gml(to_graph(maze), tmp_path / "g.gml")  # was: "unknown character 'g'; a block text uses '#'..."
    assert tio.load(tmp_path / "g.gml") == maze  # shape, start and goal kept
    code, out, _ = run(capsys, "solve", str(tmp_path / "g.gml"), "--json")
    assert code == 0 and json.loads(out)["path"][-1] == list(maze.goal)
    nx.write_gml(nx.grid_2d_graph(2, 3), tmp_path / "grid.gml")  # another tool's graph: labels "(0, 0)"
    assert tio.load(tmp_path / "grid.gml") == tremaux.Maze.open((2, 3))


@pytest.mark.parametrize("text, message", [
    ('graph [\n node [ id 0 label "(0,0)" ]\n node [ id 1 label "(1,1)" ]\n edge [ source 0 target 1 ]\n]\n',
     "a GML graph of a maze's passages: graph edge ('(0,0)', '(1,1)') joins cells that are not neighbours"),
    ('graph [\n node [ id 0 label "(0,0)"\n', "a GML graph networkx cannot read: expected ']'"),
])
def test_a_gml_graph_that_is_no_maze_is_refused_in_one_line(text, message, tmp_path, capsys):
    (tmp_path / "g.gml").write_text(text)
    code, out, err = run(capsys, "info", str(tmp_path / "g.gml"))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and message in err


def test_a_list_of_cells_that_are_not_neighbours_is_refused_in_one_line(tmp_path, capsys):
    (tmp_path / "g.txt").write_text("(0, 0) (0, 1)\n(0, 1) (2, 2)\n")
    code, _, err = run(capsys, "info", str(tmp_path / "g.txt"))
    assert code == 2 and "a list of a maze's passages: graph edge ((0, 1), (2, 2)) joins cells" in err


def test_a_block_text_of_comment_like_lines_is_still_a_block_text():
    assert tio.loads("#####\n#S.G#\n#####").shape == (3, 5)


@pytest.mark.parametrize("wall", ["*", "X", "@"])
def test_walls_drawn_with_another_character_than_hash_read_as_walls(wall):
    text = "#####\n#S  #\n### #\n#  G#\n#####"
    assert tio.loads(text.replace("#", wall)) == tio.loads(text)


@pytest.mark.parametrize("text", ["1 0 2\n0 0 0\n2 0 1", "[[3, 0], [0, 3]]"])
def test_two_starts_or_goals_in_a_grid_of_digits_name_the_digit_and_number_link(text):
    with pytest.raises(Exception, match=r"2 squares [23] in a grid of digits, where [23] marks the (start|goal) "
                                        r"\(a Number Link puzzle\?"):
        tio.loads(text)


@pytest.mark.parametrize("strip", [False, True])
def test_a_block_picture_in_squares_two_characters_wide_reads_one_square_a_pair(strip):
    single = (DATA / "block_side_openings.txt").read_text()
    double = "\n".join("".join(ch * 2 for ch in line) for line in single.splitlines())
    if strip:  # an editor cut the trailing spaces
        double = "\n".join(line.rstrip() for line in double.splitlines())
    maze = tio.loads(double)
    assert maze == tio.loads(single) and maze.shape == (9, 11)


def test_a_narrow_or_dotted_block_text_of_pairs_is_not_halved():
    assert tio.loads("##..##\n##..##\n######").shape == (3, 6)
    assert tio.loads("##########\n##......##\n##########").shape == (3, 10)


@pytest.mark.parametrize("mark", ["*", "o"])
def test_a_path_drawn_in_cells_two_wide_reads_as_the_maze_under_it(mark):
    drawn = "+--+--+--+\n|S ** |* |\n+--+--+* +\n|G ** ** |\n+--+--+--+".replace("*", mark)
    plain = drawn.replace(mark, " ")
    assert len(set(map(len, drawn.splitlines()))) == 1
    assert tio.loads(drawn) == tio.loads(plain) and tio.loads(plain).passages == 4


@pytest.mark.parametrize("text", ["1 1 1 1 1\nS 0 0 0 E\n1 1 1 1 1", "1,1,1,1,1\nS,0,0,0,E\n1,1,1,1,1", "11111\nS000E\n11111"])
def test_a_grid_of_digits_with_the_letters_of_a_block_text_reads_alike(text):
    maze = tio.loads(text)
    assert maze == tio.loads("#####\nS...E\n#####") and (maze.start, maze.goal) == ((1, 0), (1, 4))


@pytest.mark.parametrize("text", ["0 0\n", "0,0\n0,0\n", "[[0, 0], [0, 0]]"])
def test_a_grid_of_digits_without_a_wall_is_no_maze_picture(text):
    # a W H header "0 0" pasted on the Number Link board was called "a maze (1 x 2 cells)"
    with pytest.raises(Exception, match="unknown character '0'|no maze|not a tremaux maze|JSON"):
        tio.loads(text)


@pytest.mark.parametrize("text", ["1" * 1_000_000 + "\n", " ".join("1" * 200_000) + "\n"],
                         ids=["side by side", "spaced"])
def test_a_long_line_of_digits_is_read_whole_not_one_match_a_square(text):
    # a file of one 5 MB line of digits took 4 s of CPU to refuse (one regex match object kept per square,
    # 139 MB for a million), past the bad-input sweep's 20 s on a loaded machine
    import tracemalloc

    from tremaux.io._digits import as_block_text

    tracemalloc.start()
    try:
        drawn = as_block_text(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert drawn == "#" * text.count("1") + "\n"
    assert peak < 20 * len(text)
