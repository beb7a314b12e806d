"""Card styles: glyphs and colour roles for two-colour, four-colour and ASCII suits."""
from __future__ import annotations

import pytest

from themes.card_styles import CARD_STYLES, DEFAULT_CARD_STYLE, CardFace, card_face


def test_three_styles_ship() -> None:
    assert {"two-colour", "four-colour", "ascii"} <= set(CARD_STYLES)
    assert DEFAULT_CARD_STYLE in CARD_STYLES


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("TH", CardFace("10", "♥", "suit-hearts")),
        ("AS", CardFace("A", "♠", "suit-spades")),
        ("7D", CardFace("7", "♦", "suit-hearts")),
        ("KC", CardFace("K", "♣", "suit-spades")),
    ],
)
def test_two_colour_pairs_diamonds_with_hearts_and_clubs_with_spades(card: str, expected: CardFace) -> None:
    assert card_face(card, "two-colour") == expected


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("TH", CardFace("10", "♥", "suit-hearts")),
        ("AS", CardFace("A", "♠", "suit-spades")),
        ("7D", CardFace("7", "♦", "suit-diamonds")),
        ("KC", CardFace("K", "♣", "suit-clubs")),
    ],
)
def test_four_colour_gives_each_suit_its_own_colour_and_keeps_the_shape(card: str, expected: CardFace) -> None:
    assert card_face(card, "four-colour") == expected


def test_ascii_uses_letters_only() -> None:
    faces = [card_face(c, "ascii") for c in ("QS", "QH", "QD", "QC", "JK")]
    assert [f.text for f in faces] == ["QS", "QH", "QD", "QC", "JK*"]
    assert all(f.text.isascii() for f in faces)
    assert [f.colour for f in faces[:4]] == ["suit-spades", "suit-hearts", "suit-hearts", "suit-spades"]


def test_every_card_in_every_style_has_one_cell_rank_or_ten_and_a_one_char_glyph() -> None:
    for style in CARD_STYLES:
        glyphs = set()
        for suit in "SHDC":
            for rank in "A23456789TJQK":
                face = card_face(rank + suit, style)
                assert len(face.suit) == 1 and len(face.rank) == (2 if rank == "T" else 1)
                glyphs.add(face.suit)
        assert len(glyphs) == 4, style  # the suit is always told apart by its glyph


def test_input_forms_and_joker() -> None:
    assert card_face("10h") == card_face("TH")
    assert card_face("JK", "four-colour") == CardFace("JK", "★", "suit-joker")


@pytest.mark.parametrize(("card", "style"), [("1X", "ascii"), ("", "ascii"), ("AS", "pink")])
def test_bad_card_or_style_is_a_value_error(card: str, style: str) -> None:
    with pytest.raises(ValueError):
        card_face(card, style)
