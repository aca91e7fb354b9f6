# What the rules engine says about an intervention (`arbiter_core::rules::propose`). English.
# One message per sentence; the arguments are named in the code with `msg!`.

rules-choose-board = Choose the board first.
rules-choose-claimant = Choose the claimant.
rules-captain-advice = A captain may only advise a player to offer a draw, to accept a draw offer, or to resign; anything else is noted for the report.
rules-time-correction = Enter the time to add or take off each clock and the reason.
rules-time-change = { $sign }{ $time } { $player }

## Illegal moves
rules-illegal-choose-player = Choose the player who made the illegal move.
rules-illegal-not-illegal = Under { $laws } this is not an illegal move; the arbiter may penalise it under Art. 12.9.
rules-illegal-loss = Illegal move no. { $nth } by { $player }: the game is lost.
rules-illegal-loss-cannot-mate = Illegal move no. { $nth } by { $player }: the opponent cannot checkmate by any series of legal moves, so the game is drawn.
rules-illegal-loss-mate-possible = Illegal move no. { $nth } by { $player }: the game is lost; the opponent has mating material (the console cannot exclude a dead position: check it).
rules-illegal-loss-undecided = Illegal move no. { $nth } by { $player }: the game is lost; the console cannot decide whether the opponent can still checkmate (every pawn is blocked by a pawn; whether a checkmate is still possible needs an analysis of the position (dead position?)): the arbiter judges.
rules-illegal-loss-no-position = Illegal move no. { $nth } by { $player }: the game is lost; no position is known for this board: check whether the opponent can still checkmate.
rules-illegal-time = Illegal move no. { $nth } by { $player }{ $loses_at ->
        [0] {""}
       *[other] {" "}(no. { $loses_at } loses)
    }: restore the position, add { $time } to { $opponent }{ $increment_s ->
        [0] {""}
       *[other] {" "}and { $increment_s } s (the increment of the illegal move) off { $player }
    }.
rules-illegal-no-time = Illegal move no. { $nth } by { $player }: restore the position; no time penalty under { $laws }.

## Draw claims
rules-claim-evidence-repetitions = The move list shows: the position has occurred { $times } times
rules-claim-evidence-fifty = The move list shows: { $moves } moves without capture or pawn move
rules-claim-evidence-none = No complete move list: the arbiter decides
rules-claim-correct = { $evidence }. The claim is correct: the game is drawn.
rules-claim-incorrect = { $evidence }. The claim is incorrect: { $changes }; the game continues.
rules-claim-incorrect-no-penalty = { $evidence }. The claim is incorrect: no time penalty; the game continues.

## Quickplay finish
rules-quickplay-none = No quickplay-finish claims under the profile "{ $profile }" (only without increment, where the profile allows).
rules-quickplay-not-eligible = Not eligible: { $player } has { $left } left, a claim needs less than { $threshold }.
rules-quickplay-granted = The claim is granted: the game is drawn.
rules-quickplay-postponed = The decision is postponed; the arbiter may give { $opponent } { $time } (optional, remove it if not given) and decides later or after a flag falls.
rules-quickplay-rejected = The claim is rejected: { $opponent } gets { $time }.
rules-quickplay-increment-unavailable = An increment request exists only under Guidelines III.4.
rules-quickplay-increment = The request counts as a draw offer. If it is refused and the arbiter agrees, both clocks get a { $increment_s } s increment and { $opponent } gets { $time }.

## Default time
rules-default-time-not-started = The round has not been started: the default time runs from the actual start.
rules-default-time-expires = The default time ({ $minutes } min) expires at { $at }.
rules-default-time-both-present = Both players arrived within the default time.
rules-default-time-expired = The default time expired at { $at }: { $result } (unplayed), unless the arbiter decides otherwise.

## Flag fall
rules-flag-choose-player = Choose the player whose flag fell.
rules-flag-cannot-mate = Flag of { $player }: the opponent cannot checkmate: drawn.
rules-flag-mate-possible = Flag of { $player }: lost on time (check that the required moves were not completed).
rules-flag-undecided = Flag of { $player }: lost on time unless the arbiter finds the position dead (the console cannot decide).
rules-flag-no-position = Flag of { $player }: lost on time; no position known: check the opponent's mating material.

## Penalties
rules-penalty-choose-player = Choose the offender.
rules-penalty-item-warning = warning
rules-penalty-item-time-to = +{ $time } to { $player }
rules-penalty-item-time-from = −{ $time } from { $player }
rules-penalty-item-expelled = expulsion; the game is lost
rules-penalty-item-game-lost = the game is lost
rules-penalty-item-score = score change: set the result in the form
rules-penalty = Penalty (Art. 12.9) for { $player }: { $penalties }. The amounts are the arbiter's choice: edit them before confirming.

## Electronic devices
rules-device-choose-player = Choose the player.
rules-device-loss = An electronic device on { $player }'s person: the game is lost, the opponent wins.
rules-device-discretion = The profile leaves the sanction to the arbiter (Art. 12.9).

## Protests
rules-protest-fee = fee { $amount }
rules-protest-no-fee = no fee set
rules-protest-deadline = in writing within { $days } days
rules-protest-no-deadline = deadline not set by the profile
rules-protest-no-committee = none named
rules-protest = Protest recorded on the report: { $deadline }; { $fee }; decided by { $decided_by }; appeals committee: { $committee }.

## Lineups
rules-lineup-none = No { $team } lineup was handed in.
rules-lineup-correct = The lineup is correct.
rules-lineup-finding = board { $board }: { $problem }
rules-lineup-sanction = { $problems }. Sanction: boards { $boards } scored against the { $team } team.

## Game ended by itself
rules-end-checkmate = checkmate
rules-end-stalemate = stalemate
rules-end-fivefold = the same position for the fifth time
rules-end-seventy-five-moves = 75 moves by each player without capture or pawn move
rules-end-dead-position = dead position: neither player can checkmate
rules-game-ended = The move list shows { $reason }: the game is over, { $result }.
rules-game-ended-unknown = The move list does not show a game end (or is incomplete): the arbiter decides.

## Start delayed by a team
rules-start-delay-not-charged = The profile "{ $profile }" does not charge a delayed start to the clocks.
rules-start-delay = The { $team } team delayed the start by { $minutes } min: the delay is charged to its player's clock ({ $player }).

## The consequence in a few words (the English text is what the journal keeps)
rules-summary-illegal-loss = illegal move no. { $nth }: { $result }
rules-summary-illegal-time = illegal move no. { $nth }: +{ $time } to { $opponent }
rules-summary-claim-correct = correct claim: draw
rules-summary-claim-incorrect = incorrect claim: { $changes }
rules-summary-quickplay-granted = quickplay-finish claim granted: draw
rules-summary-quickplay-postponed = decision postponed; +{ $time } to { $opponent }
rules-summary-quickplay-rejected = claim rejected; +{ $time } to { $opponent }
rules-summary-quickplay-increment = { $increment_s } s increment for both; +{ $time } to { $opponent }
rules-summary-default-time = default time expired at { $at }: { $result }
rules-summary-flag = flag of { $player }: { $result }
rules-summary-penalty = penalty for { $player }: { $penalties }
rules-summary-device = electronic device: { $player } loses
rules-summary-protest = protest recorded; { $deadline }; { $fee }
rules-summary-lineup = { $problems }; boards { $boards } scored 0:1
rules-summary-game-ended = { $reason }: { $result }
rules-summary-start-delay = start delayed by the { $team } team: −{ $time } for { $player }
rules-summary-not-applied = proposal not applied by the arbiter

## Decisions where the rules leave the outcome open (rules::decision).
decision-open = The rules leave this open ({ $situation }): weigh the facts, choose an outcome, name the basis and give the reason.
decision-why-illegal-loss-bare-king = { $laws } has no exception to the losing illegal move for an opponent who cannot checkmate.
decision-fact-illegal-nth = Illegal move no. { $nth } by { $player }.
decision-fact-cannot-mate = { $opponent } cannot checkmate by any series of legal moves.
decision-option-result = Result { $result }
decision-basis-explicit-rule = explicit rule
decision-basis-analogy = analogy
decision-basis-discretion = the arbiter's discretion
situation-start-delay-unforeseeable = an unforeseeable delay of the start
situation-seating-error = players seated at the wrong boards
situation-competing-claims = competing claims whose order cannot be established
situation-lineup-both-faulty = a lineup sanction where both lineups are faulty
situation-both-flags-down = both flags down
situation-illegal-move-loss-bare-king = a losing illegal move against an opponent who cannot checkmate
decision-option-unknown = (an option not offered)
