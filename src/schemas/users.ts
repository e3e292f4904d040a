/** Users of the web app: sign-in request and who is signed in. */
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../auth/passwords.js';

export const SignInSchema = z.object(
  {
    email: z.string({ error: 'email is required' }).trim().min(3, { error: 'email is required' }).max(330),
    password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(MAX_PASSWORD_LENGTH),
  },
  { error: 'the request body must be a JSON object: {"email": "...", "password": "..."}' },
);

export const UserViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  account_id: z.string(),
  account_name: z.string(),
});
export type UserView = z.infer<typeof UserViewSchema>;

/** Who is signed in, and the token every state-changing request must send as X-CSRF-Token. */
export const SignedInSchema = z.object({
  user: UserViewSchema,
  csrf_token: z.string(),
  expires_at: z.string().describe('ISO 8601: the sign-in ends then'),
});
export type SignedInView = z.infer<typeof SignedInSchema>;

/** GET /ui/api/me: who is signed in, or `{user: null}` (no error: the page asks before signing in). */
export const SessionStateSchema = z.union([SignedInSchema, z.object({ user: z.null() })]);
