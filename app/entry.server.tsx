import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { NonceContext } from './lib/nonce';
import { newNonce, setHtmlSecurityHeaders } from './lib/security-headers.server';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const nonce = newNonce();
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        console.error(error);
        status = 500;
      },
    },
  );
  if (isbot(request.headers.get('user-agent') ?? '')) await body.allReady;
  responseHeaders.set('Content-Type', 'text/html');
  setHtmlSecurityHeaders(responseHeaders, nonce, loadContext.cloudflare?.env);
  return new Response(body, { headers: responseHeaders, status });
}
