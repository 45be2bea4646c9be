"""ekpeer's built-in card plugins, each found through the ``ekpeer`` entry-point group."""
