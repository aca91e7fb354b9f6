# Die Bildschirme der Konsole (`arbiter-tui`), die Statusmeldungen der Shell und die
# Wiedergabe. Deutsch. Jede Meldung hier muss auch in ../en/ui.ftl stehen (die Tests prüfen
# das). Die Wörter, die Spielbericht und Regelwerk mit den Bildschirmen teilen (Farben,
# Mannschaften, Arten von Eingriffen), sind die des Kerns: crates/arbiter-core/i18n/.

## Feste Wörter der Bildschirme (`i18n::Strings`)
ui-round = Runde
ui-board = Brett
ui-board-short = Br
ui-since-start = Beginn
ui-not-started = nicht begonnen
ui-default-time = Karenzzeit
ui-expired = abgelaufen
ui-score = Stand
ui-provisional = vorl.
ui-as-played = gespielt
ui-match-points = MP
ui-berliner = BW
ui-move = Zug
ui-last = Letzter
ui-feed = Verb.
ui-illegal-short = Rgw.
ui-alerts = Hinweise
ui-result = Ergebnis
ui-flag = FLAGGE
ui-stale = ALT
ui-mismatch = UHR≠BRETT
ui-no-scoresheet = ohne Mitschrift
ui-quickplay = ENDSPURT
ui-absent = abwesend
ui-period-flag = PERIODENFÄHNCHEN
ui-no-clock = KEINE UHR
ui-battery-low = UHR-BATTERIE
ui-board-mismatch = FIGUREN≠ZÜGE
ui-garbled = STÖRUNG
ui-feed-counters = {" "}Verb.: { $frames } Meldungen · verworfen { $shed } · gedrosselt { $limited } · Müll { $garbage } B · fehlerhaft { $malformed } · unbekannt { $unknown } · leere Uhrmeldungen { $empty }
ui-clock-word = UHR:
ui-footer-main = 1-8 Brett · g gehe zu · ↑↓ wählen · Enter Details · l Protokoll · i z c q a r p n x f e s · ? Hilfe · Q Ende
ui-footer-detail = Esc zurück · ↑↓ blättern · 1-9 Brett · l Protokoll · Aktionstasten · ? Hilfe
ui-footer-log = Esc zurück · 1-9 Filter · 0 alle · ↑↓ blättern · ? Hilfe
ui-quit-confirm = Konsole beenden? j/y = ja · n = nein
ui-goto-prompt = Gehe zu Brett:{" "}
ui-detail-title = Brett
ui-log-title = Ereignisprotokoll
ui-help-title = Hilfe: Tasten
ui-moves = Züge
ui-incidents = Vorfälle
ui-clock-history = Uhrverlauf
ui-diagram = Stellung
ui-players = Spieler
ui-no-moves = noch keine Züge
ui-no-incidents = keine Vorfälle
ui-time = Zeit
ui-event = Ereignis
ui-article = Grundlage
ui-filter-all = alle Bretter
ui-filter-board = Brett
ui-rule-basis = Regelgrundlage
ui-no-article = (kein Artikel vom Regelwerk)
ui-proposed = Vorschlag
ui-no-change = keine Änderung
ui-confirm-cancel = Enter bestätigen · Esc abbrechen · ↑↓ Feld · ←→ ändern
ui-plain-event = einfacher Eintrag: keine Regel beteiligt
ui-warning = Verwarnung
ui-zeroed = genullt
ui-field-player = Spieler
ui-field-kind = Art
ui-field-basis = Grundlage
ui-field-correct = Reklamation berechtigt
ui-field-decision = Entscheidung
ui-field-penalty = Strafe
ui-field-team = Mannschaft
ui-field-seconds = Sekunden (+/-)
ui-field-minutes = Minuten
ui-field-apply = Folge
ui-apply-yes = wie vorgeschlagen
ui-apply-no = nicht angewandt (Grund angeben)
ui-field-result = Ergebnis
ui-field-text = Text
ui-field-reason = Begründung
ui-arrived = eingetroffen
ui-note = Notiz
ui-irregularity = Unmögliche Stellung
ui-round-started = Runde gestartet
ui-recorded = erfasst
ui-select-board-first = zuerst ein Brett wählen (1-8 oder g)
ui-error = Fehler
ui-facts = In diesem Moment
ui-help-hint = ? Hilfe
ui-close-help = beliebige Taste schließt
ui-elo = Elo
ui-initial-white = W
ui-initial-black = S
ui-feeds-live = { $live }/{ $boards } live
ui-log-arrived = { $team } eingetroffen
ui-log-result = Ergebnis { $result }
ui-log-clock-alert = UHR: { $alert }
ui-log-intervention-player = { $kind } · { $player }

## Hilfe: was jede Taste tut (`keymap::BINDINGS`)
key-select-board = Brett wählen / zu Brett N (mehr als 9)
key-navigate = Brett wählen, blättern, Seite
key-detail = Brettansicht
key-log = Ereignisprotokoll (1…9: Filter Brett, 0: alle)
key-back = zurück / abbrechen
key-illegal = regelwidriger Zug
key-time-correction = Zeitkorrektur
key-draw-claim = Remisreklamation
key-quickplay = Endspurt-Reklamation
key-arrived = Spieler eingetroffen
key-default-time = Karenzzeit abgelaufen / verspäteter Beginn
key-game-ended = Partieende (Matt, Patt, Remisregeln)
key-result = Ergebnis
key-penalty = Strafe
key-flag = Zeitüberschreitung
key-device = elektronisches Gerät
key-captain-lineup = Rat des Mannschaftsführers / Aufstellungsfehler
key-protest-note-start = Protest / Notiz / Runde starten
key-form = ↑↓ Feld · ←→ Wert · Enter bestätigen · Esc abbrechen
key-report = Spielbericht (↑↓ PgUp/PgDn blättern · Esc oder R zurück)
key-sign = Bericht unterschreiben: S, wer (1 Schiedsrichter, 2 MF Heim, 3 MF Gast), Passphrase, Tab für einen Vermerk (z. B. unter Protest), Enter
key-enrol = Schlüssel eines MF bei Abgabe der Aufstellung hinterlegen: E, 2 MF Heim oder 3 MF Gast, Passphrase des MF, Enter
key-help-lang = diese Hilfe / Sprache Deutsch-English
key-quit = beenden (mit Rückfrage)

## Eingriffsformulare: Titel
dialog-illegal = Regelwidriger Zug
dialog-time-correction = Zeitkorrektur
dialog-draw-claim = Remisreklamation
dialog-quickplay = Endspurt-Reklamation
dialog-arrived = Spieler eingetroffen
dialog-result = Ergebnis
dialog-penalty = Strafe
dialog-flag = Zeitüberschreitung
dialog-device = Elektronisches Gerät
dialog-captain-advice = Rat des Mannschaftsführers
dialog-protest = Protest
dialog-note = Notiz
dialog-start-round = Runde starten
dialog-default-time = Karenzzeit abgelaufen
dialog-lineup = Aufstellungsfehler
dialog-game-ended = Partieende (Matt, Patt, Remisregeln)
dialog-start-delay = Verspäteter Beginn durch eine Mannschaft

## Die Berichtsansicht
report-view-title = Spielbericht
report-view-keys = S unterschreiben · E Schlüssel eines MF hinterlegen · ↑↓ PgUp/PgDn blättern · Esc zurück
report-view-choose-signer = Wer unterschreibt? 1 Schiedsrichter · 2 MF Heim · 3 MF Gast · Esc
report-view-passphrase = Passphrase ({ $role }): { $stars }{ $cursor }   Vermerk: { $remark }{ $remark_cursor }   Tab Feld · ⏎ unterschreiben · Esc
report-view-choose-enrol = Wessen Schlüssel hinterlegen? 2 MF Heim · 3 MF Gast · Esc
report-view-enrol-passphrase = Passphrase zum Hinterlegen ({ $role }): { $stars }_   ⏎ hinterlegen · Esc
report-view-superseded-digest = Prüfsumme { $digest } – letzter Eintrag { $seq }
report-view-working = … bitte warten
ui-role-arbiter = Schiedsrichter
ui-role-home-captain = MF Heim
ui-role-away-captain = MF Gast

## Die Shell (Statusmeldungen der Live-Konsole)
shell-signed = unterschrieben: { $role } – Prüfsumme { $digest }
shell-journal-continued = Protokoll fortgesetzt: { $records } Einträge von vorher
shell-journal-continued-torn = Protokoll fortgesetzt: { $records } Einträge von vorher; abgerissene letzte Zeile ({ $bytes } Bytes) abgeschnitten, gesichert als { $saved }
shell-journal-not-written = PROTOKOLL NICHT GESCHRIEBEN: { $error } – { $actions } Aktion(en) und { $feed } Feed-Einträge warten, nichts davon ist angewendet; wird wiederholt
shell-journal-not-written-dropped = PROTOKOLL NICHT GESCHRIEBEN: { $error } – { $actions } Aktion(en) und { $feed } Feed-Einträge warten, nichts davon ist angewendet; wird wiederholt; { $dropped } Feed-Einträge verworfen
shell-journal-written-again = Protokoll wieder geschrieben: alles Wartende ist gespeichert und angewendet
shell-action-waiting = NICHT gespeichert – wartet ({ $actions } Aktion(en)); wird angewendet, sobald das Protokoll geschrieben ist
shell-enrolled = Schlüssel hinterlegt: { $role } – { $key }…

## Die Fußzeile der Wiedergabe
replay-goto-prompt = Gehe zu Uhrzeit (HH:MM:SS): { $typed }_   ⏎ springen, Esc abbrechen
replay-keys = Leertaste ⏯ · +/- Tempo · n/p Vorfall · t Zeit · ←→ ±1 min
replay-status = WIEDERGABE { $time } { $state } { $speed }x | { $verdict }{ $incident } | { $keys }
replay-chain-intact = Kette intakt ({ $records } Einträge)
replay-chain-tampered = MANIPULIERT: { $problem }; gezeigt werden die { $records } Einträge davor
shell-broadcast-failed = ÜBERTRAGUNGS-PGN NICHT GESCHRIEBEN: { $error } – die Partien sind im Journal sicher; neuer Versuch folgt
