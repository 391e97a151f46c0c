"""What ``benchmarks/sweep_animate.py`` found in animations as users make them, pinned."""

import re

import pytest

from tremaux.errors import TremauxError
from tremaux.grids import generate_on, make_grid
from tremaux.grids import animate as ganim


@pytest.fixture(scope="module")
def run():
    return generate_on(make_grid("hex", size=(2, 3)), "wilson", seed=1, record=True)


def test_grid_animated_svg_writes_a_palette_triple_as_a_colour(run):
    svg = ganim.to_animated_svg(run, frames=4, palette={"wall": (0, 0, 0), "floor": "#abc"})
    colours = set(re.findall(r'(?:fill|stroke)="([^"]*)"', svg)) - {"none", "freeze"}
    assert colours and all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours), colours
    assert 'stroke="#000000"' in svg and 'fill="#aabbcc"' in svg


def test_grid_animated_svg_refuses_a_colour_it_cannot_show(run):
    with pytest.raises(TremauxError, match="wall colour 'nope'"):
        ganim.to_animated_svg(run, frames=4, palette={"wall": "nope"})


@pytest.mark.parametrize("hold", [0, 30, 3000])
def test_grid_gif_holds_its_last_frame_hold_ms_as_the_square_one_does(run, hold):
    import io

    from PIL import Image, ImageSequence

    from tremaux import generate
    from tremaux.render import to_gif

    def durations(data):
        return [f.info["duration"] for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))]

    grid = durations(ganim.to_gif(run, frames=5, hold_ms=hold))
    square = durations(to_gif(generate((2, 3), seed=1, record=True), frames=5, hold_ms=hold))
    assert grid[-1] == square[-1] == hold
