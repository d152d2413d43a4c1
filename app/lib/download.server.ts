/** @module A file the API streams (an export, a PDF), passed to the browser unchanged with its download headers. */

const PASSED = ['content-type', 'content-disposition', 'x-export-rows', 'x-export-total', 'cache-control'];

/** The API's file answer as the browser's, body streamed through without buffering. */
export function passDownload(res: Pick<Response, 'headers' | 'body'>): Response {
  const headers = new Headers();
  for (const name of PASSED) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: 200, headers });
}
