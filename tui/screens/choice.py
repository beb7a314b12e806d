"""A small prompt for a play with more than one legal form: an ace as 1 or 11, a ten as +10
or -10, the suit named with a wild card. Dismissed with the chosen action, or ``None``."""
from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from ..playoutcome import chip_outcome
from ..plays import choice_label, parse_play
from ..widgets.keyfooter import KeyFooter
from . import Withdrawable, popped


#: the keys that name a wild card's suit: (id, key as shipped, suit letter, suit name)
SUIT_KEYS = (("choice.spades", "s", "S", "spades"), ("choice.hearts", "h", "H", "hearts"),
             ("choice.diamonds", "d", "D", "diamonds"), ("choice.clubs", "c", "C", "clubs"))


class ChoiceScreen(Withdrawable[str | None]):
    CSS_PATH = Path(__file__).with_suffix(".tcss")
    #: the notices stay on the table, seen through the backdrop (``choice.tcss`` hides them here)
    notices_beneath = True
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("q", "app.quit", "Quit", id="app.quit"),  # a modal leaves out the app's keys
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        *[Binding(str(i + 1), f"pick({i})", show=False) for i in range(9)],
        # a wild card's suit by its letter too, as card players name it (the bar says so once,
        # by the four keys as the keymap has them: ``SUIT_KEYS``, ``DealMeInApp.get_key_display``)
        *[Binding(key, f"suit({letter!r})", "Suit" if letter == "S" else f"Name {name}", show=letter == "S",
                  tooltip=f"Name {name}", id=binding_id) for binding_id, key, letter, name in SUIT_KEYS],
    ]

    def __init__(self, question: str, actions: list[str], style: str = "two-colour",
                 total: int | None = None, game: str | None = None, first: int = 0, note: str = "",
                 held: tuple[int | None, int | None] = (None, None)) -> None:
        super().__init__()
        self.question = question
        self.actions = actions
        #: the choice that has the focus as the question opens (the hint's, where it named one)
        self.first = first if 0 <= first < len(actions) else 0
        self.card_style = style
        self.total = total  # the running total, where the game keeps one: each choice says where it takes it
        self.game = game  # Ninety-Nine: what each choice costs or wins in chips is said under them
        self.note = note  # said under the choices too: a wild card's, what the hand keeps of each suit
        self.held = held  # the chips this seat and the poorest other hold (``playoutcome.holdings``)

    def compose(self) -> ComposeResult:
        with Vertical(id="choice"):
            yield Label(self.question, id="question", markup=False)
            with Horizontal(id="options"):
                for i, action in enumerate(self.actions):
                    yield Button(f"{i + 1} {choice_label(action, self.card_style, self.total)}", id=f"opt{i}",
                                 classes="option")
            # which answer Enter gives, in words: the highlight alone showed it
            yield Label(self._enter_words(self.first), id="enter-picks", markup=False)
            outcomes = [f"{i + 1}: {said}." for i, action in enumerate(self.actions)
                        for said in [chip_outcome(self.game, self.total, action, self.held)] if said]
            if self.note:
                outcomes.append(self.note)
            if outcomes:
                yield Label("\n".join(outcomes), id="outcomes", markup=False)
        yield KeyFooter(show_command_palette=False)  # its own keys, not those of the table beneath

    def on_mount(self) -> None:
        if popped(self):
            return
        self.query_one(f"#opt{self.first}", Button).focus()

    def _enter_words(self, index: int) -> str:
        """"Enter picks 2: +11 (to 71)": the answer the highlight is on, which Enter gives."""
        return f"Enter picks {index + 1}: {choice_label(self.actions[index], self.card_style, self.total)}"

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The highlight moved (arrow keys, Tab): the words follow it."""
        button = event.widget
        if isinstance(button, Button) and (button.id or "").startswith("opt"):
            self.query_one("#enter-picks", Label).update(self._enter_words(int((button.id or "opt0")[3:])))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_pick(int((event.button.id or "opt0")[3:]))

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.actions) and not self.withdrawn:  # withdrawn: the position has gone
            self.dismiss(self.actions[index])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The suit letters only where the question is which suit to name."""
        if action == "suit":
            return any((parse_play(a) or (None, None, None))[2] is not None for a in self.actions)
        return True

    def action_suit(self, letter: str) -> None:
        """The play that names suit ``letter``, where the question is which suit to name."""
        for i, action in enumerate(self.actions):
            play = parse_play(action)
            if play is not None and play[2] == letter:
                self.action_pick(i)
                return

    def action_cancel(self) -> None:
        self.dismiss(None)
