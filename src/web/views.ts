/** Records → the shapes the web app is sent. */
import type { Store, UserRecord, WebLoginRecord } from '../store/repositories.js';
import type { SignedInView } from '../schemas/users.js';

export async function signedInView(store: Store, user: UserRecord, login: WebLoginRecord): Promise<SignedInView> {
  const account = await store.accounts.get(user.account_id);
  return {
    user: { id: user.id, email: user.email ?? '', name: user.name, account_id: user.account_id, account_name: account?.name ?? '' },
    csrf_token: login.csrf_token,
    expires_at: new Date(login.expires_at).toISOString(),
  };
}
