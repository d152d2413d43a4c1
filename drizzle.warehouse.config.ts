/** drizzle-kit for the reporting warehouse on Postgres (ADR 052): `npx drizzle-kit generate --config drizzle.warehouse.config.ts`. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './drizzle/warehouse/schema.ts',
  out: './drizzle/warehouse/migrations',
});
