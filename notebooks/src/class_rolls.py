# %% [markdown]
# # The class's rolls (for the teacher)
#
# In class mode (`make classroom`), every student's dice lab in the dice lesson also sends
# its rolls to one shared store on the teacher's machine, anonymously. This page pools
# them: the more the class rolls, the closer the bars' markers come to the exact odds, the
# law of large numbers with the whole class's rolls. Open it beside the lesson (the
# address `make classroom` prints, with `class_rolls.ipynb` for `dice_odds.ipynb`), press
# "refresh" as the class rolls, and "reset for the next lesson" when you are done.
#
# Outside class mode this page shows an empty demonstration store.

# %%
import os
import tempfile

import tabletop_nb as tt
from tabletop_nb.classroom import ClassRolls, class_store
from tabletop_nb.widgets.classview import ClassView

store = class_store() or ClassRolls(os.path.join(tempfile.mkdtemp(), "demo_class.sqlite"))
view = ClassView(tt.load_game("pebble_rock").dice, store, pick=["speedy"])
view

# %%
assert view.summary.rolls == sum(view.counts.values())
