"""The words of the score counter, calculator, card-ranking, cheat-sheet and rules pages.

``key -> {language: text}`` like :data:`belot.web.i18n.TEXTS`, in every language of
``belot.web.i18n.LANGUAGES``; a page's scripts get the table of its language as page data.
``{name}`` marks a value the script fills in.
"""

from __future__ import annotations

from typing import Final

__all__ = ["TEXTS"]

TEXTS: Final[dict[str, dict[str, str]]] = {
    # The navigation of every page.
    "nav_counter": {
        "en": "Score counter",
        "bg": "Броене на точки",
        "fr": "Compteur de points",
        "hr": "Brojač bodova",
    },
    "nav_calc": {"en": "Calculator", "bg": "Калкулатор", "fr": "Calculatrice", "hr": "Kalkulator"},
    "nav_cheatsheet": {
        "en": "Cheat sheet",
        "bg": "Пищов",
        "fr": "Aide-mémoire",
        "hr": "Podsjetnik",
    },
    "nav_rules": {"en": "Rules", "bg": "Правила", "fr": "Règles", "hr": "Pravila"},
    "nav_ranking": {
        "en": "Card ranking",
        "bg": "Сила на картите",
        "fr": "Ordre des cartes",
        "hr": "Jačina karata",
    },
    # The teams, as a score sheet heads them (North–South, East–West).
    "team_NS": {"en": "NS", "bg": "НС", "fr": "NS", "hr": "SJ"},
    "team_EW": {"en": "EW", "bg": "ИЗ", "fr": "EO", "hr": "IZ"},
    # The score counter.
    "counter_title": {
        "en": "Belot score counter",
        "bg": "Броене на точки в белота",
        "fr": "Compteur de points de belote",
        "hr": "Brojač bodova za belot",
    },
    "counter_lead": {
        "en": "Enter each deal as you play it with real cards. The server scores it with the "
        "rules engine (the same arithmetic as belot calc): what each team writes, hanging "
        "points carried, the totals and the winner at the end.",
        "bg": "Въведете всяко раздаване, докато играете с истински карти. Сървърът го брои "
        "с правилата на програмата (същата сметка като belot calc): какво записва всеки "
        "отбор, висящите точки, сборовете и победителя накрая.",
        "fr": "Saisissez chaque donne jouée avec de vraies cartes. Le serveur la compte avec le "
        "moteur de règles (le même calcul que belot calc) : ce que marque chaque équipe, les "
        "points en attente, les totaux et le vainqueur à la fin.",
        "hr": "Upišite svako dijeljenje dok igrate pravim kartama. Poslužitelj ga boduje "
        "pravilima programa (isti račun kao belot calc): što upisuje svaka ekipa, bodovi koji "
        "vise, zbrojevi i pobjednik na kraju.",
    },
    "share_link": {
        "en": "Link to show this sheet (read-only)",
        "bg": "Връзка за преглед на листа (само за четене)",
        "fr": "Lien pour montrer cette feuille (lecture seule)",
        "hr": "Poveznica za prikaz ovog lista (samo čitanje)",
    },
    "copy_link": {"en": "Copy", "bg": "Копирай", "fr": "Copier", "hr": "Kopiraj"},
    "edit_link": {
        "en": "Edit link (whoever has it can change the sheet)",
        "bg": "Връзка за промяна (който я има, може да променя листа)",
        "fr": "Lien de modification (qui l'a peut changer la feuille)",
        "hr": "Poveznica za uređivanje (tko je ima, može mijenjati list)",
    },
    "new_sheet": {"en": "New sheet", "bg": "Нов лист", "fr": "Nouvelle feuille", "hr": "Novi list"},
    "read_only": {
        "en": "This link shows the sheet as it is played; only its edit link can change it. "
        "Reload to see new deals.",
        "bg": "Тази връзка показва листа по време на играта; само връзката за промяна може да "
        "го променя. Презаредете, за да видите новите раздавания.",
        "fr": "Ce lien montre la feuille au fil de la partie ; seul son lien de modification "
        "peut la changer. Rechargez pour voir les nouvelles donnes.",
        "hr": "Ova poveznica prikazuje list tijekom igre; mijenjati ga može samo poveznica za "
        "uređivanje. Osvježite stranicu za nova dijeljenja.",
    },
    "deal_n": {
        "en": "Deal {n}",
        "bg": "Раздаване {n}",
        "fr": "Donne {n}",
        "hr": "Dijeljenje {n}",
    },
    "edit_deal_n": {
        "en": "Edit deal {n}",
        "bg": "Промяна на раздаване {n}",
        "fr": "Modifier la donne {n}",
        "hr": "Uredi dijeljenje {n}",
    },
    "add_deal": {
        "en": "Add deal",
        "bg": "Добави раздаване",
        "fr": "Ajouter la donne",
        "hr": "Dodaj dijeljenje",
    },
    "save_deal": {
        "en": "Save deal",
        "bg": "Запази раздаването",
        "fr": "Enregistrer la donne",
        "hr": "Spremi dijeljenje",
    },
    "cancel": {"en": "Cancel", "bg": "Откажи", "fr": "Annuler", "hr": "Odustani"},
    "sheet": {"en": "Sheet", "bg": "Лист", "fr": "Feuille", "hr": "List"},
    "result": {"en": "Result", "bg": "Резултат", "fr": "Résultat", "hr": "Ishod"},
    "team_points": {
        "en": "{team} points",
        "bg": "Точки {team}",
        "fr": "Points {team}",
        "hr": "Bodovi {team}",
    },
    "hanging_head": {"en": "Hanging", "bg": "Висящи", "fr": "En attente", "hr": "Visi"},
    "no_deals": {
        "en": "No deals yet.",
        "bg": "Още няма раздавания.",
        "fr": "Pas encore de donne.",
        "hr": "Još nema dijeljenja.",
    },
    "game_over": {
        "en": "Game over",
        "bg": "Край на играта",
        "fr": "Fin de la partie",
        "hr": "Kraj partije",
    },
    "edit": {"en": "Edit", "bg": "Промени", "fr": "Modifier", "hr": "Uredi"},
    "remove": {"en": "Remove", "bg": "Премахни", "fr": "Supprimer", "hr": "Ukloni"},
    "hanging_n": {
        "en": "{n} hanging",
        "bg": "{n} висящи",
        "fr": "{n} en attente",
        "hr": "{n} visi",
    },
    "team_won": {
        "en": "{team} won",
        "bg": "{team} печелят",
        "fr": "{team} gagnent",
        "hr": "{team} pobjeđuju",
    },
    "team_wins_game": {
        "en": "{team} win the game, {points} to {other}.",
        "bg": "{team} печелят играта с {points} на {other}.",
        "fr": "{team} gagnent la partie, {points} à {other}.",
        "hr": "{team} dobivaju partiju, {points} prema {other}.",
    },
    "deal_error": {
        "en": "Deal {n}: {message}",
        "bg": "Раздаване {n}: {message}",
        "fr": "Donne {n} : {message}",
        "hr": "Dijeljenje {n}: {message}",
    },
    "deal_alone": {
        "en": "This deal alone: {outcome}",
        "bg": "Само това раздаване: {outcome}",
        "fr": "Cette donne seule : {outcome}",
        "hr": "Samo ovo dijeljenje: {outcome}",
    },
    "writes": {
        "en": "{outcome}: {NS} write {ns}, {EW} write {ew}",
        "bg": "{outcome}: {NS} записват {ns}, {EW} записват {ew}",
        "fr": "{outcome} : {NS} marquent {ns}, {EW} marquent {ew}",
        "hr": "{outcome}: {NS} upisuju {ns}, {EW} upisuju {ew}",
    },
    "n_hang": {
        "en": "{n} hang",
        "bg": "{n} висят",
        "fr": "{n} en attente",
        "hr": "{n} visi",
    },
    # The outcome of a deal, as the engine names it.
    "outcome_made": {"en": "made", "bg": "изкарана", "fr": "réussi", "hr": "prošlo"},
    "outcome_inside": {"en": "inside", "bg": "вътре", "fr": "dedans", "hr": "pad"},
    "outcome_hanging": {"en": "hanging", "bg": "висяща", "fr": "litige", "hr": "visi"},
    # The deal form.
    "declarers": {"en": "Declarers", "bg": "Обявили", "fr": "Preneurs", "hr": "Zvali"},
    "double": {"en": "Contra", "bg": "Контра", "fr": "Contre", "hr": "Kontra"},
    "double_none": {"en": "none", "bg": "без", "fr": "sans", "hr": "bez"},
    "double_2": {
        "en": "contra ×2",
        "bg": "контра ×2",
        "fr": "contre ×2",
        "hr": "kontra ×2",
    },
    "double_4": {
        "en": "recontra ×4",
        "bg": "реконтра ×4",
        "fr": "surcontre ×4",
        "hr": "rekontra ×4",
    },
    "valat_field": {
        "en": "Valat (all 8 tricks)",
        "bg": "Валат (всички 8 ръце)",
        "fr": "Capot (les 8 plis)",
        "hr": "Štiglja (svih 8 štihova)",
    },
    "valat_word": {"en": "valat", "bg": "валат", "fr": "capot", "hr": "štiglja"},
    "no": {"en": "no", "bg": "не", "fr": "non", "hr": "ne"},
    "yes": {"en": "yes", "bg": "да", "fr": "oui", "hr": "da"},
    "card_points_hint": {
        "en": "with the last trick; enter one team's, the other is filled in",
        "bg": "с последната ръка; въведете на единия отбор, другият се попълва",
        "fr": "avec le dix de der ; saisissez ceux d'une équipe, l'autre est rempli",
        "hr": "sa zadnjim štihom; upišite bodove jedne ekipe, druga se popuni",
    },
    "declarations_hint": {
        "en": "only those that count",
        "bg": "само тези, които се броят",
        "fr": "seulement celles qui comptent",
        "hr": "samo ona koja se broje",
    },
    "belot_field": {"en": "Belot", "bg": "Белот", "fr": "Belote", "hr": "Bela"},
    "belot_hint": {
        "en": "20 per belot",
        "bg": "по 20 за белот",
        "fr": "20 par belote",
        "hr": "20 za svaku belu",
    },
    "hanging_before": {
        "en": "Hanging from earlier deals (game points)",
        "bg": "Висящи от предишни раздавания (точки за играта)",
        "fr": "En attente des donnes précédentes (points de partie)",
        "hr": "Visi iz prijašnjih dijeljenja (bodovi partije)",
    },
    # The calculator.
    "calc_title": {
        "en": "Belot score calculator",
        "bg": "Калкулатор за белот",
        "fr": "Calculatrice de belote",
        "hr": "Kalkulator bodova za belot",
    },
    "calc_heading": {
        "en": "Score calculator",
        "bg": "Калкулатор на точките",
        "fr": "Calculatrice de points",
        "hr": "Kalkulator bodova",
    },
    "calc_lead": {
        "en": "One deal: enter the contract and the points, see what each team writes down. "
        "Scored by the rules engine, the same arithmetic as belot calc.",
        "bg": "Едно раздаване: въведете играта и точките и вижте какво записва всеки отбор. "
        "Брои се с правилата на програмата, същата сметка като belot calc.",
        "fr": "Une donne : saisissez le contrat et les points, voyez ce que marque chaque "
        "équipe. Compté par le moteur de règles, le même calcul que belot calc.",
        "hr": "Jedno dijeljenje: upišite adut i bodove i vidite što upisuje svaka ekipa. "
        "Boduje se pravilima programa, isti račun kao belot calc.",
    },
    "calc_whole_game": {
        "en": "For a whole game use the score counter.",
        "bg": "За цяла игра използвайте броенето на точки.",
        "fr": "Pour une partie entière, utilisez le compteur de points.",
        "hr": "Za cijelu partiju koristite brojač bodova.",
    },
    "calc_writes": {
        "en": "This deal writes",
        "bg": "Това раздаване записва",
        "fr": "Cette donne marque",
        "hr": "Ovo dijeljenje upisuje",
    },
    "calc_raw": {
        "en": "Points (before ÷10)",
        "bg": "Точки (преди ÷10)",
        "fr": "Points (avant ÷10)",
        "hr": "Bodovi (prije ÷10)",
    },
    "calc_written": {
        "en": "Game points written",
        "bg": "Записани точки",
        "fr": "Points de partie marqués",
        "hr": "Upisani bodovi partije",
    },
    "calc_made": {
        "en": "Made: each team writes its own.",
        "bg": "Изкарана: всеки отбор записва своите.",
        "fr": "Réussi : chaque équipe marque les siens.",
        "hr": "Prošlo: svaka ekipa upisuje svoje.",
    },
    "calc_inside": {
        "en": "Inside: the defenders write everything.",
        "bg": "Вътре: защитниците записват всичко.",
        "fr": "Dedans : la défense marque tout.",
        "hr": "Pad: branitelji upisuju sve.",
    },
    "calc_hanging": {"en": "Hanging.", "bg": "Висяща.", "fr": "Litige.", "hr": "Visi."},
    "calc_hang": {
        "en": "{n} game points hang for the next deal with a winner.",
        "bg": "{n} точки висят до следващото раздаване с победител.",
        "fr": "{n} points de partie attendent la prochaine donne gagnée.",
        "hr": "{n} bodova visi do sljedećeg dijeljenja s pobjednikom.",
    },
    # The card-ranking tool.
    "ranking_title": {
        "en": "Belot card ranking",
        "bg": "Сила на картите в белота",
        "fr": "Ordre des cartes à la belote",
        "hr": "Jačina karata u beli",
    },
    "ranking_heading": {
        "en": "Which card wins?",
        "bg": "Коя карта взима?",
        "fr": "Quelle carte l'emporte ?",
        "hr": "Koja karta nosi?",
    },
    "ranking_lead": {
        "en": "Pick a contract, the suit led and two to four cards. The rules engine decides "
        "the trick exactly as in a game and says why.",
        "bg": "Изберете игра, водената боя и от две до четири карти. Програмата решава ръката "
        "точно както в игра и казва защо.",
        "fr": "Choisissez un contrat, la couleur demandée et de deux à quatre cartes. Le moteur "
        "de règles décide du pli exactement comme en partie et dit pourquoi.",
        "hr": "Odaberite adut, boju koja je vođena i dvije do četiri karte. Program odlučuje o "
        "štihu točno kao u igri i kaže zašto.",
    },
    "suit_led": {
        "en": "Suit led",
        "bg": "Водена боя",
        "fr": "Couleur demandée",
        "hr": "Vođena boja",
    },
    "ranking_cards": {
        "en": "Cards (the first of the suit led is the lead)",
        "bg": "Карти (първата от водената боя е водещата)",
        "fr": "Cartes (la première de la couleur demandée est l'entame)",
        "hr": "Karte (prva u vođenoj boji je ona koja vodi)",
    },
    "pick_more": {
        "en": "Pick at least one more card.",
        "bg": "Изберете поне още една карта.",
        "fr": "Choisissez au moins une carte de plus.",
        "hr": "Odaberite barem još jednu kartu.",
    },
    "wins_trick": {
        "en": "{card} wins the trick",
        "bg": "{card} взима ръката",
        "fr": "{card} remporte le pli",
        "hr": "{card} nosi štih",
    },
    "order_first": {
        "en": "Order, strongest first: {orders}",
        "bg": "Ред, от най-силната: {orders}",
        "fr": "Ordre, de la plus forte : {orders}",
        "hr": "Redoslijed, od najjače: {orders}",
    },
    # Why each card wins or loses (``reason`` of belot.web.scorecounter.ranking).
    "why_trump_beats": {
        "en": "wins: a trump beats every card of another suit",
        "bg": "взима: козът бие всяка карта от друга боя",
        "fr": "gagne : un atout bat toute carte d'une autre couleur",
        "hr": "nosi: adut tuče svaku kartu druge boje",
    },
    "why_highest_trump": {
        "en": "wins: the highest trump in the trick",
        "bg": "взима: най-високият коз в ръката",
        "fr": "gagne : le plus haut atout du pli",
        "hr": "nosi: najjači adut u štihu",
    },
    "why_highest_led": {
        "en": "wins: the highest card of the suit led",
        "bg": "взима: най-високата карта от водената боя",
        "fr": "gagne : la plus haute carte de la couleur demandée",
        "hr": "nosi: najjača karta vođene boje",
    },
    "why_off_suit": {
        "en": "cannot win: it is neither of the suit led nor a trump",
        "bg": "не може да вземе: не е нито от водената боя, нито коз",
        "fr": "ne peut pas gagner : ni de la couleur demandée ni atout",
        "hr": "ne može nositi: nije ni vođena boja ni adut",
    },
    "why_off_suit_no_trumps": {
        "en": "cannot win: it is not of the suit led",
        "bg": "не може да вземе: не е от водената боя",
        "fr": "ne peut pas gagner : pas de la couleur demandée",
        "hr": "ne može nositi: nije vođena boja",
    },
    "why_trumped": {
        "en": "loses: {by} is a trump",
        "bg": "губи: {by} е коз",
        "fr": "perd : {by} est un atout",
        "hr": "gubi: {by} je adut",
    },
    "why_ranks_below": {
        "en": "loses: {rank} ranks below {by} ({order})",
        "bg": "губи: {rank} е под {by} ({order})",
        "fr": "perd : {rank} est sous {by} ({order})",
        "hr": "gubi: {rank} je slabiji od {by} ({order})",
    },
    # The cheat sheet.
    "cheatsheet_title": {
        "en": "Belot cheat sheet",
        "bg": "Пищов за белот",
        "fr": "Aide-mémoire de belote",
        "hr": "Podsjetnik za belot",
    },
    "print": {"en": "Print", "bg": "Печат", "fr": "Imprimer", "hr": "Ispis"},
    "pdf": {
        "en": "PDF (one A4 page)",
        "bg": "PDF (една страница A4)",
        "fr": "PDF (une page A4)",
        "hr": "PDF (jedna stranica A4)",
    },
    # The rules pages.
    "rules_title": {
        "en": "Belot rules",
        "bg": "Правила на белота",
        "fr": "Règles de la belote",
        "hr": "Pravila bele",
    },
    "rules_lead": {
        "en": "The rules as this project's engine plays them, with worked examples that are "
        "real deals replayed by the engine.",
        "bg": "Правилата, както ги играе програмата, с примери, които са истински раздавания, "
        "изиграни отново от програмата.",
        "fr": "Les règles telles que le moteur de ce projet les joue, avec des exemples qui sont "
        "de vraies donnes rejouées par le moteur.",
        "hr": "Pravila kako ih igra program ovog projekta, s primjerima koji su prava "
        "dijeljenja koja program ponovno odigra.",
    },
    "rules_ranking_link": {
        "en": "Card ranking: which card wins a trick?",
        "bg": "Сила на картите: коя карта взима ръката?",
        "fr": "Ordre des cartes : quelle carte remporte le pli ?",
        "hr": "Jačina karata: koja karta nosi štih?",
    },
    "rules_cheatsheet_link": {
        "en": "Printable cheat sheet",
        "bg": "Пищов за печат",
        "fr": "Aide-mémoire à imprimer",
        "hr": "Podsjetnik za ispis",
    },
    "rules_counter_links": {
        "en": "Score calculator and score counter",
        "bg": "Калкулатор и броене на точки",
        "fr": "Calculatrice et compteur de points",
        "hr": "Kalkulator i brojač bodova",
    },
    "preset_lead": {
        "en": "The rule options the engine plays this game with:",
        "bg": "Правилата, с които програмата играе тази игра:",
        "fr": "Les options de règles avec lesquelles le moteur joue ce jeu :",
        "hr": "Pravila s kojima program igra ovu igru:",
    },
    "option": {"en": "Option", "bg": "Правило", "fr": "Option", "hr": "Pravilo"},
    "value": {"en": "Value", "bg": "Стойност", "fr": "Valeur", "hr": "Vrijednost"},
    # The worked examples of the rules pages.
    "scoring_heading": {
        "en": "Scoring examples",
        "bg": "Примери за броене",
        "fr": "Exemples de marque",
        "hr": "Primjeri bodovanja",
    },
    "scoring_intro": {
        "en": "Worked by the score counter (the engine's scoring) when this page is made.",
        "bg": "Изчислени от броенето на точки (сметката на програмата), когато се създава "
        "страницата.",
        "fr": "Calculés par le compteur de points (le calcul du moteur) quand la page est faite.",
        "hr": "Izračunao ih je brojač bodova (račun programa) kad je stranica napravljena.",
    },
    "scoring_try": {
        "en": "Try your own in the calculator.",
        "bg": "Опитайте свои в калкулатора.",
        "fr": "Essayez les vôtres dans la calculatrice.",
        "hr": "Isprobajte svoje u kalkulatoru.",
    },
    "ex_heading": {
        "en": "Worked examples",
        "bg": "Разгледани примери",
        "fr": "Exemples commentés",
        "hr": "Riješeni primjeri",
    },
    "ex_intro": {
        "en": "Each example is a real deal record (deck order and every action) replayed by the "
        "rules engine when this page is made; the same record is checked by the project's tests.",
        "bg": "Всеки пример е запис на истинско раздаване (редът на тестето и всеки ход), изигран "
        "отново от програмата, когато се създава страницата; същият запис се проверява от "
        "тестовете на проекта.",
        "fr": "Chaque exemple est l'enregistrement d'une vraie donne (ordre du paquet et chaque "
        "action) rejoué par le moteur de règles quand la page est faite ; le même enregistrement "
        "est vérifié par les tests du projet.",
        "hr": "Svaki primjer je zapis pravog dijeljenja (redoslijed špila i svaki potez) koji "
        "program ponovno odigra kad je stranica napravljena; isti zapis provjeravaju testovi "
        "projekta.",
    },
    "ex_deal": {
        "en": "Deal:",
        "bg": "Раздаване:",
        "fr": "Donne :",
        "hr": "Dijeljenje:",
    },
    "ex_dealt": {
        "en": "{dealer} deals, the deck is cut at {cut}.",
        "bg": "{dealer} раздава, тестето е цепнато на {cut}.",
        "fr": "{dealer} donne, le paquet est coupé à {cut}.",
        "hr": "{dealer} dijeli, špil je dignut na {cut}.",
    },
    "ex_auction": {
        "en": "Auction:",
        "bg": "Обявяване:",
        "fr": "Enchères :",
        "hr": "Licitacija:",
    },
    "ex_by": {
        "en": "by {seat}",
        "bg": "от {seat}",
        "fr": "par {seat}",
        "hr": "zvao {seat}",
    },
    "ex_declarers": {
        "en": "{team} are the declarers",
        "bg": "{team} са обявилите",
        "fr": "{team} sont les preneurs",
        "hr": "{team} su zvali",
    },
    "ex_hands_tricks": {
        "en": "Hands and tricks",
        "bg": "Карти и ръце",
        "fr": "Mains et plis",
        "hr": "Karte i štihovi",
    },
    "ex_trick": {
        "en": "Trick",
        "bg": "Ръка",
        "fr": "Pli",
        "hr": "Štih",
    },
    "ex_play_order": {
        "en": "Cards in play order",
        "bg": "Картите по реда на игра",
        "fr": "Cartes dans l'ordre joué",
        "hr": "Karte redom kojim su igrane",
    },
    "ex_won_by": {
        "en": "Won by",
        "bg": "Взима",
        "fr": "Remporté par",
        "hr": "Nosi",
    },
    "ex_last_trick_bonus": {
        "en": "last trick +{n}",
        "bg": "последна ръка +{n}",
        "fr": "dix de der +{n}",
        "hr": "zadnji štih +{n}",
    },
    "ex_tricks_line": {
        "en": "Tricks: {NS} {ns}, {EW} {ew}; card points with the last trick: {NS} {ns_points}, "
        "{EW} {ew_points}.",
        "bg": "Ръце: {NS} {ns}, {EW} {ew}; точки от картите с последната ръка: {NS} {ns_points}, "
        "{EW} {ew_points}.",
        "fr": "Plis : {NS} {ns}, {EW} {ew} ; points des cartes avec le dix de der : {NS} "
        "{ns_points}, {EW} {ew_points}.",
        "hr": "Štihovi: {NS} {ns}, {EW} {ew}; bodovi iz karata sa zadnjim štihom: {NS} "
        "{ns_points}, {EW} {ew_points}.",
    },
    "ex_scores": {
        "en": "scores",
        "bg": "записва се",
        "fr": "compte",
        "hr": "broji se",
    },
    "ex_not_scores": {
        "en": "does not score",
        "bg": "не се записва",
        "fr": "ne compte pas",
        "hr": "ne broji se",
    },
    "ex_no_declarations": {
        "en": "No declarations.",
        "bg": "Без анонси.",
        "fr": "Pas d'annonce.",
        "hr": "Nema zvanja.",
    },
    "ex_belot_each": {
        "en": "20 each",
        "bg": "по 20",
        "fr": "20 chacune",
        "hr": "po 20",
    },
    "ex_valat": {
        "en": "Valat: {team} took every trick.",
        "bg": "Валат: {team} взеха всички ръце.",
        "fr": "Valat : {team} ont fait tous les plis.",
        "hr": "Štiglja: {team} su uzeli sve štihove.",
    },
    "ex_points": {
        "en": "Points: {NS} {ns}, {EW} {ew}",
        "bg": "Точки: {NS} {ns}, {EW} {ew}",
        "fr": "Points : {NS} {ns}, {EW} {ew}",
        "hr": "Bodovi: {NS} {ns}, {EW} {ew}",
    },
    "ex_written": {
        "en": "Written:",
        "bg": "Записват се:",
        "fr": "Marqué :",
        "hr": "Upisano:",
    },
    "ex_counter": {
        "en": "In the score counter:",
        "bg": "В броенето на точки:",
        "fr": "Dans le compteur de points :",
        "hr": "U brojaču bodova:",
    },
    "ex_gives": {
        "en": "gives {NS} {ns}, {EW} {ew}.",
        "bg": "дава {NS} {ns}, {EW} {ew}.",
        "fr": "donne {NS} {ns}, {EW} {ew}.",
        "hr": "daje {NS} {ns}, {EW} {ew}.",
    },
    # Why a typed number is refused (``code`` of belot.calc.CalcError), with its values.
    "refused_whole": {
        "en": "must be a whole number, not {value}",
        "bg": "трябва да е цяло число, не {value}",
        "fr": "doit être un nombre entier, pas {value}",
        "hr": "mora biti cijeli broj, a ne {value}",
    },
    "refused_negative": {
        "en": "cannot be negative ({value})",
        "bg": "не може да е отрицателно ({value})",
        "fr": "ne peut pas être négatif ({value})",
        "hr": "ne može biti negativan ({value})",
    },
    "refused_tens": {
        "en": "{points} is not a multiple of 10",
        "bg": "{points} не е кратно на 10",
        "fr": "{points} n'est pas un multiple de 10",
        "hr": "{points} nije višekratnik od 10",
    },
    "refused_declarations": {
        "en": "{points} cannot be scored (tierce 20, quarte 50, quinte or four 100+)",
        "bg": "{points} не може да се запише (терца 20, кварта 50, квинта или каре 100+)",
        "fr": "{points} ne peut pas être marqué (tierce 20, quarte 50, quinte ou carré 100+)",
        "hr": "{points} se ne može upisati (terca 20, kvarta 50, kvinta ili četiri iste 100+)",
    },
    "refused_nt_declarations": {
        "en": "declarations do not count in no-trumps",
        "bg": "при БК анонсите не се броят",
        "fr": "les annonces ne comptent pas à sans-atout",
        "hr": "zvanja se ne broje bez aduta",
    },
    "refused_twenties": {
        "en": "{points} is not a multiple of 20 (a belot is 20)",
        "bg": "{points} не е кратно на 20 (белотът е 20)",
        "fr": "{points} n'est pas un multiple de 20 (une belote vaut 20)",
        "hr": "{points} nije višekratnik od 20 (bela je 20)",
    },
    "refused_nt_belot": {
        "en": "there is no belot in no-trumps",
        "bg": "при БК няма белот",
        "fr": "pas de belote à sans-atout",
        "hr": "bez aduta nema bele",
    },
    "refused_one_belot": {
        "en": "{points}: a suit contract has one belot (20) at most",
        "bg": "{points}: при игра на боя има най-много един белот (20)",
        "fr": "{points} : un contrat à la couleur a une belote (20) au plus",
        "hr": "{points}: igra u boji ima najviše jednu belu (20)",
    },
    "refused_too_many_cards": {
        "en": "{points} is more than the {top} card points of the contract",
        "bg": "{points} е повече от {top}-те точки от карти на играта",
        "fr": "{points} dépasse les {top} points de cartes du contrat",
        "hr": "{points} je više od {top} bodova iz karata ove igre",
    },
    "refused_odd_nt": {
        "en": "{points}: card points in no-trumps are always even (doubled)",
        "bg": "{points}: при БК точките от картите са винаги четни (удвоени)",
        "fr": "{points} : à sans-atout les points de cartes sont toujours pairs (doublés)",
        "hr": "{points}: bez aduta su bodovi iz karata uvijek parni (udvostručeni)",
    },
    "refused_card_sum": {
        "en": "card points {ns} + {ew} = {sum}, but the deal has {total}",
        "bg": "точките от картите {ns} + {ew} = {sum}, а раздаването има {total}",
        "fr": "points de cartes {ns} + {ew} = {sum}, mais la donne en a {total}",
        "hr": "bodovi iz karata {ns} + {ew} = {sum}, a dijeljenje ih ima {total}",
    },
    "refused_both_belot": {
        "en": "both teams cannot have the one belot of the trump suit",
        "bg": "двата отбора не може да имат единствения белот в коз",
        "fr": "les deux équipes ne peuvent pas avoir la seule belote de l'atout",
        "hr": "obje ekipe ne mogu imati jedinu belu u adutu",
    },
    "refused_all_belots": {
        "en": "all-trumps has four belots (80) at most",
        "bg": "при ВК има най-много четири белота (80)",
        "fr": "tout-atout a quatre belotes (80) au plus",
        "hr": "kad je sve adut, ima najviše četiri bele (80)",
    },
    "refused_valat_cards": {
        "en": "{team} took every trick, so {team} has all {total} card points and {other} 0",
        "bg": "{team} взеха всички ръце, значи {team} имат всичките {total} точки от карти, а "
        "{other} 0",
        "fr": "{team} ont fait tous les plis : {team} ont les {total} points de cartes et {other} "
        "0",
        "hr": "{team} su uzeli sve štihove, pa {team} imaju svih {total} bodova iz karata, a "
        "{other} 0",
    },
    "refused_no_cards": {
        "en": "give the card points of at least one team",
        "bg": "въведете точките от картите поне на единия отбор",
        "fr": "donnez les points de cartes d'au moins une équipe",
        "hr": "upišite bodove iz karata barem jedne ekipe",
    },
    "refused_more_than": {
        "en": "{value} is more than {top}",
        "bg": "{value} е повече от {top}",
        "fr": "{value} dépasse {top}",
        "hr": "{value} je više od {top}",
    },
    "stale": {
        "en": "someone else changed this sheet first (now version {version}): it is shown as it "
        "is now; make your change again",
        "bg": "някой друг промени листа преди вас (вече версия {version}): показан е какъвто е "
        "сега; направете промяната си отново",
        "fr": "quelqu'un d'autre a changé cette feuille avant vous (version {version}) : elle "
        "est montrée telle qu'elle est ; refaites votre changement",
        "hr": "netko drugi je prvi promijenio ovaj list (sada verzija {version}): prikazan je "
        "kakav je sada; ponovite svoju promjenu",
    },
}
