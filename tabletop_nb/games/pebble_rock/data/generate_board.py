"""How board.toml was made (RECONSTRUCTED data: run this file to rebuild it).

The printed 9-piece board is not in the rules text, so the board is reconstructed. Its
spaces are the points of a hexagonal lattice (one unit apart) inside a 10 x 8.7 rectangle
centred on Pebble Rock; the points where islands, Pebble Rock and the two landmarks
(Watcher's Rest, Old Shipwreck) stand are not spaces. Dotted lines join lattice
neighbours; about a quarter of them (never around Pebble Rock) are left out, chosen with
a fixed seed, so that there are several routes of different lengths between places, as on
the real board. Every island's spaces are its lattice neighbours.

This script is not used by the package; it documents and reproduces the data file::

    python tabletop_nb/games/pebble_rock/data/generate_board.py > board.toml
"""
from __future__ import annotations

import math
import random
from collections import deque

SQ3 = math.sqrt(3) / 2
NEIGH = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]


def xy(q, r):
    return q + r / 2, r * SQ3


def hexdist(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# name, colour, ring, axial position, market letter
ISLANDS = [
    ("Puffin Perch", "red", "inner", (2, 1), ""),
    ("Crab Cove", "red", "inner", (0, 3), ""),
    ("Meerkat Mount", "red", "outer", (3, 2), "A"),
    ("Parrot Peak", "red", "outer", (2, 4), ""),
    ("Starfish Sands", "blue", "inner", (-3, 3), ""),
    ("Dolphin Island", "blue", "inner", (-3, 1), ""),
    ("Meerkat Market", "blue", "outer", (-5, 2), "B"),
    ("Turtle Top", "blue", "outer", (-6, 4), ""),
    ("Jellyfish Jetty", "green", "inner", (-2, -1), ""),
    ("Kelp Key", "green", "inner", (0, -3), ""),
    ("Walrus Hut", "green", "outer", (-3, -2), "C"),
    ("Seal Skerry", "green", "outer", (-2, -4), ""),
    ("Gull Gap", "yellow", "inner", (3, -1), ""),
    ("Lobster Ledge", "yellow", "inner", (3, -3), ""),
    ("Walrus Shack", "yellow", "outer", (5, -2), "D"),
    ("Otter Isle", "yellow", "outer", (6, -4), ""),
]
TREASURE_ISLANDS = {"Parrot Peak", "Turtle Top", "Seal Skerry", "Otter Isle"}
LANDMARKS = [("Watcher's Rest", (-2, 4)), ("Old Shipwreck", (2, -4))]
ROCK = (0, 0)


def build(seed: int = 20210) -> str:
    pts = [(q, r) for r in range(-5, 6) for q in range(-12, 13) if abs(xy(q, r)[0]) <= 5.01]
    blocked = {ROCK} | {p for *_, p, _ in ISLANDS} | {p for _, p in LANDMARKS}
    spaces = [p for p in pts if p not in blocked]
    # ids: top row first, left to right
    spaces.sort(key=lambda p: (-p[1], xy(*p)[0]))
    sid = {p: i for i, p in enumerate(spaces)}
    docks = sorted(sid[(ROCK[0] + dq, ROCK[1] + dr)] for dq, dr in NEIGH)
    edges = set()
    for p in spaces:
        for dq, dr in NEIGH:
            n = (p[0] + dq, p[1] + dr)
            if n in sid and sid[p] < sid[n]:
                edges.add((sid[p], sid[n]))
    rng = random.Random(seed)
    adj: dict[int, set[int]] = {i: set() for i in range(len(spaces))}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)

    def connected():
        seen, todo = {0}, deque([0])
        while todo:
            v = todo.popleft()
            for w in adj[v]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        return len(seen) == len(spaces)

    near_rock = set(docks)
    for e in sorted(edges, key=lambda e: rng.random()):
        a, b = e
        if a in near_rock or b in near_rock:
            continue
        if len(adj[a]) <= 3 or len(adj[b]) <= 3 or rng.random() > 0.45:
            continue
        adj[a].discard(b)
        adj[b].discard(a)
        if connected():
            edges.discard(e)
        else:
            adj[a].add(b)
            adj[b].add(a)

    def around(p):
        return sorted(sid[(p[0] + dq, p[1] + dr)] for dq, dr in NEIGH if (p[0] + dq, p[1] + dr) in sid)

    def dist_rock(i):
        x, y = xy(*spaces[i])
        return math.hypot(x, y)

    out = [HEADER]
    out.append(f"docks = {docks}")
    # characters start on the landmark / Dolphin Island space nearest the Lighthouse
    wr = min(around(LANDMARKS[0][1]), key=lambda i: (dist_rock(i), i))
    os_ = min(around(LANDMARKS[1][1]), key=lambda i: (dist_rock(i), i))
    dolphin = next(p for n, _, _, p, _ in ISLANDS if n == "Dolphin Island")
    di = min((i for i in around(dolphin) if i not in docks), key=lambda i: (dist_rock(i), i))
    out.append(f"maisy_start = {wr}  # Watcher's Rest space nearest the Lighthouse")
    out.append(f"larry_start = {os_}  # Old Shipwreck space nearest the Lighthouse")
    out.append(f"roberto_start = {di}  # Dolphin Island space nearest the Lighthouse")
    treasure = []
    market = {}
    for name, colour, ring, p, letter in ISLANDS:
        ar = around(p)
        if name in TREASURE_ISLANDS:  # the island's space farthest from the Lighthouse
            treasure.append(max(ar, key=lambda i: (dist_rock(i), -i)))
        if letter:  # the two spaces facing away from the Lighthouse are the marked ones
            market[name] = sorted(sorted(ar, key=lambda i: (-dist_rock(i), i))[:2])
    out.append(f"treasure_spaces = {sorted(treasure)}")
    # fishing spaces: spread over the sea, two per quarter plus two in the channel; one of
    # them is also a Market marked space, so the order of end-of-turn actions can matter
    fishing = set()
    for qx, qy in [(1, 1), (-1, 1), (-1, -1), (1, -1)]:
        marked = {i for v in market.values() for i in v}
        cands = [i for i in range(len(spaces)) if i not in docks and i not in treasure
                 and i not in marked
                 and xy(*spaces[i])[0] * qx > 0.6 and xy(*spaces[i])[1] * qy > 0.6]
        cands.sort(key=lambda i: (abs(dist_rock(i) - 3.2), i))
        fishing.add(cands[0])
        far = [i for i in cands if dist_rock(i) > 4.6 and all(hexdist(spaces[i], spaces[j]) > 1 for j in fishing)]
        fishing.add(far[len(far) // 2])
    fishing.add(market["Walrus Shack"][0])
    chan = [i for i in range(len(spaces)) if i not in docks and 1.9 < dist_rock(i) < 2.1]
    fishing.add(min(chan, key=lambda i: (abs(xy(*spaces[i])[1]), xy(*spaces[i])[0], i)))
    fishing.add(max(chan, key=lambda i: (-abs(xy(*spaces[i])[1]), xy(*spaces[i])[0], i)))
    out.append(f"fishing_spaces = {sorted(fishing)}")
    # dotted lines (pairs of space ids); top-level keys must come before the tables
    out.append("edges = [")
    for a, b in sorted(edges):
        out.append(f"  [{a}, {b}],")
    out.append("]")
    out.append("")
    for i, p in enumerate(spaces):
        x, y = xy(*p)
        out.append(f"[[space]]\nid = {i}\nx = {x:.3f}\ny = {y:.3f}\n")
    for name, colour, ring, p, letter in ISLANDS:
        x, y = xy(*p)
        out.append("[[island]]")
        out.append(f'name = "{name}"\ncolour = "{colour}"\nring = "{ring}"')
        out.append(f"standee = {'true' if ring == 'outer' else 'false'}")
        out.append(f"x = {x:.3f}\ny = {y:.3f}\naround = {around(p)}")
        if letter:
            out.append(f'market = "{letter}"\nmarket_spaces = {market[name]}')
        out.append("")
    for name, p in LANDMARKS:
        x, y = xy(*p)
        out.append(f'[[landmark]]\nname = "{name}"\nx = {x:.3f}\ny = {y:.3f}\naround = {around(p)}\n')
    return "\n".join(out) + "\n"


HEADER = '''# RECONSTRUCTED DATA: the Pebble Rock board (the 9-piece main board).
#
# The rules text does not print the board, so this file is a reconstruction, made by
# data/generate_board.py (run it to rebuild this file). How the values were chosen:
# - Spaces are the points of a hexagonal lattice one unit apart in a 10 x 8.7 rectangle
#   centred on Pebble Rock (x, y in those units, for drawing); dotted lines ("edges") join
#   neighbours, with about a quarter left out (never around Pebble Rock) so that places are
#   joined by several routes of different lengths, as on the printed board.
# - Pebble Rock with its Lighthouse is at (0, 0); its six neighbours are the docks (the
#   inner ring, where characters may never go).
# - 16 islands in four colour groups (one per quarter of the board): in each group two
#   inner islands (no standee) and two outer animal islands with standees: one Market
#   island (A Meerkat Mount, B Meerkat Market, C Walrus Hut, D Walrus Shack, two marked
#   spaces each, facing the open sea) and one far corner island whose outermost space
#   holds a Treasure token. Dolphin Island is an inner island.
# - Watcher's Rest (top) and Old Shipwreck (bottom) are landmarks with spaces around them;
#   Maisy, Larry and Roberto start on the Watcher's Rest, Old Shipwreck and Dolphin Island
#   spaces nearest the Lighthouse.
# - 11 fishing spaces spread over the sea; one is also a Walrus Shack marked space.
# Replace this file (or game.with_rules(board=...)) with the printed board if you have one.
'''

if __name__ == "__main__":
    print(build(), end="")
