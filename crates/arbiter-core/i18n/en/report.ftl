# The match report (`arbiter-report`: text, PDF, the report screen). English.

report-title = Match report – { $competition } { $season }, round { $round }
report-team = { $name } ({ $side })
report-date-venue = Date: { $date }   Venue: { $venue }
report-start = Scheduled start: { $scheduled }   Actual start: { $actual }
report-officials = Arbiter: { $arbiter }   Captains: { $home } / { $away }
report-officials-licence = Arbiter: { $arbiter } (licence { $licence })   Captains: { $home } / { $away }
report-appeals-committee = Appeals committee: { $names }
report-rules = Rules: { $name } ({ $laws }) – time control: { $time_control }

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
report-score = Board points: { $home } : { $away }   Match points: { $match_points }   Berliner Wertung: { $bw_home } : { $bw_away }
report-score-as-played = Board points: { $home } : { $away } (as played { $played_home } : { $played_away })   Match points: { $match_points }   Berliner Wertung: { $bw_home } : { $bw_away }
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
report-heading-remarks = Remarks
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
report-sig-registered = signed digitally (registered key)
report-sig-unregistered = signed digitally (key not registered)
report-sig-mismatch = signed with a key other than the registered one
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
