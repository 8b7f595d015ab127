"""Loading ratite must leave the host process's crash handling alone."""
import os
import signal
import subprocess
import sys

import pytest

CRASHES = {
    "abort": ("os.abort()", signal.SIGABRT),
    "segfault": ("import ctypes; ctypes.string_at(0)", signal.SIGSEGV),
}


@pytest.mark.parametrize("kind", sorted(CRASHES))
def test_crash_is_the_hosts(kind: str) -> None:
    code, expected = CRASHES[kind]
    env = {k: v for k, v in os.environ.items() if k != "SWIFT_BACKTRACE"}
    result = subprocess.run(
        [sys.executable, "-c", f"import ratite.kiwi, os, sys; sys.stderr.write('loaded\\n'); {code}"],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert "loaded" in result.stderr
    assert result.returncode == -expected
    assert "Program crashed" not in result.stderr and "Backtracing" not in result.stderr


def test_setting_not_left_in_environment() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SWIFT_BACKTRACE"}
    out = subprocess.run(
        [sys.executable, "-c", "import ratite, os; print(os.environ.get('SWIFT_BACKTRACE'))"],
        capture_output=True, text=True, env=env, check=True,
    ).stdout
    assert out.strip() == "None"


def test_own_setting_respected() -> None:
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no,interactive=no")
    out = subprocess.run(
        [sys.executable, "-c", "import ratite, os; print(os.environ.get('SWIFT_BACKTRACE'))"],
        capture_output=True, text=True, env=env, check=True,
    ).stdout
    assert out.strip() == "enable=no,interactive=no"


def test_swift_runtime_comes_from_the_package() -> None:
    """The wheel carries the Swift runtime: every Swift library mapped into the process is
    the package's own copy, not a toolchain's."""
    code = (
        "import ratite, os; print(os.path.dirname(ratite.__file__));"
        "print(open('/proc/self/maps').read())"
    )
    lines = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    package = lines[0]
    mapped = {line.split()[-1] for line in lines[1:] if line.strip() and ".so" in line.split()[-1]}
    swift = [path for path in mapped if "swift" in os.path.basename(path) or "ratite_shared" in path]
    assert any("libswiftCore" in path for path in swift)
    assert all(path.startswith(os.path.join(package, "_libs") + os.sep) for path in swift), swift
