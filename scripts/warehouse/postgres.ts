/**
 * @module A local PostgreSQL server for the reporting warehouse (ADR 052): Debian's binaries, a data
 * directory made by `initdb` once, the server on 127.0.0.1 only on the given port, the `warehouse`
 * database. PostgreSQL refuses to run as root, and CI runs as root: then every server command runs as
 * Debian's `postgres` system user through `runuser`, with the data directory handed to it.
 * Local authentication is `trust` on 127.0.0.1: the server is a developer's or a test run's, never
 * reachable from another machine; production is Neon with `NEON_DATABASE_URL`.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const WAREHOUSE_DB = 'warehouse';
export const WAREHOUSE_USER = 'warehouse';
const PG_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest installed PostgreSQL (`/usr/lib/postgresql/<version>/bin`), or null. */
export function postgresBin(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(`${PG_ROOT}/${v}/bin/postgres`) && existsSync(`${PG_ROOT}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${PG_ROOT}/${versions[0]}/bin` : null;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a server command, as the `postgres` user when this process is root; throws with its output. */
function run(cmd: string, args: string[]) {
  const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const res = spawnSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** Root: the postgres user must own the data directory and be able to reach it (every parent searchable). */
function handOver(dataDir: string) {
  if (!asRoot()) return;
  if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dirname(dataDir)]).status !== 0)
    throw new Error(`the postgres user cannot reach ${dirname(dataDir)}: make its folders searchable (chmod o+x)`);
  const pg = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (pg.status !== 0) throw new Error('running as root, and there is no postgres system user to run PostgreSQL as');
  chownSync(dataDir, Number(pg.stdout), Number(gid.stdout));
}

/** The URL of the local server's warehouse database (trust authentication: no password). */
export const localWarehouseUrl = (port: number) => `postgres://${WAREHOUSE_USER}@127.0.0.1:${port}/${WAREHOUSE_DB}`;

export interface LocalPostgres {
  port: number;
  /** postgres://warehouse@127.0.0.1:<port>/warehouse */
  url: string;
  stop(): void;
}

/**
 * Starts PostgreSQL on 127.0.0.1:`port` with its data in `dataDir` (made by initdb when empty; an
 * existing one is reused, so `npm start` keeps its warehouse), and creates the `warehouse` database.
 */
export function startPostgres(dataDir: string, port: number): LocalPostgres {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
  const dir = resolve(dataDir);
  mkdirSync(dirname(dir), { recursive: true });
  const fresh = !existsSync(`${dir}/PG_VERSION`);
  if (fresh) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    handOver(dir);
    run(`${bin}/initdb`, ['-D', dir, '-U', WAREHOUSE_USER, '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  }
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${dir}'`;
  run(`${bin}/pg_ctl`, ['-D', dir, '-o', options, '-l', `${dir}/server.log`, '-w', '-t', '120', 'start']);
  const stop = () => {
    spawnSync(asRoot() ? 'runuser' : `${bin}/pg_ctl`, [
      ...(asRoot() ? ['-u', 'postgres', '--', `${bin}/pg_ctl`] : []),
      ...['-D', dir, '-m', 'fast', '-w', 'stop'],
    ]);
  };
  try {
    const exists = run(`${bin}/psql`, [
      ...['-h', '127.0.0.1', '-p', String(port), '-U', WAREHOUSE_USER, '-d', 'postgres', '-tAc'],
      `SELECT 1 FROM pg_database WHERE datname = '${WAREHOUSE_DB}'`,
    ]);
    if (exists.trim() !== '1')
      run(`${bin}/createdb`, ['-h', '127.0.0.1', '-p', String(port), '-U', WAREHOUSE_USER, WAREHOUSE_DB]);
  } catch (err) {
    stop();
    throw err;
  }
  return { port, url: localWarehouseUrl(port), stop };
}
