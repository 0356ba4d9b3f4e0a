import { type Game, goalToJson, type Reasoner, Rng, sortCanonical, type TermId } from '@gdlkit/core';
import { createFilter, type FilterReasoner, type KnowledgeState } from '@gdlkit/filter';
import { HypergameSearch } from './hyperplay/hypergame-search.js';
import { HyperPlayer } from './hyperplay/hyperplay-player.js';
import { chooseMethod, type Gdl2Method } from './hyperplay/method-choice.js';
import { type ResourceSettings, resolveResources } from './hyperplay/resources.js';
import { EnumeratingTracker, type EnumeratingTrackerOptions } from './knowledge/enumerating-tracker.js';
import {
  InformationSetWalks,
  legalAfterRound,
  type RoundObservation,
} from './knowledge/successor-legality.js';
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

export interface SearchSettings extends PolicyOptions, UctOptions, ResourceSettings {
  /**
   * GDL-II move choice: `auto` (default) takes HyperPlay-II when its measured cost fits the clock, else
   * HyperPlay, else the sampled search.
   */
  readonly method?: Gdl2Method | 'auto';
  /** HyperPlay: bound the hypergames by the filter's knowledge (default true). */
  readonly filterBound?: boolean;
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
  /**
   * GDL-II: the filter's budget per update phase (default a twelfth of the play clock). A resumed match, which
   * replays every turn so far within one play clock, gives it a share of that.
   */
  readonly filterBudgetMs?: number;
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
  /** GDL-II: the move-choice method and its state, once chosen (at START, or at the first turn). */
  private gdl2: {
    readonly method: Gdl2Method;
    readonly hyper: HyperPlayer<unknown> | null;
    readonly tracker: EnumeratingTracker<unknown> | null;
  } | null = null;
  /** GDL-II: the filter's sound knowledge (B+, B0) of the current state (Thielscher 2013). */
  private knowledge: { filter: FilterReasoner; state: KnowledgeState } | null;
  private turn = 0;
  /** PLAYs begun; a PLAY still finishing when the next one began (its reply too late) must not restart the search. */
  private plays = 0;
  /**
   * GDL-II: turns were replayed into the filter only (a resumed match); no states are tracked but a few random
   * walks through the information set, cheap enough for the replay.
   */
  private untracked: InformationSetWalks<unknown> | null = null;
  private lastOwnMove: TermId | null = null;
  /** Draws the other roles' moves of the quick advance behind the early report (GDL-II). */
  private readonly rng: Rng;

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
    this.rng = new Rng((settings.seed ?? 1) ^ 0x2545f491);
    this.id = setup.id;
    this.playClockMs = setup.playClockMs;
    this.reasoner = setup.reasoner;
    this.policy = createPolicy(this.reasoner, settings);
    this.loop = new SearchLoop(settings.sliceMs ?? 20, (e) =>
      logger.log('error', 'search-failed', { match: this.id, error: String((e as Error)?.message ?? e) }),
    );
    if (setup.game.isGdl2) {
      // The filter decides which moves are known to be legal; the hypergames (or, for the sampled search, the
      // enumerating tracker on the prover) supply the states the search plays out from.
      this.uct = null;
      if (settings.method !== undefined && settings.method !== 'auto')
        this.gdl2 = this.gdl2With(settings.method);
      // The filter's budget applies to each phase of an update and to each query (about three per update).
      const filter = createFilter(setup.game, {
        role: setup.role,
        updateBudgetMs: setup.filterBudgetMs ?? setup.playClockMs / 12,
      });
      this.knowledge = { filter, state: filter.initialState() };
    } else {
      this.uct = new UctSearch(
        this.reasoner,
        this.reasoner.initialState(),
        setup.role,
        this.policy,
        settings,
      );
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
    if (!uct) {
      // GDL-II: the first PLAY's position is the initial state; the filter knows its legal moves already.
      this.reportKnownLegal(observer, null);
      if (!this.gdl2) this.chooseGdl2Method(until);
      return;
    }
    if (uct.root.terminal) return;
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
    const generation = ++this.plays;
    const began = performance.now();
    const search = this.uct
      ? this.advancePerfect(input)
      : await this.advanceImperfect(input, observer, began + (deadline - began) / 2);
    const advanceMs = performance.now() - began;
    this.turn++;
    if (search === null) return { text: 'nil', timing: this.timing(advanceMs, deadline) };
    const store = this.setup.game.store;
    const legal =
      search instanceof SampledSearch || search instanceof HypergameSearch
        ? search.moves
        : this.uct!.root.legal[this.setup.role]!;
    const report = () => this.report(observer, this.turn, search);
    report();
    if (this.settings.searchless || legal.length === 1) {
      // Nothing to choose, or no search wanted: answer at once (and keep thinking about the position).
      deadline = Math.min(deadline, performance.now());
    } else if (deadline <= performance.now()) {
      this.logger.log('warn', 'no-time-to-search', { match: this.id, turn: this.turn });
    }
    // HyperPlay's resources bound its searches; `iterations` is the simulation budget of the other searches.
    const searchStart = performance.now();
    const done = this.loop.start(
      search,
      deadline,
      search instanceof HypergameSearch ? Number.POSITIVE_INFINITY : this.settings.iterations,
    );
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
    // A later PLAY began while this one finished (the shell answered for it): that PLAY owns the match now.
    if (generation !== this.plays)
      return { text: store.toKif(move), timing: this.timing(advanceMs, deadline) };
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
      ...this.gdl2Fields(search, performance.now() - searchStart),
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
  async replay(input: TurnInput, sent: string): Promise<void> {
    // A match set up after its start clock may still be warming up when it takes in the turns it missed.
    this.loop.stop();
    if (this.uct) this.advancePerfect(input);
    else {
      this.untracked ??= new InformationSetWalks(this.reasoner, this.setup.role, WALKS, this.rng);
      await this.advanceImperfect(input, null);
    }
    this.turn++;
    this.sentInstead(sent);
  }

  /**
   * The move sent for the last turn was `sent`, not necessarily the one this match chose (the shell answered
   * for it, or a replacement replays): GDL-II's older PLAY form, which does not repeat the player's move, goes
   * on from it.
   */
  sentInstead(sent: string): void {
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

  /**
   * Reports a move the filter knows to be legal for the coming turn, before the slower state tracking and the
   * search run, so the shell has a legal answer even if this worker misses the clock (issue 25: Krieg-TicTacToe
   * at 1 s clocks was answered `nil`). Returns the filter's known legal moves. `round` is the round just
   * played (null on the first turn and when a turn brought no update).
   */
  private reportKnownLegal(observer: TurnObserver | null, round: RoundObservation | null): readonly TermId[] {
    const known = this.knownByFilter();
    if (!observer) return known;
    // When the filter knows none (its knowledge is not disjunctive: Krieg-TicTacToe's "blank or the opponent's"
    // cells), a move legal in the tracked states advanced by the round, else one legal in some of the filter's
    // models, is still a better answer than nil, which is never legal.
    const move = known[0] ?? this.legalInTrackedSuccessors(round) ?? this.possibleMove();
    if (move !== undefined) observer.position(this.turn + 1, this.setup.game.store.toKif(move));
    return known;
  }

  /**
   * One of the moves legal in one successor of each of a few tracked states (hypergames, or the enumerating
   * tracker's states) that explains `round` — in a resumed match, in its walks' states, already advanced — and
   * possible in the filter's knowledge; none when nothing is tracked or no successor was found
   * (knowledge/successor-legality.ts).
   */
  private legalInTrackedSuccessors(round: RoundObservation | null): TermId | undefined {
    if (this.untracked) return this.possibleAmong(this.untracked.legalMoves());
    const gdl2 = this.gdl2;
    if (!gdl2) return undefined;
    const found = gdl2.hyper
      ? legalAfterRound(this.reasoner, this.setup.role, gdl2.hyper.bag.knownStates(), round, this.rng)
      : legalAfterRound(this.setup.prover, this.setup.role, gdl2.tracker!.sampleStates(32), round, this.rng);
    return this.possibleAmong(found);
  }

  /** The first of `moves` the filter considers possibly legal (a sound over-approximation: the others are not). */
  private possibleAmong(moves: readonly TermId[] | null): TermId | undefined {
    const knowledge = this.knowledge;
    const possible = knowledge
      ? new Set(knowledge.filter.possibleLegalMoves(knowledge.state, this.setup.role))
      : null;
    return moves?.find((m) => possible === null || possible.has(m));
  }

  /** The state of a GDL-II method, new at the start of the match. */
  private gdl2With(method: Gdl2Method, resourceIndex?: number): NonNullable<Match['gdl2']> {
    const { game, role, prover } = this.setup;
    if (method === 'sampled') {
      return { method, hyper: null, tracker: new EnumeratingTracker(prover, role, this.settings.tracker) };
    }
    const hyper = new HyperPlayer(game, this.reasoner, role, this.policy, {
      resources: resolveResources(method, {
        ...this.settings,
        resources: resourceIndex ?? this.settings.resources,
      }),
      seed: this.settings.seed ?? 1,
      maxPlayoutDepth: this.settings.maxPlayoutDepth ?? 400,
      filterBound: this.settings.filterBound,
    });
    return { method, hyper, tracker: null };
  }

  /** The `auto` method, by the cost of the techniques measured on the initial state (hyperplay/method-choice.ts). */
  private chooseGdl2Method(until: number): void {
    const budgetMs = (this.setup.playClockMs - this.setup.marginMs) / 2;
    const cost = chooseMethod(
      this.setup.game,
      this.reasoner,
      this.setup.role,
      this.policy,
      this.settings,
      budgetMs,
      until,
    );
    this.gdl2 = this.gdl2With(cost.method, cost.resources);
    this.logger.log('info', 'gdl2-method', {
      match: this.id,
      ...cost,
      hyperplayIIMs: Math.round(cost.hyperplayIIMs),
      hyperplayMs: Math.round(cost.hyperplayMs),
    });
  }

  private async advanceImperfect(
    input: TurnInput,
    observer: TurnObserver | null,
    deadline = Number.POSITIVE_INFINITY,
  ): Promise<Search | null> {
    // A match resumed on a new worker had no START to measure on: the sampled search is the bounded choice.
    const gdl2 = (this.gdl2 ??= this.gdl2With('sampled'));
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
      this.updateKnowledge(update.move, update.percepts);
      this.untracked?.advance({ ownMove: update.move, percepts: update.percepts });
      // Paper 03, section 4: the policy's statistics decay after every real move, here as in the tree.
      this.policy.decay();
    }
    // The report goes out on this process's IPC channel before the tracker's update blocks the event loop.
    const known = this.reportKnownLegal(
      observer,
      update && { ownMove: update.move, percepts: update.percepts },
    );
    if (observer) await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.untracked) return this.filterOnlySearch(known, this.untracked);
    if (gdl2.hyper) return this.hyperSearch(gdl2.hyper, gdl2.method, update, known, deadline);
    const tracker = gdl2.tracker!;
    if (update) tracker.update(update.move, update.percepts, deadline);
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
    if (moves.length === 0) return this.lostTrack(fields);
    // The tracker's states are the prover's; the search runs on the chosen (faster) reasoner.
    const { prover } = this.setup;
    const states = tracker
      .sampleStates(this.settings.sampleStates ?? 64)
      .map((s) => (prover === this.reasoner ? s : this.reasoner.stateFromFacts(prover.stateToFacts(s))));
    return new SampledSearch(this.reasoner, this.setup.role, this.policy, moves, states, this.settings);
  }

  /** GDL-II fields of the move log: the method, and HyperPlay's move values, hypergames and work. */
  private gdl2Fields(search: Search, searchMs: number): Record<string, unknown> {
    const gdl2 = this.gdl2;
    if (!gdl2) return {};
    if (!(search instanceof HypergameSearch) || !gdl2.hyper) return { method: gdl2.method };
    const store = this.setup.game.store;
    const bag = gdl2.hyper.bag;
    return {
      method: gdl2.method,
      values: Object.fromEntries(search.values().map((v) => [store.toKif(v.move), round2(v.value)])),
      hypergames: bag.size,
      bag: { ...bag.stats },
      playouts: gdl2.hyper.playouts,
      simulationsPerSecond: Math.round((search.iterations * 1000) / Math.max(1, searchMs)),
    };
  }

  /**
   * HyperPlay's turn: the hypergames take in the round (bounded by the filter's knowledge, until `deadline`),
   * then the technique's search among the moves the filter knows to be legal, or else those legal in every
   * hypergame.
   */
  private hyperSearch(
    hyper: HyperPlayer<unknown>,
    method: Gdl2Method,
    update: { move: TermId; percepts: TermId[] } | null,
    known: readonly TermId[],
    deadline: number,
  ): Search | null {
    if (update) hyper.update(update.move, update.percepts, this.knowledge?.state ?? null, deadline);
    const bag = hyper.bag;
    let moves = known.length > 0 ? known : bag.commonLegalMoves();
    const fields = { match: this.id, turn: this.turn, method, hypergames: bag.size };
    if (moves.length === 0 && bag.size > 0) {
      moves = bag.likelyLegalMoves();
      this.logger.log('warn', 'no-known-legal-move', {
        ...fields,
        playing: 'a move legal in the most hypergames',
      });
    }
    if (known.length > 0) {
      const store = this.setup.game.store;
      this.logger.log('info', 'filter-knowledge', { ...fields, known: known.map((m) => store.toKif(m)) });
    }
    if (bag.size === 0 && moves.length > 0) {
      // No history explained the percepts in time: play a move the filter knows (the bag is drawn again next turn).
      this.logger.log('warn', 'hypergames-lost', { ...fields, playing: 'a known legal move' });
      return new SampledSearch(this.reasoner, this.setup.role, this.policy, moves, []);
    }
    if (moves.length === 0) return this.lostTrack(fields);
    return hyper.search(method === 'sampled' ? 'hyperplay' : method, moves);
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
  /**
   * No tracked state or hypergame (cut by the turn's deadline, or none explains the percepts) and the filter
   * knows no legal move: a move legal in some model of the filter's knowledge, which nil never is.
   */
  private lostTrack(fields: Record<string, unknown>): Search | null {
    const move = this.possibleMove();
    this.logger.log('error', 'lost-track', {
      ...fields,
      playing: move === undefined ? 'nil' : 'a possibly legal move',
    });
    return move === undefined
      ? null
      : new SampledSearch(this.reasoner, this.setup.role, this.policy, [move], []);
  }

  /** One of the moves legal in some model of the filter's knowledge, or none. */
  private possibleMove(): TermId | undefined {
    const knowledge = this.knowledge;
    const possible = knowledge ? knowledge.filter.possibleLegalMoves(knowledge.state, this.setup.role) : [];
    // Varies with the turn, so a move the manager rejected is not sent again every turn.
    return possible[(((this.turn * 7919) ^ (this.settings.seed ?? 0)) >>> 0) % Math.max(1, possible.length)];
  }

  /**
   * A resumed GDL-II match replayed its turns into the filter only (re-tracking the states of every past turn
   * would not fit in a play clock): it answers at once with a move the filter knows to be legal, else one
   * legal in the states of its random walks through the information set and possible in the filter, else one
   * legal in some of the filter's models.
   */
  private filterOnlySearch(known: readonly TermId[], walks: InformationSetWalks<unknown>): Search | null {
    const walked = known.length > 0 ? undefined : this.possibleAmong(walks.legalMoves());
    const fallback = walked ?? this.possibleMove();
    const moves = known.length > 0 ? known : fallback !== undefined ? [fallback] : [];
    this.logger.log('info', 'filter-only', {
      match: this.id,
      turn: this.turn,
      known: known.length > 0,
      walked: walked !== undefined,
    });
    return moves.length > 0
      ? new SampledSearch(this.reasoner, this.setup.role, this.policy, moves, [])
      : null;
  }

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

/** Random walks a resumed GDL-II match keeps through the information set. */
const WALKS = 8;

/** FNV-1a of the match id mixed with the configured seed. */
function matchSeed(seed: number, id: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h | 0;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
