/** Settings → API keys: create with a name (the value is shown once), list, revoke. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ApiKeyCreated, type ApiKeyView } from '../api.js';
import { CopyButton } from '../components/CopyButton.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { formatDate } from '../format.js';

function keyState(k: ApiKeyView): string {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && new Date(k.expires_at).getTime() <= Date.now()) return 'expired';
  return 'active';
}

export function KeysPage() {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [created, setCreated] = useState<{ key: string; api_key: ApiKeyView } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef<HTMLInputElement>(null);

  const load = () =>
    api<{ keys: ApiKeyView[] }>('GET', '/keys').then(
      (r) => setKeys(r.keys),
      (e: Error) => setError(e.message),
    );
  useEffect(() => void load(), []);
  useEffect(() => {
    if (created) shown.current?.focus();
  }, [created]);

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api<ApiKeyCreated>('POST', '/keys', { name, expires_in_days: days ? Number(days) : null });
      setCreated(r);
      setName('');
      setDays('');
      await load();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (k: ApiKeyView) => {
    if (!confirm(`Revoke the key "${k.name}" (${k.prefix}…)? Programs using it will get 401 from now on.`)) return;
    try {
      await api('DELETE', `/keys/${k.id}`);
      if (created?.api_key.id === k.id) setCreated(null);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section aria-labelledby="keys-title">
      <hgroup>
        <h2 id="keys-title">API keys</h2>
        <p>
          Keys let programs call the REST API and agents use the tool interface. Sessions made with a key do not appear in your history.
        </p>
      </hgroup>
      <form class="new-key" onSubmit={create}>
        <div class="grid">
          <label>
            Key name
            <input
              name="key-name"
              required
              maxLength={100}
              placeholder="e.g. ci-bot"
              value={name}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
            />
          </label>
          <label>
            Expires in days (optional)
            <input
              name="expires"
              type="number"
              min={1}
              max={3650}
              step={1}
              placeholder="never"
              value={days}
              onInput={(e) => setDays((e.target as HTMLInputElement).value)}
            />
          </label>
        </div>
        <button type="submit" aria-busy={busy} disabled={busy}>
          Create key
        </button>
      </form>
      {created ? (
        <article class="new-key-value" aria-labelledby="new-key-title">
          <h3 id="new-key-title">Key "{created.api_key.name}" created</h3>
          <p>
            <strong>Copy it now: it is shown only this once.</strong> Send it in the <code>X-API-Key</code> header.
          </p>
          <div role="group">
            <input
              ref={shown}
              readOnly
              aria-label="The new API key"
              value={created.key}
              class="key-value"
              onFocus={(e) => (e.target as HTMLInputElement).select()}
            />
            <CopyButton text={created.key} label="Copy key" />
          </div>
          <button type="button" class="secondary small" onClick={() => setCreated(null)}>
            Done, I have stored it
          </button>
        </article>
      ) : null}
      <ErrorNote error={error} />
      {keys === null && !error ? <p aria-busy="true">Loading…</p> : null}
      {keys && keys.length > 0 ? (
        <div class="overflow-auto">
          <table class="keys-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr data-key={k.id} data-state={keyState(k)}>
                  <td>{k.name}</td>
                  <td>
                    <code>{k.prefix}…</code>
                  </td>
                  <td>{formatDate(k.created_at)}</td>
                  <td class="last-used">{k.last_used_at ? formatDate(k.last_used_at) : 'never'}</td>
                  <td>{k.expires_at ? formatDate(k.expires_at) : 'never'}</td>
                  <td>
                    <span class={`status status-${keyState(k)}`}>{keyState(k)}</span>
                  </td>
                  <td>
                    {keyState(k) === 'active' ? (
                      <button
                        type="button"
                        class="contrast outline small"
                        onClick={() => void revoke(k)}
                        aria-label={`Revoke key ${k.name}`}
                      >
                        Revoke
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
