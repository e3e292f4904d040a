/**
 * A Vega-Lite chart drawn with the official vega-embed (loaded on first use), as SVG. Vega's
 * expression interpreter stands in for code generation, so the page's CSP needs no 'unsafe-eval'.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export function Chart({ spec, title }: { spec: Record<string, unknown>; title: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let finalize: (() => void) | undefined;
    let cancelled = false;
    (async () => {
      const [{ default: embed }, { expressionInterpreter }] = await Promise.all([import('vega-embed'), import('vega-interpreter')]);
      if (cancelled || !ref.current) return;
      // Charts take the width they are given (and follow it when it changes); composed views keep their own.
      const composed = ['hconcat', 'vconcat', 'concat', 'facet', 'repeat'].some((k) => k in spec);
      // a long title is cut with an ellipsis at the width available, not clipped
      const limit = Math.max(120, (ref.current.clientWidth || 600) - 48);
      const title = typeof spec.title === 'string' ? { text: spec.title, limit } : spec.title;
      const fitted = composed
        ? spec
        : { ...spec, ...(title ? { title } : {}), width: 'container', autosize: { type: 'fit', contains: 'padding' } };
      const dark = matchMedia('(prefers-color-scheme: dark)').matches;
      const result = await embed(ref.current, fitted as never, {
        ...(dark ? { theme: 'dark' as const, config: { background: 'transparent' } } : {}),
        renderer: 'svg',
        ast: true,
        expr: expressionInterpreter,
        actions: { export: true, source: false, compiled: false, editor: false },
        tooltip: true,
        logLevel: 1, // errors only: the v5 $schema of our specs draws the same under Vega-Lite 6
      });
      finalize = result.finalize;
      if (cancelled) result.finalize();
    })().catch((err: Error) => setError(err.message));
    return () => {
      cancelled = true;
      finalize?.();
    };
  }, [spec]);
  return (
    <figure class="chart">
      <div ref={ref} class="chart-canvas" role="img" aria-label={`Chart: ${title}`} />
      {error ? <p role="alert">The chart could not be drawn: {error}</p> : null}
    </figure>
  );
}
