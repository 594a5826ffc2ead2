"""Core throughput: random playouts, actions per second, legal_actions/apply medians, dice odds.

    python benchmarks/bench_core.py [--seconds 3] [--json]

The same as ``python -m tabletop_nb bench``; run it on a quiet machine.
"""
import sys

from tabletop_nb.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
