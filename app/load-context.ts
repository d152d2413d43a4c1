/** @module What the web worker hands every loader and action. */
declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** Calls the Hono API in process (no network hop). */
    api: (request: Request) => Promise<Response>;
  }
}

export {};
