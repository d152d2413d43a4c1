// The worker under test for the API's integration tests: the Hono API alone (no Remix build needed).
import { createApi } from '../../workers/api/src/app';

const api = createApi();
export default { fetch: api.fetch } satisfies ExportedHandler<Env>;
