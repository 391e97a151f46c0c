"""JSON that is not an object, opened as a maze: said to be JSON that holds no maze record.

A list, a string or ``null`` in a ``.json`` file was read as a block text and refused for its first
character ("unknown character '['"), which says nothing of what is wrong with the file.
"""

from __future__ import annotations

import pytest

from tremaux.errors import MazeFormatError
from tremaux.io import detect_format, loads


@pytest.mark.parametrize("text, kind", [("[1, 2, 3]", "list"), ('"maze"', "string"), ("null", "null"),
                                        ("  \n[]\n", "list"), ("true", "true or false")])
def test_json_that_is_not_an_object_is_said_to_be_no_maze_record(text, kind):
    assert detect_format(text) == "json"
    assert detect_format(text.encode()) == "json"
    with pytest.raises(MazeFormatError, match=f"a JSON maze is an object {{...}}, not a {kind}"):
        loads(text)


def test_a_block_text_and_a_drawing_are_still_told_apart():
    assert detect_format("#####\n#E.G#\n#####\n") == "block"
    assert detect_format("+--+\n|  |\n+--+\n") == "ascii"
    assert detect_format("nullish\n") == "block"
