"""ekpeer: Exploding Kittens in the terminal, with friends on a LAN or alone against bots."""

__version__ = "0.1.0"
