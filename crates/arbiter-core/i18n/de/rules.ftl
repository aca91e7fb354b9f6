# Was das Regelwerk zu einem Eingriff sagt (`arbiter_core::rules::propose`). Deutsch.
# Eine Meldung je Satz; die Argumente nennt der Code mit `msg!`.

rules-choose-board = Zuerst das Brett wählen.
rules-choose-claimant = Den reklamierenden Spieler wählen.
rules-captain-advice = Der Mannschaftsführer darf nur raten, Remis anzubieten, ein Remisangebot anzunehmen oder aufzugeben; alles andere wird für den Spielbericht notiert.
rules-time-correction = Zeitgutschrift oder -abzug je Uhr und den Grund eingeben.
rules-time-change = { $sign }{ $time } { $player }

## Regelwidrige Züge
rules-illegal-choose-player = Den Spieler wählen, der den regelwidrigen Zug ausgeführt hat.
rules-illegal-not-illegal = Nach { $laws } ist das kein regelwidriger Zug; der Schiedsrichter kann nach Art. 12.9 bestrafen.
rules-illegal-loss = { $nth }. regelwidriger Zug von { $player }: die Partie ist verloren.
rules-illegal-loss-cannot-mate = { $nth }. regelwidriger Zug von { $player }: der Gegner kann mit keiner Folge regelgemäßer Züge mattsetzen, daher ist die Partie remis.
rules-illegal-loss-mate-possible = { $nth }. regelwidriger Zug von { $player }: die Partie ist verloren; der Gegner hat Mattmaterial (eine tote Stellung kann die Konsole nicht ausschließen: prüfen).
rules-illegal-loss-undecided = { $nth }. regelwidriger Zug von { $player }: die Partie ist verloren; ob der Gegner noch mattsetzen kann, kann die Konsole nicht entscheiden (jeder Bauer ist durch einen Bauern blockiert; ob ein Matt noch möglich ist, verlangt eine Analyse der Stellung (tote Stellung?)): der Schiedsrichter urteilt.
rules-illegal-loss-no-position = { $nth }. regelwidriger Zug von { $player }: die Partie ist verloren; für dieses Brett ist keine Stellung bekannt: prüfen, ob der Gegner noch mattsetzen kann.
rules-illegal-time = { $nth }. regelwidriger Zug von { $player }{ $loses_at ->
        [0] {""}
       *[other] {" "}(der { $loses_at }. verliert)
    }: Stellung wiederherstellen, { $opponent } { $time } gutschreiben{ $increment_s ->
        [0] {""}
       *[other] {" "}und { $increment_s } s (das Inkrement des regelwidrigen Zuges) bei { $player } abziehen
    }.
rules-illegal-no-time = { $nth }. regelwidriger Zug von { $player }: Stellung wiederherstellen; keine Zeitstrafe nach { $laws }.

## Remisreklamationen
rules-claim-evidence-repetitions = Laut Partieverlauf: die Stellung ist { $times }-mal aufgetreten
rules-claim-evidence-fifty = Laut Partieverlauf: { $moves } Züge ohne Schlagen oder Bauernzug
rules-claim-evidence-none = Kein vollständiger Partieverlauf: der Schiedsrichter entscheidet
rules-claim-correct = { $evidence }. Die Reklamation ist berechtigt: die Partie ist remis.
rules-claim-incorrect = { $evidence }. Die Reklamation ist unberechtigt: { $changes }; die Partie geht weiter.
rules-claim-incorrect-no-penalty = { $evidence }. Die Reklamation ist unberechtigt: keine Zeitstrafe; die Partie geht weiter.

## Endspurt
rules-quickplay-none = Keine Endspurt-Reklamation nach dem Profil "{ $profile }" (nur ohne Inkrement, wenn das Profil sie vorsieht).
rules-quickplay-not-eligible = Nicht zulässig: { $player } hat noch { $left }, eine Reklamation setzt weniger als { $threshold } voraus.
rules-quickplay-granted = Der Reklamation wird stattgegeben: die Partie ist remis.
rules-quickplay-postponed = Die Entscheidung wird zurückgestellt; der Schiedsrichter kann { $opponent } { $time } gutschreiben (freigestellt) und entscheidet später oder nach Zeitüberschreitung.
rules-quickplay-rejected = Die Reklamation wird abgelehnt: { $opponent } erhält { $time }.
rules-quickplay-increment-unavailable = Den Antrag auf ein Inkrement gibt es nur nach Richtlinie III.4.
rules-quickplay-increment = Der Antrag gilt als Remisangebot. Wird es abgelehnt und stimmt der Schiedsrichter zu, erhalten beide Uhren { $increment_s } s Inkrement und { $opponent } { $time }.

## Karenzzeit
rules-default-time-not-started = Die Runde wurde noch nicht gestartet: die Karenzzeit läuft ab dem tatsächlichen Beginn.
rules-default-time-expires = Die Karenzzeit ({ $minutes } min) läuft um { $at } ab.
rules-default-time-both-present = Beide Spieler waren innerhalb der Karenzzeit anwesend.
rules-default-time-expired = Die Karenzzeit lief um { $at } ab: { $result } (kampflos), sofern der Schiedsrichter nicht anders entscheidet.

## Zeitüberschreitung
rules-flag-choose-player = Den Spieler wählen, dessen Zeit abgelaufen ist.
rules-flag-cannot-mate = Fallblättchen von { $player }: der Gegner kann nicht mattsetzen: remis.
rules-flag-mate-possible = Fallblättchen von { $player }: Zeitüberschreitung (prüfen, dass die Züge nicht erfüllt waren).
rules-flag-undecided = Fallblättchen von { $player }: Zeitüberschreitung, sofern der Schiedsrichter die Stellung nicht für tot befindet.
rules-flag-no-position = Fallblättchen von { $player }: Zeitüberschreitung; keine Stellung bekannt: Mattmaterial des Gegners prüfen.

## Strafen
rules-penalty-choose-player = Den Spieler wählen.
rules-penalty-item-warning = Verwarnung
rules-penalty-item-time-to = +{ $time } für { $player }
rules-penalty-item-time-from = −{ $time } bei { $player }
rules-penalty-item-expelled = Ausschluss; die Partie ist verloren
rules-penalty-item-game-lost = die Partie ist verloren
rules-penalty-item-score = Wertungsänderung: das Ergebnis im Formular setzen
rules-penalty = Strafe (Art. 12.9) für { $player }: { $penalties }. Das Maß bestimmt der Schiedsrichter: vor dem Bestätigen anpassen.

## Elektronische Geräte
rules-device-choose-player = Den Spieler wählen.
rules-device-loss = Elektronisches Gerät bei { $player }: die Partie ist verloren, der Gegner gewinnt.
rules-device-discretion = Das Profil überlässt die Strafe dem Schiedsrichter (Art. 12.9).

## Proteste
rules-protest-fee = Gebühr { $amount }
rules-protest-no-fee = keine Gebühr festgelegt
rules-protest-deadline = schriftlich innerhalb von { $days } Tagen
rules-protest-no-deadline = keine Frist im Profil festgelegt
rules-protest-no-committee = keines benannt
rules-protest = Protest im Spielbericht vermerkt: { $deadline }; { $fee }; Entscheidung: { $decided_by }; Schiedsgericht: { $committee }.

## Aufstellungen
rules-lineup-none = Keine Aufstellung der Mannschaft ({ $team }) abgegeben.
rules-lineup-correct = Die Aufstellung ist korrekt.
rules-lineup-finding = Brett { $board }: { $problem }
rules-lineup-sanction = { $problems }. Folge: Bretter { $boards } werden gegen die Mannschaft ({ $team }) gewertet.

## Partieende von selbst
rules-end-checkmate = Matt
rules-end-stalemate = Patt
rules-end-fivefold = dieselbe Stellung zum fünften Mal
rules-end-seventy-five-moves = 75 Züge jedes Spielers ohne Schlagen oder Bauernzug
rules-end-dead-position = tote Stellung: keiner kann mattsetzen
rules-game-ended = Laut Partieverlauf { $reason }: die Partie ist beendet, { $result }.
rules-game-ended-unknown = Der Partieverlauf zeigt kein Partieende (oder ist unvollständig): der Schiedsrichter entscheidet.

## Verspäteter Beginn durch eine Mannschaft
rules-start-delay-not-charged = Das Profil "{ $profile }" rechnet eine Verzögerung nicht auf die Uhren an.
rules-start-delay = Die Mannschaft ({ $team }) hat den Beginn um { $minutes } min verzögert: die Zeit wird ihrem Spieler ({ $player }) angerechnet.

## Die Folge in wenigen Worten (das Protokoll hält den englischen Text fest)
rules-summary-illegal-loss = { $nth }. regelwidriger Zug: { $result }
rules-summary-illegal-time = { $nth }. regelwidriger Zug: +{ $time } für { $opponent }
rules-summary-claim-correct = berechtigte Reklamation: remis
rules-summary-claim-incorrect = unberechtigte Reklamation: { $changes }
rules-summary-quickplay-granted = Endspurt-Reklamation stattgegeben: remis
rules-summary-quickplay-postponed = Entscheidung zurückgestellt; +{ $time } für { $opponent }
rules-summary-quickplay-rejected = Reklamation abgelehnt; +{ $time } für { $opponent }
rules-summary-quickplay-increment = { $increment_s } s Inkrement für beide; +{ $time } für { $opponent }
rules-summary-default-time = Karenzzeit um { $at } abgelaufen: { $result }
rules-summary-flag = Fallblättchen von { $player }: { $result }
rules-summary-penalty = Strafe für { $player }: { $penalties }
rules-summary-device = elektronisches Gerät: { $player } verliert
rules-summary-protest = Protest vermerkt; { $deadline }; { $fee }
rules-summary-lineup = { $problems }; Bretter { $boards } mit 0:1 gewertet
rules-summary-game-ended = { $reason }: { $result }
rules-summary-start-delay = verspäteter Beginn durch die Mannschaft ({ $team }): −{ $time } für { $player }
rules-summary-not-applied = Vorschlag vom Schiedsrichter nicht angewandt

## Entscheidungen, wo die Regeln den Ausgang offenlassen (rules::decision).
decision-open = Die Regeln lassen das offen ({ $situation }): Sachverhalt abwägen, Ausgang wählen, Grundlage nennen und begründen.
decision-why-illegal-loss-bare-king = { $laws } kennt keine Ausnahme vom Partieverlust durch regelwidrigen Zug, wenn der Gegner nicht mattsetzen kann.
decision-fact-illegal-nth = { $nth }. regelwidriger Zug von { $player }.
decision-fact-cannot-mate = { $opponent } kann mit keiner Folge regelgemäßer Züge mattsetzen.
decision-option-result = Ergebnis { $result }
decision-basis-explicit-rule = ausdrückliche Regel
decision-basis-analogy = Analogie
decision-basis-discretion = Ermessen des Schiedsrichters
situation-start-delay-unforeseeable = eine unvorhersehbare Verzögerung des Beginns
situation-seating-error = Spieler an falschen Brettern
situation-competing-claims = konkurrierende Reklamationen ohne feststellbare Reihenfolge
situation-lineup-both-faulty = eine Aufstellungssanktion, wenn beide Aufstellungen fehlerhaft sind
situation-both-flags-down = beide Fallblättchen gefallen
situation-illegal-move-loss-bare-king = ein verlierender regelwidriger Zug gegen einen Gegner, der nicht mattsetzen kann
decision-option-unknown = (eine nicht angebotene Möglichkeit)
