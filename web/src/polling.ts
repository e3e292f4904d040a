/** An inquiry's status as a page shows it while it runs. */
import { useEffect, useState } from 'preact/hooks';
import { api, isTerminal, type InquiryStatusResponse } from './api.js';

/**
 * Reads the inquiry and reads it again every `intervalMs` until it is terminal; stops when the
 * component goes or the id changes. The setters let a page put in what an action returned (a stop).
 */
export function usePolledInquiry(inquiryId: string | null, intervalMs: number) {
  const [inquiry, setInquiry] = useState<InquiryStatusResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!inquiryId) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const r = await api<InquiryStatusResponse>('GET', `/inquiries/${encodeURIComponent(inquiryId)}`);
        if (!alive) return;
        setInquiry(r);
        if (!isTerminal(r.status.general)) timer = setTimeout(load, intervalMs);
      } catch (e) {
        if (alive) setError((e as Error).message);
      }
    };
    void load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [inquiryId, intervalMs]);
  return { inquiry, setInquiry, error, setError };
}
