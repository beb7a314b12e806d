"""A hint's reason in words: what ``core.bots.why`` found sets the hinted move apart."""
from __future__ import annotations

from core.bots.why import Why

from .cardface import card_label, suit_label
from .plain import counted
from .plays import ALL_THEY_HAVE


#: what each of Ninety-Nine's dodging cards does (2), by rank
DODGES = {"9": "which adds nothing", "T": "which can take 10 off", "2": "which halves an even total over 49",
          "4": "which adds just 4", "A": "which can add just 1"}


def _cards(n: int) -> str:
    return "one card" if n == 1 else f"{n} cards"


def why_words(why: Why | None, names: list[str], style: str) -> str:
    """The reason after a hint's move ("Hint: play J♣: ♣ clubs is the suit you hold most of"),
    with no colon of its own;
    empty for none. ``names``: the seats as the table names them."""
    if why is None:
        return ""
    seat = why.seat if why.seat is not None and 0 <= why.seat < len(names) else None
    name = names[seat] if seat is not None else "the next player"
    card = card_label(why.card, style) if why.card else ""
    suit = suit_label(why.suit, style) if why.suit else ""
    count = why.count or 0
    kind = why.kind
    if kind == "only_match":
        return f"{card} is the only card you hold that can be played"
    if kind == "no_match":
        return "no card you hold can be played"
    if kind == "no_two":
        return f"you hold no 2 to pass the penalty on, so you take the {why.total} cards"
    if kind == "nothing_to_draw":
        return "no card you hold can be played, and nothing is left to draw"
    if kind == "drew_enough":
        return f"no card you hold can be played, and you have drawn {_cards(count)}, all a turn allows"
    if kind == "only_play":
        if count > 1:  # several cards of one rank, each played the same way
            return f"no other kind of card keeps the total within {why.total}"
        return f"it is the only play that keeps the total within {why.total}"
    if kind == "shed_wild":
        return f"{name} holds one card, and {card} left in your hand would cost you 50 points if they go out"
    most = "the suit you hold most of" if count < 2 else "one of the suits you hold most of"
    if kind == "wild_longest":
        return f"nothing else matches, and {suit} is {most}"
    if kind == "special_draw":
        return f"{name} holds {_cards(count)}, and {card} makes them draw {why.total} cards unless they answer with a 2"
    if kind == "special_skip":
        return f"{name} holds {_cards(count)}, and {card} makes them miss a turn"
    if kind == "special_reverse":
        return f"{name} holds {_cards(count)}, and {card} turns play away from them"
    if kind == "wild_last":
        return f"nothing else matches, and {suit} is the suit of the one other card you hold"
    if kind == "wild_out":
        return f"{card} is your last card: it goes out, whatever suit it names"
    if kind == "wild_held":
        if count == 1:
            return f"nothing else matches, and {suit} is the one suit you hold besides wild cards"
        return f"nothing else matches, and you hold a card of {suit}; you hold no suit twice"
    if kind == "ce_alike":
        if why.total is None:
            return "each card you can play leaves you as many of its suit: any of them would do"
        return "each card you can play leaves you as many of its suit and would cost as many points kept: any would do"
    if kind == "heavier":
        words = f"{card} would cost you {why.total} points if kept, more than another card that leaves you as many of its suit"
        if why.also:  # a tie: the hint picks one of two cards as good
            return f"{words} ({card_label(why.also, style)}, as heavy, would do as well)"
        return words
    if kind == "wild_next_lacks":
        return f"nothing else matches, and {name} drew on {suit}, so they may hold none"
    if kind == "next_lacks":
        return f"{name} drew on {suit}, so they may hold none"
    if kind == "shed_points":
        return f"{name} holds {_cards(count)}, and {card} left in your hand would cost you {why.total} points if they go out"
    if kind == "keeps_wild":
        return f"it keeps your {card} for when nothing else matches"
    if kind == "longest":
        return f"{suit} is {most}"
    if kind == "longer":
        return f"{suit} is the suit you hold most of among the cards that can be played"
    if kind == "squeeze":
        return f"at {why.total}, {count} in 10 of the cards you cannot see would take {name} over the limit"
    if kind == "tightest":
        return (f"at {why.total}, {count} in 10 of the cards you cannot see would take {name} over the limit, "
                "more than at any other total you could make")
    if kind == "keeps_low":
        return f"it adds the most while the total is low, and your {card} stays for near {why.total}"
    if kind == "value_total":
        return f"at {why.total}, fewer of the cards you cannot see are safe for {name} than at {count}"
    if kind == "nn_lands":
        if why.total == 99:
            return f"it makes 99: you win the round, and the others lose {count} chips each{ALL_THEY_HAVE}"
        return f"it lands on {why.total}: the others lose {counted(count, 'chip')} each"
    if kind == "nn_clear":
        moves = f"leaves the total at {why.total}" if why.total == count else f"takes the total to {why.total}"
        return f"it {moves} and costs you nothing, where a play to any other total would cost you chips"
    if kind == "nn_least":
        return f"every play costs you chips, and this one fewest ({counted(count, 'chip')})"
    if kind == "nn_fewest":
        return f"every play costs you chips, and none fewer than this one ({counted(count, 'chip')})"
    if kind == "nn_next":
        at = f"at {why.total} (as at {why.also})" if why.also else f"at {why.total}"  # another total as good
        if why.other is not None and 0 <= why.other < len(names) and why.other != seat:
            # the play to the other total passes the turn to another seat (a 4, a J): say whose
            return (f"{at} fewer of the cards you cannot see would let {name} land on 33, 66 or 99 "
                    f"than would let {names[why.other]} at {count}")
        return f"{at} fewer of the cards you cannot see would let {name} land on 33, 66 or 99 than at {count}"
    if kind == "nn_no_card":
        return f"{name} holds no card: their turn ends the round and costs them {counted(count, 'chip')}"
    if kind == "nn_costly":
        # (the name first: "would cost Normal bot 3 chips" read as three chips)
        return f"at {why.total}, {name} would lose chips with {count} in 10 of the cards you cannot see, however played"
    if kind == "nn_room":
        return (f"the cards it leaves you can still be played without cost at more of the totals just above "
                f"{why.total} than another play would leave you")
    if kind == "nn_same":
        if count and why.total is not None and why.total > 99:  # 3.3: over 99, the round lost
            return (f"every card you can play does the same here, taking the total over 99 (to {why.total}): "
                    f"it costs you {counted(count, 'chip')}")
        if count:  # passing a mark
            return (f"every card you can play does the same here, taking the total to {why.total} and costing you "
                    f"{counted(count, 'chip')}")
        return f"every card you can play does the same here, taking the total to {why.total}"
    if kind == "nn_total":
        if count:
            return (f"every card you can play takes the total to {why.total} and costs you {counted(count, 'chip')}: "
                    "none is cheaper")
        return f"every card you can play takes the total to {why.total} and costs you nothing"
    if kind == "nn_calm":
        if count:
            return ("it costs you nothing, and after no play that costs nothing can whoever plays next "
                    "land on 33, 66 or 99")
        return "no play costs you a chip, and after none of them can whoever plays next land on 33, 66 or 99"
    if kind == "nn_alike":
        return f"every play costs you {counted(count, 'chip')}: none is cheaper"
    if kind == "nn_keeps":
        return f"it keeps your {card}, {DODGES.get((why.card or ' ')[0], '')}, for when a mark is near"
    if kind == "ne_room":
        return f"more of the cards it leaves you can still be played as the total nears {why.total} than another play would leave you"
    if kind == "adds_least":
        return f"it adds least, leaving the most room under {why.total} for when your turn comes round again"
    if kind == "keeps_ace":
        return f"it keeps your {card}, which can add just 1 as the total nears {why.total}"
    if kind == "passes_on":
        return f"it passes the turn to {name} at {why.total}, where your {card} would bring it straight back to you"
    if kind == "keeps_lowest":
        return f"it keeps your {card}, the card you can play that adds least, for near {why.total}"
    if kind == "ne_same":
        moves = "leaves the total at" if why.total == count else "takes the total to"
        return f"every card you can play {moves} {why.total}, and whoever plays next holds as many cards: any would do"
    if kind == "keeps_escape":
        return f"it keeps your {card}, which can be played at any total"
    if kind == "ace_low":
        return f"an ace as 1 leaves more room under {why.total}"
    if kind == "shed_high":
        return "a high card goes while the total is low"
    return ""
