# Wörter für die Typen des Kerns: Farben, Mannschaften, Arten von Eingriffen und ihre Optionen,
# Uhrhinweise, Verbindungszustände, Aufstellungsfehler. Deutsch.
# Jede Meldung hier muss auch in ../en/core.ftl stehen (die Tests prüfen das).

colour-white = Weiß
colour-black = Schwarz
team-home = Heim
team-away = Gast
word-yes = ja
word-no = nein
word-open = offen

## Regelwidrige Züge (Art. 7.5)
illegal-kind-move = regelwidriger Zug
illegal-kind-clock-without-move = Uhr ohne Zug gedrückt
illegal-kind-two-hands = Zug mit zwei Händen
illegal-kind-promotion-not-completed = Umwandlung nicht vollzogen

## Remisreklamationen und Endspurt
claim-basis-threefold = dreifache Wiederholung
claim-basis-fifty-moves = 50-Züge-Regel
quickplay-decision-granted = stattgegeben: remis
quickplay-decision-postponed = zurückgestellt
quickplay-decision-rejected = abgelehnt
quickplay-decision-increment-granted = Inkrement gewährt

## Strafen (Art. 12.9)
penalty-warning = Verwarnung
penalty-time-to-opponent = Zeitgutschrift Gegner
penalty-time-from-offender = Zeitabzug
penalty-opponent-score-raised = Gegner höher gewertet
penalty-offender-score-reduced = Punktabzug
penalty-game-lost = Partieverlust
penalty-expelled = Ausschluss

## Was ein Eingriff war (Ereignisprotokoll und Spalte „Vorfall“ des Spielberichts)
kind-draw-claim = Remisreklamation ({ $basis }, { $correct })
kind-quickplay-claim = Endspurt: { $decision }
kind-default-time-expired = Karenzzeit abgelaufen
kind-flag-fall = Zeitüberschreitung
kind-time-correction = Zeitkorrektur
kind-penalty = Strafe: { $penalties }
kind-electronic-device = elektronisches Gerät ({ $place })
kind-external-disturbance = Störung von außen
kind-refusal-to-comply = beharrliche Weigerung, die Regeln zu befolgen (beide Spieler: { $both })
kind-unable-to-record = kann nicht mitschreiben (Behinderung: { $disabled })
device-place-on-person = am Körper
device-place-in-bag = in der Tasche
mode-standard = Turnierschach
mode-rapid = Schnellschach
mode-blitz = Blitzschach
supervision-adequate = ausreichende Überwachung
supervision-inadequate = ohne ausreichende Überwachung
kind-captain-advice = Rat des MF ({ $team }): { $advice }
kind-protest = Protest ({ $team })
kind-game-ended = Partieende
kind-start-delay = verspäteter Beginn ({ $team }, { $minutes } min)
kind-lineup-irregularity = Aufstellungsfehler ({ $team })

## Uhrhinweise (kurz)
clock-alert-preset = Voreinstellung
clock-alert-clock-change = Zeitänderung
clock-alert-increment = Inkrement
clock-alert-period-time = Periodenzeit
clock-alert-flag = Flagge
clock-alert-clock-stopped = angehalten
clock-alert-clock-reset = zurückgesetzt
clock-alert-white-side = Seite Weiß
clock-alert-sample-order = Reihenfolge
clock-alert-clock-stuck = steht

## Verbindungszustände (kurz)
feed-state-connecting = verbinde
feed-state-live = live
feed-state-stale = veraltet
feed-state-lost = getrennt
feed-state-reconnecting = neu verb.

## Aufstellungen
lineup-problem-unknown-player = kein Spieler mit Ranglistenplatz { $rank }
lineup-problem-ineligible = Spieler Nr. { $rank } ist nicht spielberechtigt
lineup-problem-twice = Spieler Nr. { $rank } steht auch an Brett { $board }
lineup-problem-wrong-order = Spieler Nr. { $rank } gehört an Brett { $board }
lineup-problem-unnamed-empty-board = freies Brett ohne Nennung des fehlenden Spielers
lineup-problem-empty-board-not-at-end = freies Brett vor einem besetzten Brett
lineup-problem-wrong-length = die Aufstellung hat { $boards } Bretter
lineup-sanction-none = keine (im Spielbericht vermerkt)
lineup-sanction-game-lost = der betroffene Spieler verliert seine Partie
lineup-sanction-zero-from-board = 0:1 ab diesem Brett abwärts
lineup-sanction-zero-between = 0:1 zwischen gemeldetem und tatsächlichem Brett
lineup-sanction-match-lost = der Wettkampf ist an allen Brettern verloren

## Vorfälle eines Protokolls (`arbiter replay --incidents`, Wiedergabe)
incident-round-started = die Runde wurde gestartet
incident-lineup-submitted = Aufstellung ({ $team }) abgegeben
incident-lineup-changed = Aufstellung ({ $team }) im Einvernehmen geändert
incident-lineups-announced = Aufstellungen bekanntgegeben
incident-player-arrived = Spieler ({ $team }) eingetroffen
incident-intervention = { $summary } ({ $articles })
incident-intervention-recorded = { $kind } ({ $articles })
incident-result = Ergebnis { $result }
incident-result-signal = Ergebnis { $result } am Brett angezeigt
incident-clock-adjusted = Uhrbedienung { $op } { $reason }
incident-clock-alert = Uhr: { $name }
incident-text = { $text }
incident-takeback = Züge zurückgenommen: die Zugliste endet jetzt mit Halbzug { $ply }
incident-moves-recovered = Halbzüge { $from } bis { $to } aus dem Zugspeicher des Bretts wiederhergestellt
incident-no-clock = keine Uhr angeschlossen
incident-battery-low = Uhrbatterie schwach
incident-clock-command-sent = Zeiten an die Uhr gesendet: Weiß { $white }, Schwarz { $black }
incident-clock-command-refused = Zeiten nicht an die Uhr gesendet (Weiß { $white }, Schwarz { $black }): { $error }
incident-clock-command-accepted = die Uhr hat die gesendeten Zeiten übernommen
incident-clock-command-not-taken = die Uhr hat die gesendeten Zeiten abgelehnt (nicht im Modus für Befehle): von Hand zu stellen
incident-feed-noise = unbrauchbare Eingaben der Verbindung über { $seconds } s ({ $bytes } Bytes): { $parts }; zuerst: { $first }
noise-parts = { $head }, { $tail }
noise-garbage = { $n } Bytes Datenmüll
noise-malformed = { $n } fehlerhaft
noise-oversized = { $n } übergroß
noise-binary = { $n } binär
noise-unknown = { $n } unbekannt
noise-unsolicited-acks = { $n } Quittungen der Uhr, nach denen niemand gefragt hat
noise-sample = { $kind } „{ $text }“
noise-kind-garbage = Datenmüll
noise-kind-malformed = fehlerhaft
noise-kind-oversized = übergroß
noise-kind-binary = binär
noise-kind-unknown = unbekannt
noise-kind-unsolicited-ack = unverlangte Quittung der Uhr

## Reklamationen mit Verlauf (Issue 14)
quickplay-decision-increment-accepted = Bitte um Inkrement angenommen: remis
quickplay-decision-increment-refused = Bitte um Inkrement abgelehnt, Schiedsrichter stimmt nicht zu
kind-draw-claim-intended = Remisreklamation ({ $basis }, notierter Zug { $intended })
kind-draw-agreement = Remisvereinbarung
claim-status-inadmissible = unzulässig
claim-status-open = offen
claim-status-postponed = zurückgestellt (offen)
claim-status-correct = berechtigt
claim-status-incorrect = unberechtigt
claim-status-granted = stattgegeben
claim-status-rejected = abgelehnt
claim-status-final = endgültig entschieden

## Der Ablauf um die Partien (Issue 16)
lineup-problem-absence-notified-late = das Fehlen von Nr. { $rank } wurde nicht rechtzeitig gemeldet
lineup-submit-already-in = Die Aufstellung dieser Mannschaft liegt schon vor: eine Änderung braucht vor der Bekanntgabe die Zustimmung beider Mannschaftsführer.
lineup-submit-findings = So kann die Aufstellung nicht abgegeben werden: { $problems }. Bitte berichtigen oder jeden Fehler mit Begründung übergehen (das Brett wird dann unter Vorbehalt gespielt).
lineup-submit-bad-reservation = Brett { $board }: ein Vorbehalt braucht eine Begründung und einen Fehler an diesem Brett.
lineup-change-none = Es gibt keine Aufstellung ({ $team }), die geändert werden könnte.
lineup-change-announced = Die Aufstellungen sind bekanntgegeben: keine Änderung mehr (§ 33 Abs. 1).
lineup-change-not-provided = Diese Ordnung sieht keine Änderung einer abgegebenen Aufstellung vor.
lineup-sealed = verschlossen, bis beide Aufstellungen vorliegen
lineup-view-refused = Der Mannschaftsführer ({ $team }) wollte die andere Aufstellung sehen: abgelehnt, sie bleibt verschlossen, bis beide Aufstellungen vorliegen.
lineup-view-granted = Der Mannschaftsführer ({ $team }) hat die andere Aufstellung eingesehen.
kind-seating-error = Spieler an falschen Brettern ({ $team }, Bretter { $boards })
kind-unforeseeable-delay = unvorhersehbare Verspätung ({ $team }, { $minutes } min)
deadline-basis-scheduled = angesetztem Beginn
deadline-basis-agreed = vereinbartem Beginn
deadline-basis-actual = tatsächlichem Beginn

# Eine Bedienung der Uhr durch den Schiedsrichter (words::clock_operation): Bericht, Wiedergabe.
clock-op-add-time = +{ $time } für { $player }
clock-op-subtract-time = -{ $time } für { $player }
clock-op-set-times = Zeiten gestellt: Weiß { $white }, Schwarz { $black }
clock-op-set-moves = Zugzähler von { $player } auf { $moves } gestellt
clock-op-pause = Uhr angehalten
clock-op-resume = Uhr wieder gestartet
clock-op-reconstruct = Zeiten im Verhältnis rekonstruiert, nach Zug { $moves }
clock-op-replace = Uhr ersetzt, gestellt auf Weiß { $white }, Schwarz { $black }
clock-op-set-increment = Zeitzuschlag von { $seconds } s ab Zug { $moves }

## Die Zeiten einer Entscheidung an die Uhr senden (Issue 19d)
clock-command-not-accepted = Die Uhr von Brett { $board } nimmt keine Befehle an (clock_commands in der Wettkampfdatei nennt sie nicht): bitte von Hand stellen.
clock-command-no-clock = Brett { $board } hat noch keine Uhrmeldung mit bekannten Seiten: nichts zu senden.
clock-command-finished = Die Partie an Brett { $board } ist beendet ({ $result }): an ihre Uhr wird nichts gesendet.
clock-command-not-live = Die Verbindung von Brett { $board } ist { $state }: die Uhrzeiten sind nur geschätzt. Bitte die Uhr von Hand stellen und ihre Werte prüfen.
clock-command-nothing-pending = An der Uhr von Brett { $board } ist nichts zu stellen: keine Entscheidung wartet darauf (oder die Uhr zeigt sie schon).
clock-command-too-long = { $time } ist mehr, als ein Uhrbefehl stellen kann (höchstens 9:59:59): bitte von Hand stellen.
clock-command-feed-ended = Die Verbindung von Brett { $board } ist beendet: nichts gesendet; bitte die Uhr von Hand stellen.

# Wie eine Partie endete (Ergebnis-Eintrag, FIDE-Regeln Art. 5, 6.9, 9.6, 6.7.1).
ending-checkmate = Matt
ending-resignation = Aufgabe
ending-time = Zeitüberschreitung
ending-stalemate = Patt
ending-dead-position = tote Stellung
ending-agreement = Remis vereinbart
ending-fivefold = fünfmalige Stellungswiederholung
ending-seventy-five-moves = 75-Züge-Regel
ending-time-cannot-mate = Zeitüberschreitung, aber der Gegner kann nicht mattsetzen (remis)
ending-forfeit = kampflos
incident-result-ending = Ergebnis { $result } ({ $ending })
kind-game-mismatch = Partie des Bretts ≠ Journal
reconcile-source-move-log = der Zugspeicher des Bretts
reconcile-source-board = die Stellung auf dem Brett
reconcile-source-livechess = die Züge von LiveChess

## Issue 28
kind-penalty-accepted = Strafe: { $penalties } (vom Spieler akzeptiert)
kind-unable-to-record-detail = kann nicht mitschreiben (Behinderung: { $disabled }; Befreiung: { $exemption }{ $no_assistant ->
    [1] ; kein Helfer verfügbar
   *[other] {""}
  })
kind-resignation = behauptete Aufgabe
kind-resignation-at = behauptete Aufgabe (um { $time })
kind-game-resumed = Partie fortgesetzt
kind-person-expelled = Person verwiesen: { $person }
claim-status-void = nichtig (die Partie war schon beendet)
# Issue 29: was ein E-Brett als unregelmäßig meldet, in der Sprache des Lesers.
feed-irregular-no-legal-move = kein regelgemäßer Zug von { $player } führt zu dieser Stellung (Halbzug { $ply }; { $diff })
feed-irregular-lost-track = Zugfolge verloren; es geht ab dieser Stellung weiter, der nächste Zug zählt als Halbzug { $ply }
feed-irregular-unknown-start = LiveChess rekonstruiert die Züge aus einer Stellung, die die aufgezeichneten Züge nie erreicht haben ({ $fen }); die Züge davor sind unbekannt
feed-irregular-illegal-move = LiveChess meldete einen Zug { $mv }, der hier nicht regelgemäß ist

# Issue 29: Unterschriften, Schlüssel und Fassungen sind Vorfälle der Wiedergabe.
incident-signed = Unterschrift: { $role } ({ $name })
incident-signed-remark = Unterschrift: { $role } ({ $name }), Vermerk: { $remark }
incident-enrolled = Schlüssel hinterlegt: { $role } ({ $name })
incident-reopened = unterschriebene Fassung { $version } wieder geöffnet: { $reason }
incident-role-unknown = ein unbekannter Unterzeichner
lineup-handed-in-late = { $late } nach dem angesetzten Beginn ({ $scheduled }) abgegeben; der Bericht hält die Uhrzeit fest
incident-feed-silent = Verbindung { $state }: letzte Daten { $seconds },{ $tenths } s zuvor
incident-feed-no-data = Verbindung { $state }: noch keine Daten
