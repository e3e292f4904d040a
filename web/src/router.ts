/** Hash routes (#/ask, #/t/ses_…, #/research/inq_…): the server serves one page at `/`. */
import { useEffect, useState } from 'preact/hooks';

export function currentRoute(): string[] {
  const hash = location.hash.replace(/^#\/?/, '');
  return hash ? hash.split('/').map(decodeURIComponent) : ['ask'];
}

export function useRoute(): string[] {
  const [route, setRoute] = useState(currentRoute());
  useEffect(() => {
    const onChange = () => setRoute(currentRoute());
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export function navigate(path: string): void {
  location.hash = `#/${path}`;
}

export const href = (path: string) => `#/${path}`;
