/** The shell: sign-in gate, navigation, the page of the current route, sign-out. */
import { useEffect, useState } from 'preact/hooks';
import { api, setCsrfToken, whenSignedOut, type SignedInView } from './api.js';
import { lazyPage } from './lazy.js';
import { AskPage } from './pages/Ask.js';

const DashboardsPage = lazyPage(() => import('./pages/Dashboards.js').then((m) => m.DashboardsPage));
const DashboardView = lazyPage(() => import('./pages/Dashboards.js').then((m) => m.DashboardView));
const HistoryPage = lazyPage(() => import('./pages/History.js').then((m) => m.HistoryPage));
const KeysPage = lazyPage(() => import('./pages/Keys.js').then((m) => m.KeysPage));
const ReportsPage = lazyPage(() => import('./pages/Reports.js').then((m) => m.ReportsPage));
const ResearchStart = lazyPage(() => import('./pages/Research.js').then((m) => m.ResearchStart));
const ResearchView = lazyPage(() => import('./pages/Research.js').then((m) => m.ResearchView));
const SemanticPage = lazyPage(() => import('./pages/Semantic.js').then((m) => m.SemanticPage));
import { SignInPage } from './pages/SignIn.js';
import { href, useRoute } from './router.js';

const NAV: [string, string, (r: string[]) => boolean][] = [
  ['ask', 'Ask', (r) => r[0] === 'ask' || r[0] === 't'],
  ['history', 'History', (r) => r[0] === 'history'],
  ['dashboards', 'Dashboards', (r) => r[0] === 'dashboards'],
  ['research', 'Research', (r) => r[0] === 'research'],
  ['reports', 'Reports', (r) => r[0] === 'reports'],
  ['settings/keys', 'API keys', (r) => r[0] === 'settings' && r[1] === 'keys'],
  ['settings/semantic', 'Semantic layer', (r) => r[0] === 'settings' && r[1] === 'semantic'],
];

function Page({ route }: { route: string[] }) {
  const [section, id] = route;
  if (section === 't' && id) return <AskPage key={id} sessionId={id} />;
  if (section === 'history') return <HistoryPage />;
  if (section === 'dashboards') return id ? <DashboardView key={id} dashboardId={id} /> : <DashboardsPage />;
  if (section === 'research') return id ? <ResearchView key={id} inquiryId={id} /> : <ResearchStart />;
  if (section === 'reports') return <ReportsPage />;
  if (section === 'settings' && id === 'semantic') return <SemanticPage />;
  if (section === 'settings') return <KeysPage />;
  return <AskPage key="new" sessionId={null} />;
}

export function App() {
  const [me, setMe] = useState<SignedInView | null | undefined>(undefined);
  const route = useRoute();
  useEffect(() => {
    whenSignedOut(() => setMe(null));
    api<SignedInView | { user: null }>('GET', '/me').then(
      (m) => {
        if (!m.user) return setMe(null);
        setCsrfToken((m as SignedInView).csrf_token);
        setMe(m as SignedInView);
      },
      () => setMe(null),
    );
  }, []);
  // The page (ask and its threads count as one), for the title and focus.
  const section = route[0] === 't' ? 'ask' : route[0] === 'settings' ? `settings/${route[1] ?? 'keys'}` : route[0];
  useEffect(() => {
    const title = NAV.find(([, , active]) => active(route))?.[1];
    document.title = me ? `${title ?? 'Quarry'} · Quarry` : 'Sign in · Quarry';
  }, [route.join('/'), me]);
  useEffect(() => {
    // A page change moves focus: on Ask into the question box (typing goes there at once), elsewhere to the page's heading.
    if (!me) return;
    let tries = 0;
    let t: ReturnType<typeof setTimeout>;
    const focus = () => {
      const box = section === 'ask' ? document.querySelector<HTMLElement>('#question') : null;
      if (box) return box.focus({ preventScroll: true });
      const heading = document.querySelector<HTMLElement>('main h2');
      // a page loaded on first visit has no heading yet: look again shortly
      if (!heading) return void (++tries < 20 && (t = setTimeout(focus, 50)));
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };
    t = setTimeout(focus, 50);
    return () => clearTimeout(t);
  }, [section, !!me]);

  if (me === undefined)
    return (
      <p aria-busy="true" class="container">
        Loading…
      </p>
    );
  if (me === null)
    return (
      <SignInPage
        onSignedIn={(m) => {
          setCsrfToken(m.csrf_token);
          setMe(m);
        }}
      />
    );

  const signOut = async () => {
    try {
      await api('POST', '/logout');
    } finally {
      setCsrfToken('');
      setMe(null);
      location.hash = '#/ask';
    }
  };
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="app-header">
        <nav class="container-fluid" aria-label="Main">
          <ul>
            <li>
              <a href={href('ask')} class="brand">
                <strong>Quarry</strong>
              </a>
            </li>
          </ul>
          <ul class="nav-links">
            {NAV.map(([path, label, active]) => (
              <li>
                <a href={href(path)} aria-current={active(route) ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
          <ul>
            <li class="who">
              <small title={me.user.account_name}>{me.user.email}</small>
            </li>
            <li>
              <button type="button" class="secondary outline small" onClick={() => void signOut()}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" class="container">
        <Page route={route} />
      </main>
    </>
  );
}
