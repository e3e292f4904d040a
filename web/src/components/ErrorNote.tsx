export function ErrorNote({ error }: { error: string | null }) {
  return error ? (
    <p class="error-note" role="alert">
      {error}
    </p>
  ) : null;
}
