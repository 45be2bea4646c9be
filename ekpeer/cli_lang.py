"""The command line's language: ``--lang`` on every command, and ``--help`` in that language.

The language is chosen before the parser is built (``--lang`` is read from the raw
arguments, else ``LANGUAGE``/``LC_ALL``/``LANG``), so that everything said from then on, the
screens included, speaks it. Help texts stay written in English where each option is
declared; :func:`translate_parser` says them in the chosen language, and
:func:`help_texts` lists them for ``scripts/i18n`` (new options need no wrapping).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence

from . import i18n
from .i18n import N_, _

LANG_HELP = N_("language of the words you read: da (Danish) or en (English); default from "
               "LANGUAGE/LC_ALL/LANG, else English")

#: argparse's own words (``usage:``, the section titles, its errors), said through ekpeer's
#: catalog when a language is chosen.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
)


def asked_language(argv: Sequence[str]) -> str | None:
    """The ``--lang`` given among the raw arguments (``--lang da`` or ``--lang=da``), if any."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def choose(argv: Sequence[str]) -> str:
    """Speak what ``--lang`` asks for, else what the environment does; returns the language."""
    asked = asked_language(argv)
    return i18n.set_language(asked if asked else i18n.from_environment())


def parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every subcommand's parser under it."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from parsers(sub)


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on the top parser and every command (read early by :func:`choose`)."""
    for each in parsers(parser):
        if "--lang" not in each._option_string_actions:
            each.add_argument("--lang", metavar="LANG", default=None, help=LANG_HELP)


def _texts(parser: argparse.ArgumentParser) -> Iterator[tuple[object, str, str]]:
    """Every (holder, attribute, English text) of the help ``parser`` prints."""
    for each in parsers(parser):
        if each.description:
            yield each, "description", each.description
        for action in each._actions:
            if action.help and action.help != argparse.SUPPRESS:
                yield action, "help", action.help
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    if choice.help:
                        yield choice, "help", choice.help


def help_texts(parser: argparse.ArgumentParser) -> list[str]:
    """The English help texts of ``parser`` (for the translation template)."""
    return list(dict.fromkeys(text for _holder, _attr, text in _texts(parser)))


def translate_parser(parser: argparse.ArgumentParser) -> None:
    """Say ``parser``'s help, and argparse's own words, in the chosen language."""
    if i18n.current() == i18n.DEFAULT:
        return
    for holder, attr, text in list(_texts(parser)):
        setattr(holder, attr, _(text))
    for each in parsers(parser):   # titled when the parser was made, before any language was set
        each._positionals.title = _("positional arguments")
        each._optionals.title = _("options")
    argparse._ = _   # type: ignore[attr-defined]  # argparse looks its words up when it prints
