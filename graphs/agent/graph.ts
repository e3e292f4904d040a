/**
 * The agent graph: contextualize → interpret → compile → guard → execute → answer. Any node may
 * end the inquiry by setting `outcome` (a refusal, a compile or guard refusal, an execution
 * error); the routers then go to END. Checkpointed per inquiry; a stop (abort signal) is honoured
 * between nodes and cancels a running query.
 */
import { END, START, StateGraph, type BaseCheckpointSaver } from '@langchain/langgraph';
import { answer } from './nodes/answer.js';
import { compile } from './nodes/compile.js';
import { contextualize } from './nodes/contextualize.js';
import { execute } from './nodes/execute.js';
import { guard } from './nodes/guard.js';
import { interpret } from './nodes/interpret.js';
import { preset } from './nodes/preset.js';
import { AgentState, type AgentStateType } from './state.js';

export const routeAfterContextualize = (state: AgentStateType): 'preset' | 'interpret' => (state.presetQuery ? 'preset' : 'interpret');
/** SQL from a verified query or the planner (no SemanticQuery) skips the compiler, never the guard. */
export const routeAfterInterpret = (state: AgentStateType): 'compile' | 'guard' | typeof END =>
  state.outcome ? END : !state.query && state.sql ? 'guard' : 'compile';
export const routeAfterCompile = (state: AgentStateType): 'guard' | typeof END => (state.outcome ? END : 'guard');
export const routeAfterGuard = (state: AgentStateType): 'execute' | typeof END => (state.outcome ? END : 'execute');
export const routeAfterExecute = (state: AgentStateType): 'answer' | typeof END => (state.outcome ? END : 'answer');

/**
 * Each node starts on a later turn of the event loop: without checkpoints nothing between two
 * nodes waits for I/O, so a whole run would otherwise be one unbroken stretch of the event loop,
 * and requests arriving meanwhile (health checks, submissions) would wait for it.
 */
function yielding<A extends unknown[], R>(node: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return node(...args);
  };
}

/** `checkpointer: false` runs without persistence even inside a checkpointed parent (research sub-questions). */
export function buildAgentGraph(checkpointer?: BaseCheckpointSaver | false) {
  return new StateGraph(AgentState)
    .addNode('contextualize', yielding(contextualize))
    .addNode('interpret', yielding(interpret))
    .addNode('preset', yielding(preset))
    .addNode('compile', yielding(compile))
    .addNode('guard', yielding(guard))
    .addNode('execute', yielding(execute))
    .addNode('answer', yielding(answer))
    .addEdge(START, 'contextualize')
    .addConditionalEdges('contextualize', routeAfterContextualize, ['preset', 'interpret'])
    .addConditionalEdges('preset', routeAfterInterpret, ['compile', END])
    .addConditionalEdges('interpret', routeAfterInterpret, ['compile', 'guard', END])
    .addConditionalEdges('compile', routeAfterCompile, ['guard', END])
    .addConditionalEdges('guard', routeAfterGuard, ['execute', END])
    .addConditionalEdges('execute', routeAfterExecute, ['answer', END])
    .addEdge('answer', END)
    .compile({ checkpointer, name: 'agent' });
}

export type AgentGraph = ReturnType<typeof buildAgentGraph>;
