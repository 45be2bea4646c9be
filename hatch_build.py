"""Build hook: an editable install exposes the checkout's ``plugins/`` as ``ekpeer_cards``.

A wheel installs the folder ``plugins/`` as the package ``ekpeer_cards`` (the ``sources``
rename in pyproject.toml). Hatchling's editable mode cannot rename a folder: it puts the
checkout on ``sys.path``, where only ``plugins`` would be found. So for an editable install
this hook adds a one-file package ``ekpeer_cards`` whose ``__path__`` is the checkout's
``plugins/`` folder; edits there take effect at once, as in any editable install.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SHIM = '''"""Editable install of ekpeer: the built-in card plugins are the checkout's plugins/ folder."""
import os as _os

__path__ = [{folder!r}]
__file__ = _os.path.join(__path__[0], "__init__.py")
with open(__file__, encoding="utf-8") as _source:
    exec(compile(_source.read(), __file__, "exec"))
'''


class EditableCardsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version != "editable":
            return
        self._shim_dir = tempfile.mkdtemp(prefix="ekpeer-cards-")
        shim = os.path.join(self._shim_dir, "__init__.py")
        with open(shim, "w", encoding="utf-8") as out:
            out.write(SHIM.format(folder=os.path.join(self.root, "plugins")))
        build_data["force_include_editable"][shim] = "ekpeer_cards/__init__.py"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_shim_dir", None):
            shutil.rmtree(self._shim_dir, ignore_errors=True)
