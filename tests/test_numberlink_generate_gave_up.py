"""What a generation of a sparse puzzle under ``nikoli`` that gives up says about how far it got."""

from __future__ import annotations

import pytest

from cli_helpers import run
from tremaux.errors import BudgetExceededError
from tremaux.numberlink import generate_puzzle


def test_a_generation_that_gives_up_says_how_far_it_got(monkeypatch):
    import tremaux.numberlink.generate as gen
    from tremaux.numberlink.plant import gave_up

    def stuck(puzzle, planted, rule, stop, **kw):
        raise gave_up(0.0, 1.0)

    monkeypatch.setattr(gen, "_another", stuck)
    with pytest.raises(BudgetExceededError) as exc:
        generate_puzzle((12, 12), rule="nikoli", density=0.03, seed=1, time_limit=None)
    said = str(exc.value)
    assert said.startswith("generation gave up after ")
    assert "while making the lines unique: " in said and " pairs so far (density 0.0" in said, said
    assert " planted), question 1 asked; try a smaller size" in said, said


def test_the_command_that_gives_up_while_planting_says_so(capsys):
    code, out, err = run(capsys, "numberlink", "generate", "--size", "50x50", "--density", "0.014", "--rule",
                         "nikoli", "--seed", "1", "--time-limit", "0.000001")
    assert code != 0 and out == ""
    assert "gave up after " in err and "while planting the lines" in err, err


def test_a_generation_that_went_on_in_a_child_process_says_how_far_it_got_once(capsys):
    # past a tenth of its limit the generation goes on in a child process: its message is the one said
    # kernels loaded first: on a cold cache the 2 s went to compiling, before any phase the message names
    generate_puzzle((12, 12), density=0.03, rule="nikoli", seed=1, time_limit=120)
    code, out, err = run(capsys, "numberlink", "generate", "--size", "30x30", "--density", "0.03", "--rule",
                         "nikoli", "--seed", "1", "--planting", "winding", "--time-limit", "2")  # stairs: made
    assert code != 0 and out == ""
    assert err.count(" while ") == 1 and "gave up after " in err, err


def test_a_child_cut_off_at_the_limit_without_a_word_leaves_the_phase_this_process_saw(monkeypatch):
    # the work goes on in a child past a share of its limit; a child killed in a long call says nothing, and the
    # message then said no phase at all (on a cold cache the child spent its time loading kernels)
    import tremaux.numberlink.generate as gen

    def cut_off(fn, args, **kw):
        args[-1][0] = "while making the lines unique: 7 pairs so far (density 0.049, 7 planted), question 2 asked"
        return None, "cut off at the limit"

    monkeypatch.setattr(gen, "run", cut_off)
    with pytest.raises(BudgetExceededError) as exc:
        generate_puzzle((12, 12), rule="nikoli", density=0.03, seed=1, time_limit=5)
    said = str(exc.value)
    assert said.startswith("generation gave up after ") and said.count(" while ") == 1, said
    assert " while making the lines unique: 7 pairs so far (density 0.049, 7 planted), question 2 asked; try " in said
