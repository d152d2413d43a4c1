// The Remix server build, aliased in wrangler.toml to ./build/server/index.js.
declare module 'virtual:remix-build' {
  import type { ServerBuild } from '@remix-run/cloudflare';

  const build: ServerBuild;
  export = build;
}
