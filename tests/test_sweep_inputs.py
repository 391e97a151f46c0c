"""What users bring that the other tests did not: odd masks, files and values, one defect each."""

from __future__ import annotations

import numpy as np
import pytest

from cli_helpers import run
from tremaux.grids import make_grid


@pytest.mark.parametrize("name", ["square", "hex"])
def test_no_tunnel_runs_under_a_cell_a_mask_took_out(name):
    mask = np.ones((5, 5), bool)
    mask[1::2, 1::2] = False
    grid = make_grid(name, size=(5, 5), weave=True, mask=mask)
    half = grid.sides // 2
    # a tunnel goes under the neighbour behind the side: no neighbour, no tunnel
    assert not ((grid.nbr[:, half:] >= 0) & (grid.nbr[:, :half] < 0)).any()
    assert ((grid.nbr[:, half:] >= 0) == (grid.back[:, half:] >= 0)).all()


def test_a_disconnected_mask_is_refused_on_a_woven_grid_too(capsys, tmp_path):
    (tmp_path / "m.txt").write_text("##.##\n##.##\n")
    out = tmp_path / "m.json"
    code, _, err = run(capsys, "generate", "--mask", str(tmp_path / "m.txt"), "--weave", "0.5", "--out", str(out))
    assert code == 2 and err.startswith("error: ") and "not connected" in err and err.count("\n") == 1
    assert not out.exists()


def test_a_text_file_over_the_cap_is_refused_without_announcing_a_long_read(capsys, tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (17 * 2**20))
    code, _, err = run(capsys, "info", str(big))
    assert code == 2 and err.count("\n") == 1, err  # not "reading ...; this may take a while..." first
    assert err.startswith(f"error: {big}: a text maze of 17.0 MiB is over the 16.0 MiB cap")
