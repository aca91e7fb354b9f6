# The match report (`arbiter-report`: text, PDF, the report screen). English.

report-title = Match report – { $competition } { $season }, round { $round }
report-team = { $name } ({ $side })
report-date-venue = Date: { $date }   Venue: { $venue }
report-start = Scheduled start: { $scheduled }   Actual start: { $actual }
report-officials = Arbiter: { $arbiter }   Captains: { $home } / { $away }
report-officials-licence = Arbiter: { $arbiter } (licence { $licence })   Captains: { $home } / { $away }
report-appeals-committee = Appeals committee: { $names }
report-rules = Rules: { $name } ({ $laws }) – time control: { $time_control }
report-rules-laws = Rules: { $laws } – time control: { $time_control }

## Lineups and results
report-heading-lineups = Lineups and results
report-col-board = Board
report-col-white = White
report-col-black = Black
report-col-result = Result
report-home-initial = H
report-away-initial = A
report-absent = – (absent: no. { $rank })
report-result-unplayed = { $result } (unplayed)
report-result-scored = { $result } → { $scored } (lineup sanction)
report-score = Board points: { $home } : { $away }   Match points: { $match_points }   Berliner Wertung ({ $weights }): { $bw_home } : { $bw_away }
report-score-as-played = Board points: { $home } : { $away } (as played { $played_home } : { $played_away })   Match points: { $match_points }   Berliner Wertung ({ $weights }): { $bw_home } : { $bw_away }
report-open-boards = Boards still open: { $boards }

## Interventions
report-col-time = Time
report-col-player = Player
report-col-event = Event
report-col-rule = Rule
report-col-clocks = Clocks W/B
report-col-move = Move
report-col-decision = Decision
report-player = { $name } ({ $colour })
report-player-unknown = { $team } player ({ $colour })
report-decided-proposed = { $decided } [proposed: { $proposed }]
report-heading-interventions = Interventions (in time order)
report-heading-claims = Claims and rulings
report-heading-penalties = Penalties
report-heading-protests = Protests
report-none = None.

## Lineup irregularities, reservations, remarks
report-heading-lineup-irregularities = Lineup irregularities
report-lineup-irregularity = { $name } ({ $team }), board { $board }: { $problem }; sanction: { $sanction }
report-lineup-irregularity-boards = { $name } ({ $team }), board { $board }: { $problem }; sanction: { $sanction } (boards { $boards } scored 0:1)
report-heading-reservations = Players under reservation
report-reservation = { $name } ({ $team }), board { $board }: { $notes }
report-heading-remarks = Notes during the round
report-remark = { $time }: { $text }
report-remark-board = { $time } board { $board }: { $text }

## Journal, digest, signatures
report-heading-journal = Journal and digest
report-journal = Made from the journal: { $records } records, last record { $seq } { $hash }
report-digest = Report digest (SHA-256): { $digest }
report-heading-signatures = Signatures
report-role-arbiter = Arbiter
report-role-home-captain = Captain home team
report-role-away-captain = Captain away team
report-sig-none = not signed digitally
report-sig-unregistered = NOT VALID: the key is neither registered nor enrolled
report-sig-mismatch = NOT VALID: not the key registered or enrolled for this signer
report-sig-void = SIGNATURE VOID: { $why }

report-void-changed = the report was changed after this signature
report-void-name = signed as "{ $signed }", but the report names "{ $named }"
report-void-key = the public key is not an Ed25519 key
report-void-signature-hex = the signature is not 64 bytes of hex
report-void-mismatch-arbiter = the signature does not match the report
report-void-mismatch-captain = the signature does not match the report and the arbiter's signature

## PDF
report-pdf-digest = Digest (SHA-256): { $digest }
report-pdf-page = Page { $page } / { $pages }
report-decision = decided by the arbiter: { $chosen } (basis: { $basis }; the rules leave open { $situation })

## Versions and signatures (issue 12)
report-version = Version { $version } – { $status }
report-version-supersedes = Version { $version } – { $status } (supersedes version { $previous }, digest { $digest }…)
report-status-draft = draft
report-status-final = final
report-status-superseded = SUPERSEDED: later records changed the report
report-col-final-clocks = Final clocks W/B
report-heading-enrolled = Keys enrolled at the console
report-enrolled = { $time } { $role }: { $name } – { $key }
report-sig-signed = signed: { $time }
report-sig-remark = remark: { $remark }
report-sig-valid = valid ({ $source })
report-sig-not-checked = signature sound; whose key it is was not checked (no match file)
report-sig-superseded = belongs to the superseded version { $version }
report-key-match-file = key registered in the match file
report-key-registry = key registered in { $file }
report-key-enrolled = key enrolled at the console (record { $seq })
report-key-listed = key enrolled at the console as the report lists it, under the arbiter's signature
report-void-second = a second signature of the same role

## The PGN's comments (games.pgn, the live broadcast PGN).
report-pgn-gap = The record has a gap after ply { $after }: the feed lost track of the moves. The game goes on in the next game, from the position the board reported before ply { $ply }.
report-pgn-gap-end = The record has a gap after ply { $after }: the feed lost track of the moves, and the position the board reported before ply { $ply } cannot be set up legally. { $rest ->
        [one] The last move recorded is
       *[other] The last { $rest } moves recorded are
    } not written; the result stands as recorded.
report-pgn-unplayed = Not played: { $result } (forfeit).
report-pgn-scored = Scored { $result } by the arbiter's decision; PGN has no result for this score.
report-pgn-arbiter = Arbiter: { $text }

## The Ergebnismeldung (result entry of a league): ergebnismeldung.txt and .csv.
report-meldung-title = Result report – { $competition } { $season }, round { $round }, { $date }
report-meldung-col-board = Board
report-meldung-col-home-player = Home player
report-meldung-col-home-id = Home ZPS-member no.
report-meldung-col-away-player = Guest player
report-meldung-col-away-id = Guest ZPS-member no.
report-meldung-col-home-colour = Home colour
report-meldung-col-result = Result (home-guest)
report-meldung-col-forfeit = Forfeit
report-meldung-white = White
report-meldung-black = Black
report-meldung-yes = yes
report-meldung-no = no
report-meldung-empty = (not occupied)
report-meldung-board-points = Board points (home-guest)
report-meldung-match-points = Match points (home-guest)
report-meldung-col-home-rank = Home rank
report-meldung-col-away-rank = Guest rank
report-meldung-competition = Competition
report-meldung-round = Round
report-meldung-date = Date
report-meldung-home = Home team
report-meldung-away = Guest team
report-meldung-berliner = Berliner Wertung (home-guest)
report-meldung-captain-home = Home captain
report-meldung-captain-away = Guest captain
report-meldung-arbiter = Arbiter
report-meldung-remarks = Remarks
report-meldung-remark-forfeit = board { $board } forfeited { $result }
report-meldung-remark-protest = protest lodged (see the match report)
report-meldung-remark-protest-board = protest about board { $board } lodged (see the match report)
report-pgn-no-clock = No clock report for this move and the next ones without a clock: the feed recovered them from the e-board after an outage, or no clock reported.

## The match around the games (issue 16)
report-deadline = { $deadline }; { $boundary }{ $sources }
report-boundary-late = a player arriving at the deadline is late
report-boundary-in-time = a player arriving at the deadline is in time
report-sources = { " " }({ $sources })
report-agreed-start = Start agreed by the captains: { $time }
report-neutral-venue = Neutral venue: host { $name } (named first in the pairing table)
report-col-as-played = As played
report-col-as-scored = As scored
report-col-host = Host
report-col-guest = Guests
report-col-termination = Ended by
report-formula-comparison = Match points by comparison of the board points{ $sources }
report-formula-threshold = Match points by the threshold ({ $threshold } board points win, { $half } : { $half } draws){ $sources }
report-points-incomplete = Warning: the board points do not add up to { $boards }; the match-point formulas differ in such a case.
report-presence = Present at the end of the default time: { $home } { $home_present }, { $away } { $away_present } (a team has turned up with at least { $min }){ $sources }
report-provisional = Provisional: { $teams } has not turned up; the sources leave the score to the league.
report-play-off-board-points = Play-off: decided on board points, winner { $winner }.
report-play-off-bw = Play-off: board points tied, decided by the Berliner Wertung { $home } : { $away } (weights { $weights }), winner { $winner }.
report-play-off-lot = Play-off: board points and Berliner Wertung { $home } : { $away } tied (weights { $weights }); decided by lot at { $time }: { $winner }, drawn by { $drawn_by }, witnesses: { $witnesses }.
report-play-off-lot-pending = Play-off: board points and Berliner Wertung { $home } : { $away } tied (weights { $weights }): a lot must be drawn before the report can be finalised.
report-heading-procedure = Lineups handed in, consents, colours
report-submission = { $time } lineup of { $team } handed in { $channel }, received by { $received_by }
report-channel-in-person = in person
report-channel-phone = by phone
report-channel-message = by message
report-channel-unknown = ({ $channel })
report-consent-applied = { $time } the captain of { $captain } consented to the change of the lineup of { $team }; changed
report-consent-pending = { $time } the captain of { $captain } consented to a change of the lineup of { $team }; not changed
report-view-refused = { $time } the captain of { $team } asked to see the other lineup: refused, sealed until both were in
report-view-granted = { $time } the captain of { $team } saw the other lineup
report-colour-override = { $time } board { $board }: White { $team } (colours overridden) – { $reason }
report-reservation-under = { $name } ({ $team }), board { $board }: played under reservation – { $reason }{ $due }{ $sources }
report-reservation-granted = ; granted at { $time }
report-reservation-due = ; to be cleared by { $date }
report-override = override ({ $field }): the rules “{ $proposed }”, the arbiter “{ $chosen }”
report-device-clocks = clocks read on the device (the feed was not live): White { $white }, Black { $black }

# The report screen's refusals of a signature (arbiter_report::sign::SignError::message).
sign-role-arbiter = the arbiter
sign-role-home-captain = the home captain
sign-role-away-captain = the away captain
sign-role-arbiter-acc = the arbiter
sign-role-home-captain-acc = the home captain
sign-role-away-captain-acc = the away captain
sign-error-arbiter-first = the arbiter signs first; a captain countersigns the arbiter's signature
sign-error-stale-digest = the report changed after it was digested: make the report again before signing
sign-error-superseded = version { $version } of the report is superseded: records after it changed the report; sign the current version
sign-error-open-boards = { $n ->
    [one] board { $boards } has no result: the report cannot be finalised or signed before every board has one
   *[other] boards { $boards } have no result: the report cannot be finalised or signed before every board has one
}
sign-error-void = the report carries a void signature of { $role }: { $why }; make the report again from the journal
sign-error-already-signed = { $role } ({ $name }) has already signed this version { $time }; a valid signature is never replaced
sign-error-no-key = no key is registered or enrolled for { $role } ({ $name }); nothing was signed
sign-error-wrong-key = not the key registered or enrolled for { $role } ({ $name }): check the passphrase; nothing was signed
sign-error-remark = the remark { $why }
sign-error-remark-long = is longer than 200 characters
sign-error-remark-control = holds a control character (a line break?)
sign-error-lot-pending = the play-off is tied on board points and Berliner Wertung: the report cannot be finalised or signed before the lot is drawn
sign-error-key = the key could not be made: { $detail }

# What the day leaves in the report (issue 19): how a game ended without an intervention, late
# arrivals, the arbiter's remarks.
report-ended-forfeit = forfeit
report-ended-checkmate = checkmate
report-ended-stalemate = stalemate
report-ended-automatic-draw = draw by the position (fivefold repetition, 75 moves or a dead position)
report-heading-late-arrivals = Late arrivals
report-late-arrival = { $time } board { $board }: { $name } ({ $team }), { $late } after the start
report-heading-arbiter-remarks = Remarks of the arbiter
report-heading-clock-operations = Clocks: irregularities the arbiter confirmed
report-clock-operation = { $time } board { $board }: { $operation } (White { $white_before } → { $white_after }, Black { $black_before } → { $black_after })
report-ended-not-recorded = ending not recorded

# Trust anchored outside the console (issue 26).
report-key-journal-match-file = key registered in the match file the journal carries (not an anchor)
report-sig-receipt = receipt for the captain to take home: { $code }
report-void-weak-key = a small-order public key (such as the identity point): it proves nothing
report-heading-reopened = Signed versions reopened
report-reopened = { $time } version { $version } (digest { $digest }…, signed by { $signed }) reopened by the arbiter: { $reason }
report-notice-optional-warning = optional: a warning the player accepted need not be reported (DSB note to TO A-13.3)
report-result-corrected = Board { $board }, { $time }: result { $from } corrected to { $to } – { $reason }
report-result-taken-back = Board { $board }, { $time }: result { $from } taken back, the game went on – { $reason }

report-decision-not-stated = (the journal does not state the decision)
report-submission-unrecorded = { $time } lineup of { $team } handed in (how and to whom not recorded)
