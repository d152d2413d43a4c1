/** @module The 0-based pagination shared by the list routes: request fields and the page answer. */
import { z } from '@hono/zod-openapi';

/** `page` (0-based) and `items_per_page` (1–100) of a JSON list body; each list keeps its own default size. */
export const pageFields = (defaultSize: number) => ({
  page: z.number().int().min(0).default(0),
  items_per_page: z.number().int().min(1).max(100).default(defaultSize),
});

/** The same fields read from a query string (numbers arrive as text). */
export const pageQueryFields = (defaultSize: number) => ({
  page: z.coerce.number().int().min(0).default(0),
  items_per_page: z.coerce.number().int().min(1).max(100).default(defaultSize),
});

/** A page answer: the rows of the page, the total over all pages, and the page and size asked for. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number(), page: z.number(), items_per_page: z.number() });
