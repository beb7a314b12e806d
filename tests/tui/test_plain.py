"""Names cut to fit their room: by terminal cells (a wide character takes two), never leaving a
blank before the ellipsis, and keeping a trailing number so numbered seats still read apart."""
from __future__ import annotations

from rich.cells import cell_len

from tui.plain import counted, cut, printable
from tui.session import TableSession


def test_a_name_that_fits_is_left_alone() -> None:
    assert cut("Ana", 3) == "Ana" and cut("", 5) == ""


def test_a_long_name_ends_in_an_ellipsis_with_no_blank_before_it() -> None:
    assert cut("Bea Smith-Jones", 5) == "Bea…"  # "Bea S" would leave "Bea " before the ellipsis
    assert cut("Bea Smith-Jones", 8) == "Bea Smi…"


def test_a_trailing_number_survives_the_cut() -> None:
    assert cut("Normal bot 5", 5) == "Nor…5"
    assert cut("Normal bot 12", 6) == "Nor…12"
    assert cut("Normal bot 12", 4) == "Nor…"  # no room for the number beside a letter: cut as a name


def test_wide_characters_count_two_cells() -> None:
    name = "山田太郎さん"  # twelve cells
    short = cut(name, 7)
    assert short == "山田太…" and cell_len(short) <= 7


def test_a_flag_is_never_cut_in_half() -> None:
    """A flag is two letters, drawn as one sign: the first alone reads as a letter ("🇯")."""
    flag = "\U0001f1ef\U0001f1f5"
    assert cut(flag * 4, 4) == flag + "…" and cut(flag * 4, 5) == flag * 2 + "…"
    assert cut("ab" + flag * 4, 6) == "ab" + flag + "…"
    assert cut("a\U0001f1efbcdef", 4) == "a\U0001f1efb…"  # a letter of a flag alone is one sign


def test_no_room_at_all() -> None:
    assert cut("Ana", 1) == "…" and cut("Ana", 0) == ""


def test_a_seat_marker_follows_a_name_cut_by_cells() -> None:
    """A player's seat a bot took over, or whose player is away, keeps its marker after a name
    cut to its seat box's room in cells, wide characters included: the session names the seat
    whole, the box cuts the name and never the mark."""
    from tui.widgets.seats import cut_apart

    class Lobby(TableSession):
        def __init__(self, seats: list[dict]) -> None:  # the names only: no app, no client, no view
            self.lobby = {"seats": seats}
            self.client = None
            self.view = None

    names = Lobby([{"name": "山田太郎さんと仲間たち", "bot": "normal"},
                   {"name": "Bartholomew the Bold", "bot": None, "connected": False}]).names
    assert names == ["山田太郎さんと仲間たち (bot)", "Bartholomew the Bold (away)"]
    boxed = cut_apart(names, 16)
    assert boxed[0].endswith(" (bot)") and cell_len(boxed[0]) <= 16 and boxed[0].startswith("山田")
    assert boxed[1] == "Bartholo… (away)"


def test_a_notice_keeps_its_lines_and_loses_every_control_character() -> None:
    """What a host writes reaches a notice (``DealMeInApp.notify``): an escape, a bell, a
    carriage return or a bidi override would act on the terminal; the lines stay."""
    shown = printable("Left the table:\n\x1b]52;c;eA==\x1b\\ end\x07\r \u202eevil \x1b[2J")
    assert shown == "Left the table:\n]52;c;eA==\\ end evil [2J"


def test_a_notice_keeps_tabs_as_blanks_emoji_sequences_and_icon_glyphs() -> None:
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    assert printable(f"a\tb {family} \ue0a0") == f"a b {family} \ue0a0"


def test_a_count_takes_the_word_for_that_many() -> None:
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [counted(n, "life", "lives") for n in (1, 3)] == ["1 life", "3 lives"]
    assert counted(-1, "chip") == "-1 chips"
