/** @module Picks the language of API messages: the user's, else Accept-Language, else English. */

import { isLanguage, LANGUAGES, type Language } from '@i18n/languages';
import type { Context } from 'hono';

export function requestLanguage(c: Context): Language {
  const user = (c.get('auth' as never) as { user?: { language?: string } } | undefined)?.user;
  if (user?.language && isLanguage(user.language)) return user.language;
  const header = c.req.header('accept-language') ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase() ?? '';
    if (isLanguage(tag)) return tag;
  }
  return LANGUAGES[0];
}
