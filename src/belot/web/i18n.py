"""The words of the web pages in every language of ``LANGUAGES`` (a table passed to the pages).

The suits' and contracts' names come from :mod:`belot.words` (one table for the cheat sheets,
the terminal and the web); Croatian, for Bela's players, from :mod:`belot.web.croatian`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from starlette.exceptions import HTTPException

from belot.engine.contracts import Contract
from belot.web.croatian import CROATIAN
from belot.words import contract_name

__all__ = ["LANGUAGES", "TEXTS", "Missing", "language", "refusal", "texts"]

LANGUAGES: Final = ("en", "bg", "fr", "hr")

#: key -> {language: text}; every key has every language of ``LANGUAGES`` (a test checks it;
#: a word still missing in one shows in English rather than as its key).
TEXTS: Final[dict[str, dict[str, str]]] = {
    "title": {"en": "Belot", "bg": "Белот", "fr": "Belote"},
    "new_table": {"en": "New table", "bg": "Нова маса", "fr": "Nouvelle table"},
    "create": {"en": "Create the table", "bg": "Създай масата", "fr": "Créer la table"},
    "join": {"en": "Join", "bg": "Влез", "fr": "Rejoindre"},
    "join_code": {"en": "Table code", "bg": "Код на масата", "fr": "Code de la table"},
    "in_progress": {
        "en": "Your games in progress",
        "bg": "Твоите незавършени игри",
        "fr": "Vos parties en cours",
    },
    "continue": {"en": "Continue", "bg": "Продължи", "fr": "Continuer"},
    "your_name": {"en": "Your name", "bg": "Твоето име", "fr": "Votre nom"},
    "seat_N": {"en": "North", "bg": "Север", "fr": "Nord"},
    "seat_E": {"en": "East", "bg": "Изток", "fr": "Est"},
    "seat_S": {"en": "South", "bg": "Юг", "fr": "Sud"},
    "seat_W": {"en": "West", "bg": "Запад", "fr": "Ouest"},
    "you": {"en": "you", "bg": "ти", "fr": "vous"},
    "person": {"en": "a person", "bg": "човек", "fr": "une personne"},
    "bot": {"en": "computer", "bg": "компютър", "fr": "ordinateur"},
    "level": {"en": "level", "bg": "ниво", "fr": "niveau"},
    "level_random": {"en": "random", "bg": "случайно", "fr": "au hasard"},
    "level_basic": {"en": "basic", "bg": "начинаещ", "fr": "débutant"},
    "level_strong": {"en": "strong", "bg": "силен", "fr": "fort"},
    "level_expert": {"en": "expert", "bg": "експерт", "fr": "expert"},
    "rules": {"en": "Rules", "bg": "Правила", "fr": "Règles"},
    "timer": {
        "en": "Turn timer (seconds, 0 = off)",
        "bg": "Време за ход (секунди, 0 = без)",
        "fr": "Temps par coup (secondes, 0 = sans)",
    },
    "hints_on": {"en": "Hint button", "bg": "Бутон за подсказка", "fr": "Bouton d'aide"},
    "passes_after_double": {
        "en": "Passes that end the auction after contra",
        "bg": "Пасове след контра",
        "fr": "Passes qui closent les enchères après contre",
    },
    "nt_last_trick": {
        "en": "Last trick in no trumps",
        "bg": "Последна ръка без коз",
        "fr": "Dernier pli à sans-atout",
    },
    "declaration_compare": {
        "en": "Compare declarations",
        "bg": "Сравняване на анонси",
        "fr": "Comparer les annonces",
    },
    "separate": {
        "en": "sequences and fours apart",
        "bg": "поредици и каре поотделно",
        "fr": "suites et carrés à part",
    },
    "single": {
        "en": "best declaration only",
        "bg": "само най-добрият анонс",
        "fr": "la meilleure annonce seule",
    },
    "belot_when_trumping": {
        "en": "Belot counts when trumping",
        "bg": "Белот при цакане се брои",
        "fr": "La belote compte en coupant",
    },
    "double_scoring": {"en": "Doubled deals", "bg": "Контра", "fr": "Donnes contrées"},
    "winner_takes_all": {
        "en": "winner takes all",
        "bg": "победителят взима всичко",
        "fr": "le gagnant prend tout",
    },
    "per_team": {
        "en": "each team its own",
        "bg": "всеки отбор своите",
        "fr": "chaque équipe les siens",
    },
    "redeal_same_dealer": {
        "en": "Same dealer after all pass",
        "bg": "Същият раздава след 4 паса",
        "fr": "Même donneur après quatre passes",
    },
    "target": {"en": "Game to", "bg": "Игра до", "fr": "Partie en"},
    "share": {
        "en": "Share this link or code",
        "bg": "Сподели връзката или кода",
        "fr": "Partagez ce lien ou ce code",
    },
    "sit": {"en": "Sit here", "bg": "Седни тук", "fr": "S'asseoir ici"},
    "start_now": {
        "en": "Start (bots fill free seats)",
        "bg": "Започни (ботове на свободните места)",
        "fr": "Commencer (des robots aux places libres)",
    },
    "waiting_players": {
        "en": "Waiting for players…",
        "bg": "Чакаме играчи…",
        "fr": "En attente des joueurs…",
    },
    "spectator": {"en": "You are watching", "bg": "Гледаш играта", "fr": "Vous regardez la partie"},
    "cut_title": {"en": "Your cut", "bg": "Ти цепиш", "fr": "À vous de couper"},
    "cut_help": {
        "en": "Pick where to cut the deck, or let it happen.",
        "bg": "Избери къде да цепиш тестето или остави на случая.",
        "fr": "Choisissez où couper le paquet, ou laissez faire le hasard.",
    },
    "cut_here": {"en": "Cut", "bg": "Цепи", "fr": "Couper"},
    "cut_random": {"en": "Let it happen", "bg": "Цепи случайно", "fr": "Couper au hasard"},
    "cut": {"en": "cut", "bg": "цепене", "fr": "coupe"},
    "auction": {"en": "Your call", "bg": "Твоята обява", "fr": "À vous de parler"},
    "pass": {"en": "Pass", "bg": "Пас", "fr": "Passe"},
    # "clubs" ... "all-trumps", and "short_no-trumps": NT, БК, SA (the game's own words).
    **{c.text: {code: contract_name(c, code) for code in LANGUAGES} for c in Contract},
    **{
        f"short_{c.text}": {code: contract_name(c, code, short=True) for code in LANGUAGES}
        for c in (Contract.NO_TRUMPS, Contract.ALL_TRUMPS)
    },
    "contra": {"en": "Contra", "bg": "Контра", "fr": "Contre"},
    "recontra": {"en": "Recontra", "bg": "Реконтра", "fr": "Surcontre"},
    "game": {"en": "Game", "bg": "Игра", "fr": "Jeu"},
    "game_bulgarian": {"en": "Bulgarian Belot", "bg": "Български белот", "fr": "Belote bulgare"},
    "game_french": {"en": "French Belote", "bg": "Френски белот", "fr": "Belote"},
    "game_coinche": {"en": "Coinche", "bg": "Коанш", "fr": "Coinche"},
    "game_bela": {"en": "Bela (Croatian)", "bg": "Бела (хърватска)", "fr": "Bela (croate)"},
    "game_options": {
        "en": "Options of this game",
        "bg": "Правила на тази игра",
        "fr": "Règles de ce jeu",
    },
    "bidding": {"en": "Bidding", "bg": "Обявяване", "fr": "Enchères"},
    "turned_card": {"en": "Turned card", "bg": "Обърната карта", "fr": "Carte retournée"},
    "take": {"en": "Take", "bg": "Вземам", "fr": "Prendre"},
    "round_take": {
        "en": "Round 1: take the turned card's suit as trumps, or pass",
        "bg": "Първи кръг: вземи боята на обърнатата карта за коз или пас",
        "fr": "Premier tour : prendre la couleur de la carte retournée comme atout, ou passer",
    },
    "round_name": {
        "en": "Round 2: name another suit as trumps, or pass",
        "bg": "Втори кръг: обяви друга боя за коз или пас",
        "fr": "Second tour : nommer une autre couleur d'atout, ou passer",
    },
    "took": {"en": "took", "bg": "взе", "fr": "a pris"},
    "bid_help": {
        "en": "Your bid: choose the points, then the suit",
        "bg": "Твоята обява: избери точките, после боята",
        "fr": "Votre annonce : choisissez les points, puis la couleur",
    },
    "bid_points": {"en": "Points", "bg": "Точки", "fr": "Points"},
    "bid_suit": {"en": "Suit", "bg": "Боя", "fr": "Couleur"},
    "capot": {"en": "capot", "bg": "капо", "fr": "capot"},
    "coinche": {"en": "Coinche", "bg": "Коанш", "fr": "Coinche"},
    "surcoinche": {"en": "Surcoinche", "bg": "Сюркоанш", "fr": "Surcoinche"},
    "name_trumps": {"en": "Name trumps", "bg": "Обяви коз", "fr": "Nommer l'atout"},
    "name_help": {
        "en": "Name a suit as trumps, or pass",
        "bg": "Обяви боя за коз или пас",
        "fr": "Nommez une couleur d'atout, ou passez",
    },
    "dealer_must_name": {
        "en": "The others passed: the dealer must name trumps",
        "bg": "Другите казаха пас: раздаващият трябва да обяви коз",
        "fr": "Les autres ont passé : le donneur doit nommer l'atout",
    },
    "hidden_cards": {
        "en": "Two cards face down: you pick them up once trumps are named",
        "bg": "Две карти с лицето надолу: взимаш ги, щом бъде обявен коз",
        "fr": "Deux cartes face cachée : vous les prenez une fois l'atout nommé",
    },
    "silent_bela": {
        "en": "Keep the bela silent",
        "bg": "Без обявяване на бела",
        "fr": "Taire la bela",
    },
    "belote": {"en": "Belote!", "bg": "Белот!", "fr": "Belote !"},
    "rebelote": {"en": "Rebelote!", "bg": "Ребелот!", "fr": "Rebelote !"},
    "bela": {"en": "Bela!", "bg": "Бела!", "fr": "Bela !"},
    "dedans": {"en": "dedans", "bg": "дедан", "fr": "dedans"},
    "pad": {"en": "fell (pad)", "bg": "пад", "fr": "chute (pad)"},
    "stiglja": {
        "en": "stiglja (every trick)",
        "bg": "щигля (всички ръце)",
        "fr": "štiglja (tous les plis)",
    },
    "forced_undertrump": {
        "en": "Forced undertrump",
        "bg": "Задължително подцакване",
        "fr": "Sous-coupe obligatoire",
    },
    "declarations_on": {
        "en": "Sequences and fours are announced",
        "bg": "Обявяват се поредици и карета",
        "fr": "On annonce suites et carrés",
    },
    "coinche_capot": {
        "en": "A capot bid may be coinched",
        "bg": "Обява капо може да се коаншира",
        "fr": "Un capot annoncé peut être coinché",
    },
    "contract_test": {
        "en": "The contract is made with",
        "bg": "Играта е изкарана с",
        "fr": "Le contrat est rempli avec",
    },
    "test_seed": {
        "en": "82 card points and the bid",
        "bg": "82 точки от карти и обявата",
        "fr": "82 points de cartes et l'annonce",
    },
    "test_total": {
        "en": "the bid (82 card points only for 80)",
        "bg": "обявата (82 точки само при 80)",
        "fr": "l'annonce (82 points seulement pour 80)",
    },
    "double_scope": {
        "en": "A coinche multiplies",
        "bg": "Коаншът умножава",
        "fr": "Une coinche multiplie",
    },
    "scope_whole": {"en": "the whole score", "bg": "целия резултат", "fr": "tout le score"},
    "scope_bid_only": {"en": "the bid only", "bg": "само обявата", "fr": "l'annonce seule"},
    "surcoinche_multiplier": {
        "en": "A surcoinche multiplies by",
        "bg": "Сюркоаншът умножава по",
        "fr": "Une surcoinche multiplie par",
    },
    "rounding": {"en": "Points written", "bg": "Записване на точките", "fr": "Points marqués"},
    "round_nearest_ten": {
        "en": "to the nearest ten",
        "bg": "закръглени до десетица",
        "fr": "arrondis à la dizaine",
    },
    "round_none": {"en": "exact", "bg": "точно", "fr": "exacts"},
    "tie": {
        "en": "A tie: the callers",
        "bg": "При равенство обявилите",
        "fr": "À égalité, les preneurs",
    },
    "tie_fails": {"en": "fall", "bg": "падат", "fr": "chutent"},
    "tie_hangs": {
        "en": "hang their points",
        "bg": "оставят точките да висят",
        "fr": "laissent leurs points en attente",
    },
    "beat_in_plain_suit": {
        "en": "Beat the trick in a plain suit too",
        "bg": "Качване и в боя, която не е коз",
        "fr": "Monter aussi dans une couleur hors atout",
    },
    "partner_exception": {
        "en": "No beating over a partner holding the trick",
        "bg": "Без качване над партньор, който взима",
        "fr": "Pas besoin de monter sur un partenaire maître",
    },
    "card_in_two_declarations": {
        "en": "A card may count in two declarations",
        "bg": "Карта може да влиза в два анонса",
        "fr": "Une carte peut compter dans deux annonces",
    },
    "belot_wins_match": {
        "en": "All eight cards of a suit win the match",
        "bg": "Осемте карти от една боя печелят играта",
        "fr": "Les huit cartes d'une couleur gagnent la partie",
    },
    "declare_title": {
        "en": "Announce with your first card",
        "bg": "Обяви с първата карта",
        "fr": "Annoncez avec votre première carte",
    },
    "declare_none": {"en": "Nothing", "bg": "Нищо", "fr": "Rien"},
    "tierce": {"en": "tierce", "bg": "терца", "fr": "tierce"},
    "quarte": {"en": "quarte", "bg": "кварта", "fr": "cinquante"},
    "quinte": {"en": "quinte", "bg": "квинта", "fr": "cent"},
    "four": {"en": "four", "bg": "каре", "fr": "carré"},
    "belot": {"en": "Belot!", "bg": "Белот!", "fr": "Belote !"},
    "your_turn": {"en": "Your turn", "bg": "Твой ред", "fr": "À vous"},
    "turn_of": {"en": "To play:", "bg": "На ход:", "fr": "À jouer :"},
    "holds": {"en": "holds the trick", "bg": "взима ръката", "fr": "est maître du pli"},
    "won_by": {"en": "won by", "bg": "взе", "fr": "pris par"},
    "last_trick": {"en": "Last trick", "bg": "Последна ръка", "fr": "Dernier pli"},
    "tricks": {"en": "tricks", "bg": "ръце", "fr": "plis"},
    "contract": {"en": "Contract", "bg": "Игра", "fr": "Contrat"},
    "dealer": {"en": "Dealer", "bg": "Раздава", "fr": "Donneur"},
    "deal": {"en": "Deal", "bg": "Раздаване", "fr": "Donne"},
    "score": {"en": "Score", "bg": "Резултат", "fr": "Score"},
    "we": {"en": "Us", "bg": "Ние", "fr": "Nous"},
    "they": {"en": "Them", "bg": "Вие", "fr": "Eux"},
    "hanging": {"en": "hanging", "bg": "висящи", "fr": "en attente"},
    "valat": {"en": "valat", "bg": "валат", "fr": "capot"},
    "inside": {"en": "inside", "bg": "вътре", "fr": "dedans"},
    "made": {"en": "made", "bg": "изкарана", "fr": "rempli"},
    "next_deal": {"en": "Next deal", "bg": "Следващо раздаване", "fr": "Donne suivante"},
    "deal_over": {"en": "Deal over", "bg": "Край на раздаването", "fr": "Fin de la donne"},
    "all_passed": {
        "en": "All passed: the next player deals",
        "bg": "Всички пас: раздава следващият",
        "fr": "Tous ont passé : le suivant donne",
    },
    "match_over": {"en": "Game over", "bg": "Край на играта", "fr": "Fin de la partie"},
    "we_won": {"en": "You won!", "bg": "Спечелихте!", "fr": "Vous avez gagné !"},
    "rematch": {"en": "Rematch", "bg": "Реванш", "fr": "Revanche"},
    "rematch_offered": {
        "en": "A rematch is ready at a new table, everyone in the same seat.",
        "bg": "Реваншът е готов на нова маса, всеки на същото място.",
        "fr": "Une revanche est prête à une nouvelle table, chacun à sa place.",
    },
    "join_rematch": {
        "en": "Join the rematch",
        "bg": "Влез в реванша",
        "fr": "Rejoindre la revanche",
    },
    "they_won": {"en": "They won.", "bg": "Загубихте.", "fr": "Ils ont gagné."},
    "seed_hash": {
        "en": "Deal seed hash",
        "bg": "Хеш на раздаването",
        "fr": "Empreinte de la donne",
    },
    "seed": {"en": "Seed", "bg": "Семе", "fr": "Graine"},
    "verify": {"en": "Check it with", "bg": "Провери с", "fr": "Vérifiez-la avec"},
    "hint": {"en": "Hint", "bg": "Подсказка", "fr": "Aide"},
    "hint_unit": {
        "en": "expected game points, your team's less theirs",
        "bg": "очаквани точки: вашите минус техните",
        "fr": "points de partie attendus, les vôtres moins les leurs",
    },
    "replay": {"en": "Replay", "bg": "Преглед", "fr": "Revoir"},
    # The replay's steps: the deal and its bidding, then each trick, naming who acted.
    "replay_dealt_by": {"en": "Dealt by", "bg": "Раздава", "fr": "Donne de"},
    "replay_trick": {"en": "Trick", "bg": "Ръка", "fr": "Pli"},
    "replay_led_by": {"en": "led by", "bg": "води", "fr": "entame de"},
    "take_back": {
        "en": "A bot is playing for you — take your seat back",
        "bg": "Бот играе вместо теб — върни се",
        "fr": "Un robot joue à votre place — reprenez votre place",
    },
    "leave": {
        "en": "Leave (a bot plays for me)",
        "bg": "Напусни (бот играе вместо мен)",
        "fr": "Partir (un robot joue pour moi)",
    },
    "bot_playing": {"en": "bot playing", "bg": "играе бот", "fr": "un robot joue"},
    "away": {"en": "away", "bg": "отсъства", "fr": "absent"},
    "seconds_left": {"en": "s left", "bg": "сек", "fr": "s restantes"},
    "prev": {"en": "Back", "bg": "Назад", "fr": "Retour"},
    "next": {"en": "Forward", "bg": "Напред", "fr": "Suivant"},
    "hands": {"en": "Hands", "bg": "Карти", "fr": "Mains"},
    "connection_lost": {
        "en": "Connection lost, reconnecting…",
        "bg": "Връзката прекъсна, свързване…",
        "fr": "Connexion perdue, reconnexion…",
    },
    "database_reconnecting": {
        "en": "Reconnecting to the database: the table waits…",
        "bg": "Връзката с базата данни се възстановява: масата чака…",
        "fr": "Reconnexion à la base de données : la table attend…",
    },
    "bad_message": {
        "en": "The server sent a message this page cannot read",
        "bg": "Сървърът изпрати съобщение, което страницата не може да прочете",
        "fr": "Le serveur a envoyé un message que cette page ne sait pas lire",
    },
    # The language picker offers each language of ``LANGUAGES`` in its own words.
    "language": {"en": "Language", "bg": "Език", "fr": "Langue"},
    "lang_name": {"en": "English", "bg": "Български", "fr": "Français"},
    "more": {"en": "More", "bg": "Още", "fr": "Plus"},
    "score_counter": {
        "en": "Score counter (for real cards)",
        "bg": "Броене на точки (за истински карти)",
        "fr": "Compteur de points (pour de vraies cartes)",
    },
    "cheatsheet": {"en": "Cheat sheet", "bg": "Пищов", "fr": "Aide-mémoire"},
    "points": {"en": "points", "bg": "точки", "fr": "points"},
    "written": {"en": "written", "bg": "записани", "fr": "marqués"},
    "keyboard_help": {
        "en": "Keys: 1–8 play a card, L last trick, H hint",
        "bg": "Клавиши: 1–8 карта, L последна ръка, H подсказка",
        "fr": "Touches : 1–8 jouer une carte, L dernier pli, H aide",
    },
    # The table: the deal explained and its settings.
    "deal_explained": {
        "en": "How the deal was scored",
        "bg": "Как се преброи раздаването",
        "fr": "Le décompte de la donne",
    },
    "card_points": {"en": "Card points", "bg": "Точки от картите", "fr": "Points des cartes"},
    "with_last_trick": {
        "en": "with the last trick",
        "bg": "с последната ръка",
        "fr": "avec le dix de der",
    },
    "declarations": {"en": "Declarations", "bg": "Анонси", "fr": "Annonces"},
    "belots_row": {"en": "Belots", "bg": "Белоти", "fr": "Belotes"},
    "bonus_row": {"en": "Bonus", "bg": "Бонус", "fr": "Prime"},
    "total": {"en": "Total", "bg": "Общо", "fr": "Total"},
    "carried_in": {
        "en": "hanging points from earlier deals",
        "bg": "висящи точки от предишни раздавания",
        "fr": "points en attente des donnes précédentes",
    },
    "left_hanging": {
        "en": "left hanging for the next deal",
        "bg": "остават висящи за следващото раздаване",
        "fr": "restent en attente pour la donne suivante",
    },
    "divided": {"en": "÷10, rounded", "bg": "÷10, закръглено", "fr": "÷10, arrondi"},
    "doubled": {"en": "doubled", "bg": "удвоено", "fr": "doublé"},
    "settings": {"en": "Settings", "bg": "Настройки", "fr": "Réglages"},
    "setting_sound": {"en": "Sound", "bg": "Звук", "fr": "Son"},
    "setting_speed": {"en": "Bots' pace", "bg": "Темпо на ботовете", "fr": "Rythme des robots"},
    "setting_cards": {"en": "Card size", "bg": "Размер на картите", "fr": "Taille des cartes"},
    "setting_sort": {"en": "Sort the hand", "bg": "Подреждане на ръката", "fr": "Trier la main"},
    "setting_theme": {"en": "Colours", "bg": "Цветове", "fr": "Couleurs"},
    "setting_autoplay": {
        "en": "Play a single legal card for me",
        "bg": "Играй вместо мен единствената възможна карта",
        "fr": "Jouer pour moi la seule carte possible",
    },
    "setting_motion": {"en": "Animations", "bg": "Анимации", "fr": "Animations"},
    "setting_hint": {"en": "Hints", "bg": "Подсказки", "fr": "Aides"},
    "choice_on": {"en": "on", "bg": "вкл.", "fr": "oui"},
    "choice_off": {"en": "off", "bg": "изкл.", "fr": "non"},
    "choice_normal": {"en": "normal", "bg": "нормално", "fr": "normal"},
    "choice_slow": {"en": "slow", "bg": "бавно", "fr": "lent"},
    "choice_medium": {"en": "medium", "bg": "средни", "fr": "moyennes"},
    "choice_small": {"en": "small", "bg": "малки", "fr": "petites"},
    "choice_large": {"en": "large", "bg": "големи", "fr": "grandes"},
    "choice_suits": {"en": "by suit", "bg": "по бои", "fr": "par couleur"},
    "choice_game": {"en": "as dealt", "bg": "както са раздадени", "fr": "comme distribuées"},
    "choice_dark": {"en": "dark", "bg": "тъмни", "fr": "sombres"},
    "choice_light": {"en": "light", "bg": "светли", "fr": "claires"},
    "choice_strong": {"en": "strong: quick", "bg": "силен: бързо", "fr": "fort : rapide"},
    "choice_expert": {
        "en": "expert: deeper, a few seconds",
        "bg": "експерт: по-задълбочено, няколко секунди",
        "fr": "expert : plus approfondi, quelques secondes",
    },
    "close": {"en": "Close", "bg": "Затвори", "fr": "Fermer"},
    # A deal's score notes (DealScore.notes) in the deal explained, as note_<note with _>.
    "note_failed": {"en": "the bid failed", "bg": "обявата падна", "fr": "contrat chuté"},
    "note_coinche": {"en": "coinched", "bg": "коанширано", "fr": "coinché"},
    "note_surcoinche": {"en": "surcoinched", "bg": "сюркоанширано", "fr": "surcoinché"},
    "note_stiglja": {
        "en": "stiglja: every trick, +90",
        "bg": "щигля: всички ръце, +90",
        "fr": "štiglja : tous les plis, +90",
    },
    "note_belot_NS": {
        "en": "eight cards of a suit: North–South win the match",
        "bg": "осем карти от една боя: Север–Юг печелят играта",
        "fr": "huit cartes d'une couleur : Nord–Sud gagnent la partie",
    },
    "note_belot_EW": {
        "en": "eight cards of a suit: East–West win the match",
        "bg": "осем карти от една боя: Изток–Запад печелят играта",
        "fr": "huit cartes d'une couleur : Est–Ouest gagnent la partie",
    },
    # An action the server refused (``kind`` of its error message).
    "refused_out_of_turn": {
        "en": "It is not your turn.",
        "bg": "Не е твой ред.",
        "fr": "Ce n'est pas à vous de jouer.",
    },
    "refused_illegal": {
        "en": "That is not allowed now.",
        "bg": "Това не е позволено сега.",
        "fr": "Ce n'est pas permis maintenant.",
    },
    # The table's other refusals (``kind`` of its error message, ``code`` of a TableError),
    # ``{name}`` filled in from the message's values.
    "refused_not_started": {
        "en": "The game has not started yet.",
        "bg": "Играта още не е започнала.",
        "fr": "La partie n'a pas encore commencé.",
    },
    "refused_started": {
        "en": "The game has already started.",
        "bg": "Играта вече започна.",
        "fr": "La partie a déjà commencé.",
    },
    "refused_match_over": {
        "en": "The match is over.",
        "bg": "Играта свърши.",
        "fr": "La partie est terminée.",
    },
    "refused_deal_not_over": {
        "en": "The deal is not over yet.",
        "bg": "Раздаването още не е свършило.",
        "fr": "La donne n'est pas encore finie.",
    },
    "refused_deal_over": {
        "en": "The deal is over: start the next one.",
        "bg": "Раздаването свърши: започни следващото.",
        "fr": "La donne est finie : commencez la suivante.",
    },
    "refused_spectator": {
        "en": "You are watching: take a free seat to play.",
        "bg": "Гледаш играта: седни на свободно място, за да играеш.",
        "fr": "Vous regardez la partie : prenez une place libre pour jouer.",
    },
    "refused_hints_off": {
        "en": "Hints are switched off at this table.",
        "bg": "Подсказките са изключени на тази маса.",
        "fr": "L'aide est désactivée à cette table.",
    },
    "refused_bot_plays": {
        "en": "The computer is playing your seat: take it back first.",
        "bg": "Компютърът играе на твоето място: първо си го вземи.",
        "fr": "L'ordinateur joue à votre place : reprenez-la d'abord.",
    },
    "refused_undo_not_playing": {
        "en": "Nothing to take back: the match is not being played.",
        "bg": "Няма какво да се върне: играта не тече.",
        "fr": "Rien à annuler : la partie n'est pas en cours.",
    },
    "refused_undo_alone": {
        "en": "Undo is only for one person playing against the computer.",
        "bg": "Връщането е само за един човек срещу компютъра.",
        "fr": "Annuler n'est possible que pour une personne seule contre l'ordinateur.",
    },
    "refused_undo_nothing": {
        "en": "Nothing to take back yet.",
        "bg": "Още няма какво да се върне.",
        "fr": "Rien à annuler pour l'instant.",
    },
    "refused_seat_taken": {
        "en": "The seat {seat} is not free.",
        "bg": "Мястото {seat} не е свободно.",
        "fr": "La place {seat} n'est pas libre.",
    },
    "refused_name_long": {
        "en": "A name is at most {max} characters.",
        "bg": "Името е най-много {max} знака.",
        "fr": "Un nom fait au plus {max} caractères.",
    },
    "refused_name_bad": {
        "en": "A name is plain text, with no control characters.",
        "bg": "Името е само текст, без управляващи знаци.",
        "fr": "Un nom est du texte simple, sans caractères de contrôle.",
    },
    "refused_timer": {
        "en": "The turn timer is 0 (off) to {max} seconds.",
        "bg": "Времето за ход е от 0 (без) до {max} секунди.",
        "fr": "Le temps par coup va de 0 (sans) à {max} secondes.",
    },
    "refused_rules": {
        "en": "These rules options cannot be played together or are out of range.",
        "bg": "Тези правила не могат да се играят заедно или са извън границите.",
        "fr": "Ces options de règles ne peuvent pas être jouées ensemble ou sont hors limites.",
    },
    "refused_level": {
        "en": "There is no computer level {level}.",
        "bg": "Няма ниво на компютъра {level}.",
        "fr": "Il n'y a pas de niveau d'ordinateur {level}.",
    },
    "refused_level_game": {
        "en": "The computer at level {level} does not play {game}.",
        "bg": "Компютърът на ниво {level} не играе {game}.",
        "fr": "L'ordinateur de niveau {level} ne joue pas à {game}.",
    },
    "refused_bad_request": {
        "en": "The server cannot read this request.",
        "bg": "Сървърът не може да прочете тази заявка.",
        "fr": "Le serveur ne peut pas lire cette requête.",
    },
    "refused_body_json": {
        "en": "The request must be a JSON object.",
        "bg": "Заявката трябва да е JSON обект.",
        "fr": "La requête doit être un objet JSON.",
    },
    "refused_body_large": {
        "en": "The request is larger than {kib} KiB.",
        "bg": "Заявката е по-голяма от {kib} KiB.",
        "fr": "La requête dépasse {kib} KiB.",
    },
    "refused_body_slow": {
        "en": "The request did not arrive within {seconds} s.",
        "bg": "Заявката не пристигна за {seconds} s.",
        "fr": "La requête n'est pas arrivée en {seconds} s.",
    },
    "refused_internal": {
        "en": "The server failed: try again.",
        "bg": "Сървърът сгреши: опитай отново.",
        "fr": "Le serveur a échoué : réessayez.",
    },
    "refused_not_json": {
        "en": "The server reads only JSON messages.",
        "bg": "Сървърът чете само съобщения в JSON.",
        "fr": "Le serveur ne lit que des messages JSON.",
    },
    "refused_binary": {
        "en": "The server reads only JSON text messages, not binary ones.",
        "bg": "Сървърът чете само текстови съобщения в JSON, не двоични.",
        "fr": "Le serveur ne lit que des messages texte JSON, pas binaires.",
    },
    "refused_too_long": {
        "en": "A message is at most {kib} KiB.",
        "bg": "Съобщението е най-много {kib} KiB.",
        "fr": "Un message fait au plus {kib} KiB.",
    },
    "refused_bad_hint_level": {
        "en": "A hint is by the strong or the expert level.",
        "bg": "Подсказката е от силното или от експертното ниво.",
        "fr": "Une aide est celle du niveau fort ou du niveau expert.",
    },
    "refused_bad_at": {
        "en": "The position of an action is a whole number.",
        "bg": "Позицията на едно действие е цяло число.",
        "fr": "La position d'une action est un nombre entier.",
    },
    "refused_unknown_type": {
        "en": "The server does not know this kind of message.",
        "bg": "Сървърът не познава този вид съобщение.",
        "fr": "Le serveur ne connaît pas ce type de message.",
    },
    "refused_no_table": {
        "en": "There is no table {table}.",
        "bg": "Няма маса {table}.",
        "fr": "Il n'y a pas de table {table}.",
    },
    "refused_no_sheet": {
        "en": "There is no score sheet {sheet}.",
        "bg": "Няма лист за точки {sheet}.",
        "fr": "Il n'y a pas de feuille de marque {sheet}.",
    },
    "refused_no_game": {
        "en": "No game is called {game}.",
        "bg": "Няма игра с името {game}.",
        "fr": "Aucun jeu ne s'appelle {game}.",
    },
    "refused_no_deal": {
        "en": "Deal {deal} is not a finished deal of this table.",
        "bg": "Раздаване {deal} не е завършено раздаване на тази маса.",
        "fr": "La donne {deal} n'est pas une donne finie de cette table.",
    },
    "refused_wrong_token": {
        "en": "This browser's key to a seat at this table is wrong.",
        "bg": "Ключът на този браузър за място на тази маса е грешен.",
        "fr": "La clé de ce navigateur pour une place à cette table est fausse.",
    },
    "refused_moved": {
        "en": "This table is no longer served here: reload the page.",
        "bg": "Тази маса вече не се обслужва тук: презареди страницата.",
        "fr": "Cette table n'est plus servie ici : rechargez la page.",
    },
    "refused_elsewhere": {
        "en": "Another server holds this table now: try again in a moment.",
        "bg": "Друг сървър държи тази маса сега: опитай отново след малко.",
        "fr": "Un autre serveur tient cette table : réessayez dans un instant.",
    },
    "refused_hint_pending": {
        "en": "A hint for this seat is still being worked out: wait for it.",
        "bg": "Подсказката за това място още се изчислява: изчакай я.",
        "fr": "L'aide pour cette place est encore en cours de calcul : attendez-la.",
    },
    "refused_hints_per_address": {
        "en": "{max} hints or analyses from your address are being worked out: wait for one.",
        "bg": "{max} подсказки или анализа от твоя адрес още се изчисляват: изчакай някой.",
        "fr": "{max} aides ou analyses de votre adresse sont en cours de calcul : attendez-en une.",
    },
    "refused_hints_busy": {
        "en": "The server is busy with other hints: ask again in a moment.",
        "bg": "Сървърът е зает с други подсказки: опитай отново след малко.",
        "fr": "Le serveur est occupé par d'autres aides : redemandez dans un instant.",
    },
    "refused_no_answer": {
        "en": "The server of this table does not answer: try again.",
        "bg": "Сървърът на тази маса не отговаря: опитай отново.",
        "fr": "Le serveur de cette table ne répond pas : réessayez.",
    },
    "refused_damaged": {
        "en": "This table's record is damaged and has been set aside.",
        "bg": "Записът на тази маса е повреден и е оставен настрана.",
        "fr": "L'enregistrement de cette table est endommagé et mis de côté.",
    },
    "refused_try_again": {
        "en": "That table code was taken meanwhile: try again.",
        "bg": "Този код на маса току-що бе зает: опитай отново.",
        "fr": "Ce code de table vient d'être pris : réessayez.",
    },
    "refused_reconnecting": {
        "en": "Reconnecting to the database: the table waits…",
        "bg": "Връзката с базата данни се възстановява: масата чака…",
        "fr": "Reconnexion à la base de données : la table attend…",
    },
    "refused_too_many_tables": {
        "en": "Too many new tables from your address: try again in {seconds} s.",
        "bg": "Твърде много нови маси от твоя адрес: опитай отново след {seconds} s.",
        "fr": "Trop de nouvelles tables depuis votre adresse : réessayez dans {seconds} s.",
    },
    "refused_too_many_guesses": {
        "en": (
            "Too many wrong table codes or seat keys from your address: try again in {seconds} s."
        ),
        "bg": (
            "Твърде много грешни кодове на маси или ключове от твоя адрес: опитай отново след "
            "{seconds} s."
        ),
        "fr": (
            "Trop de codes de table ou de clés erronés depuis votre adresse : réessayez dans "
            "{seconds} s."
        ),
    },
    "refused_too_many_connections": {
        "en": "Too many new connections from your address: try again in {seconds} s.",
        "bg": "Твърде много нови връзки от твоя адрес: опитай отново след {seconds} s.",
        "fr": "Trop de nouvelles connexions depuis votre adresse : réessayez dans {seconds} s.",
    },
    "refused_too_many_open": {
        "en": "Too many connections open from your address (at most {max}).",
        "bg": "Твърде много отворени връзки от твоя адрес (най-много {max}).",
        "fr": "Trop de connexions ouvertes depuis votre adresse (au plus {max}).",
    },
    "refused_rematch_not_over": {
        "en": "A rematch is for a match that is over.",
        "bg": "Реванш има само след края на играта.",
        "fr": "Une revanche n'est possible qu'après la fin de la partie.",
    },
    "note_doubled_tie": {
        "en": "a doubled tie: all the points hang",
        "bg": "равенство при контра: всички точки висят",
        "fr": "égalité contrée : tous les points restent en attente",
    },
    # --- the table's helper (issue 22: undo, keys, statistics, error pages, live region) ---
    "error_not_found": {
        "en": "This page does not exist",
        "bg": "Тази страница не съществува",
        "fr": "Cette page n'existe pas",
    },
    "error_not_found_help": {
        "en": "The address may be mistyped, or the table's code is wrong.",
        "bg": "Адресът може да е сгрешен или кодът на масата да е грешен.",
        "fr": "L'adresse est peut-être mal saisie, ou le code de la table est faux.",
    },
    "error_unavailable": {
        "en": "This table cannot be opened now",
        "bg": "Тази маса не може да се отвори сега",
        "fr": "Cette table ne peut pas être ouverte maintenant",
    },
    "error_unavailable_help": {
        "en": "Try again in a moment, or start a new table.",
        "bg": "Опитайте отново след малко или започнете нова маса.",
        "fr": "Réessayez dans un instant, ou commencez une nouvelle table.",
    },
    "undo": {"en": "Undo", "bg": "Върни", "fr": "Annuler"},
    "thinking": {"en": "thinking…", "bg": "мисли…", "fr": "réfléchit…"},
    "thinking_cards": {
        "en": "weighing {n} cards…",
        "bg": "претегля {n} карти…",
        "fr": "pèse {n} cartes…",
    },
    "thinking_calls": {
        "en": "weighing {n} calls…",
        "bg": "претегля {n} обявявания…",
        "fr": "pèse {n} annonces…",
    },
    "thinking_worlds": {
        "en": "worlds solved {worlds}/{planned}",
        "bg": "решени разклада {worlds}/{planned}",
        "fr": "donnes résolues {worlds}/{planned}",
    },
    "thinking_best": {
        "en": "best so far: {best}",
        "bg": "най-добро засега: {best}",
        "fr": "meilleur pour l'instant : {best}",
    },
    "hint_working": {
        "en": "Working out the hint…",
        "bg": "Подсказката се изчислява…",
        "fr": "L'aide est en cours de calcul…",
    },
    "table_label": {"en": "The table", "bg": "Масата", "fr": "La table"},
    # The auction's keys of each game (table.js: CALL_KEYS): only the calls the game has.
    "keyboard_calls_bulgarian": {
        "en": "Calls: P pass, C D H S suits, N no trumps, A all trumps, X contra, R recontra; "
        "? hint; U undo; N next deal.",
        "bg": "Обяви: P пас, C D H S бои, N без коз, A всичко коз, X контра, R реконтра; "
        "? подсказка; U върни; N следващо раздаване.",
        "fr": "Annonces : P passe, C D H S couleurs, N sans-atout, A tout-atout, X contre, "
        "R surcontre ; ? aide ; U annuler ; N donne suivante.",
    },
    "keyboard_calls_french": {
        "en": "Calls: P pass, T take the turned card, C D H S another suit in the second round; "
        "? hint; U undo; N next deal.",
        "bg": "Обяви: P пас, T вземи обърнатата карта, C D H S друга боя във втория кръг; "
        "? подсказка; U върни; N следващо раздаване.",
        "fr": "Annonces : P passe, T prendre la retourne, C D H S une autre couleur au second "
        "tour ; ? aide ; U annuler ; N donne suivante.",
    },
    "keyboard_calls_coinche": {
        "en": "Calls: P pass, C D H S bid in a suit, ↑↓ points, X coinche, R surcoinche; "
        "? hint; U undo; N next deal.",
        "bg": "Обяви: P пас, C D H S обява в боя, ↑↓ точки, X коанш, R сюркоанш; "
        "? подсказка; U върни; N следващо раздаване.",
        "fr": "Annonces : P passe, C D H S enchère à une couleur, ↑↓ points, X coinche, "
        "R surcoinche ; ? aide ; U annuler ; N donne suivante.",
    },
    "keyboard_calls_bela": {
        "en": "Calls: P pass, C D H S name trumps; B silent bela; ? hint; U undo; N next deal.",
        "bg": "Обяви: P пас, C D H S избери коз; B тиха бела; ? подсказка; U върни; "
        "N следващо раздаване.",
        "fr": "Annonces : P passe, C D H S nommer l'atout ; B bela muette ; ? aide ; "
        "U annuler ; N donne suivante.",
    },
    "statistics": {
        "en": "Players' statistics",
        "bg": "Статистика на играчите",
        "fr": "Statistiques des joueurs",
    },
    "stats_help": {
        "en": "Every finished match counts, for each player who gave a name and each bot level.",
        "bg": "Брои се всеки завършен мач за всеки играч с име и всяко ниво на компютъра.",
        "fr": "Chaque partie terminée compte, pour chaque joueur nommé et chaque niveau de robot.",
    },
    "stats_player": {"en": "Player", "bg": "Играч", "fr": "Joueur"},
    "stats_matches": {"en": "Matches", "bg": "Мачове", "fr": "Parties"},
    "stats_won": {"en": "Won", "bg": "Спечелени", "fr": "Gagnées"},
    "stats_deals": {"en": "Deals", "bg": "Раздавания", "fr": "Donnes"},
    "stats_contracts": {"en": "Contracts bid", "bg": "Обявени игри", "fr": "Contrats pris"},
    "stats_made": {"en": "Contracts made", "bg": "Изкарани игри", "fr": "Contrats réussis"},
    "stats_points": {"en": "Points", "bg": "Точки", "fr": "Points"},
    "stats_none": {
        "en": "No match has been finished yet.",
        "bg": "Още няма завършен мач.",
        "fr": "Aucune partie n'est encore terminée.",
    },
    "error_home": {
        "en": "Back to the home page",
        "bg": "Към началната страница",
        "fr": "Retour à l'accueil",
    },
}


def language(code: str | None) -> str:
    """A supported language code (English unless ``code`` names another)."""
    return code if code in LANGUAGES else "en"


class Missing(HTTPException):
    """A page that is not there (404) for a reason its error page says in the page's language:
    the ``kind`` (``refused_<kind>``) and its ``values``; ``english`` says it to programs."""

    def __init__(self, kind: str, english: str, **values: object) -> None:
        super().__init__(404, english)
        self.kind, self.values = kind, values


def refusal(lang: str, kind: str, values: Mapping[str, object], english: str) -> str:
    """A server's refusal as a page in ``lang`` says it: the words of its ``kind``
    (``refused_<kind>``), each ``{name}`` filled in from ``values`` (a value that is a word of
    its own, ``seat`` ``N`` or ``level`` ``basic``, by that word: ``seat_N``, ``level_basic``);
    the server's ``english`` on an English page (it says more) or for a kind with no words.
    ``static/common.js`` words them alike in the browser."""
    words = TEXTS.get(f"refused_{kind}") if kind else None
    code = language(lang)
    if words is None or code == "en":
        return english
    text = words.get(code) or words["en"]

    def filled(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in values:
            return found.group(0)
        value = str(values[name])
        own = TEXTS.get(f"{name}_{value}")
        return (own.get(code) or own["en"]) if own else value

    return re.sub(r"\{(\w+)\}", filled, text)


def texts(lang: str) -> dict[str, str]:
    """Every text in one language (English for a word not yet written in it)."""
    code = language(lang)
    return {key: words.get(code) or words["en"] for key, words in TEXTS.items()}


for _key, _text in CROATIAN.items():
    if _key in TEXTS:  # a test checks that every Croatian key is one of TEXTS
        TEXTS[_key]["hr"] = _text
