/**
 * The agent graph: contextualize → interpret → compile → guard → execute → answer. Any node may
 * end the inquiry by setting `outcome` (a refusal, a compile or guard refusal, an execution
 * error); the routers then go to END. Checkpointed per inquiry; a stop (abort signal) is honoured
 * between nodes and cancels a running query.
 */
import { Command, END, START, StateGraph, type BaseCheckpointSaver, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { answer } from './nodes/answer.js';
import { compile } from './nodes/compile.js';
import { contextualize } from './nodes/contextualize.js';
import { execute } from './nodes/execute.js';
import { guard } from './nodes/guard.js';
import { interpret } from './nodes/interpret.js';
import { preset } from './nodes/preset.js';
import { AgentState, type AgentStateType, type AgentUpdate } from './state.js';

export const routeAfterContextualize = (state: AgentStateType): 'preset' | 'interpret' => (state.presetQuery ? 'preset' : 'interpret');
/** SQL from a verified query or the planner (no SemanticQuery) skips the compiler, never the guard. */
export const routeAfterInterpret = (state: AgentStateType): 'compile' | 'guard' | typeof END =>
  state.outcome ? END : !state.query && state.sql ? 'guard' : 'compile';
export const routeAfterCompile = (state: AgentStateType): 'guard' | typeof END => (state.outcome ? END : 'guard');
export const routeAfterGuard = (state: AgentStateType): 'execute' | typeof END => (state.outcome ? END : 'execute');
export const routeAfterExecute = (state: AgentStateType): 'answer' | typeof END => (state.outcome ? END : 'answer');

/**
 * One step of the graph. It starts on a later turn of the event loop: without checkpoints nothing
 * between two nodes waits for I/O, so a whole run would otherwise be one unbroken stretch of the
 * event loop, and requests arriving meanwhile (health checks, submissions) would wait for it.
 *
 * The step names its successor with its update (a LangGraph Command) instead of a conditional
 * edge: each conditional edge is two more runnables per step (the router and its writer), about
 * a quarter of LangGraph's own cost per question, which is most of the time a question spends
 * outside the warehouse. The router sees the state as the update leaves it; routers read only
 * last-value fields (outcome, query, sql, presetQuery), so spreading the update is exact.
 */
function step<S extends string>(
  node: (state: AgentStateType, config: LangGraphRunnableConfig) => Promise<AgentUpdate>,
  route?: (state: AgentStateType) => S,
) {
  return async (state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate | Command> => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const update = await node(state, config);
    return route ? new Command({ update, goto: route({ ...state, ...update } as AgentStateType) }) : update;
  };
}

/** `checkpointer: false` runs without persistence even inside a checkpointed parent (research sub-questions). */
export function buildAgentGraph(checkpointer?: BaseCheckpointSaver | false) {
  return new StateGraph(AgentState)
    .addNode('contextualize', step(contextualize, routeAfterContextualize), { ends: ['preset', 'interpret'] })
    .addNode('interpret', step(interpret, routeAfterInterpret), { ends: ['compile', 'guard', END] })
    .addNode('preset', step(preset, routeAfterInterpret), { ends: ['compile', END] })
    .addNode('compile', step(compile, routeAfterCompile), { ends: ['guard', END] })
    .addNode('guard', step(guard, routeAfterGuard), { ends: ['execute', END] })
    .addNode('execute', step(execute, routeAfterExecute), { ends: ['answer', END] })
    .addNode('answer', step(answer))
    .addEdge(START, 'contextualize')
    .addEdge('answer', END)
    .compile({ checkpointer, name: 'agent' });
}

export type AgentGraph = ReturnType<typeof buildAgentGraph>;
