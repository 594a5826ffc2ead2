"""The reconstructed components: marked as such, reproducible from their generators, loaded
into the rules, and replaceable by a designer in one call."""
import importlib.util
from pathlib import Path

import pytest

import tabletop_nb
from tabletop_nb import Die, RulesError
from tabletop_nb.games.pebble_rock.rules import ITEM_KINDS, Rules, load_data

DATA = Path(tabletop_nb.__file__).parent / "games" / "pebble_rock" / "data"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, DATA / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("path", sorted(DATA.glob("*.toml")), ids=lambda p: p.name)
def test_every_data_file_says_it_is_reconstructed_and_how(path):
    head = path.read_text(encoding="utf-8").splitlines()[0]
    assert head.startswith("# RECONSTRUCTED DATA")
    assert "chosen" in path.read_text(encoding="utf-8")[:3000].lower()


def test_generators_reproduce_the_board_and_the_cards():
    """board.toml and deliveries.toml are exactly what their generator scripts print."""
    assert _load("generate_board").build() == (DATA / "board.toml").read_text(encoding="utf-8")
    assert _load("generate_cards").build() == (DATA / "deliveries.toml").read_text(encoding="utf-8")


def test_components_match_the_box():
    """What's in the Box: 52 Delivery, 14 Item (7 kinds), 10 Assignment cards, 4 treasures;
    cards in four colour groups, some two-colour; 8 outer islands with standees."""
    d = load_data()
    cards = d["delivery_cards"]
    assert len(cards) == 52 and len({c.id for c in cards}) == 52
    assert {c.kind for c in cards} == {"cargo", "passenger"}
    assert any(len(c.colours) == 2 for c in cards)
    assert all(c.kind == "passenger" for c in cards if len(c.colours) == 2)
    assert sorted(set(d["item_cards"])) == sorted(ITEM_KINDS) and len(d["item_cards"]) == 14
    assert len(d["assignment_cards"]) == 10 and len(d["treasure_values"]) == 4
    assert all(a.top.points == 5 and a.bottom.points == 10 for a in d["assignment_cards"])
    islands = d["board"].islands
    assert sum(i.standee for i in islands) == 8 and len({i.colour for i in islands}) == 4
    assert {d[k].name for k in ("steady_die", "speedy_die", "resource_die", "danger_die", "fish_die")} \
        == {"steady", "speedy", "resource", "danger", "fish"}


def test_a_designer_swaps_a_component_in_one_call():
    game = tabletop_nb.load_game("pebble_rock", players=3)
    faster = game.with_rules(steady_die=Die([3, 3, 4, 4, 5, 5], name="steady"),
                             treasure_values=(10, 10, 10, 10))
    assert faster.dice["steady"].mean == 4 and faster.rules.treasure_values == (10,) * 4
    with pytest.raises(RulesError) as err:
        game.with_rules(danger_die=Die(["larry", "kraken"], name="danger"))
    assert err.value.field == "danger_die"
    with pytest.raises(RulesError) as err:
        game.with_rules(item_cards=("maisy", "time_machine"))
    assert err.value.field == "item_cards"
    with pytest.raises(RulesError) as err:
        game.with_rules(treasure_values=(1, 2, 3))
    assert err.value.field == "treasure_values"
    with pytest.raises(RulesError) as err:
        game.with_rules(upgraded_capacity=3)
    assert err.value.field == "upgraded_capacity"
    assert Rules().to_plain()["board"]["docks"] == list(game.rules.board.docks)
