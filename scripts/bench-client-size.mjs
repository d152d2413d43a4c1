// `npm run bench:client-size`: gzip size of the JavaScript a browser loads for a page (entry, root
// and the matched route chain, with their imports), read from the Remix manifest of the last build.
// Baseline in the same run: the size of the bare runtime (entry + root) that every page pays.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const assets = 'build/client/assets';
const manifestFile = readdirSync(assets).find((f) => f.startsWith('manifest-'));
if (!manifestFile) throw new Error('No build found: run npm run build first');
const manifest = JSON.parse(
  readFileSync(`${assets}/${manifestFile}`, 'utf8')
    .replace(/^window.__remixManifest=/, '')
    .replace(/;$/, ''),
);

/** The route chain whose paths, joined, match the URL (static segments, `:param` and `*`). */
function matchChain(url) {
  const routes = Object.values(manifest.routes);
  const children = (parentId) => routes.filter((r) => r.parentId === parentId);
  const segments = url.split('/').filter(Boolean);
  function walk(route, rest) {
    const own = (route.path ?? '').split('/').filter(Boolean);
    if (own.length > rest.length && !own.includes('*')) return null;
    for (const [i, seg] of own.entries()) {
      if (seg === '*') return [route];
      if (!seg.startsWith(':') && seg !== rest[i]) return null;
    }
    const left = rest.slice(own.length);
    if (left.length === 0 && (route.index || children(route.id).length === 0 || route.path !== undefined)) {
      const index = children(route.id).find((c) => c.index);
      if (route.index || !index) return [route];
    }
    for (const child of children(route.id).sort((a, b) => Number(Boolean(b.path)) - Number(Boolean(a.path)))) {
      const found = walk(child, left);
      if (found) return [route, ...found];
    }
    return left.length === 0 && !route.index ? [route] : null;
  }
  return walk(manifest.routes.root, segments) ?? [manifest.routes.root];
}

function jsFor(chain) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  return [...files];
}

const gz = (files) => files.reduce((sum, f) => sum + gzipSync(readFileSync(`build/client${f}`)).length, 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

const baseline = gz(jsFor([manifest.routes.root]));
console.log(`baseline (entry + root, every page): ${kb(baseline)} gzip`);
for (const url of process.argv.slice(2).length ? process.argv.slice(2) : ['/login', '/connectors/overview']) {
  const chain = matchChain(url);
  const total = gz(jsFor(chain));
  console.log(
    `${url.padEnd(24)} ${kb(total).padStart(10)} gzip  (+${kb(total - baseline)} over baseline; routes: ${chain.map((r) => r.id).join(' > ')})`,
  );
}
