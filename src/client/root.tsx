import { useEffect, useMemo } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { textDirection } from '../shared/language-codes.ts';
import { languageInfo } from '../shared/languages.ts';
import { localizePath, splitLanguage } from '../shared/paths.ts';
// The site's stylesheet, written into each prerendered page's head instead of linked (see Layout).
import startStyles from './app.css?inline';
import { LanguageGate } from './components/LanguageGate.tsx';
import { SiteShell } from './components/SiteShell.tsx';
import { Spinner } from './components/Spinner.tsx';
import { readLocale } from './lib/content.server.ts';
import { isOfflineError } from './lib/offline-error.ts';
import { commonString, type RootData } from './lib/root-data.ts';
import { THEME_SCRIPT } from './lib/theme-script.ts';
import { createTranslator, TranslatorProvider, type Strings } from './lib/translator.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<RootData> {
  const { lang } = splitLanguage(new URL(request.url).pathname);
  return { lang, nativeName: languageInfo(lang).nativeName, common: readLocale<Strings>(lang, 'common') };
}

/** The interface strings only change with the language, and a language change reloads the page. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return splitLanguage(currentUrl.pathname).lang !== splitLanguage(nextUrl.pathname).lang;
}

export function links() {
  return [
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    { rel: 'manifest', href: '/manifest.webmanifest' },
    { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const location = useLocation();
  const lang = data?.lang ?? splitLanguage(location.pathname).lang;
  return (
    // data-theme is the head script's (lib/theme-script.ts), set before React hydrates.
    <html lang={lang} dir={textDirection(lang)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15803d" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0f172a" media="(prefers-color-scheme: dark)" />
        {/* The saved theme before the first paint: no light flash on a dark choice (lib/theme-script.ts). In the
            prerendered HTML only: it has run by the time the page's code comes, which need not carry it. */}
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? THEME_SCRIPT : '' }} />
        {/* The stylesheet in the page itself: a linked one held the first paint for a request of its own (about
            7 KB, Lighthouse's render-blocking request). The page's code need not carry it, as above: the style
            element stands from the HTML, and a move inside the site keeps it. CSP's style-src allows inline. */}
        <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? startStyles : '' }} />
        {/* No frame before the header and the main content are parsed whole: on a busy phone the parser yields
            mid-page, and a frame showed the header's right-hand group or the tool tabs half parsed, which moved once
            the rest came. Chromium's render-blocking "expect" link holds the first frame until the footer's start tag
            (it lets go at the target's start, not its end, so the target is the part after main); other engines
            ignore it. The page's HTML is about 20 KB past the stylesheet. */}
        <link rel="expect" href="#site-footer" blocking="render" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const translator = useMemo(() => createTranslator(data.lang, data.common), [data.lang, data.common]);
  // The service worker (built by scripts/pwa-assets.mjs) keeps the app shell for an offline start.
  useEffect(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  }, []);
  return (
    <TranslatorProvider translator={translator}>
      <LanguageGate lang={data.lang}>
        <SiteShell>
          <Outlet />
        </SiteShell>
      </LanguageGate>
    </TranslatorProvider>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center text-brand-700">
      <Spinner />
    </div>
  );
}

/** A crash page in the visitor's language (the root loader's strings), linking to that language's home. */
export function ErrorBoundary({ error }: { error: unknown }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const location = useLocation();
  const lang = data?.lang ?? splitLanguage(location.pathname).lang;
  const text = (key: string, fallback: string) => (data ? commonString(data, key) : fallback);
  const status = isRouteErrorResponse(error) ? `${error.status} ` : '';
  // Offline (a move inside the app whose data or code could not come): say so, and Retry loads the address in full,
  // which the service worker answers. Anything else: the crash message and the way home.
  const offline = isOfflineError(error, typeof navigator === 'undefined' || navigator.onLine);
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <p className="text-2xl font-bold text-brand-800">Gramsave</p>
      <h1 className="mt-4 text-xl">{offline ? text('offline.title', 'You are offline') : status + text('notFound.crashed', 'Something went wrong. Please reload the page.')}</h1>
      {offline && <p className="mt-2">{text('offline.body', '')}</p>}
      <a className="mt-6 inline-flex min-h-11 items-center underline" href={offline ? location.pathname + location.search : localizePath(lang, '/')}>
        {offline ? text('offline.retry', 'Try again') : text('notFound.backHome', 'Go to the home page')}
      </a>
    </main>
  );
}
