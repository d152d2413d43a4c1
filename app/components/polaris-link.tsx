/** @module Polaris links (navigation items, actions with a url) as Remix client-side links. */
import { Link } from '@remix-run/react';
import type { AppProviderProps } from '@shopify/polaris';
import { type ComponentProps, forwardRef } from 'react';

type LinkLikeComponentProps = ComponentProps<NonNullable<AppProviderProps['linkComponent']>>;

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export const PolarisLink = forwardRef<HTMLAnchorElement, LinkLikeComponentProps>(function PolarisLink(
  { url, external, children, ...rest },
  ref,
) {
  if (external || EXTERNAL.test(url)) {
    return (
      <a ref={ref} href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  // A download (a PDF, a CSV) is a document request: a client-side navigation would ask the
  // resource route for loader data instead, and the browser would never download the file.
  if (rest.download) {
    return (
      <a ref={ref} href={url} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={url} prefetch="intent" {...rest}>
      {children}
    </Link>
  );
});
