/** Pages other than Ask load on first visit (their own chunk), so the first load of Ask stays small. */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [Page, setPage] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Page) return;
      void load().then((c) => {
        loaded = c;
        setPage(() => c);
      });
    }, []);
    return Page ? <Page {...props} /> : <p aria-busy="true">Loading…</p>;
  };
}
