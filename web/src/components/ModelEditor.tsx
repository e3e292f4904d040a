/**
 * Settings -> Semantic layer -> Edit the model: a display name, synonyms, hidden, which date dates a
 * measure and the default date; each save is checked by the server (names, the data) and versioned,
 * and an earlier version can be brought back.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type ModelEditsView } from '../api.js';
import { ErrorNote } from './ErrorNote.js';

type Edits = ModelEditsView['edits'];
type ItemEdit = Edits['items'][number];
type FileItem = ModelEditsView['items'][number];

const keyOf = (x: { kind: string; name: string }) => `${x.kind}:${x.name}`;
const KIND_LABEL: Record<string, string> = {
  entity: 'thing',
  measure: 'measure',
  metric: 'metric',
  dimension: 'dimension',
  time_dimension: 'time dimension',
};

export function ModelEditor({ onSaved }: { onSaved: () => void }) {
  const [view, setView] = useState<ModelEditsView | null>(null);
  const [selected, setSelected] = useState('');
  const [label, setLabel] = useState('');
  const [synonyms, setSynonyms] = useState('');
  const [hidden, setHidden] = useState(false);
  const [dating, setDating] = useState('');
  const [defaultTd, setDefaultTd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const load = (v: ModelEditsView) => {
    setView(v);
    setDefaultTd(v.edits.default_time_dimension ?? v.default_time_dimension ?? '');
  };
  useEffect(() => {
    api<ModelEditsView>('GET', '/semantic/edits').then(load, (e: Error) => setError(e.message));
  }, []);

  const item: FileItem | undefined = view?.items.find((i) => keyOf(i) === selected);
  const editOf = (v: ModelEditsView, k: string) => v.edits.items.find((e) => keyOf(e) === k);
  const choose = (k: string) => {
    setSelected(k);
    const file = view!.items.find((i) => keyOf(i) === k);
    const edit = editOf(view!, k);
    setLabel(edit?.label ?? file?.label ?? '');
    setSynonyms((edit?.synonyms ?? file?.synonyms ?? []).join(', '));
    setHidden(edit?.hidden ?? false);
    setDating(edit?.time_dimension ?? file?.time_dimension ?? '');
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (!view) return;
    setError(null);
    setStatus('');
    const items: ItemEdit[] = view.edits.items.filter((x) => keyOf(x) !== selected);
    if (item) {
      const edit: ItemEdit = { kind: item.kind, name: item.name };
      if (label.trim() && label.trim() !== (item.label ?? '')) edit.label = label.trim();
      const words = synonyms
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean);
      if (words.join(',') !== item.synonyms.join(',')) edit.synonyms = words;
      if (hidden) edit.hidden = true;
      if (item.kind === 'measure' && dating && dating !== (item.time_dimension ?? '')) edit.time_dimension = dating;
      if (Object.keys(edit).length > 2) items.push(edit);
    }
    const edits: Edits = { items };
    if (defaultTd && defaultTd !== (view.default_time_dimension ?? '')) edits.default_time_dimension = defaultTd;
    try {
      const v = await api<ModelEditsView>('PUT', '/semantic/edits', { base_version: view.version, edits });
      load(v);
      setStatus(`Saved as version ${v.version}.`);
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const revert = async (version: number) => {
    setError(null);
    try {
      const v = await api<ModelEditsView>('POST', '/semantic/edits/revert', { version });
      load(v);
      setSelected('');
      setStatus(`Version ${version} brought back as version ${v.version}.`);
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  if (!view) return error ? <ErrorNote error={error} /> : <p aria-busy="true">Loading…</p>;
  const tds = view.items.filter((i) => i.kind === 'time_dimension');
  return (
    <section class="model-editor" aria-labelledby="model-editor-title">
      <h3 id="model-editor-title">Edit the model</h3>
      <p>
        Version <strong class="model-version">{view.version}</strong> of warehouse {view.warehouse}. Each save is checked against the data
        first.
      </p>
      <form onSubmit={save}>
        <label for="edit-item">
          Item
          <select id="edit-item" value={selected} onChange={(e) => choose((e.target as HTMLSelectElement).value)}>
            <option value="">(choose one)</option>
            {view.items.map((i) => (
              <option value={keyOf(i)}>
                {i.name} ({KIND_LABEL[i.kind]})
              </option>
            ))}
          </select>
        </label>
        {item ? (
          <fieldset>
            {item.kind !== 'entity' ? (
              <label for="edit-label">
                Display name
                <input id="edit-label" value={label} onInput={(e) => setLabel((e.target as HTMLInputElement).value)} />
              </label>
            ) : null}
            <label for="edit-synonyms">
              Synonyms (comma-separated)
              <input id="edit-synonyms" value={synonyms} onInput={(e) => setSynonyms((e.target as HTMLInputElement).value)} />
            </label>
            {item.kind === 'measure' ? (
              <label for="edit-dating">
                Dated by
                <select id="edit-dating" value={dating} onChange={(e) => setDating((e.target as HTMLSelectElement).value)}>
                  <option value="">(none)</option>
                  {tds.map((t) => (
                    <option value={t.name}>{t.label ?? t.name}</option>
                  ))}
                </select>
              </label>
            ) : null}
            <label for="edit-hidden">
              <input
                id="edit-hidden"
                type="checkbox"
                checked={hidden}
                onChange={(e) => setHidden((e.target as HTMLInputElement).checked)}
              />
              Hidden (never answered from or listed)
            </label>
          </fieldset>
        ) : null}
        <label for="edit-default-td">
          Default time dimension
          <select id="edit-default-td" value={defaultTd} onChange={(e) => setDefaultTd((e.target as HTMLSelectElement).value)}>
            <option value="">(none)</option>
            {tds.map((t) => (
              <option value={t.name}>{t.label ?? t.name}</option>
            ))}
          </select>
        </label>
        <button type="submit">Check and save</button>
      </form>
      <ErrorNote error={error} />
      {status ? (
        <p role="status" class="model-saved">
          {status}
        </p>
      ) : null}
      {view.versions.length ? (
        <details>
          <summary>Versions ({view.versions.length})</summary>
          <ul class="model-versions">
            <li>
              Version 0 — the model file as written{' '}
              <button type="button" class="secondary small" onClick={() => revert(0)} aria-label="Go back to version 0">
                Go back
              </button>
            </li>
            {view.versions.map((v) => (
              <li>
                Version {v.version} — {new Date(v.saved_at).toLocaleString()}
                {v.restored_from !== null ? ` (version ${v.restored_from} again)` : ''}{' '}
                {v.version !== view.version ? (
                  <button
                    type="button"
                    class="secondary small"
                    onClick={() => revert(v.version)}
                    aria-label={`Go back to version ${v.version}`}
                  >
                    Go back
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
