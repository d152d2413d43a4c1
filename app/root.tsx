import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { AppProvider } from '@shopify/polaris';
import polarisStyles from '@shopify/polaris/build/esm/styles.css?url';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FeedbackProvider } from './components/feedback';
import { PolarisLink } from './components/polaris-link';
import { catalogFor, localeFor } from './i18n/i18n.server';
import { createI18n } from './i18n/instance';
import { readThemeCookie, takeToast } from './lib/cookies.server';
import { useNonce } from './lib/nonce';
import { getMe } from './lib/session.server';
import { isTheme, polarisTheme, polarisThemeClass, type Theme } from './lib/theme';
import appStyles from './styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: polarisStyles },
  { rel: 'stylesheet', href: appStyles },
  // No icon yet: an empty one keeps browsers from asking for /favicon.ico (a 404 in the logs).
  { rel: 'icon', href: 'data:,' },
];

/** Language, theme and the one catalog the browser needs; plus a toast left by a redirecting action. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [state, locale, themeCookie, pending] = await Promise.all([
    getMe(request, context),
    localeFor(request, context),
    readThemeCookie(request),
    takeToast(request),
  ]);
  const userTheme = state.status === 'ok' && isTheme(state.me.user.theme) ? state.me.user.theme : null;
  const theme: Theme = userTheme ?? themeCookie ?? 'light';
  const headers = new Headers();
  for (const value of state.setCookies) headers.append('Set-Cookie', value);
  if (pending.clear) headers.append('Set-Cookie', pending.clear);
  return data({ locale, theme, toast: pending.toast, ...catalogFor(locale) }, { headers });
}

/**
 * The root's data (language, theme, catalog) only changes through an action (login, preferences,
 * logout) or an explicit revalidation, so plain navigations do not send the catalog again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
};

function Document({ lang, themeClass, children }: { lang: string; themeClass?: string; children: ReactNode }) {
  // Remix's inline scripts carry the response's CSP nonce (entry.server).
  const nonce = useNonce();
  // Marks the document once React owns it. Until then a click submits natively and what is typed
  // into a controlled field is reset by hydration; the browser tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang={lang} className={themeClass}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, theme, translation, polaris } = useLoaderData<typeof loader>();
  const i18n = useMemo(() => createI18n(locale, translation), [locale, translation]);
  return (
    <Document lang={locale} themeClass={polarisThemeClass(theme)}>
      <I18nextProvider i18n={i18n}>
        <AppProvider i18n={polaris} theme={polarisTheme(theme)} linkComponent={PolarisLink}>
          <FeedbackProvider>
            <Outlet />
          </FeedbackProvider>
        </AppProvider>
      </I18nextProvider>
    </Document>
  );
}

/**
 * Only reached when the root itself fails, so Polaris may be what broke: plain HTML, in the page's
 * language when the root's catalog arrived, in English otherwise.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const text = root?.translation;
  return (
    <Document lang={root?.locale ?? 'en'}>
      <main style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}>
        <p>{(text?.errorPage.status ?? 'Error {{status}}').replace('{{status}}', String(status))}</p>
        <h1>{text?.errorPage.title ?? 'Something went wrong'}</h1>
        <p>
          <a href="/">{text?.common.reload ?? 'Reload the page'}</a>
        </p>
      </main>
    </Document>
  );
}
