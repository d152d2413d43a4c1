/**
 * The server's memory kept across restarts (`--state-file`, used by `npm start`): the product's D1
 * keeps Stripe ids, so the objects they name must still exist after the server restarts. The whole
 * state is written as JSON shortly after each change (at most every 250 ms) and on close; tests run
 * without a file and start empty.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Store } from './store';

export interface Persisted<Saved> {
  store: Store;
  idempotency: Map<string, Saved>;
}

const WRITE_DELAY_MS = 250;

export class StateFile<Saved> {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly path: string,
    private readonly state: Persisted<Saved>,
  ) {}

  /** Reads the file if there is one; answers how many objects came back. */
  load(): number {
    if (!existsSync(this.path)) return 0;
    const data = JSON.parse(readFileSync(this.path, 'utf8')) as {
      store: ReturnType<Store['snapshot']>;
      idempotency: [string, Saved][];
    };
    this.state.store.restore(data.store);
    for (const [key, saved] of data.idempotency) this.state.idempotency.set(key, saved);
    return data.store.entries.length;
  }

  /** Writes soon: many changes in a row cost one write. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), WRITE_DELAY_MS);
  }

  /** Writes now (a temporary file renamed over the old one, so a crash never leaves half a file). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const data = { store: this.state.store.snapshot(), idempotency: [...this.state.idempotency] };
    writeFileSync(`${this.path}.tmp`, JSON.stringify(data));
    renameSync(`${this.path}.tmp`, this.path);
  }
}
