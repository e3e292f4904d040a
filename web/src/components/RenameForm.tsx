/** The name of a thread or a dashboard, edited in place: one form for both. */
export function RenameForm(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  onSubmit: (e: Event) => void;
  onCancel: () => void;
}) {
  return (
    <form class="rename-form" onSubmit={props.onSubmit}>
      <label>
        {props.label}
        <input required maxLength={120} value={props.value} onInput={(e) => props.onInput((e.target as HTMLInputElement).value)} />
      </label>
      <div class="row-actions">
        <button type="submit" class="small">
          Save name
        </button>
        <button type="button" class="secondary outline small" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
