import type { ExampleMode } from './api';

export function Topbar({ mode }: { mode?: ExampleMode }) {
  return (
    <header className="topbar">
      <a className="brand" href="/">
        <span className="brand-mark" aria-hidden="true">
          N
        </span>
        Northwind Coffee
      </a>
      <span className="topbar-tag">host shell · checkout remote loaded at runtime</span>
      {mode && <span className={`mode-badge mode-${mode}`}>{mode === 'demo' ? 'Offline demo' : 'Stripe test mode'}</span>}
    </header>
  );
}
