"""What a user meets at the edges: graph files, the least sizes, seeds, animations of grid runs, Dask's stderr.

Each check runs in a fresh interpreter on the ``src`` of a tree (``--base`` and this one, in turn), and prints a
table of what each tree answers; then the CPU time (of the child processes, median of ``--repeat`` runs, the trees
run alternately) of a small Dask build from Python, whose local cluster now installs a worker plugin.

    python benchmarks/sweep_user_limits.py --base /path/to/base/tree --repeat 5
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

CHECKS = {
    "GraphML of to_graph, read back by load": """
        import io, networkx as nx, tremaux
        from tremaux import io as tio
        from tremaux.io.graph import to_graph
        m = tremaux.generate((6, 7), "kruskal", seed=1).maze
        out = io.BytesIO()
        try:
            nx.write_graphml(to_graph(m), out)
        except Exception as e:
            print("write refused:", str(e)[:50]); raise SystemExit
        print("same maze" if tio.loads(out.getvalue()) == m else "another maze")
    """,
    "GEXF of to_graph, read back by networkx": """
        import io, networkx as nx, tremaux
        from tremaux.io.graph import to_graph, from_graph
        m = tremaux.generate((6, 7), "kruskal", seed=1).maze
        out = io.BytesIO()
        nx.write_gexf(to_graph(m), out)
        try:
            print("same maze" if from_graph(nx.read_gexf(io.BytesIO(out.getvalue()))) == m else "another maze")
        except Exception as e:
            print("read fails:", type(e).__name__, str(e)[:40])
    """,
    "web: a 1 x 5 maze, a one-row puzzle": """
        from tremaux.web.models import MazeParams, PuzzleBody
        said = []
        for make in (lambda: MazeParams(rows=1, cols=5), lambda: PuzzleBody(rows=1, cols=3, grid=[[1, 0, 1]])):
            try:
                make(); said.append("taken")
            except Exception as e:
                said.append("refused")
        print(", ".join(said))
    """,
    "seed -1 (maze, dataset)": """
        import tremaux, tremaux.dataset as ds
        said = []
        for make in (lambda: tremaux.generate((4, 4), seed=-1).maze == tremaux.generate((4, 4), seed=2**64 - 1).maze,
                     lambda: ds.DatasetSpec(count=2, seed=-1).seed % 2**64 == 2**64 - 1):
            try:
                said.append("the same as 2**64-1's" if make() else "its own")
            except Exception:
                said.append("refused")
        print(", ".join(said))
    """,
    "render.to_gif of a hex run": """
        from tremaux import render
        from tremaux.grids import make_grid, generate_on, animate
        run = generate_on(make_grid("hex", size=(3, 4)), "kruskal", seed=1, record=True)
        try:
            print("grids.animate's bytes" if render.to_gif(run, frames=6) == animate.to_gif(run, frames=6) else "other")
        except Exception as e:
            print("refused:", str(e)[:40])
    """,
}

DASK = """
    import logging, sys
    from tremaux.dataset.engines import run_shards

    def task(spec, batch):  # on a worker: a heartbeat that did not reach the scheduler, as distributed logs it
        from distributed.comm.core import CommClosedError
        def heartbeat():
            try:
                raise CommClosedError("Stream is closed")
            except OSError:
                logging.getLogger("distributed.worker").exception("Failed to communicate with scheduler during heartbeat.")
        heartbeat()
        return [batch[0]]

    if __name__ == "__main__":
        done = []
        run_shards("dask", task, None, list(range(8)), done.append, workers=2)
        print(sorted(done) == list(range(8)))
"""


def run(src: Path, code: str, tmp: Path) -> tuple[str, str, float]:
    """(stdout, stderr, CPU seconds of the child and its children) of ``code`` run on ``src``."""
    script = tmp / "check.py"
    script.write_text(textwrap.dedent(code))
    env = dict(os.environ, PYTHONPATH=str(src), NUMBA_CACHE_DIR=os.environ.get("NUMBA_CACHE_DIR", "/tmp/nc-limits"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = (proc.stderr.strip().splitlines() or [""])[-1][:60]
    return proc.stdout.strip() or f"exit {proc.returncode}: {last}", proc.stderr, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", type=Path, required=True, help="the tree to compare with (its src/ is run)")
    ap.add_argument("--repeat", type=int, default=5, help="Dask builds per tree (median of the CPU times)")
    args = ap.parse_args()
    trees = {"base": args.base.resolve() / "src", "this": HERE / "src"}
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"sweep-user-limits-{os.getpid()}"
    tmp.mkdir(parents=True, exist_ok=True)
    print(f"| check | base | this tree |\n| --- | --- | --- |")
    for name, code in CHECKS.items():
        said = {k: run(src, code, tmp)[0] for k, src in trees.items()}
        print(f"| {name} | {said['base']} | {said['this']} |")
    cpu: dict[str, list[float]] = {k: [] for k in trees}
    lines: dict[str, list[int]] = {k: [] for k in trees}
    for _ in range(args.repeat):
        for k, src in trees.items():  # alternately
            _, err, t = run(src, DASK, tmp)
            cpu[k].append(t)
            lines[k].append(sum("heartbeat" in line or "CommClosedError" in line for line in err.splitlines()))
    print("\n| Dask build of 8 shards, 2 workers | CPU s (median) | heartbeat lines on stderr (median) |")
    print("| --- | --- | --- |")
    for k in trees:
        print(f"| {k} | {statistics.median(cpu[k]):.2f} | {statistics.median(lines[k]):.0f} |")
    print(f"ratio this / base (CPU): {statistics.median(cpu['this']) / statistics.median(cpu['base']):.3f}")


if __name__ == "__main__":
    main()
