/**
 * @module The web worker's entry: /api to the Hono API, /ocpi to the OCPI transport, everything else to Remix (static assets
 * are served before this runs), scheduled() to the cron jobs.
 */

import * as build from 'virtual:remix-build';
import { type AppLoadContext, createRequestHandler } from '@remix-run/cloudflare';
import { setCommonSecurityHeaders } from '../../app/lib/security-headers.server';
import { isCrossSiteWrite } from '../../domain/identity/same-origin';
import { createApi } from '../api/src/app';
import { withNumberStyle } from '../api/src/lib/number-style';
import { createOcpi } from '../api/src/ocpi/ocpi.app';
import { runScheduled } from '../cron/src';
import { handleLiveFeed, LiveFeed } from './live-feed';
import { missingConfiguration } from './required-config';

export { LiveFeed };

const api = createApi();
const ocpi = createOcpi();
const remix = createRequestHandler(build as never, build.mode);

export default {
  async fetch(request, env, ctx) {
    // No SESSION_SECRET (a deploy without its secret): refuse everything, plainly, rather than half-serve.
    const unconfigured = missingConfiguration(env);
    if (unconfigured) return unconfigured;
    const url = new URL(request.url);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return api.fetch(request, env, ctx);
    // OCPI roaming partners (ADR 057): token-authenticated, never cookie-authenticated.
    if (url.pathname === '/ocpi' || url.pathname.startsWith('/ocpi/')) return ocpi.fetch(request, env, ctx);
    // Locally one port serves everything; in production /ocpp/* is routed to the ocpp worker directly.
    if (url.pathname.startsWith('/ocpp/') && env.OCPP) return env.OCPP.fetch(request);
    // Remix actions act with the browser's cookie: a form posted from another site is refused here.
    if (isCrossSiteWrite(request.method, request.url, request.headers)) {
      return new Response('Forbidden: cross-site request', { status: 403, headers: { 'content-type': 'text/plain' } });
    }
    const apiInProcess = (req: Request) => Promise.resolve(api.fetch(req, env, ctx));
    if (url.pathname.startsWith('/parties/')) {
      return (await handleLiveFeed(request, env, apiInProcess)) ?? new Response('Not found', { status: 404 });
    }
    const loadContext: AppLoadContext = {
      cloudflare: { env, ctx },
      api: apiInProcess,
    };
    // One number style store for the whole page: its loaders' API calls set it (white-label, ADR 049).
    const response = await withNumberStyle(() => remix(request, loadContext));
    if (response.status === 101) return response;
    // HTML pages already carry their CSP (entry.server); redirects, data and resource routes get the rest.
    const headers = new Headers(response.headers);
    setCommonSecurityHeaders(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
} satisfies ExportedHandler<Env>;
