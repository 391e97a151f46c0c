"""What a solve says on stderr, the same for every command and every grid: the verdict, and that no path was found.

Below the commands (``solve``, ``render``, ``animate``, ``demo``) and the grid files' helpers, which all say it.
"""

from __future__ import annotations

import typer


def verdict(algorithm: str, message: str, found: bool, start: object, goal: object) -> str:
    """The line a solve prints on stderr, the same on every grid (the command exits with status 1 on no path).

    Parameters
    ----------
    algorithm : str
        The solver's name.
    message : str
        The solution's one-line message (``no path: why`` when not found).
    found : bool
        Whether the goal was reached.
    start, goal : sequence of int
        The ends of the run.

    Returns
    -------
    str
        ``bfs: path of 12 cells``, or ``bfs: no path from (0, 0) to (1, 2): why``.

    Examples
    --------
    >>> from tremaux.cli.verdicts import verdict
    >>> verdict("bfs", "no path: goal unreachable", False, (0, 0), [1, 2])
    'bfs: no path from (0, 0) to (1, 2): goal unreachable'
    >>> verdict("bfs", "path of 4 cells", True, (0, 0), (1, 2))
    'bfs: path of 4 cells'
    """
    if found:
        return f"{algorithm}: {message}"
    why = message.removeprefix("no path").lstrip(":").strip()
    ends = [tuple(int(x) for x in cell) for cell in (start, goal)]
    return f"{algorithm}: no path from {ends[0]} to {ends[1]}" + (f": {why}" if why else "")


def say_no_path(sol: object, ends: tuple[object, object] | None = None) -> None:
    """Say on stderr, in the line of :func:`verdict`, that a run drawn by ``render`` or ``animate`` found no path.

    Their picture is still written (it shows the search), and they exit as usual: the line keeps a missing path
    from passing unnoticed.

    Parameters
    ----------
    sol : Solution or GridSolution
        The run.
    ends : tuple, optional
        Its start and goal cells (default: the solution's own, as a square maze's solution holds them).

    Examples
    --------
    >>> from tremaux.cli.verdicts import say_no_path
    >>> import contextlib, io, tremaux
    >>> said = io.StringIO()
    >>> with contextlib.redirect_stderr(said):
    ...     say_no_path(tremaux.solve(tremaux.Maze.closed((1, 2)), "bfs"))
    >>> said.getvalue().split(": ")[:2]
    ['bfs', 'no path from (0, 0) to (0, 1)']
    """
    if not sol.found:
        start, goal = (sol.start, sol.goal) if ends is None else ends
        typer.echo(verdict(sol.algorithm, sol.message, False, start, goal), err=True)
