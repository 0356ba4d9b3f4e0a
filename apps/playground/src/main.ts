// The page: wires the editor, the session worker and the panels. Everything that computes runs in a worker.
import { findBoard, renderBoard } from './board-view.js';
import { createEditor } from './editor.js';
import type { Reply, Request, StateView, ThinkResult, ThroughputRow } from './protocol.js';

interface CorpusGame {
  readonly name: string;
  readonly kind: string;
  readonly roles: number;
  readonly source: string;
  readonly licence: string;
}

type RoleMode = 'human' | 'computer' | 'random';

/** The backends a browser has (no native core); the throughput panel runs them side by side. */
const BROWSER_BACKENDS = ['propnet-wasm', 'propnet', 'forward', 'prover'] as const;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const status = $<HTMLSpanElement>('status');
const gameSelect = $<HTMLSelectElement>('game');
const backendSelect = $<HTMLSelectElement>('backend');
const diagnosticsList = $<HTMLUListElement>('diagnostics');

const editor = createEditor($('editor'), (diagnostics) => {
  diagnosticsList.replaceChildren(
    ...diagnostics.map((d) => {
      const li = document.createElement('li');
      li.className = d.severity;
      li.textContent = `${d.span.line}:${d.span.column} ${d.severity}[${d.code}] ${d.message}`;
      return li;
    }),
  );
});

// The session worker answers requests in order, so replies are matched to requests first in, first out.
const worker = new Worker(new URL('./session-worker.ts', import.meta.url), { type: 'module' });
const replies: ((reply: Reply) => void)[] = [];
worker.onmessage = (event: MessageEvent<Reply>) => replies.shift()?.(event.data);

async function call(request: Request): Promise<Reply> {
  const reply = await new Promise<Reply>((resolve) => {
    replies.push(resolve);
    worker.postMessage(request);
  });
  if (reply.kind === 'error') throw new Error(reply.message);
  return reply;
}

let view: StateView | null = null;
let modes: RoleMode[] = [];
const chosen = new Map<number, string>();
let fileName = 'tictactoe.kif';
let busy = false;

function say(text: string, error = false): void {
  status.textContent = text;
  status.className = error ? 'error' : '';
}

async function update(request: Request): Promise<void> {
  const reply = await call(request);
  if (reply.kind === 'state') view = reply.view;
  render();
}

async function loadCorpusGame(name: string, games: readonly CorpusGame[]): Promise<void> {
  const entry = games.find((g) => g.name === name);
  if (!entry) {
    say(`no corpus game named ${name}`, true);
    return;
  }
  gameSelect.value = name;
  $('licence').textContent =
    `${name}.kif — ${entry.kind}, ${entry.roles} roles — source: ${entry.source} — licence: ${entry.licence}`;
  const response = await fetch(`games/${name}.kif`);
  editor.setText(await response.text(), `${name}.kif`);
  fileName = `${name}.kif`;
  await loadIntoReasoner();
}

async function loadIntoReasoner(): Promise<void> {
  const backend = backendSelect.value;
  say(`building ${backend}…`);
  const started = performance.now();
  try {
    await update({ kind: 'load', text: editor.text(), file: fileName, backend });
  } catch (e) {
    view = null;
    render();
    say((e as Error).message, true);
    return;
  }
  const v = view!;
  modes = v.roles.map((name, r) => (v.gdl2 && name === 'random' ? 'random' : r === 0 ? 'human' : 'computer'));
  chosen.clear();
  await sendHumans();
  say(`${v.backend} built in ${Math.round(performance.now() - started)} ms`);
  await autoAdvance();
}

async function sendHumans(): Promise<void> {
  await update({ kind: 'humans', roles: humanRoles() });
}

function humanRoles(): number[] {
  return modes.flatMap((m, r) => (m === 'human' ? [r] : []));
}

/**
 * Plays one joint move: chosen moves for human roles (random where none is chosen, or everywhere when
 * `random`), the player's search for computer roles, uniform random for random roles.
 */
async function advance(random: boolean): Promise<void> {
  if (!view || view.terminal || busy) return;
  busy = true;
  try {
    const computers = modes.flatMap((m, r) => (m === 'computer' ? [r] : []));
    let searched: ThinkResult | null = null;
    if (computers.length > 0) {
      say('the player is thinking…');
      const ms = Number($<HTMLInputElement>('move-ms').value) || 1000;
      const reply = await call({ kind: 'think', roles: computers, ms, seed: view.step + 1 });
      if (reply.kind === 'think') searched = reply.result;
      renderSearch(computers, searched);
    }
    const moves = modes.map((m, r) => {
      if (m === 'computer') return searched!.moves[computers.indexOf(r)]!;
      if (m === 'human' && !random) return chosen.get(r) ?? null;
      return null;
    });
    chosen.clear();
    await update({ kind: 'step', moves });
    say(view!.terminal ? 'match over' : `step ${view!.step}`);
  } catch (e) {
    say((e as Error).message, true);
  } finally {
    busy = false;
  }
}

/** Plays on while every human role has at most one move (e.g. noop on the other side's turn). */
async function autoAdvance(): Promise<void> {
  for (;;) {
    const v = view;
    if (!v || v.terminal || busy || !modes.includes('computer')) return;
    const humans = humanRoles();
    if (humans.length === 0) return;
    if (humans.some((r) => (v.legal[r]?.length ?? 0) !== 1)) return;
    for (const r of humans) chosen.set(r, v.legal[r]![0]!);
    await advance(false);
    if (view === v) return;
  }
}

async function choose(role: number, move: string): Promise<void> {
  chosen.set(role, move);
  render();
  if (humanRoles().every((r) => chosen.has(r))) {
    await advance(false);
    await autoAdvance();
  }
}

function render(): void {
  const v = view;
  const rolesTable = $<HTMLTableElement>('roles');
  rolesTable.replaceChildren();
  $('board').replaceChildren();
  $('fluents').replaceChildren();
  $('knowledge').replaceChildren();
  $('outcome').textContent = '';
  if (!v) return;
  v.roles.forEach((name, r) => {
    const tr = rolesTable.insertRow();
    tr.dataset.role = name;
    tr.insertCell().textContent = name;
    const modeCell = tr.insertCell();
    const select = document.createElement('select');
    select.className = 'mode';
    for (const m of ['human', 'computer', 'random'] as const)
      select.add(new Option(m, m, false, modes[r] === m));
    select.onchange = async () => {
      modes[r] = select.value as RoleMode;
      chosen.delete(r);
      await sendHumans();
      await autoAdvance();
    };
    modeCell.append(select);
    const goal = v.goals?.[r];
    tr.insertCell().textContent = v.goals === null ? 'goal hidden' : `goal ${JSON.stringify(goal)}`;
    const movesCell = tr.insertCell();
    const legal = v.legal[r];
    if (legal === null) movesCell.textContent = 'moves hidden';
    else {
      for (const move of legal) {
        const button = document.createElement('button');
        button.className = chosen.get(r) === move ? 'move chosen' : 'move';
        button.textContent = move;
        button.disabled = modes[r] === 'computer';
        button.onclick = () => void choose(r, move);
        movesCell.append(button);
      }
    }
  });
  if (v.terminal) {
    const goals = v.roles.map((name, r) => `${name} ${JSON.stringify(v.goals?.[r])}`).join(', ');
    $('outcome').textContent = `Match over after ${v.step} steps: ${goals}`;
  } else {
    $('outcome').textContent =
      `Step ${v.step}${v.recordedAhead > 0 ? ` — ${v.recordedAhead} recorded moves ahead (Redo)` : ''}`;
  }
  renderState(v);
  if (v.knowledge) renderKnowledge(v);
}

function renderState(v: StateView): void {
  if (v.fluents === null) {
    $('fluents').append(item('the true state is hidden until the end of the match'));
    return;
  }
  const board = findBoard(v.fluents);
  if (board && !$<HTMLInputElement>('show-fluents').checked) $('board').append(renderBoard(board));
  else $('fluents').append(...v.fluents.map((f) => item(f)));
}

function renderKnowledge(v: StateView): void {
  const k = v.knowledge!;
  const box = $('knowledge');
  const heading = document.createElement('h4');
  heading.textContent = `What ${k.role} knows${k.approximated ? ' (a budgeted update fell back to a sound approximation)' : ''}`;
  const list = (title: string, values: readonly string[], id: string) => {
    const p = document.createElement('p');
    p.id = id;
    p.textContent = `${title}: ${values.length === 0 ? '—' : values.join(' ')}`;
    return p;
  };
  box.append(
    heading,
    ...k.percepts.map((p, i) => list(`percepts after step ${i + 1}`, p, `percepts-${i + 1}`)),
    list('known fluents', k.known, 'known'),
    list('possible fluents', k.possible, 'possible'),
  );
}

function renderSearch(roles: readonly number[], result: ThinkResult | null): void {
  const box = $('search');
  box.replaceChildren();
  if (!result || !view) return;
  const summary = document.createElement('p');
  summary.id = 'search-rate';
  summary.textContent = `the player ran ${result.simulations} simulations, ${Math.round(result.simulationsPerSecond)} per second${view.gdl2 ? ' over states consistent with its own percepts' : ''}`;
  box.append(summary);
  roles.forEach((r, i) => {
    if (result.values[i]!.length === 0) return;
    const table = document.createElement('table');
    const head = table.createTHead().insertRow();
    for (const h of [`${view!.roles[r]}: move`, 'visits', 'mean value']) {
      const th = document.createElement('th');
      th.textContent = h;
      head.append(th);
    }
    for (const mv of result.values[i]!.slice(0, 12)) {
      const tr = table.insertRow();
      tr.insertCell().textContent = mv.move;
      tr.insertCell().textContent = String(mv.visits);
      tr.insertCell().textContent = mv.mean.toFixed(1);
    }
    box.append(table);
  });
}

function renderThroughput(rows: readonly ThroughputRow[]): void {
  const table = $<HTMLTableElement>('throughput');
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const h of ['backend', 'playouts/s', 'states/s', 'build ms']) {
    const th = document.createElement('th');
    th.textContent = h;
    head.append(th);
  }
  for (const row of rows) {
    const tr = table.insertRow();
    tr.dataset.backend = row.backend;
    tr.insertCell().textContent = row.backend;
    if (row.playoutsPerSecond === null) {
      const td = tr.insertCell();
      td.colSpan = 3;
      td.className = 'error';
      td.textContent = row.error ?? 'failed';
      continue;
    }
    tr.insertCell().textContent = Math.round(row.playoutsPerSecond).toLocaleString('en-US');
    tr.insertCell().textContent = Math.round(row.statesPerSecond!).toLocaleString('en-US');
    tr.insertCell().textContent = String(row.buildMs);
  }
}

function item(text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.textContent = text;
  return li;
}

async function loadFile(file: File): Promise<void> {
  editor.setText(await file.text(), file.name);
  fileName = file.name;
  $('licence').textContent = `${file.name} (your file)`;
  await loadIntoReasoner();
}

function guarded(action: () => Promise<void>): () => void {
  return () => {
    action().catch((e: unknown) => say((e as Error).message, true));
  };
}

async function start(): Promise<void> {
  const games = (await (await fetch('games/index.json')).json()) as CorpusGame[];
  for (const g of games) gameSelect.add(new Option(`${g.name} (${g.kind})`, g.name));
  gameSelect.onchange = guarded(() => loadCorpusGame(gameSelect.value, games));
  $('load').onclick = guarded(loadIntoReasoner);
  $<HTMLInputElement>('file').onchange = guarded(async () => {
    const file = $<HTMLInputElement>('file').files?.[0];
    if (file) await loadFile(file);
  });
  const source = $('source');
  source.ondragover = (e) => e.preventDefault();
  source.ondrop = (e) => {
    e.preventDefault();
    const file = e.dataTransfer?.files[0];
    if (file) guarded(() => loadFile(file))();
  };
  $('step').onclick = guarded(async () => {
    await advance(false);
    await autoAdvance();
  });
  $('random-step').onclick = guarded(async () => {
    await advance(true);
    await autoAdvance();
  });
  $('undo').onclick = guarded(() => update({ kind: 'undo' }));
  $('redo').onclick = guarded(() => update({ kind: 'redo' }));
  $('reset').onclick = guarded(() => update({ kind: 'reset' }));
  $('show-fluents').onchange = render;
  $('save-record').onclick = guarded(async () => {
    const reply = await call({ kind: 'record' });
    if (reply.kind !== 'record') return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([reply.text], { type: 'application/x-ndjson' }));
    link.download = `${fileName.replace(/\.\w+$/, '')}.jsonl`;
    link.click();
    URL.revokeObjectURL(link.href);
  });
  $<HTMLInputElement>('record').onchange = guarded(async () => {
    const file = $<HTMLInputElement>('record').files?.[0];
    if (file) await update({ kind: 'replay', text: await file.text(), file: file.name });
  });
  $('throughput-run').onclick = guarded(async () => {
    say('measuring playouts…');
    const seconds = Number($<HTMLInputElement>('throughput-seconds').value) || 1;
    const backends = BROWSER_BACKENDS.filter((b) => $<HTMLInputElement>(`throughput-${b}`).checked);
    const reply = await call({ kind: 'throughput', backends, seconds });
    if (reply.kind === 'throughput') renderThroughput(reply.rows);
    say('throughput measured');
  });
  for (const backend of BROWSER_BACKENDS) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = `throughput-${backend}`;
    box.checked = true;
    label.append(box, ` ${backend} `);
    $('throughput-backends').append(label);
  }
  const wanted = new URLSearchParams(location.search).get('game') ?? 'tictactoe';
  await loadCorpusGame(wanted, games);
}

guarded(start)();
