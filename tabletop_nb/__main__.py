"""``python -m tabletop_nb``: see :mod:`tabletop_nb.cli`."""
import sys

from .cli import main

sys.exit(main(prog="python -m tabletop_nb"))
