"""Bela's cheat sheet in Croatian, for Bela's players (``belot cheatsheet --game bela --lang hr``).

Only Bela's sheet is written in Croatian, as the web pages write only Bela's table and rules in
it (``belot.web.croatian``): the keys are the shared texts that Bela's sheet uses
(``belot.cheatsheet.words.SHARED``) and Bela's own (``belot.cheatsheet.bela.TEXTS``). Bela's
words: adut, zvanje, štih, dalje, štiglja, pad, talon; the suits and card faces come from
:mod:`belot.words` (tref, karo, herc, pik; J, Q, K, A).
"""

from __future__ import annotations

from typing import Final

__all__ = ["CROATIAN"]

#: key of the sheets' texts -> its Croatian format string.
CROATIAN: Final[dict[str, str]] = {
    # The shared words (belot.cheatsheet.words.SHARED) that Bela's sheet uses.
    "ranking": "Jačina karata",
    "contract": "Boja",
    "strongest": "Od najjače do najslabije",
    "trump_suit": "Adutska boja",
    "plain_suit": "Boja koja nije adut",
    "points": "Vrijednost karata",
    "card": "Karta",
    "trump": "Adut",
    "plain": "Ostale boje",
    "declarations": "Zvanja",
    "declaration": "Zvanje",
    "combination": "Kombinacija",
    "pts": "Bodovi",
    "tierce": "Terca",
    "tierce_is": "3 u nizu u jednoj boji",
    "quarte": "Kvarta",
    "quarte_is": "4 u nizu",
    "quinte": "Kvinta",
    "quinte_is": "5 ili više u nizu",
    "four": "Četiri iste",
    "belot_is": "{k} + {q} u adutu",
    "obligations": "Obveze u igri",
    "must": "Što se mora igrati",
    "any_card": "bilo koja karta",
    "legend": "J = dečko, Q = dama, K = kralj, A = as.",
    "or": "ili",
    "natural": "Nizovi uvijek idu prirodnim redom {natural}.",
    "trump_wins": "Adut tuče svaku kartu koja nije adut. Inače štih nosi najveća karta tražene "
    "boje; karta druge boje nikad ne nosi štih.",
    "suits": "Adut: {suits}.",
    "clockwise": "u smjeru kazaljke na satu, od igrača lijevo od djelitelja",
    "counter_clockwise": "suprotno od kazaljke na satu, od igrača desno od djelitelja",
    "when": "Kada",
    "led": "Tražena boja",
    "void": "Bez tražene boje",
    "must_led": "Odgovara se na boju. Kad se igra adut: jači adut od svih u štihu ako ga imaš, "
    "i preko partnera.",
    "score": "Bodovanje dijeljenja",
    "end": "Kraj partije",
    "match": "Igra se do {target}. Na kraju dijeljenja pobjeđuje ekipa koja ima {target} ili više "
    "i vodi; izjednačeno: igra se dalje.",
    "footer": "Napravljeno naredbom `belot cheatsheet --game {game} --lang {lang}` iz tablica "
    "programa.",
    # Bela's own (belot.cheatsheet.bela.TEXTS).
    "title": "Podsjetnik za belu",
    "subtitle": "Hrvatska bela: šest karata i dvije skrivene, djelitelj mora zvati adut. "
    "Napravljeno iz tablica samog programa belot.",
    "belot": "Bela",
    "deck": "Svako dijeljenje: {cards} u kartama + {last} za zadnji štih = {total}. Štiglja "
    "(svih osam štihova): +{stiglja}.",
    "compare": "Zvanja se zovu s prvom kartom, inače propadaju. Uspoređuje se najjače zvanje "
    "svake ekipe: veća vrijednost pobjeđuje, četiri iste tuku niz iste vrijednosti, zatim "
    "jača najviša karta, zatim ekipa koja je prva desno od djelitelja. Pobjednik piše sva "
    "svoja zvanja.",
    "one_card": "Karta vrijedi samo u jednom zvanju.",
    "two_cards": "Karta smije vrijediti u četiri iste i u nizu.",
    "belot_wins": "Svih {eight} karata jedne boje u jednoj ruci (belot), zvano: partija je odmah "
    "dobivena.",
    "bela": "Bela ({k} + {q} u adutu, {points}): zove se s prvom od dviju karata. Ekipa koja ne "
    "uzme nijedan štih gubi svoja zvanja i bele u korist druge ekipe.",
    "calling": "Zvanje aduta",
    "deal": "Dijeli se po {first} + {second} karata, {start}, i po {hidden} skrivene karte "
    "(talon), koje se vide tek kad je adut zvan.",
    "once": "Svaki igrač jednom zove jednu od {suits} boje ili kaže dalje; prvi koji zove "
    "određuje adut. Kad {passes} igrača kažu dalje, djelitelj mora zvati.",
    "only_suits": "Nema igre bez aduta, ni sve adut, ni kontre.",
    "must_led_beat": "Odgovara se na boju i tuče se karta koja nosi štih ako možeš, u svakoj "
    "boji, i preko partnera, osim ako je štih u boji koja nije adut već presječen.",
    "must_void_trump": "Siječe se adutom, bez obzira tko nosi štih; nadsiječe se ako možeš, "
    "inače bilo koji adut. Nemaš aduta: bilo koja karta.",
    "partner": "Tvoj partner nosi štih u boji koja nije adut: samo odgovaraš na boju ili igraš "
    "bilo koju kartu.",
    "passes": "Ekipa koja je zvala prolazi s više bodova od druge ekipe (karte, zadnji štih, "
    "upisana zvanja, bela): svaka ekipa piše svoje, točno ({won} → {written}).",
    "falls": "Inače je pad: druga ekipa piše sve bodove dijeljenja, zajedno s belom ekipe koja "
    "je zvala ({lost} s belom {bela} → {written}).",
    "tie_fails": "Izjednačeno: ekipa koja je zvala pada ({tie} → {written}).",
    "tie_hangs": "Izjednačeno: druga ekipa piše svoje, a {hanging} bodova ekipe koja je zvala "
    "visi do pobjednika sljedećeg dijeljenja ({tie} → {written}).",
    "belot_ends": "Belot odmah završava partiju.",
}
