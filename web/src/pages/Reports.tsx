/** Scheduled reports: create (cron + time zone), list, their runs, delete. */
import { useEffect, useState } from 'preact/hooks';
import { api, type Report, type ReportRuns } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatDate } from '../format.js';
import { href } from '../router.js';

type Run = ReportRuns['runs'][number];

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

function Runs({ reportId }: { reportId: string }) {
  const [runs, setRuns] = useState<Run[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<ReportRuns>('GET', `/reports/${reportId}/runs`).then(
      (r) => setRuns(r.runs),
      (e: Error) => setError(e.message),
    );
  }, [reportId]);
  if (error) return <ErrorNote error={error} />;
  if (!runs) return <p aria-busy="true">Loading runs…</p>;
  if (runs.length === 0) return <p class="runs-empty">No runs yet: the first one starts at the next due time.</p>;
  return (
    <ul class="runs">
      {runs.map((r) => (
        <li>
          <a href={href(`research/${r.inquiry_id}`)}>{formatDate(r.scheduled_for)}</a> ·{' '}
          <span class={`status status-${r.status}`}>{r.status.replace(/_/g, ' ')}</span>
          {r.status === 'processing' ? ` · ${r.progress}%` : ''}
        </li>
      ))}
    </ul>
  );
}

export function ReportsPage() {
  const [reports, setReports] = useState<Report[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [form, setForm] = useState({ name: '', question: '', schedule: '0 8 * * 1', timezone: browserZone });
  const [busy, setBusy] = useState(false);

  const load = () =>
    api<{ reports: Report[] }>('GET', '/reports').then(
      (r) => setReports(r.reports),
      (e: Error) => setError(e.message),
    );
  useEffect(() => void load(), []);

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api<Report>('POST', '/reports', form);
      setForm({ ...form, name: '', question: '' });
      await load();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (r: Report) => {
    if (!confirm(`Delete the report "${r.name}"? No further runs will start; earlier runs stay readable.`)) return;
    try {
      await api('DELETE', `/reports/${r.id}`);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const field = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });

  return (
    <section aria-labelledby="reports-title">
      <hgroup>
        <h2 id="reports-title">Scheduled reports</h2>
        <p>A research question run on a schedule; every run writes a report.</p>
      </hgroup>
      <article class="new-report" aria-labelledby="new-report-title">
        <h3 id="new-report-title">New scheduled report</h3>
        <form onSubmit={create}>
          <label>
            Name
            <input name="name" required maxLength={200} value={form.name} onInput={field('name')} placeholder="Weekly revenue review" />
          </label>
          <label>
            Research question
            <input
              name="question"
              required
              maxLength={2000}
              value={form.question}
              onInput={field('question')}
              placeholder="Why did revenue change last month?"
            />
          </label>
          <div class="grid">
            <label>
              Schedule (cron)
              <input name="schedule" required value={form.schedule} onInput={field('schedule')} aria-describedby="cron-help" />
              <small id="cron-help">minute hour day month weekday — "0 8 * * 1" is Mondays at 08:00</small>
            </label>
            <label>
              Time zone
              <input name="timezone" required list="time-zones" value={form.timezone} onInput={field('timezone')} />
              <datalist id="time-zones">
                {zones.map((z) => (
                  <option value={z} />
                ))}
              </datalist>
            </label>
          </div>
          <button type="submit" aria-busy={busy} disabled={busy}>
            Schedule report
          </button>
        </form>
      </article>
      <ErrorNote error={error} />
      {reports === null && !error ? <p aria-busy="true">Loading…</p> : null}
      {reports?.length === 0 ? <p>No scheduled reports yet.</p> : null}
      {reports && reports.length > 0 ? (
        <div class="overflow-auto">
          <table class="reports-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Question</th>
                <th scope="col">Schedule</th>
                <th scope="col">Next run</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <>
                  <tr data-report={r.id}>
                    <td>{r.name}</td>
                    <td>{r.question}</td>
                    <td>
                      <code>{r.schedule}</code> <small>{r.timezone}</small>
                    </td>
                    <td>{formatDate(r.next_run_at)}</td>
                    <td class="row-actions">
                      <button
                        type="button"
                        class="secondary outline small"
                        aria-expanded={open === r.id}
                        onClick={() => setOpen(open === r.id ? null : r.id)}
                      >
                        Runs
                      </button>
                      <button
                        type="button"
                        class="contrast outline small"
                        onClick={() => void remove(r)}
                        aria-label={`Delete report ${r.name}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                  {open === r.id ? (
                    <tr>
                      <td colSpan={5}>
                        <Runs reportId={r.id} />
                      </td>
                    </tr>
                  ) : null}
                </>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
