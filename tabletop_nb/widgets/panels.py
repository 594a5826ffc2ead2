"""GameApp's panels: each draws one part of a :class:`~tabletop_nb.session.Session` and
sends what a person presses to it.

A panel has a ``box`` (the widgets it puts on the page) and a ``render()`` that brings
them in line with the session; it keeps no game state of its own. The board is in
:mod:`.board_panel`.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import anywidget
import ipywidgets as W
import traitlets

from ..core.protocol import CHANCE, TERMINAL
from ..session import Session
from ..viz._common import fraction_text
from ..viz.scores import score_traces
from ..viz.views import View
from ._board import BoardWidget
from ._dice_faces import dice_html, roll_faces

__all__ = ["ChancePanel", "ChoiceButton", "ChoiceButtons", "ChoicesPanel", "ControlsPanel", "CurtainPanel", "LogPanel",
           "PlayersPanel", "ScoresPanel", "StatusPanel", "Timeline", "TimelinePanel", "press"]

_LOG_SHOWN = 100       # log lines rendered in the page (all are kept in the session's log)
_BUTTONS_SHOWN = 48    # more choices than this go in a list under the buttons
_WIDE = {"description_width": "initial"}  # no cut-off descriptions


def press(session: Session, fn: Callable[[], Any]) -> Any:
    """Run a button's handler: an error becomes the session's message, never a traceback.

    Parameters
    ----------
    session : Session
        Where an error goes (its message, kind "error").
    fn : callable
        The handler, called with no arguments.

    Returns
    -------
    object
        What ``fn`` returns, or False when it raised.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seed=1)
    >>> press(s, lambda: 1 / 0), s.message, s.message_kind
    (False, 'ZeroDivisionError: division by zero', 'error')
    """
    try:
        return fn()
    except Exception as e:  # noqa: BLE001  (a widget must not show a traceback)
        session.say(f"{type(e).__name__}: {e}", "error")
        return False


def _button(name: str, description: str, **kw) -> W.Button:
    """A button with the stable class ``tabletop-<name>`` (browser tests, custom CSS)."""
    kw.setdefault("layout", W.Layout(width="auto"))
    b = W.Button(description=description, **kw)
    b.add_class("tabletop-" + name.replace("_", "-"))
    return b


def _cell(values: Any, seat: int) -> str:
    """One seat's value in the summary table, as a person reads it (a yes/no as "yes" or
    "-", like an empty list of items, not Python's True and False)."""
    if isinstance(values, (tuple, list)):
        if seat >= len(values):
            return ""
        values = values[seat]
    if isinstance(values, bool):
        return "yes" if values else "-"
    return str(values)


class StatusPanel:
    """The decision ("Your turn, Red: bid") and the message of the last press.

    ``render()`` writes the status line (``status``) for the position on show and
    ``render_message()`` the session's message (``message_box``); GameApp places both.

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seed=1)
    >>> panel = StatusPanel(s)
    >>> panel.render()
    >>> panel.status.value
    "<span style='font-size:115%'><b>Roll</b>: Setup: turn up an item for the Market</span>"
    >>> s.say("hello"); panel.render_message(); panel.message_box.value
    "<span style='color:#333'>hello</span>"
    """

    def __init__(self, session: Session):
        self.session = session
        self.status = W.HTML(layout=W.Layout(margin="0 0 4px 0"))
        self.status.add_class("tabletop-status")
        self.message_box = W.HTML(layout=W.Layout(min_height="1.4em"))
        self.message_box.add_class("tabletop-message")

    def render_message(self) -> None:
        ses = self.session
        colour = {"info": "#333", "error": "#b00020", "ok": "#1b5e20"}[ses.message_kind]
        self.message_box.value = (f"<span style='color:{colour}'>{html.escape(ses.message)}</span>"
                                  if ses.message else "")

    def render(self) -> None:
        """The status line: who is asked what (the engine's phase names the decision)."""
        ses = self.session
        g = ses.game
        s = ses.history[ses.position]
        p = g.current_player(s)
        try:
            phase = str(g.phase(ses.shown(s)) or "")
        except Exception as e:  # noqa: BLE001  (a phase that fails must not stop the app)
            phase = f"(phase failed: {type(e).__name__})"
        if p == TERMINAL:
            self.status.value = "<b>Game over</b>: " + html.escape(ses.result_text(s))
            return
        if ses.thinking:
            head = f"<b>{html.escape(ses.thinking)}</b>"
        elif p == CHANCE:
            head = "<b>Set up the roll</b>" if ses.chance_by_hand else "<b>Roll</b>"
            phase = phase or "a roll or a draw is next"
        elif ses.is_human(p):
            head = f"<b>Your turn, {html.escape(g.player_name(p))}</b>"
        else:
            head = f"<b>{html.escape(ses.seat_label(p))}</b> to act"
        self.status.value = (f"<span style='font-size:115%'>{head}"
                             + (f": {html.escape(phase)}" if phase else "") + "</span>")


class ChoiceButtons(anywidget.AnyWidget):
    """The choices as buttons drawn by the page from one list of labels: one widget model for
    the whole game, so no button model is made and no box's children change while a game
    is played.

    Why: a box whose ``children`` update names a model the page cannot resolve at that
    moment (a model still being made, or made again while the page restores its widgets
    from the kernel) fails to deserialize, and ipywidgets then rejects that box's update
    chain for good: every later update of the box fails too ("Could not process update msg
    for model", once per update) and the box stays as it was, here with no button while a
    person is to act. With one model the page has nothing to resolve: a new position is a
    new ``labels`` list and a new ``gen``.

    A click sends ``{"choose": i, "gen": g}`` with the ``gen`` the page showed; the page
    disables its buttons until the kernel answers with a new ``gen``, so a double click
    or a click on an older position's buttons is told apart (:meth:`ChoicesPanel.press`).

    Attributes
    ----------
    labels : list of str
        One button per label, in order.
    gen : int
        The kernel's count of what it sent (a new one for every new list, and after each
        click it answered).
    back : str
        The label of a last button that shows every choice again ("" for none).

    Examples
    --------
    >>> w = ChoiceButtons()
    >>> w.show(["Keep a 1", "Keep a 4"]); w.labels, w.gen
    (['Keep a 1', 'Keep a 4'], 1)
    """

    _esm = """
    export default {
      render({ model, el }) {
        // the buttons go in a box of their own: the widget's layout (display, for the
        // hot seat's curtain) owns el's style
        const box = document.createElement("div");
        box.classList.add("tabletop-choices");
        box.style.display = "flex"; box.style.flexFlow = "row wrap"; box.style.alignItems = "flex-start";
        el.append(box);
        const send = (msg) => {
          for (const b of box.querySelectorAll("button")) b.disabled = true;  // until the kernel answers
          model.send(msg);
        };
        const draw = () => {
          const gen = model.get("gen"), back = model.get("back");
          const buttons = model.get("labels").map((text, i) => {
            const b = document.createElement("button");
            b.className = "jupyter-widgets jupyter-button widget-button tabletop-action";
            b.textContent = text; b.title = text;
            b.addEventListener("click", () => send({ choose: i, gen }));
            return b;
          });
          if (back) {
            const b = document.createElement("button");
            b.className = "jupyter-widgets jupyter-button widget-button tabletop-all-choices";
            b.textContent = back; b.title = back;
            b.addEventListener("click", () => send({ back: true, gen }));
            buttons.push(b);
          }
          box.replaceChildren(...buttons);
        };
        model.on("change:gen", draw);
        draw();
      }
    };
    """
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    gen = traitlets.Int(0).tag(sync=True)
    back = traitlets.Unicode("").tag(sync=True)

    def show(self, labels: list[str], back: str = "") -> None:
        """Put ``labels`` on the page (one message: a new ``gen``)."""
        with self.hold_sync():
            self.labels = list(labels)
            self.back = back
            self.gen += 1


class ChoiceButton:
    """One button on show, as Python sees it: its label and a :meth:`click` that does what
    the page's click does (tests and notebooks press it so).

    Parameters
    ----------
    panel : ChoicesPanel
        The panel that drew it.
    index : int
        Its place among the buttons on show.
    gen : int
        The ``gen`` of the labels it was drawn from: a click after a newer drawing is
        refused, as a late click in the page is.
    description : str
        Its label.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seats=["human", "greedy"], seed=1)
    >>> s.run()
    6
    >>> panel = ChoicesPanel(s); panel.render()
    >>> first = panel.buttons[0]; first
    ChoiceButton('Put the boat on space 38 (dock)')
    >>> first.click(); s.actions[-1]
    PlaceBoat(space=38)
    >>> first.click(); s.message            # the position has moved on
    'that button belonged to an earlier position: nothing was done'
    """

    __slots__ = ("panel", "index", "gen", "description")

    def __init__(self, panel: "ChoicesPanel", index: int, gen: int, description: str):
        self.panel, self.index, self.gen, self.description = panel, index, gen, description

    @property
    def tooltip(self) -> str:
        return self.description

    def click(self) -> None:
        """Press the button (as the page would, with the position it was shown for)."""
        self.panel.press({"choose": self.index, "gen": self.gen})

    def __repr__(self) -> str:
        return f"ChoiceButton({self.description!r})"


class ChoicesPanel:
    """The person's choices as buttons (a list under them when there are many).

    The buttons are one :class:`ChoiceButtons` widget drawn by the page from its labels: a
    click on a button of an older position carries that position's ``gen`` and is refused
    instead of taking another action. A board place that offers several actions narrows
    the buttons to those (:meth:`offer`) until the position changes or "all choices" is
    pressed.

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.

    Attributes
    ----------
    buttons : list of ChoiceButton
        The buttons on show, one per choice up to 48 (``actions_box`` draws them).
    actions_box : ChoiceButtons
        The widget on the page.
    more_box : ipywidgets.HBox
        The list of every choice and its button, shown when there are more.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seats=["human", "greedy"], seed=1)
    >>> s.run()
    6
    >>> panel = ChoicesPanel(s)
    >>> panel.render()
    >>> [b.description for b in panel.buttons][:2]
    ['Put the boat on space 38 (dock)', 'Put the boat on space 39 (dock)']
    >>> panel.buttons[0].click()
    >>> s.actions[-1]
    PlaceBoat(space=38)
    """

    def __init__(self, session: Session):
        self.session = session
        self.buttons: list[ChoiceButton] = []        # the buttons on show
        self._actions: list = []                     # their actions, in order
        self._shown_key: Any = None                  # what the buttons were drawn for
        self._only: tuple[Any, list] | None = None   # (state, actions) a board click narrowed to
        self._listed: list = []                      # every choice, for the list
        self._list_gen = -1
        self._gen = 0                                # renders so far
        self.actions_box = ChoiceButtons(layout=W.Layout(width="100%"))
        self.actions_box.on_msg(self._on_page_msg)
        self.more_actions = W.Dropdown(description="all actions", options=[], style=_WIDE,
                                       layout=W.Layout(width="100%", max_width="420px"))
        self.more_button = _button("more_button", "choose", tooltip="choose the action in the list",
                                   layout=W.Layout())
        self.more_button.on_click(lambda b: press(session, self.choose_from_list))
        self.more_box = W.HBox([self.more_actions, self.more_button],
                               layout=W.Layout(flex_flow="row wrap"))

    def offer(self, actions: list) -> None:
        """Show only ``actions`` (legal actions of the live state: a board place that offers
        several) until the position changes or "all choices" is pressed."""
        self._only = (self.session.state, list(actions))
        self.render()

    def _narrowed(self, choices: list[tuple[Any, str]]) -> list[tuple[Any, str]] | None:
        if self._only is None:
            return None
        state, only = self._only
        if state is not self.session.state or not choices:
            self._only = None
            return None
        picked = [(a, label) for a, label in choices if any(a is o for o in only)]
        if len(picked) < 2:
            self._only = None
            return None
        return picked

    def render(self, covered: bool = False) -> None:
        self._gen += 1
        choices = self.session.choices()
        narrowed = self._narrowed(choices)
        self._listed = [a for a, _ in choices]
        self._list_gen = self._gen
        shown = (narrowed if narrowed is not None else choices)[:_BUTTONS_SHOWN]
        actions = [a for a, _ in shown]
        labels = [label for _, label in shown]
        back = "all choices" if narrowed is not None else ""
        key = (self.session.state if actions else None, labels, back)
        if key != self._shown_key or actions != self._actions:
            self._shown_key = key
            self._actions = actions
            self.actions_box.show(labels, back)
        gen = self.actions_box.gen
        self.buttons = [ChoiceButton(self, i, gen, label) for i, label in enumerate(labels)]
        if len(choices) > _BUTTONS_SHOWN and narrowed is None:
            self.more_actions.options = [(label, i) for i, (_, label) in enumerate(choices)]
            self.more_actions.value = 0
        elif self.more_actions.options:
            self.more_actions.options = []
        self.more_box.layout.display = ("flex" if not covered and narrowed is None
                                        and len(choices) > _BUTTONS_SHOWN else "none")

    def _on_page_msg(self, widget, content, buffers) -> None:
        if isinstance(content, dict) and ("choose" in content or "back" in content):
            press(self.session, lambda: self.press(content))

    def press(self, msg: dict) -> bool:
        """What a click on the page sends: ``{"choose": i, "gen": g}`` chooses button ``i``
        of the buttons shown as ``gen`` g; ``{"back": True, "gen": g}`` shows every choice
        again. A click on an older position's buttons is refused with a message."""
        gen = self.actions_box.gen
        try:
            if msg.get("gen") != gen:
                self.session.say("that button belonged to an earlier position: nothing was done", "error")
                return False
            if msg.get("back"):
                self._only = None
                self.session.changed()
                return True
            i = msg.get("choose")
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self._actions):
                self.session.say("that button is not on show: nothing was done", "error")
                return False
            return self.session.choose(self._actions[i])
        finally:
            # the page disabled the buttons it showed; when they are still the ones on show
            # (a refusal, "all choices"), draw them again so they can be pressed (a stale
            # click's page already has, or is getting, newer buttons)
            if msg.get("gen") == gen and self.actions_box.gen == gen:
                self.actions_box.show(list(self.actions_box.labels), self.actions_box.back)
                self.buttons = [ChoiceButton(self, b.index, self.actions_box.gen, b.description)
                                for b in self.buttons]

    def press_slot(self, slot: tuple[int, int]) -> bool:
        """Button ``i`` of the buttons shown as ``gen`` (``slot = (gen, i)``)."""
        gen, i = slot
        return self.press({"choose": i, "gen": gen})

    def choose_from_list(self) -> bool:
        if self._list_gen != self._gen or self.more_actions.value is None:
            self.session.say("the list belonged to an earlier position: nothing was done", "error")
            return False
        return self.session.choose(self._listed[self.more_actions.value])


class ChancePanel:
    """At a roll or a draw: one Roll button, the last roll drawn as die faces, and (with
    "set up the roll myself") the outcomes to choose from.

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.
    view : View
        The game's view (:func:`tabletop_nb.viz.views.view_for`): its ``FACE_ICONS``
        draw the dice.

    Attributes
    ----------
    roll_button, setup_roll : ipywidgets.Button, ipywidgets.Checkbox
        Roll with the seeded generator; choose the outcomes by hand
        (``session.chance_by_hand``; GameApp shows it among the controls).
    outcome_dropdown : ipywidgets.Dropdown
        The outcomes with their probabilities, when set up by hand.
    dice_box : ipywidgets.HTML
        The last roll drawn.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> from tabletop_nb.viz.views import view_for
    >>> g = tabletop_nb.load_game("pebble_rock", players=2)
    >>> s = Session(g, seed=1)
    >>> panel = ChancePanel(s, view_for(g))
    >>> panel.render(); panel.roll_button.disabled
    False
    >>> panel.roll_button.click(); panel.render(); panel.dice_box.value
    "<span class='tabletop-roll'>last draw: <b>Market: water cannon</b></span>"
    >>> panel.setup_roll.value = True         # set up the next draw by hand
    >>> panel.render(); panel.outcome_dropdown.options[0]
    ('Market: cargo upgrade  (2/13)', 0)
    >>> panel.choose_outcome(), s.last_roll
    (True, 'Market: cargo upgrade (chosen)')
    """

    def __init__(self, session: Session, view: View):
        self.session = session
        self.view = view
        self.outcomes: list = []       # the outcomes listed in the dropdown
        self._outcomes_key: Any = None
        self._roll_for: Any = None     # the last roll drawn ...
        self._roll_html = ""           # ... and its picture
        lay = W.Layout
        self.roll_button = _button("roll_button", "Roll", icon="cube", button_style="warning",
                                   tooltip="roll the dice (or draw) with the seeded generator",
                                   layout=lay(width="auto", min_width="110px"))
        self.roll_button.on_click(lambda b: press(session, session.roll))
        self.setup_roll = W.Checkbox(value=session.chance_by_hand, description="set up the roll myself",
                                     indent=False, layout=lay(width="auto"),
                                     tooltip="choose every outcome of the dice and draws by hand "
                                             "(bots then wait at each roll)")
        self.setup_roll.add_class("tabletop-setup-roll")
        self.setup_roll.observe(self._on_setup, "value")
        self.outcome_dropdown = W.Dropdown(description="outcome", options=[], style=_WIDE,
                                           layout=lay(width="100%", max_width="360px"))
        self.outcome_button = _button("outcome_button", "use this outcome",
                                      tooltip="set up the situation: this outcome instead of a roll")
        self.outcome_button.on_click(lambda b: press(session, self.choose_outcome))
        self.outcome_box = W.HBox([self.outcome_dropdown, self.outcome_button],
                                  layout=lay(flex_flow="row wrap", display="none"))
        self.dice_box = W.HTML()
        self.dice_box.add_class("tabletop-dice")
        self.box = W.VBox([W.HBox([self.roll_button, self.dice_box],
                                  layout=lay(align_items="center", flex_flow="row wrap")),
                           self.outcome_box])

    def _on_setup(self, change) -> None:
        self.session.chance_by_hand = bool(change["new"])
        press(self.session, self.session.changed)

    def selected(self) -> Any:
        """The outcome chosen in the list (None when none is listed)."""
        i = self.outcome_dropdown.value
        return self.outcomes[i] if i is not None and self.outcomes else None

    def choose_outcome(self) -> bool:
        a = self.selected()
        if a is None:
            self.session.say("there is no roll or draw to set now (tick 'set up the roll myself' "
                             "at a roll)", "error")
            return False
        return self.session.choose(a)

    def roll_text(self) -> str:
        """The last roll drawn as die faces (a draw as words)."""
        last = self.session.last_chance
        if last is None:
            return ""
        if self._roll_for is last:
            return self._roll_html
        before, action, label, chosen = last
        faces = [] if label == "a hidden draw" else roll_faces(self.session.game, before, action)
        icons = getattr(self.view.module, "FACE_ICONS", None)
        words = html.escape(label) + (" (chosen)" if chosen else "")
        if faces:
            text = (f"<span class='tabletop-roll' title='{words}'>last roll: "
                    f"{dice_html(faces, icons if isinstance(icons, dict) else None)} "
                    f"<span style='color:#555'>{words}</span></span>")
        else:
            text = f"<span class='tabletop-roll'>last draw: <b>{words}</b></span>"
        self._roll_for, self._roll_html = last, text
        return text

    def choose_from_text(self) -> str:
        """The dice the person to act chooses from, as die faces (the view's
        ``dice_to_choose(game, state)``: Neko's draft), instead of the last roll, which may
        be another seat's; "" when the view has none to show."""
        ses = self.session
        fn = getattr(self.view.module, "dice_to_choose", None)
        s = ses.state
        if fn is None or self.view.generic or ses.autoplaying or not ses.person_to_act(s):
            return ""
        try:
            values = list(fn(ses.game, ses.shown(s)))
        except Exception as e:  # noqa: BLE001  (a view that fails must not stop the app)
            return f"<span class='tabletop-roll'>(dice_to_choose failed: {html.escape(type(e).__name__)})</span>"
        if not values:
            return ""
        dice = list(getattr(ses.game, "dice", {}).values())
        die = next((d for d in dice if _covers(d, values)), None)
        icons = getattr(self.view.module, "FACE_ICONS", None)
        name = html.escape(ses.game.player_name(ses.game.current_player(s)))
        return (f"<span class='tabletop-roll tabletop-your-dice'>your dice, {name}: "
                f"{dice_html([(die, v) for v in values], icons if isinstance(icons, dict) else None)}"
                "</span>")

    def render(self) -> None:
        ses = self.session
        live = ses.live
        at_chance = live and ses.game.current_player(ses.state) == CHANCE and not ses.autoplaying
        self.roll_button.disabled = not at_chance
        self.roll_button.layout.display = "" if at_chance else "none"
        self.outcome_button.disabled = not at_chance
        if self.setup_roll.value != ses.chance_by_hand:
            self.setup_roll.value = ses.chance_by_hand
        setup = at_chance and ses.chance_by_hand
        self.outcome_box.layout.display = "flex" if setup else "none"
        if setup:
            key = (len(ses.history), id(ses.state))
            if self._outcomes_key != key:
                self._outcomes_key = key
                outs = ses.outcomes()
                self.outcomes = [a for a, _, _ in outs]
                self.outcome_dropdown.options = [(f"{label}  ({fraction_text(q)})", i)
                                                 for i, (_, label, q) in enumerate(outs)]
                self.outcome_dropdown.value = 0
        else:
            self._outcomes_key = None
            self.outcomes = []
            if self.outcome_dropdown.options:
                self.outcome_dropdown.options = []
        self.outcome_dropdown.disabled = not setup
        text = (self.choose_from_text() or self.roll_text()) if live else ""
        if self.dice_box.value != text:
            self.dice_box.value = text


def _covers(die, values: list) -> bool:
    """True when every value is a face of ``die``."""
    faces = getattr(die, "faces", None)
    try:
        return faces is not None and set(values) <= set(faces)
    except TypeError:
        return False


class ControlsPanel:
    """Step, to end of turn, autoplay and stop; who is thinking; the delay; bots on their own.

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.
    setup_roll : ipywidgets.Widget
        A widget shown with the controls (GameApp's "set up the roll myself" checkbox,
        :attr:`ChancePanel.setup_roll`).
    step : callable
        What the step button does (GameApp's runs :meth:`Session.step_soon`).

    Attributes
    ----------
    step_button, end_turn_button, autoplay_button, stop_button : ipywidgets.Button
        Enabled by ``render()`` when they can be used.
    speed : ipywidgets.FloatLogSlider
        The delay between autoplay's actions (``session.delay``).
    auto_bots : ipywidgets.Checkbox
        ``session.auto_bots``: bots play on after a person acts.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> import ipywidgets as W
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seats=["human", "greedy"], seed=1)
    >>> panel = ControlsPanel(s, W.Checkbox(), s.step)
    >>> panel.render(); panel.step_button.disabled, panel.stop_button.disabled
    (False, True)
    >>> panel.step_button.click(); len(s.history)       # one draw taken
    2
    >>> s.run(); panel.render(); panel.step_button.disabled   # the person's turn
    5
    True
    """

    def __init__(self, session: Session, setup_roll: W.Widget, step: Callable[[], Any]):
        self.session = session
        lay = W.Layout
        self.step_button = _button("step_button", "step", icon="step-forward",
                                   tooltip="one action of a bot or one roll")
        self.step_button.on_click(lambda b: press(session, step))
        self.end_turn_button = _button("end_turn_button", "to end of turn", icon="fast-forward",
                                       tooltip="play the bots and the dice until a person must choose")
        self.end_turn_button.on_click(lambda b: press(session, session.end_turn))
        self.autoplay_button = _button("autoplay_button", "autoplay", icon="play",
                                       button_style="success")
        self.autoplay_button.on_click(lambda b: press(session, session.autoplay))
        self.stop_button = _button("stop_button", "stop", icon="stop", button_style="danger")
        self.stop_button.on_click(lambda b: press(session, session.stop))
        self.thinking_box = W.HTML()
        self.thinking_box.add_class("tabletop-thinking")
        self.speed = W.FloatLogSlider(value=session.delay, base=10, min=-2, max=0.7, step=0.1,
                                      description="delay (s)", readout_format=".2f", style=_WIDE,
                                      layout=lay(width="260px"))
        self.speed.observe(lambda ch: setattr(session, "delay", float(ch["new"])), "value")
        self.auto_bots = W.Checkbox(value=session.auto_bots, description="bots play on their own",
                                    indent=False, layout=lay(width="auto"))
        self.auto_bots.observe(lambda ch: setattr(session, "auto_bots", bool(ch["new"])), "value")
        self.box = W.VBox([W.HBox([self.step_button, self.end_turn_button, self.autoplay_button,
                                   self.stop_button], layout=lay(flex_flow="row wrap")),
                           self.thinking_box,
                           W.HBox([self.speed, self.auto_bots, setup_roll],
                                  layout=lay(flex_flow="row wrap", align_items="center"))],
                          layout=lay(margin="6px 0 0 0"))

    def render(self) -> None:
        ses = self.session
        live, auto = ses.live, ses.autoplaying
        can_bot = live and not auto and not ses.can_advance()
        at_chance = ses.game.current_player(ses.history[ses.position]) == CHANCE
        self.step_button.disabled = not can_bot and not (live and at_chance and not auto)
        self.end_turn_button.disabled = not can_bot
        self.autoplay_button.disabled = not can_bot
        self.stop_button.disabled = not auto
        if self.speed.value != ses.delay:
            self.speed.value = ses.delay
        self.thinking_box.value = (f"<span style='color:#6a1b9a'>{html.escape(ses.thinking)} "
                                   "(press stop to stop autoplay)</span>" if ses.thinking else "")


class Timeline(anywidget.AnyWidget):
    """A slider over the history whose page sends a value only when a person moves it.

    Each position the kernel puts on it gets a new ``seq``; a person's move comes with the
    ``seq`` the page showed (``seen``). A move made on a slider that did not yet show the
    kernel's last position is refused and the slider sent again: no page echo of an old
    position (the stuck "waiting for Yellow (you)" after Run All) is taken for a person's
    move, however late it comes.

    Attributes
    ----------
    value, min, max : int
        The position on show and the slider's range.
    disabled : bool
        True while the slider cannot be moved (autoplay).
    seq, seen : int
        The kernel's count of positions sent; the one the page showed at a person's move.

    Examples
    --------
    >>> t = Timeline()
    >>> t.show(3, 10, False); t.value, t.max, t.seq
    (3, 10, 1)
    >>> t.set_state({"value": 1, "seen": 0}); t.value     # a move on an old slider: dropped
    3
    >>> t.set_state({"value": 1, "seen": 1}); t.value     # a person's move
    1
    """

    _esm = """
    export default {
      render({ model, el }) {
        el.classList.add("tabletop-timeline");
        el.style.display = "flex"; el.style.alignItems = "center"; el.style.gap = "8px";
        const label = document.createElement("span");
        const input = document.createElement("input");
        input.type = "range"; input.step = "1"; input.style.flex = "1 1 auto";
        const readout = document.createElement("span");
        readout.style.minWidth = "3em";
        const draw = () => {
          label.textContent = model.get("description");
          input.min = String(model.get("min")); input.max = String(model.get("max"));
          input.value = String(model.get("value")); input.disabled = model.get("disabled");
          readout.textContent = String(model.get("value"));
        };
        input.addEventListener("input", () => {   // a person's move: never a redraw
          const v = parseInt(input.value, 10);
          readout.textContent = String(v);
          model.set("value", v);
          model.set("seen", model.get("seq"));
          model.save_changes();
        });
        for (const name of ["value", "min", "max", "disabled", "description", "seq"]) {
          model.on("change:" + name, draw);
        }
        draw();
        el.append(label, input, readout);
      }
    };
    """
    value = traitlets.Int(0).tag(sync=True)
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    description = traitlets.Unicode("timeline").tag(sync=True)
    seq = traitlets.Int(0).tag(sync=True)    # positions the kernel has put on the slider
    seen = traitlets.Int(0).tag(sync=True)   # the seq the page showed when a person moved it

    def show(self, position: int, top: int, disabled: bool) -> None:
        """Put ``position`` of ``0..top`` on the slider (one message: a new seq)."""
        if (self.max, self.value, self.disabled) == (top, position, disabled):
            return
        with self.hold_sync():
            self.max = top
            self.value = position
            self.disabled = disabled
            self.seq += 1

    def set_state(self, sync_data: dict) -> None:
        """A message from the page: a move made on an out-of-date slider is dropped."""
        if "value" in sync_data and sync_data.get("seen", self.seq) != self.seq:
            sync_data = {k: v for k, v in sync_data.items() if k != "value"}
            self.send_state(["value", "max", "disabled", "seq"])
        super().set_state(sync_data)


class TimelinePanel:
    """Undo, the timeline slider, "play from here", and where the board is in the history.

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.

    Attributes
    ----------
    timeline : Timeline
        The slider; moving it shows an earlier position (:meth:`Session.goto`).
    undo_button, rewind_button : ipywidgets.Button
        :meth:`Session.undo` and :meth:`Session.rewind` ("play from here").
    where : ipywidgets.HTML
        "action 2 of 6 (reviewing)".

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seed=1)
    >>> s.run()
    6
    >>> panel = TimelinePanel(s)
    >>> panel.render(); panel.timeline.max, panel.rewind_button.disabled
    (6, True)
    >>> panel.timeline.value = 2                 # as a person moving the slider
    >>> s.position
    2
    >>> panel.render(); panel.where.value, panel.rewind_button.disabled
    ("<span style='color:#666'>action 2 of 6 (reviewing)</span>", False)
    """

    def __init__(self, session: Session):
        self.session = session
        self._syncing = False
        self.undo_button = _button("undo_button", "undo", icon="undo",
                                   tooltip="back to the last decision of a person")
        self.undo_button.on_click(lambda b: press(session, session.undo))
        self.timeline = Timeline(layout=W.Layout(width="100%", max_width="420px"))
        self.timeline.observe(self._on_move, "value")
        self.rewind_button = _button("rewind_button", "play from here", icon="code-fork",
                                     tooltip="drop the actions after the timeline position")
        self.rewind_button.on_click(lambda b: press(session, session.rewind))
        self.box = W.HBox([self.undo_button, self.timeline, self.rewind_button],
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.where = W.HTML()

    def _on_move(self, change) -> None:
        if not self._syncing:
            press(self.session, lambda: self.session.goto(change["new"]))

    def render(self) -> None:
        ses = self.session
        live, auto = ses.live, ses.autoplaying
        self._syncing = True
        try:
            self.timeline.show(ses.position, len(ses.history) - 1, auto)
        finally:
            self._syncing = False
        self.undo_button.disabled = auto or len(ses.history) == 1
        self.rewind_button.disabled = live or auto
        where = f"action {ses.position} of {len(ses.history) - 1}" + ("" if live else " (reviewing)")
        if auto:
            where += " · autoplay: press stop to pause"
        self.where.value = f"<span style='color:#666'>{where}</span>"


class LogPanel:
    """The log up to the position on show, newest first.

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seed=1)
    >>> panel = LogPanel(s)
    >>> panel.render(); panel.log_box.value
    '<i>no actions yet</i>'
    >>> s.run(2); panel.render(); panel.log_box.value
    2
    '2. The Market shows fishing gear<br>1. The Market shows water cannon'
    """

    def __init__(self, session: Session):
        self.session = session
        self.log_box = W.HTML(layout=W.Layout(max_height="220px", overflow="auto",
                                              border="1px solid #ddd", padding="2px 6px"))
        self.log_box.add_class("tabletop-log")
        self.box = W.VBox([W.HTML("<b>log</b>"), self.log_box],
                          layout=W.Layout(flex="1 1 300px", min_width="260px"))

    def render(self) -> None:
        shown = self.session.log_shown()[-_LOG_SHOWN:]
        self.log_box.value = ("<br>".join(html.escape(x) for x in reversed(shown))
                              or "<i>no actions yet</i>")


class PlayersPanel:
    """Each seat's row of the game's ``summary`` (resources, score), the seat to act marked.

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seats=["human", "greedy"], seed=1)
    >>> s.run()
    6
    >>> panel = PlayersPanel(s)
    >>> panel.render()
    >>> table = panel.summary_box.value          # an HTML table, the seat to act marked
    >>> "<td>▶ Otter (human)</td>" in table, "<th style='padding:0 6px'>fish</th>" in table
    (True, True)
    """

    def __init__(self, session: Session):
        self.session = session
        self.summary_box = W.HTML(layout=W.Layout(margin="6px 0 0 0", width="100%", overflow="auto"))

    def render(self) -> None:
        ses = self.session
        g = ses.game
        s = ses.history[ses.position]
        shown = ses.shown(s)
        p = g.current_player(s)
        try:
            summary = dict(g.summary(shown))
        except Exception as e:  # noqa: BLE001
            summary = {"score": tuple(g.scores(shown))}
            ses.say(f"summary failed: {e}", "error")
        cols = list(summary)
        head = "".join(f"<th style='padding:0 6px'>{html.escape(str(c))}</th>" for c in cols)
        rows = []
        for i in range(g.num_players):
            mark = "▶ " if i == p else ""
            cells = "".join(f"<td style='text-align:right;padding:0 6px'>"
                            f"{html.escape(_cell(summary[c], i))}</td>" for c in cols)
            rows.append(f"<tr><td>{mark}{html.escape(ses.seat_label(i))}</td>{cells}</tr>")
        self.summary_box.value = (f"<table class='tabletop-summary'><tr><th></th>{head}</tr>"
                                  + "".join(rows) + "</table>")


class ScoresPanel:
    """Points so far, one line per seat up to the position on show (hidden until a seat
    has points).

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.

    Attributes
    ----------
    score_chart : BoardWidget
        The chart: one line (trace) per seat.

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seed=1)
    >>> panel = ScoresPanel(s)
    >>> panel.render()
    >>> [t.name for t in panel.score_chart.data], panel.box.layout.display
    (['Otter', 'Puffin'], 'none')
    """

    def __init__(self, session: Session):
        self.session = session
        self._series: list = []        # (state, its scores as the viewer sees them)
        self._for: Any = None          # (viewer, game) the series was computed for
        self.score_chart = BoardWidget(data=self._traces())
        # the legend above the plot and the axis title below it, so they never meet
        self.score_chart.update_layout(height=230, width=380, margin=dict(l=40, r=10, t=34, b=40),
                                       xaxis=dict(title=dict(text="action", standoff=4),
                                                  rangemode="tozero"),
                                       yaxis=dict(rangemode="tozero"),
                                       legend=dict(orientation="h", x=0, y=1.02, xanchor="left",
                                                   yanchor="bottom", font=dict(size=11)),
                                       showlegend=True)
        self.box = W.VBox([W.HTML("<b>points so far</b>"), self.score_chart],
                          layout=W.Layout(display="none", margin="0 12px 0 0"))
        self.box.add_class("tabletop-scores")

    def _traces(self) -> list[dict]:
        out = []
        for t in score_traces(self.session.names(), [()]):
            t.pop("x")
            t.update(x0=0, dx=1, y=[])   # x is implied: only each seat's y list is sent
            out.append(t)
        return out

    def rebuild(self) -> None:
        """New lines for another game or player count."""
        with self.score_chart.batch_update():
            self.score_chart.data = ()
            for t in self._traces():
                self.score_chart.add_trace(t)
        self._series = []

    def render(self) -> None:
        ses = self.session
        g = ses.game
        upto = ses.position + 1
        viewer = ses.viewer if ses.masked else None
        if self._for is None or self._for[0] != viewer or self._for[1] is not g:
            self._for, self._series = (viewer, g), []
        series = self._series
        # the history only grows at its end or is cut back (undo, rewind, load): keep the
        # scores of the states that are still the same objects
        keep = 0
        for i in range(min(len(series), len(ses.history))):
            if series[i][0] is not ses.history[i]:
                break
            keep = i + 1
        del series[keep:]
        for x in ses.history[len(series):upto]:
            series.append((x, tuple(g.scores(x if viewer is None else g.observation(x, viewer)))))
        shown = [sc for _, sc in series[:upto]]
        scored = any(isinstance(v, (int, float)) and not isinstance(v, bool) and v != 0
                     for sc in shown for v in sc)
        display = "" if scored else "none"
        if self.box.layout.display != display:
            self.box.layout.display = display
        traces = score_traces(ses.names(), shown)
        with self.score_chart.batch_update():
            for tr, t in zip(self.score_chart.data, traces):
                if tr.y is None or len(tr.y) != len(t["y"]) or list(tr.y) != t["y"]:
                    tr.y = t["y"]


class CurtainPanel:
    """Hot seat with hidden information: the screen is covered between two people.

    When the person whose eyes the screen shows changes, ``render()`` hides the boxes
    ``covers`` gives and shows its own box, until the next person presses "show".

    Parameters
    ----------
    session : Session
        The game drawn; what a person presses goes to it.
    covers : callable
        Gives the boxes to hide while the screen is covered.

    Attributes
    ----------
    covered_for : int or None
        The seat the covered screen waits for (None: not covered).
    on_show : callable
        Called after the screen is uncovered (GameApp draws again).

    Examples
    --------
    >>> import tabletop_nb
    >>> from tabletop_nb.session import Session
    >>> import ipywidgets as W
    >>> s = Session(tabletop_nb.load_game("pebble_rock", players=2), seats=["human", "human"], seed=1)
    >>> s.run()
    6
    >>> board = W.HTML("the board")
    >>> curtain = CurtainPanel(s, lambda: [board])
    >>> curtain.render(); curtain.covered
    False
    >>> s.choose(s.choices()[0][0]); curtain.render()     # the other person's turn
    True
    >>> curtain.covered_for, board.layout.display, curtain.curtain_button.description
    (1, 'none', 'I am Puffin: show')
    >>> curtain.curtain_button.click(); curtain.render(); curtain.covered
    False
    """

    def __init__(self, session: Session, covers: Callable[[], list]):
        self.session = session
        self._covers = covers          # the boxes to hide while covered
        self.covered_for: int | None = None   # the seat the screen waits for
        self._seen_by: int | None = None      # the seat whose view is on the screen
        self.curtain_text = W.HTML()
        self.curtain_button = _button("curtain_button", "show my view", icon="eye",
                                      button_style="info")
        self.curtain_button.on_click(lambda b: press(session, self.show_view))
        self.box = W.VBox([self.curtain_text, self.curtain_button],
                          layout=W.Layout(display="none", padding="24px", border="2px dashed #999"))
        self.box.add_class("tabletop-curtain")
        self.on_show: Callable[[], Any] = lambda: None

    @property
    def covered(self) -> bool:
        return self.covered_for is not None

    def show_view(self) -> None:
        """Uncover the screen for the person whose turn it is."""
        if self.covered_for is not None:
            self._seen_by, self.covered_for = self.covered_for, None
        self.on_show()

    def render(self) -> None:
        ses = self.session
        v = ses.viewer
        hot = len(ses.watchers()) > 1
        if not hot or v is None:
            self.covered_for, self._seen_by = None, v
        elif self._seen_by is None:
            self._seen_by = v
        elif v != self._seen_by:
            self.covered_for = v
        elif self.covered_for is not None and v == self._seen_by:
            self.covered_for = None
        hide = "none" if self.covered else ""
        for w in self._covers():
            w.layout.display = hide
        self.box.layout.display = "flex" if self.covered else "none"
        if self.covered:
            name = html.escape(ses.game.player_name(self.covered_for))
            self.curtain_text.value = (f"<b>Pass the screen to {name}.</b> What is on it now is "
                                       f"for {name}'s eyes only.")
            self.curtain_button.description = f"I am {ses.game.player_name(self.covered_for)}: show"
