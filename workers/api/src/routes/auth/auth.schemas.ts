/**
 * @module What the resources of this folder share in their shapes (spec 7.1). Failures that have
 * their own text in the error catalogue name it by message key (see lib/keyed-validation.ts).
 */
export { jsonBody } from '@api/lib/route';

import { z } from '@hono/zod-openapi';

export const MessageOk = z.object({ message: z.literal('OK') }).openapi('MessageOk');
