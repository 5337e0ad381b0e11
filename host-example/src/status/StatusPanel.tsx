// The live status panel: made to be looked at. The script state in colour, the way it went as a
// bar and a timeline (times since page load), the last error, and the callbacks received.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ScriptState } from '../remote/checkoutTypes';
import type { CheckoutRemote } from '../remote/registerCheckoutRemote';
import type { StatusStore } from './statusStore';
import { formatMs, stateSpans, type TimelineEntry, type TimelineState } from './timeline';

const STATES: ScriptState[] = ['initial', 'pending', 'resolved', 'rejected'];

const STATE_TEXT: Record<ScriptState, string> = {
  initial: 'Nothing requested yet',
  pending: 'Loading Stripe.js…',
  resolved: 'Stripe.js ready',
  rejected: 'Stripe.js failed',
};

/** Ticks while something is in progress, so durations grow on screen. */
function useNow(active: boolean, now: () => number): number {
  const [value, setValue] = useState(now);
  useEffect(() => {
    setValue(now());
    if (!active) return;
    const id = setInterval(() => setValue(now()), 100);
    return () => clearInterval(id);
  }, [active, now]);
  return value;
}

function entryText(entry: TimelineEntry): { label: string; detail?: string; tone: string } {
  switch (entry.kind) {
    case 'state':
      return { label: entry.state, detail: entry.code, tone: entry.state };
    case 'error':
      return { label: 'onError', detail: entry.code, tone: 'rejected' };
    case 'complete':
      return { label: 'onComplete', detail: 'payment finished', tone: 'resolved' };
    case 'remote':
      return { label: `remote ${entry.status}`, detail: entry.detail, tone: `remote-${entry.status}` };
  }
}

function StateBar({ state, now }: { state: TimelineState; now: number }) {
  const spans = stateSpans(state, now).filter((span) => span.to > span.from || span.state !== 'initial');
  const end = Math.max(now, 1);
  return (
    <div className="state-bar" aria-hidden="true">
      {spans.map((span, i) => (
        <span
          key={i}
          className={`state-bar-span tone-${span.state}`}
          style={{ left: `${(span.from / end) * 100}%`, width: `max(3px, ${((span.to - span.from) / end) * 100}%)` }}
          title={`${span.state}: ${formatMs(span.from)} → ${formatMs(span.to)}`}
        />
      ))}
      <span className="state-bar-scale">
        <span>0</span>
        <span>{formatMs(end)}</span>
      </span>
    </div>
  );
}

export interface StatusPanelProps {
  store: StatusStore;
  remote?: CheckoutRemote;
  now?: () => number;
}

const defaultNow = () => Math.round(performance.now());

export function StatusPanel({ store, remote, now = defaultNow }: StatusPanelProps) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const moving = state.scriptState === 'pending' || state.remote.status === 'loading' || state.remote.status === 'retrying';
  const current = useNow(moving, now);
  const visited = new Set(state.entries.flatMap((entry) => (entry.kind === 'state' ? [entry.state] : [])));
  const { lastError, counts } = state;

  return (
    <aside className="status" aria-labelledby="status-title" data-testid="status-panel" data-script-state={state.scriptState}>
      <header className="status-head">
        <h2 id="status-title">Live status</h2>
        <span className="status-live">
          <span className="status-live-dot" aria-hidden="true" /> live
        </span>
      </header>

      <div className={`status-hero tone-${state.scriptState}`} data-testid="status-state" data-state={state.scriptState}>
        <span className="status-hero-icon" aria-hidden="true" />
        <div>
          <div className="status-hero-label">Script state</div>
          <div className="status-hero-state">{state.scriptState}</div>
          <div className="status-hero-text">
            {STATE_TEXT[state.scriptState]} · since {formatMs(state.since)}
            {moving && state.scriptState === 'pending' ? ` · ${formatMs(current - state.since)} so far` : ''}
          </div>
        </div>
      </div>

      <ol className="status-steps" aria-label="Script states reached">
        {STATES.map((s) => (
          <li
            key={s}
            className={`status-step tone-${s}${visited.has(s) ? ' is-visited' : ''}${s === state.scriptState ? ' is-current' : ''}`}
            aria-current={s === state.scriptState ? 'step' : undefined}
          >
            {s}
          </li>
        ))}
      </ol>

      <StateBar state={state} now={current} />

      <div className={`status-remote tone-remote-${state.remote.status}`} data-testid="status-remote" data-remote-status={state.remote.status}>
        <span className="status-remote-dot" aria-hidden="true" />
        <span>
          <strong>Remote {state.remote.status}</strong>
          {state.remote.attempts > 0 && state.remote.status !== 'loaded' && (
            <span className="muted">
              {' '}
              · attempt {Math.max(1, state.remote.attempt)}/{state.remote.attempts}
            </span>
          )}
          {state.remote.status === 'loaded' && state.remote.detail && <span className="muted"> {state.remote.detail}</span>}
          {remote && <span className="status-remote-url">{remote.manifestUrl}</span>}
          {state.remote.status === 'failed' && state.remote.detail && (
            <span className="status-remote-error" data-testid="status-remote-error">
              {state.remote.detail}
            </span>
          )}
        </span>
      </div>

      <h3>Timeline</h3>
      <ol className="timeline" data-testid="status-timeline">
        {state.entries.map((entry, i) => {
          const { label, detail, tone } = entryText(entry);
          return (
            <li key={i} className={`timeline-entry tone-${tone}`} data-kind={entry.kind}>
              <time className="timeline-time">{formatMs(entry.t)}</time>
              <span className="timeline-dot" aria-hidden="true" />
              <span className="timeline-body">
                <span className="timeline-label">{label}</span>
                {detail && <span className="timeline-detail"> {detail}</span>}
              </span>
            </li>
          );
        })}
      </ol>

      <h3>Last error</h3>
      {lastError ? (
        <div className="last-error" data-testid="status-last-error" data-error-code={lastError.code}>
          <div>
            <code className="error-code">{lastError.code}</code>
            <span className="muted"> at {formatMs(lastError.t)}</span>
          </div>
          <p className="last-error-message">{lastError.message}</p>
        </div>
      ) : (
        <p className="muted" data-testid="status-last-error">
          None
        </p>
      )}

      <h3>Callbacks received</h3>
      <div className="callbacks" data-testid="status-callbacks">
        {(['onStateChange', 'onError', 'onComplete'] as const).map((name) => (
          <div key={name} className={`callback-count${counts[name] ? ' is-hit' : ''}`} data-callback={name} data-count={counts[name]}>
            <span className="callback-number">{counts[name]}</span>
            <code>{name}</code>
          </div>
        ))}
      </div>
      {state.callbacks.length > 0 && (
        <ol className="callback-log" aria-label="Latest callbacks">
          {state.callbacks.map((record, i) => (
            <li key={i}>
              <time>{formatMs(record.t)}</time> <code>{record.name}</code>({record.detail})
              {record.button > 0 && <span className="muted"> · button {record.button + 1}</span>}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
