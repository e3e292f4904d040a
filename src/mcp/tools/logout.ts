import { z } from 'zod';
import { defineTool, rendered } from '../tool.js';

export const logout = defineTool({
  name: 'logout',
  title: 'Log out',
  description:
    'Clears the stored credentials, to switch accounts or clean up. Over stdio it removes the credentials file and forgets the key this server holds ' +
    '(even one from QUARRY_API_KEY); over HTTP it unbinds this MCP session from its key. Every later call is refused until you authenticate again ' +
    '(stdio: `quarry login`; HTTP: a new MCP session with a key). Returns status "logged_out" and a message.',
  input: {},
  output: { status: z.string().describe('logged_out'), message: z.string() },
  readOnly: false,
  idempotent: true,
  needsAuth: false,
  async run({ ctx }) {
    const { message } = await ctx.auth.logout();
    const structured = { status: 'logged_out', message };
    return { structured, text: rendered(message, structured) };
  },
});
