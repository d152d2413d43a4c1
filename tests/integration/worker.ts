// The worker under test for the API's integration tests: the Hono API, the OCPI transport and the live feed rooms,
// as in workers/web/index.ts, without the Remix build.
import { createApi } from '../../workers/api/src/app';
import { createOcpi } from '../../workers/api/src/ocpi/ocpi.app';
import { handleLiveFeed, LiveFeed } from '../../workers/web/live-feed';

export { LiveFeed };

const api = createApi();
const ocpi = createOcpi();
export default {
  async fetch(request, env, ctx) {
    if (new URL(request.url).pathname.startsWith('/parties/')) {
      const inProcess = (req: Request) => Promise.resolve(api.fetch(req, env, ctx));
      return (await handleLiveFeed(request, env, inProcess)) ?? new Response('Not found', { status: 404 });
    }
    if (new URL(request.url).pathname.startsWith('/ocpi/')) return ocpi.fetch(request, env, ctx);
    return api.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
