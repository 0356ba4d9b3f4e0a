import type { Logger } from './log.js';
import { type Envelope, peekEnvelope } from './protocol/envelope.js';
import { type Message, parseMessage } from './protocol/messages.js';
import { errorReply } from './protocol/sexpr.js';
import type { Progress, WorkerHandle, WorkerResult } from './worker/worker-handle.js';
import type { PlayedTurn, RecoveryLevel, TurnMessage } from './worker/worker-protocol.js';

/** Messages above this size are not read on the event loop: only their envelope is (START and PREVIEW). */
const LARGE_MESSAGE = 64 * 1024;

/** A move that leaves this much after its deadline (`moveDeadline`) is logged as late (one search slice of tolerance). */
const LATE_TOLERANCE_MS = 20;

/** How often the watchdog looks at the match's worker, and the least silence it takes for being stuck. */
const WATCHDOG_MS = 250;
const MIN_SILENCE_MS = 1000;
/** The shell not running for this much longer than a watchdog period is a stall of its own (logged). */
const SHELL_STALL_MS = 1000;

/** A replacement has this many play clocks (at least MIN_RESUME_MS) to replay the match before it counts as failed. */
const RESUME_CLOCKS = 5;
const MIN_RESUME_MS = 5000;

/**
 * The earliest a worker that has not taken a PLAY in is replaced within the turn: on loaded cores a live worker
 * can wait this long to be scheduled (a 0.3 s clock's quarter, 56 ms, replaced live workers at load 12 and the
 * shell answered nil). A turn too short for it leaves the worker the whole time.
 */
const MIN_HEDGE_MS = 250;

/** Spare workers kept loaded. */
const SPARES = 2;

/** A STOP or ABORT lets the worker log the result for this long before it is terminated. */
const STOP_GRACE_MS = 1000;

export interface PlayerSettings {
  /** The name INFO reports. */
  readonly name: string;
  /** The reply leaves this long before the clock expires (milliseconds, at least 500 by default). */
  readonly marginMs: number;
  /** A fresh match worker, loading the backends. */
  readonly spawnWorker: () => WorkerHandle;
}

/** The match in progress, seen from the shell: its worker, and what a replacement needs to take over. */
interface HostedMatch {
  readonly id: string;
  readonly startText: string;
  readonly playClockMs: number;
  /** The worker playing it; null while a replacement is being set up or after one failed. */
  worker: WorkerHandle | null;
  /** The replacement being set up, if any. */
  replacing: { worker: WorkerHandle; ready: Promise<boolean> } | null;
  /** Failed workers so far: the first failure moves the match to the prover, the next to legal-only answers. */
  failures: number;
  /** Why the rules were refused, when a set-up that outlasted the start clock ended in an error reply. */
  refused: string | null;
  /** A PLAY is being answered (the watchdog leaves the worker to the PLAY's own time limits). */
  playing: boolean;
  /** The move the shell sent for the last turn in the place of a slow worker it kept, to tell that worker. */
  answeredFor: string | null;
  readonly turns: PlayedTurn[];
}

const epoch = (now: number) => performance.timeOrigin + now;

/**
 * The protocol shell: one match at a time, played by a worker process. The shell never reasons: it reads
 * messages (huge ones only by their envelope), forwards them, and answers every message itself when the
 * worker does not answer in time, so INFO, ABORT and STOP are answered at once and every PLAY before its
 * clock. A worker that misses its time or dies is terminated and replaced, the match going on with the
 * prover, then with legal moves only.
 */
export class Player {
  private match: HostedMatch | null = null;
  /** The id of a match whose START is being set up; the player is busy meanwhile. */
  private starting: string | null = null;
  /** Workers importing or holding the backends, ready for the next match or replacement. */
  private spares: WorkerHandle[] = [];
  private readonly live = new Set<WorkerHandle>();
  private closed = false;
  private watchdog: NodeJS.Timeout | null = null;
  /** performance.now() when the shell last saw itself running (a watchdog tick, a PLAY's decision). */
  private runningAt = performance.now();
  /** The last time the shell itself did not run (performance.now() interval), if any. */
  private stall: { readonly from: number; readonly to: number } | null = null;

  constructor(
    private readonly settings: PlayerSettings,
    private readonly logger: Logger,
  ) {}

  get busy(): boolean {
    return this.match !== null || this.starting !== null;
  }

  /** Starts the spare workers and the watchdog; resolves to the backends the first worker loaded (or why not). */
  async prepare(): Promise<WorkerResult> {
    this.refill();
    this.runningAt = performance.now();
    this.watchdog ??= setInterval(() => this.watch(), WATCHDOG_MS).unref();
    return this.spares[0]!.loaded;
  }

  /** Answers one message; `receivedAt` is performance.now() when the request arrived (clocks start then). */
  async handle(text: string, receivedAt: number): Promise<string> {
    let message: Message | Envelope;
    try {
      message = text.length > LARGE_MESSAGE ? peekEnvelope(text) : parseMessage(text);
    } catch (e) {
      const reason = (e as Error).message;
      this.logger.log('warn', 'malformed-message', { reason, message: text.slice(0, 200) });
      return errorReply(`malformed message: ${reason}`);
    }
    switch (message.kind) {
      case 'info':
        return `((name ${this.settings.name}) (status ${this.status()}))`;
      case 'ping':
        return this.status();
      case 'preview':
        return this.preview(text, receivedAt + message.clock * 1000);
      case 'start':
        return this.start(text, message, receivedAt);
      case 'play':
      case 'stop':
      case 'abort': {
        const match = this.match;
        if (!match || match.id !== message.matchId) {
          this.logger.log('warn', 'unknown-match', {
            kind: message.kind,
            match: message.matchId,
            current: match?.id ?? this.starting,
          });
          const id = match?.id ?? this.starting;
          const current = id !== null ? `the current match is ${id}` : 'no match is in progress';
          return errorReply(`unknown match ${message.matchId}: ${current}`);
        }
        if (message.kind === 'play') return this.play(match, message, receivedAt);
        this.end(match, message.kind === 'stop' ? message : null);
        return message.kind === 'stop' ? 'done' : 'aborted';
      }
    }
  }

  /** Ends the current match and every worker (on shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.match = null;
    this.spares = [];
    await Promise.all([...this.live].map((w) => w.terminate('the player closed')));
  }

  /**
   * Between turns a worker ponders; one stuck in a reasoner call sends no heartbeat and could not take in
   * the next PLAY, so after a play clock of silence it is replaced before that PLAY comes.
   */
  private watch(): void {
    this.noticeStall();
    const match = this.match;
    const worker = match?.worker;
    if (!match || !worker || match.playing) return;
    const silent = this.silence(worker);
    if (silent > Math.max(match.playClockMs, MIN_SILENCE_MS)) {
      this.replace(match, `the worker sent no heartbeat for ${Math.round(silent)} ms between turns`);
    }
  }

  /**
   * Nothing on the shell blocks for long and its watchdog runs every WATCHDOG_MS, so a longer gap since it last
   * ran means the process was not scheduled: the machine stalled (issue 20: a PLAY, its worker and the game
   * manager all held up for minutes). Logged, so that a move missed then is told from one the shell or its
   * worker missed on its own; and the worker is not blamed for the silence (see `silence`).
   */
  private noticeStall(): void {
    const now = performance.now();
    const previous = this.runningAt;
    this.runningAt = now;
    const stalledMs = now - previous - WATCHDOG_MS;
    if (stalledMs < SHELL_STALL_MS) return;
    this.stall = { from: previous, to: now };
    this.logger.log('warn', 'shell-stalled', {
      match: this.match?.id ?? this.starting ?? undefined,
      stalledMs: Math.round(stalledMs),
      lastRan: new Date(epoch(previous)).toISOString(),
      why: 'the shell did not run meanwhile: a machine stall (or a blocking call on the shell)',
    });
  }

  /** How long the shell itself was held up since `since` (performance.now() ms). */
  private heldUpSince(since: number): number {
    this.noticeStall();
    const stall = this.stall;
    return stall === null ? 0 : Math.max(0, stall.to - Math.max(stall.from, since));
  }

  /**
   * How long a worker has been silent, less the time the shell itself was not running: its messages of that
   * time could not be read, and in a stall of the whole machine it did not run either (issue 20).
   */
  private silence(worker: WorkerHandle): number {
    const silent = worker.silentMs;
    return silent - this.heldUpSince(performance.now() - silent);
  }

  private status(): string {
    return this.busy ? 'busy' : 'available';
  }

  /** How long before a clock the shell answers for a worker that has not: half the margin, less for short clocks. */
  private guard(receivedAt: number, clockMs: number): number {
    return receivedAt + clockMs - Math.min(this.settings.marginMs / 2, clockMs / 4);
  }

  /**
   * When the worker's move is due: the whole margin before the clock, but never more than half the clock, so a
   * clock shorter than the margin still leaves the worker time, and the move is due before the guard.
   */
  private moveDeadline(receivedAt: number, clockMs: number): number {
    return receivedAt + clockMs - Math.min(this.settings.marginMs, clockMs / 2);
  }

  private async preview(text: string, clockEnd: number): Promise<string> {
    const worker = this.takeSpare();
    const result = await worker.request({ type: 'preview', text }, clockEnd - this.settings.marginMs / 2);
    void worker.terminate();
    if (result.ok) return result.text;
    this.logger.log('warn', 'preview-failed', { reason: result.reason });
    return errorReply(`the rules could not be checked in time: ${result.reason}`);
  }

  private async start(
    text: string,
    message: { matchId: string; startClock: number; playClock: number },
    receivedAt: number,
  ): Promise<string> {
    if (this.busy) {
      this.logger.log('warn', 'start-while-busy', {
        match: message.matchId,
        current: this.match?.id ?? this.starting,
      });
      return 'busy';
    }
    this.starting = message.matchId;
    try {
      // A START may be megabytes: the shell keeps the whole margin for its transfer and answers by then; the
      // worker's deadline is half a margin earlier, so that it answers before the shell gives up on it.
      const clockMs = message.startClock * 1000;
      const until = receivedAt + clockMs - Math.min(this.settings.marginMs, clockMs / 4);
      const deadline = until - Math.min(this.settings.marginMs / 2, clockMs / 4);
      const worker = this.takeSpare();
      // The set-up itself has no time limit: one not done by `until` goes on after the reply (`startLate`).
      const setUp = worker.request(
        { type: 'start', text, deadline: epoch(deadline) },
        Number.POSITIVE_INFINITY,
      );
      const result = await within(setUp, until);
      if (result === null) return this.startLate(message, text, worker, setUp, receivedAt);
      if (!result.ok) {
        void worker.terminate();
        this.logger.log('warn', 'start-failed', {
          match: message.matchId,
          reason: result.reason,
          consequence: 'error reply; the worker is terminated and the player stays available',
        });
        return errorReply(`the match could not be set up within the start clock: ${result.reason}`);
      }
      if (result.text !== 'ready') {
        void worker.terminate();
        return result.text;
      }
      this.match = hostedMatch(message, text, worker);
      return 'ready';
    } finally {
      this.starting = null;
    }
  }

  /**
   * A START whose worker is still setting up at the reply's time (a large game, a loaded or stalled machine):
   * the match is kept and answered `ready`, so that the manager goes on (docs/decisions.md), and the worker
   * sets up on as a replacement replays: PLAYs before it is ready are answered `nil`, and it takes them in
   * before it plays. It is not cut off at any time: a replacement would repeat the same set-up from the start
   * (with the start clock gone, both read the rules onto the prover); only its death ends it.
   */
  private startLate(
    message: { matchId: string; startClock: number; playClock: number },
    text: string,
    worker: WorkerHandle,
    setUp: Promise<WorkerResult>,
    receivedAt: number,
  ): string {
    const match = hostedMatch(message, text, null);
    this.match = match;
    this.logger.log('warn', 'start-late', {
      match: match.id,
      startClock: message.startClock,
      consequence: 'ready; the worker sets the match up on, and PLAYs are answered nil until it is ready',
    });
    this.takeOver(match, worker, setUp, Number.POSITIVE_INFINITY, (result) => {
      if (this.match !== match) return;
      if (result === null) {
        this.logger.log('info', 'start-ready-late', {
          match: match.id,
          setupMs: Math.round(performance.now() - receivedAt),
          turnsMissed: match.turns.length,
        });
        return;
      }
      // An error reply refuses the rules, as it would have within the clock; anything else failed the worker.
      if (result.ok) match.refused = result.text;
      this.logger.log('warn', 'start-failed', {
        match: match.id,
        reason: result.ok ? result.text : result.reason,
        consequence: result.ok
          ? 'the rules were refused after the start clock: every PLAY of the match is answered nil'
          : 'a replacement sets the match up at the next PLAY',
      });
    });
    return 'ready';
  }

  /**
   * Answers a PLAY through the match's worker. A worker whose event loop has not even received the PLAY
   * within a quarter of the time left when it was asked, and at least MIN_HEDGE_MS (it is stuck in a reasoner
   * call, or died), is replaced at once and the replacement asked; one that took it in but does not answer by
   * the guard is answered for with the move it preferred, then replaced.
   */
  private async play(match: HostedMatch, message: TurnMessage, receivedAt: number): Promise<string> {
    const deadline = this.moveDeadline(receivedAt, match.playClockMs);
    const until = this.guard(receivedAt, match.playClockMs);
    const turn = match.turns.length + 1;
    match.playing = true;
    let result: WorkerResult = {
      ok: false,
      reason: match.refused ?? 'no worker could take over the match in time',
    };
    let progress: Progress | null = null;
    let asked: WorkerHandle | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const worker = await this.workerFor(match, until);
      if (!worker) break;
      const sent = performance.now();
      const answeredFor = worker === match.worker ? (match.answeredFor ?? undefined) : undefined;
      match.answeredFor = null;
      // A worker kept last turn because it was slow gets the whole time to take this turn in: replacing it now
      // would leave nothing ready to answer (a replacement needs longer than the rest of the turn).
      const hedgeAt =
        attempt === 0 && answeredFor === undefined
          ? Math.min(until, sent + Math.max((until - sent) / 4, MIN_HEDGE_MS))
          : until;
      const reply = worker.request({ type: 'play', message, deadline: epoch(deadline), answeredFor }, until);
      const takenIn = await Promise.race([reply.then(() => true), worker.takenIn(turn, hedgeAt)]);
      if (takenIn) {
        result = await reply;
        progress = worker.progress;
        asked = worker;
        if (result.ok || progress?.turn === turn) break;
      } else {
        result = {
          ok: false,
          reason: `the worker did not receive turn ${turn} within ${Math.round(hedgeAt - sent)} ms`,
        };
      }
      if (this.match === match) this.replace(match, result.reason);
    }
    let cause: string;
    let text: string;
    if (result.ok) {
      text = result.text;
      const t = result.timing;
      cause = t
        ? `advance ${Math.round(t.advanceMs)} ms, reply timer ${Math.round(t.overrunMs)} ms late in the worker, ${Math.round(epoch(performance.now()) - t.sentAt)} ms from worker to shell, worker heap ${Math.round(t.heapBytes / 2 ** 20)} MB`
        : 'worker reply';
    } else {
      text = this.fallback(match, progress, turn, result.reason);
      cause = `the worker did not answer: ${result.reason}`;
    }
    match.playing = false;
    if (this.match === match) {
      // A replacement replays the moves sent; an error reply sent no move.
      match.turns.push({ message, sent: text.startsWith('(error ') ? 'nil' : text });
      if (!result.ok && asked !== null && this.slowNotStuck(match, asked, progress, turn)) {
        // Replacing it would cost a process start and a replay of the match on the same loaded cores, and a
        // replacement not ready by the next turn leaves the shell with nothing but nil (issue 21's Krieg row).
        match.answeredFor = text;
        this.logger.log('warn', 'worker-kept', {
          match: match.id,
          turn,
          reason: result.reason,
          silentMs: Math.round(this.silence(asked)),
          why: 'it took the turn in and is still reporting: slow, not stuck; told the move sent in its place',
        });
      } else if (!result.ok && !(asked === null && match.replacing)) {
        // (No worker was asked because the replacement is still replaying: it is left to finish.)
        this.replace(match, result.reason);
      }
    }
    const late = performance.now() - deadline;
    if (late > LATE_TOLERANCE_MS) {
      this.logger.log('warn', 'late-move', { match: match.id, turn, lateMs: Math.round(late), cause });
    }
    return text;
  }

  /**
   * A worker whose reply missed the guard but which took the turn in, reported a move for it and has been
   * heard from within the last half play clock (the shell's own stalls not counted) is slow (a loaded
   * machine), not stuck in a reasoner call.
   */
  private slowNotStuck(
    match: HostedMatch,
    worker: WorkerHandle,
    progress: Progress | null,
    turn: number,
  ): boolean {
    return (
      worker === match.worker &&
      worker.alive &&
      progress?.turn === turn &&
      this.silence(worker) < match.playClockMs / 2
    );
  }

  /** The shell's own answer when the worker gave none: the move it preferred, else nothing known. */
  private fallback(match: HostedMatch, progress: Progress | null, turn: number, reason: string): string {
    const known = progress !== null && progress.turn === turn;
    this.logger.log('warn', known ? 'fallback-move' : 'no-move-known', {
      match: match.id,
      turn,
      reason,
      move: known ? progress.best : 'nil',
      why: known
        ? "the search's preferred move so far, a legal move the worker reported"
        : 'the worker reported no move for this turn',
    });
    return known ? progress.best : 'nil';
  }

  /** The worker to send a PLAY to: the match's, or its replacement if it is ready by `until`. */
  private async workerFor(match: HostedMatch, until: number): Promise<WorkerHandle | null> {
    if (match.worker || this.closed || match.refused !== null) return match.worker;
    if (!match.replacing) this.replace(match, 'no worker');
    const replacing = match.replacing!;
    return (await within(replacing.ready, until)) ? replacing.worker : null;
  }

  /**
   * Terminates the match's worker (and any replacement under way) and sets up a new one that replays the
   * turns so far: with the prover after the first failure, answering legal moves only after that.
   */
  private replace(match: HostedMatch, reason: string): void {
    if (this.closed || match.refused !== null) return;
    if (match.worker) {
      match.failures++;
      void match.worker.terminate(reason);
      match.worker = null;
    }
    if (match.replacing) {
      // A replacement not ready in a whole play clock counts as a failure too.
      match.failures++;
      void match.replacing.worker.terminate('replaced');
    }
    const level: RecoveryLevel = match.failures <= 1 ? 'prover' : 'legal-only';
    const worker = this.takeSpare();
    this.logger.log('warn', 'worker-replaced', {
      match: match.id,
      reason,
      recovery: level,
      turns: match.turns.length,
    });
    // A replay on loaded cores takes longer than one clock; a replacement cut at each clock and started again
    // never caught up (Krieg-TicTacToe at 1 s clocks: 94 nil answers in 13 matches).
    const until = performance.now() + Math.max(RESUME_CLOCKS * match.playClockMs, MIN_RESUME_MS);
    const resumed = worker.request(
      { type: 'resume', text: match.startText, level, turns: match.turns },
      until,
    );
    this.takeOver(match, worker, resumed, until, (result) => {
      if (result !== null && this.match === match) {
        this.logger.log('warn', 'resume-failed', {
          match: match.id,
          recovery: level,
          reason: result.ok ? result.text : result.reason,
        });
      }
    });
  }

  /**
   * Makes `worker` the match's worker once `setUp` (its START or resume) is ready and it has taken in the turns
   * the shell answered meanwhile (each catch-up bounded by `until`); `settled` hears null then, or the failed
   * result (the worker is then terminated and counted as failed).
   */
  private takeOver(
    match: HostedMatch,
    worker: WorkerHandle,
    setUp: Promise<WorkerResult>,
    until: number,
    settled: (failed: WorkerResult | null) => void,
  ): void {
    let replayed = match.turns.length;
    const ready = setUp.then(async (result) => {
      while (result.ok && result.text === 'ready' && match.turns.length > replayed) {
        const missed = match.turns.slice(replayed);
        replayed = match.turns.length;
        result = await worker.request({ type: 'catch-up', turns: missed }, until);
      }
      if (match.replacing?.worker !== worker) return false;
      match.replacing = null;
      if (result.ok && result.text === 'ready') {
        match.worker = worker;
        settled(null);
        return true;
      }
      match.failures++;
      void worker.terminate();
      settled(result);
      return false;
    });
    match.replacing = { worker, ready };
  }

  /** STOP or ABORT: the reply goes at once; the worker logs the result, then is terminated. */
  private end(match: HostedMatch, stop: TurnMessage | null): void {
    this.match = null;
    this.logger.log('info', stop ? 'stop' : 'abort', { match: match.id, turns: match.turns.length });
    if (match.replacing) void match.replacing.worker.terminate('the match ended');
    const worker = match.worker;
    if (!worker) return;
    void worker
      .request({ type: 'stop', message: stop }, performance.now() + STOP_GRACE_MS)
      .then((result) => (result.ok && result.text === 'done' ? this.recycle(worker) : worker.terminate()));
  }

  /**
   * A worker whose match ended normally takes the place of a spare still importing the backends (a START
   * right after a STOP then waits for nothing); otherwise it is terminated.
   */
  private recycle(worker: WorkerHandle): void {
    const loading = this.spares.findIndex((w) => !w.isLoaded);
    if (this.closed || loading < 0) {
      void worker.terminate('the match ended');
      return;
    }
    void this.spares[loading]!.terminate('a recycled worker took its place');
    this.spares[loading] = worker;
  }

  /**
   * A spare for a new match or a replacement, one with the backends loaded if there is one; a new spare
   * starts loading behind it. Two are kept, so a START right after another finds one ready.
   */
  private takeSpare(): WorkerHandle {
    this.spares = this.spares.filter((w) => w.alive);
    const loaded = this.spares.findIndex((w) => w.isLoaded);
    const worker = loaded >= 0 ? this.spares.splice(loaded, 1)[0]! : (this.spares.shift() ?? this.spawn());
    this.refill();
    return worker;
  }

  private refill(): void {
    while (!this.closed && this.spares.length < SPARES) this.spares.push(this.spawn());
  }

  private spawn(): WorkerHandle {
    const worker = this.settings.spawnWorker();
    this.live.add(worker);
    void worker.exited.then(() => this.live.delete(worker));
    return worker;
  }
}

/** The match of a START, played by `worker` (null while its set-up goes on after the reply). */
function hostedMatch(
  message: { matchId: string; playClock: number },
  startText: string,
  worker: WorkerHandle | null,
): HostedMatch {
  return {
    id: message.matchId,
    startText,
    playClockMs: message.playClock * 1000,
    worker,
    replacing: null,
    failures: 0,
    refused: null,
    playing: false,
    answeredFor: null,
    turns: [],
  };
}

/** What `promise` resolves to, or null if `until` (performance.now() ms) passes first. */
async function within<T>(promise: Promise<T>, until: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, until - performance.now()));
  });
  const result = await Promise.race([promise, expired]);
  clearTimeout(timer);
  return result;
}
