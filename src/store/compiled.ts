import type { Compilable, CompiledQuery } from 'kysely';
import type { StoreDb } from './db.js';

/**
 * A query built and compiled once, then run with fresh parameter values. On the submission path
 * (key lookup, session, the account's running count) Kysely's building and compiling cost more
 * than SQLite's indexed lookup itself. `build` gets stand-in values and must bind each as a
 * parameter, in order; that is checked when it is first compiled.
 */
export class CompiledOnce<R> {
  private compiled?: CompiledQuery<R>;

  constructor(
    private readonly db: StoreDb,
    private readonly arity: number,
    private readonly build: (...standIns: string[]) => Compilable<R>,
  ) {}

  async rows(...parameters: unknown[]): Promise<R[]> {
    if (!this.compiled) {
      const standIns = Array.from({ length: this.arity }, (_, i) => `\u0000parameter ${i}`);
      const compiled = this.build(...standIns).compile();
      if (compiled.parameters.length !== standIns.length || compiled.parameters.some((p, i) => p !== standIns[i]))
        throw new Error(`a compiled-once query must bind exactly its ${this.arity} parameters, in order: ${compiled.sql}`);
      this.compiled = compiled;
    }
    return (await this.db.executeQuery<R>({ ...this.compiled, parameters })).rows;
  }
}
