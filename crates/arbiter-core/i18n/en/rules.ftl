# What the rules engine says about an intervention (`arbiter_core::rules::propose`). English.
# One message per sentence; the arguments are named in the code with `msg!`.

rules-choose-board = Choose the board first.
rules-choose-claimant = Choose the claimant.
rules-captain-advice = A captain may only advise a player to offer a draw, to accept a draw offer, or to resign; anything else is noted for the report.
rules-time-correction = Enter the time to add or take off each clock and the reason.
rules-time-change = { $sign }{ $time } { $player }

## Illegal moves
rules-illegal-choose-player = Choose the player who made the illegal move.
rules-illegal-not-illegal = Under { $laws } this is not an illegal move: the position is restored; the arbiter may penalise the breach under the general penalties.
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
rules-claim-evidence-repetitions = The move list shows: the position has occurred { $times ->
    [1] once
   *[other] { $times } times
}
rules-claim-evidence-fifty = The move list shows: { $moves } moves without capture or pawn move ({ $needed } needed)
rules-claim-evidence-none = No complete move list: the arbiter decides
rules-claim-correct = { $evidence }. The claim is correct: the game is drawn.
rules-claim-incorrect = { $evidence }. The claim is incorrect: { $changes }; the game continues.
rules-claim-incorrect-no-penalty = { $evidence }. The claim is incorrect: no time penalty; the game continues.

## Quickplay finish
rules-quickplay-none = No quickplay-finish claims under the profile "{ $profile }" (only without increment, where the profile allows).
rules-quickplay-not-eligible = Not admissible, not met: { $why }. The claim is recorded as inadmissible; no extra time is given.
rules-quickplay-granted = The claim is granted: the game is drawn.
rules-quickplay-postponed = The decision is postponed; the claim stays open. The arbiter may give { $opponent } { $time } (his choice, nothing is preset) and decides later or after a flag falls.
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
rules-penalty = Penalty for { $player }: { $penalties }.
rules-penalty-choose = Choose the penalty for { $player } (none is pre-selected).
rules-penalty-enter-time = Enter the time of the penalty: no edition of the Laws fixes an amount.
rules-penalty-time-missing = Penalty for { $player }: the arbiter sets the time (no edition fixes one); nothing is applied until it is entered.

## Electronic devices
rules-device-choose-player = Choose the player.
rules-device-loss = An electronic device on { $player }'s person: the game is lost, the opponent wins.
rules-device-discretion = The rules leave the sanction to the arbiter.
rules-device-loss-bag = An electronic device in { $player }'s bag, and the regulations allow no bag: he has it with him, so the game is lost, the opponent wins.
rules-device-why-bag-allowed = The device was in the bag the regulations allow, not on the player's person: no loss; a device not completely switched off breaks the rule on bags.
rules-device-choose-penalty = Choose the penalty (none is pre-selected).
rules-device-menu = { $why } Choose the penalty for { $player } from the general penalties.
rules-device-penalty = { $why } Penalty for { $player }: { $penalties }.

## Protests
rules-protest-fee = fee { $amount }
rules-protest-no-fee = no fee set
rules-protest-deadline = in writing within { $days } days
rules-protest-no-deadline = deadline not set by the profile
rules-protest-no-committee = none named
rules-protest-announce-within = to be announced to the arbiter within { $minutes } min after the match
rules-protest-announce-on-report = to be announced on the match report before the captains sign
rules-protest = Protest recorded on the report: { $announce }; { $deadline }; { $fee }; decided by { $decided_by }; appeals committee: { $committee }.

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

## Modes of play (rapid, blitz): rules::mode
rules-illegal-stands = { $opponent } has made the next move since: under the { $mode } rules the illegal move of { $player } stands, the game continues, no penalty.
rules-illegal-window = In { $mode } an illegal move can be penalised only before { $opponent } has made the next move: say whether he has.
rules-illegal-state-reply = State whether { $opponent } has made the next move since the illegal move (the clock does not show it).
rules-flag-both-draw = Both flags are down: under the { $mode } rules the game is drawn.
rules-flag-claim-only = { $proposal } In { $mode } the arbiter does not point out a fallen flag: it counts only once the opponent has validly claimed it.
rules-clock-setting-final = After { $moves } moves by each player the clock setting can no longer be corrected in { $mode } (unless the rules allow it for the schedule of the event): enter a change only for that reason.

## Conduct
rules-conduct-after-game = The game is over ({ $result }): the player is a spectator now. The incident is recorded as conduct only; the result stands (expulsion from the venue or a league sanction remain possible).
rules-disturbance-no-time = Under { $laws } the arbiter stops the clocks for an external disturbance; no additional time is given.
rules-disturbance-ask = External disturbance: the arbiter may give additional time to either or both players. Enter the time (no edition gives an amount); no player chosen = both.
rules-disturbance-enter-time = Enter the additional time.
rules-disturbance = External disturbance: { $changes }.
rules-refusal-choose-player = Choose the player who persistently refuses to comply.
rules-refusal-both = Both players persistently refuse to comply with the Laws: the game is lost by both (0-0).
rules-refusal-loss = Persistent refusal to comply: { $player } loses, { $opponent } wins.
rules-refusal-cannot-mate = Persistent refusal to comply: { $player } loses; { $opponent } cannot checkmate by any series of legal moves, so { $opponent } scores a draw (0–½).
rules-refusal-can-mate = Persistent refusal to comply: { $player } loses; { $opponent } has mating material and wins.
rules-refusal-bare-king = Persistent refusal to comply: { $player } loses; { $opponent } has only the king and cannot win, so { $opponent } scores a draw (0–½).
rules-refusal-not-bare-king = Persistent refusal to comply: { $player } loses, { $opponent } wins.
rules-refusal-no-position = Persistent refusal to comply: { $player } loses; no position is known: check whether { $opponent } can still checkmate (otherwise his score is a draw).
rules-unable-choose-player = Choose the player who cannot keep score.
rules-unable-no-notation = In { $mode } the players need not record the moves: no time is deducted.
rules-unable-disabled = { $player } cannot keep score because of a disability: no time is deducted; an assistant may write the moves.
rules-unable-no-rule = { $laws } deducts no time from a player who cannot keep score.
rules-unable-ask = { $player } cannot keep score: the arbiter sets the time deducted before the game starts.
rules-unable-enter-time = Enter the time to deduct.
rules-unable-deduction = { $player } cannot keep score: { $time } are deducted from his time { $started ->
        [0] before the game starts
       *[other] (the game has already started: the deduction belongs before the start)
    }.

## The consequence in a few words (modes and conduct)
rules-summary-illegal-stands = illegal move of { $player } stands (opponent has moved)
rules-summary-both-flags-draw = both flags down: draw
rules-summary-conduct-after-game = conduct after the game; result { $result } unchanged
rules-summary-device-penalty = electronic device: penalty for { $player }: { $penalties }
rules-summary-disturbance = external disturbance: { $changes }
rules-summary-refusal-both = persistent refusal by both: 0-0
rules-summary-refusal = persistent refusal by { $player }: { $result }
rules-summary-unable-no-deduction = { $player } cannot keep score (disability): no deduction
rules-summary-unable = { $player } cannot keep score: −{ $time }

## Conflict with the Laws in force (rules::conflict)
conflict-laws-in-force = The Laws in force ({ $laws }; { $articles }) rule otherwise: { $outcome }.
conflict-outcome-open = the arbiter decides
conflict-outcome-arbiter-enters = the arbiter enters the amount
conflict-outcome-no-change = nothing changes

## More decisions
decision-why-device-off-person = The regulations allow no bag, and { $laws } makes a device lose only "on their person": whether a device in the bag counts is not settled.
decision-fact-device-in-bag = An electronic device of { $player } was in his bag, not on his person.
decision-fact-no-bag-allowed = The regulations allow no bag for devices.
decision-option-penalty = Penalty: { $penalties }
decision-option-warning = Warning
decision-option-note-only = No sanction; recorded on the report
decision-why-device-cannot-mate = { $laws } says "the opponent shall win", with no exception for an opponent who cannot checkmate (the rule on persistent refusal has one).
decision-fact-device = An electronic device on { $player }'s person.
decision-why-refusal-score = { $laws }: "the arbiter shall decide the score of the opponent".
decision-fact-refusal = { $player } persistently refuses to comply with the Laws: he loses.
decision-fact-can-mate = { $opponent } has mating material.
decision-fact-mate-unknown = Whether { $opponent } can still checkmate is not known.
situation-device-off-person = a device off the player's person where no bag is allowed
situation-device-loss-opponent-cannot-mate = a device loss against an opponent who cannot checkmate
situation-refusal-opponent-score = the opponent's score after a loss for persistent refusal
## The game on the board (positions, ends, illegal moves put right, flags read from the clock)
rules-game-finished = The game is finished ({ $result }, recorded at record { $seq }): nothing changes it but a result correction with its reason.
rules-fact-ending-move = The move that ended it: { $mv }.
rules-fact-position = Position: { $fen }
rules-fact-no-position = No position is known for this board.
rules-fact-reinstate = Reinstate the last legal position: { $fen }
rules-fact-touched-unknown = The touched piece is not known: the replacing move is a move of the piece the player touched first (Art. 4.3), any legal move if it has none (Art. 4.5).
rules-fact-touched-no-move = The touched piece ({ $piece }) has no legal move: any legal move (Art. 4.5).
rules-fact-touched-moves = The touched piece ({ $piece }) must move (Art. 4.3): { $moves }.
rules-fact-queen = The pawn is replaced by a queen (Art. 7.5.2): { $mv }, position { $fen }.
rules-fact-queen-unknown = No pawn left on the last rank is known: name the move (from and to square).
rules-fact-completed = Moves completed by { $player }: { $moves } (the press after an illegal move completes none).
rules-fact-counter = The clock counts { $device } moves for { $player }: set its counter to { $moves }.
rules-illegal-later-no-position = No position is known for this board: the move found illegal cannot be taken back here.
rules-illegal-later-no-such-move = Half-move { $ply } is not in the game record (it has half-moves { $first } to { $last }).
rules-illegal-later-choose-clocks = Half-move { $ply } was illegal: choose the clocks for the reinstated position (the journal's or the current ones, Art. 7.1).
rules-fact-reinstate-later = { $mv } was illegal: reinstate the position before it ({ $fen }) and take back { $taken } half-moves.
rules-fact-clocks-recorded = Clocks when the illegal move was started, as the journal recorded them: White { $white }, Black { $black }.
rules-fact-clocks-not-recorded = The journal has no clock report from when the illegal move was started.
rules-fact-clocks-current = Clocks now: White { $white }, Black { $black }.
rules-flag-after-end = The game had already ended ({ $reason }, { $result }): a flag after that does not count (Art. 6.9).
rules-flag-not-down = { $player }'s time has not run out: the clock shows { $time }.
rules-flag-no-clock = No clock report for this board: the arbiter established the flag of { $player }.
rules-flag-moves-completed = { $player } had completed { $completed } of the { $required } moves of period { $period } when the time ran out: the flag only ends the period, no loss (Art. 6.4).
rules-counted-by-board = counted on the e-board
rules-counted-by-clock-presses = counted from the clock presses (no e-board: check the scoresheets)
rules-counted-by-arbiter = by the arbiter's count
rules-fact-flag-period = { $player }'s time in period { $period } ran out after { $completed } completed moves ({ $counted }); the period requires { $required }.
rules-fact-flag-last-period = { $player }'s time in period { $period } (the last) ran out after { $completed } completed moves ({ $counted }).
rules-fact-device-added-earned = The clock then added { $time } for { $player }: earned, the period's moves were completed.
rules-fact-device-added-not-earned = The clock then added { $time } for { $player } at zero: not earned, the period's moves were not completed; the console's time for { $player } stays 0:00.
rules-fact-flag-order = The clock reported { $first }'s flag first, then { $second }'s.
rules-fact-flag-order-unknown = The clock reported both flags at once: which fell first cannot be established.
rules-fact-first-flag-interpretation = The order the clock reported is taken as established (its indications are conclusive, Art. 6.10.1): an interpretation, not a rule of the Laws.
rules-both-flags-continue = Both flags have fallen and the order cannot be established: the game continues under { $laws }.
rules-both-flags-draw = Both flags have fallen: the game is drawn under { $laws }.
decision-why-both-flags = { $laws } has no rule for both flags down here.
decision-option-continue = The game continues
rules-illegal-later-other-player = Half-move { $ply } was made by { $player }: choose that player.

## Claims with a life (issue 14)
difference-en-passant = an en passant capture was possible in one of the two only
difference-castling = the castling rights differ
difference-en-passant-and-castling = the castling rights differ and an en passant capture was possible in one of the two only
claim-kind-quickplay = quickplay finish
claim-kind-increment-request = request for an increment
rules-claim-check-game-over = the game is over ({ $result })
rules-claim-check-not-on-move = { $player } is not on move ({ $on_move } is)
rules-claim-check-on-move = { $player } is on move
rules-claim-check-on-move-unknown = who is on move is not established (no move list, no running clock): the arbiter checks it
rules-claim-inadmissible = The claim is not admissible: { $why }. It is not examined and gets no incorrect-claim penalty; the arbiter may impose a penalty of his choice.
rules-claim-inadmissible-why = An inadmissible claim gets no time correction for an incorrect claim; the arbiter may impose a general penalty ({ $article }; DSB note on 9.5.2).
rules-option-no-penalty = no penalty
rules-option-warning = a warning
rules-claim-intended-illegal = The written move { $mv } is not a legal move in the position ({ $fen }). The rules do not say what follows: the arbiter decides (an illegal move, touch-move).
rules-claim-fact-intended = Judged on the position after the written move { $mv }, which is not played on the board
rules-claim-occurrence = Occurrence { $n }: after { $mv }
rules-claim-occurrence-start = Occurrence { $n }: the start position
rules-claim-differs = Not the same position after { $mv }: { $reason }
rules-claim-differs-start = Not the same as the start position: { $reason }
rules-claim-fact-extended = The ending { $ending } has { $count } moves instead of 50
rules-claim-fact-must-play = The written move { $mv } must be made next ({ $article }); any other move is an irregularity
rules-claim-fact-time-unknown = The clock time of { $player } is not known: the claimant's part of the penalty is not computed
rules-claim-fact-overstep = { $player } has { $left } left: the { $time } added to his used time exceed it
rules-claim-fact-bare-king-unknown = Whether { $opponent } has only the king is not known (no position): check it
rules-claim-overstep-draw = { $evidence }. The claim is incorrect and the time added exceeds the time of { $player }, but { $opponent } has only the king: the game is drawn.
rules-claim-overstep-loss = { $evidence }. The claim is incorrect and the time added exceeds the time of { $player }: { $player } loses the game.
rules-claim-boundary = { $evidence }. The claim is incorrect. { $player } has exactly { $left }: the text does not regulate this time; the arbiter enters the value.
rules-claim-boundary-why = The text covers more and less than { $left }, not exactly { $left } ({ $article }): unregulated.
rules-claim-fact-claimant-time = { $player } has { $left } on the clock (whole seconds as shown)
rules-option-claimant-time = { $player } keeps { $time }
rules-check = { $ok ->
    [yes] [x]
   *[no] [ ]
} { $check }
rules-quickplay-check-in-force = the rule is in force under the profile "{ $profile }"
rules-quickplay-check-no-increment = no increment or delay
rules-quickplay-check-last-period = the last period (now period { $period })
rules-quickplay-check-time = { $player } has { $left }, under { $threshold }
rules-quickplay-check-time-unknown = the claimant's time under { $threshold } (no clock time known)
rules-quickplay-check-on-move = { $player } is on move
rules-quickplay-check-running = the game is still running
rules-claim-fact-follows = An earlier claim on this board is still open (claim #{ $id }, { $status }): this one is linked to it
rules-quickplay-fact-final = The arbiter's decision is final ({ $article }): a later protest against it is flagged
rules-quickplay-bonus-why = The opponent may be given extra time when the decision is postponed ({ $article }): the arbiter's choice, nothing is preset.
rules-option-bonus = { $opponent } gets { $time }
rules-option-no-bonus = no extra time
rules-quickplay-increment-accepted = The opponent accepts the request, which is a draw offer: the game is drawn.
rules-quickplay-increment-refused = The opponent declines and the arbiter does not agree to the increment. Guidelines III.4 does not say what follows: recorded with the arbiter's reason; the game continues.
rules-quickplay-flag-open-claim = The flag of { $player } fell while the quickplay-finish claim #{ $id } is open: the arbiter now declares the result (draw or loss on time) with his reason.
rules-quickplay-final-why = After a postponed decision the arbiter declares the result once a flag has fallen ({ $article }).
rules-claim-fact-open = Open claim #{ $id } by { $player }
rules-quickplay-hint-normal-means = Drawn if { $opponent } cannot win by normal means or was not making sufficient attempts to win by normal means
rules-option-draw = draw
rules-option-loss-on-time = { $player } loses on time
rules-agreement-fact-moves = Moves made: White { $white }, Black { $black }
rules-agreement-game-over = The game is already over: no agreement after the game.
rules-agreement-too-early-moves = Not valid: a draw can be agreed only after each player has made { $moves } move(s) (White { $white }, Black { $black }).
rules-agreement-too-early-regulations = Not valid: the regulations allow no draw agreement before move { $min } (now move { $move_no }); the arbiter does not consent.
rules-agreement-consent = The regulations allow no draw agreement before move { $min } (now move { $move_no }) without the arbiter's consent.
rules-agreement-consent-why = An agreement before move { $min } needs the arbiter's consent (Art. 9.1.1).
rules-option-consent = consent: the game is drawn
rules-option-refuse-consent = refuse: the game continues
rules-agreement-valid = The draw agreement is valid: the game is drawn.
rules-summary-agreement = draw by agreement
rules-summary-claim-inadmissible = inadmissible claim: no penalty
rules-summary-claim-inadmissible-warning = inadmissible claim: warning
rules-summary-claim-overstep-draw = incorrect claim, time exceeded, opponent has only the king: draw
rules-summary-claim-overstep-loss = incorrect claim, time exceeded: { $player } loses
rules-summary-quickplay-final-draw = quickplay-finish claim decided after the flag: draw
rules-summary-quickplay-final-loss = quickplay-finish claim decided after the flag: { $player } loses on time
rules-summary-quickplay-increment-accepted = increment request accepted as a draw offer: draw
rules-summary-quickplay-increment-refused = increment request declined, the arbiter does not agree
rules-summary-quickplay-postponed-no-bonus = decision postponed; no extra time
situation-inadmissible-claim = an inadmissible claim (a general penalty or none)
situation-claim-penalty-unregulated = an incorrect-claim penalty on a boundary the text does not cover
situation-quickplay-postponed-bonus = the optional extra time when a quickplay-finish decision is postponed
situation-quickplay-final-decision = the result after a flag during an open quickplay-finish claim
situation-draw-agreement-consent = the arbiter's consent to a draw agreed before the regulations' minimum move
hint-dsb-iii5-doubt = Hint (DSB note on III.5): in doubt the arbiter postpones; if a flag then falls, in doubt he declares the loss on time.
hint-dsb-iii5-wait-for-flag = Hint (DSB note on III.5): after a postponement the arbiter should as a rule wait until a flag falls.
rules-quickplay-choose = All preconditions are met: choose the decision (grant, postpone, reject); none is preset.
rules-protest-final-claim = Warning: the quickplay-finish claim #{ $id } on this board was decided ({ $status }); that decision is final ({ $article }): a protest can concern only whether the preconditions were met, not the decision.
rules-claim-competing = { $evidence }. The claim is correct, but the flag of the claimant is down too.
rules-claim-competing-flag = The flag of { $player } is down: whether the claim or the flag came first is not established; no source rules on it.
rules-option-claim-first = the claim came first: drawn

## The match procedure around the games (issue 16)
rules-deadline = Default time { $minutes } min from { $basis } { $reference } (until { $until })
rules-lineup-proviso-open = { $problems }. § 33 Abs. 4a zeroes only "provided that the opponent's lineup was correct", and the lineup of the other team ({ $team }) is faulty too: the arbiter decides.
rules-lineup-proviso-fails = { $problems }. § 33 Abs. 4a zeroes only "provided that the opponent's lineup was correct"; the lineup of the other team ({ $team }) is faulty too, so there is no zeroing under Abs. 4a.
rules-lineup-report-only = { $problems }: recorded on the report, no sanction.
rules-seating-error-report = Players of the { $team } team sat at the wrong boards ({ $boards }): recorded on the report.
rules-seating-error-open = Players of the { $team } team sat at the wrong boards ({ $boards }): no source rules on it, the arbiter decides.
rules-summary-seating-zeroed = boards { $boards } scored 0:1 (seating error)
rules-both-absent-white-loses-time = Both players were absent at the start: White lost the { $time } until the first of them arrived (Art. 6.7.2).
rules-both-absent-time-back = Both players were absent at the start; these rules do not charge that time to White: { $time } back to White.
rules-summary-both-absent-time-back = +{ $time } to White (both absent at the start)
rules-unforeseeable-delay-not-charged = The { $team } team was delayed { $minutes } min by something it could not foresee: these regulations charge no such delay to a team, nothing is charged.
rules-unforeseeable-delay-open = The { $team } team was delayed { $minutes } min by something it could not foresee: the arbiter decides whether the delay is charged.
decision-why-lineup-both-faulty = § 33 Abs. 4a zeroes the boards "provided that the opponent's lineup was correct"; it says nothing of two faulty lineups.
decision-fact-lineup-findings = The lineup of the { $team } team: { $problems }.
decision-fact-opponent-faulty = The lineup of the { $team } team is faulty too.
decision-option-no-zeroing-4a = no zeroing under Abs. 4a (the proviso fails)
decision-option-zero-as-written = zero boards { $boards } as written
decision-option-refer-to-league = score as played, provisionally; refer to the league controller
decision-why-seating-error = No source distinguishes players sitting at the wrong boards from a changed lineup.
decision-fact-seating = Players of the { $team } team at the wrong boards: { $boards }.
decision-option-continue-as-seated = let the games stand as played; correct the report
decision-option-restart-at-right-boards = reseat the players at the right boards and restart
decision-option-seating-zero-between = wrong board order (§ 33 Abs. 4b): boards { $boards } scored 0:1
decision-option-seating-too-low = only the player placed too low loses (BTO NRW § 16.7): board { $board }
decision-why-start-delay-unforeseeable = BTO NRW § 27.3 charges a delay only to the club at fault; the DSB note to 6.7.1 allows discretion only for unforeseeable circumstances.
decision-fact-start-delay = The { $team } team was delayed { $minutes } min.
decision-option-delay-not-charged = not charged (the whole match starts later)
decision-option-delay-charged = charge { $minutes } min to the { $team } team's clocks

# The start screen and the attendance view (issue 19)
rules-start-in-future = The start { $time } lies in the future: enter the time the round actually started.
rules-start-before-scheduled = The start { $time } is before the scheduled start { $scheduled }: give the reason.
rules-arrival-in-future = The arrival { $time } lies in the future: enter the time the player actually arrived.

# Issue 19a: forms derive from the engine; availability of actions; rulings reach the device.
rules-claim-fact-overridden = The game record gives: { $found }; the arbiter found otherwise (override).
rules-claim-evidence-arbiter = the arbiter's finding, against the game record
rules-override-needs-reason = { $field }: the rules give “{ $proposed }”, the form “{ $chosen }”: an override needs a reason.
override-field-claim-correct = claim correct
override-field-consequence = consequence
override-value-correct = correct
override-value-incorrect = incorrect
override-value-nothing = nothing
override-value-text = { $text }
rules-avail-game-finished = The game on board { $board } is finished ({ $result }): it takes no claim, flag or result; only a result correction changes it.
rules-avail-arrived-twice = The player of the { $team } team on board { $board } arrived at { $time } (record { $seq }): a second arrival is not recorded.
rules-avail-round-started = The round started at { $time } (record { $seq }): it is not started again.
rules-avail-no-quickplay = The rules “{ $profile }” have no quickplay-finish rule: there is no such claim.
rules-avail-no-flag = No flag is down: White { $white }, Black { $black }. No loss on time while both players have time left.
rules-avail-clock-runs = The clock still runs for { $player }. Record the result all the same?
rules-avail-already-credited = Already credited? { $changes } was confirmed at { $time }.
rules-fact-device-clocks = The proposal rests on the clocks as read on the device: White { $white }, Black { $black } (the console estimated White { $est_white }, Black { $est_black }: the feed is not live).
rules-fact-device-clocks-same = The proposal rests on the clocks as read on the device: White { $white }, Black { $black }.

# Issue 19e: how the game ended, with the result.
override-field-result = result
override-field-ending = ending
override-value-result = { $result }
override-value-result-ending = { $result } ({ $ending })
override-value-ending-none = not given
rules-ending-does-not-fit = “{ $ending }” cannot give the result { $result }.
situation-game-mismatch = which game stands where the board reports another game than the journal's after a restart
rules-mismatch-none = The board reports the journal's game: nothing to decide.
rules-mismatch = After the restart, board { $board } reports another game ({ $source }) than the journal: nothing of it was taken. Decide which game stands.
rules-mismatch-why = No rule says which record stands when the board and the journal disagree; the console takes neither silently.
rules-mismatch-fact-recorded = The journal: { $moves } half-moves; after half-move { $common }: { $after }
rules-mismatch-fact-reported = The board: { $moves } half-moves; after half-move { $common }: { $after }
rules-mismatch-fact-placement = The board's position: { $placement }
rules-mismatch-fact-nothing-taken = Until you decide, the board's moves are not recorded.
rules-option-mismatch-recorded = the journal's game stands (set the board to its position)
rules-option-mismatch-board = the board's game stands
rules-summary-mismatch-recorded = The journal's game stands; the board is set to its position.
rules-summary-mismatch-board = The board's game stands: the journal's moves after half-move { $common } are withdrawn, the board's follow.
rules-summary-mismatch-board-placement = The board's game stands: play goes on from the board's position.
rules-avail-no-mismatch = Board { $board } reports the journal's game: nothing to decide.

## Issue 28: claims, the device, conduct and the match
rules-claim-notice-shuffle = Notice: the repetition was reached by an obvious shuffle at move { $move_no }, while the regulations allow no draw agreement before move { $min } ({ $article }). A claim under 9.2 stays possible; a possible abuse of 9.2 is reviewed under 11.1 (DSB note on 9.1.1).
rules-override-mandatory = { $change } is mandatory ({ $articles }): no override can leave it out.
rules-quickplay-check-own-flag = the flag of { $player } is still up
hint-dsb-iii5-clearly-better = Hint (DSB note on III.5): a claim is admissible in a clearly better position too; the opponent will then as a rule make no effort to win by normal means, and if the arbiter is convinced of that he should grant the claim.
rules-fact-flag-from-claim = The flag of { $player } counts from the claim at { $claimed }, not from the clock's report at { $shown }: in the quickplay phase the arbiter does not call a flag.
rules-fact-claimant-clock = The claimant { $player }: clock { $running ->
    [1] running
   *[other] stopped
  }, { $time } now, lowest in the period { $lowest }, { $flag ->
    [1] his own flag is down too
   *[other] his own flag is up
  }.
rules-fact-flags-undated = The clock's reports date no flag here (only a claim does): which fell first is not established.
rules-competing-illegal-flag = The flag of { $opponent } is down too (the clock showed it at { $shown }): whether the illegal move of { $offender } or the flag came first is not established; no source rules on it.
rules-competing-if-illegal-first = If the illegal move of { $player } came first: { $outcome }.
rules-competing-if-flag-first = If the flag of { $player } fell first: { $outcome }.
rules-option-illegal-first = the illegal move of { $player } came first: its consequence
rules-resignation-choose-player = Choose the player who is said to have resigned.
rules-resignation-time-invalid = “{ $time }” is not a time (RFC 3339, e.g. 2026-11-28T15:42:10+01:00).
rules-resignation-why = Whether { $player } resigned, and when, is the arbiter's finding; a resignation ends the game at once ({ $article }), so the claims after it are void.
rules-resignation-fact-when = { $player } is said to have resigned at { $time }.
rules-resignation-fact-when-unknown = No time is given for the resignation of { $player }: every claim on the board counts as after it.
rules-resignation-fact-later-claim = Claim after it: no. { $no } at { $time }, { $kind }: { $outcome }.
rules-resignation-fact-later-claim-unnumbered = Claim after it at { $time }, { $kind }: { $outcome }.
rules-summary-resigned = { $player } resigned: { $result }{ $n ->
    [0] {""}
    [one] ; the claim after it is void
   *[other] ; the { $n } claims after it are void
  }
rules-summary-not-resigned = { $player } did not resign: the game goes on
rules-option-resigned = { $player } resigned{ $n ->
    [0] {""}
    [one] (the claim after it is void)
   *[other] (the { $n } claims after it are void)
  }
rules-option-not-resigned = { $player } did not resign: the game goes on
situation-resignation = whether and when a player resigned
situation-game-resumption = how play resumes after the arbiter stopped the game
situation-unearned-period-time = period time a clock credited before the period's moves were completed, where the text has no rule for the clock's setting
situation-late-absence-notice = a named empty board whose absence was notified late, where the regulations name no sanction
rules-penalty-fact-accepted-optional = The player accepted the warning: it need not be reported (DSB note to TO A-13.3); the report marks it optional.
rules-device-fact-opponent-wins = { $opponent } cannot checkmate, but { $article } says the opponent wins: the edition fixes the score.
rules-unable-fact-exemption = Exemption for a disability: “{ $text }”.
rules-unable-fact-no-assistant = No assistant to write the moves is available ({ $article }: the player may provide one, acceptable to the arbiter).
rules-resume-why = The arbiter decides when and how the game restarts ({ $article }).
rules-resume-fact-stopped = The clock stands since { $time }.
rules-resume-fact-running = The clock is not stopped.
rules-resume-fact-incident = At { $time }: { $kind }.
rules-resume-fact-clocks = Clocks: White { $white }, Black { $black }.
rules-summary-resumed = play resumed, the clocks restarted as they stood
rules-summary-resumed-after-setting = play resumes once the clock is set anew
rules-summary-not-resumed = play not resumed yet
rules-option-resume = restart the clocks as they stand
rules-option-resume-after-setting = restart once the clock is set anew (clock form)
rules-option-not-resumed = not yet: the game stays stopped
rules-expel-name-person = Name the person expelled.
rules-summary-expelled = { $person } expelled from the playing venue
rules-expel-no-article = { $person } expelled from the playing venue: { $laws } name no such power; recorded for the report.
rules-expel = { $person } expelled from the playing venue ({ $article }); recorded for the report, no game changes.
rules-fact-next-move-first-of-control = The next move counts as the first of the next time control ({ $article }): both move counters are set to the moves the period required.
rules-summary-both-flags-next-control = both flags down: play on, the next move is the first of the next time control
rules-both-flags-next-control = Both flags are down and which fell first cannot be established: under { $laws } the game goes on, and the next move counts as the first of the next time control.
rules-fact-unearned = The clock credited { $time } to { $player } after { $completed } moves ({ $counted }), but the period required { $required }: not earned.
rules-fact-move-counts = Moves of { $player }: { $board } on the board, { $device } on the clock's counter.
rules-summary-unearned = { $time } taken off { $player } (credited too early), move counter set to { $moves }
rules-summary-unearned-kept = the time credited to { $player } stays
rules-unearned-why = { $laws } have no rule for a clock that credits a period's time too early: the arbiter decides whether to take it off and set the move counter.
rules-option-unearned-remove = take the time credited too early off { $player } and set the move counter
rules-option-unearned-keep = leave the clock of { $player } as it is
rules-unearned-correct = The clock's setting is wrong ({ $article }): take { $time } credited too early off { $player } and set the move counter to { $moves }.
rules-fact-setting-limit = The clock's setting is final once each player has completed { $moves } moves ({ $mode }); completed now: White { $white }, Black { $black }.
rules-fact-setting-shown = At the start the clock showed { $shown } for { $player }; the time control gives { $expected }.
rules-fact-setting-right = The clock showed the time control's times at the start.
rules-summary-setting-corrected = clock setting corrected: { $changes }
rules-setting-within-limit = Within the limit of { $moves } moves each: the clock's setting is corrected by the difference to the time control ({ $changes }). The texts give no penalty for a wrongly set clock.
rules-default-time-fact-missed = { $player } missed the default time: { $missed }.
rules-default-time-fact-late = arrived at { $arrival }, { $by } after the end of the default time
rules-default-time-fact-absent = not arrived, { $by } after the end of the default time
override-field-agreement-before-minimum = draw agreed before the regulations' minimum move
override-field-resignation-before-move = resignation before any move
rules-resignation-before-move = No move has been made on this board: confirm the resignation with a reason.
decision-why-late-notice = The absence of a named player was notified after the deadline ({ $cite }), and the regulations say nothing of what follows.
decision-fact-notice-deadline = The deadline: { $deadline } on the day { $days ->
    [one] before
   *[other] { $days } days before
  } the match.
decision-fact-notice-late = Board { $board }: rank { $rank } named absent, notified { $time }.
decision-fact-notice-none = Board { $board }: rank { $rank } named absent, no notice recorded.
decision-option-late-notice-none = no sanction (recorded for the report)
decision-option-late-notice-unnamed = as an empty board without a name: { $sanction } (boards { $boards })
rules-clock-recorded-times = The journal holds both clocks after move { $moves }: those times are set, not a proportional reconstruction (DSB note on 7.1).
rules-clock-floor-applied = Floor applied for { $player }: computed { $computed }, raised to the minimum { $floor }.
# Issue 29: what a time correction must state; the summary of a consequence the rules gave none.
rules-time-correction-reason = A time correction needs its reason: the incident it corrects (a clock set wrong, a disturbance, a press missed …).
rules-summary-no-change = no change
rules-summary-changes = changes: { $changes }
rules-summary-part-result = result { $result }
rules-summary-part-zeroed = boards { $boards } scored 0
rules-summary-part-warning = warning
rules-summary-part-clock-ops = { $n ->
    [one] one clock operation
   *[other] { $n } clock operations
}
rules-start-before-clocks = The start entered ({ $time }) is { $diff } before the clocks first ran ({ $clocks }): check the time; Enter again records it.
rules-start-after-clocks = The start entered ({ $time }) is { $diff } after the clocks first ran ({ $clocks }): check the time; Enter again records it.
