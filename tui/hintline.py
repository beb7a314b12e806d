"""The line above the hand: what Enter does with the selected card, or why it cannot be played,
and the turn's other moves, with their keys as the keymap has them. Plain functions of the view,
so the table screen only says where the line goes and how wide it is."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from .cardface import card_label
from .eventtext import announcement
from .playeffect import turn_effect
from .playoutcome import chip_words, holdings, play_total
from .plays import can, own_status, parse_play, playable, plays_for, unplayable_line, why_not
from .widgets.seats import fit

#: the moves made with a key of their own: their binding id and default key
HINT_KEYS = {"draw": ("table.draw", "space"), "pass": ("table.pass", "p")}
#: and the play said with "last card!" (crazy-eights 4.1), which Enter makes without it
LAST_CARD_KEY = ("table.last_card", "l")

#: how a line names a key: ``App.keys_for(binding id, default key)``
KeysFor = Callable[[str, str], str]


def announces(view: dict[str, Any]) -> bool:
    """Whether a play now leaves this seat exactly one card, the play "last card!" is said with
    (crazy-eights 4.1): every play lays down one card, so it is made from two."""
    return len(view.get("hand") or []) == 2


def move_keys(view: dict[str, Any], key: KeysFor) -> list[str]:
    """"Space draws", "P passes": the moves with keys of their own this turn offers."""
    return [f"{key(*HINT_KEYS[move])} {verb}" for move, verb in (("draw", "draws"), ("pass", "passes"))
            if can(view, move)]


def cannot_play(view: dict[str, Any], card: str, cards: list[str], names: list[str], style: str,
                key: KeysFor, width: int, moves: list[str] | None = None) -> str:
    """Why ``card`` cannot be played, which of ``cards`` (the hand) can and the keys of the
    turn's other moves (``moves``, where the caller has them), in ``width`` cells: the hint line
    on that card, and Enter's warning on it."""
    why = why_not(view, card, names, style)
    others = [card_label(c, style) for c in dict.fromkeys(cards) if playable(view, c)]
    return unplayable_line(card_label(card, style), why, others,
                           move_keys(view, key) if moves is None else moves, width)


def reach(view: dict[str, Any], ways: list[str]) -> list[str]:
    """Where the plays ``ways`` of one card take the total, " to 61 or 71", with what each does
    to the chips (ninety-nine 3.3), " to 61 or 71 (passes 66: you lose 1 chip)", in shorter
    words, then none: longest first, the last without chips; [""] where no total is made
    (Crazy Eights, a card of two values played without one)."""
    totals: dict[int, list[str]] = {}
    for way in ways:
        made = play_total(view, way)
        if made is None:
            return [""]
        totals.setdefault(made, chip_words(view.get("game"), view.get("total"), way, holdings(view)))
    if len(totals) == 1 and next(iter(totals)) == view.get("total"):
        return [f": the total stays {view.get('total')}"]  # nothing to the chips: it stays
    if not totals:
        return [""]
    levels = max(map(len, totals.values()))

    def said(level: int | None) -> str:
        # a total with words first: "to 61 or 71 (passes 66: ...)" read, aloud, as both passing 66
        shown = sorted(totals.items(), key=lambda made_words: not made_words[1]) if level is not None else totals.items()
        return " to " + " or ".join(f"{made} ({words[min(level, len(words) - 1)]})"
                                    if words and level is not None else str(made)
                                    for made, words in shown)
    return [*(said(level) for level in range(levels)), said(None)]


def hint_text(view: dict[str, Any] | None, card: str | None, cards: list[str], names: list[str], style: str,
              key: KeysFor, width: Callable[[], int]) -> Text:
    """The line above the hand for ``card`` selected in ``cards``; ``width`` gives the cells
    it has, asked only where the line is cut to fit."""
    if view is None:
        return Text("")
    if view.get("is_over"):
        return Text("The match is over.", style="bold")
    me = view.get("seat")
    if me is None:
        return Text("You are watching this match.")
    mine = own_status(view)
    if mine.get("out"):
        return Text("You are out of this match: watching the others play it out.")
    if mine.get("in_hand") is False and view.get("current_seat") != me:
        return Text("You are out of this hand: watching until the next deal.")
    moves = move_keys(view, key)  # the draw and the pass, where the turn offers them
    if card is None:
        return Text(" ".join(["No cards.", *([", ".join(moves) + "."] if moves else [])]))
    if not playable(view, card):
        return Text(cannot_play(view, card, cards, names, style, key, width(), moves), style="italic")
    plays = f"{key('hand.play', 'enter')} plays " + card_label(card, style)
    # where the card takes the total (an ace's or a ten's two values: both, asked on Enter) and
    # what each value does to the chips (ninety-nine 3.3), said shorter before it is left out;
    # a wild card asks for a suit (crazy-eights 3.3); then what it does to the turn
    ways = plays_for(view, card)
    reached = reach(view, ways)
    plays_to = plays + reached[-1]
    if not reached[-1] and len(ways) > 1 and all(p is not None and p[2] for p in map(parse_play, ways)):
        plays_to += ", naming a suit"
    chipped = [plays + r for r in reached[:-1]]  # with the chips, longest first
    # (crazy-eights 4.2) the play said with "last card!": the part kept longest, since Enter
    # alone costs a penalty
    last, with_last = "", []
    if plays_for(view, card, announce=True) and announces(view):
        said = announcement(mine.get("count"))
        with_last = [f'{key(*LAST_CARD_KEY)} plays it with "{said}" (else a penalty)']
        last = f' · {key(*LAST_CARD_KEY)} with "{said}"'

    def lines(who: list[str] | None) -> list[str]:
        """The line at each length, longest first, the turn's effect naming its seat (``who``:
        the names) or not (None: "the next player", fewer cells)."""
        turn = turn_effect(view, ways[0], who)
        effect = f", and {turn}" if turn else ""
        keys = [(chipped[0] if chipped else plays_to) + effect, *with_last, *moves]
        short = [k.replace(" (else a penalty)", "") for k in keys]
        # narrower, the chips (shorter and shorter) before the turn's effect, then both in fewer
        # words, and where the card takes the total before either
        brief = plays + reached[-1].replace(": the total stays", ": stays") + f", {turn_effect(view, ways[0], who, short=True)}"
        shorter = [*chipped, *([plays_to + effect, brief] if effect else [])]
        warned = [" · ".join(short[:2]), plays_to + last, plays + last] if last else []
        return [" · ".join(keys), " · ".join(short), *warned, " · ".join(short[:1]), *shorter, plays_to, plays]

    # each length with the seat named, then without it, before a shorter one: a long name
    # ("Normal bot 3") left the effect out where its words without one fitted
    both = [line for pair in zip(lines(names), lines(None)) for line in pair]
    return Text(fit(list(dict.fromkeys(both)), width()))
