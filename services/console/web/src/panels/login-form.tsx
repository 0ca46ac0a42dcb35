import { useSignal } from "@preact/signals";
import { signIn } from "../store.js";

/** Asks for the API's bearer token when the server requires one; the server keeps it in an HttpOnly cookie. */
export function LoginForm() {
  const token = useSignal("");
  const busy = useSignal(false);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    busy.value = true;
    if (await signIn(token.value)) token.value = "";
    busy.value = false;
  };
  return (
    <form class="panel login" onSubmit={(e) => void submit(e)}>
      <h2>Sign in</h2>
      <p>This console needs the token of the Boyd API.</p>
      <label>
        Token
        <input type="password" name="token" autocomplete="current-password" required value={token.value} onInput={(e) => (token.value = e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={busy.value}>
        Sign in
      </button>
    </form>
  );
}
