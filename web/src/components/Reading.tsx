/** The reading as chips: remove one (×) or change a time grouping's grain, and the edited query is asked again. */
import { GRAINS, KIND_NAMES, readingChips, type Query } from '../reading.js';

interface Props {
  query: Query;
  label: (name: string) => string;
  /** Absent: the chips are shown, not edited (a refusal's closest reading). */
  onEdit?: (query: Query) => void;
  busy?: boolean;
}

export function Reading({ query, label, onEdit, busy }: Props) {
  const chips = readingChips(query, label);
  if (chips.length === 0) return null;
  return (
    <ul class="reading" aria-label="How the question was read">
      {chips.map((c) => (
        <li class={`reading-chip chip-${c.kind}`} data-kind={c.kind} key={c.key}>
          <span class="chip-kind">{KIND_NAMES[c.kind]}</span> <span class="chip-text">{c.text}</span>
          {c.grain && onEdit ? (
            <select
              aria-label={`Change the grain of ${c.text.toLowerCase()}`}
              value={c.grain.value}
              disabled={busy}
              onChange={(e) => onEdit(c.grain!.change((e.target as HTMLSelectElement).value))}
            >
              {GRAINS.map((g) => (
                <option value={g}>{g}</option>
              ))}
            </select>
          ) : null}
          {c.remove && onEdit ? (
            <button
              type="button"
              class="chip-remove"
              aria-label={`Remove ${KIND_NAMES[c.kind].toLowerCase()} ${c.text}`}
              title="Remove and ask again"
              disabled={busy}
              onClick={() => onEdit(c.remove!)}
            >
              ×
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
