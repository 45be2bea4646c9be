"""A table's rules: the cards, decks, variants and hooks of the plugins chosen for it.

Built from a pluggy plugin manager that holds only the table's plugins, so a hook of a
plugin that is installed but not chosen never runs. A plugin's box (its cards, decks and
variants) is data it declares (``CARDS``, ``DECKS``, ``VARIANTS``; see ``declared``), read
here the same way for every plugin; the ``ekpeer_register_*`` hooks add to it for plugins
that build their cards at load time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import pluggy

from . import custom
from .acted import one_by_one
from .cards import CardSpec, DeckSpec, Variant
from .errors import Reason, TableRefused
from .game import DEAD, Game
from .legal import PlayTable
from .pile import DrawPile
from .setup import SetupPlan, deal


class Ruleset:
    def __init__(self, pm: pluggy.PluginManager, names: Iterable[str]) -> None:
        self.pm = pm
        self.hook = pm.hook
        self.plugins: list[str] = list(names)
        self.cards: dict[str, CardSpec] = {}
        self.decks: dict[str, DeckSpec] = {}
        self.variants: dict[str, Variant] = {}
        #: card id -> the table's plugins that declare it, in load order
        self._declared_by: dict[str, list[str]] = {}
        for name, plugin in pm.list_name_plugin():
            if plugin is None:  # blocked
                continue
            self._collect(name, plugin, "CARDS", "ekpeer_register_cards", self.cards)
            self._collect(name, plugin, "DECKS", "ekpeer_register_decks", self.decks)
            self._collect(name, plugin, "VARIANTS", "ekpeer_register_variants", self.variants)
        self._own_cards()
        self._register_card_hooks()
        self.has_now_cards = any(c.now and c.playable for c in self.cards.values())
        #: Cards that may be played into a reaction window (Nope, NOW cards).
        self.reactive_cards = frozenset(c.id for c in self.cards.values() if c.is_nope or c.now)
        #: Cards that kill (trait ``kills``; the views count them for the odds of drawing one).
        self.kitten_cards = frozenset(c.id for c in self.cards.values() if "kills" in c.traits)
        #: Of those, the ones that kill nobody drawn face down (an Imploding Kitten): the odds
        #: of the next draw count them only face up.
        self.harmless_face_down = frozenset(c for c in self.kitten_cards
                                            if "harmless_face_down" in self.cards[c].traits)
        self._pools: dict[tuple[str, ...], Counter] = {}
        self._boxes: dict[tuple[str | None, int], tuple[DeckSpec, tuple[str, ...]]] = {}
        self._hooks = {
            name
            for name in dir(pm.hook)
            if name.startswith("ekpeer_") and getattr(pm.hook, name).get_hookimpls()
        }
        #: Every hook's name -> whether a chosen plugin implements it: what the game's hot
        #: paths ask before calling one (a call into pluggy costs even with nobody there).
        self.hooked: dict[str, bool] = {name: name in self._hooks for name in dir(pm.hook)
                                        if name.startswith("ekpeer_")}
        #: What legal moves read of each card, once for every game of these rules.
        self.plays = PlayTable(self.cards, self.hooked)
        #: Hook name -> a caller for each plugin implementing it (``acted.callers_of``).
        self.one_by_one: dict[str, list[Any]] = {}

    def _collect(self, plugin_name: str, plugin: object, declared_as: str, hook_name: str,
                 into: dict[str, Any]) -> None:
        """Add what ``plugin`` declares as ``declared_as``, then what its ``hook_name`` registers."""
        register = _registrar(into, declared_as[:-1].lower(), plugin_name,  # card, deck, variant
                              self._declared_by)
        for item in declared(plugin, declared_as, plugin_name):
            register(item)
        for impl in getattr(self.pm.hook, hook_name).get_hookimpls():
            if impl.plugin_name == plugin_name:
                impl.function(register=register)

    def _own_cards(self) -> None:
        """Say which of this table's plugins each card comes from, on copies of the specs.

        The plugin implementing the card (the one whose module holds its callables) when it
        is at the table and declares it, else the first at the table to declare it: decided by
        this table alone, never by which table the process built first (a spec is shared by
        every table, and plugins reuse each other's specs, so it is never changed itself).
        """
        modules = {_module_of(plugin): name for name, plugin in self.pm.list_name_plugin()
                   if plugin is not None}
        for card_id, spec in self.cards.items():
            declarers = self._declared_by.get(card_id, [])
            owner = spec.plugin or _implementer(spec, modules)
            if owner not in declarers:
                owner = declarers[0] if declarers else owner
            if spec.plugin != owner:
                self.cards[card_id] = replace(spec, plugin=owner)

    def _register_card_hooks(self) -> None:
        """Register the hooks each card brings (``CardSpec.hooks``), once each, beside the
        table's plugins: a card behaves the same in every box that deals it."""
        for spec in self.cards.values():
            hooks = spec.hooks
            if hooks is None or self.pm.is_registered(hooks):
                continue
            self.pm.register(hooks, f"{spec.plugin}:{spec.id}")

    def has_hook(self, name: str) -> bool:
        return name in self._hooks

    def check_options(self, players: list[str], options: dict[str, Any],
                      failed: dict | None = None) -> str | None:
        """Why a lobby's options cannot be played with these players (a plugin's own reason), or
        None; custom-deck picks that break seed 002's selection rules raise
        :class:`~ekpeer.engine.custom.CustomDeckError` (a table's refusal, with its template and
        fields: the host says it in the words of whoever set them)."""
        if "custom" in options:
            custom.validate(self.cards, list(players), options["custom"])
        if not self.hooked["ekpeer_check_options"]:
            return None
        return one_by_one(self, failed, "ekpeer_check_options", refusal=ValueError, cards=self.cards,
                          players=list(players), options=options)

    def check_table(self, players: list[str], deck: str | None = None, variants: Iterable[str] = (),
                    options: dict[str, Any] | None = None, failed: dict | None = None) -> SetupPlan:
        """The table a lobby may set up, or :class:`ValueError` with the reason it must refuse.

        The one check of a table: the host's lobby calls it, ``new_game`` deals from what it
        returns, and ``ekpeer scenario run`` uses it for ``[deal]`` scenarios (a player count
        the boxes cannot set up, a variant for another player count, a card that cannot be
        picked...). ``failed``: a host's record of the plugin hooks that failed (``acted.py``):
        one that raises here counts as having said nothing.
        """
        if not players or len(set(players)) != len(players):
            raise ValueError("a table needs players with distinct names")
        reason = self.check_options(players, dict(options or {}), failed)
        if reason:
            raise ValueError(reason)
        return self.plan(players, deck, variants, options, failed)

    def catalog(self) -> list[dict[str, Any]]:
        """Every card of this table as public data for clients."""
        return [spec.catalog_entry() for spec in self.cards.values()]

    # ------------------------------------------------------------------ games
    def main_decks(self) -> list[DeckSpec]:
        return [d for d in self.decks.values() if d.main]

    def game_from_table(self, table: dict[str, Any], seed: int | None = 0) -> Game:
        """A game rigged exactly as ``table`` says (the scenario ``[setup]`` shape)."""
        players = list(table["players"])
        game = Game(self, players, seed, origin={"table": _plain(table), "seed": seed})
        for p in players:
            game.hands[p] = list(table.get("hands", {}).get(p, []))
        up, pile = [], []
        for depth, entry in enumerate(table.get("draw_pile", [])):
            card, _, state = entry.partition(":")
            pile.append(card)
            if state == "up":
                up.append(depth)
        game.draw_pile = DrawPile(pile, up)
        game.discard = list(table.get("discard", []))
        in_front = table.get("in_front", {})
        for p, cards in in_front.items():
            _seated(p, players, "in_front")
            for entry in cards:
                card, _, who = entry.partition(":")
                game.in_front[p].append(card)
                if who:  # who laid it: recorded by the plugin whose card cares (I'll Take That)
                    _seated(who, players, f"in_front of {p}")
        for p in table.get("dead", []):
            _seated(p, players, "dead")
            game.status[p] = DEAD
            lying = [c for c in game.in_front[p] if c in self.cards and "kills" in self.cards[c].traits]
            if not lying:   # the kitten that killed them lies in front of them (ruling 19)
                game.in_front[p].append(table.get("dead_kitten", "exploding_kitten"))
        for p in table.get("out", []):
            _seated(p, players, "out")
            game.status[p] = "out"
        for p, cards in table.get("marked", {}).items():
            _seated(p, players, "marked")
            if Counter(cards) - Counter(game.hands[p]):
                raise ValueError(f"marked cards of {p} must be in {p}'s hand: {cards}")
            game.marked[p] = list(cards)
        for p in table.get("cursed", []):
            _seated(p, players, "cursed")
        game.current = table.get("current", players[0])
        game.turns = int(table.get("turns", 1))
        game.attacked = game.turns > 1
        game.direction = int(table.get("direction", 1))
        if self.hooked["ekpeer_rig_table"]:   # plugins set their own state from the table
            self.hook.ekpeer_rig_table(game=game, table=table)
        if set(table.get("cursed", [])) - game.cursed:
            raise ValueError(f"cursed: no plugin at this table ({', '.join(self.plugins)}) "
                             "lays a hand face down")
        unknown = sorted({c for c in game.all_cards() if c not in self.cards})
        if unknown:
            raise ValueError(f"unknown card ids for plugins {self.plugins}: "
                             + ", ".join(self._unknown_card(c, table) for c in unknown))
        return game

    def _unknown_card(self, card: str, table: dict[str, Any]) -> str:
        """``card`` as an error names it: where the table writes it and the id it may be a
        misspelling of (a stranger's ``see_the_futur`` was named alone)."""
        import difflib

        def holds(cards: Any) -> bool:
            return isinstance(cards, list) and any(str(c).partition(":")[0] == card for c in cards)

        places = [key for key, written in table.items() if holds(written)]
        places += [f"{key}.{who}" for key, written in table.items() if isinstance(written, dict)
                   for who, cards in written.items() if holds(cards)]
        close = difflib.get_close_matches(card, list(self.cards), n=1)
        said = card + (f" in {', '.join(places)}" if places else "")
        return said + (f" (did you mean {close[0]!r}?)" if close else "")

    def plan(self, players: list[str], deck: str | None = None, variants: Iterable[str] = (),
             options: dict[str, Any] | None = None, failed: dict | None = None) -> SetupPlan:
        found = self._boxes.get((deck, len(players)))
        if found is None:
            found = self._boxes[(deck, len(players))] = self._choose_boxes(deck, len(players))
        spec, expansions = found
        deck = spec.name
        expansions = list(expansions)
        unknown = set(variants) - set(self.variants)
        if unknown:
            raise ValueError(f"unknown variants: {', '.join(sorted(unknown))}")
        plan = SetupPlan(list(players), deck, expansions, set(variants), self._pool(deck, expansions),
                         dict(options or {}), kitten_count=len(players) - 1, cards=self.cards)
        if self.hooked["ekpeer_adjust_setup"]:
            one_by_one(self, failed, "ekpeer_adjust_setup", refusal=ValueError, plan=plan)
        if "custom" in plan.options:
            self._custom_plan(plan)
        else:
            self._check_enough(plan, spec.title)
        return plan

    def _choose_boxes(self, deck: str | None, players: int) -> tuple[DeckSpec, tuple[str, ...]]:
        """The main deck (``deck``, or the first that fits) and the expansions for ``players``
        players, or :class:`ValueError`; the same every time, so ``plan`` keeps it."""
        mains = self.main_decks()
        if deck is None:
            extra = max([d.max_players for d in self.decks.values() if not d.main], default=0)
            fitting = [d for d in mains if d.min_players <= players <= max(d.max_players, extra)]
            if not fitting:
                raise TableRefused("no deck for {players} players", players=players)
            deck = fitting[0].name
        if deck not in self.decks or not self.decks[deck].main:
            raise ValueError(f"unknown deck {deck!r}")
        spec = self.decks[deck]
        expansions = tuple(d.name for d in self.decks.values() if not d.main)
        max_players = spec.max_players
        for name in expansions:
            max_players = max(max_players, self.decks[name].max_players)
        if not spec.min_players <= players <= max_players:
            least = spec.min_players
            span = f"{least}" if least == max_players else f"{least}-{max_players}"
            raise TableRefused("{deck} seats {span} players, not {players}", deck=Reason(spec.title),
                               span=span, players=players)
        return spec, expansions

    def _pool(self, deck: str, expansions: list[str]) -> Counter:
        """Every card the boxes hold, by id: a fresh copy (a plan is changed by plugins) of
        what is counted once per deck (every new game asks)."""
        key = (deck, *expansions)
        pool = self._pools.get(key)
        if pool is None:
            pool = Counter()
            for card in self.cards.values():
                for box in key:
                    n = card.counts.get(box, 0)
                    if n:
                        pool[card.id] += n
            self._pools[key] = pool
        fresh = Counter()
        dict.update(fresh, pool)  # pool.copy() without Counter's Python-level update
        return fresh

    def _custom_plan(self, plan: SetupPlan) -> None:
        """A custom deck replaces the boxes' cards (the main deck only sets the player count).

        Kittens: the plan's count (players - 1, or what a variant set), without the kittens
        the boxes' own Streaking Kittens added, plus one for each one picked (rules-notes).
        """
        deck = custom.validate(self.cards, plan.players, plan.options["custom"], removed=plan.remove)
        box_adds = sum(n for c, n in plan.pool.items() if self.cards[c].extra.get("adds_kitten"))
        plan.kitten_count = max(0, plan.kitten_count - box_adds) + deck.adds_kittens
        plan.custom = deck

    def _check_enough(self, plan: SetupPlan, title: str) -> None:
        """Refuse a player count the chosen boxes cannot set up: a saver each, and the kittens.

        (A box with no savers or no kittens at all is a deliberate choice and allowed.)
        """
        n = len(plan.players)
        savers = plan.pool.get(plan.saver, 0) if plan.saver else 0
        if 0 < savers < n:
            name = self.cards[plan.saver].title if plan.saver in self.cards else plan.saver
            raise TableRefused("{deck} with these expansions has {count} x {card}: too few for "
                               "{players} players", deck=Reason(title), count=savers, card=Reason(name),
                               players=n)
        kittens = sum([k for c, k in plan.pool.items() if c in self.kitten_cards])
        if 0 < kittens < plan.kitten_count:
            raise TableRefused("{deck} with these expansions has too few kittens for {players} players "
                               "({kittens} of {needed})", deck=Reason(title), kittens=kittens,
                               needed=plan.kitten_count, players=n)

    def new_game(self, players: list[str], seed: int | None = 0, deck: str | None = None,
                 variants: Iterable[str] = (), options: dict[str, Any] | None = None,
                 hosted: bool = False) -> Game:
        """Shuffle and deal a new game by the rulebooks' setup and the plugins' changes.
        ``hosted``: a host's game (``failed_rules`` a dict, ``asked.py``), dealt past a plugin
        hook that raises while setting it up (``acted.py``); elsewhere such a hook raises."""
        failed: dict | None = {} if hosted else None
        plan = self.check_table(players, deck, variants, options, failed)
        origin = {"players": list(players), "deck": plan.deck, "variants": sorted(plan.variants),
                  "options": dict(options or {}), "seed": seed, "plugins": list(self.plugins)}
        game = Game(self, players, seed, origin=origin)
        game.failed_rules = failed
        deal(game, plan)
        return game


#: What a plugin may declare as data, by module-level name, and the type of every item in it.
DECLARED: dict[str, type] = {"CARDS": CardSpec, "DECKS": DeckSpec, "VARIANTS": Variant, "REQUIRES": str}


def declared(plugin: object, name: str, plugin_name: str) -> list[Any]:
    """What ``plugin`` declares under ``name`` (``CARDS``, ``DECKS``, ``VARIANTS``, ``REQUIRES``).

    A plugin's box is data, so a plugin needs no registration code; a wrong type is refused
    with the plugin's name here, at load time, rather than deep inside a game.
    """
    items = getattr(plugin, name, None)
    if items is None:
        return []
    kind = DECLARED[name]
    if isinstance(items, (str, bytes, dict)) or not isinstance(items, Iterable):
        raise TypeError(f"plugin {plugin_name!r}: {name} must be a list of {kind.__name__}, "
                        f"not {type(items).__name__}")
    items = list(items)
    for item in items:
        if not isinstance(item, kind):
            raise TypeError(f"plugin {plugin_name!r}: {name} holds {item!r}, not a {kind.__name__}")
    return items


def _registrar(into: dict[str, Any], what: str, plugin: str,
               declared_by: dict[str, list[str]]) -> Callable[[Any], None]:
    """The ``register`` callback for one plugin's cards, decks or variants.

    Nothing registered is changed: a deck or variant is kept as a copy naming ``plugin``;
    a card's plugin is settled once the whole table is read (``Ruleset._own_cards``). A
    card two plugins ship with one implementation (``_same_card``) is merged: the other
    boxes' counts join it. Any other second use of an id is refused.
    """

    def register(item: Any) -> None:
        if isinstance(item, CardSpec):
            key = item.id
            declared_by.setdefault(key, []).append(plugin)
        else:
            key = item.id if hasattr(item, "id") else item.name
            if not item.plugin:
                item = replace(item, plugin=plugin)
        existing = into.get(key)
        if existing is not None and existing is not item and existing != item:
            if isinstance(existing, CardSpec) and _same_card(existing, item):
                merged = dict(existing.counts)
                for deck, n in item.counts.items():
                    merged.setdefault(deck, n)
                into[key] = replace(existing, counts=merged)
                return
            first = declared_by[key][0] if isinstance(existing, CardSpec) else existing.plugin
            raise ValueError(f"{what} {key!r} registered twice ({first}, {plugin})")
        into[key] = item

    return register


def _module_of(plugin: object) -> str:
    """The module a plugin is written in: itself, or its class's (a plugin object)."""
    name = getattr(plugin, "__name__", None)
    return name if isinstance(name, str) else type(plugin).__module__


def _implementer(spec: CardSpec, modules: dict[str, str]) -> str:
    """The plugin whose module (or a module inside it) holds ``spec``'s callables, or ''."""
    for f in (spec.effect, spec.on_drawn, spec.save, spec.can_play, spec.targets, spec.saves):
        where = getattr(f, "__module__", None)
        while where:
            if where in modules:
                return modules[where]
            where = where.rpartition(".")[0]
    return ""


def _seated(player: str, players: list[str], where: str) -> None:
    if player not in players:
        raise ValueError(f"{where}: {player!r} is not one of the players")


def _same_card(a: CardSpec, b: CardSpec) -> bool:
    """Two plugins may ship the same card if they share its implementation."""
    return a.effect is b.effect and a.title == b.title


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
