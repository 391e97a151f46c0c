"""The documentation site builds with warnings as errors and without the network."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "hooks"))
from readme_guide import readme_sections, site_links  # noqa: E402
from sphinx_roles import markdown_tables, plain_roles  # noqa: E402

needs_mkdocs = pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None,
    reason="mkdocs and mkdocstrings are not installed (pip install '.[docs]')",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_PROXY": "*",
           "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9"}
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "WARNING" not in run.stderr, run.stderr
    return out


@needs_mkdocs
def test_every_readme_section_is_a_guide_page(site):
    titles = [t for t, _ in readme_sections((ROOT / "README.md").read_text(encoding="utf-8")) if t]
    assert len(titles) >= 5
    for title in titles:
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
        page = (site / "guide" / slug / "index.html").read_text(encoding="utf-8")
        assert title.replace("&", "&amp;") in page


@needs_mkdocs
def test_api_reference_is_made_from_the_docstrings(site):
    solvers = (site / "reference" / "solvers" / "index.html").read_text(encoding="utf-8")
    assert 'id="tremaux.solvers.api.solve"' in solvers
    assert "Parameters" in solvers and "Returns" in solvers
    maze = (site / "reference" / "maze" / "index.html").read_text(encoding="utf-8")
    assert 'id="tremaux.maze.model.Maze"' in maze
    # the docstrings' Sphinx roles show as code, not as raw ":func:`...`"
    # and their reStructuredText tables as tables
    for page in (site / "reference").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r":(func|class|meth|mod|data|attr):`", html), page
        assert not re.search(r"={8,}", html), page
    assert "<td>cul-de-sac-fill</td>" in solvers
    for page, anchor in (("numberlink", "tremaux.numberlink.solvers.solve_puzzle"), ("grids", "tremaux.grids.catalog.make_grid"),
                         ("dataset", "tremaux.dataset.build.build"), ("web", "tremaux.web.app.create_app"),
                         ("core", "tremaux.budget.limits.check")):
        html = (site / "reference" / page / "index.html").read_text(encoding="utf-8")
        assert f'id="{anchor}"' in html, f"{anchor} is not on reference/{page}"


def test_every_public_module_has_a_reference_page():
    """Each module that defines public functions or classes is rendered by a ``::: module`` line.

    The command line (documented by ``docs/cli.md``) and the compiled kernels
    (private by design; their public wrappers are documented) are the exceptions.
    """
    sys.path.insert(0, str(ROOT / "tests"))
    from test_docs_docstrings import API

    modules = {q.rsplit(".", 1)[0] for q, _, kind in API if kind in ("function", "class")}
    rendered = set()
    for page in (ROOT / "docs" / "reference").glob("*.md"):
        rendered |= set(re.findall(r"^::: (\S+)", page.read_text(encoding="utf-8"), flags=re.M))
    missing = sorted(m for m in modules - rendered if not m.startswith(("tremaux.cli", "tremaux.kernels")))
    assert not missing, f"modules without a reference page: {missing}"
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (ROOT / "docs" / "reference").glob("*.md"):
        assert f"reference/{page.name}" in nav, f"{page.name} is not in the navigation of mkdocs.yml"


def test_sphinx_roles_become_code():
    assert plain_roles("see :func:`tremaux.solve` or :class:`~tremaux.Maze`.") == "see `tremaux.solve` or `tremaux.Maze`."
    assert plain_roles("no role here: `x`") == "no role here: `x`"


@needs_mkdocs
def test_pictures_and_benchmarks_are_in_the_site(site):
    gallery = (site / "gallery" / "index.html").read_text(encoding="utf-8")
    pictures = re.findall(r'<img[^>]+src="([^"]+)"', gallery)
    assert len(pictures) >= 5
    for src in pictures:
        assert (site / "gallery" / src).resolve().is_file(), src
    bench = (site / "benchmarks" / "index.html").read_text(encoding="utf-8")
    first = next(line for line in (ROOT / "docs" / "benchmarks.md").read_text().splitlines() if line.startswith("# "))
    assert first[2:].split()[0] in bench


@needs_mkdocs
def test_no_asset_comes_from_another_host(site):
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for tag, attr in (("script", "src"), ("link", "href"), ("img", "src")):
            for url in re.findall(rf'<{tag}\b[^>]*\b{attr}="([^"]+)"', html):
                assert not re.match(r"(https?:)?//", url), f"{page.relative_to(site)}: {url}"
    for css in site.rglob("*.css"):
        assert "fonts.googleapis" not in css.read_text(encoding="utf-8", errors="replace"), css


def test_readme_sections_ignore_headings_inside_code_fences():
    text = "# t\nintro\n## One\na\n```bash\n## not a heading\n```\n## Two\nb\n"
    got = readme_sections(text)
    assert [t for t, _ in got] == ["", "One", "Two"]
    assert "## not a heading" in got[1][1]


@needs_mkdocs
def test_the_gallery_shows_every_registered_algorithm(site):
    from tremaux import GENERATORS, SOLVERS

    gallery = (site / "gallery" / "index.html").read_text(encoding="utf-8")
    for kind, registry in (("generator", GENERATORS), ("solver", SOLVERS)):
        for name in registry.names():
            src = f"images/gallery/{kind}-{name}.png"
            assert src in gallery, f"the gallery lacks the {kind} {name}: run python docs/scripts/make_gallery.py"
            assert (site / src).is_file(), src


def test_readme_links_are_rewritten_for_the_guide_pages():
    body = ("![a](docs/images/x.png) [bench](docs/benchmarks.md) [up](#number-link) [lost](#nowhere) "
            "[licence](tests/data/LICENSE) [web](https://example.org/a)")
    assert site_links(body, {"number-link"}) == (
        "![a](../images/x.png) [bench](../benchmarks.md) [up](number-link.md) [lost](#nowhere) "
        "licence (`tests/data/LICENSE`) [web](https://example.org/a)")


def test_simple_tables_become_markdown_tables():
    text = "=====  ====\nname   fast\n=====  ====\nbfs    yes\na|b    no\n=====  ====\n\nafter"
    assert markdown_tables(text).splitlines() == [
        "| name | fast |", "| --- | --- |", "| bfs | yes |", "| a\\|b | no |", "", "after"]
    assert markdown_tables("no table\n=== here") == "no table\n=== here"
