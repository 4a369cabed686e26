"""Builds featrel's Python module with CMake (pyproject.toml holds the package metadata).

Only the module target featrel_python is built (no tests, no CLI), Release, with -j2 unless CMAKE_BUILD_PARALLEL_LEVEL
says otherwise; CMake gets this interpreter, so the module matches the Python that installs it.

FEATREL_BUILD_DIR=<folder> skips the compile: the module already built in that CMake build folder (by
`cmake --build <folder>` with the same interpreter) is installed instead. For contributors who reinstall after a change,
and for the install test, which would otherwise compile the whole core a second time.
"""

import os
import pathlib
import importlib.machinery
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target_dir = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve().parent
        prebuilt = os.environ.get("FEATREL_BUILD_DIR")
        if prebuilt:
            self.copy_prebuilt(pathlib.Path(prebuilt).resolve(), target_dir)
            return
        build_dir = pathlib.Path(self.build_temp).resolve() / "cmake"
        build_dir.mkdir(parents=True, exist_ok=True)
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DFEATREL_BUILD_TESTS=OFF",
            "-DFEATREL_PYTHON=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
            f"-DFEATREL_PYTHON_OUTPUT_DIR={target_dir}",
        ]
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "featrel_python", "-j", jobs], check=True)

    @staticmethod
    def copy_prebuilt(build_dir, target_dir):
        # Only a module with this interpreter's extension suffix (its ABI tag) imports here.
        folder = build_dir / "python" / "featrel"
        modules = [folder / ("_featrel" + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]
        found = [m for m in modules if m.is_file()]
        if not found:
            sys.exit(f"FEATREL_BUILD_DIR={build_dir}: no module for this Python in {folder} "
                     f"(looked for {', '.join(m.name for m in modules)}); run `cmake --build {build_dir}` first")
        target_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy2(found[0], target_dir / found[0].name)


setup(
    ext_modules=[CMakeExtension("featrel._featrel")],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own build folder, away from CMake's build/ of the repository.
    options={"build": {"build_base": "build-pip"}},
)
