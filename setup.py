"""The build: the engine's hot path compiled by mypyc (``belot/engine/build.py`` says which
modules, and how the source is used instead). ``BELOT_PURE=1`` at install compiles nothing;
without a C compiler the install goes on and the engine runs from its source.

The sources' hashes (``compiled.json``) are written only once every module has compiled: a build
that fails (a type error, no compiler) leaves none, so that the engine runs from its source
rather than from an older compile that the hashes would call current."""

import functools
import importlib.util
import json
import os
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SRC = Path(__file__).resolve().parent / "src"
ENGINE = "belot/engine"


@functools.cache  # loaded once: ext_modules() and the build both read it
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
    extensions = mypycify(
        [f"src/{path}" for path in build.COMPILED], opt_level="3", group_name="belot_engine"
    )
    extensions += [
        Extension(build.module_name(path), [f"src/{path}"], extra_compile_args=["-O3"])
        for path in build.NATIVE
    ]
    for extension in extensions:
        extension.optional = True  # no C compiler: the engine runs from its source
    return extensions


class BuildExt(build_ext):
    """Compiles the extensions, then writes the hashes of the sources they were compiled from
    (beside the wheel's modules, and beside the source when built in place), only when every
    extension compiled."""

    def run(self) -> None:
        build = _build_module()
        folders = [Path(self.build_lib) / ENGINE]
        if self.inplace or getattr(self, "editable_mode", False):
            folders.append(SRC / ENGINE)
        for folder in folders:
            (folder / build.HASHES).unlink(missing_ok=True)  # until this build has compiled
        if len(folders) > 1:
            # In place: the .so of a module compiled once, and no longer, would shadow its source.
            compiled = {build.module_name(path) for path in build.COMPILED + build.NATIVE}
            for stale in (SRC / ENGINE).rglob("*.so"):
                name = ".".join(stale.relative_to(SRC).with_suffix("").with_suffix("").parts)
                if name.removesuffix(".__init__") not in compiled:
                    stale.unlink()
        self.failed = False
        super().run()
        if self.failed or not self.extensions:
            return
        hashes = json.dumps(build.source_hashes(SRC))
        for folder in folders:
            if folder.is_dir():
                (folder / build.HASHES).write_text(hashes)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception:
            self.failed = True  # an optional extension: the build goes on without it
            raise


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
