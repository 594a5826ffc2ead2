"""RulesEditor: a form over a game's Rules dataclass that returns a changed game.

The form is built from ``game.rules.fields_info()``: whole numbers become sliders (or
bounded boxes for wide ranges) with the field's bounds, switches become checkboxes,
fields with choices become drop-downs, and dice become an editable list of faces.
"apply" returns ``game.with_rules(...)``; a refused change shows the RulesError message.
"""
from __future__ import annotations

import html
import math
import typing
from typing import Any, Callable

import ipywidgets as W

from ..core.dice import Die
from ..core.errors import RulesError, TabletopError

__all__ = ["RulesEditor", "parse_faces"]

_SLIDER_SPAN = 60  # wider integer ranges get a bounded box instead of a slider


def parse_faces(text: str, field: str = "die") -> list:
    """Faces from text such as ``"1, 1, 2, 3"`` or ``"fish, blank, blank"``.

    Parameters
    ----------
    text : str
        Faces separated by commas.
    field : str, default "die"
        The rule's name, for the error message.

    Returns
    -------
    list
        Numbers where a face reads as one, else the text.

    Examples
    --------
    >>> parse_faces("1, 2, 2.5, fish")
    [1, 2, 2.5, 'fish']
    """
    parts = [p.strip() for p in str(text).replace(";", ",").split(",")]
    parts = [p for p in parts if p]
    if not parts:
        raise RulesError(field, "a die needs at least one face (write faces separated by commas)")
    if len(parts) > _MAX_ITEMS:
        raise RulesError(field, f"a die of at most {_MAX_ITEMS} faces, got {len(parts)}")
    out: list = []
    for p in parts:
        if len(p) > _MAX_DIGITS:
            raise RulesError(field, f"a face of at most {_MAX_DIGITS} characters, got {len(p)}")
        try:
            out.append(int(p))
            continue
        except ValueError:
            pass
        try:
            v = float(p)
        except ValueError:
            out.append(p)
            continue
        if not math.isfinite(v):
            raise RulesError(field, f"faces are finite numbers or words, got {p!r}")
        out.append(v)
    return out


def _item_type(tp: Any) -> type | None:
    """int / float / str for ``tuple[int, ...]`` and the like (edited as a comma list)."""
    if typing.get_origin(tp) is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis and args[0] in (int, float, str):
            return args[0]
    return None


_MAX_DIGITS = 30     # a rule value typed in a box: longer numbers are refused, not parsed
_MAX_ITEMS = 10_000  # items in one comma list


def _parse_number(p: str, item: type, field: str) -> Any:
    kind = {int: "whole numbers", float: "numbers"}[item]
    if len(p) > _MAX_DIGITS:
        raise RulesError(field, f"expected {kind} separated by commas, got a number of "
                                f"{len(p)} characters")
    try:
        v = int(p, 10) if item is int else float(p)
    except ValueError:
        raise RulesError(field, f"expected {kind} separated by commas, got {p!r}") from None
    if item is float and not math.isfinite(v):
        raise RulesError(field, f"expected finite numbers, got {p!r}")
    return v


def _parse_items(text: str, item: type, field: str) -> tuple:
    parts = [p.strip() for p in str(text).replace(";", ",").split(",")]
    parts = [p for p in parts if p]
    if len(parts) > _MAX_ITEMS:
        raise RulesError(field, f"at most {_MAX_ITEMS} values, got {len(parts)}")
    if item is str:
        return tuple(parts)
    return tuple(_parse_number(p, item, field) for p in parts)


def _shown_value(v: Any) -> Any:
    if isinstance(v, Die):
        return _faces_text(v)
    if isinstance(v, tuple):
        return ", ".join(str(x) for x in v)
    return v


def _faces_text(d: Die) -> str:
    vals = d.faces if d.faces is not None else d.outcomes
    return ", ".join(str(v) for v in vals)


class RulesEditor:
    """Change a game's rules in a form and get the new game.

    Parameters
    ----------
    game : Game
        The game to start from (its current rules fill the form).
    on_apply : callable, optional
        Called with the new game after each successful "apply".

    Attributes
    ----------
    controls : dict name -> widget
        One control per rule (read-only HTML for rules the form cannot edit).
    game : Game
        The last game applied (the starting game until then).
    games : list of Game
        Every game applied, in order.

    Examples
    --------
    >>> # doctest: +SKIP
    >>> ed = RulesEditor(load_game("pebble_rock", players=4)); ed
    >>> ed.controls["cargo_capacity"].value = 5
    >>> bigger = ed.apply()          # a new game, or None with the reason in ed.message
    """

    def __init__(self, game, *, on_apply: Callable[[Any], Any] | None = None):
        if not hasattr(game, "with_rules") or not hasattr(game, "rules"):
            raise TabletopError(f"RulesEditor needs a game from load_game, got {game!r}")
        self.base = game
        self.game = game
        self.games: list = []
        self.on_apply = on_apply
        self.message = ""
        self.info = {f.name: f for f in game.rules.fields_info()}
        self.controls: dict[str, W.Widget] = {}
        self.editable: dict[str, bool] = {}
        groups: dict[str, list] = {}
        for f in game.rules.fields_info():
            value = getattr(game.rules, f.name)
            ctl, editable = self._control(f, value)
            self.controls[f.name] = ctl
            self.editable[f.name] = editable
            doc = W.HTML(f"<span style='color:#555;font-size:90%'>{html.escape(f.doc)}</span>",
                         layout=W.Layout(margin="0 0 0 8px"))
            groups.setdefault(f.group or "Rules", []).append(W.HBox([ctl, doc]))
        sections = []
        for name, rows in groups.items():
            sections.append(W.HTML(f"<b>{html.escape(name)}</b>"))
            sections.extend(rows)
        self.apply_button = W.Button(description="apply", icon="check", button_style="primary")
        self.apply_button.on_click(lambda b: self._press(self.apply))
        self.reset_button = W.Button(description="reset", icon="undo",
                                     tooltip="back to the rules of the starting game")
        self.reset_button.on_click(lambda b: self._press(self.reset))
        self.message_box = W.HTML()
        self.changes_box = W.HTML()
        self.widget = W.VBox([W.HTML(f"<b>Rules of {html.escape(game.name)}</b>")] + sections +
                             [W.HBox([self.apply_button, self.reset_button]), self.message_box,
                              self.changes_box])
        self.widget.add_class("tabletop-ruleseditor")

    # ---------------------------------------------------------- controls ----
    def _control(self, f, value) -> tuple[W.Widget, bool]:
        tp = f.type
        desc = dict(description=f.name, tooltip=f.doc or f.name,
                    style={"description_width": "170px"}, layout=W.Layout(width="440px"))
        choices = f.choices
        if choices is None and typing.get_origin(tp) is typing.Literal:
            choices = typing.get_args(tp)
        if choices is not None:
            return W.Dropdown(options=[(str(c), c) for c in choices], value=value, **desc), True
        if tp is bool:
            return W.Checkbox(value=bool(value), indent=False, description=f.name,
                              tooltip=f.doc or f.name, layout=W.Layout(width="440px")), True
        if tp is int:
            lo, hi = f.min, f.max
            if lo is not None and hi is not None and hi - lo <= _SLIDER_SPAN:
                return W.IntSlider(value=value, min=lo, max=hi, continuous_update=False, **desc), True
            # a plain box: a bounded one would clamp a typed value without a word; the
            # bounds are checked on apply with the RulesError text instead
            return W.IntText(value=value, **desc), True
        if tp is float:
            lo, hi = f.min, f.max
            if lo is not None and hi is not None:
                return W.FloatSlider(value=value, min=lo, max=hi, step=(hi - lo) / 100,
                                     continuous_update=False, **desc), True
            return W.FloatText(value=value, **desc), True
        if tp is str:
            return W.Text(value=value, **desc), True
        if tp is Die:
            return W.Text(value=_faces_text(value), placeholder="faces, separated by commas",
                          **desc), True
        if _item_type(tp) is not None:
            return W.Text(value=", ".join(str(v) for v in value),
                          placeholder="values, separated by commas", **desc), True
        shown = repr(value)
        if len(shown) > 160:
            shown = shown[:157] + "..."
        return W.HTML(f"<span title='not editable here: change it in code with with_rules'>"
                      f"{html.escape(f.name)} = <code>{html.escape(shown)}</code></span>",
                      layout=W.Layout(width="440px")), False

    def _value(self, name: str) -> Any:
        ctl = self.controls[name]
        info = self.info[name]
        if info.type is Die and self.editable[name]:
            current = getattr(self.game.rules, name)
            faces = parse_faces(ctl.value, name)
            if current.faces is not None and list(current.faces) == faces:
                return current
            if current.faces is None and _faces_text(current) == ctl.value.strip():
                return current  # an exact-odds die shown as its outcomes, unchanged
            return Die(faces, name=current.name)
        item = _item_type(info.type)
        if item is not None:
            return _parse_items(ctl.value, item, name)
        return ctl.value

    def changes(self) -> dict[str, Any]:
        """The rules the form changes from the starting game (name -> new value)."""
        out = {}
        for name, editable in self.editable.items():
            if not editable:
                continue
            v = self._value(name)
            if v != getattr(self.base.rules, name):
                out[name] = v
        return out

    def set(self, **values: Any) -> bool:
        """Put values in the form (not applied yet): ``ed.set(rounds=5, advanced=True)``.

        Each value is checked as ``game.with_rules`` checks it, together with the form's
        other values. A value the rules refuse (an unknown rule, a wrong type, a value out
        of the rule's bounds, a value that does not fit another rule) raises
        :class:`RulesError` naming the rule given here, with the same words in the form's
        message, and nothing in the form changes: a value is never clamped to fit a slider.
        Rules that must change together (Neko's ``harbour_costs`` and ``harbour_pp``) are
        given in one call.

        Returns
        -------
        bool
            True: every value is in the form (press "apply", or call :meth:`apply`).

        Raises
        ------
        RulesError
            The first value refused, naming its rule and, for a number, its bounds.

        Examples
        --------
        >>> ed = RulesEditor(load_game("pebble_rock"))  # doctest: +SKIP
        >>> ed.set(rounds=99)  # doctest: +SKIP
        Traceback (most recent call last):
        RulesError: rules.rounds: must be at most 30, got 99 (rounds goes from 1 to 30)
        >>> ed.set(rounds=12, catch_up=False)  # doctest: +SKIP
        True
        """
        try:
            shown = self._checked_for_form(values)
        except RulesError as e:
            self._say(str(e), "error")
            raise
        old = {name: self.controls[name].value for name in shown}
        for name, v in shown.items():
            try:
                self.controls[name].value = v
            except Exception as e:  # noqa: BLE001  (a control refused it after all: put all back)
                for back, was in old.items():
                    self.controls[back].value = was
                err = RulesError(name, f"the form cannot show {_short(values[name])} ({type(e).__name__})")
                self._say(str(err), "error")
                raise err from None
        self._say("in the form (press apply): " + ", ".join(f"{k} = {_short(v)}" for k, v in values.items()))
        return True

    def _checked_for_form(self, values: dict[str, Any]) -> dict[str, Any]:
        """Each value as its control shows it, after the rules' own checks; or RulesError
        naming the rule the caller gave."""
        for name in values:
            if name not in self.controls:
                raise RulesError(str(name), "there is no such rule; the rules are: " + ", ".join(self.controls))
            if not self.editable[name]:
                raise RulesError(name, "this rule cannot be edited in the form; use game.with_rules")
        # each value alone: its type, bounds and choices, as with_rules checks them
        check_field = getattr(type(self.base.rules), "check_field", None)
        checked = dict(values)
        for name, v in values.items():
            try:
                if check_field is not None:  # rules built on RulesBase (every game here)
                    checked[name] = check_field(name, v)
            except RulesError as e:
                raise self._with_bounds(e) from None
            except Exception as e:  # noqa: BLE001  (a value the rules did not foresee: still a refusal)
                raise RulesError(name, f"that value is refused ({type(e).__name__}: {e})") from None
        # together with the form's other values; a form that already conflicts by itself
        # (typed values not applied yet) is left for apply to report, and the values are
        # then judged with the starting rules
        form = self._form_changes()
        why = self._refusal({**{k: v for k, v in form.items() if k not in values}, **checked})
        if why is not None and form and self._refusal(form) is not None:
            why = self._refusal(checked)
        if why is not None:
            if why.field in values:
                raise why
            given = next(iter(values))
            if why.field not in self.info:  # a game's check across rules that names none
                raise RulesError(given, why.reason)
            raise RulesError(given, f"does not fit rules.{why.path}: {why.reason}; change both in one call: "
                                    f"set({given}=..., {why.field}=...)")
        return {name: _shown_value(v) for name, v in checked.items()}

    def _refusal(self, changes: dict[str, Any]) -> RulesError | None:
        """Why the starting rules with ``changes`` are refused, or None."""
        try:
            self.base.rules.replace(**changes)
        except RulesError as e:
            return e
        except Exception as e:  # noqa: BLE001  (a value a game's check did not foresee)
            return RulesError("*", f"these rules do not fit together ({type(e).__name__}: {e})")
        return None

    def _form_changes(self) -> dict[str, Any]:
        """The form's values that differ from the starting game and parse (typed text
        that does not parse is left to apply to refuse)."""
        out = {}
        for name, editable in self.editable.items():
            if not editable:
                continue
            try:
                v = self._value(name)
            except Exception:  # noqa: BLE001
                continue
            if v != getattr(self.base.rules, name):
                out[name] = v
        return out

    def _with_bounds(self, e: RulesError) -> RulesError:
        """A refusal for a number out of range also says the rule's whole range."""
        info = self.info.get(e.field)
        if (info is not None and info.min is not None and info.max is not None
                and e.reason.startswith("must be at")):
            return RulesError(e.field, f"{e.reason} ({e.field} goes from {info.min} to {info.max})", path=e.path)
        return e

    # ------------------------------------------------------------- apply ----
    def apply(self):
        """Build the game with the form's rules; returns it, or None with the reason shown."""
        try:
            changes = self.changes()
            game = self.base.with_rules(**changes)
        except RulesError as e:
            self._say(str(e), "error")
            return None
        except Exception as e:  # noqa: BLE001  (a value the rules did not foresee: still a refusal)
            self._say(f"that rule change is refused: {type(e).__name__}: {e}", "error")
            return None
        self.game = game
        self.games.append(game)
        if changes:
            self._say("applied: " + ", ".join(f"{k} = {_short(v)}" for k, v in changes.items()), "ok")
        else:
            self._say("applied: no rule differs from the starting game", "ok")
        self.changes_box.value = f"<code>{html.escape(repr(game))}</code>"
        if self.on_apply is not None:
            try:
                self.on_apply(game)
            except Exception as e:  # noqa: BLE001  (the caller's hook: a message, no traceback)
                self._say(f"applied, but on_apply failed: {type(e).__name__}: {e}", "error")
        return game

    def reset(self) -> None:
        """Put the starting game's rules back in the form."""
        for name, editable in self.editable.items():
            if editable:
                v = getattr(self.base.rules, name)
                self.controls[name].value = _shown_value(v)
        self._say("the form shows the starting rules again")

    # ------------------------------------------------------------ helpers ----
    def _say(self, text: str, kind: str = "info") -> None:
        self.message = text
        colour = {"info": "#333", "error": "#b00020", "ok": "#1b5e20"}[kind]
        self.message_box.value = f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""

    def _press(self, fn) -> Any:
        try:
            return fn()
        except Exception as e:  # noqa: BLE001  (no traceback in the page)
            self._say(f"{type(e).__name__}: {e}", "error")
            return None

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _short(v: Any) -> str:
    if isinstance(v, Die):
        return "[" + _faces_text(v) + "]"
    return repr(v)
