"""The ``ekpeer`` command line."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from . import cli_lang
from .i18n import _, ngettext


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def cmd_scenario(args: argparse.Namespace) -> int:
    from .scenario import run

    results, ok = run(args.paths)
    if not results:
        print("no scenarios found", file=sys.stderr)
        return 1
    for r in results:
        for note in r.notes:
            print(note, file=sys.stderr)
        print(r.line())
    passed = sum(r.ok for r in results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if ok else 1


def card_listing() -> dict[str, Any]:
    """Every card the installed plugins provide, once each, with its text and its count in
    every deck (box) that holds it; and those decks. Plain data for ``ekpeer cards --json``.

    A card several boxes ship (Targeted Attack: Imploding Kittens and the Party Pack) is one
    card with one implementation: one entry, with a count for each box; ``plugin`` is the
    plugin holding its implementation, ``plugins`` every plugin that brings it. A card in no
    box (the party cards) comes only with a variant or in a custom deck.
    """
    from .plugins import installed, ruleset

    cards: dict[str, dict[str, Any]] = {}
    decks: dict[str, dict[str, Any]] = {}
    broken: dict[str, str] = {}
    plugins = installed()
    modules = {ep.value.partition(":")[0]: name for name, ep in plugins.items()}
    for name in sorted(plugins):
        try:
            rules = ruleset([name])
            required = set().union(*(ruleset([r]).cards for r in rules.plugins if r != name))
        except Exception as exc:  # a broken third-party plugin must not break the listing
            broken[name] = str(exc)
            continue
        for deck in rules.decks.values():
            decks.setdefault(deck.name, {"name": deck.name, "title": deck.title, "plugin": deck.plugin,
                                         "main": deck.main, "min_players": deck.min_players,
                                         "max_players": deck.max_players})
        for spec in rules.cards.values():
            entry = cards.setdefault(spec.id, {**spec.catalog_entry(), "plugins": [], "counts": {}})
            if spec.id not in required and name not in entry["plugins"]:
                entry["plugins"].append(name)
            for deck, n in spec.counts.items():
                entry["counts"].setdefault(deck, n)
            impl = next((f for f in (spec.effect, spec.on_drawn, spec.save, spec.can_play, spec.targets)
                         if f is not None), None)
            entry.setdefault("_impl", modules.get(getattr(impl, "__module__", "")))
    for entry in cards.values():
        # The plugin that owns the card: the one holding its implementation, else the one whose
        # box holds it first, else the first that brings it.
        boxes = [decks[d]["plugin"] for d in entry["counts"] if d in decks]
        owners = [entry.pop("_impl"), *boxes, *entry["plugins"]]
        entry["plugin"] = next((p for p in owners if p in entry["plugins"]), entry["plugin"])
    order = {name: i for i, name in enumerate(decks)}
    for entry in cards.values():
        entry["counts"] = dict(sorted(entry["counts"].items(), key=lambda kv: order.get(kv[0], len(order))))
    listing: dict[str, Any] = {"cards": list(cards.values()), "decks": list(decks.values())}
    if broken:
        listing["broken"] = broken
    return listing


def cmd_cards(args: argparse.Namespace) -> int:
    import json
    import re
    import textwrap

    from . import i18n
    from .boxes import box_title, plugins_with_decks
    from .plugins import card_words, installed, translated

    lang = i18n.current()
    english = card_listing()
    listing = translated(english, sorted(installed()), lang)
    if lang != i18n.DEFAULT:    # a card whose words no plugin translates: its players read English
        words = card_words(tuple(sorted(installed())), lang)
        for card, said in zip(english["cards"], listing["cards"], strict=True):
            said["english"] = any(card[k] and not isinstance(words.get(card[k]), str)
                                  for k in ("title", "text"))
    if args.json:
        print(json.dumps(listing, indent=1, ensure_ascii=False))
        return 0
    titles = {d["name"]: d["title"] for d in listing["decks"]}
    by_plugin: dict[str, list[dict[str, Any]]] = {}
    for card in listing["cards"]:
        by_plugin.setdefault(card["plugin"], []).append(card)
    # a box by its title in the listing's language (Base game, Party Pack), its plugin's id
    # beside it in a heading: the name --expansions takes
    box_of = {name: box_title(plugin) for name, plugin in
             plugins_with_decks({p for c in listing["cards"] for p in (c["plugin"], *c["plugins"])},
                                listing["decks"]).items()}
    for plugin in sorted(by_plugin):
        print(f"{box_of[plugin]} ({plugin}):" if box_of[plugin] != plugin else f"{plugin}:")
        for card in by_plugin[plugin]:
            # the word as the listing's language says it ([NU]), unless the title holds it
            now = _("NOW")
            flags = f" [{now}]" if card["now"] and not re.search(rf"\b{now}\b", card["title"].upper()) else ""
            also = [box_of[p] for p in card["plugins"] if p != plugin]
            brought = "  " + _("(also in {plugins})").format(plugins=", ".join(also)) if also else ""
            english = "  " + _("(in English: not translated into {lang})").format(lang=lang) \
                if card.get("english") else ""
            print(f"  {card['id']:<24} {card['title']}{flags}{brought}{english}")
            for line in textwrap.wrap(card["text"], 92):
                print(f"      {line}")
            counts = ", ".join(f"{titles.get(d, d)} {n}" for d, n in card["counts"].items())
            boxes = counts or _("no box (a variant or a custom deck adds it)")
            print("      " + _("in: {boxes}").format(boxes=boxes))
    for plugin, error in listing.get("broken", {}).items():
        print(_("{plugin}: <failed to load: {error}>").format(plugin=plugin, error=error))
    return 0


def cmd_plugins(args: argparse.Namespace) -> int:
    from .plugin_catalogs import translation_notes
    from .plugins import plugin_info

    troubled = False
    for info in plugin_info():
        info["notes"] = [*(info.get("notes") or []), *translation_notes(info["name"])]
        troubled = troubled or bool(info.get("notes")) or any(c.startswith("<failed") for c in info["cards"])
        print(f"{info['name']} {info['version']} ({info['package']}: {info['module']})")
        # labels in the command's language (--lang), as every other command's words
        print("  " + _("cards: {cards}").format(cards=", ".join(info["cards"])))
        for deck in info.get("decks") or []:
            print("  " + _("deck: {deck}").format(deck=deck))
        for variant in info.get("variants") or []:
            print("  " + _("variant: {variant}").format(variant=variant))
        print("  " + _("from: {path}").format(path=info.get("path", "?")))
        for note in info.get("notes") or []:
            print("  " + _("note: {note}").format(note=note))
    return 1 if getattr(args, "strict", False) and troubled else 0


def cmd_privacy(args: argparse.Namespace) -> int:
    """Non-interference for one plugin's box (``ekpeer.engine.noninterference``): random games
    with it, beside the boxes ``--expansions`` names (a leak may show only beside another's
    cards: a cursed hand's), each compared with twins that differ by cards a player has not
    seen, in the draw pile and in the hands."""
    from . import i18n
    from .engine.noninterference import GameFailed, Leak, check_games
    from .plugins import installed, ruleset, said_in
    from .privacy_report import leak_lines

    named = _csv(args.plugin)
    beside = [b for b in _csv(args.expansions) if b not in named]
    for name in [*named, *beside]:
        if name not in installed():
            print(_("ekpeer privacy: no plugin {name!r} is installed (see ekpeer plugins)").format(name=name),
                  file=sys.stderr)
            return 2
    if not named:
        print(_("ekpeer privacy: name a plugin (see ekpeer plugins)"), file=sys.stderr)
        return 2
    # in the command's language (--lang), as every other command's words; a leak is said
    # plainly, the check's evidence (views, events) below it as it is, for the plugin's author
    label = _("{plugins} beside {others}").format(plugins=", ".join(named), others=", ".join(beside)) \
        if beside else ", ".join(named)
    rules = ruleset([*named, *beside])
    cards = [card for card, spec in rules.cards.items() if spec.plugin in named]
    try:
        stats = check_games(rules, args.games, args.players, args.deck, tuple(_csv(args.variants)), args.seed,
                            cards=cards)
    except Leak as leak:
        def title(card: str) -> str:
            spec = rules.cards.get(card)
            return said_in(spec.title, rules.plugins, i18n.current()) if spec else card

        print("\n".join(leak_lines(leak, label, title)))
        return 1
    except GameFailed as failed:    # a plugin's bug (a card's, a hook's): where, in a line, as
        # simulate and scenario run say it; the traceback only when asked (a stranger got a bare one)
        error, owner, where = failure_parts(failed, rules, getattr(args, "traceback", False))
        if failed.card is None:
            said = _("ekpeer privacy: game {n} of {games} (seed {seed}) failed: {error} ({owner}: {where})")
        else:
            said = _("ekpeer privacy: rehearsal {n} of {games} of {card} (seed {seed}) failed: {error} "
                     "({owner}: {where})")
        print(said.format(n=failed.number, games=failed.games, seed=failed.seed, card=failed.card,
                          error=error, owner=owner, where=where), file=sys.stderr)
        if not getattr(args, "traceback", False):
            print(_("(--traceback shows the whole traceback)"), file=sys.stderr)
        return 1
    print(_("{label}: no leak in {games} games ({forks} twin games: {hands} differing in hands, "
            "{pile} in the draw pile; {compared} moves compared, 2-{players} players)").format(
                label=label, games=stats["games"], forks=stats["forks"], hands=stats["hands"],
                pile=stats["pile"], compared=stats["compared"], players=args.players))
    for line in _played_lines(rules, stats):
        print(line)
    return 0


def _played_lines(rules, stats: dict) -> list[str]:
    """What the twins tried of each card of the plugin: how often it was played (and by a
    cursed hand, when the boxes lay one face down) and saved a player, and plainly which were
    never used: a pass says nothing about those."""
    from . import i18n
    from .plugins import said_in

    curse = stats.get("curse")
    lines = ["  " + _("played in the twins, card by card:")]
    for card, (times, cursed, *more) in stats["played"].items():
        saved = more[0] if more else 0
        # a card by its title in the command's language (its plugin's translation)
        said = f"    {said_in(rules.cards[card].title, rules.plugins, i18n.current())} ({card}): "
        if not times and not saved:
            lines.append(said + _("never used (played, or saving a player): this pass says nothing about it"))
            continue
        uses = []
        if times:
            played = ngettext("played {n} time", "played {n} times", times).format(n=times)
            if curse:
                played += ", " + _("{n} by a cursed hand").format(n=cursed)
            uses.append(played)
        if saved:   # a saver is used through its save, never played (a Lighthouse Keeper)
            uses.append(ngettext("saved a player {n} time", "saved a player {n} times",
                                 saved).format(n=saved))
        lines.append(said + "; ".join(uses))
    if curse:
        lines.append("  " + ngettext(
            "{n} rehearsal: each card played first thing by a cursed hand, or beside one, against a "
            "twin where that hand lies in another order",
            "{n} rehearsals: each card played first thing by a cursed hand, or beside one, against a "
            "twin where that hand lies in another order", stats["rehearsals"]).format(n=stats["rehearsals"]))
    else:
        lines.append("  " + _("no box here lays a hand face down: a cursed hand was not tried "
                              "(--expansions base,streaking deals the Curse of the Cat Butt)"))
    return lines


def cmd_translations(args: argparse.Namespace) -> int:
    """A plugin's ``.po`` for a language, kept from its texts (``ekpeer.plugin_catalogs``): its
    current English merged in (new texts empty, gone ones dropped), then what it lacks or gets
    wrong named, as ``scripts/i18n`` does for the built-in plugins. Exit 1 when anything is."""
    from . import i18n
    from . import plugin_catalogs as catalogs
    from .plugins import installed

    if args.plugin not in installed():
        print(_("ekpeer translations: no plugin {name!r} is installed (see ekpeer plugins)").format(
            name=args.plugin), file=sys.stderr)
        return 2
    lang = i18n.normalize(args.lang)
    if lang is None or lang == i18n.DEFAULT:
        print(_("ekpeer translations: {lang!r} is not a language to translate into (da, pt_BR)").format(
            lang=args.lang), file=sys.stderr)
        return 2
    try:
        if not args.check:
            print(_("wrote {path}").format(path=catalogs.update_plugin(args.plugin, lang)))
        bad = catalogs.plugin_problems(args.plugin, lang)
    except OSError as exc:
        print(_("ekpeer translations: {error}").format(error=exc), file=sys.stderr)
        return 2
    for problem in bad:
        print(problem)
    if not bad:
        print(_("{name}: every text is translated into {lang}").format(name=args.plugin, lang=lang))
    return 1 if bad else 0


def failure_parts(failed: Exception, rules, traceback: bool) -> tuple[str, str, str]:
    """A failed game's error (``failed.__cause__``) as ``simulate`` and ``privacy`` say it: the
    error and its first line, whose code raised it (the plugin, and the card when
    ``failed.card`` names one), and where (file, line, function: a hook's name); the whole
    traceback printed first when ``traceback``."""
    import traceback as tb

    from .plugins import raised_at

    exc = failed.__cause__ or failed
    if traceback:
        tb.print_exception(exc)
    plugin, where = raised_at(exc, rules.plugins)
    owner = _("plugin {name}").format(name=plugin) if plugin else _("the rules engine or a bot")
    card = getattr(failed, "card", None)
    if card is not None and card in rules.cards:
        spec = rules.cards[card]
        owner += ", " + _("card {title} ({id})").format(title=spec.title, id=spec.id)
    reason = (str(exc).strip().splitlines() or [""])[0]
    return (f"{type(exc).__name__}: {reason}" if reason else type(exc).__name__), owner, where


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import GameFailed, Unplayable, report, simulate

    folder = getattr(args, "save_replays", None)
    try:
        if folder is not None:      # a folder that cannot be made is said before any game
            os.makedirs(folder, exist_ok=True)
        result = simulate(args.players, args.games, _csv(args.expansions), _csv(args.bots), args.seed,
                          deck=args.deck, variants=_csv(args.variants), progress=not args.quiet,
                          save_replays=folder)
    except Unplayable as refused:     # the command line's mistake, before any game is played
        print(_("ekpeer simulate: {reason}").format(reason=refused), file=sys.stderr)
        return 2
    except OSError as exc:          # --save-replays: a folder that is a file, or a full disk
        print(_("ekpeer simulate: cannot save replays in {folder}: {error}").format(
            folder=folder, error=exc.strerror or exc), file=sys.stderr)
        return 2
    except GameFailed as failed:    # a card's bug: where, in a line (plugin, card, file, line), as
        # scenario run says it; the traceback only when asked (a stranger got a bare one)
        from .plugins import ruleset

        error, owner, where = failure_parts(failed, ruleset(_csv(args.expansions)),
                                            getattr(args, "traceback", False))
        said = _("ekpeer simulate: game {n} of {games} (seed {seed}) failed: {error} ({owner}: {where})")
        print(said.format(n=failed.number, games=failed.games, seed=failed.seed, error=error, owner=owner,
                          where=where), file=sys.stderr)
        if not getattr(args, "traceback", False):
            print(_("(--traceback shows the whole traceback)"), file=sys.stderr)
        return 1
    report(result)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ekpeer", description="Exploding Kittens in the terminal.")
    sub = parser.add_subparsers(dest="command", required=True)

    scenario = sub.add_parser("scenario", help="rules scenarios")
    scenario_sub = scenario.add_subparsers(dest="action", required=True)
    run = scenario_sub.add_parser("run", help="run scenario files or directories")
    run.add_argument("paths", nargs="+", metavar="PATH",
                     help="scenario files (.toml) or directories holding them (e.g. tests/scenarios)")
    run.set_defaults(func=cmd_scenario)

    cards = sub.add_parser("cards", help="every installed card: its text and its count in each deck")
    cards.add_argument("--json", action="store_true", help="the same as JSON, for tools")
    cards.set_defaults(func=cmd_cards)
    plugins = sub.add_parser("plugins", help="list installed plugins")
    plugins.add_argument("--strict", action="store_true",
                         help="exit 1 if any plugin fails to load or has a note (a check for a plugin's CI)")
    plugins.set_defaults(func=cmd_plugins)
    words = sub.add_parser("translations", help="write a plugin's translation file for a language from its "
                                                "texts and check it: missing translations, placeholders "
                                                "that differ (exit 1)")
    words.add_argument("plugin", help="an installed plugin's name (see ekpeer plugins)")
    words.add_argument("lang", help="the language, as --lang takes it (da)")
    words.add_argument("--check", action="store_true",
                       help="check the file as it is, writing nothing (a check for a plugin's CI)")
    words.set_defaults(func=cmd_translations)
    privacy = sub.add_parser("privacy", help="check that a plugin's cards tell no player a card they have "
                                              "not seen (random games against their twins)")
    privacy.add_argument("plugin", help="an installed plugin's name, or several, comma-separated "
                                        "(see ekpeer plugins)")
    privacy.add_argument("--expansions", default="",
                         help="other plugins whose cards are dealt beside it, comma-separated (default: only "
                              "those it requires); e.g. base,streaking (a cursed hand)")
    privacy.add_argument("--games", type=int, default=20, help="random games (default 20)")
    privacy.add_argument("--players", type=int, default=5, help="most players at a table (default 5)")
    privacy.add_argument("--deck", default=None, help="the main deck (default: the first that seats them)")
    privacy.add_argument("--variants", default="", help="variants on, comma-separated")
    privacy.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    privacy.add_argument("--traceback", action="store_true",
                         help="when a game fails, the whole Python traceback too (for a plugin's author)")
    privacy.set_defaults(func=cmd_privacy)

    sim = sub.add_parser("simulate", help="play bot games headless")
    sim.add_argument("--players", type=int, default=4, help="players at each table (default 4)")
    sim.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    sim.add_argument("--expansions", default="base",
                     help="plugins whose cards are used, comma-separated (default base; see ekpeer plugins)")
    sim.add_argument("--bots", default="heuristic,random",
                     help="bot kinds, comma-separated, given to the seats in turn (default heuristic,random)")
    sim.add_argument("--seed", type=int, default=0,
                     help="seed of the first game (game N is dealt from seed SEED+N-1: the same seed "
                          "plays the same games)")
    sim.add_argument("--deck", default=None, help="the main deck to deal (default: the expansions' own)")
    sim.add_argument("--variants", default="", help="variant ids to play with, comma-separated")
    sim.add_argument("--quiet", action="store_true", help="no progress bar, only the results")
    sim.add_argument("--save-replays", metavar="DIR", default=None,
                     help="save every game into DIR as a host does (ekpeer replay FILE plays it back)")
    sim.add_argument("--traceback", action="store_true",
                     help="when a game fails, the whole Python traceback too (for a plugin's author)")
    sim.set_defaults(func=cmd_simulate)

    from . import cli_net, cli_tui, cli_web

    cli_net.add_commands(sub)
    cli_tui.add_commands(sub)
    cli_web.add_commands(sub)
    cli_lang.add_lang_option(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    cli_lang.choose(argv)           # before anything is said: --help and the screens speak it
    parser = build_parser()
    cli_lang.translate_parser(parser)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader stopped early (`ekpeer cards | head`): nothing more to say, no traceback.
        # stdout goes to /dev/null so that the interpreter's own flush at exit fails no more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 128 + 13            # as a command ended by SIGPIPE says it


if __name__ == "__main__":
    sys.exit(main())
