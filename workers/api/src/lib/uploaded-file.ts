/** @module The file of an upload endpoint (imports): a multipart field `file`, or the raw request body. */
import type { Context } from 'hono';
import type { AppEnv } from '../env';

/** The uploaded bytes: a multipart field `file`, or the raw body. Null when there is no file. */
export async function uploadedFile(c: Context<AppEnv>): Promise<Uint8Array | null> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string') return null;
    return new Uint8Array(await file.arrayBuffer());
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return bytes.length > 0 ? bytes : null;
}
