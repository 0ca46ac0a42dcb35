import { connection, reconnect, view } from "../store.js";

const LABELS = { connecting: "connecting…", live: "live", reconnecting: "reconnecting…", offline: "offline" } as const;

/** Whether the event stream is live, and the last sequence seen; a manual reconnect when it is not. */
export function ConnectionIndicator() {
  const state = connection.value;
  return (
    <div class={`connection connection-${state}`} data-state={state} role="status">
      <span class="dot" aria-hidden="true" />
      <span>{LABELS[state]}</span>
      <span class="muted">seq {view.value?.lastSequence ?? 0}</span>
      {state !== "live" && (
        <button type="button" class="small" onClick={reconnect}>
          reconnect
        </button>
      )}
    </div>
  );
}
