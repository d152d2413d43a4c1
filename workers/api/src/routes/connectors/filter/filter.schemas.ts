/** @module The choices of the connector and station list filters. */
import { z } from '@hono/zod-openapi';

const Named = z.object({ id: z.number(), name: z.string() });

export const FilterOptions = z
  .object({
    operators: z.array(Named),
    owners: z.array(Named),
    cities: z.array(z.string()),
    groups: z.array(Named.extend({ level: z.number() })),
    /** Connector groups (tags) of the scope, for the list's tag filter. */
    tags: z.array(Named),
    statuses: z.array(z.string()),
  })
  .openapi('ConnectorFilterOptions');
