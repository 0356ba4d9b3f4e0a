// `gdlkit <command> --help`: each command's usage, what it does and its options, written for someone who has
// just installed gdlkit. BACKEND names come from `gdlkit backends`.

const BACKEND = `  --backend NAME   prover | forward | propnet | propnet-wasm | native | auto (auto picks the fastest that
                   builds and says which on stderr; see gdlkit backends for what is available here)`;

export const COMMAND_HELP: Readonly<Record<string, string>> = {
  check: `usage: gdlkit check FILE... [--strict] [--json]

Validates game descriptions (KIF or Prolog-style GDL, GDL-II) and prints each diagnostic as FILE:LINE:COL.
Exit 0 when no file has an error, 1 otherwise.
  --strict   warnings count as errors
  --json     one JSON object per diagnostic instead of text`,

  backends: `usage: gdlkit backends

Lists every backend with "available" or why it is not (a package that is not installed, no native binary
for this platform), each with the command that fixes it.`,

  play: `usage: gdlkit play FILE --backend NAME --seed N [--matches K] [--trace OUT.jsonl] [--max-steps S]

Plays K uniform-random matches (match i uses seed N+i) and prints each one's moves and goals.
${BACKEND}
  --seed N         32-bit seed of the first match
  --matches K      matches to play (default 1)
  --trace F        write the matches as a trace (JSON Lines, DESIGN.md section 4)
  --max-steps S    stop a match after S steps`,

  replay: `usage: gdlkit replay FILE RECORD.jsonl --backend NAME

Replays the moves of a match record with a backend and prints the trace it computes; a record whose roles
are not the game's, or with an illegal move, is an error naming the record line and step.
${BACKEND}`,

  perf: `usage: gdlkit perf GAME_FILE RESULT_FILE SECONDS --backend NAME

The gdl-perf protocol: random playouts from the initial state for SECONDS; RESULT_FILE gets
millisecondsTaken, numStateChanges and numRollouts (or errorMessage).
${BACKEND}`,

  golden: `usage: gdlkit golden [GAME...] [--backend prover] [--matches 5] [--max-steps 200]

Regenerates the golden match records that the conformance kit replays (games/golden/ of a gdlkit checkout),
for the given games or every game of games/ci-games.txt, with the reference backend.`,

  bench: `usage: gdlkit bench [--games A,B] [--backends X,Y] [--experiment sim|mc|mm|depth] [--seconds S]
                    [--json F] [--markdown F] [--svg F] [--state-seconds S] [--depth D]

Measures backends side by side on the benchmark games (simulations per second, Monte Carlo and minimax
steps, depth rounds) and prints a Markdown table; progress goes to stderr.
  --games, --backends   comma-separated names or patterns (default: all)
  --experiment E        sim (default), mc, mm or depth
  --seconds S           time per cell
  --json, --markdown, --svg F   also write the report in that form`,

  serve: `usage: gdlkit serve [--host H] [--port P] [--backend NAME|auto] [--config FILE] [--margin MS]
                    [--policy nst|mast|random] [--verbose] [--exit-with-stdin]

The GGP player: answers the Stanford protocol (INFO, START, PLAY, STOP, ABORT) over HTTP until SIGINT or
SIGTERM. Logs go to stderr as JSON lines, among them which backend it chose for a match and why.
  --host H        address to listen on (default 127.0.0.1)
  --port P        port (default 9147; 0 picks a free one)
  --backend NAME  reasoner for matches (default auto)
  --config FILE   player settings (JSON; apps/player config keys)
  --margin MS     time kept back from each clock (default 500)
  --policy P      playout policy: nst, mast or random
  --verbose       also log the match transcript`,

  analyse: `usage: gdlkit analyse FILE [--property P]... [--all-unique [--no-joint]] [--budget S] [--memory MB] [--json]
                      [--refute-with BACKEND --record OUT.jsonl]

Proves properties of a game by induction with answer set programming (Schiffel & Thielscher 2009): each
property is proved, refuted or left open within the budget; progress goes to stderr.
  --property P     unique:NAME/ARITY:POSITIONS | exactly-one:NAME/ARITY:POSITIONS | zero-sum[:TOTAL] |
                   state:FORMULA | count:(COUNTER ?KEY... ?N)RELATION ELEMENT:BODY (repeatable; count: a
                   counter invariant, RELATION >=, = or <=, e.g. 'count:(piece_count ?p ?n)>=(cell ?x ?y ?c):
                   (true (cell ?x ?y ?c)) (piece_owner_type ?c ?p ?t)'; properties proved join the assumptions)
  --all-unique     find every uniqueness property of the state fluents (--no-joint: one at a time only)
  --budget S       seconds per property
  --memory MB      memory bound of the solver
  --refute-with B  search a property that is not proved for a reachable violation with backend B (random
                   matches directed at their ends; prover needs no build); a match record reaching it is
                   written to --record
  --json           one JSON object per property`,

  filter: `usage: gdlkit filter FILE --role R --seed N [--matches K] [--trace OUT.jsonl] [--max-steps S]
                     [--budget-ms B] [--observations-only]

GDL-II: plays K random matches (match i uses seed N+i) and tracks what role R knows (B+, B0) with the filter
(Thielscher 2013); one summary line per match, the filter trace with --trace.
  --budget-ms B          time per update phase before falling back to a sound approximation
  --observations-only    the role's own moves and percepts only`,

  hyperplay: `usage: gdlkit hyperplay FILE --role R [--round "MOVE|PERCEPT,PERCEPT"]... [--method hyperplay|hyperplay-ii]
                        [--resources N] [--repeats K] [--seed S] [--backend NAME] [--json]

GDL-II: the expected value HyperPlay or HyperPlay-II gives each move of role R at the decision reached by the
rounds (the role's own move and its percepts, in order); the mean over K repeats with a 99 % interval.
  --method M      hyperplay or hyperplay-ii
  --resources N   the resource index (models and simulations)
${BACKEND}`,

  arena: `usage: gdlkit arena GAME --players SPEC,SPEC[,...] --matches N [--start S] [--play S | --iterations K]
                    [--jobs J] [--seed N] [--out DIR] [--svg F] [--queue redis://HOST:PORT] [--grace MS]

Plays N matches of GAME between the players and writes DIR/matches.jsonl (one match a line) and
DIR/summary.json (score with a 95 % interval per player). An existing DIR of the same run is resumed.

  SPEC             random | gdlkit[:key=value,...] | http://HOST:PORT
                   gdlkit keys: backend, margin, and the player's config keys (apps/player config-keys.ts),
                   e.g. gdlkit:policy=mast,decay=0.2,backend=propnet
  --matches N      matches to play; roles rotate so every SPEC plays every role equally often
  --start S        start clock in seconds (default 10)
  --play S         play clock in seconds (default 5; 60 as a safety bound with --iterations)
  --iterations K   fixed simulations per move for gdlkit players instead of the clock
  --jobs J         concurrent matches (default and maximum: cores / gdlkit players per match)
  --seed N         the run's seed; match i's seed derives from it (default 1)
  --out DIR        output folder (default arena-GAME-SEED)
  --svg F          also draw the scores with their intervals
  --queue URL      put the matches on a BullMQ queue in Redis; gdlkit arena-worker processes play them
  --grace MS       a reply later than the clock plus this is a timeout (default 1000, as ggp-base)`,

  'arena-worker': `usage: gdlkit arena-worker --queue redis://HOST:PORT [--jobs J] [--lock-seconds S]

Plays the matches that \`gdlkit arena --queue\` puts on the queue, until SIGINT or SIGTERM.
  --jobs J          matches at once (default: cores / 2, one core for each of two gdlkit players)
  --lock-seconds S  a match whose worker stopped renewing its lock this long is played again elsewhere (default 30)`,

  verify: `usage: gdlkit verify FILE [--property NAME|FORMULA]... [--budget S] [--memory MB] [--out DIR] [--json]

Model-checks temporal and epistemic properties (CTL*K under synchronous perfect recall) of a GDL or GDL-II
game; one line per property: holds, fails (with an evidence record in DIR) or unknown within the budget.
  --property       a named property or a CTL*K formula, e.g. "A G (terminal -> K[candidate] terminal)"
                   (default: the six named properties; see @gdlkit/epistemic's README)
  --budget S       seconds per property (default 60)
  --memory MB      memory bound
  --out DIR        where evidence records go (default .)
  --json           one JSON object per property`,

  demo: `usage: gdlkit demo [FILE] [--seconds S]

Plays a seeded match with every available backend, checks that they agree, and measures random playouts per
second for S seconds each (default 2). FILE defaults to tictactoe from the gdlkit checkout.`,
  cache: `usage: gdlkit cache [--clear | --prune]

Shows the folder where the propnet-wasm backend keeps each game's built module and IR (GDLKIT_CACHE_DIR, else
$XDG_CACHE_HOME/gdlkit, else ~/.cache/gdlkit; GDLKIT_WASM_CACHE=off turns it off), how many entries it holds
for this version of gdlkit and for others, and its size bound. Every build that stores an entry removes other
versions' entries unused for an hour and then the least recently used ones beyond the bound
(GDLKIT_WASM_CACHE_MAX_MIB, default 256).
  --clear   remove every entry (the next build of each game is a full one)
  --prune   remove now what the next stored build would
An entry the system refuses to remove (e.g. an immutable file, a read-only folder) is named on stderr with the
system's reason, one line each (the first 10, then a count), and the exit code is 1.`,
};
