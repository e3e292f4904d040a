/**
 * Token counting with js-tiktoken and its bundled o200k ranks (no download: `@langchain/core`'s
 * counter fetches its encoder and fails offline). An estimate for other models' tokenisers,
 * close enough for the prompt budget.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';

let encoder: Tiktoken | undefined;

export function countTokens(text: string): number {
  encoder ??= new Tiktoken(o200k);
  return encoder.encode(text).length;
}

/** Tokens of a chat request: message texts plus a few per message, plus the tool schema. */
export function countRequestTokens(messages: { content: string }[], toolSchema?: unknown): number {
  let n = 3;
  for (const m of messages) n += 4 + countTokens(m.content);
  if (toolSchema) n += countTokens(JSON.stringify(toolSchema));
  return n;
}
