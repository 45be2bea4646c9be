"""Command-line entries for the Textual client (play, join, host with a player)."""

from __future__ import annotations

import argparse


def add_commands(sub: argparse._SubParsersAction) -> None:
    """The Textual client's commands register here."""
