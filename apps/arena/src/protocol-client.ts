// One protocol request from the manager to a player: HTTP POST with the KIF message, within a time limit.

export type Delivery =
  | { readonly ok: true; readonly body: string; readonly ms: number }
  | {
      readonly ok: false;
      readonly kind: 'timeout' | 'crash' | 'malformed';
      readonly detail: string;
      readonly ms: number;
    };

/** A time-limit timer this much later than asked (ggp-base's whole grace) is reported in the fault. */
const LATE_TIMER_MS = 1000;

/** Sends `message`; a reply later than `limitMs` is a timeout, a refused or broken connection a crash. */
export async function deliver(url: string, message: string, limitMs: number): Promise<Delivery> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  let lateMs = 0;
  const timer = setTimeout(
    () => {
      lateMs = performance.now() - started - limitMs;
      controller.abort();
    },
    Math.max(1, limitMs),
  );
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/acl' },
      body: message,
      signal: controller.signal,
    });
    const body = (await response.text()).trim();
    if (response.status !== 200) {
      return {
        ok: false,
        kind: 'malformed',
        detail: `HTTP ${response.status}: ${body.slice(0, 200)}`,
        ms: ms(),
      };
    }
    return { ok: true, body, ms: ms() };
  } catch (e) {
    if (controller.signal.aborted) {
      // A timer far behind its time means the manager itself was not running (the whole machine stalled,
      // issue 20): the reply may have been on its way; the record says so.
      const stalled =
        lateMs > LATE_TIMER_MS
          ? ` (the manager's own timer ran ${Math.round(lateMs)} ms late: the manager was held up too)`
          : '';
      return { ok: false, kind: 'timeout', detail: `no reply within ${limitMs} ms${stalled}`, ms: ms() };
    }
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, kind: 'crash', detail: cause?.code ?? cause?.message ?? String(e), ms: ms() };
  } finally {
    clearTimeout(timer);
  }
}

/** INFO, to check that a player is there before a run starts. */
export async function probe(url: string, limitMs = 5000): Promise<string | null> {
  const reply = await deliver(url, '(info)', limitMs);
  return reply.ok ? null : `${reply.kind}: ${reply.detail}`;
}
