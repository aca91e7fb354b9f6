# Words for the core's types: colours, teams, kinds of intervention and their options, clock
# alerts, feed states, lineup problems. English.
# Every message here must also be in ../de/core.ftl (the tests check it).

colour-white = White
colour-black = Black
team-home = home
team-away = away
word-yes = yes
word-no = no
word-open = open

## Illegal moves (Art. 7.5)
illegal-kind-move = illegal move
illegal-kind-clock-without-move = clock pressed without a move
illegal-kind-two-hands = move with two hands
illegal-kind-promotion-not-completed = promotion not completed

## Draw claims and quickplay finish
claim-basis-threefold = threefold repetition
claim-basis-fifty-moves = 50-move rule
quickplay-decision-granted = granted: draw
quickplay-decision-postponed = postponed
quickplay-decision-rejected = rejected
quickplay-decision-increment-granted = increment granted

## Penalties (Art. 12.9)
penalty-warning = warning
penalty-time-to-opponent = time to the opponent
penalty-time-from-offender = time off the offender
penalty-opponent-score-raised = opponent's score raised
penalty-offender-score-reduced = offender's score reduced
penalty-game-lost = game lost
penalty-expelled = expelled

## What an intervention was (the incident log and the report's "kind" column)
kind-draw-claim = draw claim ({ $basis }, { $correct })
kind-quickplay-claim = quickplay claim: { $decision }
kind-default-time-expired = default time expired
kind-flag-fall = flag fall
kind-time-correction = time correction
kind-penalty = penalty: { $penalties }
kind-electronic-device = electronic device ({ $place })
kind-external-disturbance = external disturbance
kind-refusal-to-comply = persistent refusal to comply (both players: { $both })
kind-unable-to-record = unable to keep score (disability: { $disabled })
device-place-on-person = on the player's person
device-place-in-bag = in the bag
mode-standard = standard
mode-rapid = rapid
mode-blitz = blitz
supervision-adequate = adequate supervision
supervision-inadequate = without adequate supervision
kind-captain-advice = captain's advice ({ $team }): { $advice }
kind-protest = protest ({ $team })
kind-game-ended = game ended
kind-start-delay = start delayed ({ $team }, { $minutes } min)
kind-lineup-irregularity = lineup irregularity ({ $team })

## Clock alerts (short)
clock-alert-preset = preset
clock-alert-clock-change = clock change
clock-alert-increment = increment
clock-alert-period-time = period time
clock-alert-flag = flag
clock-alert-clock-stopped = clock stopped
clock-alert-clock-reset = clock reset
clock-alert-white-side = white side
clock-alert-sample-order = sample order
clock-alert-clock-stuck = clock stuck

## Feed states (short)
feed-state-connecting = connect
feed-state-live = live
feed-state-stale = stale
feed-state-lost = lost
feed-state-reconnecting = reconn.

## Lineups
lineup-problem-unknown-player = no player with rank { $rank } on the ranking list
lineup-problem-ineligible = player no. { $rank } is not eligible
lineup-problem-twice = player no. { $rank } is also on board { $board }
lineup-problem-wrong-order = player no. { $rank } belongs on board { $board }
lineup-problem-unnamed-empty-board = empty board without the absent player named
lineup-problem-empty-board-not-at-end = empty board before an occupied board
lineup-problem-wrong-length = the lineup has { $boards } boards
lineup-sanction-none = none (noted on the report)
lineup-sanction-game-lost = the player concerned loses his game
lineup-sanction-zero-from-board = 0:1 from this board down
lineup-sanction-zero-between = 0:1 between the registered and the actual board
lineup-sanction-match-lost = the match is lost on all boards

## Incidents of a journal (`arbiter replay --incidents`, the replay console)
incident-round-started = the round was started
incident-lineup-submitted = { $team } lineup handed in
incident-lineup-changed = { $team } lineup changed by agreement
incident-lineups-announced = lineups announced
incident-player-arrived = { $team } player arrived
incident-intervention = { $summary } ({ $articles })
incident-intervention-recorded = { $summary } ({ $articles })
incident-result = result { $result }
incident-result-signal = result { $result } signalled on the board
incident-clock-adjusted = clock operation { $op } { $reason }
incident-clock-alert = { $alert }
incident-text = { $text }
incident-takeback = moves taken back: the move list now ends at ply { $ply }
incident-moves-recovered = plies { $from } to { $to } recovered from the e-board's move log
incident-no-clock = no clock connected
incident-battery-low = clock battery low
incident-clock-command-sent = times sent to the clock: White { $white }, Black { $black }
incident-clock-command-refused = times not sent to the clock (White { $white }, Black { $black }): { $error }
incident-clock-command-accepted = the clock took the times sent to it
incident-clock-command-not-taken = the clock refused the times sent to it (not in its host-controlled mode): to be set by hand
incident-feed-noise = unusable input from the feed over { $seconds } s ({ $bytes } bytes): { $parts }; first: { $first }
noise-parts = { $head }, { $tail }
noise-garbage = { $n } garbage bytes
noise-malformed = { $n } malformed
noise-oversized = { $n } oversized
noise-binary = { $n } binary
noise-unknown = { $n } unknown
noise-unsolicited-acks = { $n } clock acknowledgements nobody asked for
noise-sample = { $kind } "{ $text }"
noise-kind-garbage = garbage
noise-kind-malformed = malformed
noise-kind-oversized = oversized
noise-kind-binary = binary
noise-kind-unknown = unknown
noise-kind-unsolicited-ack = unsolicited clock acknowledgement

## Claims with a life (issue 14)
quickplay-decision-increment-accepted = increment request accepted: draw
quickplay-decision-increment-refused = increment request declined, arbiter does not agree
kind-draw-claim-intended = draw claim ({ $basis }, written move { $intended })
kind-draw-agreement = draw agreement
claim-status-inadmissible = inadmissible
claim-status-open = open
claim-status-postponed = postponed (open)
claim-status-correct = correct
claim-status-incorrect = incorrect
claim-status-granted = granted
claim-status-rejected = rejected
claim-status-final = decided (final)

## The match procedure around the games (issue 16)
lineup-problem-absence-notified-late = the absence of no. { $rank } was not notified in time
lineup-submit-already-in = This team's lineup is already in: a change needs both captains' consent before the announcement.
lineup-submit-findings = The lineup cannot be handed in like this: { $problems }. Correct it, or override each error with a reason (the board is then played under reservation).
lineup-submit-bad-reservation = Board { $board }: a reservation needs a reason and an error on that board.
lineup-change-none = There is no { $team } lineup to change.
lineup-change-announced = The lineups were announced: no change any more (§ 33 Abs. 1).
lineup-change-not-provided = These regulations provide no change of a handed-in lineup.
lineup-sealed = sealed until both lineups are in
lineup-view-refused = The { $team } captain asked to see the other lineup: refused, it is sealed until both lineups are in.
lineup-view-granted = The { $team } captain saw the other lineup.
kind-seating-error = players at the wrong boards ({ $team }, boards { $boards })
kind-unforeseeable-delay = unforeseeable delay ({ $team }, { $minutes } min)
deadline-basis-scheduled = the scheduled start
deadline-basis-agreed = the agreed start
deadline-basis-actual = the actual start

# An arbiter's operation on a clock (words::clock_operation): the report, the replay.
clock-op-add-time = +{ $time } to { $player }
clock-op-subtract-time = -{ $time } from { $player }
clock-op-set-times = times set: White { $white }, Black { $black }
clock-op-set-moves = move counter of { $player } set to { $moves }
clock-op-pause = clock paused
clock-op-resume = clock restarted
clock-op-reconstruct = times reconstructed in proportion after move { $moves }
clock-op-replace = clock replaced, set to White { $white }, Black { $black }
clock-op-set-increment = increment of { $seconds } s from move { $moves }

## Sending a ruling's times to the clock (issue 19d)
clock-command-not-accepted = The clock of board { $board } does not accept commands (the match file's clock_commands does not name it): set it by hand.
clock-command-no-clock = Board { $board } has no clock report with known sides yet: nothing can be sent.
clock-command-finished = The game on board { $board } is finished ({ $result }): nothing is sent to its clock.
clock-command-not-live = The feed of board { $board } is { $state }: the clocks are only estimates. Set the clock by hand and check its values.
clock-command-nothing-pending = Nothing to set on the clock of board { $board }: no ruling is waiting for it (or the clock shows it already).
clock-command-too-long = { $time } is more than a clock command can set (at most 9:59:59): set it by hand.
clock-command-feed-ended = The feed of board { $board } has ended: nothing was sent; set the clock by hand.

# How a game ended (result records, FIDE Laws Art. 5, 6.9, 9.6, 6.7.1).
ending-checkmate = checkmate
ending-resignation = resignation
ending-time = loss on time
ending-stalemate = stalemate
ending-dead-position = dead position
ending-agreement = draw agreed
ending-fivefold = fivefold repetition
ending-seventy-five-moves = 75-move rule
ending-time-cannot-mate = flag fell, but the opponent cannot checkmate (draw)
ending-forfeit = forfeit
incident-result-ending = result { $result } ({ $ending })
kind-game-mismatch = the board's game is not the journal's
reconcile-source-move-log = the e-board's move log
reconcile-source-board = the e-board's position
reconcile-source-livechess = LiveChess' moves

## Issue 28
kind-penalty-accepted = penalty: { $penalties } (accepted by the player)
kind-unable-to-record-detail = unable to keep score (disability: { $disabled }; exemption: { $exemption }{ $no_assistant ->
    [1] ; no assistant available
   *[other] {""}
  })
kind-resignation = resignation claimed
kind-resignation-at = resignation claimed (at { $time })
kind-game-resumed = play resumed
kind-person-expelled = person expelled: { $person }
claim-status-void = void (the game had ended before)
# Issue 29: what an e-board feed found irregular, in the reader's language.
feed-irregular-no-legal-move = no legal move of { $player } reaches this position (half-move { $ply }; { $diff })
feed-irregular-lost-track = lost track of the moves; play goes on from this position, the next move taken as half-move { $ply }
feed-irregular-unknown-start = LiveChess reconstructs the moves from a position the recorded moves never reached ({ $fen }); the moves before it are unknown
feed-irregular-illegal-move = LiveChess reported a move { $mv } that is not legal here

# Issue 29: signatures, keys and versions are incidents of the replay.
incident-signed = signature: { $role } ({ $name })
incident-signed-remark = signature: { $role } ({ $name }), remark: { $remark }
incident-enrolled = key enrolled: { $role } ({ $name })
incident-reopened = signed version { $version } reopened: { $reason }
incident-role-unknown = an unknown signer
lineup-handed-in-late = handed in { $late } after the scheduled start ({ $scheduled }); the report records the time
incident-feed-silent = feed { $state }: last data { $seconds }.{ $tenths } s before
incident-feed-no-data = feed { $state }: no data yet
