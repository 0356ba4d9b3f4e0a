import { type Game, goalToJson, type Reasoner, sortCanonical, type TermId } from '@gdlkit/core';
import { createFilter, type FilterReasoner, type KnowledgeState } from '@gdlkit/filter';
import { EnumeratingTracker, type EnumeratingTrackerOptions } from './knowledge/enumerating-tracker.js';
import type { Logger } from './log.js';
import type { TurnReport } from './protocol/messages.js';
import { isNil, MessageSyntaxError, printSExpr, readSExpr, type SExpr } from './protocol/sexpr.js';
import { internTerm } from './protocol/terms.js';
import type { PlayoutPolicy } from './search/playout-policy.js';
import { createPolicy, type PolicyOptions } from './search/policy-factory.js';
import { SampledSearch } from './search/sampled-search.js';
import type { Search } from './search/search.js';
import { SearchLoop } from './search/search-loop.js';
import { type UctOptions, UctSearch } from './search/uct.js';
import type { ReplyTiming } from './worker/worker-protocol.js';

export interface SearchSettings extends PolicyOptions, UctOptions {
  /** Keep searching the current position between replies (perfect-information games). */
  readonly ponder?: boolean;
  /** Length of one search slice on the event loop. */
  readonly sliceMs?: number;
  /** States drawn from the knowledge tracker for one GDL-II move choice. */
  readonly sampleStates?: number;
  /**
   * A fixed simulation budget per move instead of the clock (the clock still bounds it): no pondering and no
   * warm-up, so a match is reproducible from the seeds whatever the machine's load.
   */
  readonly iterations?: number;
  readonly tracker?: EnumeratingTrackerOptions;
  /** Answer every PLAY at once with a legal move, without searching (a recovering match's last resort). */
  readonly searchless?: boolean;
}

/** Told where a PLAY stands while it is answered, so a shell can reply for a worker that misses its time. */
export interface TurnObserver {
  /** The position of `turn` is known; `best`, the move preferred so far, is one of its legal moves (known legal, in GDL-II). */
  position(turn: number, best: string): void;
}

/** How often the preferred move is reported while a PLAY is searched. */
const PROGRESS_MS = 100;

export interface MatchSetup {
  readonly id: string;
  readonly role: number;
  readonly game: Game;
  readonly reasoner: Reasoner;
  readonly prover: Reasoner;
  readonly playClockMs: number;
  readonly marginMs: number;
}

/** The turn as the manager reported it: a joint move, percepts, or nothing (first turn). */
export interface TurnInput {
  readonly payload?: SExpr;
  readonly report?: TurnReport;
}

/**
 * One match in progress: the reasoner, the search over the current position (UCT for perfect information,
 * sampled search over the knowledge tracker's states for GDL-II) and the turn protocol.
 */
export class Match {
  readonly id: string;
  readonly playClockMs: number;
  private readonly reasoner: Reasoner;
  private readonly policy: PlayoutPolicy;
  private readonly loop: SearchLoop;
  private readonly uct: UctSearch<unknown> | null;
  private readonly tracker: EnumeratingTracker<unknown> | null;
  /** GDL-II: the filter's sound knowledge (B+, B0) of the current state (Thielscher 2013). */
  private knowledge: { filter: FilterReasoner; state: KnowledgeState } | null;
  private turn = 0;
  private lastOwnMove: TermId | null = null;

  private readonly settings: SearchSettings;

  constructor(
    private readonly setup: MatchSetup,
    base: SearchSettings,
    private readonly logger: Logger,
  ) {
    // Each match draws its own random numbers (from the configured seed and the match id), so repeated matches
    // between the same players are not copies of each other, and a match is still reproducible from its id.
    const settings: SearchSettings = { ...base, seed: matchSeed(base.seed ?? 1, setup.id) };
    this.settings = settings;
    this.id = setup.id;
    this.playClockMs = setup.playClockMs;
    this.reasoner = setup.reasoner;
    this.policy = createPolicy(this.reasoner, settings);
    this.loop = new SearchLoop(settings.sliceMs ?? 20, (e) =>
      logger.log('error', 'search-failed', { match: this.id, error: String((e as Error)?.message ?? e) }),
    );
    if (setup.game.isGdl2) {
      // The filter decides which moves are known to be legal; the enumerating tracker (on the prover) supplies
      // the sampled states the search plays out from.
      this.uct = null;
      this.tracker = new EnumeratingTracker(setup.prover, setup.role, settings.tracker);
      // The filter's budget applies to each phase of an update and to each query (about three per update).
      const filter = createFilter(setup.game, { role: setup.role, updateBudgetMs: setup.playClockMs / 12 });
      this.knowledge = { filter, state: filter.initialState() };
    } else {
      this.uct = new UctSearch(
        this.reasoner,
        this.reasoner.initialState(),
        setup.role,
        this.policy,
        settings,
      );
      this.tracker = null;
      this.knowledge = null;
    }
  }

  get turnsPlayed(): number {
    return this.turn;
  }

  /**
   * Uses the rest of the start clock to search the initial position, which is the position of the first
   * PLAY: the observer hears its legal moves and the preferred move as for a PLAY.
   */
  warmUp(until: number, observer: TurnObserver): void {
    const uct = this.uct;
    if (!uct || uct.root.terminal) return;
    const report = () => this.report(observer, this.turn + 1, uct);
    report();
    // A fixed budget per move searches only when asked (no warm-up), so matches repeat whatever the load.
    if (this.settings.iterations !== undefined) return;
    const progress = setInterval(report, PROGRESS_MS);
    void this.loop.start(uct, until).then(() => clearInterval(progress));
  }

  /**
   * Answers a PLAY: takes in the turn's information and replies with a legal move before `deadline`. The
   * observer hears the position and, every 100 ms, the preferred move.
   */
  async play(
    input: TurnInput,
    deadline: number,
    observer: TurnObserver,
  ): Promise<{ text: string; timing: ReplyTiming }> {
    this.loop.stop();
    const began = performance.now();
    const search = this.uct ? this.advancePerfect(input) : this.advanceImperfect(input);
    const advanceMs = performance.now() - began;
    this.turn++;
    if (search === null) return { text: 'nil', timing: this.timing(advanceMs, deadline) };
    const store = this.setup.game.store;
    const legal = search instanceof SampledSearch ? search.moves : this.uct!.root.legal[this.setup.role]!;
    const report = () => this.report(observer, this.turn, search);
    report();
    if (this.settings.searchless || legal.length === 1) {
      // Nothing to choose, or no search wanted: answer at once (and keep thinking about the position).
      deadline = Math.min(deadline, performance.now());
    } else if (deadline <= performance.now()) {
      this.logger.log('warn', 'no-time-to-search', { match: this.id, turn: this.turn });
    }
    const done = this.loop.start(search, deadline, this.settings.iterations);
    const progress = setInterval(report, PROGRESS_MS);
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, Math.max(0, deadline - performance.now()));
      done.then(() => {
        clearTimeout(t);
        resolve();
      });
    });
    clearInterval(progress);
    const move = search.bestMove();
    this.lastOwnMove = move;
    const text = store.toKif(move);
    const timing = this.timing(advanceMs, deadline);
    this.logger.log('info', 'move', {
      match: this.id,
      turn: this.turn,
      move: text,
      simulations: search.iterations,
      tree: this.uct?.treeSize,
      policyEntries: this.policy.size,
      heapMB: Math.round(timing.heapBytes / 2 ** 20),
      msLeft: Math.round(deadline - performance.now()),
    });
    if (
      this.uct &&
      this.settings.ponder !== false &&
      !this.settings.searchless &&
      this.settings.iterations === undefined
    ) {
      this.loop.start(this.uct, performance.now() + this.setup.playClockMs);
    } else {
      this.loop.stop();
    }
    return { text, timing };
  }

  /** Takes in a turn answered before this match took over (`sent`: the move the player replied). */
  replay(input: TurnInput, sent: string): void {
    if (this.uct) this.advancePerfect(input);
    else this.advanceImperfect(input);
    this.turn++;
    const expr = readSExpr(sent);
    this.lastOwnMove = isNil(expr) ? this.lastOwnMove : internTerm(this.setup.game.store, expr);
  }

  private report(observer: TurnObserver, turn: number, search: Search): void {
    observer.position(turn, this.setup.game.store.toKif(search.bestMove()));
  }

  private timing(advanceMs: number, deadline: number): ReplyTiming {
    return {
      advanceMs,
      overrunMs: Math.max(0, performance.now() - deadline),
      heapBytes: process.memoryUsage().heapUsed,
      sentAt: performance.timeOrigin + performance.now(),
    };
  }

  /** Answers a STOP: takes in the last turn for the log. */
  stop(input: TurnInput): void {
    this.loop.stop();
    if (this.uct && input.payload !== undefined && Array.isArray(input.payload) && input.payload.length > 0) {
      try {
        this.uct.advance(this.jointMove(input.payload));
        const root = this.uct.root;
        this.logger.log('info', 'result', {
          match: this.id,
          terminal: root.terminal,
          goals: this.reasoner.goals(root.state).map(goalToJson),
        });
      } catch (e) {
        this.logger.log('warn', 'stop-moves', { match: this.id, error: (e as Error).message });
      }
    }
  }

  dispose(): void {
    this.loop.stop();
    this.reasoner.dispose();
    if (this.setup.prover !== this.reasoner) this.setup.prover.dispose();
  }

  private advancePerfect(input: TurnInput): Search | null {
    const uct = this.uct!;
    if (input.report)
      throw new MessageSyntaxError('this is a GDL game: PLAY takes a match id and the last joint move');
    const payload = input.payload;
    if (payload !== undefined && Array.isArray(payload) && payload.length > 0) {
      try {
        uct.advance(this.jointMove(payload));
      } catch (e) {
        // The manager's model and ours differ; keep playing from our last position, legally there.
        this.logger.log('error', 'desync', {
          match: this.id,
          moves: printSExpr(payload),
          error: (e as Error).message,
        });
      }
    } else if (this.turn > 0) {
      this.logger.log('warn', 'nil-moves', { match: this.id, turn: this.turn });
    }
    const root = uct.root;
    if (this.logger.verbose) {
      const store = this.setup.game.store;
      this.logger.log('debug', 'state', {
        match: this.id,
        turn: this.turn,
        state: sortCanonical(store, this.reasoner.stateToFacts(root.state)).map((t) => store.toKif(t)),
        legal: root.legal[this.setup.role]?.map((m) => store.toKif(m)),
      });
    }
    if (root.terminal) {
      this.logger.log('warn', 'play-in-terminal-state', { match: this.id, turn: this.turn });
      return null;
    }
    return uct;
  }

  private advanceImperfect(input: TurnInput): Search | null {
    const tracker = this.tracker!;
    const store = this.setup.game.store;
    let update: { move: TermId; percepts: TermId[] } | null = null;
    if (input.report) {
      const { turn, lastMove, percepts } = input.report;
      if (turn > 0 || lastMove !== null) {
        const move = lastMove !== null ? internTerm(store, lastMove) : this.lastOwnMove;
        if (move !== null) update = { move, percepts: percepts.map((p) => internTerm(store, p)) };
      }
    } else if (this.turn > 0 && this.lastOwnMove !== null) {
      // Older form: (play id nil) first, then (play id (percepts...)); nil later means no percepts.
      const payload = input.payload;
      if (typeof payload === 'string' && payload !== 'nil') {
        throw new MessageSyntaxError(`expected a percept list, got '${payload}'`);
      }
      const percepts = Array.isArray(payload) ? payload.map((p) => internTerm(store, p)) : [];
      update = { move: this.lastOwnMove, percepts };
    }
    if (update) {
      tracker.update(update.move, update.percepts);
      this.updateKnowledge(update.move, update.percepts);
      // Paper 03, section 4: the policy's statistics decay after every real move, here as in the tree.
      this.policy.decay();
    }
    const known = this.knownByFilter();
    let moves = known.length > 0 ? known : tracker.knownLegalMoves();
    const fields = {
      match: this.id,
      turn: this.turn,
      states: tracker.size,
      complete: tracker.complete,
      percepts: update?.percepts.map((p) => store.toKif(p)),
    };
    if (moves.length === 0) {
      moves = tracker.likelyLegalMoves();
      this.logger.log('warn', 'no-known-legal-move', {
        ...fields,
        playing: 'a move legal in the most tracked states',
      });
    } else if (known.length > 0) {
      this.logger.log('info', 'filter-knowledge', {
        ...fields,
        filter: 'known legal moves',
        known: moves.map((m) => store.toKif(m)),
      });
    } else if (!tracker.complete) {
      this.logger.log('warn', 'knowledge-incomplete', {
        ...fields,
        playing: 'a move legal in every tracked (sampled) state; not proven legal',
      });
    } else {
      this.logger.log('debug', 'knowledge', { ...fields, known: moves.map((m) => store.toKif(m)) });
    }
    if (moves.length === 0) {
      this.logger.log('error', 'lost-track', fields);
      return null;
    }
    // The tracker's states are the prover's; the search runs on the chosen (faster) reasoner.
    const { prover } = this.setup;
    const states = tracker
      .sampleStates(this.settings.sampleStates ?? 64)
      .map((s) => (prover === this.reasoner ? s : this.reasoner.stateFromFacts(prover.stateToFacts(s))));
    return new SampledSearch(this.reasoner, this.setup.role, this.policy, moves, states, this.settings);
  }

  /** Takes the turn into the filter's knowledge; a failed update leaves the filter out of the decision. */
  private updateKnowledge(move: TermId, percepts: readonly TermId[]): void {
    const knowledge = this.knowledge;
    if (!knowledge) return;
    try {
      const result = knowledge.filter.update(knowledge.state, move, percepts);
      knowledge.state = result.state;
      if (result.fellBack) {
        this.logger.log('info', 'filter-fell-back', {
          match: this.id,
          turn: this.turn,
          skipped: result.skippedNonObservations,
        });
      }
    } catch (e) {
      this.logger.log('warn', 'filter-failed', {
        match: this.id,
        turn: this.turn,
        error: String((e as Error)?.message ?? e),
      });
      this.knowledge = null;
    }
  }

  /** The moves the filter knows to be legal for this role (sound by Proposition 2), or none. */
  private knownByFilter(): readonly TermId[] {
    const knowledge = this.knowledge;
    return knowledge ? knowledge.filter.legalMoves(knowledge.state, this.setup.role) : [];
  }

  private jointMove(payload: readonly SExpr[]): TermId[] {
    const roles = this.setup.game.roles.length;
    if (payload.length !== roles) {
      throw new MessageSyntaxError(`the joint move has ${payload.length} moves, the game has ${roles} roles`);
    }
    return payload.map((m) => internTerm(this.setup.game.store, m));
  }
}

/** FNV-1a of the match id mixed with the configured seed. */
function matchSeed(seed: number, id: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h | 0;
}
