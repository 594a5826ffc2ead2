import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import toygame  # noqa: E402

from tabletop_nb.games import register_game  # noqa: E402

register_game("toy", toygame.load_game)
