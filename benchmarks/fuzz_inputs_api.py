"""Bad arguments to the Python API and bad requests to the web server's JSON API (see fuzz_inputs.py).

The Python API: each public function a notebook user calls (generate, solve,
the pictures, io load/save, Number Link load/solve/generate/check) is called
with one argument replaced by a bad value, in a forked child with a time
limit. A call is flagged when it raises anything but a
:class:`tremaux.errors.TremauxError`, a ``TypeError`` or, for a path, an
``OSError`` (``FileNotFoundError``...),
when the message spans lines, or when it runs over 20 s. A call that
returns is counted as accepted.

The web API: every route of the application's OpenAPI schema, with each
query parameter and each JSON field given bad values, bodies that are not
JSON or not objects, and files that are not mazes. A response is flagged
when its status is 5xx, when a 4xx carries no message, or when it takes
over 20 s.
"""

from __future__ import annotations

import math
import os
import pickle
import signal
import time
from pathlib import Path
from typing import Any, Callable

LIMIT_S = 20.0

BAD_VALUES: list[tuple[str, Any]] = [
    ("None", None), ("-1", -1), ("0", 0), ("nan", math.nan), ("inf", math.inf), ("10**30", 10**30),
    ("2.5", 2.5), ("True", True), ("'nope'", "nope"), ("'ü'", "ü"), ("''", ""), ("[]", []), ("{}", {}),
    ("(1,)", (1,)), ("(1,2,3)", (1, 2, 3)), ("(-1,-1)", (-1, -1)), ("(nan,nan)", (math.nan, math.nan)),
    ("(10**6,10**6)", (10**6, 10**6)), ("object()", object()), ("b'x'", b"x"),
]


def _forked(call: Callable[[], Any]) -> dict:
    """Run ``call`` in a forked child: what it raised (type, message), or that it returned, or timed out."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            call()
            out = {"raised": None}
        except BaseException as exc:  # noqa: BLE001 - what is raised is the answer
            out = {"raised": type(exc).__name__, "module": type(exc).__module__, "message": str(exc),
                   "tremaux": isinstance(exc, __import__("tremaux").errors.TremauxError)}
        with os.fdopen(write, "wb") as pipe:
            pickle.dump(out, pipe)
        os._exit(0)
    os.close(write)
    began = time.monotonic()
    while True:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - began > LIMIT_S:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
            return {"timeout": True}
        time.sleep(0.01)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    return pickle.loads(data) if data else {"raised": "died", "message": "the child died", "tremaux": False}


def api_calls(f: dict[str, Path], seed: int = 1) -> list[tuple[str, str, Callable[[], Any]]]:
    """(function, what, call) for every public function and every argument replaced by a bad value (the good
    maze and the seeds given to ``generate`` and ``generate_puzzle`` from ``seed``)."""
    import tremaux
    from tremaux import io, numberlink, render

    maze = tremaux.generate((5, 5), seed=seed).maze
    puzzle = numberlink.load(f["puzzle"])
    targets: list[tuple[str, Callable, dict]] = [
        ("generate", tremaux.generate, {"shape": (5, 5), "algorithm": "backtracker", "seed": seed, "braid": 0.0,
                                        "start": None, "mask": None}),
        ("solve", tremaux.solve, {"maze": maze, "algorithm": "bfs", "start": None, "goal": None}),
        ("render.to_text", render.to_text, {"obj": maze, "style": "ascii"}),
        ("render.to_svg", render.to_svg, {"obj": maze, "cell_size": 10, "wall_width": 2, "margin": 2,
                                          "palette": None, "path": None}),
        ("render.to_png", render.to_png, {"obj": maze, "cell_size": 10, "wall_width": 2, "margin": 2,
                                          "palette": None, "compress_level": None}),
        ("render.to_gif", render.to_gif, {"obj": tremaux.solve(maze, record=True), "frames": 5, "frame_ms": 60,
                                          "hold_ms": 100,
                                          "cell_size": 5}),
        ("render.render", render.render, {"obj": maze, "format": "svg"}),
        ("io.load", io.load, {"path": f["maze"], "format": None, "memory_limit": None}),
        ("io.loads", io.loads, {"data": f["maze"].read_text(), "format": None}),
        ("io.dumps", io.dumps, {"maze": maze, "format": "ascii"}),
        ("io.save", io.save, {"maze": maze, "path": "{tmp}/out.json", "format": None}),
        ("numberlink.load", numberlink.load, {"path": f["puzzle"], "format": None, "max_bytes": None}),
        ("numberlink.loads", numberlink.loads, {"text": f["puzzle"].read_text(), "format": None}),
        ("numberlink.Puzzle", numberlink.Puzzle, {"grid": puzzle.grid.tolist(), "labels": None}),
        ("numberlink.solve_puzzle", numberlink.solve_puzzle,
         {"puzzle": puzzle, "solver": "fast", "rule": "fill", "count": None, "time_limit": 5.0, "max_steps": None}),
        ("numberlink.diagnose", numberlink.diagnose, {"puzzle": puzzle, "rule": "fill", "time_limit": 5.0}),
        ("numberlink.check_file", numberlink.check_file, {"path": f["puzzle"], "rule": "fill", "time_limit": 5.0}),
        ("numberlink.solve_file", numberlink.solve_file, {"path": f["puzzle"], "solver": "fast"}),
        ("numberlink.generate_puzzle", numberlink.generate_puzzle,
         {"shape": (5, 5), "rule": "fill", "density": None, "seed": seed, "max_len": None, "time_limit": 10.0}),
        ("numberlink.dumps", numberlink.dumps, {"puzzle": puzzle, "format": "grid"}),
        ("numberlink.to_svg", numberlink.to_svg, {"obj": puzzle, "cell": None, "line_width": None, "colours": None}),
        ("numberlink.to_png", numberlink.to_png, {"obj": puzzle, "cell": None, "colours": None}),
    ]
    calls = []
    for name, fn, base in targets:
        import inspect

        sig = inspect.signature(fn)
        positional = [p for p in sig.parameters.values() if p.kind == p.POSITIONAL_ONLY]

        def call_with(kwargs: dict, fn: Callable = fn, positional: list = positional) -> Callable[[], Any]:
            def call() -> Any:
                import tempfile

                tmp = tempfile.mkdtemp()
                args = {k: (v.replace("{tmp}", tmp) if isinstance(v, str) else v) for k, v in kwargs.items()}
                pos = [args.pop(p.name) for p in positional if p.name in args]
                return fn(*pos, **args)
            return call
        calls.append((name, "baseline", call_with(dict(base))))
        for key in base:
            for label, value in BAD_VALUES:
                changed = dict(base)
                changed[key] = value
                calls.append((name, f"{key}={label}", call_with(changed)))
    return calls


def sweep_api(f: dict[str, Path], seed: int = 1) -> str:
    """The API sweep's Markdown table and flagged calls (the good values from ``seed``)."""
    rows: dict[str, dict[str, int]] = {}
    flagged = []
    began = time.monotonic()
    for name, what, call in api_calls(f, seed):
        r = _forked(call)
        if what == "baseline":
            if r.get("raised") or r.get("timeout"):
                flagged.append(f"- note: the baseline of {name} fails: {r}")
            continue
        row = rows.setdefault(name, {k: 0 for k in ("calls", "TremauxError", "TypeError/OSError", "accepted", "other",
                                                    "message", "timeout")})
        row["calls"] += 1
        if r.get("timeout"):
            row["timeout"] += 1
            flagged.append(f"- {name}({what}): timeout")
            continue
        if r["raised"] is None:
            row["accepted"] += 1
            continue
        multi = "\n" in r["message"].strip() or not r["message"].strip()
        if r["tremaux"]:
            row["TremauxError"] += 1
        elif r["raised"] in ("TypeError", "FileNotFoundError", "IsADirectoryError", "PermissionError",
                             "NotADirectoryError") and r["module"] == "builtins":
            row["TypeError/OSError"] += 1
        else:
            row["other"] += 1
            first = r["message"].splitlines()[0][:140] if r["message"] else ""
            flagged.append(f"- {name}({what}): {r['module']}.{r['raised']}: {first}")
            continue
        if multi:
            row["message"] += 1
            flagged.append(f"- {name}({what}): {r['raised']} message over one line: {r['message'][:140]!r}")
    head = ("function", "calls", "TremauxError", "TypeError or OSError", "accepted", "other exception", "message",
            "timeout")
    out = [f"Python API: {sum(r['calls'] for r in rows.values())} calls in {time.monotonic() - began:.0f} s", "",
           "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    keys = ("calls", "TremauxError", "TypeError/OSError", "accepted", "other", "message", "timeout")
    total = dict.fromkeys(keys, 0)
    for name, row in rows.items():
        out.append(f"| {name} | " + " | ".join(str(row[k]) for k in keys) + " |")
        for k in keys:
            total[k] += row[k]
    out.append("| **all** | " + " | ".join(f"**{total[k]}**" for k in keys) + " |")
    out.append("")
    out.append(f"flagged: {sum(1 for x in flagged if not x.startswith('- note'))}")
    return "\n".join(out + flagged)


QUERY_BAD = ["", "-1", "0", "nan", "inf", "1e400", "99999999999999999999", "abc", "ü", "1.5", "true", "[]"]
JSON_BAD: list[Any] = [None, -1, 0, 10**30, 1e308, 2.5, "x", "ü", "", [], {}, True, [[1] * 3] * 3, "9" * 5000,
                       list(range(10000))]
RAW_BODIES = [b"", b"{", b"[]", b"null", b"1", b'"x"', b'{"rows": NaN}', b"\xff\xfe\x00", b"[" * 50000,
              b'{"a": ' * 2000]


def sweep_web(f: dict[str, Path]) -> str:
    """The web sweep's Markdown table and flagged requests."""
    import json

    from fastapi.testclient import TestClient

    from tremaux.web import create_app

    app = create_app(workers=1, heavy_workers=1, time_limit=5)
    rows: dict[str, dict[str, int]] = {}
    flagged: list[str] = []
    statuses: dict[int, int] = {}
    began = time.monotonic()
    with TestClient(app, raise_server_exceptions=False) as client:
        parsed = client.post("/api/numberlink/parse", json={"text": f["puzzle"].read_text()}).json()
        puzzle = {k: parsed[k] for k in ("rows", "cols", "grid")}
        bodies = {"/api/solve": {"maze": {"generator": "backtracker", "grid": "square", "rows": 5, "cols": 5},
                                 "solver": "bfs"},
                  "/api/numberlink/solve": dict(puzzle), "/api/numberlink/format": dict(puzzle),
                  "/api/numberlink/random": {"rows": 5, "cols": 5},
                  "/api/numberlink/parse": {"text": f["puzzle"].read_text()}}
        schema = app.openapi()

        def send(route: str, what: str, method: str, **kw: Any) -> None:
            row = rows.setdefault(route, {"requests": 0, "2xx": 0, "4xx": 0, "5xx": 0, "no message": 0,
                                          "slow": 0})
            row["requests"] += 1
            t0 = time.monotonic()
            try:
                resp = client.request(method, route, **kw)
                status, text = resp.status_code, resp.text
            except Exception as exc:  # noqa: BLE001 - the transport itself failed: as bad as a 500
                status, text = 599, f"{type(exc).__name__}: {exc}"
            wall = time.monotonic() - t0
            statuses[status] = statuses.get(status, 0) + 1
            if wall > LIMIT_S:
                row["slow"] += 1
                flagged.append(f"- {method} {route} {what}: {wall:.0f} s")
            if status >= 500:
                row["5xx"] += 1
                flagged.append(f"- {method} {route} {what}: {status} {text[:140]!r}")
            elif status >= 400:
                row["4xx"] += 1
                try:
                    body = json.loads(text)
                    said = body.get("error") or body.get("detail")
                except (ValueError, AttributeError):
                    said = None
                if not said:
                    row["no message"] += 1
                    flagged.append(f"- {method} {route} {what}: {status} without a message: {text[:100]!r}")
            else:
                row["2xx"] += 1

        for route, ops in schema["paths"].items():
            for method, op in ops.items():
                method = method.upper()
                params = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]
                content = op.get("requestBody", {}).get("content", {})
                base = bodies.get(route) if "application/json" in content else None
                for name in params:
                    for value in QUERY_BAD:
                        kw: dict[str, Any] = {"params": {name: value}}
                        if "text/plain" in content:
                            kw["content"] = f["maze"].read_bytes()
                        elif base is not None:
                            kw["json"] = base
                        send(route, f"?{name}={value!r}", method, **kw)
                if "text/plain" in content:
                    from fuzz_inputs import bad_files

                    for label, path in bad_files(f, "maze"):
                        p = Path(path)
                        if not p.is_file() or p == Path("/dev/zero"):
                            continue
                        send(route, f"file={label}", method, content=p.read_bytes(),
                             headers={"content-type": "application/octet-stream"})
                if base is None:
                    continue
                check = client.request(method, route, json=base)
                if check.status_code >= 300:
                    flagged.append(f"- note: the baseline of {method} {route} answers {check.status_code}")
                for raw in RAW_BODIES:
                    send(route, f"body={raw[:20]!r}", method, content=raw,
                         headers={"content-type": "application/json"})
                for key in list(base):
                    changed = dict(base)
                    del changed[key]
                    send(route, f"without {key}", method, json=changed)
                fields = [(k, None) for k in base] + [(k, sub) for k, v in base.items() if isinstance(v, dict)
                                                      for sub in v]
                for key, sub in fields:
                    for value in JSON_BAD:
                        changed = json.loads(json.dumps(base))
                        if sub is None:
                            changed[key] = value
                        else:
                            changed[key][sub] = value
                        send(route, f"{key}{'.' + sub if sub else ''}={str(value)[:20]!r}", method, json=changed)
    head = ("route", "requests", "2xx", "4xx", "5xx", "4xx without a message", "over 20 s")
    keys = ("requests", "2xx", "4xx", "5xx", "no message", "slow")
    out = [f"web API: {sum(r['requests'] for r in rows.values())} requests in {time.monotonic() - began:.0f} s", "",
           "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    total = dict.fromkeys(keys, 0)
    for name, row in rows.items():
        out.append(f"| {name} | " + " | ".join(str(row[k]) for k in keys) + " |")
        for k in keys:
            total[k] += row[k]
    out.append("| **all** | " + " | ".join(f"**{total[k]}**" for k in keys) + " |")
    out.append("")
    out.append("statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    out.append(f"flagged: {len(flagged)}")
    return "\n".join(out + flagged)
