/** Live progress of a running inquiry: elapsed time, a progress bar (exact for research), Stop. */
import { useEffect, useState } from 'preact/hooks';
import { elapsed } from '../format.js';

export function Working({ since, progress, label, onStop }: { since: string; progress?: number; label: string; onStop?: () => void }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <div class="working" role="status" aria-live="polite">
      <p>
        <span aria-busy="true">{label}</span> <small>{elapsed(since)}</small>
        {progress !== undefined ? <small class="percent"> · {progress}%</small> : null}
      </p>
      {progress !== undefined ? <progress value={progress} max={100} aria-label="Progress" /> : <progress aria-label="Working" />}
      {onStop ? (
        <button type="button" class="secondary small" onClick={onStop}>
          Stop
        </button>
      ) : null}
    </div>
  );
}
