"""The ``ekpeer`` command line."""

from __future__ import annotations

import argparse
import sys


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def cmd_scenario(args: argparse.Namespace) -> int:
    from .scenario import run

    results, ok = run(args.paths)
    if not results:
        print("no scenarios found", file=sys.stderr)
        return 1
    for r in results:
        print(r.line())
    passed = sum(r.ok for r in results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if ok else 1


def cmd_cards(args: argparse.Namespace) -> int:
    from .plugins import installed, ruleset

    for name in sorted(installed()):
        rules = ruleset([name])
        own = [c for c in rules.cards.values() if c.plugin == name]
        print(f"{name}:")
        for card in own:
            counts = ", ".join(f"{deck} {n}" for deck, n in card.counts.items())
            flags = " [NOW]" if card.now and "NOW" not in card.title.upper() else ""
            print(f"  {card.id:<24} {card.title}{flags}  [{counts}]")
    return 0


def cmd_plugins(args: argparse.Namespace) -> int:
    from .plugins import plugin_info

    for info in plugin_info():
        print(f"{info['name']} {info['version']} ({info['package']}: {info['module']})")
        print(f"  cards: {', '.join(info['cards'])}")
        print(f"  from: {info.get('path', '?')}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import report, simulate

    result = simulate(args.players, args.games, _csv(args.expansions), _csv(args.bots), args.seed,
                      deck=args.deck, variants=_csv(args.variants), progress=not args.quiet)
    report(result)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ekpeer", description="Exploding Kittens in the terminal.")
    sub = parser.add_subparsers(dest="command", required=True)

    scenario = sub.add_parser("scenario", help="rules scenarios")
    scenario_sub = scenario.add_subparsers(dest="action", required=True)
    run = scenario_sub.add_parser("run", help="run scenario files or directories")
    run.add_argument("paths", nargs="+")
    run.set_defaults(func=cmd_scenario)

    cards = sub.add_parser("cards", help="list installed cards by plugin")
    cards.set_defaults(func=cmd_cards)
    plugins = sub.add_parser("plugins", help="list installed plugins")
    plugins.set_defaults(func=cmd_plugins)

    sim = sub.add_parser("simulate", help="play bot games headless")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--expansions", default="base")
    sim.add_argument("--bots", default="heuristic,random")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--deck", default=None)
    sim.add_argument("--variants", default="")
    sim.add_argument("--quiet", action="store_true")
    sim.set_defaults(func=cmd_simulate)

    from . import cli_net, cli_tui, cli_web

    cli_net.add_commands(sub)
    cli_tui.add_commands(sub)
    cli_web.add_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
