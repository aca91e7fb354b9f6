# Der Spielbericht (`arbiter-report`: Text, PDF, die Berichtsansicht). Deutsch.

report-title = Spielbericht – { $competition } { $season }, Runde { $round }
report-team = { $name } ({ $side })
report-date-venue = Datum: { $date }   Spielort: { $venue }
report-start = Angesetzter Beginn: { $scheduled }   Tatsächlicher Beginn: { $actual }
report-officials = Schiedsrichter: { $arbiter }   Mannschaftsführer: { $home } / { $away }
report-officials-licence = Schiedsrichter: { $arbiter } (Lizenz { $licence })   Mannschaftsführer: { $home } / { $away }
report-appeals-committee = Schiedsgericht: { $names }
report-rules = Regeln: { $name } ({ $laws }) – Bedenkzeit: { $time_control }
report-rules-laws = Regeln: { $laws } – Bedenkzeit: { $time_control }

## Aufstellungen und Ergebnisse
report-heading-lineups = Aufstellungen und Ergebnisse
report-col-board = Brett
report-col-white = Weiß
report-col-black = Schwarz
report-col-result = Ergebnis
report-home-initial = H
report-away-initial = G
report-absent = – (fehlt: Nr. { $rank })
report-result-unplayed = { $result } (kampflos)
report-result-scored = { $result } → { $scored } (Aufstellungsfehler)
report-score = Brettpunkte: { $home } : { $away }   Mannschaftspunkte: { $match_points }   Berliner Wertung ({ $weights }): { $bw_home } : { $bw_away }
report-score-as-played = Brettpunkte: { $home } : { $away } (gespielt { $played_home } : { $played_away })   Mannschaftspunkte: { $match_points }   Berliner Wertung ({ $weights }): { $bw_home } : { $bw_away }
report-open-boards = Noch offene Bretter: { $boards }

## Eingriffe
report-col-time = Zeit
report-col-player = Spieler
report-col-event = Vorfall
report-col-rule = Regel
report-col-clocks = Uhren W/S
report-col-move = Zug
report-col-decision = Entscheidung
report-player = { $name } ({ $colour })
report-player-unknown = Spieler { $team } ({ $colour })
report-decided-proposed = { $decided } [vorgeschlagen: { $proposed }]
report-heading-interventions = Eingriffe des Schiedsrichters (zeitlich)
report-heading-claims = Reklamationen und Entscheidungen
report-heading-penalties = Strafen
report-heading-protests = Proteste
report-none = Keine.

## Aufstellungsfehler, Vorbehalte, Bemerkungen
report-heading-lineup-irregularities = Aufstellungsfehler
report-lineup-irregularity = { $name } ({ $team }), Brett { $board }: { $problem }; Folge: { $sanction }
report-lineup-irregularity-boards = { $name } ({ $team }), Brett { $board }: { $problem }; Folge: { $sanction } (Bretter { $boards } mit 0:1 gewertet)
report-heading-reservations = Spieler unter Vorbehalt
report-reservation = { $name } ({ $team }), Brett { $board }: { $notes }
report-heading-remarks = Notizen während der Runde
report-remark = { $time }: { $text }
report-remark-board = { $time } Brett { $board }: { $text }

## Protokoll, Prüfsumme, Unterschriften
report-heading-journal = Protokoll und Prüfsumme
report-journal = Erstellt aus dem Protokoll: { $records } Einträge, letzter Eintrag { $seq } { $hash }
report-digest = Prüfsumme des Berichts (SHA-256): { $digest }
report-heading-signatures = Unterschriften
report-role-arbiter = Schiedsrichter
report-role-home-captain = Mannschaftsführer Heim
report-role-away-captain = Mannschaftsführer Gast
report-sig-none = nicht digital unterschrieben
report-sig-unregistered = UNGÜLTIG: der Schlüssel ist weder registriert noch hinterlegt
report-sig-mismatch = UNGÜLTIG: nicht der für diese Person registrierte oder hinterlegte Schlüssel
report-sig-void = UNTERSCHRIFT UNGÜLTIG: { $why }

report-void-changed = der Bericht wurde nach dieser Unterschrift geändert
report-void-name = unterschrieben als "{ $signed }", der Bericht nennt aber "{ $named }"
report-void-key = der öffentliche Schlüssel ist kein Ed25519-Schlüssel
report-void-signature-hex = die Unterschrift ist nicht 64 Bytes in Hex
report-void-mismatch-arbiter = die Unterschrift passt nicht zum Bericht
report-void-mismatch-captain = die Unterschrift passt nicht zum Bericht und zur Unterschrift des Schiedsrichters

## PDF
report-pdf-digest = Prüfsumme (SHA-256): { $digest }
report-pdf-page = Seite { $page } / { $pages }
report-decision = Entscheidung des Schiedsrichters: { $chosen } (Grundlage: { $basis }; offen nach den Regeln: { $situation })

## Fassungen und Unterschriften (Issue 12)
report-version = Fassung { $version } – { $status }
report-version-supersedes = Fassung { $version } – { $status } (ersetzt Fassung { $previous }, Prüfsumme { $digest }…)
report-status-draft = Entwurf
report-status-final = endgültig
report-status-superseded = ÜBERHOLT: spätere Einträge haben den Bericht geändert
report-col-final-clocks = Restzeiten W/S
report-heading-enrolled = An der Konsole hinterlegte Schlüssel
report-enrolled = { $time } { $role }: { $name } – { $key }
report-sig-signed = unterschrieben: { $time }
report-sig-remark = Vermerk: { $remark }
report-sig-valid = gültig ({ $source })
report-sig-not-checked = Unterschrift stimmt; wessen Schlüssel es ist, wurde nicht geprüft (keine Spieldatei)
report-sig-superseded = gehört zur überholten Fassung { $version }
report-key-match-file = Schlüssel in der Spieldatei registriert
report-key-registry = Schlüssel registriert in { $file }
report-key-enrolled = Schlüssel an der Konsole hinterlegt (Eintrag { $seq })
report-key-listed = Schlüssel an der Konsole hinterlegt, wie der Bericht unter der Unterschrift des Schiedsrichters ausweist
report-void-second = eine zweite Unterschrift derselben Rolle

## Die Kommentare der PGN (games.pgn, die PGN für die Live-Übertragung).
report-pgn-gap = Die Aufzeichnung hat nach Halbzug { $after } eine Lücke: Die Übertragung hat die Züge verloren. Die Partie wird in der nächsten Partie fortgesetzt, ab der Stellung, die das Brett vor Halbzug { $ply } gemeldet hat.
report-pgn-gap-end = Die Aufzeichnung hat nach Halbzug { $after } eine Lücke: Die Übertragung hat die Züge verloren, und die Stellung, die das Brett vor Halbzug { $ply } gemeldet hat, lässt sich nicht regelgerecht aufbauen. { $rest ->
        [one] Der letzte aufgezeichnete Zug ist
       *[other] Die letzten { $rest } aufgezeichneten Züge sind
    } nicht enthalten; das Ergebnis gilt wie erfasst.
report-pgn-unplayed = Nicht gespielt: { $result } (kampflos).
report-pgn-scored = Vom Schiedsrichter mit { $result } gewertet; für diese Wertung kennt PGN kein Ergebnis.
report-pgn-arbiter = Schiedsrichter: { $text }

## Die Ergebnismeldung (Ergebnisdienst einer Liga): ergebnismeldung.txt und .csv.
report-meldung-title = Ergebnismeldung – { $competition } { $season }, Runde { $round }, { $date }
report-meldung-col-board = Brett
report-meldung-col-home-player = Spieler Heim
report-meldung-col-home-id = ZPS-Mgl. Heim
report-meldung-col-away-player = Spieler Gast
report-meldung-col-away-id = ZPS-Mgl. Gast
report-meldung-col-home-colour = Farbe Heim
report-meldung-col-result = Ergebnis (Heim-Gast)
report-meldung-col-forfeit = kampflos
report-meldung-white = Weiß
report-meldung-black = Schwarz
report-meldung-yes = ja
report-meldung-no = nein
report-meldung-empty = (nicht besetzt)
report-meldung-board-points = Brettpunkte (Heim-Gast)
report-meldung-match-points = Mannschaftspunkte (Heim-Gast)
report-meldung-col-home-rank = Rang Heim
report-meldung-col-away-rank = Rang Gast
report-meldung-competition = Wettbewerb
report-meldung-round = Runde
report-meldung-date = Datum
report-meldung-home = Heim
report-meldung-away = Gast
report-meldung-berliner = Berliner Wertung (Heim-Gast)
report-meldung-captain-home = Mannschaftsführer Heim
report-meldung-captain-away = Mannschaftsführer Gast
report-meldung-arbiter = Schiedsrichter
report-meldung-remarks = Bemerkungen
report-meldung-remark-forfeit = Brett { $board } kampflos { $result }
report-meldung-remark-protest = Protest eingelegt (siehe Spielbericht)
report-meldung-remark-protest-board = Protest zu Brett { $board } eingelegt (siehe Spielbericht)
report-pgn-no-clock = Für diesen Zug und die folgenden ohne Uhrzeit liegt keine Uhrmeldung vor: Die Übertragung hat sie nach einem Ausfall aus dem Speicher des Bretts nachgeholt, oder keine Uhr hat gemeldet.

## Der Ablauf um die Partien (Issue 16)
report-deadline = { $deadline }; { $boundary }{ $sources }
report-boundary-late = wer genau zum Ablauf erscheint, ist zu spät
report-boundary-in-time = wer genau zum Ablauf erscheint, ist rechtzeitig
report-sources = { " " }({ $sources })
report-agreed-start = Von den Mannschaftsführern vereinbarter Beginn: { $time }
report-neutral-venue = Neutraler Ort: Gastgeber ist { $name } (in der Paarungstabelle zuerst genannt)
report-col-as-played = Gespielt
report-col-as-scored = Gewertet
report-col-host = Gastgeber
report-col-guest = Gäste
report-col-termination = Beendet durch
report-formula-comparison = Mannschaftspunkte nach dem Vergleich der Brettpunkte{ $sources }
report-formula-threshold = Mannschaftspunkte nach der Schwelle ({ $threshold } Brettpunkte gewinnen, { $half } : { $half } ist unentschieden){ $sources }
report-points-incomplete = Achtung: die Brettpunkte ergeben zusammen nicht { $boards }; die Formeln für die Mannschaftspunkte weichen in diesem Fall voneinander ab.
report-presence = Anwesend bei Ablauf der Karenzzeit: { $home } { $home_present }, { $away } { $away_present } (angetreten ist eine Mannschaft mit mindestens { $min }){ $sources }
report-provisional = Vorläufig: { $teams } ist nicht angetreten; die Quellen überlassen die Wertung der Spielleitung.
report-play-off-board-points = Stichkampf: nach Brettpunkten entschieden, Sieger { $winner }.
report-play-off-bw = Stichkampf: Brettpunkte gleich, entschieden nach Berliner Wertung { $home } : { $away } (Gewichte { $weights }), Sieger { $winner }.
report-play-off-lot = Stichkampf: Brettpunkte und Berliner Wertung { $home } : { $away } gleich (Gewichte { $weights }); um { $time } durch Los entschieden: { $winner }, gezogen von { $drawn_by }, Zeugen: { $witnesses }.
report-play-off-lot-pending = Stichkampf: Brettpunkte und Berliner Wertung { $home } : { $away } gleich (Gewichte { $weights }): vor dem Abschluss des Berichts muss gelost werden.
report-heading-procedure = Abgabe der Aufstellungen, Zustimmungen, Farben
report-submission = { $time } Aufstellung von { $team } abgegeben { $channel }, entgegengenommen von { $received_by }
report-channel-in-person = persönlich
report-channel-phone = telefonisch
report-channel-message = per Nachricht
report-channel-unknown = ({ $channel })
report-consent-applied = { $time } der Mannschaftsführer von { $captain } stimmte der Änderung der Aufstellung von { $team } zu; geändert
report-consent-pending = { $time } der Mannschaftsführer von { $captain } stimmte einer Änderung der Aufstellung von { $team } zu; nicht geändert
report-view-refused = { $time } der Mannschaftsführer von { $team } wollte die andere Aufstellung sehen: abgelehnt, verschlossen bis beide vorlagen
report-view-granted = { $time } der Mannschaftsführer von { $team } hat die andere Aufstellung eingesehen
report-colour-override = { $time } Brett { $board }: Weiß hat { $team } (Farben geändert) – { $reason }
report-reservation-under = { $name } ({ $team }), Brett { $board }: unter Vorbehalt gespielt – { $reason }{ $due }{ $sources }
report-reservation-granted = ; gewährt um { $time }
report-reservation-due = ; zu klären bis { $date }
report-override = Abweichung ({ $field }): nach den Regeln „{ $proposed }“, der Schiedsrichter „{ $chosen }“
report-device-clocks = Uhrzeiten an der Uhr abgelesen (die Verbindung war nicht live): Weiß { $white }, Schwarz { $black }

# Die Ablehnungen einer Unterschrift auf dem Berichtsbildschirm (SignError::message).
sign-role-arbiter = der Schiedsrichter
sign-role-home-captain = der Mannschaftsführer der Heimmannschaft
sign-role-away-captain = der Mannschaftsführer der Gastmannschaft
sign-role-arbiter-acc = den Schiedsrichter
sign-role-home-captain-acc = den Mannschaftsführer der Heimmannschaft
sign-role-away-captain-acc = den Mannschaftsführer der Gastmannschaft
sign-error-arbiter-first = Der Schiedsrichter unterschreibt zuerst; danach zeichnen die Mannschaftsführer gegen
sign-error-stale-digest = Der Bericht hat sich nach der Prüfsumme geändert: vor dem Unterschreiben neu erstellen
sign-error-superseded = Fassung { $version } des Berichts ist überholt: spätere Einträge haben ihn geändert; die aktuelle Fassung unterschreiben
sign-error-open-boards = { $n ->
    [one] Brett { $boards } hat kein Ergebnis: der Bericht kann erst abgeschlossen und unterschrieben werden, wenn jedes Brett eines hat
   *[other] Bretter { $boards } haben kein Ergebnis: der Bericht kann erst abgeschlossen und unterschrieben werden, wenn jedes Brett eines hat
}
sign-error-void = Der Bericht trägt eine ungültige Unterschrift ({ $role }): { $why }; den Bericht neu aus dem Journal erstellen
sign-error-already-signed = Diese Fassung hat { $role } ({ $name }) bereits unterschrieben { $time }; eine gültige Unterschrift wird nie ersetzt
sign-error-no-key = Für { $role_acc } ({ $name }) ist kein Schlüssel hinterlegt oder eingetragen; nichts wurde unterschrieben
sign-error-wrong-key = Nicht der hinterlegte oder eingetragene Schlüssel für { $role_acc } ({ $name }): Passwort prüfen; nichts wurde unterschrieben
sign-error-remark = Die Bemerkung { $why }
sign-error-remark-long = ist länger als 200 Zeichen
sign-error-remark-control = enthält ein Steuerzeichen (einen Zeilenumbruch?)
sign-error-lot-pending = Das Stichkampfergebnis ist nach Brettpunkten und Berliner Wertung gleich: der Bericht kann erst nach dem Losentscheid abgeschlossen oder unterschrieben werden
sign-error-key = Der Schlüssel konnte nicht erzeugt werden: { $detail }

# Was der Tag im Bericht hinterlässt (Issue 19): wie eine Partie ohne Eingriff endete, verspätete
# Spieler, die Bemerkungen des Schiedsrichters.
report-ended-forfeit = kampflos
report-ended-checkmate = Matt
report-ended-stalemate = Patt
report-ended-automatic-draw = Remis durch die Stellung (fünfmalige Wiederholung, 75 Züge oder tote Stellung)
report-heading-late-arrivals = Verspätet eingetroffene Spieler
report-late-arrival = { $time } Brett { $board }: { $name } ({ $team }), { $late } nach Beginn
report-heading-arbiter-remarks = Bemerkungen des Schiedsrichters
report-heading-clock-operations = Uhren: vom Schiedsrichter bestätigte Unregelmäßigkeiten
report-clock-operation = { $time } Brett { $board }: { $operation } (Weiß { $white_before } → { $white_after }, Schwarz { $black_before } → { $black_after })
report-ended-not-recorded = Partieende nicht erfasst

# Vertrauen mit Anker außerhalb der Konsole (Issue 26).
report-key-journal-match-file = Schlüssel in der Spieldatei, die das Protokoll mitführt (kein Anker)
report-sig-receipt = Quittung für den Mannschaftsführer zum Mitnehmen: { $code }
report-void-weak-key = ein öffentlicher Schlüssel kleiner Ordnung (etwa der neutrale Punkt): er beweist nichts
report-heading-reopened = Wieder geöffnete unterschriebene Fassungen
report-reopened = { $time } Fassung { $version } (Prüfsumme { $digest }…, unterschrieben von { $signed }) vom Schiedsrichter wieder geöffnet: { $reason }
report-notice-optional-warning = optional: die vom Spieler akzeptierte Ermahnung muss nicht im Spielbericht stehen (DSB-Erläuterung zu TO A-13.3)
report-result-corrected = Brett { $board }, { $time }: Ergebnis { $from } berichtigt zu { $to } – { $reason }
report-result-taken-back = Brett { $board }, { $time }: Ergebnis { $from } zurückgenommen, die Partie ging weiter – { $reason }

report-decision-not-stated = (das Journal nennt die Entscheidung nicht)
report-submission-unrecorded = { $time } Aufstellung von { $team } abgegeben (Weg und Empfänger nicht erfasst)
