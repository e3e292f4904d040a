/**
 * Dashboards: the account's list (#/dashboards), and one dashboard (#/dashboards/<id>, the link to
 * share with others of the account) that re-runs its pinned queries on open and shows each tile
 * with its chart and the time it was computed.
 */
import { useEffect, useState } from 'preact/hooks';
import { RenameForm } from '../components/RenameForm.js';
import { api } from '../api.js';
import type { Dashboard, DashboardSummary } from '../../../src/schemas/dashboards.js';
import { defaultView, type ChartView } from '../charts.js';
import { CopyButton } from '../components/CopyButton.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { usePolledInquiry } from '../polling.js';
import { ResultView } from '../components/ResultView.js';
import { Working } from '../components/Working.js';
import { formatDate } from '../format.js';
import { href, navigate } from '../router.js';

export function DashboardsPage() {
  const [list, setList] = useState<DashboardSummary[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ dashboards: DashboardSummary[] }>('GET', '/dashboards').then(
      (r) => setList(r.dashboards),
      (e: Error) => setError(e.message),
    );
  }, []);
  const create = async (e: Event) => {
    e.preventDefault();
    try {
      const d = await api<Dashboard>('POST', '/dashboards', { name });
      navigate(`dashboards/${d.dashboard_id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-labelledby="dashboards-title">
      <hgroup>
        <h2 id="dashboards-title">Dashboards</h2>
        <p>Pinned answers of your account, run again each time a dashboard opens. Pin an answer with its Pin button.</p>
      </hgroup>
      <ErrorNote error={error} />
      {list === null && !error ? <p aria-busy="true">Loading…</p> : null}
      {list?.length === 0 ? <p>No dashboards yet.</p> : null}
      {list && list.length > 0 ? (
        <ul class="thread-list">
          {list.map((d) => (
            <li class="dashboard-item" data-dashboard={d.dashboard_id}>
              <a href={href(`dashboards/${d.dashboard_id}`)}>{d.name}</a>
              <small>
                {d.tile_count} {d.tile_count === 1 ? 'tile' : 'tiles'} · changed {formatDate(d.updated_at)}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
      <form class="inline-form" onSubmit={create}>
        <label>
          New dashboard name
          <input required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Make dashboard</button>
      </form>
    </section>
  );
}

function Tile({
  inquiryId,
  title,
  chartType,
  onRemove,
}: {
  inquiryId: string | null;
  title: string;
  chartType: ChartView | null;
  onRemove: () => void;
}) {
  const { inquiry, error } = usePolledInquiry(inquiryId, 700);
  const state = inquiry?.status.general ?? 'processing';
  return (
    <article class="tile" data-status={state} data-inquiry={inquiryId ?? ''}>
      <header>
        <h3>{title}</h3>
        <button type="button" class="link small" onClick={onRemove} aria-label={`Unpin ${title}`}>
          Unpin
        </button>
      </header>
      <ErrorNote error={error} />
      {!inquiry || state === 'processing' ? (
        <Working since={inquiry?.created_at ?? new Date().toISOString()} label="Refreshing…" />
      ) : state === 'done' ? (
        <>
          <ResultView inquiry={inquiry} view={chartType ?? defaultView(inquiry)} compact />
          <p class="as-of">
            <small>As of {formatDate(inquiry.completed_at)}</small>
          </p>
        </>
      ) : (
        <p class="error-note">{inquiry.error || state.replace(/_/g, ' ')}</p>
      )}
    </article>
  );
}

export function DashboardView({ dashboardId }: { dashboardId: string }) {
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Opening a dashboard runs its tiles again: each shows the data as of now.
    api<Dashboard>('POST', `/dashboards/${encodeURIComponent(dashboardId)}/refresh`).then(setDashboard, (e: Error) => setError(e.message));
  }, [dashboardId]);
  const unpin = async (tileId: string) => {
    try {
      setDashboard(await api<Dashboard>('DELETE', `/dashboards/${dashboardId}/tiles/${tileId}`));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async () => {
    if (!confirm('Delete this dashboard? Its answers stay in their threads.')) return;
    try {
      await api('DELETE', `/dashboards/${dashboardId}`);
      navigate('dashboards');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const [renaming, setRenaming] = useState<string | null>(null);
  const rename = async (e: Event) => {
    e.preventDefault();
    try {
      const r = await api<Dashboard>('POST', `/dashboards/${dashboardId}/name`, { name: renaming ?? '' });
      setDashboard((d) => (d ? { ...d, name: r.name } : d));
      setRenaming(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  if (!dashboard) return error ? <ErrorNote error={error} /> : <p aria-busy="true">Refreshing the dashboard…</p>;
  const link = `${location.origin}/${href(`dashboards/${dashboard.dashboard_id}`)}`;
  return (
    <section class="dashboard" aria-labelledby="dashboard-title" data-dashboard={dashboard.dashboard_id}>
      <hgroup>
        <h2 id="dashboard-title">{dashboard.name}</h2>
        <p>
          {dashboard.tiles.length} {dashboard.tiles.length === 1 ? 'tile' : 'tiles'}, run again now. Share the link with others of your
          account.
        </p>
      </hgroup>
      {renaming !== null ? (
        <RenameForm label="Dashboard name" value={renaming} onInput={setRenaming} onSubmit={rename} onCancel={() => setRenaming(null)} />
      ) : null}
      <div class="row-actions">
        <CopyButton text={link} label="Copy link" />
        <button type="button" class="secondary outline small" onClick={() => setRenaming(dashboard.name)}>
          Rename
        </button>
        <button type="button" class="secondary outline small" onClick={() => void remove()}>
          Delete dashboard
        </button>
      </div>
      <ErrorNote error={error} />
      {dashboard.tiles.length === 0 ? <p>Nothing pinned yet: pin an answer from a thread.</p> : null}
      <div class="tiles">
        {dashboard.tiles.map((t) => (
          <Tile
            key={`${t.tile_id}:${t.inquiry_id}`}
            inquiryId={t.inquiry_id}
            title={t.title}
            chartType={t.chart_type}
            onRemove={() => void unpin(t.tile_id)}
          />
        ))}
      </div>
    </section>
  );
}
