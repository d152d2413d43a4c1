/** @module Path parameters of a user's subscription contracts (spec 2 7.8). */

import { z } from '@hono/zod-openapi';

export const UserIdParams = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'userId', in: 'path' } }),
});
export const BuyParams = UserIdParams.extend({
  contractId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'contractId', in: 'path' } }),
});
export const AutorenewParams = BuyParams.extend({
  autorenewNextTime: z
    .enum(['true', 'false', '1', '0'])
    .openapi({ param: { name: 'autorenewNextTime', in: 'path' }, description: 'Renew at the end of the term' }),
});
