import { copyFileSync, mkdirSync } from 'node:fs';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

declare module '@remix-run/cloudflare' {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The API reference page (/api/docs) loads Scalar from our own assets, never from a CDN. */
function vendorScalar(): Plugin {
  return {
    name: 'vendor-scalar',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir?.endsWith('client')) return;
      mkdirSync(`${options.dir}/vendor`, { recursive: true });
      copyFileSync(
        'node_modules/@scalar/api-reference/dist/browser/standalone.js',
        `${options.dir}/vendor/scalar-api-reference.js`,
      );
    },
  };
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    vendorScalar(),
  ],
  ssr: {
    resolve: { conditions: ['workerd', 'worker', 'browser'], externalConditions: ['workerd', 'worker'] },
  },
  build: { minify: true },
});
