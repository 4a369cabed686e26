"""Builds featrel's Python module with CMake (pyproject.toml holds the package metadata).

Only the module target featrel_python is built (no tests, no CLI), Release, with -j2 unless CMAKE_BUILD_PARALLEL_LEVEL
says otherwise; CMake gets this interpreter, so the module matches the Python that installs it.
"""

import os
import pathlib
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


setup(
    ext_modules=[CMakeExtension("featrel._featrel")],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own build folder, away from CMake's build/ of the repository.
    options={"build": {"build_base": "build-pip"}},
)
