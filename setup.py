"""The build: the engine's hot path compiled by mypyc (``belot/engine/build.py`` says which
modules, and how the source is used instead). ``BELOT_PURE=1`` at install compiles nothing;
without a C compiler the install goes on and the engine runs from its source."""

import importlib.util
import json
import os
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup

SRC = Path(__file__).resolve().parent / "src"


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_belot_build", SRC / "belot/engine/build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ext_modules() -> list[Extension]:
    if os.environ.get("BELOT_PURE"):
        return []
    build = _build_module()
    from mypyc.build import mypycify

    os.chdir(SRC.parent)
    (SRC / "belot/engine" / build.HASHES).write_text(json.dumps(build.source_hashes(SRC)))
    extensions = mypycify(
        [f"src/{path}" for path in build.COMPILED], opt_level="3", group_name="belot_engine"
    )
    for extension in extensions:
        extension.optional = True  # no C compiler: the engine runs from its source
    return extensions


setup(ext_modules=ext_modules())
