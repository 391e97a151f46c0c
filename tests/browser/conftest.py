"""Fixtures of the browser tests: a live ``tremaux serve`` and headless Chromium.

The tests are skipped when Debian's ``chromium`` and ``chromium-driver`` are
not installed, unless ``TREMAUX_REQUIRE_BROWSER=1`` (set by ``.ci/run``), in
which case they fail. Screenshots go to the test's temporary folder and, when
``TREMAUX_SCREENSHOT_DIR`` is set, there too (that is how the pictures in
``docs/images/`` are made).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("TREMAUX_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("TREMAUX_CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1200,2000", "--force-device-scale-factor=1",
)


def _missing() -> str | None:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            return f"{path} is not installed (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="session")
def browser_ready() -> None:
    why = _missing()
    if why:
        if os.environ.get("TREMAUX_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser tests are required (TREMAUX_REQUIRE_BROWSER=1) but {why}")
        pytest.skip(why)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(browser_ready: None):
    """``tremaux serve`` on a free local port; yields its base address."""
    port = _free_port()
    cmd = [sys.executable, "-m", "tremaux", "serve", "--port", str(port), "--workers", "2", "--time-limit", "60"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line, f"tremaux serve printed {line!r}"
        base = f"http://127.0.0.1:{port}"
        # the first maze waits for the workers, which compile every kernel when numba's cache is cold
        deadline = time.monotonic() + 500
        while True:
            try:
                with urllib.request.urlopen(base + "/api/maze?rows=3&cols=3&seed=1", timeout=500) as res:
                    json.load(res)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"tremaux serve did not start: {proc.stdout.read()}") from None
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@pytest.fixture(scope="session")
def driver(browser_ready: None):
    """A headless Chromium with a fresh profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="tremaux-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    drv.set_page_load_timeout(60)
    try:
        yield drv
    finally:
        drv.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def shoot(tmp_path: Path):
    """``shoot(element, name)`` saves a screenshot of ``element`` and returns its path."""

    def take(element, name: str) -> Path:
        out = tmp_path / name
        element.screenshot(str(out))
        extra = os.environ.get("TREMAUX_SCREENSHOT_DIR")
        if extra:
            Path(extra).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(out, Path(extra) / name)
        return out

    return take
