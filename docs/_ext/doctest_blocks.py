"""A griffe extension for the API pages: the docstrings' doctest examples shown as code.

Our docstrings are plain text with ``>>>`` examples (run by tests/test_readme.py). Markdown
would read ``>>>`` as nested quotes, so each example, up to the next blank line, is fenced as
``pycon`` before mkdocstrings renders the docstring.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_examples(text: str) -> str:
    """The text with each run of doctest lines (a ``>>>`` line up to a blank one) fenced."""
    out: list[str] = []
    in_example = False
    for line in text.split("\n"):
        if not in_example and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fences the doctest examples of every docstring griffe loads."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_examples(obj.docstring.value)
