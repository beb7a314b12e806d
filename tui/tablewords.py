"""What the table screen says of a view in words: its top line, the line under the board, and
the answers to C, S, T and a hint with nothing to hint. Plain functions of the view, so the
wording is read and tested apart from the screen that shows it."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text

from core import GAMES
from core.games.ninety_nine import MARKS
from core.whole import whole_number

from .cardface import card_label, suit_label
from .eventtext import deal_word, seat_name
from .plain import counted, cut
from .plays import own_status, play_order
from .seatmarks import turn_of
from .widgets.seats import as_shared, status_text, statuses
from .widgets.topbar import TopLine


def top_parts(view: dict[str, Any], names: list[str], style: str) -> TopLine:
    """The line above the seats, without the turn clock: the game, the hand, the direction of
    play and whose turn it is, apart, for the top bar to leave out what a narrow line has no
    room for."""
    me = view.get("seat")
    current = view.get("current_seat")
    direction = "clockwise ↻" if view.get("direction", 1) == 1 else "anticlockwise ↺"
    if style == "ascii":
        direction = direction[:-2]
    info = GAMES.get(view.get("game", ""))
    game = info.name if info is not None else str(view.get("game", ""))
    if view.get("is_over"):
        turn = "match over"
    elif current is None:
        turn = ""
    elif current == me:
        turn = "your turn"
    else:
        turn = turn_of(seat_name(names, current))
    number = f"{view.get('hand_number', 1)}"
    options = view.get("options") or {}
    if options.get("scoring") == "stakes" and options.get("hands"):  # ninety-eight 6: it ends after `hands`
        number += f" of {options['hands']}"
    return TopLine(game, f"{deal_word(view.get('game'))} {number}", direction, turn)


#: the kinds of the line under the board's parts (``follow_parts``)
PART_KINDS = frozenset({"follow", "wild", "debt", "you", "deal", "pot"})
#: the parts of that line that are this seat's own, or its own to play by: what is wild (in
#: Countdown, the seat's own count's rank), its score or lives, its deal
OWN_PARTS = frozenset({"wild", "you", "deal"})


def follow_parts(view: dict[str, Any], style: str) -> list[tuple[str, str]]:
    """The line under the board's parts, each with its kind: "follow" (the suit), "wild",
    "debt", "you" (this seat's own status), "deal" (this seat deals) and "pot"."""
    parts: list[tuple[str, str]] = []
    me = view.get("seat")
    if view.get("suit"):
        parts.append(("follow", f"follow {suit_label(view['suit'], style)}"))
    wild = [str(w) for w in view.get("wild") or []]
    # Countdown's rank of the moment (eights too, which are not everyone's there), jokers: say
    # what is wild now
    if wild and (wild != ["8"] or (view.get("options") or {}).get("countdown")):
        named = [f"{'10' if w == 'T' else w}s" for w in wild if w != "JK"] + ["jokers"] * ("JK" in wild)
        parts.append(("wild", "wild " + ", ".join(named)))  # "wild 8s, jokers"
    if view.get("debt"):
        parts.append(("debt", f"a 2 or draw {view['debt']}"))
    if me is not None:
        shown = statuses(view)
        mine = status_text(shown[me] if me < len(shown) else {})
        if mine:
            parts.append(("you", f"you: {mine}"))
        if view.get("dealer") == me and not view.get("is_over"):  # the others' boxes say it of them
            parts.append(("deal", "you deal"))  # (once the match is over, no one deals again)
    if view.get("pot"):
        parts.append(("pot", f"pot {view['pot']}"))
    return parts


def follow_text(view: dict[str, Any], style: str, width: int | None = None, rows: int = 1,
                kinds: frozenset[str] | None = None) -> Text:
    """The suit to follow, what is wild, a debt, this seat's own status and the pot (``kinds``:
    those parts only, ``follow_parts``): on one line, or (``width``) on lines of that width,
    each part whole where it fits, at most ``rows`` of them (the last goes on with what is
    left, cut short); ``rows`` 0: one line of the parts that fit whole within ``width``, the
    others left out."""
    parts = [text for kind, text in follow_parts(view, style) if kinds is None or kind in kinds]
    if width is None:
        return Text(" · ".join(parts), no_wrap=True)
    if rows == 0:  # one line of at most ``width`` cells, of the parts that fit whole, in order
        kept: list[str] = []
        for part in parts:
            if cell_len(" · ".join([*kept, part])) <= width:
                kept.append(part)
        return Text(" · ".join(kept), no_wrap=True)
    lines: list[str] = []  # a part is never split: a new line starts where one would not fit
    for part in parts:
        if lines and cell_len(lines[-1]) + 3 + cell_len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    if len(lines) > rows:
        lines[rows - 1:] = [" · ".join(lines[rows - 1:])]
    return Text("\n".join(cut(line, width) for line in lines))


def next_mark(view: dict[str, Any]) -> int | None:
    """Ninety-Nine's next mark above the total (3.3: 33, 66, 99), which the board shows under it."""
    total = view.get("total")
    if view.get("game") != "ninety-nine" or not isinstance(total, int):
        return None
    return next((m for m in (*MARKS, 99) if total < m), None)


def total_words(view: dict[str, Any], style: str) -> str:
    """C's answer: the total and its limit, or the suit to follow, the top card, what is wild
    (where it is not the eights alone) and a debt."""
    if view.get("total") is not None:
        text = f"The total is {view['total']}"
        if view.get("limit"):
            text += f" (limit {view['limit']})"
        elif (mark := next_mark(view)) is not None:  # ninety-nine 3.3, as the board says it
            text += f" (next mark {mark})"
        return text
    if view.get("suit"):
        text = f"Follow {suit_label(view['suit'], style)}"
        if view.get("top"):
            text += f", on {card_label(view['top'], style)}"
        wild = dict(follow_parts(view, style)).get("wild")
        if wild:  # Countdown's rank of the moment, jokers: as the line under the board says it
            text += f"; {wild}"
        if view.get("debt"):
            text += f"; play a 2 or draw {view['debt']}"
        return text
    if view.get("top"):  # a joker turned up to start: anything goes
        return f"Any card may follow the {card_label(view['top'], style)}"
    return "There is no total in this game"


def scores_words(view: dict[str, Any], names: list[str]) -> str:
    """S's answer: every seat's lives, chips or points, the partners and the pot."""
    # a colon after the name: "Normal bot 2: 9 chips", not "Normal bot 2 9 chips"
    teams = view.get("teams")
    parts = [f"{seat_name(names, seat)}: {status_text(as_shared(view, st)) or 'in'}"
             for seat, st in enumerate(statuses(view))]
    text = "Scores: " + "; ".join(parts) if parts else "No scores yet"
    if teams:  # ninety-eight 7.2: partners share their lives or chips
        text += ". Partners: " + "; ".join(" and ".join(seat_name(names, s) for s in team) for team in teams)
    if view.get("pot"):
        text += f". Pot {view['pot']}"
    return text


def turn_words(view: dict[str, Any], names: list[str], left: int | None = None) -> str:
    """T's answer: whose turn it is (with ``left``, the seconds its clock shows), and who plays
    after, in the direction of play (the seat boxes' order and the top line's arrow, for a
    player who reads no drawing)."""
    current = view.get("current_seat")
    if current is None:
        return "Nobody's turn: the match is over"
    me = view.get("seat")
    text = "It is your turn" if current == me else f"It is {turn_of(seat_name(names, current))}"
    if left is not None:
        text += f", {left} s left on the clock"
    after = play_order(view)
    if after:
        way = "clockwise" if view.get("direction", 1) == 1 else "anticlockwise"
        text += "; then " + ", then ".join("you" if s == me else seat_name(names, s) for s in after) + f" ({way})"
    return text


def hand_words(view: dict[str, Any], cards: list[str], names: list[str], style: str) -> str:
    """Y's answer: this seat's cards (``cards``, in the order its hand shows them) and how
    many each other seat holds, in words: what the table's drawing shows."""
    seat = view.get("seat")
    if seat is None:
        mine = "You watch: you hold no cards"
    elif not cards:
        mine = "You hold no cards"
    else:
        mine = f"Your {counted(len(cards), 'card')}: " + ", ".join(card_label(c, style) for c in cards)
    seats = statuses(view)
    others = []
    for other, held in enumerate(view.get("hand_counts") or []):
        if other == seat or not whole_number(held):
            continue
        st = seats[other] if other < len(seats) else {}
        # out of the match, or out of this hand only (ninety-eight 4.3: back at the next deal)
        gone = "out" if st.get("out") else "out of this hand" if st.get("in_hand") is False else ""
        others.append(f"{seat_name(names, other)}: {gone if gone and not held else counted(held, 'card')}")
    return mine + (". " + "; ".join(others) if others else "")


def why_no_hint(view: dict[str, Any]) -> str:
    """Why there is nothing to hint: the match is over, this seat is out of it or of the
    hand, or another seat is to move."""
    status = own_status(view)
    if view.get("is_over"):
        return "Nothing to do: the match is over"
    if status.get("out"):
        return "Nothing to do: you are out of the match"
    if status.get("in_hand") is False:
        return "Nothing to do until the next hand: you are out of this one"
    return "Nothing to do yet: it is not your turn"
