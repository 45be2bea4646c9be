"""Command-line entries for the network host, clients, bots and the Textual client."""

from __future__ import annotations

import argparse


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Network and TUI commands register here as they land."""
