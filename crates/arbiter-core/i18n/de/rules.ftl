# Was das Regelwerk zu einem Eingriff sagt (`arbiter_core::rules::propose`). Deutsch.
# Eine Meldung je Satz; die Argumente nennt der Code mit `msg!`.

rules-choose-board = Zuerst das Brett wählen.
rules-choose-claimant = Den reklamierenden Spieler wählen.
rules-captain-advice = Der Mannschaftsführer darf nur raten, Remis anzubieten, ein Remisangebot anzunehmen oder aufzugeben; alles andere wird für den Spielbericht notiert.
rules-time-correction = Zeitgutschrift oder -abzug je Uhr und den Grund eingeben.
rules-time-change = { $sign }{ $time } { $player }

## Regelwidrige Züge
rules-illegal-choose-player = Den Spieler wählen, der den regelwidrigen Zug ausgeführt hat.
rules-illegal-not-illegal = Nach { $laws } ist das kein regelwidriger Zug: die Stellung wird wiederhergestellt; der Schiedsrichter kann den Verstoß nach den allgemeinen Strafen ahnden.
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
rules-claim-evidence-fifty = Laut Partieverlauf: { $moves } Züge ohne Schlagen oder Bauernzug ({ $needed } nötig)
rules-claim-evidence-none = Kein vollständiger Partieverlauf: der Schiedsrichter entscheidet
rules-claim-correct = { $evidence }. Die Reklamation ist berechtigt: die Partie ist remis.
rules-claim-incorrect = { $evidence }. Die Reklamation ist unberechtigt: { $changes }; die Partie geht weiter.
rules-claim-incorrect-no-penalty = { $evidence }. Die Reklamation ist unberechtigt: keine Zeitstrafe; die Partie geht weiter.

## Endspurt
rules-quickplay-none = Keine Endspurt-Reklamation nach dem Profil "{ $profile }" (nur ohne Inkrement, wenn das Profil sie vorsieht).
rules-quickplay-not-eligible = Nicht zulässig, nicht erfüllt: { $why }. Die Reklamation wird als unzulässig festgehalten; keine Zeitgutschrift.
rules-quickplay-granted = Der Reklamation wird stattgegeben: die Partie ist remis.
rules-quickplay-postponed = Die Entscheidung wird zurückgestellt; die Reklamation bleibt offen. Der Schiedsrichter kann { $opponent } { $time } gutschreiben (seine Wahl, nichts ist vorbelegt) und entscheidet später oder nach einem Blättchenfall.
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
rules-penalty = Strafe für { $player }: { $penalties }.
rules-penalty-choose = Die Strafe für { $player } wählen (keine ist vorausgewählt).
rules-penalty-enter-time = Die Zeit der Strafe eingeben: keine Fassung der Regeln legt ein Maß fest.
rules-penalty-time-missing = Strafe für { $player }: die Zeit bestimmt der Schiedsrichter (keine Fassung legt sie fest); angewendet wird erst, wenn sie eingegeben ist.

## Elektronische Geräte
rules-device-choose-player = Den Spieler wählen.
rules-device-loss = Elektronisches Gerät bei { $player }: die Partie ist verloren, der Gegner gewinnt.
rules-device-discretion = Die Regeln überlassen die Strafe dem Schiedsrichter.
rules-device-loss-bag = Ein elektronisches Gerät in der Tasche von { $player }, und die Ausschreibung erlaubt keine Tasche: er hat es bei sich, die Partie ist verloren, der Gegner gewinnt.
rules-device-why-bag-allowed = Das Gerät war in der Tasche, die die Ausschreibung erlaubt, nicht am Körper des Spielers: kein Partieverlust; ein nicht vollständig ausgeschaltetes Gerät verstößt gegen die Regel über Taschen.
rules-device-choose-penalty = Die Strafe wählen (keine ist vorausgewählt).
rules-device-menu = { $why } Die Strafe für { $player } aus den allgemeinen Strafen wählen.
rules-device-penalty = { $why } Strafe für { $player }: { $penalties }.

## Proteste
rules-protest-fee = Gebühr { $amount }
rules-protest-no-fee = keine Gebühr festgelegt
rules-protest-deadline = schriftlich innerhalb von { $days } Tagen
rules-protest-no-deadline = keine Frist im Profil festgelegt
rules-protest-no-committee = keines benannt
rules-protest-announce-within = dem Schiedsrichter binnen { $minutes } Min. nach dem Wettkampf anzukündigen
rules-protest-announce-on-report = im Spielbericht anzukündigen, bevor die Mannschaftsführer unterschreiben
rules-protest = Protest im Spielbericht vermerkt: { $announce }; { $deadline }; { $fee }; Entscheidung: { $decided_by }; Schiedsgericht: { $committee }.

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

## Spielarten (Schnell-, Blitzschach): rules::mode
rules-illegal-stands = { $opponent } hat inzwischen seinen nächsten Zug ausgeführt: nach den Regeln für { $mode } bleibt der regelwidrige Zug von { $player } bestehen, die Partie wird fortgesetzt, keine Strafe.
rules-illegal-window = Im { $mode } kann ein regelwidriger Zug nur geahndet werden, bevor { $opponent } seinen nächsten Zug ausgeführt hat: angeben, ob er das hat.
rules-illegal-state-reply = Angeben, ob { $opponent } seit dem regelwidrigen Zug seinen nächsten Zug ausgeführt hat (die Uhr zeigt es nicht).
rules-flag-both-draw = Beide Fallblättchen sind gefallen: nach den Regeln für { $mode } ist die Partie remis.
rules-flag-claim-only = { $proposal } Im { $mode } weist der Schiedsrichter nicht auf ein gefallenes Blättchen hin: es zählt erst, wenn der Gegner es zu Recht reklamiert hat.
rules-clock-setting-final = Nach { $moves } Zügen jedes Spielers kann die Uhreinstellung im { $mode } nicht mehr berichtigt werden (außer die Regeln erlauben es für den Zeitplan der Veranstaltung): eine Änderung nur aus diesem Grund eingeben.

## Verhalten
rules-conduct-after-game = Die Partie ist beendet ({ $result }): der Spieler ist jetzt Zuschauer. Der Vorfall wird nur als Verhalten vermerkt; das Ergebnis bleibt (Verweis aus dem Turniersaal oder eine Strafe der Liga bleiben möglich).
rules-disturbance-no-time = Nach { $laws } hält der Schiedsrichter bei einer Störung von außen die Uhren an; zusätzliche Bedenkzeit gibt es nicht.
rules-disturbance-ask = Störung von außen: der Schiedsrichter kann einem oder beiden Spielern zusätzliche Bedenkzeit geben. Die Zeit eingeben (keine Fassung nennt ein Maß); kein Spieler gewählt = beide.
rules-disturbance-enter-time = Die zusätzliche Bedenkzeit eingeben.
rules-disturbance = Störung von außen: { $changes }.
rules-refusal-choose-player = Den Spieler wählen, der sich beharrlich weigert, die Regeln zu befolgen.
rules-refusal-both = Beide Spieler weigern sich beharrlich, die Regeln zu befolgen: die Partie ist für beide verloren (0-0).
rules-refusal-loss = Beharrliche Weigerung, die Regeln zu befolgen: { $player } verliert, { $opponent } gewinnt.
rules-refusal-cannot-mate = Beharrliche Weigerung, die Regeln zu befolgen: { $player } verliert; { $opponent } kann mit keiner Folge regelgemäßer Züge mattsetzen, daher erhält { $opponent } ein Remis (0–½).
rules-refusal-can-mate = Beharrliche Weigerung, die Regeln zu befolgen: { $player } verliert; { $opponent } hat Mattmaterial und gewinnt.
rules-refusal-bare-king = Beharrliche Weigerung, die Regeln zu befolgen: { $player } verliert; { $opponent } hat nur noch den König und kann nicht gewinnen, daher erhält { $opponent } ein Remis (0–½).
rules-refusal-not-bare-king = Beharrliche Weigerung, die Regeln zu befolgen: { $player } verliert, { $opponent } gewinnt.
rules-refusal-no-position = Beharrliche Weigerung, die Regeln zu befolgen: { $player } verliert; keine Stellung bekannt: prüfen, ob { $opponent } noch mattsetzen kann (sonst erhält er ein Remis).
rules-unable-choose-player = Den Spieler wählen, der nicht mitschreiben kann.
rules-unable-no-notation = Im { $mode } müssen die Spieler nicht mitschreiben: es wird keine Zeit abgezogen.
rules-unable-disabled = { $player } kann wegen einer Behinderung nicht mitschreiben: es wird keine Zeit abgezogen; ein Assistent darf die Züge aufschreiben.
rules-unable-no-rule = { $laws } zieht einem Spieler, der nicht mitschreiben kann, keine Zeit ab.
rules-unable-ask = { $player } kann nicht mitschreiben: der Schiedsrichter bestimmt die Zeit, die vor Partiebeginn abgezogen wird.
rules-unable-enter-time = Die abzuziehende Zeit eingeben.
rules-unable-deduction = { $player } kann nicht mitschreiben: { $time } werden von seiner Bedenkzeit abgezogen { $started ->
        [0] vor Partiebeginn
       *[other] (die Partie hat schon begonnen: der Abzug gehört vor den Beginn)
    }.

## Die Folge in wenigen Worten (Spielarten und Verhalten)
rules-summary-illegal-stands = regelwidriger Zug von { $player } bleibt bestehen (Gegner hat gezogen)
rules-summary-both-flags-draw = beide Blättchen gefallen: remis
rules-summary-conduct-after-game = Verhalten nach der Partie; Ergebnis { $result } unverändert
rules-summary-device-penalty = elektronisches Gerät: Strafe für { $player }: { $penalties }
rules-summary-disturbance = Störung von außen: { $changes }
rules-summary-refusal-both = beharrliche Weigerung beider: 0-0
rules-summary-refusal = beharrliche Weigerung von { $player }: { $result }
rules-summary-unable-no-deduction = { $player } kann nicht mitschreiben (Behinderung): kein Abzug
rules-summary-unable = { $player } kann nicht mitschreiben: −{ $time }

## Widerspruch zu den geltenden Regeln (rules::conflict)
conflict-laws-in-force = Die geltenden Regeln ({ $laws }; { $articles }) entscheiden anders: { $outcome }.
conflict-outcome-open = der Schiedsrichter entscheidet
conflict-outcome-arbiter-enters = der Schiedsrichter gibt das Maß ein
conflict-outcome-no-change = nichts ändert sich

## Weitere Entscheidungen
decision-why-device-off-person = Die Ausschreibung erlaubt keine Tasche, und nach { $laws } verliert ein Gerät nur „am Körper“: ob ein Gerät in der Tasche zählt, ist nicht geregelt.
decision-fact-device-in-bag = Ein elektronisches Gerät von { $player } war in seiner Tasche, nicht am Körper.
decision-fact-no-bag-allowed = Die Ausschreibung erlaubt keine Tasche für Geräte.
decision-option-penalty = Strafe: { $penalties }
decision-option-warning = Verwarnung
decision-option-note-only = Keine Strafe; im Spielbericht vermerkt
decision-why-device-cannot-mate = { $laws } sagt „der Gegner gewinnt“, ohne Ausnahme für einen Gegner, der nicht mattsetzen kann (die Regel zur beharrlichen Weigerung hat eine).
decision-fact-device = Ein elektronisches Gerät am Körper von { $player }.
decision-why-refusal-score = { $laws }: „Die vom Gegner erzielte Punktzahl bestimmt der Schiedsrichter.“
decision-fact-refusal = { $player } weigert sich beharrlich, die Regeln zu befolgen: er verliert.
decision-fact-can-mate = { $opponent } hat Mattmaterial.
decision-fact-mate-unknown = Ob { $opponent } noch mattsetzen kann, ist nicht bekannt.
situation-device-off-person = ein Gerät nicht am Körper, wo keine Tasche erlaubt ist
situation-device-loss-opponent-cannot-mate = ein Partieverlust durch ein Gerät gegen einen Gegner, der nicht mattsetzen kann
situation-refusal-opponent-score = die Punktzahl des Gegners nach Partieverlust wegen beharrlicher Weigerung
## Die Partie auf dem Brett (Stellungen, Partieende, regelwidrige Züge richtiggestellt, Fallblättchen von der Uhr)
rules-game-finished = Die Partie ist beendet ({ $result }, erfasst mit Eintrag { $seq }): ändern kann das nur eine begründete Ergebniskorrektur.
rules-fact-ending-move = Der Zug, der sie beendete: { $mv }.
rules-fact-position = Stellung: { $fen }
rules-fact-no-position = Für dieses Brett ist keine Stellung bekannt.
rules-fact-reinstate = Die letzte regelgemäße Stellung wiederherstellen: { $fen }
rules-fact-touched-unknown = Die berührte Figur ist nicht bekannt: der Ersatzzug ist ein Zug der zuerst berührten Figur (Art. 4.3), ein beliebiger regelgemäßer Zug, wenn sie keinen hat (Art. 4.5).
rules-fact-touched-no-move = Die berührte Figur ({ $piece }) hat keinen regelgemäßen Zug: ein beliebiger regelgemäßer Zug (Art. 4.5).
rules-fact-touched-moves = Die berührte Figur ({ $piece }) muss ziehen (Art. 4.3): { $moves }.
rules-fact-queen = Der Bauer wird durch eine Dame ersetzt (Art. 7.5.2): { $mv }, Stellung { $fen }.
rules-fact-queen-unknown = Kein auf der letzten Reihe stehengelassener Bauer bekannt: den Zug (Ausgangs- und Zielfeld) angeben.
rules-fact-completed = Von { $player } ausgeführte Züge: { $moves } (das Drücken der Uhr nach einem regelwidrigen Zug schließt keinen ab).
rules-fact-counter = Die Uhr zählt { $device } Züge für { $player }: ihren Zugzähler auf { $moves } stellen.
rules-illegal-later-no-position = Für dieses Brett ist keine Stellung bekannt: der als regelwidrig erkannte Zug kann hier nicht zurückgenommen werden.
rules-illegal-later-no-such-move = Der Halbzug { $ply } ist nicht im Partieverlauf (er hat die Halbzüge { $first } bis { $last }).
rules-illegal-later-choose-clocks = Der Halbzug { $ply } war regelwidrig: die Uhrzeiten für die wiederhergestellte Stellung wählen (die im Protokoll festgehaltenen oder die jetzigen, Art. 7.1).
rules-fact-reinstate-later = { $mv } war regelwidrig: die Stellung davor wiederherstellen ({ $fen }) und { $taken } Halbzüge zurücknehmen.
rules-fact-clocks-recorded = Uhrzeiten, als der regelwidrige Zug begonnen wurde, wie im Protokoll festgehalten: Weiß { $white }, Schwarz { $black }.
rules-fact-clocks-not-recorded = Das Protokoll enthält keine Uhrmeldung vom Beginn des regelwidrigen Zuges.
rules-fact-clocks-current = Uhrzeiten jetzt: Weiß { $white }, Schwarz { $black }.
rules-flag-after-end = Die Partie war bereits beendet ({ $reason }, { $result }): ein späteres Fallblättchen zählt nicht (Art. 6.9).
rules-flag-not-down = Die Zeit von { $player } ist nicht abgelaufen: die Uhr zeigt { $time }.
rules-flag-no-clock = Für dieses Brett gibt es keine Uhrmeldung: der Schiedsrichter hat das Fallblättchen von { $player } festgestellt.
rules-flag-moves-completed = { $player } hatte { $completed } der { $required } Züge der { $period }. Periode ausgeführt, als die Zeit ablief: das Fallblättchen beendet nur die Periode, kein Partieverlust (Art. 6.4).
rules-counted-by-board = auf dem elektronischen Brett gezählt
rules-counted-by-clock-presses = nach dem Drücken der Uhr gezählt (kein elektronisches Brett: die Partieformulare prüfen)
rules-counted-by-arbiter = nach der Zählung des Schiedsrichters
rules-fact-flag-period = Die Zeit von { $player } in der { $period }. Periode lief nach { $completed } ausgeführten Zügen ab ({ $counted }); die Periode verlangt { $required }.
rules-fact-flag-last-period = Die Zeit von { $player } in der { $period }. (letzten) Periode lief nach { $completed } ausgeführten Zügen ab ({ $counted }).
rules-fact-device-added-earned = Die Uhr schrieb { $player } danach { $time } gut: verdient, die Züge der Periode waren ausgeführt.
rules-fact-device-added-not-earned = Die Uhr schrieb { $player } bei null { $time } gut: nicht verdient, die Züge der Periode waren nicht ausgeführt; die Zeit von { $player } bleibt in der Konsole bei 0:00.
rules-fact-flag-order = Die Uhr meldete zuerst das Fallblättchen von { $first }, dann das von { $second }.
rules-fact-flag-order-unknown = Die Uhr meldete beide Fallblättchen zugleich: welches zuerst fiel, ist nicht feststellbar.
rules-fact-first-flag-interpretation = Die von der Uhr gemeldete Reihenfolge gilt als festgestellt (ihre Anzeigen sind maßgebend, Art. 6.10.1): eine Auslegung, keine Regel der Schachregeln.
rules-both-flags-continue = Beide Fallblättchen sind gefallen und die Reihenfolge ist nicht feststellbar: die Partie wird nach { $laws } fortgesetzt.
rules-both-flags-draw = Beide Fallblättchen sind gefallen: die Partie ist nach { $laws } remis.
decision-why-both-flags = { $laws } hat hier keine Regel für zwei gefallene Fallblättchen.
decision-option-continue = Die Partie wird fortgesetzt
rules-illegal-later-other-player = Den Halbzug { $ply } hat { $player } ausgeführt: diesen Spieler wählen.

## Claims with a life (issue 14)
difference-en-passant = nur in einer der beiden Stellungen war ein Schlagen en passant möglich
difference-castling = die Rochaderechte sind verschieden
difference-en-passant-and-castling = die Rochaderechte sind verschieden, und nur in einer der beiden Stellungen war ein Schlagen en passant möglich
claim-kind-quickplay = Endspurt
claim-kind-increment-request = Bitte um ein Inkrement
rules-claim-check-game-over = die Partie ist beendet ({ $result })
rules-claim-check-not-on-move = { $player } ist nicht am Zug ({ $on_move } ist am Zug)
rules-claim-check-on-move = { $player } ist am Zug
rules-claim-check-on-move-unknown = wer am Zug ist, steht nicht fest (kein Partieverlauf, keine laufende Uhr): der Schiedsrichter prüft es
rules-claim-inadmissible = Die Reklamation ist unzulässig: { $why }. Sie wird nicht sachlich geprüft und zieht keine Zeitstrafe für eine unberechtigte Reklamation nach sich; der Schiedsrichter kann eine Strafe nach seiner Wahl verhängen.
rules-claim-inadmissible-why = Eine unzulässige Reklamation führt zu keiner Zeitkorrektur wie eine unberechtigte; der Schiedsrichter kann nach den allgemeinen Vorschriften eine Strafe verhängen ({ $article }; DSB-Anmerkung zu 9.5.2).
rules-option-no-penalty = keine Strafe
rules-option-warning = eine Verwarnung
rules-claim-intended-illegal = Der notierte Zug { $mv } ist in der Stellung ({ $fen }) nicht regelgemäß. Die Regeln sagen nicht, was daraus folgt: der Schiedsrichter entscheidet (regelwidriger Zug, Berührt-geführt).
rules-claim-fact-intended = Beurteilt wird die Stellung nach dem notierten Zug { $mv }, der auf dem Brett nicht ausgeführt ist
rules-claim-occurrence = { $n }. Auftreten: nach { $mv }
rules-claim-occurrence-start = { $n }. Auftreten: die Ausgangsstellung
rules-claim-differs = Nicht dieselbe Stellung nach { $mv }: { $reason }
rules-claim-differs-start = Nicht dieselbe wie die Ausgangsstellung: { $reason }
rules-claim-fact-extended = Im Endspiel { $ending } gelten { $count } statt 50 Züge
rules-claim-fact-must-play = Der notierte Zug { $mv } muss als nächster ausgeführt werden ({ $article }); jeder andere Zug ist eine Regelwidrigkeit
rules-claim-fact-time-unknown = Die Bedenkzeit von { $player } ist nicht bekannt: der Anteil des Reklamierenden an der Strafe wird nicht berechnet
rules-claim-fact-overstep = { $player } hat noch { $left }: die seiner verbrauchten Zeit hinzugefügten { $time } überschreiten sie
rules-claim-fact-bare-king-unknown = Ob { $opponent } nur noch den König hat, ist nicht bekannt (keine Stellung): bitte prüfen
rules-claim-overstep-draw = { $evidence }. Die Reklamation ist unberechtigt, und die hinzugefügte Zeit überschreitet die Bedenkzeit von { $player }; { $opponent } hat aber nur noch den König: die Partie ist remis.
rules-claim-overstep-loss = { $evidence }. Die Reklamation ist unberechtigt, und die hinzugefügte Zeit überschreitet die Bedenkzeit von { $player }: { $player } verliert die Partie.
rules-claim-boundary = { $evidence }. Die Reklamation ist unberechtigt. { $player } hat genau { $left }: diese Zeit regelt der Text nicht; der Schiedsrichter legt den Wert fest.
rules-claim-boundary-why = Der Text regelt mehr und weniger als { $left }, nicht genau { $left } ({ $article }): ungeregelt.
rules-claim-fact-claimant-time = { $player } hat { $left } auf der Uhr (volle Sekunden wie angezeigt)
rules-option-claimant-time = { $player } behält { $time }
rules-check = { $ok ->
    [yes] [x]
   *[no] [ ]
} { $check }
rules-quickplay-check-in-force = die Regel gilt nach dem Profil "{ $profile }"
rules-quickplay-check-no-increment = kein Inkrement und keine Verzögerung
rules-quickplay-check-last-period = die letzte Periode (jetzt Periode { $period })
rules-quickplay-check-time = { $player } hat { $left }, weniger als { $threshold }
rules-quickplay-check-time-unknown = die Bedenkzeit des Reklamierenden unter { $threshold } (keine Uhrzeit bekannt)
rules-quickplay-check-on-move = { $player } ist am Zug
rules-quickplay-check-running = die Partie läuft noch
rules-claim-fact-follows = Eine frühere Reklamation an diesem Brett ist noch offen (Reklamation Nr. { $id }, { $status }): diese wird mit ihr verknüpft
rules-quickplay-fact-final = Die Entscheidung des Schiedsrichters ist endgültig ({ $article }): ein späterer Protest dagegen wird markiert
rules-quickplay-bonus-why = Bei zurückgestellter Entscheidung dürfen dem Gegner zwei zusätzliche Minuten zugesprochen werden ({ $article }): die Wahl des Schiedsrichters, nichts ist vorbelegt.
rules-option-bonus = { $opponent } erhält { $time }
rules-option-no-bonus = keine Zeitgutschrift
rules-quickplay-increment-accepted = Der Gegner nimmt die Bitte an, die ein Remisangebot ist: die Partie ist remis.
rules-quickplay-increment-refused = Der Gegner lehnt ab, und der Schiedsrichter stimmt dem Inkrement nicht zu. Richtlinie III.4 sagt nicht, was daraus folgt: festgehalten mit der Begründung des Schiedsrichters; die Partie geht weiter.
rules-quickplay-flag-open-claim = Das Blättchen von { $player } ist gefallen, während die Endspurt-Reklamation Nr. { $id } offen ist: der Schiedsrichter bestimmt jetzt das Ergebnis (remis oder Zeitverlust) mit Begründung.
rules-quickplay-final-why = Nach zurückgestellter Entscheidung bestimmt der Schiedsrichter das Ergebnis, sobald ein Blättchen gefallen ist ({ $article }).
rules-claim-fact-open = Offene Reklamation Nr. { $id } von { $player }
rules-quickplay-hint-normal-means = Remis, wenn { $opponent } die Partie mit normalen Mitteln nicht gewinnen kann oder keine ausreichenden Anstrengungen unternommen hat, sie mit normalen Mitteln zu gewinnen
rules-option-draw = remis
rules-option-loss-on-time = { $player } verliert durch Zeitüberschreitung
rules-agreement-fact-moves = Ausgeführte Züge: Weiß { $white }, Schwarz { $black }
rules-agreement-game-over = Die Partie ist bereits beendet: nach der Partie gibt es keine Remisvereinbarung.
rules-agreement-too-early-moves = Unwirksam: Remis kann erst vereinbart werden, wenn jeder Spieler { $moves } Zug/Züge ausgeführt hat (Weiß { $white }, Schwarz { $black }).
rules-agreement-too-early-regulations = Unwirksam: die Turnierordnung erlaubt keine Remisvereinbarung vor dem { $min }. Zug (jetzt { $move_no }. Zug); der Schiedsrichter stimmt nicht zu.
rules-agreement-consent = Die Turnierordnung erlaubt vor dem { $min }. Zug (jetzt { $move_no }. Zug) keine Remisvereinbarung ohne Zustimmung des Schiedsrichters.
rules-agreement-consent-why = Eine Vereinbarung vor dem { $min }. Zug braucht die Zustimmung des Schiedsrichters (Art. 9.1.1).
rules-option-consent = zustimmen: die Partie ist remis
rules-option-refuse-consent = nicht zustimmen: die Partie geht weiter
rules-agreement-valid = Die Remisvereinbarung ist wirksam: die Partie ist remis.
rules-summary-agreement = Remis durch Vereinbarung
rules-summary-claim-inadmissible = unzulässige Reklamation: keine Strafe
rules-summary-claim-inadmissible-warning = unzulässige Reklamation: Verwarnung
rules-summary-claim-overstep-draw = unberechtigte Reklamation, Zeit überschritten, Gegner hat nur den König: remis
rules-summary-claim-overstep-loss = unberechtigte Reklamation, Zeit überschritten: { $player } verliert
rules-summary-quickplay-final-draw = Endspurt-Reklamation nach dem Blättchenfall entschieden: remis
rules-summary-quickplay-final-loss = Endspurt-Reklamation nach dem Blättchenfall entschieden: { $player } verliert durch Zeitüberschreitung
rules-summary-quickplay-increment-accepted = Bitte um Inkrement als Remisangebot angenommen: remis
rules-summary-quickplay-increment-refused = Bitte um Inkrement abgelehnt, Schiedsrichter stimmt nicht zu
rules-summary-quickplay-postponed-no-bonus = Entscheidung zurückgestellt; keine Zeitgutschrift
situation-inadmissible-claim = eine unzulässige Reklamation (eine allgemeine Strafe oder keine)
situation-claim-penalty-unregulated = eine Strafe für eine unberechtigte Reklamation an einer Grenze, die der Text nicht regelt
situation-quickplay-postponed-bonus = die freigestellte Zeitgutschrift bei zurückgestellter Endspurt-Entscheidung
situation-quickplay-final-decision = das Ergebnis nach einem Blättchenfall bei offener Endspurt-Reklamation
situation-draw-agreement-consent = die Zustimmung des Schiedsrichters zu einem Remis vor dem Mindestzug der Turnierordnung
hint-dsb-iii5-doubt = Hinweis (DSB-Anmerkung zu III.5): Im Zweifel schiebt der SR seine Entscheidung hinaus. Fällt später eines der Fallblättchen, entscheidet der SR im Zweifel auf Verlust wegen Zeitüberschreitung.
hint-dsb-iii5-wait-for-flag = Hinweis (DSB-Anmerkung zu III.5): Nach aufgeschobener Entscheidung soll der SR in der Regel abwarten, bis ein Fallblättchen fällt.
rules-quickplay-choose = Alle Voraussetzungen sind erfüllt: die Entscheidung wählen (stattgeben, zurückstellen, ablehnen); nichts ist vorbelegt.
rules-protest-final-claim = Achtung: über die Endspurt-Reklamation Nr. { $id } an diesem Brett wurde entschieden ({ $status }); diese Entscheidung ist endgültig ({ $article }): ein Protest kann nur die Voraussetzungen betreffen, nicht die Entscheidung.
rules-claim-competing = { $evidence }. Die Reklamation ist berechtigt, aber auch das Blättchen des Reklamierenden ist gefallen.
rules-claim-competing-flag = Das Blättchen von { $player } ist gefallen: ob die Reklamation oder der Blättchenfall zuerst kam, steht nicht fest; keine Quelle regelt das.
rules-option-claim-first = die Reklamation kam zuerst: remis

## Der Ablauf um die Partien (Issue 16)
rules-deadline = Karenzzeit { $minutes } min ab { $basis } { $reference } (bis { $until })
rules-lineup-proviso-open = { $problems }. § 33 Abs. 4a nullt nur, „vorausgesetzt, dass dessen Aufstellung korrekt war“, und auch die Aufstellung der anderen Mannschaft ({ $team }) ist fehlerhaft: der Schiedsrichter entscheidet.
rules-lineup-proviso-fails = { $problems }. § 33 Abs. 4a nullt nur, „vorausgesetzt, dass dessen Aufstellung korrekt war“; auch die Aufstellung der anderen Mannschaft ({ $team }) ist fehlerhaft, daher keine Nullung nach Abs. 4a.
rules-lineup-report-only = { $problems }: wird im Spielbericht vermerkt, keine Sanktion.
rules-seating-error-report = Spieler der Mannschaft ({ $team }) saßen an falschen Brettern ({ $boards }): wird im Spielbericht vermerkt.
rules-seating-error-open = Spieler der Mannschaft ({ $team }) saßen an falschen Brettern ({ $boards }): keine Quelle regelt das, der Schiedsrichter entscheidet.
rules-summary-seating-zeroed = Bretter { $boards } mit 0:1 gewertet (falsch gesetzt)
rules-both-absent-white-loses-time = Beide Spieler fehlten zu Beginn: Weiß hat die { $time } bis zum Erscheinen des ersten verloren (Art. 6.7.2).
rules-both-absent-time-back = Beide Spieler fehlten zu Beginn; diese Regeln rechnen die Zeit nicht Weiß an: { $time } zurück an Weiß.
rules-summary-both-absent-time-back = +{ $time } für Weiß (beide fehlten zu Beginn)
rules-unforeseeable-delay-not-charged = Die Mannschaft ({ $team }) hat sich { $minutes } min aus unvorhersehbarem Grund verspätet: diese Ordnung rechnet eine solche Verzögerung keiner Mannschaft an, also nichts.
rules-unforeseeable-delay-open = Die Mannschaft ({ $team }) hat sich { $minutes } min aus unvorhersehbarem Grund verspätet: der Schiedsrichter entscheidet, ob die Verzögerung angerechnet wird.
decision-why-lineup-both-faulty = § 33 Abs. 4a nullt die Bretter, „vorausgesetzt, dass dessen Aufstellung korrekt war“; zu zwei fehlerhaften Aufstellungen sagt er nichts.
decision-fact-lineup-findings = Die Aufstellung der Mannschaft ({ $team }): { $problems }.
decision-fact-opponent-faulty = Auch die Aufstellung der Mannschaft ({ $team }) ist fehlerhaft.
decision-option-no-zeroing-4a = keine Nullung nach Abs. 4a (die Voraussetzung fehlt)
decision-option-zero-as-written = Bretter { $boards } nach dem Wortlaut nullen
decision-option-refer-to-league = vorläufig wie gespielt werten; an den Staffelleiter verweisen
decision-why-seating-error = Keine Quelle unterscheidet falsch sitzende Spieler von einer geänderten Aufstellung.
decision-fact-seating = Spieler der Mannschaft ({ $team }) an falschen Brettern: { $boards }.
decision-option-continue-as-seated = die Partien wie gespielt werten; den Bericht berichtigen
decision-option-restart-at-right-boards = die Spieler an die richtigen Bretter setzen und neu beginnen
decision-option-seating-zero-between = falsche Brettfolge (§ 33 Abs. 4b): Bretter { $boards } mit 0:1 gewertet
decision-option-seating-too-low = nur der zu tief eingesetzte Spieler verliert (BTO NRW § 16.7): Brett { $board }
decision-why-start-delay-unforeseeable = BTO NRW § 27.3 rechnet eine Verzögerung nur dem schuldigen Verein an; die DSB-Erläuterung zu 6.7.1 erlaubt Ermessen nur bei unvorhersehbaren Umständen.
decision-fact-start-delay = Die Mannschaft ({ $team }) hat sich { $minutes } min verspätet.
decision-option-delay-not-charged = nicht anrechnen (der ganze Wettkampf beginnt später)
decision-option-delay-charged = { $minutes } min auf die Uhren der Mannschaft ({ $team }) anrechnen

# Startbildschirm und Anwesenheit (Issue 19)
rules-start-in-future = Der Beginn { $time } liegt in der Zukunft: bitte die Zeit eingeben, zu der die Runde tatsächlich begonnen hat.
rules-start-before-scheduled = Der Beginn { $time } liegt vor dem angesetzten Beginn { $scheduled }: bitte den Grund angeben.
rules-arrival-in-future = Die Ankunft { $time } liegt in der Zukunft: bitte die Zeit eingeben, zu der der Spieler tatsächlich eingetroffen ist.

# Issue 19a: Formulare folgen dem Regelwerk; was möglich ist; Entscheidungen erreichen die Uhr.
rules-claim-fact-overridden = Die Partieaufzeichnung ergibt: { $found }; der Schiedsrichter hat anders entschieden (Abweichung).
rules-claim-evidence-arbiter = die Feststellung des Schiedsrichters, abweichend von der Partieaufzeichnung
rules-override-needs-reason = { $field }: die Regeln ergeben „{ $proposed }“, das Formular „{ $chosen }“: eine Abweichung braucht eine Begründung.
override-field-claim-correct = Reklamation berechtigt
override-field-consequence = Folge
override-value-correct = berechtigt
override-value-incorrect = unberechtigt
override-value-nothing = nichts
override-value-text = { $text }
rules-avail-game-finished = Die Partie an Brett { $board } ist beendet ({ $result }): keine Reklamation, kein Zeitverlust, kein Ergebnis mehr; ändern kann sie nur eine Ergebniskorrektur.
rules-avail-arrived-twice = Der Spieler der Mannschaft ({ $team }) an Brett { $board } ist um { $time } eingetroffen (Eintrag { $seq }): eine zweite Ankunft wird nicht erfasst.
rules-avail-round-started = Die Runde wurde um { $time } begonnen (Eintrag { $seq }): sie wird nicht noch einmal begonnen.
rules-avail-no-quickplay = Das Regelwerk „{ $profile }“ kennt keine Endspurt-Regel: eine Endspurt-Reklamation gibt es nicht.
rules-avail-no-flag = Kein Fallblättchen ist gefallen: Weiß { $white }, Schwarz { $black }. Kein Zeitverlust, solange beide Spieler Zeit haben.
rules-avail-clock-runs = Die Uhr läuft noch für { $player }. Das Ergebnis trotzdem erfassen?
rules-avail-already-credited = Schon gutgeschrieben? { $changes } wurde um { $time } bestätigt.
rules-fact-device-clocks = Der Vorschlag beruht auf den an der Uhr abgelesenen Zeiten: Weiß { $white }, Schwarz { $black } (geschätzt hatte die Konsole Weiß { $est_white }, Schwarz { $est_black }: die Verbindung ist nicht aktuell).
rules-fact-device-clocks-same = Der Vorschlag beruht auf den an der Uhr abgelesenen Zeiten: Weiß { $white }, Schwarz { $black }.

# Issue 19e: wie die Partie endete, mit dem Ergebnis.
override-field-result = Ergebnis
override-field-ending = Partieende
override-value-result = { $result }
override-value-result-ending = { $result } ({ $ending })
override-value-ending-none = nicht angegeben
rules-ending-does-not-fit = „{ $ending }“ kann nicht zum Ergebnis { $result } führen.
situation-game-mismatch = welche Partie gilt, wenn das Brett nach einem Neustart eine andere Partie meldet als das Journal
rules-mismatch-none = Das Brett meldet die Partie des Journals: nichts zu entscheiden.
rules-mismatch = Nach dem Neustart meldet Brett { $board } eine andere Partie ({ $source }) als das Journal: nichts davon wurde übernommen. Entscheiden Sie, welche Partie gilt.
rules-mismatch-why = Keine Regel sagt, welche Aufzeichnung gilt, wenn Brett und Journal nicht übereinstimmen; die Konsole übernimmt keine stillschweigend.
rules-mismatch-fact-recorded = Das Journal: { $moves } Halbzüge; nach Halbzug { $common }: { $after }
rules-mismatch-fact-reported = Das Brett: { $moves } Halbzüge; nach Halbzug { $common }: { $after }
rules-mismatch-fact-placement = Die Stellung auf dem Brett: { $placement }
rules-mismatch-fact-nothing-taken = Bis zu Ihrer Entscheidung werden die Züge des Bretts nicht aufgezeichnet.
rules-option-mismatch-recorded = die Partie des Journals gilt (das Brett wird auf ihre Stellung gestellt)
rules-option-mismatch-board = die Partie des Bretts gilt
rules-summary-mismatch-recorded = Die Partie des Journals gilt; das Brett wird auf ihre Stellung gestellt.
rules-summary-mismatch-board = Die Partie des Bretts gilt: die Züge des Journals nach Halbzug { $common } werden zurückgenommen, die des Bretts folgen.
rules-summary-mismatch-board-placement = Die Partie des Bretts gilt: weitergespielt wird von der Stellung auf dem Brett.
rules-avail-no-mismatch = Brett { $board } meldet die Partie des Journals: nichts zu entscheiden.

## Issue 28: Reklamationen, die Uhr, Verhalten und der Wettkampf
rules-claim-notice-shuffle = Hinweis: Die Wiederholung entstand durch offensichtliches Hin- und Herziehen im { $move_no }. Zug, während das Turnierreglement vor dem { $min }. Zug keine Remisvereinbarung zulässt ({ $article }). Eine Reklamation nach 9.2 bleibt statthaft; ein möglicher Missbrauch von 9.2 wird nach 11.1 geprüft (DSB-Erläuterung zu 9.1.1).
rules-override-mandatory = { $change } ist zwingend ({ $articles }): keine abweichende Entscheidung kann es weglassen.
rules-quickplay-check-own-flag = das Fallblättchen von { $player } steht noch
hint-dsb-iii5-clearly-better = Hinweis (DSB-Anmerkung zu III.5): Eine Reklamation ist auch in klar vorteilhafter Stellung zulässig; der Gegner wird dann in der Regel keine Anstrengungen machen, die Partie mit normalen Mitteln zu gewinnen. Kommt der SR zu dieser Überzeugung, sollte er der Reklamation stattgeben.
rules-fact-flag-from-claim = Das Fallblättchen von { $player } gilt ab dem Hinweis um { $claimed } als gefallen, nicht ab der Meldung der Uhr um { $shown }: in der Endspurtphase zeigt der Schiedsrichter keinen Blättchenfall an.
rules-fact-claimant-clock = Der Reklamierende { $player }: Uhr { $running ->
    [1] läuft
   *[other] steht
  }, jetzt { $time }, Tiefstwert in der Periode { $lowest }, { $flag ->
    [1] sein eigenes Blättchen ist auch gefallen
   *[other] sein eigenes Blättchen steht
  }.
rules-fact-flags-undated = Die Meldungen der Uhr datieren hier kein Blättchen (nur ein Hinweis tut es): welches zuerst fiel, ist nicht feststellbar.
rules-competing-illegal-flag = Das Fallblättchen von { $opponent } ist auch gefallen (die Uhr zeigte es um { $shown }): ob der regelwidrige Zug von { $offender } oder der Blättchenfall zuerst kam, ist nicht feststellbar; keine Quelle regelt es.
rules-competing-if-illegal-first = Kam der regelwidrige Zug von { $player } zuerst: { $outcome }.
rules-competing-if-flag-first = Fiel das Blättchen von { $player } zuerst: { $outcome }.
rules-option-illegal-first = der regelwidrige Zug von { $player } kam zuerst: seine Folge
rules-resignation-choose-player = Den Spieler wählen, der aufgegeben haben soll.
rules-resignation-time-invalid = „{ $time }“ ist keine Zeitangabe (RFC 3339, z. B. 2026-11-28T15:42:10+01:00).
rules-resignation-why = Ob { $player } aufgegeben hat und wann, stellt der Schiedsrichter fest; eine Aufgabe beendet die Partie sofort ({ $article }), Reklamationen danach sind nichtig.
rules-resignation-fact-when = { $player } soll um { $time } aufgegeben haben.
rules-resignation-fact-when-unknown = Für die Aufgabe von { $player } ist keine Zeit angegeben: jede Reklamation am Brett gilt als danach.
rules-resignation-fact-later-claim = Reklamation danach: Nr. { $no } um { $time }, { $kind }: { $outcome }.
rules-resignation-fact-later-claim-unnumbered = Reklamation danach um { $time }, { $kind }: { $outcome }.
rules-summary-resigned = { $player } hat aufgegeben: { $result }{ $n ->
    [0] {""}
    [one] ; die Reklamation danach ist nichtig
   *[other] ; die { $n } Reklamationen danach sind nichtig
  }
rules-summary-not-resigned = { $player } hat nicht aufgegeben: die Partie geht weiter
rules-option-resigned = { $player } hat aufgegeben{ $n ->
    [0] {""}
    [one] (die Reklamation danach ist nichtig)
   *[other] (die { $n } Reklamationen danach sind nichtig)
  }
rules-option-not-resigned = { $player } hat nicht aufgegeben: die Partie geht weiter
situation-resignation = ob und wann ein Spieler aufgegeben hat
situation-game-resumption = wie die Partie fortgesetzt wird, nachdem der Schiedsrichter sie angehalten hat
situation-unearned-period-time = Bedenkzeit, die eine Uhr vor Abschluss der Züge der Periode gutschrieb, wo der Text keine Regel für die Einstellung der Uhr hat
situation-late-absence-notice = ein unter Namensnennung freies Brett, dessen Fehlen zu spät gemeldet wurde, wo das Reglement keine Folge nennt
rules-penalty-fact-accepted-optional = Der Spieler hat die Ermahnung akzeptiert: sie muss nicht im Spielbericht stehen (DSB-Erläuterung zu TO A-13.3); der Bericht kennzeichnet sie als freiwillig.
rules-device-fact-opponent-wins = { $opponent } kann nicht matt setzen, doch nach { $article } gewinnt der Gegner: die Fassung legt das Ergebnis fest.
rules-unable-fact-exemption = Befreiung wegen Behinderung: „{ $text }“.
rules-unable-fact-no-assistant = Kein Helfer zum Aufschreiben der Züge verfügbar ({ $article }: der Spieler darf einen stellen, den der Schiedsrichter akzeptiert).
rules-resume-why = Der Schiedsrichter entscheidet, wann und wie die Partie wieder aufgenommen wird ({ $article }).
rules-resume-fact-stopped = Die Uhr steht seit { $time }.
rules-resume-fact-running = Die Uhr ist nicht angehalten.
rules-resume-fact-incident = Um { $time }: { $kind }.
rules-resume-fact-clocks = Uhren: Weiß { $white }, Schwarz { $black }.
rules-summary-resumed = Partie fortgesetzt, die Uhren laufen wie sie standen
rules-summary-resumed-after-setting = die Partie wird fortgesetzt, sobald die Uhr neu gestellt ist
rules-summary-not-resumed = Partie noch nicht fortgesetzt
rules-option-resume = die Uhren so weiterlaufen lassen, wie sie stehen
rules-option-resume-after-setting = fortsetzen, sobald die Uhr neu gestellt ist (Uhrformular)
rules-option-not-resumed = noch nicht: die Partie bleibt angehalten
rules-expel-name-person = Die verwiesene Person nennen.
rules-summary-expelled = { $person } aus dem Turnierareal verwiesen
rules-expel-no-article = { $person } aus dem Turnierareal verwiesen: { $laws } nennen keine solche Befugnis; für den Bericht festgehalten.
rules-expel = { $person } aus dem Turnierareal verwiesen ({ $article }); für den Bericht festgehalten, keine Partie ändert sich.
rules-fact-next-move-first-of-control = Der nächste Zug gilt als erster Zug für die folgende Zeitkontrolle ({ $article }): beide Zugzähler werden auf die in der Periode verlangten Züge gestellt.
rules-summary-both-flags-next-control = beide Blättchen gefallen: die Partie geht weiter, der nächste Zug ist der erste der folgenden Zeitkontrolle
rules-both-flags-next-control = Beide Blättchen sind gefallen, und welches zuerst fiel, ist nicht feststellbar: nach { $laws } wird die Partie fortgesetzt, und der nächste Zug gilt als erster Zug für die folgende Zeitkontrolle.
rules-fact-unearned = Die Uhr schrieb { $player } nach { $completed } Zügen ({ $counted }) { $time } gut, die Periode verlangte aber { $required }: nicht verdient.
rules-fact-move-counts = Züge von { $player }: { $board } auf dem Brett, { $device } auf dem Zugzähler der Uhr.
rules-summary-unearned = { $time } bei { $player } abgezogen (zu früh gutgeschrieben), Zugzähler auf { $moves } gestellt
rules-summary-unearned-kept = die { $player } gutgeschriebene Zeit bleibt
rules-unearned-why = { $laws } haben keine Regel für eine Uhr, die die Zeit einer Periode zu früh gutschreibt: der Schiedsrichter entscheidet, ob sie abgezogen und der Zugzähler gestellt wird.
rules-option-unearned-remove = die zu früh gutgeschriebene Zeit bei { $player } abziehen und den Zugzähler stellen
rules-option-unearned-keep = die Uhr von { $player } lassen, wie sie ist
rules-unearned-correct = Die Einstellung der Uhr ist falsch ({ $article }): { $time }, zu früh gutgeschrieben, bei { $player } abziehen und den Zugzähler auf { $moves } stellen.
rules-fact-setting-limit = Die Einstellung der Uhr ist endgültig, sobald jeder Spieler { $moves } Züge abgeschlossen hat ({ $mode }); abgeschlossen jetzt: Weiß { $white }, Schwarz { $black }.
rules-fact-setting-shown = Zu Beginn zeigte die Uhr { $shown } für { $player }; die Bedenkzeitregelung ergibt { $expected }.
rules-fact-setting-right = Die Uhr zeigte zu Beginn die Zeiten der Bedenkzeitregelung.
rules-summary-setting-corrected = Einstellung der Uhr berichtigt: { $changes }
rules-setting-within-limit = Innerhalb der Grenze von { $moves } Zügen je Spieler: die Einstellung der Uhr wird um den Unterschied zur Bedenkzeitregelung berichtigt ({ $changes }). Die Texte sehen für eine falsch gestellte Uhr keine Strafe vor.
rules-default-time-fact-missed = { $player } hat die Wartezeit verpasst: { $missed }.
rules-default-time-fact-late = erschienen um { $arrival }, { $by } nach Ablauf der Wartezeit
rules-default-time-fact-absent = nicht erschienen, { $by } nach Ablauf der Wartezeit
override-field-agreement-before-minimum = Remis vereinbart vor dem Mindestzug des Reglements
override-field-resignation-before-move = Aufgabe vor dem ersten Zug
rules-resignation-before-move = An diesem Brett wurde noch kein Zug gemacht: die Aufgabe mit Begründung bestätigen.
decision-why-late-notice = Das Fehlen eines namentlich genannten Spielers wurde nach der Frist gemeldet ({ $cite }), und das Reglement sagt nicht, was daraus folgt.
decision-fact-notice-deadline = Die Frist: { $deadline } { $days ->
    [one] am Vortag des Wettkampfs
   *[other] { $days } Tage vor dem Wettkampf
  }.
decision-fact-notice-late = Brett { $board }: Rang { $rank } als fehlend genannt, gemeldet { $time }.
decision-fact-notice-none = Brett { $board }: Rang { $rank } als fehlend genannt, keine Meldung erfasst.
decision-option-late-notice-none = keine Folge (für den Bericht festgehalten)
decision-option-late-notice-unnamed = wie ein freies Brett ohne Namen: { $sanction } (Bretter { $boards })
rules-clock-recorded-times = Das Journal enthält beide Uhrzeiten nach dem { $moves }. Zug: diese Zeiten werden gestellt, keine Berechnung nach dem Dreisatz (DSB-Erläuterung zu 7.1).
rules-clock-floor-applied = Mindestzeit angewandt für { $player }: berechnet { $computed }, angehoben auf { $floor }.
# Issue 29: what a time correction must state; the summary of a consequence the rules gave none.
rules-time-correction-reason = Eine Zeitkorrektur braucht ihren Grund: den Vorfall, den sie korrigiert (Uhr falsch gestellt, Störung, Drücken vergessen …).
rules-summary-no-change = keine Änderung
rules-summary-changes = Änderungen: { $changes }
rules-summary-part-result = Ergebnis { $result }
rules-summary-part-zeroed = Bretter { $boards } mit 0 gewertet
rules-summary-part-warning = Verwarnung
rules-summary-part-clock-ops = { $n ->
    [one] eine Uhrenbedienung
   *[other] { $n } Uhrenbedienungen
}
rules-start-before-clocks = Der eingegebene Beginn ({ $time }) liegt { $diff } vor dem ersten Lauf der Uhren ({ $clocks }): Uhrzeit prüfen; erneut Enter trägt ihn ein.
rules-start-after-clocks = Der eingegebene Beginn ({ $time }) liegt { $diff } nach dem ersten Lauf der Uhren ({ $clocks }): Uhrzeit prüfen; erneut Enter trägt ihn ein.
