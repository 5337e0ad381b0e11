// PGlite's folder, with a fence at the filesystem: every call that would change the folder (a write,
// a truncate, an open for writing, a create, a rename, a removal) first asks whether this process
// still owns it, and fails with EIO if not. The database refuses statements after a loss already
// (pglite.ts); this catches what that check cannot: a statement in flight when the process was paused
// (`docker pause`, SIGSTOP) and taken over, which resumes mid-write, and any shutdown PGlite would run.
// Postgres answers a failed write with an error (a failed WAL write is a PANIC): the database is done
// for, which is what a process that lost the folder wants. Reads are left alone.
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Ops = Record<string, (...args: never[]) => unknown>;
interface EmscriptenModule {
  NODEFS: { node_ops: Ops; stream_ops: Ops };
  FS: { ErrnoError: new (errno: number) => Error };
}

/** WASI's EIO, as Emscripten numbers it. */
const EIO = 29;
/** open(2) flags that change a file: O_WRONLY, O_RDWR, O_CREAT, O_TRUNC. */
const WRITING = 1 | 2 | 64 | 512;

function fence(module: EmscriptenModule, fenced: () => boolean): void {
  const guard = (ops: Ops, name: string, changes: (...args: never[]) => boolean = () => true) => {
    const original = ops[name];
    ops[name] = function (this: unknown, ...args: never[]) {
      if (changes(...args) && fenced()) throw new module.FS.ErrnoError(EIO);
      return original.apply(this, args);
    };
  };
  const { node_ops, stream_ops } = module.NODEFS;
  for (const name of ['setattr', 'mknod', 'rename', 'unlink', 'rmdir', 'symlink']) guard(node_ops, name);
  for (const name of ['write', 'setattr', 'msync']) guard(stream_ops, name);
  guard(stream_ops, 'open', (stream: { flags: number }) => (stream.flags & WRITING) !== 0);
}

export class FencedNodeFS extends NodeFS {
  /**
   * `prepared`: the folder is still being made (preparedCluster.ts) while PGlite starts; it looks into the
   * folder only after `initialSyncFs`, which waits for it and fails with its error.
   */
  constructor(
    dataDir: string,
    private readonly fenced: () => boolean,
    private readonly prepared: Promise<void> = Promise.resolve(),
  ) {
    super(dataDir);
  }

  override async initialSyncFs(): Promise<void> {
    await this.prepared;
    return super.initialSyncFs();
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const { preRun } = result.emscriptenOpts;
    // After NodeFS's own preRun has mounted the folder.
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : preRun ? [preRun] : []),
      (module: unknown) => fence(module as EmscriptenModule, this.fenced),
    ];
    return result;
  }
}
