"""Finding the view of a game: its own ``view.py``, or the generic view.

A built-in game's view is ``tabletop_nb.games.<name>.view`` (imported only when asked
for, so the engine stays free of plotly). A game defined elsewhere (a plugin) may name
its view module in a class attribute ``view_module`` (a module or a dotted name).
Games without a view get :mod:`tabletop_nb.viz.generic_view`.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from ..core.errors import TabletopError
from . import generic_view

__all__ = ["View", "view_for", "view_module"]


def view_module(game) -> ModuleType:
    """The module that draws ``game``: its own view, else the generic one.

    A view module that exists but fails to import raises (a broken view should be
    seen, not silently replaced by the generic one).

    Parameters
    ----------
    game : Game
        Any game.

    Returns
    -------
    module
        The game package's ``view`` module, or :mod:`tabletop_nb.viz.generic_view`.

    Examples
    --------
    >>> import tabletop_nb
    >>> view_module(tabletop_nb.load_game("pebble_rock", players=2)).__name__
    'tabletop_nb.games.pebble_rock.view'
    """
    declared = getattr(type(game), "view_module", None)
    if isinstance(declared, ModuleType):
        return declared
    if isinstance(declared, str):
        return importlib.import_module(declared)
    name = getattr(game, "name", "")
    full = f"tabletop_nb.games.{name}"
    try:
        package = importlib.util.find_spec(full)
    except (ImportError, ValueError):
        package = None
    if package is not None and package.submodule_search_locations:
        if importlib.util.find_spec(f"{full}.view") is not None:
            return importlib.import_module(f"{full}.view")
    return generic_view


@dataclass(frozen=True)
class View:
    """The three functions of a view (docs/DEVELOPING.md, "The view"), with defaults
    for a view that leaves ``place_actions`` or ``figure`` out.

    Parameters
    ----------
    module : module
        The view module (a game's ``view.py`` or :mod:`tabletop_nb.viz.generic_view`).
    generic : bool
        Whether it is the generic view (its functions take ``show_actions``).

    Examples
    --------
    >>> import tabletop_nb
    >>> v = view_for(tabletop_nb.load_game("pacal", players=2))
    >>> v.name, v.generic
    ('tabletop_nb.games.pacal.view', False)
    """

    module: ModuleType
    generic: bool

    @property
    def name(self) -> str:
        return self.module.__name__

    def layers(self, game, state, highlight=frozenset(), show_actions: bool = True) -> list[dict]:
        if self.generic:
            return self.module.layers(game, state, highlight, show_actions=show_actions)
        return list(self.module.layers(game, state, highlight))

    def figure(self, game, state, highlight=frozenset(), show_actions: bool = True):
        if self.generic:
            return self.module.figure(game, state, highlight, show_actions=show_actions)
        fig = getattr(self.module, "figure", None)
        if fig is None:
            import plotly.graph_objects as go
            return go.Figure(data=self.layers(game, state, highlight))
        return fig(game, state, highlight)

    def frame(self, game, state) -> dict | None:
        """The figure's size for ``state`` when it follows the state (the module's
        ``frame(game, state)``: ``height`` and the ``xaxis`` / ``yaxis`` ranges), else None
        (the layout of :meth:`figure` holds for every state)."""
        fn: Callable[..., Any] | None = getattr(self.module, "frame", None)
        if fn is None or self.generic:
            return None
        return dict(fn(game, state))

    def place_actions(self, game, state) -> dict:
        fn: Callable[..., Any] | None = getattr(self.module, "place_actions", None)
        return dict(fn(game, state)) if fn is not None else {}

    def place_choices(self, game, state) -> dict:
        """Place key -> every action a click there may mean (a list): the module's
        ``place_choices(game, state)`` when it has one (a place offering several actions:
        GameApp asks which), else each of :meth:`place_actions` alone."""
        fn: Callable[..., Any] | None = getattr(self.module, "place_choices", None)
        if fn is None or self.generic:
            return {k: [a] for k, a in self.place_actions(game, state).items()}
        return {k: list(v) for k, v in fn(game, state).items() if v}


def view_for(game) -> View:
    """The :class:`View` of ``game`` (see :func:`view_module`).

    Parameters
    ----------
    game : Game
        Any game.

    Returns
    -------
    View
        Its view's functions.

    Examples
    --------
    >>> import tabletop_nb
    >>> view_for(tabletop_nb.load_game("neko", players=2)).name
    'tabletop_nb.games.neko.view'
    """
    mod = view_module(game)
    if not hasattr(mod, "layers"):
        raise TabletopError(f"{mod.__name__} has no layers(game, state, highlight): "
                            "see docs/DEVELOPING.md, 'The view'")
    return View(mod, mod is generic_view)
