"""The phase line names the decision being asked, in the words of the buttons (issue 13:
it said "Otter, choose dice" while the buttons said "Put Larry on ...")."""
import tabletop_nb
from tabletop_nb import CHANCE
from tabletop_nb.games.pebble_rock.state import ChooseDice, PlaceCharacter, Step


def _states():
    game = tabletop_nb.load_game("pebble_rock", players=4)
    return game, tabletop_nb.replay(game, tabletop_nb.play(game, bots="greedy", seed=3))


def test_phase_names_the_character_being_placed():
    game, states = _states()
    placing = [s for s in states if game.current_player(s) >= 0
               and all(isinstance(a, PlaceCharacter) for a in game.legal_actions(s))]
    assert placing
    for s in placing:
        who = game.legal_actions(s)[0].character.capitalize()
        assert f"put {who} on a space" in game.phase(s)
        assert "choose dice" not in game.phase(s)
        assert all(game.action_label(s, a).startswith(f"Put {who} on") for a in game.legal_actions(s))


def test_phase_says_what_each_kind_of_choice_asks():
    game, states = _states()
    seen = set()
    for s in states:
        p = game.current_player(s)
        text = game.phase(s)
        if p == CHANCE:
            assert game.player_name(s.seat) + "," not in text  # nobody decides a roll
            continue
        if p < 0:
            assert text == "Game over"
            continue
        assert f"{game.player_name(p)}, " in text
        kinds = {type(a) for a in game.legal_actions(s)}
        if kinds == {ChooseDice}:
            assert text.endswith("choose dice")
            seen.add("dice")
        if kinds == {Step}:
            assert text.endswith(", sail")
            seen.add("sail")
    assert seen == {"dice", "sail"}
