/**
 * The tool interface as an MCP server: the 18 tools of §4 and ask_a_structured_question, one per file in ./tools, registered on
 * one McpServer per connection (stdio: one; streamable HTTP: one per request, see http.ts).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Runtime } from '../runtime.js';
import type { McpAuth } from './auth.js';
import { registerTool, type SessionMemory, type ToolContext } from './tool.js';
import { askAQuestion } from './tools/ask_a_question.js';
import { askAResearchQuestion } from './tools/ask_a_research_question.js';
import { askAStructuredQuestion } from './tools/ask_a_structured_question.js';
import { askASingleQuestion } from './tools/ask_a_single_question.js';
import { askQuestions } from './tools/ask_questions.js';
import { checkQuestionStatus } from './tools/check_question_status.js';
import { contextualize } from './tools/contextualize.js';
import { createAThread } from './tools/create_a_thread.js';
import { dataCollectionStrategy } from './tools/data_collection_strategy.js';
import { getAccountInfo } from './tools/get_account_info.js';
import { getQuestionsData } from './tools/get_questions_data.js';
import { getRecentThreads } from './tools/get_recent_threads.js';
import { getSemanticLayerEntity } from './tools/get_semantic_layer_entity.js';
import { getSemanticLayerSummary } from './tools/get_semantic_layer_summary.js';
import { getThreadData } from './tools/get_thread_data.js';
import { logout } from './tools/logout.js';
import { runSqlQuery } from './tools/run_sql_query.js';
import { searchSemanticLayer } from './tools/search_semantic_layer.js';
import { waitForCompletion } from './tools/wait_for_completion.js';

export const SERVER_INFO = { name: 'quarry', version: '0.1.0' };

const INSTRUCTIONS =
  "Quarry answers business questions in plain language from the company's data warehouse. Start with contextualize. " +
  'Usual sequences: simple — contextualize, ask_a_single_question; complex — contextualize, data_collection_strategy, ask_questions, wait_for_completion, get_questions_data; ' +
  'research — contextualize, ask_a_research_question, wait_for_completion with inquiry_type "research" (repeat while in_progress); ' +
  'discovery — get_semantic_layer_summary, search_semantic_layer, get_semantic_layer_entity. run_sql_query runs read-only SQL when you know the schema.';

/** A session's memory held by this process (stdio: the process is the session). */
export function memorySession(): SessionMemory {
  const plans = new Set<string>();
  return {
    async recordPlan(plan) {
      plans.add(plan);
    },
  };
}

export function createMcpServer(
  runtime: Runtime,
  auth: McpAuth,
  transport: ToolContext['transport'],
  session: SessionMemory = memorySession(),
): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const ctx: ToolContext = { runtime, auth, transport, session };
  registerTool(server, ctx, contextualize);
  registerTool(server, ctx, getAccountInfo);
  registerTool(server, ctx, dataCollectionStrategy);
  registerTool(server, ctx, createAThread);
  registerTool(server, ctx, getThreadData);
  registerTool(server, ctx, getRecentThreads);
  registerTool(server, ctx, askAQuestion);
  registerTool(server, ctx, askASingleQuestion);
  registerTool(server, ctx, askAStructuredQuestion);
  registerTool(server, ctx, askAResearchQuestion);
  registerTool(server, ctx, askQuestions);
  registerTool(server, ctx, waitForCompletion);
  registerTool(server, ctx, checkQuestionStatus);
  registerTool(server, ctx, getQuestionsData);
  registerTool(server, ctx, getSemanticLayerSummary);
  registerTool(server, ctx, getSemanticLayerEntity);
  registerTool(server, ctx, searchSemanticLayer);
  registerTool(server, ctx, runSqlQuery);
  registerTool(server, ctx, logout);
  return server;
}
