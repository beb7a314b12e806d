"""Events (``Event.for_seat`` dicts) as sentences for the table log: "Bob plays K♠: 98".

Unknown kinds still read sensibly, so a new engine event never breaks the log."""
from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from core import GAMES
from core.whole import whole_number
from net.protocol import CHAT_LEN, NAME_LEN
from net.seatnames import and_list

from .cardface import card_label, suit_label
from .plain import clean, counted, cut
from .plays import ALL_THEY_HAVE, parse_play
from .seatmarks import BOT_MARK, speaker_mark, unmarked

#: events that only move cards about and would flood the log
QUIET = frozenset({"hand", "suit"})

#: the events that end a hand, a round or the match, each with its results
ENDINGS = ("hand_over", "round_over", "match_over")


def with_causes(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of one update, the ends of hands told what ended them: the final standings
    get the last hand's points, a Countdown hand its counts before it (``counts_before``,
    crazy-eights 6.2-6.3), and a Ninety-Nine round that ended on a seat going over 99 or
    holding no card (3.4, 5.3) names that seat (``by``), which its own event does not."""
    out: list[dict[str, Any]] = []
    last_hand: dict[str, Any] = {}
    cause: int | None = None
    for i, event in enumerate(events):
        kind = event.get("kind")
        if kind in ("over", "no_cards") and isinstance(event.get("seat"), int):
            cause = event["seat"]
        elif kind == "hand_over":
            # the match's end, where it comes before another hand's (one update may hold several)
            ends = (e.get("kind") for e in events[i + 1:] if e.get("kind") in ("hand_over", "match_over"))
            event = last_hand = _counted(event, next(ends, None) == "match_over")
        elif kind == "match_over":
            kept: dict[str, Any] = {k: last_hand[k] for k in ("points", "counts", "counts_before")
                                    if k in last_hand and k not in event}
            event = {**event, **kept} if kept else event
        elif kind == "round_over" and cause is not None and event.get("reason") in ("over", "no_cards"):
            event = {**event, "by": cause}
            cause = None
        out.append(event)
    return out


def counts_of(value: Any) -> list[int] | None:
    """A list of seats' counts as an event gives them, or None."""
    if isinstance(value, list) and all(whole_number(c) for c in value):
        return value
    return None


def _counted(event: dict[str, Any], match_over: bool) -> dict[str, Any]:
    """A Countdown hand's end (its ``counts`` are each seat's count after it) with the counts
    before it: the seat that went out was one higher (crazy-eights 6.2), unless it went out on
    1 and so won the match (``match_over``, 6.3), its count left as it was."""
    counts = counts_of(event.get("counts"))
    if counts is None or "counts_before" in event:
        return event
    before = list(counts)
    if not match_over:
        for seat in event.get("winners") or []:
            if isinstance(seat, int) and 0 <= seat < len(before):
                before[seat] += 1
    return {**event, "counts_before": before}


def at_hand_end(view: dict[str, Any], later: list[dict[str, Any]]) -> dict[str, Any]:
    """``view`` as the hand just over left it: the next hand is dealt in the same update, and
    the antes it takes (``later``, the events after the hand's end) are given back, so a hand's
    results show the chips it was won and lost with (ninety-eight 6.3; 7.2: a team antes once
    from the chips its seats share)."""
    antes = [e for e in later if e.get("kind") == "ante" and isinstance(e.get("seat"), int)
             and isinstance(e.get("chips"), int)]
    status = view.get("status")
    if not antes or not isinstance(status, list):
        return view
    status = [dict(s) if isinstance(s, dict) else s for s in status]
    teams = [t for t in view.get("teams") or [] if isinstance(t, list)]
    for ante in antes:
        seat = ante["seat"]
        for s in next((t for t in teams if seat in t), [seat]):
            if isinstance(s, int) and 0 <= s < len(status) and isinstance(status[s], dict) \
                    and isinstance(status[s].get("chips"), int):
                status[s]["chips"] += ante["chips"]
    return {**view, "status": status}


def debts_taken(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A 2's debt taken (crazy-eights 7.1) in one event, as the table's log tells it ("Bo
    takes the 2 cards owed: 9♥, 2♣", or fewer where the stock ran out, 3.5): the draw with
    the cards owed (``owed``) in place of a draw and a paid debt under it."""
    out: list[dict[str, Any]] = []
    for event in events:
        last = out[-1] if out else None
        if (event.get("kind") == "debt_paid" and last is not None and last.get("kind") == "draw"
                and last.get("seat") == event.get("seat") and "owed" not in last
                and isinstance(event.get("debt"), int)
                and event.get("drawn") == (len(last.get("cards") or []) or last.get("count"))):
            out[-1] = {**last, "count": event["drawn"], "owed": event["debt"]}
            continue
        out.append(event)
    return out


def drawn(event: dict[str, Any]) -> tuple[list[str], int]:
    """The cards a draw event shows (the seat's own) and how many it drew."""
    cards = list(event.get("cards") or [])
    return cards, len(cards) or int(event.get("count") or 1)


#: the marks of an event of a move a bot made for a player (``bot_marked``): this app's own
#: (``for_you``), or another seat's (``by_bot``)
BOT_MARKS = ("for_you", "by_bot")
#: the events of a move a bot made for a player that the log says were the bot's (a 4's or an
#: ace's turn of direction too: "Cy (bot) reverses", between "Cy (bot) plays" and its draw)
BOT_MOVES = ("play", "draw", "pass", "last_card", "reverse")


def bot_marked(events: list[dict[str, Any]], seat: Any) -> list[dict[str, Any]]:
    """The events of a move a bot made for a player (``bot`` on its frame, on a move of the
    hand so far, or in a match log), ``seat``'s own marked ``for_you`` ("A bot for you plays
    ..."), another seat's ``by_bot`` ("Bo (bot) plays ...")."""
    return [{**e, ("for_you" if e.get("seat") == seat else "by_bot"): True}
            if e.get("kind") in BOT_MOVES and isinstance(e.get("seat"), int) and not isinstance(e.get("seat"), bool)
            else e for e in events]


def joined_draws(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Draws one after another by one seat as one draw of them all, the cards in the order
    drawn, as the table's log tells a search of the stock (crazy-eights 3.4: "Bo draws 9♥, 2♣,
    K♠"); a draw with its cards shown and one without, a debt taken (``owed``), a draw a bot
    made for the player and one of their own (``BOT_MARKS``), or anything told between them (a
    reshuffle of the pile) keeps them apart."""
    out: list[dict[str, Any]] = []
    for event in events:
        last = out[-1] if out else None
        if (event.get("kind") == "draw" and last is not None and last.get("kind") == "draw"
                and last.get("seat") == event.get("seat") and "owed" not in last
                and bool(last.get("cards")) == bool(event.get("cards"))
                and all(last.get(k) is event.get(k) for k in BOT_MARKS)):
            (before, had), (cards, count) = drawn(last), drawn(event)
            out[-1] = {**last, "count": had + count, **({"cards": before + cards} if cards else {})}
            continue
        out.append(event)
    return out


def told(events: list[dict[str, Any]], teams: Any = None) -> list[dict[str, Any]]:
    """The events worth telling, in the order they are told: a total reset that ends the hand
    (ninety-eight 5.1) goes back to 0 for no one, so the log, the chart and the replay leave it
    out; what a card does to the turns is told with its play (``turns_with_play``). With
    ``teams`` (the view's), what a team pays, antes or loses is told of the team (``of_teams``)."""
    return of_teams(turns_with_play(paid_short([e for i, e in enumerate(events)
                                                if not (e.get("kind") == "reset" and i + 1 < len(events)
                                                        and events[i + 1].get("kind") in ("hand_over", "round_over"))])),
                    teams)


def paid_short(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` with a landing on 99 marked ``short`` where a seat that pays for it has fewer
    than the 2 chips (ninety-nine 4.1: it pays what it has): "everyone else loses 2 chips",
    then "Bo loses 1 chip (0 left)", read as a contradiction."""
    out = list(events)
    for i, e in enumerate(out):
        if e.get("kind") != "99":
            continue
        paid = []
        for later in out[i + 1:]:
            if later.get("kind") != "chips":
                break
            paid.append(later.get("delta"))
        if any(isinstance(d, int) and -2 < d < 0 for d in paid):
            out[i] = {**e, "short": True}
    return out


#: what partners share (ninety-eight 7.2): the engine tells it of the team's first seat (its
#: chips and antes) or of the seat that went out (a life), and either read as one partner's
TEAM_KINDS = frozenset({"ante", "chips", "penalty"})


def of_teams(events: list[dict[str, Any]], teams: Any) -> list[dict[str, Any]]:
    """``events`` with ``team`` (the seats of the team that pays, antes or loses a life) and,
    for chips paid, ``to_team`` (the winners' team) where the table plays in teams: "Ana pays 1
    chip to you" was said where Cy, Ana's partner, went out, and the chip went to a team."""
    groups = [t for t in teams or [] if isinstance(t, list) and len(t) > 1]
    if not groups:
        return events

    def team(seat: Any) -> list[int] | None:
        return next((sorted(t) for t in groups if seat in t), None)

    out = []
    for e in events:
        mine = team(e.get("seat")) if e.get("kind") in TEAM_KINDS else None
        if mine is not None:
            e = {**e, "team": mine}
            if e.get("kind") == "chips" and team(e.get("to")) is not None:
                e["to_team"] = team(e.get("to"))
        elif e.get("kind") == "pot" and isinstance(e.get("to"), list):  # told of each team's first seat
            takers = [team(s) or [s] for s in e["to"]]
            e = {**e, "to": sorted({s for t in takers for s in t}), "teams_to": len(takers)}
        out.append(e)
    return out


#: what a card does to the turns: a 4's reverse, a jack's (or a Ninety-Eight skip card's) skip
TURN_EFFECTS = ("reverse", "skip")
#: what the engine tells between a play and the turn effect of its card: the marks its total
#: lands on or passes and the chips they cost (ninety-nine 3.3, 4.1), then the draw after it
#: (ninety-nine 3.2, ninety-eight 4.2, with a reshuffle where the stock ran out)
_AFTER_PLAY = frozenset({"landing", "passing", "chips", "out", "draw", "reshuffle"})


def turns_with_play(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` with a card's reverse or skip told right after its play, before the chips
    its total costs and the card drawn after it: the engine settles the turns last, but the
    4 reverses as it is played ("You play 4♥: 35", "You reverse: play goes anticlockwise",
    "You pass 33", "You draw J♥"). A Crazy Eights announcement or penalty between the play and
    its effect keeps the order as it is (said with the play, or for it)."""
    out: list[dict[str, Any]] = []
    for event in events:
        at = len(out)
        if event.get("kind") in TURN_EFFECTS:
            while at > 0 and out[at - 1].get("kind") in _AFTER_PLAY:
                at -= 1
            if at == len(out) or at == 0 or out[at - 1].get("kind") != "play":
                at = len(out)
        out.insert(at, event)
    return out


def seat_name(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int):
        return f"Seat {seat + 1}"
    return "Someone"


def _join(names: list[str], seats: Any) -> str:
    """The seats named as a subject, the player here first: "You and Bob", never "Bob and You"."""
    if not isinstance(seats, list) or not seats:
        return "nobody"
    words = [seat_name(names, s) for s in seats]
    if "You" in words[1:]:
        words.remove("You")
        words.insert(0, "You")
    return and_list(words)


def _object(name: str) -> str:
    """A seat's name after a verb or preposition: "pays a chip to you" ("to you and Cy")."""
    return "you" + name[3:] if name == "You" or name.startswith("You and ") else name


def _rank(rank: Any) -> str:
    return "10" if rank == "T" else str(rank)


def _cut(event: dict[str, Any], names: list[str], again: bool) -> str:
    """The rules README: the first dealer is cut for, highest rank (ace high), ties again; the
    cut is shown to everyone. A seat out of a tie's cut has no rank in it."""
    ranks = event.get("ranks")
    if not isinstance(ranks, list):
        ranks = []
    # the rank first: "3 to Normal bot" cannot read as a bot called "Normal bot 3"
    shown = ", ".join(f"{_rank(rank)} to {_object(seat_name(names, seat))}" for seat, rank in enumerate(ranks) if rank)
    head = "Cut again" if again else "The cut for the first deal (the highest card deals, aces high)"
    return f"{head}: {shown}"


_IRREGULAR = {"is": "are", "has": "have", "was": "were"}
#: a word ended by a space, punctuation or the end of the text: "reverses" in "You reverses:"
_WORD = r"(\w+)(?=[\s:;,.!?]|$)"
_FIRST = re.compile(r"^You " + _WORD)
_SECOND = re.compile(r" and " + _WORD)


#: a name whose first word is "you" (any case): "You plays" would read as the player here
_YOU_NAME = re.compile(r"you\b", re.IGNORECASE)


def other_name(name: str) -> str:
    """Another player's name, quoted when it begins with the word "you", so that a line about
    them never reads as one about the player at this terminal ("“You” plays", not "You
    play")."""
    return f"“{name}”" if _YOU_NAME.match(name) else name


def _you(text: str) -> str:
    """"You plays" reads wrong: put the verb after a leading "You" in the second person, and
    the verb after its "and" ("... and is out") too."""
    m = _FIRST.match(text)
    if not m or m.group(1) == "and":  # "You and Bob share": a plural subject, already agreeing
        return text
    rest = _SECOND.sub(lambda a: f" and {_plain(a.group(1))}", text[m.end():], count=1)
    return f"You {_plain(m.group(1))}{rest}"


def _plain(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def deal_word(game: str | None) -> str:
    """What a game calls one deal of the cards (``GameInfo.deal_word``): Ninety-Nine plays
    rounds, the others hands; "hand" for a game this app does not know."""
    info = GAMES.get(game) if isinstance(game, str) else None
    return info.deal_word if info is not None else "hand"


def won(names: list[str], seats: Any) -> str:
    """Who won, the verb agreeing: "Bob wins", "Ann and Bob win", and "You win" through
    ``_you`` like every other sentence about the player."""
    if not isinstance(seats, list) or not seats:
        return "nobody wins"
    return agree(names, seats, "wins", "win")


def agree(names: list[str], seats: list[int], one: str, more: str) -> str:
    """The seats as the subject of ``one`` (said of a seat) or ``more`` (of several), the verb
    agreeing with "You" as well: "Bo is the last ...", "You are the last ..."."""
    return _you(f"{_join(names, seats)} {one if len(seats) == 1 else more}")


def ending(event: dict[str, Any], names: list[str], number: Any = None) -> str:
    """The line that ends a hand, a round or the match: the log and the results title share it,
    so they read alike. ``number`` stands in for a hand or round the event does not number."""
    kind = event.get("kind")
    if kind == "match_over":
        return f"Match over: {won(names, event.get('winners'))}!"
    n = event.get("hand") or event.get("round") or number
    head = f"{'Round' if kind == 'round_over' else 'Hand'} {n or ''}".rstrip() + " over"
    if kind == "round_over":
        return f"{head}: {_round_end(event, names)}"
    seat = event.get("seat")
    who = event.get("winners") or ([seat] if isinstance(seat, int) else [])
    if who:
        return f"{head}: {went_out(event, names, who) or won(names, who)}"
    return f"{head}: blocked, nobody goes out" if event.get("blocked") else head


#: the cards of one seat's hand a line names at most at a hand's end (the points count them all)
LEFT_SHOWN = 15


def left_in_hands(event: dict[str, Any], names: list[str], style: str = "two-colour") -> list[str]:
    """A Crazy Eights hand's end as a table counts it (crazy-eights 5.2): a line for each seat
    left holding cards, with them and the points they score ("Left in Bo's hand: K♥, 2♥ (12
    points)"; in Countdown, where cards score nothing, the cards alone). None for any other
    event, or for a seat whose cards this app cannot read."""
    held, points = event.get("held"), event.get("points")
    if event.get("kind") != "hand_over" or not isinstance(held, list):
        return []
    lines = []
    for seat, cards in enumerate(held[:len(names) or None]):
        if not isinstance(cards, list) or not cards:
            continue
        try:
            shown = [card_label(str(card), style) for card in cards[:LEFT_SHOWN]]
        except ValueError:  # not a card: a host this app does not understand
            continue
        more = len(cards) - len(shown)
        listed = ", ".join(shown) + (f" and {more} more" if more > 0 else "")
        name = seat_name(names, seat)
        line = f"Left in {'your' if name == 'You' else name + chr(39) + 's'} hand: {listed}"
        if isinstance(points, list) and seat < len(points) and whole_number(points[seat]):
            line += f" ({counted(points[seat], 'point')})"
        lines.append(line)
    return lines


def went_out(event: dict[str, Any], names: list[str], who: list[Any]) -> str:
    """A Countdown hand's end as its players count it (crazy-eights 6.2): "You go out: your count
    goes 5 → 4"; on a count of 1 the seat wins the match instead (6.3). Empty for any other
    hand's end, or a count this app cannot read."""
    before, after = counts_of(event.get("counts_before")), counts_of(event.get("counts"))
    seat = who[0] if len(who) == 1 else None
    if before is None or after is None or not isinstance(seat, int) or not 0 <= seat < min(len(before), len(after)):
        return ""
    was, now = before[seat], after[seat]
    if was == now:
        return agree(names, [seat], f"goes out on a count of {now}", "")
    whose = "your" if seat_name(names, seat) == "You" else "their"
    return agree(names, [seat], f"goes out: {whose} count goes {was} → {now}", "")


def _round_end(event: dict[str, Any], names: list[str]) -> str:
    """What ended a Ninety-Nine round (3.3, 5.3). The event names a seat only for a 99; the
    lines before it in the log say who went over or ran out of cards and who paid."""
    reason = event.get("reason")
    if reason == "99" and isinstance(event.get("seat"), int):
        return f"{won(names, [event['seat']])} on 99"
    by = event.get("by")
    who = seat_name(names, by) if isinstance(by, int) else None
    if reason == "over":
        if who:
            return f"{who} took the total past 99 to {event.get('total')}"
        return f"the total went past 99 to {event.get('total')}"
    if reason == "no_cards":
        return f"{who} had no card to play" if who else "a player had no card to play"
    return f"the total is {event.get('total')}"


def announcement(count: Any = None) -> str:
    """The last-card announcement as it is said: "last card!", or in Countdown, which tells the
    seat's count with it (crazy-eights 6.4), "last card, on 5!"."""
    return f"last card, on {count}!" if count is not None else "last card!"


#: cells for a chat line's speaker's name where a mark follows it ("(watching)", "(seat 2)"):
#: fewer than a name alone has, so that the two together stay about as short
MARKED_NAME_ROOM = 20


def chat_name(name: str) -> str:
    """A chat line's speaker as shown: the name cleaned and cut with an ellipsis, and the mark
    ``seatnames.speaker`` put after it kept whole, so that a watcher with a long name cannot
    lose the "(watching)" that tells them from the player in a seat."""
    mark = speaker_mark(name)
    shown = clean(name[:len(name) - len(mark)]) or "?"
    return cut(shown, MARKED_NAME_ROOM if mark else NAME_LEN) + mark


def chat_text(name: str, text: str, system: bool = False) -> Text:
    """A chat line: the speaker in bold; the table's own lines (``system``) dimmed, so that a
    player who calls themself "Table" still reads as a player."""
    if system:
        return Text.assemble((chat_name(name), "bold dim italic"), ": ", (clean(text, CHAT_LEN), "dim italic"))
    return Text.assemble((chat_name(name), "bold"), ": ", clean(text, CHAT_LEN))


#: crazy-eights 4.2 and 4.4: why a penalty was taken, as a player says it
_REASONS = {"no announcement": 'not saying "last card!"', "wrong announcement": 'saying "last card!" wrongly',
            "announced going out": 'saying "last card!" on going out'}


def with_total_before(event: dict[str, Any], before: int | None) -> dict[str, Any]:
    """``event`` with the total it started from (``from``), where it is a play and that total is
    known: the event carries the total after only, and a Ninety-Nine 2 can reach one total by
    doubling and another by halving (17 and 68 both make 34)."""
    if event.get("kind") != "play" or not whole_number(before):
        return event
    return {**event, "from": before}


def two_effect(event: dict[str, Any], game: str | None) -> str:
    """"doubles" or "halves": what a Ninety-Nine 2 did to the total (2: halves an even total
    above 49, else doubles it), where the play carries the total it started from and the total
    after agrees; else ""."""
    if game != "ninety-nine" or not str(event.get("card") or "").startswith("2"):
        return ""
    o, t = event.get("from"), event.get("total")
    if not whole_number(o) or not whole_number(t):
        return ""
    if o % 2 == 0 and o > 49:
        return "halves" if t * 2 == o else ""
    return "doubles" if t == o * 2 else ""


def describe(event: dict[str, Any], names: list[str], style: str = "two-colour",
             game: str | None = None, before: dict[str, Any] | None = None) -> str | None:
    """One sentence for the log, or ``None`` for an event not worth a line. ``game`` names
    the deals as its rules do (Ninety-Nine plays rounds); ``before`` is the event just before
    it in the same update (a partner put out with the seat that could not play reads so)."""
    text: str | None
    seat = event.get("seat")
    if event.get("for_you") is True and isinstance(seat, int) and 0 <= seat < len(names):
        # a move a bot made for this player while they were away (the hand so far says so)
        names = [*names[:seat], "A bot for you", *names[seat + 1:]]
    elif event.get("by_bot") is True and isinstance(seat, int) and 0 <= seat < len(names) \
            and not names[seat].endswith(BOT_MARK):
        # one it made for another seat's player: "(bot)", though the seat reads "(idle)" or
        # "(away)" now or did not yet (the clock's bot moved for Dee before her seat went idle)
        names = [*names[:seat], unmarked(names[seat]) + BOT_MARK, *names[seat + 1:]]
    if event.get("kind") == "cut":
        text = _cut(event, names, again=before is not None and before.get("kind") == "cut")
    elif event.get("kind") == "eliminated" and before is not None and before.get("kind") == "eliminated":
        # ninety-eight 7.2 (teams): partners go out of the hand together
        first = seat_name(names, before.get("seat"))
        text = f"{seat_name(names, event.get('seat'))} goes out of the hand with {_object(first)}"
    else:
        text = _describe(event, names, style, game)
    return _you(text) if text else text


def _describe(event: dict[str, Any], names: list[str], style: str, game: str | None = None) -> str | None:
    kind = event.get("kind")
    who = seat_name(names, event.get("seat"))
    team = event.get("team")  # partners' own (``of_teams``)
    if kind in QUIET:
        return None
    if kind == "play":
        action = str(event.get("action") or event.get("card") or "")
        p = parse_play(action)
        card = str(event.get("card") or (p[0] if p else action))
        text = f"{who} plays {card_label(card, style) if p or card else action}"
        if p and p[1] is not None:
            text += f" as {p[1]:+d}"
        if p and p[2] is not None:
            text += f", naming {suit_label(p[2], style)}"
        if p and p[3] and event.get("left") != 1:
            # a play down to one card is followed by its own last_card event: said once, there
            text += ' ("last card!")'
        effect = two_effect(event, game)
        if effect:
            text += f" ({effect})"
        if event.get("total") is not None:
            text += f": {event['total']}"
        return text
    if kind == "draw":
        cards = event.get("cards")
        if isinstance(event.get("owed"), int):  # crazy-eights 7.1: a debt taken, in one line
            return _debt_taken(who, event["owed"], int(event.get("count", 0)), cards or [], style)
        if cards:
            return f"{who} draws {', '.join(card_label(c, style) for c in cards)}"
        return f"{who} draws {counted(event.get('count', 1), 'card')}"
    if kind == "deal":
        return f"{who} deals {deal_word(game)} {event.get('hand', '')}".rstrip()
    if kind == "reshuffle":
        return f"The pile is shuffled into a new stock of {event.get('stock', '?')}"
    if kind == "reverse":
        way = "clockwise" if event.get("direction", 1) == 1 else "anticlockwise"
        if event.get("same_next") is True:  # two seats: who plays next is as it was
            return f"{who} reverses: play goes {way}, and with two players the turns go on as before"
        return f"{who} reverses: play goes {way}"
    if kind == "skip":
        return f"{who} misses a turn"
    if kind == "pass":
        return f"{who} passes"
    if kind == "eliminated":
        return f"{who} cannot play at {event.get('total')} and is out of the hand"
    if kind == "penalty":
        said = event.get("reason")
        reason = f" for {_REASONS.get(str(said), said)}" if said else ""
        if "draw" in event:  # the draw line that follows says which cards
            return f"{who} must draw {counted(event['draw'], 'card')}{reason}"
        if "points" in event:
            return f"{who} takes a {event['points']}-point penalty{reason}"
        if "lives" in event:
            lives = event["lives"]  # ninety-eight 6.1: a penalty is a life (7.2: the team's)
            loses = f"{_join(names, team)} lose" if isinstance(team, list) else f"{who} loses"
            return f"{loses} a life ({'none' if lives == 0 else lives} left)"
        return f"{who} takes a penalty"
    if kind == "out":
        return f"{who} is out of the match"
    if kind == "reset":
        return f"The total goes back to {event.get('total', 0)}"
    if kind in ENDINGS:
        return ending(event, names)
    if kind == "ante":
        if isinstance(team, list):
            return f"{_join(names, team)} ante {counted(event.get('chips'), 'chip')} (pot {event.get('pot')})"
        return f"{who} antes {counted(event.get('chips'), 'chip')} (pot {event.get('pot')})"
    if kind == "chips":
        if "to" in event:
            to = event.get("to_team")
            payee = _object(_join(names, to) if isinstance(to, list) else seat_name(names, event["to"]))
            payer = f"{_join(names, team)} pay" if isinstance(team, list) else f"{who} pays"
            return f"{payer} {counted(event.get('chips'), 'chip')} to {payee}" + (
                f" ({event['left']} left)" if "left" in event else "")
        lost = -event["delta"] if isinstance(event.get("delta"), int) else event.get("chips")
        if isinstance(lost, int) and lost < 0:
            return f"{who} gains {counted(-lost, 'chip')}"
        return f"{who} loses {counted(lost, 'chip')}" + (
            f" ({event['left']} left)" if "left" in event else "")
    if kind == "pot":
        if event.get("pot") == 0:  # no ante (ninety-eight 6.3): nothing to take, nothing to say
            return None
        takers = event.get("to") or []
        # one seat takes it, one team (``of_teams``) take it, and two or more share it
        verb = "takes" if len(takers) == 1 else "take" if event.get("teams_to") == 1 else "share"
        return f"{_join(names, takers)} {verb} the pot of {event.get('pot')}"
    if kind == "landing":
        return f"{who} lands on {event.get('mark')}: everyone else loses a chip"
    if kind == "passing":
        return f"{who} passes {event.get('mark')}"  # the chips line that follows says what it costs
    if kind == "99":  # ninety-nine 3.3: the round is won, and the others pay
        return f"{who} lands on 99: everyone else loses 2 chips" + (ALL_THEY_HAVE if event.get("short") else "")
    if kind == "over":
        return f"{who} goes over 99 with {event.get('total')}"
    if kind == "no_cards":
        return f"{who} has no cards left to play"
    if kind == "starter":
        return f"The starter is {card_label(str(event.get('card')), style)}"
    if kind == "debt":
        return f"{who} must answer with a 2 or take {event.get('debt')} cards"
    if kind == "debt_paid":  # the draw line says which cards
        debt, drawn = event.get("debt"), event.get("drawn")
        if isinstance(debt, int) and isinstance(drawn, int) and drawn < debt:  # 3.5: no reshuffle, the stock ran out
            return f"{who} takes {drawn or 'none'} of the {counted(debt, 'card')} owed: the stock has no more"
        return f"{who} has paid the {counted(debt if isinstance(debt, int) else drawn, 'card')} owed"
    if kind == "last_card":
        return f'{who}: "{announcement(event.get("count"))}"'
    if kind == "out_of_cards":
        return f"{who} goes out"
    extra = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("kind", "seat"))
    label = str(kind).replace("_", " ")
    return f"{who}: {label}" + (f" ({extra})" if extra else "")


def _debt_taken(who: str, owed: int, count: int, cards: list[str], style: str) -> str:
    """"Bo takes the 2 cards owed", "You take the 2 cards owed: 9♥, 2♣"; fewer where the stock
    ran out with no pile to reshuffle (crazy-eights 3.5)."""
    shown = ", ".join(card_label(c, style) for c in cards)
    if count < owed:
        return (f"{who} takes {count or 'none'} of the {counted(owed, 'card')} owed"
                + (f" ({shown})" if shown else "") + ": the stock has no more")
    return f"{who} takes the {counted(owed, 'card')} owed" + (f": {shown}" if shown else "")


def action_text(action: str, style: str) -> str:
    """A logged action as the table writes it: ``K♠``, ``8♣, naming ♥ hearts``, ``draw``."""
    p = parse_play(action)
    if p is None:
        return clean(action, 40)
    card, value, suit, announced = p
    text = card_label(card, style)
    if value is not None:
        text += f" as {value:+d}"
    if suit is not None:
        text += f", naming {suit_label(suit, style)}"
    if announced:
        text += ' ("last card!")'
    return text
