// scratch: prints readings (not a test)
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
const src = await import('node:fs').then((f) => f.readFileSync('test/nlq/ratio.test.ts', 'utf8'));
const modelSrc = src.slice(src.indexOf('const model = '), src.indexOf('const ask ='));
const { model, values } = new Function('SemanticModelSchema', `${modelSrc}; return { model, values };`)(SemanticModelSchema);
for (const q of process.argv.slice(2)) {
  const r = interpret(q, { model, values, asOf: '2023-06-30' });
  console.log(q, '=>', r.kind, r.kind === 'query' ? JSON.stringify(r.query) : r.reason);
}
