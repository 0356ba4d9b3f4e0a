// The code editor (CodeMirror 6): the validator's diagnostics appear inline at their line and column as the
// author types, computed in the validator worker after a pause in typing (the lint extension's delay).
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { type Diagnostic as LintDiagnostic, linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import type { Diagnostic } from '@gdlkit/gdl';
import type { CheckReply, CheckRequest } from './check-worker.js';

/** Pause in typing before the text is checked. */
const CHECK_DELAY_MS = 300;

export interface GameEditor {
  readonly view: EditorView;
  text(): string;
  setText(text: string, file: string): void;
}

export function createEditor(
  parent: HTMLElement,
  onDiagnostics: (diagnostics: readonly Diagnostic[]) => void,
): GameEditor {
  const worker = new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
  let file = 'game.kif';
  let nextId = 0;
  const waiting = new Map<number, (d: readonly Diagnostic[]) => void>();
  worker.onmessage = (event: MessageEvent<CheckReply>) => {
    waiting.get(event.data.id)?.(event.data.diagnostics);
    waiting.delete(event.data.id);
  };
  const check = (text: string) =>
    new Promise<readonly Diagnostic[]>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      const request: CheckRequest = { id, text, file };
      worker.postMessage(request);
    });
  const lint = linter(
    async (view) => {
      const text = view.state.doc.toString();
      const diagnostics = await check(text);
      // A reply for an older text is dropped: the linter asks again for the newer one.
      if (view.state.doc.toString() !== text) return [];
      onDiagnostics(diagnostics);
      return diagnostics.map((d): LintDiagnostic => {
        const from = Math.min(d.span.offset, text.length);
        return {
          from,
          to: Math.min(from + Math.max(d.span.length, 1), text.length),
          severity: d.severity,
          message: `${d.code}: ${d.message}`,
        };
      });
    },
    { delay: CHECK_DELAY_MS },
  );
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        lint,
        lintGutter(),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text: string, name: string) {
      file = name;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
  };
}
