# The console's screens (`arbiter-tui`), the shell's status messages and the replay console.
# English. Every message here must also be in ../de/ui.ftl (the tests check it). The words the
# report and the rules engine share with the screens (colours, teams, kinds of intervention)
# are the core's: crates/arbiter-core/i18n/.

## Fixed words of the screens (`i18n::Strings`)
ui-round = Round
ui-board = Board
ui-board-short = Bd
ui-since-start = Started
ui-not-started = not started
ui-default-time = Default time
ui-expired = expired
ui-score = Score
ui-provisional = prov.
ui-as-played = as played
ui-match-points = MP
ui-berliner = BW
ui-move = Move
ui-last = Last
ui-feed = Feed
ui-illegal-short = Ill.
ui-alerts = Alerts
ui-result = Result
ui-flag = FLAG
ui-stale = STALE
ui-mismatch = CLOCK≠BOARD
ui-no-scoresheet = no notation
ui-quickplay = QPF
ui-absent = absent
ui-period-flag = PERIOD FLAG
ui-no-clock = NO CLOCK
ui-battery-low = CLOCK BATTERY
ui-board-mismatch = PIECES≠MOVES
ui-garbled = GARBLED
ui-feed-counters = {" "}Feed: { $frames } frames · shed { $shed } · rate-limited { $limited } · garbage { $garbage } B · malformed { $malformed } · unknown { $unknown } · empty clock reports { $empty }
ui-clock-word = CLOCK:
ui-footer-main = 1-8 board · g goto · ↑↓ select · Enter detail · l log · i z c q a r p n x f e s act · ? help · Q quit
ui-footer-detail = Esc back · ↑↓ scroll · 1-9 board · l log · action keys · ? help
ui-footer-log = Esc back · 1-9 filter · 0 all · ↑↓ scroll · ? help
ui-quit-confirm = Quit the console? y = yes · n = no
ui-goto-prompt = Go to board:{" "}
ui-detail-title = Board
ui-log-title = Incident log
ui-help-title = Help: keys
ui-moves = Moves
ui-incidents = Incidents
ui-clock-history = Clock history
ui-diagram = Position
ui-players = Players
ui-no-moves = no moves yet
ui-no-incidents = no incidents
ui-time = Time
ui-event = Event
ui-article = Basis
ui-filter-all = all boards
ui-filter-board = board
ui-rule-basis = Rule basis
ui-no-article = (no article from the rules engine)
ui-proposed = Proposed
ui-no-change = no change
ui-confirm-cancel = Enter confirm · Esc cancel · ↑↓ field · ←→ change
ui-plain-event = recorded as a plain event: no rule involved
ui-warning = warning
ui-zeroed = zeroed
ui-field-player = Player
ui-field-kind = Kind
ui-field-basis = Basis
ui-field-correct = Claim correct
ui-field-decision = Decision
ui-field-penalty = Penalty
ui-field-team = Team
ui-field-seconds = Seconds (+/-)
ui-field-minutes = Minutes
ui-field-apply = Consequence
ui-apply-yes = as proposed
ui-apply-no = not applied (give the reason)
ui-field-result = Result
ui-field-text = Text
ui-field-reason = Reason
ui-arrived = arrived
ui-note = Note
ui-irregularity = Irregular position
ui-round-started = Round started
ui-recorded = recorded
ui-select-board-first = select a board first (1-8 or g)
ui-error = error
ui-facts = At this moment
ui-help-hint = ? help
ui-close-help = any key closes
ui-elo = Elo
ui-initial-white = W
ui-initial-black = B
ui-feeds-live = { $live }/{ $boards } live
ui-log-arrived = { $team } arrived
ui-log-result = Result { $result }
ui-log-clock-alert = CLOCK: { $alert }
ui-log-intervention-player = { $kind } · { $player }

## Help: what each key does (`keymap::BINDINGS`)
key-select-board = select a board / go to board N (more than 9)
key-navigate = select a board, scroll, page
key-detail = board detail
key-log = incident log (1…9: filter by board, 0: all)
key-back = back / cancel
key-illegal = illegal move
key-time-correction = time correction
key-draw-claim = draw claim
key-quickplay = quickplay-finish claim
key-arrived = player arrived
key-default-time = default time expired / start delayed by a team
key-game-ended = game ended (mate, stalemate, draw rules)
key-result = result
key-penalty = penalty
key-flag = flag fall
key-device = electronic device
key-captain-lineup = captain's advice / lineup irregularity
key-protest-note-start = protest / note / start the round
key-form = ↑↓ field · ←→ value · Enter confirm · Esc cancel
key-report = match report (↑↓ PgUp/PgDn scroll · Esc or R back)
key-sign = sign the report: S, the signer (1 arbiter, 2 home captain, 3 away captain), the passphrase, Tab for a remark (e.g. under protest), Enter
key-enrol = enrol a captain's key when the lineup is handed in: E, 2 home or 3 away captain, the captain's passphrase, Enter
key-help-lang = this help / language Deutsch-English
key-quit = quit (asks for confirmation)

## Intervention forms: titles
dialog-illegal = Illegal move
dialog-time-correction = Time correction
dialog-draw-claim = Draw claim
dialog-quickplay = Quickplay-finish claim
dialog-arrived = Player arrived
dialog-result = Result
dialog-penalty = Penalty
dialog-flag = Flag fall
dialog-device = Electronic device
dialog-captain-advice = Captain's advice
dialog-protest = Protest
dialog-note = Note
dialog-start-round = Start the round
dialog-default-time = Default time expired
dialog-lineup = Lineup irregularity
dialog-game-ended = Game ended (mate, stalemate, draw rules)
dialog-start-delay = Start delayed by a team

## The report screen
report-view-title = Match report
report-view-keys = S sign · E enrol a captain's key · ↑↓ PgUp/PgDn scroll · Esc back
report-view-choose-signer = Who signs? 1 arbiter · 2 home captain · 3 away captain · Esc
report-view-passphrase = Passphrase ({ $role }): { $stars }{ $cursor }   remark: { $remark }{ $remark_cursor }   Tab field · ⏎ sign · Esc
report-view-choose-enrol = Whose key to enrol? 2 home captain · 3 away captain · Esc
report-view-enrol-passphrase = Passphrase to enrol ({ $role }): { $stars }_   ⏎ enrol · Esc
report-view-superseded-digest = digest { $digest } – last record { $seq }
report-view-working = … working
ui-role-arbiter = arbiter
ui-role-home-captain = home captain
ui-role-away-captain = away captain

## The shell (the live console's status messages)
shell-signed = signed: { $role } – digest { $digest }
shell-journal-continued = journal continued: { $records } records from before
shell-journal-continued-torn = journal continued: { $records } records from before; torn last line ({ $bytes } bytes) cut, saved as { $saved }
shell-journal-not-written = JOURNAL NOT WRITTEN: { $error } – { $actions } action(s) and { $feed } feed records wait, none of them applied; retrying
shell-journal-not-written-dropped = JOURNAL NOT WRITTEN: { $error } – { $actions } action(s) and { $feed } feed records wait, none of them applied; retrying; { $dropped } feed records dropped
shell-journal-written-again = journal written again: everything that waited is on disk and applied
shell-action-waiting = NOT on disk – waiting ({ $actions } action(s)); applied once the journal is written
shell-enrolled = key enrolled: { $role } – { $key }…

## The replay console's footer
replay-goto-prompt = Go to time (HH:MM:SS): { $typed }_   ⏎ jump, Esc cancel
replay-keys = Space ⏯ · +/- speed · n/p incident · t time · ←→ ±1 min
replay-status = REPLAY { $time } { $state } { $speed }x | { $verdict }{ $incident } | { $keys }
replay-chain-intact = chain intact ({ $records } records)
replay-chain-tampered = TAMPERED: { $problem }; showing the { $records } records before it
shell-broadcast-failed = BROADCAST PGN NOT WRITTEN: { $error } – the games are safe in the journal; retrying
