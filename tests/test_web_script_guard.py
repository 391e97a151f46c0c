"""A script that builds the server without ``if __name__ == "__main__":`` is told so by the worker it re-runs in,
instead of starting a second server there that never answers."""

import subprocess
import sys
import textwrap

from tremaux.web.workers import refuse_in_a_worker


def test_the_main_process_may_build_the_app():
    assert refuse_in_a_worker() is None


def test_a_script_without_the_main_guard_is_named_in_the_worker(tmp_path):
    script = tmp_path / "serve_it.py"
    script.write_text(textwrap.dedent("""
        import multiprocessing as mp
        from tremaux.web.app import create_app

        app = create_app(workers=1)

        def job():
            pass

        p = mp.get_context("spawn").Process(target=job)
        p.start()
        p.join()
        print("child exit", p.exitcode)
    """), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert "child exit 1" in done.stdout, done.stdout + done.stderr
    assert 'RuntimeError: the tremaux web server was started again inside one of its worker processes: put the ' \
           'lines that start it under `if __name__ == "__main__":` in your script' in done.stderr


def test_a_guarded_script_starts_its_child(tmp_path):
    script = tmp_path / "serve_it.py"
    script.write_text(textwrap.dedent("""
        import multiprocessing as mp
        from tremaux.web.app import create_app

        def job():
            pass

        if __name__ == "__main__":
            app = create_app(workers=1)
            p = mp.get_context("spawn").Process(target=job)
            p.start()
            p.join()
            print("child exit", p.exitcode)
    """), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert "child exit 0" in done.stdout, done.stdout + done.stderr
    assert "RuntimeError" not in done.stderr
