"""Arguments as scripts and notebooks give them: numpy's random generators as seeds, slips in keyword names."""

import numpy as np
import pytest

import tremaux
from tremaux import numberlink as nl
from tremaux.errors import InvalidSizeError, UnsupportedError
from tremaux.grids import generate_on, make_grid, solve_on


@pytest.mark.parametrize("make", [lambda: np.random.default_rng(5), lambda: np.random.SeedSequence(5)],
                         ids=["Generator", "SeedSequence"])
def test_a_numpy_generator_or_seed_sequence_is_a_seed(make):
    run = tremaux.generate((4, 5), "wilson", seed=make())
    assert run.maze == tremaux.generate((4, 5), "wilson", seed=make()).maze  # one state, one maze
    assert run.maze == tremaux.generate((4, 5), "wilson", seed=run.stats.seed).maze  # the seed drawn, given back
    grid = make_grid("hex", size=(3, 3))
    assert generate_on(grid, "wilson", seed=make()).maze == generate_on(grid, "wilson", seed=make()).maze
    made = nl.generate_puzzle((4, 4), seed=make())
    assert made.puzzle == nl.generate_puzzle((4, 4), seed=made.seed).puzzle
    a, b = (tremaux.solve(run.maze, "tremaux", seed=make()) for _ in range(2))
    assert a == b


def test_a_generator_moves_on_as_numpy_generators_do():
    rng = np.random.default_rng(1)
    first, second = (tremaux.generate((6, 6), "wilson", seed=rng).stats.seed for _ in range(2))
    assert first != second


@pytest.mark.parametrize("seed", [object(), [1, 2], np.random.SeedSequence, {"seed": 1}])
def test_a_seed_of_another_kind_is_named_by_its_type_on_one_line(seed):
    with pytest.raises(InvalidSizeError, match=r"^seed of type \w+ is not a whole number") as err:
        tremaux.generate((3, 3), seed=seed)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("call, slip, meant", [
    (lambda: tremaux.generate((4, 4), "wilson", sed=1), "sed", "seed"),
    (lambda: tremaux.generate((4, 4), "growing-tree", recrod=True), "recrod", "record"),
    (lambda: tremaux.generate((4, 4), brade=0.5), "brade", "braid"),
    (lambda: tremaux.solve(tremaux.Maze.open((2, 2)), "bfs", strat=(0, 0)), "strat", "start"),
    (lambda: generate_on(make_grid("hex", size=(2, 2)), "kruskal", waeve=0.5), "waeve", "weave"),
    (lambda: solve_on(generate_on(make_grid("hex", size=(2, 2)), seed=1).maze, "bfs", goall=(0, 0)), "goall", "goal"),
])
def test_a_slip_in_a_keyword_name_says_which_keyword_was_meant(call, slip, meant):
    refusal = rf"(takes|has) no option '{slip}' \(did you mean {meant}=, an argument of \w+\(\)\?\)$"
    with pytest.raises(UnsupportedError, match=refusal):
        call()


def test_an_option_of_the_algorithm_is_not_taken_for_a_slip():
    assert tremaux.generate((3, 3), "growing-tree", discipline="oldest", seed=1).maze.passages == 8
    with pytest.raises(UnsupportedError, match="^backtracker takes no option 'colour'$"):
        tremaux.generate((3, 3), colour="red")


@pytest.mark.parametrize("draw", ["to_png", "to_svg"])
@pytest.mark.parametrize("size", [True, np.bool_(True)])
def test_a_bool_is_no_picture_size(draw, size):
    from tremaux import render

    with pytest.raises(tremaux.TremauxError, match=r"^cell_size (np\.)?True_? is not a whole number of pixels$"):
        getattr(render, draw)(tremaux.Maze.open((2, 2)), cell_size=size)


@pytest.mark.parametrize("make", [tremaux.Maze.open, tremaux.Maze.closed])
@pytest.mark.parametrize("shape, name", [((5000, 4000), "5000 x 4000"), ((2, 2500, 4000), "2 x 2500 x 4000")])
def test_a_huge_open_or_closed_maze_is_refused_with_its_memory_before_it_is_made(make, shape, name):
    from tremaux import budget
    from tremaux.errors import MemoryLimitError

    refusal = rf"^a {name} maze needs about 19.1 MiB of memory; the limit is 10.0 MiB"
    with budget.limited("10M"), pytest.raises(MemoryLimitError, match=refusal):
        make(shape)
    with budget.limited("10M"):
        assert make((100, 100)).shape == (100, 100)


@pytest.mark.parametrize("shape", [iter((3, 4)), {3, 4}, frozenset({3, 4}), {3: 4}, (n for n in (3, 4))])
def test_a_shape_that_is_no_sequence_is_refused_by_name(shape):
    with pytest.raises(InvalidSizeError, match=r"^maze size .* is not a tuple of whole numbers"):
        tremaux.generate(shape, seed=1)
    with pytest.raises(InvalidSizeError, match=r"^maze size .* is not a tuple of whole numbers"):
        tremaux.Maze.open(shape)


def test_a_shape_may_be_a_list_a_range_or_a_numpy_array():
    mazes = [tremaux.generate(s, seed=1).maze for s in ((3, 4), [3, 4], range(3, 5), np.array([3, 4]))]
    assert all(m == mazes[0] for m in mazes)


def test_a_registry_is_looked_up_by_name_with_brackets_too():
    assert tremaux.GENERATORS["DFS"] is tremaux.GENERATORS.get("backtracker")
    assert tremaux.SOLVERS["breadth-first"].name == "bfs"
    with pytest.raises(KeyError, match="did you mean 'wilson'"):
        tremaux.GENERATORS["wilsn"]


@pytest.mark.parametrize("draw", ["to_svg", "to_png", "to_text"])
def test_drawing_a_puzzle_with_the_maze_renderers_names_the_puzzle_renderers(draw):
    from tremaux import render

    puzzle = nl.Puzzle.from_rows(["1.1", "2.2"])
    for obj in (puzzle, nl.solve_puzzle(puzzle)):
        with pytest.raises(UnsupportedError, match=r"^a Number Link \w+ is drawn by tremaux\.numberlink: to_svg"):
            getattr(render, draw)(obj)


def test_an_entry_met_while_iterating_over_a_registry_names_its_algorithm():
    maze = tremaux.Maze.open((3, 3))
    runs = {entry.name: tremaux.generate((3, 3), entry, seed=1).maze for entry in tremaux.GENERATORS}
    assert runs["wilson"] == tremaux.generate((3, 3), "wilson", seed=1).maze
    assert all(tremaux.solve(maze, entry).found for entry in tremaux.SOLVERS)
    with pytest.raises(KeyError, match=r"^unknown generator 'bfs \(an entry of another registry\)'"):
        tremaux.generate((3, 3), tremaux.SOLVERS["bfs"])


def test_an_unknown_name_that_is_no_string_gives_a_short_message():
    with pytest.raises(KeyError) as err:
        tremaux.generate((3, 3), np.zeros(100))
    assert len(str(err.value).split(";")[0]) < 100


@pytest.mark.parametrize("frames", [True, np.bool_(True)])
def test_a_bool_is_no_frame_count(frames):
    from tremaux import render

    solved = tremaux.solve(tremaux.generate((3, 4), seed=1).maze, "dfs", record=True)
    with pytest.raises(tremaux.TremauxError, match=r"^frames (np\.)?True_? is not a whole number$"):
        render.to_gif(solved, frames=frames)


@pytest.mark.parametrize("index", ["kind", True, 1.0, None])
def test_a_trace_is_indexed_by_event_numbers_and_slices_only(index):
    trace = tremaux.solve(tremaux.Maze.open((2, 2)), "bfs", record=True).trace
    assert trace[np.int64(0)] == trace[0] and len(trace[:2]) == 2
    with pytest.raises(TypeError, match=r"^a trace is indexed by an event number or a slice, not \w+$"):
        trace[index]


@pytest.mark.parametrize("seed", [2.0, np.float64(3.0)])
def test_a_puzzles_seed_is_a_whole_number_as_a_mazes_is(seed):
    for make in (lambda: tremaux.generate((3, 3), seed=seed), lambda: nl.generate_puzzle((3, 3), seed=seed)):
        with pytest.raises(InvalidSizeError, match=r"^seed .* is not a whole number"):
            make()


def test_tab_completion_offers_the_api_not_the_package_imports():
    names = dir(tremaux)
    assert {"Maze", "generate", "solve", "GENERATORS", "numberlink", "grids", "__version__"} <= set(names)
    assert not {"Any", "TYPE_CHECKING", "annotations", "importlib"} & set(names)
    assert all(hasattr(tremaux, n) for n in names if not n.startswith("__") and n not in ("cli", "web", "dataset"))


def test_registry_entries_are_dict_keys_with_a_short_repr():
    runs = {entry: tremaux.generate((3, 3), entry, seed=1).maze.passages for entry in tremaux.GENERATORS}
    assert runs[tremaux.GENERATORS["wilson"]] == 8 and len(set(tremaux.SOLVERS)) == len(tremaux.SOLVERS)
    assert all(len(repr(entry)) < 250 and "\n" not in repr(entry) for entry in (*tremaux.GENERATORS, *tremaux.SOLVERS))


@pytest.mark.parametrize("written, name", [("hunt and kill", "hunt-and-kill"), (" Growing  Tree ", "growing-tree"),
                                           ("binary_tree", "binary-tree")])
def test_an_algorithm_written_with_spaces_is_found(written, name):
    assert written in tremaux.GENERATORS and tremaux.GENERATORS[written].name == name
    assert tremaux.generate((3, 3), written, seed=1).stats.algorithm == name
    assert tremaux.solve(tremaux.Maze.open((2, 2)), "dead end fill").algorithm == "dead-end-fill"


def test_a_slip_in_a_grid_parameter_names_the_parameter_meant():
    with pytest.raises(UnsupportedError, match=r"^the hex grid takes no parameter 'sise' \(did you mean size=\?\); it takes"):
        make_grid("hex", sise=(3, 3))
    with pytest.raises(UnsupportedError, match=r"^the polar grid takes no parameter 'foo'; it takes: rings$"):
        make_grid("polar", foo=3)


def test_a_puzzles_solution_or_diagnosis_is_solved_again_as_its_puzzle():
    puzzle = nl.Puzzle.from_rows(["1.1", "2.2"])
    solved = nl.solve_puzzle(puzzle)
    for given in (solved, nl.diagnose(puzzle)):
        assert nl.solve_puzzle(given, unique=True).numbers() == solved.numbers()
        assert nl.diagnose(given).proper


@pytest.mark.parametrize("path", [None, 5, ""])
def test_saving_a_picture_to_what_is_no_path_says_so(path):
    from tremaux import render

    with pytest.raises(TypeError, match=r"^save\(\) writes to a file path \(a str or a Path\), not "):
        render.save(tremaux.Maze.open((2, 2)), path)


@pytest.mark.parametrize("draw", ["to_svg", "to_png"])
@pytest.mark.parametrize("switch", ["heat", "marks"])
def test_a_grid_pictures_switches_are_bools(draw, switch):
    from tremaux import grids

    maze = generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=4).maze
    with pytest.raises(InvalidSizeError, match=rf"^{switch} must be True or False, not 1$"):
        getattr(grids, draw)(maze, **{switch: 1})
