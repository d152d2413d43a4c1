/** @module Schemas of the links a charge point uploads diagnostics to and downloads firmware from. */

import { z } from '@hono/zod-openapi';

export const Token = z.object({ token: z.string().min(20).max(100) });
export const ByTokenAndName = Token.extend({ filename: z.string().min(1).max(200) });
export const Uploaded = z.object({ filename: z.string(), size: z.number() });
