"""A third party's plugin laid out as ``pip install`` leaves one: its package in a folder on
the path and a ``*.dist-info`` whose ``entry_points.txt`` names it in the ``ekpeer`` group,
the one door third-party and built-in boxes share. For tests that load it in this process
(:func:`installed`) or in an ``ekpeer`` process of their own (:func:`lay_out`, then put the
folder on its ``PYTHONPATH``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

from ekpeer import plugins
from ekpeer.net import lobby


def lay_out(folder: Path, name: str, source: str, po: dict[str, str] | None = None) -> Path:
    """Package ``ekpeer_NAME`` (``source`` its ``__init__.py``; ``po``: language -> its .po
    text) and its dist-info in ``folder``. Returns the package's folder."""
    package = folder / f"ekpeer_{name}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(source)
    for lang, text in (po or {}).items():
        where = package / "locale" / lang / "LC_MESSAGES"
        where.mkdir(parents=True)
        (where / f"{name}.po").write_text(text)
    info = folder / f"ekpeer_{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: ekpeer-{name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[ekpeer]\n{name} = ekpeer_{name}\n")
    return package


def forget(name: str) -> None:
    """Drop what this process remembers of the installed plugins (and ``name``'s module), so the
    next look finds them as they are now."""
    sys.modules.pop(f"ekpeer_{name}", None)
    plugins._ruleset.cache_clear()     # its hooks are this module's, not a former test's
    plugins.installed.cache_clear()
    plugins.load_module.cache_clear()
    plugins.card_words.cache_clear()
    lobby.choices.cache_clear()


def installed(folder: Path, monkeypatch, name: str, source: str,
              po: dict[str, str] | None = None) -> Iterator[Path]:
    """For a fixture: ``name`` laid out in ``folder`` and installed in this process for the test
    (on the path, among ``EKPEER_PLUGINS``); yields its package folder."""
    package = lay_out(folder, name, source, po)
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setenv("EKPEER_PLUGINS", os.environ["EKPEER_PLUGINS"] + f",{name}")
    forget(name)
    yield package
    forget(name)
