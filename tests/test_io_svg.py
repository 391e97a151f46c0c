"""SVG drawings of square mazes read as mazes (tremaux.io.svg), and the drawings refused in one line."""

from __future__ import annotations

import json
import re

import pytest

import tremaux
from svg_mazes import REFUSED_STYLES, STYLES, case, outcome
from tremaux.errors import InputTooLargeError, MazeFormatError
from tremaux.io import dumps, load, loads

NS = 'xmlns="http://www.w3.org/2000/svg"'
# a 2 x 3 maze: an opening above (0, 0) and below (1, 2)
WANT = """
+---+---+---+
| S     |   |
+---+   +   +
|         G |
+---+---+---+
"""
LINES = [(1, 0, 3, 0), (0, 0, 0, 2), (0, 1, 1, 1), (0, 2, 2, 2), (3, 0, 3, 2), (2, 0, 2, 1)]  # in cells (x, y)


def mazegen(lines=LINES, cell=16, margin=2, extra=""):
    """As mazegenerator.net writes its SVG download: a <line> per wall, stroked by their group."""
    body = "".join(f'<line x1="{margin + a * cell}" y1="{margin + b * cell}" x2="{margin + c * cell}" '
                   f'y2="{margin + d * cell}" />\n' for a, b, c, d in lines)
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<svg width="52" height="36" version="1.1" {NS}>\n'
            f'<title>2 by 3 orthogonal maze</title>\n<g fill="none" stroke="#000000" stroke-width="2" '
            f'stroke-linecap="round" stroke-linejoin="round">\n{body}{extra}</g>\n</svg>\n')


def test_a_generator_s_lines_read_as_the_maze_with_its_openings_as_the_ends():
    assert loads(mazegen()) == loads(WANT)


def test_one_path_of_relative_commands_under_a_transformed_group_reads_alike():
    svg = (f'<svg {NS} viewBox="0 0 100 60"><rect width="100%" height="100%" fill="white"/>'
           '<g transform="translate(10, 5)"><g transform="scale(20 15)" style="stroke:black;stroke-width:.1;fill:none">'
           '<path d="M1 0h2v2m-1 0H0V0m0 1l1 0M2 0V1"/></g></g></svg>')
    assert loads(svg) == loads(WANT)


def test_a_plotting_script_s_svg_reads_with_its_solution_drawn_over_it():
    # matplotlib: a style sheet, a background patch, clip paths, points at a fractional pitch, y going down
    pitch, x0, y0 = 37.3333, 57.6, 41.472
    paths = "".join(f'<g id="line2d_{k}"><path d="M {x0 + a * pitch:.6g} {y0 + b * pitch:.6g} L {x0 + c * pitch:.6g} '
                    f'{y0 + d * pitch:.6g}" clip-path="url(#p1)" style="fill: none; stroke: #000000; stroke-width: 2; '
                    'stroke-linecap: square"/></g>' for k, (a, b, c, d) in enumerate(LINES))
    route = [(0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (2.5, 1.5)]
    solution = ('<path d="M ' + " L ".join(f"{x0 + a * pitch:.6g} {y0 + b * pitch:.6g}" for a, b in route) +
                '" style="fill: none; stroke: #ff0000; stroke-width: 1.5"/>')
    svg = (f'<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="460.8pt" height="345.6pt" viewBox="0 0 460.8 345.6" '
           f'{NS} version="1.1"><defs><style type="text/css">*{{stroke-linejoin: round; stroke-linecap: butt}}</style>'
           '</defs><g id="figure_1"><g id="patch_1"><path d="M 0 345.6 L 460.8 345.6 L 460.8 0 L 0 0 z" '
           f'style="fill: #ffffff"/></g><g id="axes_1">{paths}{solution}</g></g><defs><clipPath id="p1"><rect x="57.6" '
           'y="41.472" width="357.12" height="266.112"/></clipPath></defs></svg>')
    assert loads(svg) == loads(WANT)


def test_openings_painted_over_in_the_ground_s_colour_are_openings():
    inner = [(0, 1, 1, 1), (2, 0, 2, 1)]
    svg = (f'<svg {NS}><rect width="100%" height="100%" fill="#fff"/><g stroke="black" stroke-width="2" fill="none">'
           '<rect x="0" y="0" width="30" height="20"/>' +
           "".join(f'<line x1="{a * 10}" y1="{b * 10}" x2="{c * 10}" y2="{d * 10}"/>' for a, b, c, d in inner) +
           '<line x1="0" y1="0" x2="10" y2="0" stroke="white"/><line x1="20" y1="20" x2="30" y2="20" stroke="#ffffff"/>'
           '</g></svg>')
    assert loads(svg) == loads(WANT)


def test_red_and_green_dots_mark_the_ends_in_a_closed_outer_wall():
    closed = LINES + [(0, 0, 1, 0), (2, 2, 3, 2)]
    dots = ('<circle cx="26" cy="10" r="4" fill="red" stroke="none"/>'
            '<ellipse cx="10" cy="26" rx="4" ry="3" fill="#00b000" stroke="none"/>')
    m = loads(mazegen(closed, extra=dots))
    assert (m.start, m.goal) == ((0, 1), (1, 0)) and m.cells.tolist() == loads(WANT).cells.tolist()


@pytest.mark.parametrize("seed", [1, 2])
def test_tremaux_s_own_svg_reads_back_exactly_with_or_without_a_solution(seed, tmp_path):
    made = tremaux.generate((6, 9), "kruskal", seed=seed, braid=0.5 * (seed == 2))
    for obj in (made, tremaux.solve(made.maze, "tremaux", seed=seed)):
        assert loads(tremaux.render.to_svg(obj, cell_size=7 + seed, wall_width=seed)) == made.maze
    mask = [[(i, j) not in ((0, 0), (0, 1), (5, 8)) for j in range(9)] for i in range(6)]
    masked = tremaux.generate((6, 9), "prim", seed=seed, mask=mask).maze
    tremaux.render.save(masked, tmp_path / "m.svg")
    assert load(tmp_path / "m.svg") == masked


def test_the_cli_solves_and_converts_an_svg_maze(tmp_path, capsys):
    from cli_helpers import run

    (tmp_path / "m.svg").write_text(mazegen())
    code, out, _ = run(capsys, "solve", str(tmp_path / "m.svg"), "--json")
    assert code == 0 and json.loads(out)["path"] == [[0, 0], [0, 1], [1, 1], [1, 2]]
    code, _, _ = run(capsys, "convert", str(tmp_path / "m.svg"), "-o", str(tmp_path / "m.json"))
    assert code == 0 and load(tmp_path / "m.json") == loads(WANT)
    (tmp_path / "c.svg").write_text(f'<svg {NS}><circle r="3" stroke="black"/></svg>')
    code, _, err = run(capsys, "solve", str(tmp_path / "c.svg"))
    assert code == 2 and err.startswith("error: ") and "circle" in err and err.count("\n") == 1


@pytest.mark.parametrize("svg, message", [
    (f'<svg {NS}><path d="M0 0Q5 5 10 0" stroke="black"/></svg>', "curves \\(the 'Q' command\\)"),
    (f'<svg {NS}><circle r="3" stroke="black"/></svg>', "a circle as a line"),
    (mazegen(extra='<line x1="2" y1="2" x2="18" y2="10"/>'), "1 lines at an angle"),
    (mazegen(extra='<line x1="2" y1="6.8" x2="18" y2="6.8" stroke="red"/>'), "a line lies off the walls' lattice"),
    (mazegen(extra='<line x1="2" y1="2" x2="7.92" y2="2"/>'), "its walls end between the lattice's posts"),
    (mazegen(extra='<use href="#w"/>'), "a <use> copy"),
    (mazegen(extra='<image href="x.png"/>'), "an embedded picture"),
    (mazegen(extra='<rect x="20" y="20" width="10" height="2" fill="#000000" stroke="none"/>'), "filled shapes"),
    (mazegen([(0, 0, 1, 0), (0, 1, 1, 1), (0, 0, 0, 1), (1, 0, 1, 1), (2, 0, 3, 0), (2, 1, 3, 1), (2, 0, 2, 1),
              (3, 0, 3, 1)]), "column 1 of the lattice has no wall across it: two drawings"),
    (mazegen([(0, 0, 3, 0), (0, 2, 3, 2), (0, 0, 0, 2), (3, 0, 3, 2)]), "no wall inside the outer one"),
    (f'<svg {NS}><line x1="0" y1="0" x2="2em" y2="0" stroke="black"/></svg>', "the length x2='2em'"),
    (f'<svg {NS}><g transform="warp(2)"><line x2="1" stroke="black"/></g></svg>', "the transform 'warp\\(2\\)'"),
    (f'<svg {NS}><g><line x2="1" stroke="black"></svg>', "malformed XML \\(mismatched tag: line 1"),
    (f'<svg {NS}><rect width="5" height="5" fill="white"/></svg>', "it draws no lines"),
    (f'<svg {NS}><line x1="0" x2="1e400" stroke="black"/></svg>', "the length x2='1e400' is too large"),
    (f'<svg {NS}><path d="M0 0H1e999" stroke="black"/></svg>', "a number too large in path data"),
    (f'<svg {NS}><g transform="scale(1e300)"><g transform="scale(1e300)"><path d="M0 0H1" stroke="black"/></g></g>'
     '</svg>', "coordinates grow too large"),
    ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
     f'<svg {NS}><title>&b;</title></svg>', "declares entities"),
])
def test_drawings_that_are_not_square_line_mazes_are_refused_in_one_line(svg, message):
    with pytest.raises(MazeFormatError, match=message) as info:
        loads(svg)
    assert "\n" not in str(info.value)


def test_xml_that_is_not_svg_names_its_root_and_a_big_svg_meets_the_text_cap():
    with pytest.raises(MazeFormatError, match="root is <html>"):
        loads("<html><body>a maze</body></html>")
    with pytest.raises(InputTooLargeError):
        loads(mazegen() + "<!--" + "x" * 5000 + "-->", text_limit="4k")


def test_a_doctype_without_declarations_is_read():
    svg = mazegen().replace('<svg ', '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
                                     '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg ', 1)
    assert loads(svg) == loads(WANT)


def test_a_quarter_turn_reads_as_the_maze_turned():
    svg = mazegen().replace("<g fill", '<g transform="rotate(90)" fill', 1)
    m = loads(svg)
    assert m.shape == (3, 2) and m.passages == loads(WANT).passages


@pytest.mark.parametrize("style", STYLES)
def test_each_tool_s_style_reads_right(style):
    for k in (0, 3):
        want, text = case(k, style)
        assert outcome(want, text) == "right", (style, k)


@pytest.mark.parametrize("style", REFUSED_STYLES)
def test_drawings_of_other_shapes_are_refused(style):
    want, text = case(1, style)
    assert outcome(want, text) == "refused"


def test_an_svg_written_by_tremaux_reads_with_the_ascii_drawing_it_shows():
    m = loads(mazegen())
    assert dumps(m, "ascii").strip() == WANT.strip()


def test_an_open_maze_whose_walls_skip_lattice_lines_reads_its_columns_from_its_filled_cells():
    # the walls alone hold lines 0, 2 and 4 only: it read as 2 x 2; the start, goal and path cells show 4 columns
    m = loads("""
+---+---+---+---+
| S     |       |
+   +   +   +   +
|             G |
+---+---+---+---+
""")
    assert loads(tremaux.render.to_svg(m)) == m
    assert loads(tremaux.render.to_svg(tremaux.solve(m, "bfs"))) == m


@pytest.mark.parametrize("text", ["""
+---+---+
| S     |
+   +   +
|       |
+   +---+
|       |
+   +   +
|     G |
+---+---+
""", """
+---+---+
| S     |
+   +   +
|       |
+   +   +
|   |   |
+   +   +
|   |   |
+   +   +
|       |
+   +   +
|     G |
+---+---+
"""])
def test_an_open_maze_whose_walls_skip_rows_reads_them_from_cells_filled_a_row_tall(text):
    # the walls hold every other row line (read as 2 x 2 and 3 x 2); the filled cells are one row tall, and the
    # ground under the whole maze (no margin) says nothing of the lattice
    m = loads(text)
    svg = tremaux.render.to_svg(tremaux.solve(m, "bfs"), margin=0)
    assert loads(svg) == m


def test_the_format_of_an_svg_is_named_svg_on_the_web_page_too():
    from tremaux.io import detect_format
    from tremaux.web.maze_files import read_maze

    assert detect_format(mazegen()) == detect_format(mazegen().encode()) == "svg"
    maze, fmt = read_maze(mazegen().encode(), 150)
    assert fmt == "svg" and maze == loads(WANT)  # the page said 'block'


def test_tremaux_s_picture_of_a_maze_of_several_levels_reads_back_and_another_side_by_side_drawing_is_refused():
    maze = tremaux.generate((2, 3, 4), seed=1).maze
    assert loads(tremaux.render.to_svg(maze)) == maze
    unnoted = re.sub(r' data-tremaux-levels="[^"]*"', "", tremaux.render.to_svg(maze))
    with pytest.raises(MazeFormatError, match="a maze of several levels"):
        loads(unnoted)


def test_an_external_entity_is_not_fetched_nor_expanded():
    svg = (f'<?xml version="1.0"?><!DOCTYPE svg SYSTEM "http://example.invalid/svg.dtd"><svg {NS}>'
           '<title>&ext;</title></svg>')
    with pytest.raises(MazeFormatError, match="malformed XML \\(undefined entity"):
        loads(svg)


def test_rows_no_inner_wall_divides_read_as_square_cells_when_a_wall_s_end_asks_for_them():
    # 7 x 2 with no wall between rows: a wall's end at row line 6 asks for 7 rows, whose lines 2 to 5 hold no wall;
    # the cells are then as tall as the columns are wide (it was refused)
    m = loads("+---+---+\n" + "| S |   |\n+   +   +\n" + "|   |   |\n+   +   +\n" * 5 + "|     G |\n+---+---+\n")
    assert loads(tremaux.render.to_svg(m)) == m
