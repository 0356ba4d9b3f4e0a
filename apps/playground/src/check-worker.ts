// The validator worker: parses and validates the editor's text (lenient, DESIGN.md 4a) off the page's thread.
import { checkText, type Diagnostic } from '@gdlkit/gdl';

export interface CheckRequest {
  readonly id: number;
  readonly text: string;
  readonly file: string;
}

export interface CheckReply {
  readonly id: number;
  readonly diagnostics: readonly Diagnostic[];
}

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const { id, text, file } = event.data;
  const reply: CheckReply = { id, diagnostics: checkText(text, file).diagnostics };
  self.postMessage(reply);
};
