"""Every command's options say what they do in ``--help`` (issue 13, item 7)."""

from __future__ import annotations

import argparse

from ekpeer.cli import build_parser


def _options(parser: argparse.ArgumentParser, path: tuple[str, ...] = ("ekpeer",)):
    """(command path, the parser, its action) for every argument of every subcommand."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _options(sub, (*path, name))
        elif not isinstance(action, argparse._HelpAction):
            yield path, parser, action


def test_every_option_of_every_command_says_what_it_does():
    bare = [f"{' '.join(path)} {'/'.join(action.option_strings) or action.dest}"
            for path, _, action in _options(build_parser())
            if not action.help and action.help != argparse.SUPPRESS]
    assert not bare, "options without help text: " + ", ".join(bare)


def test_every_subcommand_says_what_it_is_for():
    def walk(parser: argparse.ArgumentParser, path: str):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                helped = {a.dest for a in action._choices_actions if a.help}
                for name, sub in action.choices.items():
                    yield f"{path} {name}", name in helped
                    yield from walk(sub, f"{path} {name}")

    bare = [cmd for cmd, helped in walk(build_parser(), "ekpeer") if not helped]
    assert not bare, "commands without help text: " + ", ".join(bare)


def test_each_help_page_prints_every_option(capsys):
    parser = build_parser()
    for path, sub, action in _options(parser):
        if action.help == argparse.SUPPRESS or not action.option_strings:
            continue
        text = sub.format_help()
        assert action.option_strings[0] in text, (path, action.option_strings)
