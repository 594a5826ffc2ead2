"""Interacting with other characters: Maisy, Larry and Roberto.

Rulebook "Interacting with other characters" (checklist section 7, PR-CHAR-01..13): where a
character may be put, what meeting each one does (once per turn), Roberto's choice of
token. Tests: tests/games/pebble_rock/test_characters.py.
"""
from __future__ import annotations


from ..state import (CHARACTERS, LARRY, MAISY, Endure, LoseToken, PlaceCharacter,
                     Player, State, UseItem, replace_player, replace_table, replace_turn)
from ..frames import Frame, MeetCharacter, OfferAvoid, RobberyChoice, RobertoRobs, RollDie
from ....core.hooks import hook, is_int
from .base import PebbleRockBase, _remove_one, _with_player


class Characters(PebbleRockBase):
    """This section's part of the game class (a mixin of PebbleRockGame)."""

    def _empty_spaces(self, s: State) -> set:
        """Spaces a character may be put on: no boat, no character, not a dock (PR-CHAR-05, PR-CHAR-06)."""
        taken = set(s.boats) | set(s.chars) | self.docks
        if not self.rules.token_spaces_are_empty:
            taken |= s.jets | s.table.treasure_spaces
        return set(range(self.info.n)) - taken

    def _adjacent_places(self, s: State, c: int) -> list[int]:
        """Where a symbol (or the Maisy item) may put character ``c``: empty, non-dock,
        one dotted line from the boat (PR-RES-03, PR-DANGER-02, PR-DANGER-03, PR-CHAR-05, PR-CHAR-06)."""
        pos = s.boats[s.seat]
        taken = set(s.boats) | set(s.chars)
        if not self.rules.token_spaces_are_empty:
            taken |= s.jets | s.table.treasure_spaces
        docks = self.docks
        out = [n for n in self.adj[pos] if n not in taken and n not in docks]
        own = s.chars[c]
        if self.rules.adjacent_character_may_stay and own in self.adjset[pos]:
            out.append(own)
            out.sort()
        return out

    def _d_place(self, s: State, head) -> list:
        """Where the queued character may be put: next to the boat for a die symbol or the
        Maisy item, any empty non-dock space (or where it is) after Shark Repellent or Water
        Cannon. Rules: PR-RES-03, PR-DANGER-02..03, PR-CHAR-05..06, PR-ITEM-SHARK-02."""
        c, how = head.character, head.how
        name = CHARACTERS[c]
        if how == "anywhere":  # Shark Repellent, Water Cannon: "any empty space" (or stay)
            spaces = sorted(self._empty_spaces(s) | {s.chars[c]})
        else:
            spaces = self._adjacent_places(s, c)
        return [PlaceCharacter(name, sp) for sp in spaces]

    def _a_place(self, w: State, a: PlaceCharacter) -> State:
        """Put the queued character on the chosen space; a die symbol's character counts as
        met this turn ("as if you had just passed over their space").
        Rules: PR-CHAR-03, PR-CHAR-07."""
        head = w.todo[0]
        c, how = head.character, head.how
        w.chars = w.chars[:c] + (a.space,) + w.chars[c + 1:]
        w.todo = w.todo[1:]
        if how == "symbol":  # "treat it as if you had just passed over their space"
            w.todo = (MeetCharacter(c, "symbol"),) + w.todo
        w.events = self._ev(w, "place", w.seat, a.character, a.space)
        return self._run(w)

    @hook(returns="int >= 0", check=is_int(0), rules=("PR-CHAR-08", "PR-RES-03"),
          example="return 2  # Maisy gives two Cargo tokens (as far as the hold has room)")
    def maisy_cargo(self, s: State, seat: int) -> int:
        """Cargo tokens Maisy gives the moving boat of ``seat`` when it passes her: one. The
        engine gives at most the hold's room (:meth:`capacity`).

        >>> import tabletop_nb
        >>> game = tabletop_nb.load_game("pebble_rock", players=2)
        >>> game.maisy_cargo(game.initial_state(), 0)
        1

        Rules: PR-CHAR-08, PR-RES-03.
        """
        return 1

    def _i_meet(self, w: State, head, rest) -> State:
        """A character interaction, for the moving player only: Maisy gives a Cargo token
        if the hold has room (still moved, no cargo, when it is full), Larry's roll or
        Roberto's theft (or the item against them); once a turn each.
        Rules: PR-CHAR-02..04, PR-CHAR-08..10, PR-RES-04, PR-MOVE-12."""
        c, how = head.character, head.how
        r = self.rules
        seat = w.seat
        p = w.players[seat]
        bit = 1 << c
        counts = how != "symbol" or r.symbol_is_interaction
        w.todo = rest
        if c == MAISY:
            room = self.capacity(w, seat) - p.tokens
            if room > 0:
                if counts:
                    w.turn = replace_turn(w.turn, met=w.turn.met | bit)
                gift = min(room, self.maisy_cargo(w, seat))
                w.players = _with_player(w.players, seat, replace_player(p, cargo=p.cargo + gift))
                w.events = self._ev(w, "maisy", seat)
            elif counts and r.empty_pass_is_interaction:
                w.turn = replace_turn(w.turn, met=w.turn.met | bit)
            return w
        empty = p.fish == 0 if c == LARRY else p.tokens == 0
        if empty:
            if counts and r.empty_pass_is_interaction:
                w.turn = replace_turn(w.turn, met=w.turn.met | bit)
            return w
        if counts:
            w.turn = replace_turn(w.turn, met=w.turn.met | bit)
        item = "shark_repellent" if c == LARRY else "water_cannon"
        nxt: Frame
        if self._usable(w, item):
            nxt = OfferAvoid(c)
        else:
            nxt = RollDie("larry") if c == LARRY else RobertoRobs()
        w.todo = (nxt,) + rest
        return w

    def _d_avoid(self, s: State, head) -> list:
        """At an encounter with Larry or Roberto while holding the item against them: use it,
        or endure the encounter. Rules: PR-ITEM-SHARK-01, PR-ITEM-CANNON-01."""
        item = "shark_repellent" if head.character == LARRY else "water_cannon"
        return [UseItem(item), self._tables.endure]

    def _a_endure(self, w: State, a: Endure) -> State:
        """Keep the item and suffer the encounter: Larry's Fish die roll, or Roberto's theft.
        Rules: PR-CHAR-09..10."""
        c = w.todo[0].character
        nxt: Frame = RollDie("larry") if c == LARRY else RobertoRobs()
        w.todo = (nxt,) + w.todo[1:]
        return self._run(w)

    def _i_rob(self, w: State, head, rest) -> State:
        """PR-CHAR-10..12: Roberto takes a Cargo token, else the passenger or treasure."""
        seat = w.seat
        p = w.players[seat]
        if p.cargo:
            w.players = _with_player(w.players, seat, replace_player(p, cargo=p.cargo - 1))
            w.todo = rest
            w.events = self._ev(w, "roberto", seat, "cargo")
            return w
        options = self._rob_options(w, p)
        if len(options) > 1:
            w.todo = (RobberyChoice(),) + rest
            return w
        (opt,) = options
        w.todo = rest
        return self._take_token(w, opt.kind, opt.card)

    def _rob_options(self, s: State, p: Player) -> list:
        """The tokens Roberto may take when the hold has no regular cargo: a passenger or the
        treasure (narrowed by ``roberto_takes`` when both are there). Rules: PR-CHAR-12, PR-PASS-06."""
        mode = self.rules.roberto_takes
        pas = [LoseToken("passenger", c) for c in p.passengers]
        tre = [LoseToken("treasure")] if p.treasures else []
        if pas and tre:
            if mode == "treasure":
                return tre
            if mode == "passenger":
                return pas
        return pas + tre

    def _d_rob_choice(self, s: State, head) -> list:
        """The player chooses which token Roberto takes (PR-CHAR-12)."""
        return self._rob_options(s, s.players[s.seat])

    def _a_lose_token(self, w: State, a: LoseToken) -> State:
        """Roberto takes the token chosen (PR-CHAR-12)."""
        w.todo = w.todo[1:]
        return self._run(self._take_token(w, a.kind, a.card))

    def _take_token(self, w: State, kind: str, card: int) -> State:
        """Roberto takes a passenger (its card is lost) or the last treasure taken (out of
        the game, or back to its space). Rules: PR-CHAR-12, PR-PASS-08, PR-TREAS-07."""
        seat = w.seat
        p = w.players[seat]
        t = w.table
        if kind == "passenger":  # PR-PASS-06, PR-PASS-08: the card is lost
            p = replace_player(p, passengers=_remove_one(p.passengers, card))
            t = replace_table(t, lost_cards=t.lost_cards + (card,))
        else:  # PR-TREAS-07
            origin = p.treasures[-1]
            p = replace_player(p, treasures=p.treasures[:-1])
            if self.rules.roberto_treasure == "returned":
                t = replace_table(t, treasure_spaces=t.treasure_spaces | {origin})
            else:
                t = replace_table(t, treasures_gone=t.treasures_gone + 1)
        w.players = _with_player(w.players, seat, p)
        w.table = t
        w.events = self._ev(w, "roberto", seat, kind)
        return w
