/** Settings → Semantic layer: browse entities, metrics, dimensions and the glossary; search. */
import { useEffect, useState } from 'preact/hooks';
import { api, type EntityDetail, type SemanticOverview, type SemanticSearch } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { ModelEditor } from '../components/ModelEditor.js';

type Item = SemanticOverview['entities'][number];
type Hit = SemanticSearch['matching_entities'][number];

const GROUPS: [string, string][] = [
  ['metric', 'Metrics'],
  ['dimension', 'Dimensions'],
  ['time_dimension', 'Time dimensions'],
  ['entity', 'Entities'],
];

function DetailPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const [detail, setDetail] = useState<EntityDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDetail(null);
    api<{ entity: EntityDetail }>('GET', `/semantic/entities/${encodeURIComponent(id)}`).then(
      (r) => setDetail(r.entity),
      (e: Error) => setError(e.message),
    );
  }, [id]);
  return (
    <article class="semantic-detail" aria-live="polite">
      <ErrorNote error={error} />
      {detail ? (
        <>
          <header>
            <h3>
              {detail.name} <small class="badge">{detail.type.replace('_', ' ')}</small>
            </h3>
            <p>{detail.description}</p>
          </header>
          {[
            ['Attributes', detail.attributes],
            ['Dimensions', detail.dimensions],
            ['Relationships', detail.relationships],
          ].map(([title, list]) =>
            (list as string[]).length ? (
              <>
                <h4>{title as string}</h4>
                <ul>
                  {(list as string[]).map((a) => (
                    <li>{a}</li>
                  ))}
                </ul>
              </>
            ) : null,
          )}
          <button type="button" class="secondary small" onClick={onClose}>
            Close
          </button>
        </>
      ) : error ? null : (
        <p aria-busy="true">Loading…</p>
      )}
    </article>
  );
}

export function SemanticPage() {
  const [overview, setOverview] = useState<SemanticOverview | null>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const reload = () => api<SemanticOverview>('GET', '/semantic').then(setOverview, (e: Error) => setError(e.message));
  useEffect(() => {
    void reload();
  }, []);
  const search = async (e: Event) => {
    e.preventDefault();
    if (!query.trim()) return setHits(null);
    try {
      setHits((await api<SemanticSearch>('GET', `/semantic/search?q=${encodeURIComponent(query)}`)).matching_entities);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const idOf = (item: Item) => `${item.type}:${item.name}`;
  return (
    <section aria-labelledby="semantic-title">
      <hgroup>
        <h2 id="semantic-title">Semantic layer</h2>
        <p>What questions can be about{overview ? ` — ${String(overview.company.name ?? '')}, data as of ${overview.as_of}` : ''}.</p>
      </hgroup>
      {overview ? (
        <p class="semantic-warehouse" data-warehouse={overview.warehouse.name}>
          Warehouse <strong>{overview.warehouse.name}</strong> ({overview.warehouse.engine}), model {overview.warehouse.model}
        </p>
      ) : null}
      <form role="search" onSubmit={search}>
        <label for="semantic-search" class="visually-hidden">
          Search the semantic layer
        </label>
        <div role="group">
          <input
            id="semantic-search"
            type="search"
            placeholder="Search, e.g. shipping mode, urgent, revenue"
            value={query}
            onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
          />
          <button type="submit">Search</button>
        </div>
      </form>
      <ErrorNote error={error} />
      <button type="button" class="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
        {editing ? 'Close the editor' : 'Edit the model'}
      </button>
      {editing ? <ModelEditor onSaved={() => void reload()} /> : null}
      {selected ? <DetailPanel id={selected} onClose={() => setSelected(null)} /> : null}
      {hits ? (
        <section class="search-results" aria-labelledby="hits-title">
          <h3 id="hits-title">
            {hits.length} {hits.length === 1 ? 'match' : 'matches'} for "{query}"
          </h3>
          <ul>
            {hits.slice(0, 20).map((h) => (
              <li>
                {h.kind === 'glossary' || h.kind === 'value' ? (
                  <strong>{h.name}</strong>
                ) : (
                  <button type="button" class="link" onClick={() => setSelected(h.entity_id)}>
                    {h.name}
                  </button>
                )}{' '}
                <small class="badge">{h.kind.replace('_', ' ')}</small>
                {h.dimension ? <small> in {h.dimension}</small> : null} — <small>{h.description}</small>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {overview === null && !error ? <p aria-busy="true">Loading…</p> : null}
      {overview ? (
        <div class="semantic-groups">
          {GROUPS.map(([type, title]) => {
            const items = overview.entities.filter((e) => e.type === type);
            return items.length ? (
              <details open={type === 'metric'}>
                <summary>
                  {title} ({items.length})
                </summary>
                <ul class="semantic-list">
                  {items.map((item) => (
                    <li>
                      <button type="button" class="link" onClick={() => setSelected(idOf(item))}>
                        {item.name}
                      </button>{' '}
                      <small>{item.description}</small>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null;
          })}
          <details>
            <summary>Glossary ({Object.keys(overview.glossary).length})</summary>
            <dl class="glossary">
              {Object.entries(overview.glossary).map(([term, definition]) => (
                <>
                  <dt>{term}</dt>
                  <dd>{definition}</dd>
                </>
              ))}
            </dl>
          </details>
        </div>
      ) : null}
    </section>
  );
}
