/** Pin an answer to a dashboard: pick one of the account's, or name a new one. */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import type { Dashboard, DashboardSummary } from '../../../src/schemas/dashboards.js';
import type { ChartView } from '../charts.js';
import { href } from '../router.js';

export function PinButton({ inquiryId, view }: { inquiryId: string; view: ChartView }) {
  const [open, setOpen] = useState(false);
  const [dashboards, setDashboards] = useState<DashboardSummary[] | null>(null);
  const [target, setTarget] = useState('');
  const [name, setName] = useState('');
  const [pinned, setPinned] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    setOpen(true);
    setError(null);
    try {
      const list = (await api<{ dashboards: DashboardSummary[] }>('GET', '/dashboards')).dashboards;
      setDashboards(list);
      setTarget(list[0]?.dashboard_id ?? 'new');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const pin = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const d =
        target === 'new'
          ? await api<Dashboard>('POST', '/dashboards', { name })
          : { dashboard_id: target, name: dashboards?.find((x) => x.dashboard_id === target)?.name ?? '' };
      await api<Dashboard>('POST', `/dashboards/${d.dashboard_id}/tiles`, { inquiry_id: inquiryId, chart_type: view });
      setPinned({ id: d.dashboard_id, name: d.name });
      setOpen(false);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  if (pinned)
    return (
      <p class="pinned" role="status">
        Pinned to <a href={href(`dashboards/${pinned.id}`)}>{pinned.name}</a>
      </p>
    );
  if (!open)
    return (
      <button type="button" class="secondary outline small" onClick={() => void show()}>
        Pin
      </button>
    );
  return (
    <form class="pin-form" onSubmit={pin} aria-label="Pin to a dashboard">
      <label for={`pin-to-${inquiryId}`}>Dashboard</label>
      <select id={`pin-to-${inquiryId}`} value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
        {(dashboards ?? []).map((d) => (
          <option value={d.dashboard_id}>{d.name}</option>
        ))}
        <option value="new">New dashboard…</option>
      </select>
      {target === 'new' ? (
        <>
          <label for={`pin-name-${inquiryId}`}>New dashboard name</label>
          <input
            id={`pin-name-${inquiryId}`}
            required
            maxLength={120}
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </>
      ) : null}
      <div class="row-actions">
        <button type="submit" class="small">
          Pin here
        </button>
        <button type="button" class="secondary outline small" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {error ? (
        <p role="alert" class="error-note">
          {error}
        </p>
      ) : null}
    </form>
  );
}
