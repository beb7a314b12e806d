"""Why a match ended, in one sentence from its last view: the results box and the log say it
under "Match over", so a player who did not follow the last hand still knows what decided it."""
from __future__ import annotations

from typing import Any

from core.whole import whole_number

from .eventtext import agree


def why_over(view: dict[str, Any], names: list[str]) -> str:
    """The rule that ended the match, told of its seats ("Bo is the last player with lives
    left"); empty for a view that is not over, a game it does not know, or a view it cannot read
    (a host's view is checked for its shape only)."""
    winners = view.get("winners")
    if not view.get("is_over") or not isinstance(winners, list) or not winners:
        return ""
    if not all(whole_number(seat) for seat in winners):
        return ""
    status = view.get("status")
    if not isinstance(status, list) or not all(isinstance(s, dict) for s in status):
        return ""
    game = view.get("game")
    if game == "ninety-eight":
        return _ninety_eight(view, status, names, winners)
    if game == "ninety-nine":  # 1.3, 4.2
        return agree(names, winners, "is the last player with chips left.", "are the last players with chips left.")
    if game == "crazy-eights":
        return _crazy_eights(view, status, names, winners)
    return ""


def _ninety_eight(view: dict[str, Any], status: list[dict[str, Any]], names: list[str],
                  winners: list[int]) -> str:
    teams = view.get("teams")
    who = "team" if teams else "player"
    scoring = view.get("scoring")
    if scoring == "single":  # 6.1
        return "The match is a single hand: its winner wins the match."
    if scoring == "penalties":  # 6.2, 7.2
        return agree(names, winners, f"is the last {who} with lives left.", f"are the last {who} with lives left.")
    if scoring != "stakes":
        return ""
    # 6.3: one seat (or team) with chips, or the hands played out and the most chips win; with
    # no ante there is no pot to take. The chips are as the pot left them: no counts are quoted
    options = _options(view)
    pot = options.get("ante") != 0
    groups = teams if isinstance(teams, list) else [[seat] for seat in range(len(status))]
    groups = [g for g in groups if isinstance(g, list) and g and all(isinstance(s, int) for s in g)]
    holding = [g for g in groups if _number(status, g[0], "chips") > 0]
    won = [g for g in groups if set(g) & set(winners)]
    hand, limit = view.get("hand_number"), options.get("hands")
    by_hands = isinstance(hand, int) and isinstance(limit, int) and hand >= limit
    if len(won) == 1 and len(holding) == 1:
        return agree(names, winners, f"is the last {who} with chips left{', and takes the pot' if pot else ''}.",
                     f"are the last {who} with chips left{', and take the pot' if pot else ''}.")
    if not by_hands and isinstance(hand, int):  # ended early with a tie: no chips left anywhere
        return agree(names, winners, "", f"tie with no chips left after hand {hand}"
                                         f"{', and split the pot' if pot else ''}.")
    after = f"After {_hands(hand)}, " if isinstance(hand, int) else "With every hand played, "
    if len(won) > 1:  # a tie splits the pot
        return after + _lower_you(agree(names, winners, "", f"are level on chips{' and split the pot' if pot else ''}."))
    return after + _lower_you(agree(names, winners, f"has the most chips{' and takes the pot' if pot else ''}.",
                                    f"have the most chips{' and take the pot' if pot else ''}."))


def _options(view: dict[str, Any]) -> dict[str, Any]:
    options = view.get("options")
    return options if isinstance(options, dict) else {}


def _hands(n: int) -> str:
    return "1 hand" if n == 1 else f"{n} hands"


def _crazy_eights(view: dict[str, Any], status: list[dict[str, Any]], names: list[str],
                  winners: list[int]) -> str:
    options = _options(view)
    if options.get("countdown"):  # 6.3
        return agree(names, winners, "went out on a count of 1.", "went out on a count of 1.")
    target = view.get("target")
    if not isinstance(target, int):
        return ""
    reached = [seat for seat in range(len(status)) if _number(status, seat, "score") >= target]
    if not reached:
        return ""
    lowest = "the lowest scores tie and share the win" if len(winners) > 1 else "the lowest score wins"
    if len(reached) == 1:
        score = _number(status, reached[0], "score")
        return agree(names, reached, f"reached {score} points (the target is {target}): {lowest}.",
                     f"reached {score} points (the target is {target}): {lowest}.")
    return agree(names, reached, "", f"reached the target of {target} points: {lowest}.")


def _lower_you(sentence: str) -> str:
    """A sentence that goes on from a clause: "After 10 hands, you have ..."."""
    return "you" + sentence[3:] if sentence.startswith(("You ", "You,")) else sentence


def _number(status: list[dict[str, Any]], seat: int, key: str) -> int:
    value = status[seat].get(key) if 0 <= seat < len(status) else None
    return value if whole_number(value) else 0
