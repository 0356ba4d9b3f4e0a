// One game being stepped through or played: the states visited, the match record (DESIGN.md section 4), undo and
// redo, the human's GDL-II knowledge, and the computer's moves from the player's UCT search (HyperPlay in
// GDL-II). Runs in the session worker; nothing here touches the DOM, so it is tested under Node as well.
import {
  describeState,
  type Game,
  GdlkitError,
  goalToJson,
  type Reasoner,
  Rng,
  readTrace,
  sortCanonical,
  type TermId,
  type TraceStep,
  withMove,
  writeTrace,
} from '@gdlkit/core';
import { createFilter, type FilterReasoner, type KnowledgeState } from '@gdlkit/filter';
import { HyperPlayer } from '../../player/src/hyperplay/hyperplay-player.js';
import { resolveResources } from '../../player/src/hyperplay/resources.js';
import { EnumeratingTracker } from '../../player/src/knowledge/enumerating-tracker.js';
import { createPolicy } from '../../player/src/search/policy-factory.js';
import { SampledSearch } from '../../player/src/search/sampled-search.js';
import { UctSearch } from '../../player/src/search/uct.js';
import type { KnowledgeView, MoveValue, StateView, ThinkResult } from './protocol.js';

/** Playouts in a hypergame end here, as the player's NST playouts are cut. */
const MAX_PLAYOUT_DEPTH = 400;

/** The human's view of a GDL-II game: Thielscher's filter for one role, fed that role's move and percepts. */
interface Knowledge {
  readonly role: number;
  readonly filter: FilterReasoner;
  readonly states: KnowledgeState[];
  readonly percepts: string[][];
  approximated: boolean;
}

export class Session {
  private readonly states: unknown[];
  /** Trace lines of the visited states; every line but the last carries its joint move. */
  private readonly lines: TraceStep[];
  private readonly moves: TermId[][] = [];
  /** Joint moves undone or loaded from a record, next first. */
  private ahead: TermId[][] = [];
  private knowledge: Knowledge | null = null;
  /** GDL-II: what each computer role knows from its own moves and percepts (the player's tracker). */
  private trackers = new Map<number, EnumeratingTracker<unknown>>();
  /** GDL-II: each computer role's HyperPlay bag of hypergames and the rounds it has taken in. */
  private hyperPlayers = new Map<number, { player: HyperPlayer<unknown>; rounds: number }>();
  private readonly rng = new Rng(1);

  constructor(
    readonly game: Game,
    readonly reasoner: Reasoner<unknown>,
  ) {
    const initial = reasoner.initialState();
    this.states = [initial];
    this.lines = [describeState(reasoner, initial, 0).line];
  }

  private get current(): unknown {
    return this.states.at(-1);
  }

  private get store() {
    return this.game.store;
  }

  /** Sets the human's roles; in a GDL-II game the first one's knowledge is tracked from the initial state. */
  setHumans(roles: readonly number[]): void {
    this.knowledge = null;
    if (!this.game.isGdl2 || roles.length === 0) return;
    const role = roles[0]!;
    const filter = createFilter(this.game, { role });
    const knowledge: Knowledge = {
      role,
      filter,
      states: [filter.initialState()],
      percepts: [],
      approximated: false,
    };
    this.knowledge = knowledge;
    for (let i = 0; i < this.moves.length; i++)
      this.updateKnowledge(knowledge, this.states[i], this.moves[i]!);
  }

  /** Whether the human must not see the true state: GDL-II, a human playing, and the match not over. */
  private get hidden(): boolean {
    return this.knowledge !== null && !this.reasoner.isTerminal(this.current);
  }

  view(): StateView {
    const { reasoner, store } = this;
    const state = this.current;
    const last = this.lines.at(-1)!;
    const hidden = this.hidden;
    const roles = reasoner.roles.map((r) => store.toKif(r));
    const knowledge = this.knowledge;
    return {
      step: this.moves.length,
      roles,
      backend: reasoner.backend,
      gdl2: this.game.isGdl2,
      fluents: hidden ? null : last.state,
      legal: roles.map((name, r) => {
        if (last.terminal) return [];
        if (!hidden) return last.legal![name]!;
        if (r !== knowledge!.role) return null;
        const known = knowledge!.filter.legalMoves(knowledge!.states.at(-1)!, r);
        return sortCanonical(store, known).map((m) => store.toKif(m));
      }),
      goals: hidden ? null : roles.map((_, r) => goalToJson(reasoner.goal(state, r))),
      terminal: last.terminal,
      knowledge: knowledge && this.knowledgeView(knowledge),
      recordedAhead: this.ahead.length,
      history: this.moves.map((joint) => joint.map((m) => store.toKif(m))),
    };
  }

  private knowledgeView(k: Knowledge): KnowledgeView {
    const { store } = this;
    const state = k.states.at(-1)!;
    const text = (terms: readonly TermId[]) => sortCanonical(store, terms).map((t) => store.toKif(t));
    return {
      role: store.toKif(this.reasoner.roles[k.role]!),
      percepts: k.percepts,
      known: text(k.filter.updater.fluents.known(state)),
      possible: text(k.filter.updater.fluents.possible(state)),
      approximated: k.approximated,
    };
  }

  /**
   * Plays one joint move: a move text per role, or null for a uniformly random legal move (always so for
   * GDL-II's `random` role). Throws GdlkitError on a move that does not parse or is not legal.
   */
  step(choices: readonly (string | null)[]): void {
    const state = this.current;
    if (this.reasoner.isTerminal(state)) throw new GdlkitError('ILLEGAL_MOVE', 'the match is over');
    const joint = this.reasoner.roles.map((_, r) => {
      const legal = this.reasoner.legalMoves(state, r);
      const text = r === this.game.randomRole ? null : (choices[r] ?? null);
      if (text === null) return legal[this.rng.nextInt(legal.length)]!;
      const move = this.game.parseTerm(text);
      if (!legal.includes(move)) {
        throw new GdlkitError('ILLEGAL_MOVE', `${text} is not legal for ${this.game.roleName(r)} now`);
      }
      return move;
    });
    this.ahead = [];
    this.apply(joint);
  }

  private apply(joint: TermId[]): void {
    const { reasoner } = this;
    const state = this.current;
    const next = reasoner.nextState(state, joint);
    this.lines[this.lines.length - 1] = withMove(reasoner, this.lines.at(-1)!, state, joint);
    this.lines.push(describeState(reasoner, next, this.lines.length).line);
    this.states.push(next);
    this.moves.push(joint);
    if (this.knowledge) this.updateKnowledge(this.knowledge, state, joint);
    for (const [role, tracker] of this.trackers)
      tracker.update(joint[role]!, this.reasoner.sees(state, joint, role));
  }

  private updateKnowledge(k: Knowledge, state: unknown, joint: readonly TermId[]): void {
    const percepts = this.reasoner.sees(state, joint, k.role);
    const result = k.filter.updater.update(k.states.at(-1)!, joint[k.role]!, percepts);
    k.states.push(result.state);
    k.percepts.push(sortCanonical(this.store, percepts).map((p) => this.store.toKif(p)));
    k.approximated ||= result.fellBack;
  }

  undo(): void {
    if (this.moves.length === 0) return;
    this.ahead.unshift(this.moves.pop()!);
    this.states.pop();
    this.lines.pop();
    // Trackers and hypergame bags cannot step back; they are rebuilt from the history when next needed.
    this.trackers.clear();
    this.hyperPlayers.clear();
    const { state, legal, terminal, goals } = this.lines.at(-1)!;
    this.lines[this.lines.length - 1] = { step: this.lines.length - 1, state, legal, terminal, goals };
    if (this.knowledge) {
      this.knowledge.states.pop();
      this.knowledge.percepts.pop();
    }
  }

  /** Plays the next undone or recorded joint move. */
  redo(): void {
    const next = this.ahead.shift();
    if (next) this.apply(next);
  }

  reset(): void {
    const ahead = [...this.moves, ...this.ahead];
    while (this.moves.length > 0) this.undo();
    this.ahead = ahead;
  }

  /** The match so far as a match record (one block, DESIGN.md section 4). */
  record(): string {
    const header = {
      header: true as const,
      game: this.game.file,
      backend: this.reasoner.backend,
      seed: 0,
      roles: this.reasoner.roles.map((r) => this.store.toKif(r)),
    };
    return writeTrace([{ header, steps: this.lines }]);
  }

  /** Loads a match record's moves to be replayed with redo, from the initial state. */
  replay(text: string, file: string): void {
    const [block] = readTrace(text, file);
    if (!block) throw new GdlkitError('BAD_RECORD', `${file}: the record holds no match`);
    const names = this.reasoner.roles.map((r) => this.store.toKif(r));
    const joints = block.steps
      .filter((s) => s.moves !== undefined)
      .map((s) =>
        names.map((name) => {
          const move = s.moves![name];
          if (move === undefined) {
            throw new GdlkitError('BAD_RECORD', `${file}: step ${s.step} has no move for role ${name}`);
          }
          return this.game.parseTerm(move);
        }),
      );
    while (this.moves.length > 0) this.undo();
    this.ahead = joints;
  }

  /**
   * The computer's moves for `roles`, searched for `ms` milliseconds in all. In a GDL game: the player's decoupled
   * UCT with NST playouts (apps/player, paper 03) from the current state, with the move values of its root. In
   * a GDL-II game each role searches only what it knows: the player's sampled search over states consistent
   * with its own moves and percepts, among its known-legal moves (no per-move values: that search keeps them
   * private).
   */
  think(roles: readonly number[], ms: number, seed: number): ThinkResult {
    return this.game.isGdl2 ? this.thinkHidden(roles, ms, seed) : this.thinkOpen(roles, ms, seed);
  }

  private thinkOpen(roles: readonly number[], ms: number, seed: number): ThinkResult {
    const { reasoner, store } = this;
    const search = new UctSearch(reasoner, this.current, roles[0] ?? 0, createPolicy(reasoner), {
      seed,
    });
    const started = performance.now();
    const deadline = started + ms;
    while (performance.now() < deadline && search.iterate(deadline));
    const seconds = (performance.now() - started) / 1000;
    const root = search.root;
    const values = roles.map((r): MoveValue[] =>
      (root.legal[r] ?? [])
        .map((m, i) => {
          const visits = root.moveVisits[r]![i]!;
          const scored = root.moveScored[r]![i]!;
          return { move: store.toKif(m), visits, mean: scored === 0 ? 0 : root.moveSums[r]![i]! / scored };
        })
        .sort((a, b) => b.visits - a.visits),
    );
    return {
      moves: roles.map((r) => store.toKif(root.bestMove(r))),
      simulations: search.iterations,
      simulationsPerSecond: search.iterations / seconds,
      values,
    };
  }

  /**
   * GDL-II: each computer role plays HyperPlay (giga13-05, Definition 3; apps/player/src/hyperplay) over a bag of
   * hypergames drawn consistent with its own moves and percepts, among the moves legal in all of them, and
   * reports each move's weighted expected value; when its bag is empty or no move is legal in every hypergame,
   * the sampled search over the tracker's states chooses instead (without values).
   */
  private thinkHidden(roles: readonly number[], ms: number, seed: number): ThinkResult {
    const { reasoner, store } = this;
    const started = performance.now();
    let simulations = 0;
    const values: MoveValue[][] = [];
    const moves = roles.map((role, i) => {
      const deadline = started + (ms * (i + 1)) / roles.length;
      const player = this.hyperPlayer(role, seed, deadline);
      const common = player.bag.size > 0 ? player.bag.commonLegalMoves() : [];
      if (common.length > 0) {
        const search = player.search('hyperplay', common);
        const before = player.playouts;
        // A short playout never reaches the deadline check inside it: the clock is checked here.
        while (performance.now() < deadline && search.iterate(deadline));
        simulations += player.playouts - before;
        values.push(
          search
            .values()
            .map((v) => ({ move: store.toKif(v.move), visits: v.simulations, mean: v.value }))
            .sort((a, b) => b.mean - a.mean),
        );
        return store.toKif(search.bestMove());
      }
      const tracker = this.tracker(role);
      let legal = tracker.knownLegalMoves();
      if (legal.length === 0) legal = tracker.likelyLegalMoves();
      const policy = createPolicy(reasoner);
      const search = new SampledSearch(reasoner, role, policy, legal, tracker.sampleStates(64), { seed });
      while (performance.now() < deadline && search.iterate(deadline));
      simulations += search.iterations;
      values.push([]);
      return store.toKif(search.bestMove());
    });
    const seconds = (performance.now() - started) / 1000;
    return { moves, simulations, simulationsPerSecond: simulations / seconds, values };
  }

  /** The role's HyperPlayer, brought up to the current round (a new one after an undo). */
  private hyperPlayer(role: number, seed: number, deadline: number): HyperPlayer<unknown> {
    let entry = this.hyperPlayers.get(role);
    if (!entry) {
      // The player's HyperPlay bag (16 hypergames); the move time bounds the playouts, not a count per move.
      const resources = resolveResources('hyperplay', { hyperSimulations: 1_000_000 });
      const player = new HyperPlayer(this.game, this.reasoner, role, createPolicy(this.reasoner), {
        resources,
        seed,
        maxPlayoutDepth: MAX_PLAYOUT_DEPTH,
      });
      entry = { player, rounds: 0 };
      this.hyperPlayers.set(role, entry);
    }
    for (; entry.rounds < this.moves.length; entry.rounds++) {
      const joint = this.moves[entry.rounds]!;
      const percepts = this.reasoner.sees(this.states[entry.rounds], joint, role);
      entry.player.update(joint[role]!, percepts, null, deadline);
    }
    return entry.player;
  }

  private tracker(role: number): EnumeratingTracker<unknown> {
    let tracker = this.trackers.get(role);
    if (!tracker) {
      tracker = new EnumeratingTracker(this.reasoner, role);
      for (let i = 0; i < this.moves.length; i++) {
        const joint = this.moves[i]!;
        tracker.update(joint[role]!, this.reasoner.sees(this.states[i], joint, role));
      }
      this.trackers.set(role, tracker);
    }
    return tracker;
  }
}
