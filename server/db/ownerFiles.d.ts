// Types of ownerFiles.js (plain CommonJS: the heartbeat's worker thread loads it without TypeScript).

export interface Holder {
  token: string;
  pid: number;
  host: string;
  since: string;
  /** Boot id and PID namespace: where `pid` names this process (absent off Linux). */
  pidSpace?: string;
  /** Rewritten at every heartbeat: a contender that sees it change knows the owner lives. */
  beat: number;
  /** What holds it (`server`, `npm run reconcile`), for whoever waits on it. */
  purpose?: string;
}

export const RELEASED: 'released';
/** The generations in `root`, oldest first. */
export function generations(root: string): number[];
export function readHolder(dir: string): Holder | undefined;
/** Replaces holder.json atomically (a temporary file renamed over it). */
export function writeHolder(dir: string, holder: Holder): void;
/** Ours while our generation is the newest and its holder.json still carries our token. */
export function stillHeld(root: string, generation: number, token: string): boolean;
/** The newest generation and who holds it; `released` when its owner let go. */
export function newestGeneration(root: string): { generation: number; dir: string; holder?: Holder; released: boolean } | undefined;
/** This machine's boot and PID namespace (Linux), where a PID means one process; undefined elsewhere. */
export function pidSpace(): string | undefined;
/** A holder in our own PID namespace whose process is gone: no need to wait for its heartbeat to stop. */
export function diedHere(holder: Holder | undefined): boolean;
