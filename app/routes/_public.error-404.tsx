/** @module /error-404: the not-found page. */
import type { MetaFunction } from '@remix-run/cloudflare';
import { NotFoundContent } from '../components/error-pages';
import { titleMeta } from '../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'notFound.title');

export default function Error404() {
  return <NotFoundContent homeUrl="/" />;
}
