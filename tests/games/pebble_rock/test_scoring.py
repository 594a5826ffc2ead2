"""Rulebook "End of Game Scoring", its worked example, and the tie-break (sections 18-19:
PR-SCORE, PR-TIE)."""
from pebble_rock_helpers import P, cargo, game_with, make_state

from tabletop_nb.games.pebble_rock.rules import Assignment, Objective
from tabletop_nb.games.pebble_rock.scoring import (assignment_points, count_sets, final_score,
                                                   fish_points)
from tabletop_nb.games.pebble_rock.state import Secret

COLOURS = ("red", "blue", "green", "yellow")
R, B, G, Y = ("red",), ("blue",), ("green",), ("yellow",)

# two single-colour cards of each colour, for hand-built completed piles
CARDS = [cargo(1, "Red Isle", 1, 3), cargo(2, "Blue Isle", 1, 3), cargo(3, "Green Isle", 1, 3),
         cargo(4, "Yellow Isle", 1, 3), cargo(5, "Meerkat Mount", 1, 3),
         cargo(6, "Meerkat Market", 1, 3), cargo(7, "Walrus Hut", 1, 3), cargo(8, "Walrus Shack", 1, 3),
         cargo(9, "Red Isle", 2, 6, ("red", "blue")), cargo(10, "Green Isle", 2, 6)]

ASSIGN = (
    Assignment(1, "Fishmonger", Objective("fish", 15, 5), Objective("fish", 20, 10)),
    Assignment(2, "Angler", Objective("fish", 3, 5), Objective("fish", 10, 10)),
    Assignment(3, "Collector", Objective("cards", 9, 5), Objective("sets", 1, 10)),
    Assignment(4, "Keeper", Objective("cards", 9, 5), Objective("lighthouse", 1, 10)),
    Assignment(5, "Spare 5", Objective("cards", 1, 5), Objective("cards", 2, 10)),
    Assignment(6, "Spare 6", Objective("cards", 1, 5), Objective("cards", 2, 10)),
    Assignment(7, "Spare 7", Objective("cards", 1, 5), Objective("cards", 2, 10)),
    Assignment(8, "Spare 8", Objective("cards", 1, 5), Objective("cards", 2, 10)),
)


def final_state(game, players, cards=None):
    n = len(players)
    secret = cards or tuple(Secret(offer=(2 * i + 1, 2 * i + 2), card=2 * i + 1) for i in range(n))
    return make_state(game, players=players, phase="over", round=10, boats=[2, 4, 6, 8][:n],
                      secret=secret, chars=(10, 11, 12), check=False)


def test_rulebook_scoring_example_liam_kamila_mateo_stella():
    """The rulebook's example (PR-SCORE-01, 02, 05, 06, 07; PR-TIE-01, PR-TIE-05): track 53,
    50, 48, 45; sets 1, 0, 1, 0; fish 14, 3, 7, 13; assignments 0, 5, 10, 10; Stella's
    Lighthouse token: totals 62, 56, 65, 62, and Mateo wins alone."""
    # the pure arithmetic
    parts = [final_score(53, [R, B, G, Y], COLOURS, 14, False, 0),
             final_score(50, [R, B], COLOURS, 3, False, 5),
             final_score(48, [R, B, G, Y, R], COLOURS, 7, False, 10),
             final_score(45, [], COLOURS, 13, True, 10)]
    assert [b.total for b in parts] == [62, 56, 65, 62]
    assert [b.fish_points for b in parts] == [4, 1, 2, 4]
    # the same game on the engine: completed cards, fish, the token and assignments
    game = game_with(4, cards=CARDS, assignment_cards=ASSIGN)
    players = [P(score=53, fish=14, completed=(1, 2, 3, 4)),            # Liam: Fishmonger fails
               P(score=50, fish=3, completed=(5, 6)),                   # Kamila: Angler, top half
               P(score=48, fish=7, completed=(5, 6, 7, 8, 9)),          # Mateo: Collector, bottom
               P(score=45, fish=13, lighthouse=True)]                   # Stella: Keeper, bottom
    secret = tuple(Secret(offer=(i + 1, i + 5), card=i + 1) for i in range(4))
    s = final_state(game, players, secret)
    assert game.scores(s) == (62, 56, 65, 62)
    assert [game.breakdown(s, i).sets for i in range(4)] == [1, 0, 1, 0]
    assert [game.breakdown(s, i).assignment_points for i in range(4)] == [0, 5, 10, 10]
    assert game.winners(s) == (2,)
    assert game.ranks(s) == (2, 4, 1, 2)  # Liam and Stella share second (PR-TIE-05 a)
    by_fish = game.with_rules(lower_ties_by_fish=True)
    assert by_fish.ranks(s) == (2, 4, 1, 3)  # Liam's 14 fish beat Stella's 13 (b)


def test_pr_score_01_final_score_is_the_sum_of_the_parts():
    """PR-SCORE-01: final = track + sets + fish + Lighthouse + assignment."""
    game = game_with(2, cards=CARDS, assignment_cards=ASSIGN)
    s = final_state(game, [P(score=10, fish=7, lighthouse=True, completed=(1, 2, 3, 4)),
                           P(score=3, fish=3)],
                    (Secret(offer=(3, 4), card=3), Secret(offer=(2, 5), card=2)))
    b = game.breakdown(s, 0)
    assert (b.track, b.set_points, b.fish_points, b.lighthouse_points, b.assignment_points) == \
        (10, 5, 2, 3, 10)
    assert game.scores(s) == (30, 3 + 1 + 5)


def test_pr_score_02_03_sets_with_two_colour_cards():
    """PR-SCORE-02, PR-SCORE-03: a set is one card of each colour; a two-colour card counts
    as one of its colours, chosen to make the most sets."""
    assert count_sets([R, ("red", "blue"), ("blue", "green"), G, Y], COLOURS) == 1
    assert count_sets([("red", "blue"), G, Y], COLOURS) == 0
    assert count_sets([R, B, G, Y, ("red", "blue"), ("green", "yellow"), ("red", "green"),
                       ("blue", "yellow")], COLOURS) == 2
    assert count_sets([R, B, G, Y] * 3 + [R], COLOURS) == 3
    assert count_sets([], COLOURS) == 0
    # the engine picks the best choice for a two-colour card: {R/B, B, G, Y} -> R/B as red
    game = game_with(2, cards=CARDS, assignment_cards=ASSIGN)
    s = final_state(game, [P(completed=(9, 2, 3, 4)), P()])
    assert game.breakdown(s, 0).sets == 1


def test_pr_score_04_only_completed_cards():
    """PR-SCORE-04: cards in progress (passengers aboard) are no set cards."""
    game = game_with(2, cards=CARDS + [cargo(11, "Yellow Isle", 1, 3)], assignment_cards=ASSIGN)
    s = final_state(game, [P(completed=(1, 2, 3)), P()])
    assert game.breakdown(s, 0).sets == 0


def test_pr_score_05_fish_rounded_down():
    """PR-SCORE-05: 8 fish score 2; 2 fish score 0; 14 score 4 (not 5)."""
    assert (fish_points(8), fish_points(2), fish_points(14), fish_points(13)) == (2, 0, 4, 4)
    game = game_with(2, fish_per_point=4)
    s = final_state(game, [P(fish=8), P(fish=7)])
    assert (game.breakdown(s, 0).fish_points, game.breakdown(s, 1).fish_points) == (2, 1)


def test_pr_score_06_lighthouse_token():
    """PR-SCORE-06: the Lighthouse token scores 3 (a rule value)."""
    game = game_with(2)
    s = final_state(game, [P(fish=0, lighthouse=True), P(fish=0)])
    assert game.breakdown(s, 0).lighthouse_points == 3 and game.breakdown(s, 1).lighthouse_points == 0


def test_pr_score_07_one_assignment_half_scores():
    """PR-SCORE-07 (a): the better completed half scores, never both; checked at the end of
    the game; "any_time" keeps a half once met during play."""
    top, bottom = Objective("fish", 3, 5), Objective("fish", 6, 10)
    assert assignment_points(top, bottom, True, True) == 10
    assert assignment_points(top, bottom, True, False) == 5
    assert assignment_points(top, bottom, False, False) == 0
    game = game_with(2, cards=CARDS, assignment_cards=ASSIGN)
    s = final_state(game, [P(fish=12), P(fish=3)],
                    (Secret(offer=(2, 5), card=2), Secret(offer=(6, 7), card=6)))
    assert game.breakdown(s, 0).assignment_points == 10  # both halves met: only the bottom
    # any_time: 10 fish met during play still counts after spending them
    anytime = game.with_rules(assignment_check="any_time")
    s = final_state(anytime, [P(fish=2), P()],
                    (Secret(offer=(2, 5), card=2, achieved=3), Secret(offer=(6, 7), card=6)))
    assert anytime.breakdown(s, 0).assignment_points == 10
    assert game.breakdown(s, 0).assignment_points == 0


def test_pr_score_08_nothing_else_scores():
    """PR-SCORE-08: leftover cargo, treasure aboard, items, passengers and jetstreams score
    nothing, and scoring spends no fish."""
    game = game_with(2, cards=CARDS, assignment_cards=ASSIGN)
    rich = P(score=5, fish=2, cargo=1, passengers=(10,), treasures=(14,),
             items=("maisy", "jam_sandwich", "lucky_shell"))
    s = final_state(game, [rich, P(fish=0)])
    assert game.scores(s)[0] == 5 and s.players[0].fish == 2


def test_pr_tie_01_to_04_highest_then_fish_then_shared():
    """PR-TIE-01: the highest score wins; PR-TIE-02: tied, the most fish; PR-TIE-03: still
    tied, a shared win; PR-TIE-04: for any number tied."""
    game = game_with(3, cards=CARDS, assignment_cards=ASSIGN)
    s = final_state(game, [P(score=20, fish=0), P(score=10, fish=0), P(score=5, fish=0)])
    assert game.winners(s) == (0,)
    s = final_state(game, [P(score=19, fish=5), P(score=20, fish=2), P(score=10, fish=1)])
    assert game.scores(s)[:2] == (20, 20) and game.winners(s) == (0,)
    s = final_state(game, [P(score=19, fish=3), P(score=19, fish=3), P(score=19, fish=3)])
    assert game.winners(s) == (0, 1, 2) and game.ranks(s) == (1, 1, 1)


def test_pr_tie_05_lower_places_left_tied():
    """PR-TIE-05 (a): ties below first place are left tied; (b) breaks them by fish."""
    game = game_with(3, cards=CARDS, assignment_cards=ASSIGN)
    s = final_state(game, [P(score=30, fish=0), P(score=9, fish=5), P(score=10, fish=2)])
    assert game.scores(s) == (30, 10, 10) and game.ranks(s) == (1, 2, 2)
    assert game.with_rules(lower_ties_by_fish=True).ranks(s) == (1, 2, 3)
