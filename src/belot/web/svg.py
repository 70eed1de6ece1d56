"""Playing cards drawn as SVG by the project's own code (no third-party card art).

>>> card_svg(Card.from_str("JH")).startswith("<svg")
True

A card is a rounded white rectangle with its rank and suit in two corners and a centre picture:
pips for 7 to 10, a framed letter with a large suit for J Q K, one large suit for the ace.
"""

from __future__ import annotations

from functools import cache
from typing import Final
from xml.etree import ElementTree as ET

from belot.engine.cards import Card, Rank, Suit

__all__ = ["back_svg", "card_svg"]

WIDTH: Final = 100
HEIGHT: Final = 140
_RED: Final = "#c62828"
_BLACK: Final = "#1a1a1a"
_SUIT_PATHS: Final = {
    # Each suit drawn in a 0..100 box.
    Suit.HEARTS: "M50 92 C18 66 4 48 4 30 C4 14 16 4 29 4 C39 4 46 10 50 18 "
    "C54 10 61 4 71 4 C84 4 96 14 96 30 C96 48 82 66 50 92 Z",
    Suit.DIAMONDS: "M50 2 L88 50 L50 98 L12 50 Z",
    Suit.SPADES: "M50 4 C62 24 96 42 96 62 C96 76 86 84 74 84 C66 84 58 80 54 74 "
    "C56 84 60 92 68 98 L32 98 C40 92 44 84 46 74 C42 80 34 84 26 84 "
    "C14 84 4 76 4 62 C4 42 38 24 50 4 Z",
    Suit.CLUBS: "M50 4 C64 4 72 14 72 26 C72 34 68 40 63 44 C68 41 73 40 77 40 "
    "C89 40 98 50 98 62 C98 74 89 84 77 84 C66 84 58 78 54 70 C55 82 60 92 68 98 "
    "L32 98 C40 92 45 82 46 70 C42 78 34 84 23 84 C11 84 2 74 2 62 C2 50 11 40 23 40 "
    "C27 40 32 41 37 44 C32 40 28 34 28 26 C28 14 36 4 50 4 Z",
}
# Pip centres (x, y) on the 100 x 140 card for 7 to 10.
_PIPS: Final = {
    Rank.SEVEN: [(36, 32), (64, 32), (50, 51), (36, 70), (64, 70), (36, 108), (64, 108)],
    Rank.EIGHT: [(36, 32), (64, 32), (50, 51), (36, 70), (64, 70), (50, 89), (36, 108), (64, 108)],
    Rank.NINE: [
        (36, 30),
        (64, 30),
        (36, 56),
        (64, 56),
        (50, 70),
        (36, 84),
        (64, 84),
        (36, 110),
        (64, 110),
    ],
    Rank.TEN: [
        (36, 30),
        (64, 30),
        (50, 43),
        (36, 56),
        (64, 56),
        (36, 84),
        (64, 84),
        (50, 97),
        (36, 110),
        (64, 110),
    ],
}


def _colour(suit: Suit) -> str:
    return _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _suit(parent: ET.Element, suit: Suit, x: float, y: float, size: float, flip: bool) -> None:
    """A suit symbol of ``size`` centred on (x, y), upside down when ``flip``."""
    scale = size / 100
    transform = f"translate({x - size / 2:.2f} {y - size / 2:.2f}) scale({scale:.3f})"
    if flip:
        transform += " rotate(180 50 50)"
    ET.SubElement(parent, "path", d=_SUIT_PATHS[suit], fill=_colour(suit), transform=transform)


def _root(title: str) -> ET.Element:
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {WIDTH} {HEIGHT}",
        width=str(WIDTH),
        height=str(HEIGHT),
        role="img",
    )
    ET.SubElement(svg, "title").text = title
    return svg


def _outline(svg: ET.Element) -> None:
    """The card's rounded white border, shared by faces and backs."""
    ET.SubElement(
        svg,
        "rect",
        x="1",
        y="1",
        width=str(WIDTH - 2),
        height=str(HEIGHT - 2),
        rx="8",
        fill="#fffdf7",
        stroke="#888",
        attrib={"stroke-width": "1.5"},
    )


@cache
def card_svg(card: Card) -> str:
    """The face of ``card`` as a standalone SVG document."""
    suit, rank = card.suit, card.rank
    colour = _colour(suit)
    svg = _root(str(card))
    _outline(svg)
    label = rank.text
    for flip in (False, True):
        corner = ET.SubElement(svg, "g")
        if flip:
            corner.set("transform", f"rotate(180 {WIDTH / 2} {HEIGHT / 2})")
        text = ET.SubElement(
            corner,
            "text",
            x="12" if len(label) == 1 else "14",
            y="24",
            fill=colour,
            attrib={
                "font-family": "Georgia, 'DejaVu Serif', serif",
                "font-size": "22",
                "font-weight": "bold",
                "text-anchor": "middle",
            },
        )
        text.text = label
        _suit(corner, suit, 12, 37, 14, False)
    if rank in _PIPS:
        for x, y in _PIPS[rank]:
            _suit(svg, suit, x, y, 17, y > 75)
    elif rank == Rank.ACE:
        _suit(svg, suit, 50, 70, 50, False)
    else:
        ET.SubElement(
            svg,
            "rect",
            x="22",
            y="24",
            width="56",
            height="92",
            rx="4",
            fill="none",
            stroke=colour,
            attrib={"stroke-width": "2"},
        )
        text = ET.SubElement(
            svg,
            "text",
            x="50",
            y="72",
            fill=colour,
            attrib={
                "font-family": "Georgia, 'DejaVu Serif', serif",
                "font-size": "40",
                "font-weight": "bold",
                "text-anchor": "middle",
            },
        )
        text.text = label
        _suit(svg, suit, 50, 96, 24, False)
    return ET.tostring(svg, encoding="unicode")


@cache
def back_svg() -> str:
    """The back of a card: a blue lattice in a white border."""
    svg = _root("card back")
    _outline(svg)
    defs = ET.SubElement(svg, "defs")
    pattern = ET.SubElement(
        defs,
        "pattern",
        id="lattice",
        width="10",
        height="10",
        patternUnits="userSpaceOnUse",
        patternTransform="rotate(45)",
    )
    ET.SubElement(pattern, "rect", width="10", height="10", fill="#1f4e8c")
    ET.SubElement(
        pattern, "path", d="M0 5 H10 M5 0 V10", stroke="#6f9bd6", attrib={"stroke-width": "2"}
    )
    ET.SubElement(svg, "rect", x="8", y="8", width="84", height="124", rx="5", fill="url(#lattice)")
    return ET.tostring(svg, encoding="unicode")
