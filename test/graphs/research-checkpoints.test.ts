/**
 * Research checkpoints on the durable savers (SQLite file, PostgreSQL): what an investigation
 * checkpoints is the research state only — no checkpoints of the agent graph that answers each
 * sub-question, and no result rows beyond the ones an operation keeps (the report quotes those,
 * and a resumed run reads them) — and deleting the thread leaves nothing behind.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCheckpoints, type Checkpoints } from '../../graphs/checkpoints.js';
import { OPERATION_ROWS, SCAN_ROWS } from '../../graphs/research/nodes/investigate.js';
import { createResearchRunner } from '../../graphs/research/engine.js';
import type { ResearchStateType } from '../../graphs/research/state.js';
import type { ResearchOperation } from '../../src/schemas/research.js';
import type { StoreKind } from '../../src/store/db.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { STORE_KINDS, testStores } from '../helpers/stores.js';
import { openTpch } from '../helpers/tpch.js';

const stores = testStores();

/** Every checkpoint the saver holds for a thread, all namespaces. */
async function checkpointsOf(cp: Checkpoints, threadId: string) {
  const out = [];
  for await (const t of cp.saver.list({ configurable: { thread_id: threadId } })) out.push(t);
  return out;
}

describe.each(STORE_KINDS)('research checkpoints on %s', (kind: StoreKind) => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  let cp: Checkpoints;

  beforeAll(async () => {
    ({ warehouse, layer } = await openTpch());
    cp = await openCheckpoints(
      kind === 'postgres'
        ? { store: await stores.freshDatabase(), dataDir: '/nonexistent' }
        : { dataDir: mkdtempSync(join(tmpdir(), 'quarry-cp-')) },
    );
  });
  afterAll(async () => {
    await cp?.close();
    await warehouse?.close();
  });

  it('hold the research state only: no agent-graph checkpoints, no rows beyond what operations keep; deleteThread removes them all', async () => {
    const runner = createResearchRunner({ agent: { layer, warehouse, queryTimeoutMs: 30_000, maxRows: 5000 }, checkpointer: cp.saver });
    const id = `inq_cp_${kind}`;
    const progress: unknown[] = [];
    const outcome = await runner.run(
      {
        id,
        sessionId: 'ses_cp',
        accountId: 'acc_cp',
        type: 'research',
        question: 'Why did revenue change in 1997 compared with 1996?',
        dimensions: null,
        options: null,
        history: [],
      },
      { signal: new AbortController().signal, reportProgress: async (r) => void progress.push(r) },
    );
    expect(outcome.status).toBe('done');

    const all = await checkpointsOf(cp, id);
    expect(all.length).toBeGreaterThan(5);
    // the agent graph runs each sub-question without a checkpointer: only the research graph's root namespace
    expect(new Set(all.map((t) => t.config.configurable?.checkpoint_ns ?? ''))).toEqual(new Set(['']));
    const latest = (await runner.graph.getState({ configurable: { thread_id: id } })).values as ResearchStateType;
    const queries = latest.operations.filter((o) => o.kind === 'query');
    expect(queries.length).toBeGreaterThan(5);
    for (const q of queries) expect((q.rows ?? []).length).toBeLessThanOrEqual(q.angle === 'scan' ? SCAN_ROWS : OPERATION_ROWS);
    // no checkpointed value carries the agent's executed result (all rows), nor any row list longer than an operation keeps
    for (const t of all) {
      const values = t.checkpoint.channel_values as Record<string, unknown>;
      for (const [channel, value] of Object.entries(values)) {
        // a scan keeps every dimension's top members (SCAN_ROWS); every other operation OPERATION_ROWS
        expect(longestRowList(value), `channel ${channel}`).toBeLessThanOrEqual(SCAN_ROWS);
        expect(JSON.stringify(value ?? null)).not.toContain('"executed"');
      }
    }
    // the latest checkpoint is about the size of the state it restores (operations with their kept rows), not more
    const stateBytes = JSON.stringify(latest).length;
    const checkpointBytes = JSON.stringify(all[0].checkpoint.channel_values).length;
    expect(checkpointBytes).toBeLessThan(stateBytes * 1.5 + 10_000);

    await cp.deleteThread(id);
    expect(await checkpointsOf(cp, id)).toEqual([]);
    expect((await runner.graph.getState({ configurable: { thread_id: id } })).values).toEqual({});
  }, 120_000);

  it('an interrupted investigation resumes in another runner without re-running its finished sub-questions', async () => {
    const job = {
      id: `inq_resume_${kind}`,
      sessionId: 'ses_cp',
      accountId: 'acc_cp',
      type: 'research' as const,
      question: 'Why did revenue change in 1997 compared with 1996?',
      dimensions: null,
      options: { budget: { rounds: 1, queries: 8 } },
      history: [],
    };
    const agent = { layer, warehouse, queryTimeoutMs: 30_000, maxRows: 5000 };
    // one sub-question at a time, paced, and cut off (as a shutdown or a lost lease does) once two are done
    // (as the engine wires it: progress is reported once the checkpoint saves so far have landed)
    const first = createResearchRunner({
      agent,
      checkpointer: cp.saver,
      checkpointsSaved: (id) => cp.settled(id),
      concurrency: 1,
      paceMs: 200,
    });
    const cut = new AbortController();
    let before: ResearchOperation[] = [];
    await first
      .run(job, {
        signal: cut.signal,
        reportProgress: async (r) => {
          before = (r as { operations: ResearchOperation[] }).operations.filter((o) => o.kind === 'query');
          if (before.length >= 2) cut.abort(new Error('cut off'));
        },
      })
      .catch(() => undefined);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const second = createResearchRunner({ agent, checkpointer: cp.saver, concurrency: 4 });
    const outcome = await second.run(job, { signal: new AbortController().signal, reportProgress: async () => undefined });
    expect(outcome.status, (outcome as { error?: string }).error).toBe('done');
    const after = (outcome.result as { operations: ResearchOperation[] }).operations.filter((o) => o.kind === 'query');
    expect(after.map((o) => o.id).sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8']);
    for (const op of before) expect(after.find((o) => o.id === op.id)?.started_at).toBe(op.started_at);
    await cp.deleteThread(job.id);
  }, 120_000);

  it('a checkpoint with no next step and no report (its process died between saving a step and saving its fan-out) starts again from the question', async () => {
    const agent = { layer, warehouse, queryTimeoutMs: 30_000, maxRows: 5000 };
    const job = (id: string) => ({
      id,
      sessionId: 'ses_cp',
      accountId: 'acc_cp',
      type: 'research' as const,
      question: 'Why did revenue change in 1997 compared with 1996?',
      dimensions: null,
      options: { budget: { rounds: 1, queries: 4 } },
      history: [],
    });
    const ctx = { signal: new AbortController().signal, reportProgress: async () => undefined };
    const runner = createResearchRunner({ agent, checkpointer: cp.saver, checkpointsSaved: (id) => cp.settled(id) });
    const source = job(`inq_stranded_source_${kind}`);
    expect((await runner.run(source, ctx)).status).toBe('done');
    // the checkpoint saved after the plan, copied to a new thread without the writes saved after it ...
    const planned = (await checkpointsOf(cp, source.id)).find((t) => {
      const values = t.checkpoint.channel_values as Partial<ResearchStateType>;
      return !t.config.configurable?.checkpoint_ns && values.subQuestions?.length && !values.operations?.some((o) => o.kind === 'query');
    });
    expect(planned).toBeDefined();
    // ... its fan-out (the Sends the plan returned) lost: nothing is left to resume
    const { __pregel_tasks: _sends, ...values } = planned!.checkpoint.channel_values;
    const { __pregel_tasks: _version, ...versions } = planned!.checkpoint.channel_versions;
    const checkpoint = { ...planned!.checkpoint, channel_values: values, channel_versions: versions };
    const stranded = job(`inq_stranded_${kind}`);
    await cp.saver.put({ configurable: { thread_id: stranded.id, checkpoint_ns: '' } }, checkpoint, planned!.metadata!, versions);
    const left = await runner.graph.getState({ configurable: { thread_id: stranded.id } });
    expect(left.next).toEqual([]);
    expect((left.values as Partial<ResearchStateType>).question).toBeDefined();
    expect((left.values as Partial<ResearchStateType>).outcome).toBeUndefined();

    const outcome = await createResearchRunner({ agent, checkpointer: cp.saver }).run(stranded, ctx);
    expect(outcome.status, (outcome as { error?: string }).error).toBe('done');
    const result = outcome.result as { final_answer: string; operations: ResearchOperation[] };
    expect(result.final_answer.length).toBeGreaterThan(0);
    expect(result.operations.filter((o) => o.kind === 'query').length).toBeGreaterThan(0);
    await cp.deleteThread(source.id);
    await cp.deleteThread(stranded.id);
  }, 120_000);

  it('deleting a thread that never checkpointed is fine (regular questions, a fresh store)', async () => {
    await expect(cp.deleteThread('inq_never')).resolves.toBeUndefined();
  });
});

/** The longest array of row objects anywhere in a value. */
function longestRowList(value: unknown): number {
  let longest = 0;
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      if (v.length && v.every((x) => x && typeof x === 'object' && !Array.isArray(x)) && v.length > longest && isRowList(v))
        longest = v.length;
      v.forEach(walk);
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return longest;
}

/** Rows are flat records of scalars (sub-questions and operations hold nested objects). */
const isRowList = (v: object[]) => v.every((r) => Object.values(r).every((x) => x === null || typeof x !== 'object'));
