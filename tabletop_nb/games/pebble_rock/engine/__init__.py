"""The Pebble Rock Delivery Service engine, laid out like the rulebook.

How a turn runs (rule IDs from ``shared/rules/pebble_rock.checklist.md``):

1. ``ChooseDice``: Steady + Resource, Speedy + Danger, or (alone in last place) Speedy +
   Resource (PR-DICE).
2. A chance node rolls both dice (``Roll``); a Lucky Shell may reroll one of them; the
   symbol is resolved: fish, Maisy, Winds, Larry, Roberto or a jetstream (PR-RES,
   PR-DANGER). Placing a character is the player's choice (``PlaceCharacter``).
3. The boat moves one ``Step`` at a time along dotted lines. Entering a character's space
   triggers it (once per turn); entering a jetstream token rolls the movement die again.
   On a space it has entered, the player may ``Deliver``, ``PickUp``, ``DropOff``,
   ``TakeTreasure`` or ``DeliverTreasure``, and at any time use an item. When the die's
   movement is used up, each further step costs a fish (PR-FISH). ``Stop`` ends it.
4. End of turn: dock refill, Market, fishing, the Lighthouse token in round 10, then the
   Delivery row is refilled (chance nodes, with the no-duplicate-island rule).

What happens next is a queue (``State.todo``) of decisions, chance nodes and bookkeeping
steps (:mod:`~tabletop_nb.games.pebble_rock.frames`); the game runs the bookkeeping at once
inside ``apply`` (:func:`.turn.run`), so a state always waits on a player or on chance. Every
roll, draw and shuffle is a chance node: ``apply`` draws no random numbers.

Each rulebook section is a module of plain functions over the game and a state; each
function decides one rule and names its checklist IDs. A function that plays an action
or a bookkeeping step works on the working state ``w`` of one ``apply`` (made by
:func:`.base.thaw`: a new State holding the old one's values, no events yet) and changes
its fields (``w.todo = rest``); the records inside it are the old state's own, so it
replaces them and never changes them. The functions that answer questions take a state
``s`` and only read it.

==========================  ==============================================  ======================
module                      rulebook section                                rule IDs
==========================  ==============================================  ======================
:mod:`.setup`               Game Setup                                      PR-SETUP
:mod:`.turn`                How To Play, On Your Turn (and the queue)       PR-TURN
:mod:`.dice`                1-2: dice choice and roll, Resource and Danger  PR-DICE, PR-RES, PR-DANGER
:mod:`.movement`            3: Move, Movement                               PR-MOVE
:mod:`.characters`          Interacting with other characters               PR-CHAR
:mod:`.fish_and_jetstream`  Fish Tokens, Jetstream tokens                   PR-FISH, PR-JET
:mod:`.deliveries`          Delivery Cards, Refilling the Deliveries        PR-DELIV, PR-PASS, PR-REFILL
:mod:`.treasure`            Treasure                                        PR-TREAS
:mod:`.items`               Item Cards                                      PR-ITEM-*
:mod:`.end_of_turn`         4: End of Turn, the Market, The Final Round     PR-END, PR-MARKET, PR-FINAL
:mod:`.scoring`             End of Game Scoring                             PR-SCORE, PR-TIE
:mod:`.words`               (for people: labels, events, the phase line)
:mod:`.base`                (shared: tables made once, the working state)
==========================  ==============================================  ======================

:class:`PebbleRockGame` ties them to the game protocol through one table
(:data:`.turn.SECTION_OF`); its public methods besides the protocol are the hooks a designer may
override (``capacity``, ``delivery_points``, ``jetstream_fee``, ``alone_last``,
``maisy_cargo``; each names its rule IDs in ``@hook(rules=...)``, and the section function
behind it is the rules' home): the sections, the bots (through :mod:`..analysis`) and the views ask the
game, so the changed rule is played and expected alike. A random game, played and replayed:

>>> import tabletop_nb
>>> game = tabletop_nb.load_game("pebble_rock", players=3)
>>> rec = tabletop_nb.play(game, bots="random", seed=1)
>>> game.is_terminal(tabletop_nb.replay(game, rec)[-1])
True
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....core import CHANCE, TERMINAL, BaseGame, memo
from ....core.hooks import hook, is_bool, is_int
from .. import analysis
from ..board import board_info
from ..frames import (Chance, ChooseAssignment, ChooseStartDock, FillMarketSlot, FillRowSlot,
                      RerollDie, RollDice, RollDie)
from ..rules import ITEM_KINDS
from ..rules import Rules
from ..rules import Rules as _Rules  # the type, for the checker (Rules is also a class attribute)
from ..scoring import Breakdown, Progress
from ..state import DrawCard, DrawItem, State, Step
from . import (characters, deliveries, dice, fish_and_jetstream, items, movement, scoring, setup,
               turn, words)
from .base import Tables, thaw
from .turn import SECTION_OF, run

__all__ = ["PebbleRockGame"]

class PebbleRockGame(BaseGame):
    """Pebble Rock Delivery Service for 2-4 players (see the module docstring).

    Parameters
    ----------
    rules : Rules, optional
        The rules (default: the printed game's).
    **overrides
        Rule changes by name, e.g. ``players=3``.

    Examples
    --------
    >>> import tabletop_nb
    >>> game = tabletop_nb.load_game("pebble_rock", players=3)
    >>> rec = tabletop_nb.play(game, bots="random", seed=1)
    >>> len(rec.scores)
    3
    """

    name = "pebble_rock"
    Rules = Rules
    rules: _Rules
    max_actions = 60_000

    # -- precomputation ----------------------------------------------------------
    # What the sections read of the game is declared once, with its types, in
    # engine/base.py's Engine Protocol; setup() makes each of those attributes, and mypy
    # checks that the class fits the Protocol wherever it hands itself to a section.
    def setup(self) -> None:
        """The board, the cards by id, the dice of each choice and the engine's tables,
        made once from the rules."""
        r = self.rules
        #: the board's lookups (adjacency, distances, islands)
        info = self.info = board_info(r.board)
        #: Delivery cards, and each card's island, passenger destination (-1) and cargo (0)
        self.cards = {c.id: c for c in r.delivery_cards}
        idx = info.island_index
        self.card_island = {c.id: idx[c.island] for c in r.delivery_cards}
        self.card_dest = {c.id: (idx[c.destination] if c.kind == "passenger" else -1)
                          for c in r.delivery_cards}
        self.card_cargo = {c.id: (c.amount if c.kind == "cargo" else 0) for c in r.delivery_cards}
        #: Assignment cards by id
        self.assignments = {a.id: a for a in r.assignment_cards}
        #: the Step to each space
        self.step_actions = tuple(Step(i) for i in range(info.n))
        self.docks = info.docks
        self.adj = info.adj
        self.adjset = info.adjset
        #: the movement and the symbol die of each dice choice
        self.move_die = {ch: analysis.dice_of(self, ch)[0] for ch in analysis.DICE_CHOICES}
        self.symbol_die = {ch: analysis.dice_of(self, ch)[1] for ch in analysis.DICE_CHOICES}
        #: the outcome lists and rule values read on every roll and turn
        self.tables = Tables(r, info, self.move_die, self.symbol_die, self.card_island,
                             self.card_dest)
        #: a finished game's final scores, asked for several times in a row (scores,
        #: winners, ranks, a simulation's last row); at most a few states are kept (a
        #: declared cache)
        self.final_scores: dict[Any, tuple[int, ...]] = memo.cache(
            "pebble_rock.final_scores", key="a finished game's state")
        from ..bots import SEARCH_HORIZON_PER_SEAT  # (here: the engine module does not load the bots)
        #: decisions a search rollout plays before the scores are estimated
        self.search_horizon = SEARCH_HORIZON_PER_SEAT * self.num_players

    # -- protocol ------------------------------------------------------------------
    def initial_state(self) -> State:
        """The state before setup, advanced to its first chance node (:func:`.setup.initial_state`)."""
        return run(self, setup.initial_state(self))

    def current_player(self, s: State) -> int:
        """Whose decision it is: the seat named by a setup step, chance for a roll or a draw,
        else the seat whose turn it is; ``TERMINAL`` once the game is over."""
        todo = s.todo
        if todo:
            head = todo[0]
            if isinstance(head, Chance):
                return CHANCE
            if isinstance(head, (ChooseStartDock, ChooseAssignment)):
                return head.seat
            return s.seat
        if s.phase == "over":
            return TERMINAL
        return s.seat

    def is_terminal(self, s: State) -> bool:
        """Whether the game is over (:func:`.turn.is_over`)."""
        return turn.is_over(s)

    def legal_actions(self, s: State) -> list:
        """The options of the decision at the head of the queue, or the dice choice
        (:func:`.dice.choose_options`), or a step of the move (:func:`.movement.move_actions`)."""
        todo = s.todo
        if todo:
            head = todo[0]
            if isinstance(head, Chance):
                return []
            return SECTION_OF[type(head)](self, s, head)
        ph = s.phase
        if ph == "move":
            return movement.move_actions(self, s)
        if ph == "choose":
            return dice.choose_options(self, s)
        return []

    def chance_outcomes(self, s: State) -> list[tuple[Any, Fraction]]:
        """The outcomes of the chance node at the head of the queue with their exact
        probabilities (each from its section, through :data:`.turn.SECTION_OF`)."""
        todo = s.todo
        if not todo or not isinstance(todo[0], Chance):
            return []
        head = todo[0]
        return SECTION_OF[type(head)](self, s, head)

    def sample_chance(self, s: State, rng: Any) -> Any:
        """One outcome of the chance node, drawn with ``rng`` with the probabilities of
        :meth:`chance_outcomes`: the rolls from the running sums made once, a row card
        uniformly, a Market item by the cards of each kind left, the rest by
        ``BaseGame.sample_chance``."""
        head = s.todo[0]
        k = type(head)
        if k is RollDice:
            acts, cum = self.tables.roll_cum[s.turn.choice]
        elif k is RollDie or k is RerollDie:
            acts, cum = self.tables.die_outcomes[dice.die_name(self, s, head)][1]
        elif k is FillRowSlot:  # uniform over the cards that fit (as chance_outcomes)
            elig = deliveries.row_eligible(self, s)
            return DrawCard(elig[min(int(rng.random() * len(elig)), len(elig) - 1)])
        elif k is FillMarketSlot:  # weighted by the cards of each kind left
            counts = items.item_source(s.table)
            x = rng.random() * sum(counts)
            for i, c in enumerate(counts):
                if x < c:
                    return DrawItem(ITEM_KINDS[i])
                x -= c
            return DrawItem(ITEM_KINDS[max(i for i, c in enumerate(counts) if c)])
        else:
            return BaseGame.sample_chance(self, s, rng)
        x = rng.random()
        for a, c in zip(acts, cum):
            if x < c:
                return a
        return acts[-1]

    def apply_trusted(self, s: State, a: Any) -> State:
        """The state after legal action ``a`` (unchecked): its rule (through
        :data:`.turn.SECTION_OF`) on the working state (:func:`.base.thaw`), then the
        bookkeeping that follows (:func:`.turn.run`); the events say what this action did, ``s`` stays as it
        was."""
        return run(self, SECTION_OF[type(a)](self, thaw(s), a))

    def observation(self, s: State, player: int) -> State:
        """What ``player`` sees (:func:`.setup.observation`)."""
        return setup.observation(self, s, player)

    def scores(self, s: State) -> tuple:
        """Track scores during play, final scores once the game is over (:func:`.scoring.scores`)."""
        return scoring.scores(self, s)

    def winners(self, s: State) -> tuple[int, ...]:
        """The winners with the rulebook's tie-break (:func:`.scoring.winners`)."""
        return scoring.winners(self, s, self.scores(s))

    def ranks(self, s: State) -> tuple[int, ...]:
        """Every seat's rank (:func:`.scoring.ranks`)."""
        return scoring.ranks(self, s, self.scores(s), self.winners(s))

    def turn_count(self, s: State) -> int:
        """Turns finished."""
        return s.turns

    def player_name(self, seat: int) -> str:
        """The seat's character name."""
        return self.rules.characters[seat]

    # -- the rules a designer may override (the sections and the bots ask these) -------
    @hook(returns="int >= 0", check=is_int(0), rules=("PR-SETUP-11", "PR-ITEM-UPG-01"),
          example="return super().capacity(s, seat) + 1  # bigger holds")
    def capacity(self, s: State, seat: int) -> int:
        """Hold spaces of a seat now: 5 with a Cargo Upgrade, else 4 (:func:`.items.capacity`)."""
        return items.capacity(self, s, seat)

    @hook(returns="int >= 0", check=is_int(0), rules=("PR-DELIV-06", "PR-PASS-04"),
          example="return self.cards[card].points + 1  # every delivery one more")
    def delivery_points(self, card: int) -> int:
        """Track points for completing Delivery card ``card``: the points printed on it,
        scored at once for a cargo delivery or a passenger dropped off
        (:func:`.deliveries.delivery_points`). A variant that scores deliveries otherwise
        overrides this method; the engine and the bots (through
        :func:`~tabletop_nb.games.pebble_rock.analysis.delivery_points`) both ask it.
        """
        return deliveries.delivery_points(self, card)

    @hook(returns="int >= 0", check=is_int(0), rules=("PR-JET-02",),
          example="return 0 if s.players[seat].jetstreams == 0 else 2  # first one free")
    def jetstream_fee(self, s: State, seat: int) -> int:
        """Fish ``seat`` pays to ride a jetstream token its boat triggers, before the
        token's roll is added to its movement (the player pays what they hold, at most).

        The printed game charges nothing (:func:`.fish_and_jetstream.jetstream_fee`). This
        is the hook for a variant: override it in a subclass, and the engine charges the
        fee when a token triggers, and the bots (through
        :func:`~tabletop_nb.games.pebble_rock.analysis.jetstream_fee`) weigh it when they
        choose their steps. ``s.players[seat].jetstreams`` counts the tokens the player has
        ridden before this one, e.g. for "each player's first jetstream is free"::

            class FirstJetstreamFree(PebbleRockGame):
                def jetstream_fee(self, s, seat):
                    return 0 if s.players[seat].jetstreams == 0 else 2
        """
        return fish_and_jetstream.jetstream_fee(self, s, seat)

    @hook(returns="bool", check=is_bool(), rules=("PR-DICE-03", "PR-DICE-04", "PR-DICE-06"),
          example="return s.players[seat].score < max(p.score for p in s.players)  # any trailing seat")
    def alone_last(self, s: State, seat: int) -> bool:
        """Whether the seat alone has the fewest track points: it may roll Speedy + Resource
        (:func:`.dice.alone_last`)."""
        return dice.alone_last(self, s, seat)

    @hook(returns="int >= 0", check=is_int(0), rules=("PR-CHAR-08", "PR-RES-03"),
          example="return 2  # Maisy gives two Cargo tokens (as far as the hold has room)")
    def maisy_cargo(self, s: State, seat: int) -> int:
        """Cargo tokens Maisy gives the moving boat of ``seat`` when it passes her: one
        (:func:`.characters.maisy_cargo`). The engine gives at most the hold's room
        (:meth:`capacity`).

        >>> import tabletop_nb
        >>> game = tabletop_nb.load_game("pebble_rock", players=2)
        >>> game.maisy_cargo(game.initial_state(), 0)
        1
        """
        return characters.maisy_cargo(self, s, seat)

    # -- what the rules say of a position (analysis, the bots and the notebooks ask) ----
    def move_options(self, s: State) -> tuple[list, list]:
        """The legal actions at a step of the move as (steps, others) (:func:`.movement.move_options`)."""
        return movement.move_options(self, s)

    def progress(self, s: State, seat: int) -> Progress:
        """What the seat has done, as Assignment objectives measure it (:func:`.scoring.progress`)."""
        return scoring.progress(self, s, seat)

    def assignment_halves_met(self, s: State, seat: int) -> int:
        """The halves of the seat's Assignment card met now (:func:`.scoring.assignment_halves_met`)."""
        return scoring.assignment_halves_met(self, s, seat)

    def breakdown(self, s: State, seat: int) -> Breakdown:
        """The seat's final score by parts, as if the game ended now (:func:`.scoring.breakdown`)."""
        return scoring.breakdown(self, s, seat)

    # -- positions, words ----------------------------------------------------------------
    def position(self, **table: Any) -> State:
        """A validated position built from what is on the table.

        Keywords (all optional; what is not given is as at the start of a game):
        ``boats`` (spaces in seat order, or {seat: space}), ``characters``
        ({"maisy"|"larry"|"roberto": space}); per seat (a list in seat order or
        {seat: value}): ``scores``, ``fish``, ``cargo``, ``passengers`` (card ids),
        ``treasures`` (the treasure spaces they came from), ``items``, ``completed`` (card
        ids), ``treasure_values`` (delivered), ``lighthouse``, ``assignments`` (kept card id,
        or (kept, other)); ``jetstreams``, ``treasure_spaces`` (default: every treasure
        space whose token nobody holds), ``treasures_gone``, ``row`` (card ids), ``market``
        (item kinds), ``item_discard``, ``lost_cards``; the turn: ``round``, ``first``,
        ``seat`` (whose turn; default ``first``), ``step`` ("choose", "move" or "end"),
        and for "move"/"end" ``dice`` ("steady", "speedy", "catch_up"), ``roll``,
        ``symbol``, ``movement`` (left), ``moved``, ``met`` (character names),
        ``item_used``, ``fresh_item``, ``delivered``. Cards, items and treasures not placed
        are in their decks or on the board. Implemented in :mod:`..position`.

        Raises
        ------
        TabletopError
            For an impossible position, with the reason (two boats on one space, more
            tokens than the hold holds, an unknown space or card, ...).

        Examples
        --------
        >>> import tabletop_nb
        >>> g = tabletop_nb.load_game("pebble_rock", players=2)
        >>> s = g.position(boats=[0, 1], fish=[5, 3], round=4, seat=1)
        >>> g.current_player(s), s.players[0].fish
        (1, 5)
        >>> [str(a) for a in g.legal_actions(s)]
        ["ChooseDice(choice='steady')", "ChooseDice(choice='speedy')"]
        """
        from ..position import build_position
        return build_position(self, **table)

    def action_label(self, s: State, a: Any) -> str:
        """The action in words, as its button says it (:func:`.words.action_label`)."""
        return words.action_label(self, s, a)

    def events(self, s: State) -> tuple[str, ...]:
        """What the last action did, in words (:func:`.words.events`)."""
        return words.events(self, s)

    def summary(self, s: State) -> dict[str, tuple]:
        """Each seat's board in a few numbers (:func:`.words.summary`)."""
        return words.summary(self, s)

    def phase(self, s: State) -> str:
        """The round and the decision asked now, in words (:func:`.words.phase`)."""
        return words.phase(self, s)

    # -- bots ------------------------------------------------------------------------
    def bots(self) -> dict:
        """The greedy bot (``"greedy"``) besides the core's random bot."""
        from ..bots import greedy_bot
        return {"greedy": greedy_bot}

    # the search bot's hooks live in bots.py; its horizon is set in setup
    def determinize(self, s: State, player: int, rng: Any) -> State:
        """A full state consistent with ``player``'s view (:func:`..bots.determinize`)."""
        from ..bots import determinize
        return determinize(self, s, player, rng)

    def estimate_scores(self, s: State) -> tuple:
        """Each seat's score estimate mid-game, for the search bot (:func:`..bots.estimate_scores`)."""
        from ..bots import estimate_scores
        return estimate_scores(self, s)

    def search_actions(self, s: State, rng: Any) -> list:
        """The actions the search bot compares, the greedy bot's first (:func:`..bots.search_actions`)."""
        from ..bots import search_actions
        return search_actions(self, s, rng)
