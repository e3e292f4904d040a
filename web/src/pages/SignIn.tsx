import { useState } from 'preact/hooks';
import { api, type SignedInView } from '../api.js';
import { ErrorNote } from '../components/ErrorNote.js';

export function SignInPage({ onSignedIn }: { onSignedIn: (s: SignedInView) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api<SignedInView>('POST', '/login', { email, password }));
    } catch (err) {
      setError((err as Error).message);
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="container sign-in">
      <article>
        <header>
          <h1>Quarry</h1>
          <p>Answers about your business data, in plain language.</p>
        </header>
        <form onSubmit={submit} aria-labelledby="sign-in-title">
          <h2 id="sign-in-title">Sign in</h2>
          <label>
            E-mail
            <input
              type="email"
              name="email"
              autocomplete="username"
              required
              value={email}
              onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
            />
          </label>
          <label>
            Password
            <input
              type="password"
              name="password"
              autocomplete="current-password"
              required
              value={password}
              onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
            />
          </label>
          <ErrorNote error={error} />
          <button type="submit" aria-busy={busy} disabled={busy}>
            Sign in
          </button>
        </form>
        <footer>
          <small>
            The first start prints the admin's password (also in <code>data/admin-password</code>).
          </small>
        </footer>
      </article>
    </main>
  );
}
