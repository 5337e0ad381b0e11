// What the status panel shows, as a pure reducer over what happened: the button's callbacks and
// the remote's loading. Times are milliseconds since the page started loading.
import type { CheckoutErrorCode, ScriptState } from '../remote/checkoutTypes';

export type CallbackName = 'onStateChange' | 'onError' | 'onComplete';
export type RemoteStatus = 'idle' | 'loading' | 'retrying' | 'loaded' | 'failed';

export interface ErrorInfo {
  code: CheckoutErrorCode;
  message: string;
}

export type TimelineEntry =
  | { kind: 'state'; t: number; state: ScriptState; code?: CheckoutErrorCode }
  | { kind: 'error'; t: number; code: CheckoutErrorCode }
  | { kind: 'complete'; t: number }
  | { kind: 'remote'; t: number; status: RemoteStatus; detail?: string };

export interface CallbackRecord {
  name: CallbackName;
  t: number;
  detail: string;
  button: number;
}

export interface TimelineState {
  scriptState: ScriptState;
  /** When the current script state began. */
  since: number;
  entries: TimelineEntry[];
  lastError: (ErrorInfo & { t: number }) | null;
  counts: Record<CallbackName, number>;
  /** Most recent first. */
  callbacks: CallbackRecord[];
  remote: { status: RemoteStatus; t: number; attempt: number; attempts: number; detail?: string };
}

export type TimelineAction =
  | { type: 'stateChange'; t: number; state: ScriptState; error?: ErrorInfo; button?: number }
  | { type: 'error'; t: number; error: ErrorInfo; button?: number }
  | { type: 'complete'; t: number; button?: number }
  | { type: 'remote'; t: number; status: RemoteStatus; attempt?: number; attempts?: number; detail?: string };

export const MAX_ENTRIES = 40;
export const MAX_CALLBACKS = 8;

export const initialTimeline: TimelineState = {
  scriptState: 'initial',
  since: 0,
  entries: [{ kind: 'state', t: 0, state: 'initial' }],
  lastError: null,
  counts: { onStateChange: 0, onError: 0, onComplete: 0 },
  callbacks: [],
  remote: { status: 'idle', t: 0, attempt: 0, attempts: 0 },
};

function addEntry(entries: TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  const next = [...entries, entry];
  return next.length > MAX_ENTRIES ? next.slice(next.length - MAX_ENTRIES) : next;
}

function received(state: TimelineState, record: CallbackRecord): Pick<TimelineState, 'counts' | 'callbacks'> {
  return {
    counts: { ...state.counts, [record.name]: state.counts[record.name] + 1 },
    callbacks: [record, ...state.callbacks].slice(0, MAX_CALLBACKS),
  };
}

function lastOf(entries: TimelineEntry[]): TimelineEntry | undefined {
  return entries[entries.length - 1];
}

export function timelineReducer(state: TimelineState, action: TimelineAction): TimelineState {
  switch (action.type) {
    case 'stateChange': {
      const detail = action.error ? `${action.state} (${action.error.code})` : action.state;
      const next = { ...state, ...received(state, { name: 'onStateChange', t: action.t, detail, button: action.button ?? 0 }) };
      if (action.error) next.lastError = { ...action.error, t: action.t };
      // Every button reports the page's one load: one transition, however many buttons.
      const code = action.error?.code;
      const current = [...state.entries].reverse().find((entry) => entry.kind === 'state');
      if (action.state === state.scriptState && current?.kind === 'state' && current.code === code) return next;
      next.scriptState = action.state;
      next.since = action.t;
      next.entries = addEntry(state.entries, { kind: 'state', t: action.t, state: action.state, ...(code ? { code } : {}) });
      return next;
    }
    case 'error': {
      const next = {
        ...state,
        ...received(state, { name: 'onError', t: action.t, detail: action.error.code, button: action.button ?? 0 }),
        lastError: { ...action.error, t: action.t },
      };
      // A script failure already shows as its `rejected` transition; a session failure gets its own line.
      const last = lastOf(state.entries);
      const shown = last?.kind === 'state' && last.code === action.error.code;
      if (!shown) next.entries = addEntry(state.entries, { kind: 'error', t: action.t, code: action.error.code });
      return next;
    }
    case 'complete':
      return {
        ...state,
        ...received(state, { name: 'onComplete', t: action.t, detail: 'payment finished', button: action.button ?? 0 }),
        entries: addEntry(state.entries, { kind: 'complete', t: action.t }),
      };
    case 'remote': {
      const remote = {
        status: action.status,
        t: action.t,
        attempt: action.attempt ?? state.remote.attempt,
        attempts: action.attempts ?? state.remote.attempts,
        detail: action.detail,
      };
      const last = lastOf(state.entries);
      const repeated = last?.kind === 'remote' && last.status === action.status && last.detail === action.detail;
      return {
        ...state,
        remote,
        entries: repeated
          ? state.entries
          : addEntry(state.entries, { kind: 'remote', t: action.t, status: action.status, ...(action.detail ? { detail: action.detail } : {}) }),
      };
    }
  }
}

/** How long each script state lasted, for the panel's bar; the current one runs until `now`. */
export function stateSpans(state: TimelineState, now: number): { state: ScriptState; from: number; to: number }[] {
  const marks = state.entries.filter((entry): entry is Extract<TimelineEntry, { kind: 'state' }> => entry.kind === 'state');
  return marks.map((mark, i) => ({
    state: mark.state,
    from: mark.t,
    to: i + 1 < marks.length ? marks[i + 1].t : Math.max(now, mark.t),
  }));
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
