"""ekpeer's built-in card plugins, each found through the ``ekpeer`` entry-point group.

The folder is ``plugins/`` in the repository and installs as the package ``ekpeer_cards``
(a name that is ekpeer's own), so the plugins import each other relatively
(``from ..base import CARDS``), which works under either name.
"""
