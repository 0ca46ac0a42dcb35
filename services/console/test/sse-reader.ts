/** One server-sent event as a browser's EventSource would see it. */
export interface SseMessage {
  readonly id?: string;
  readonly event: string;
  readonly data: string;
}

/** An SSE response read frame by frame, plus the comment lines (heartbeats) it carried. */
export interface SseStream {
  readonly status: number;
  readonly headers: Headers;
  /** The next message (comments skipped), or undefined when the stream ended. */
  next(timeoutMs?: number): Promise<SseMessage | undefined>;
  /** Comment lines seen so far. */
  comments(): readonly string[];
  /** Closes the connection, as a browser leaving the page does. */
  close(): void;
}

/** Opens an SSE stream with fetch (the parsing EventSource does: fields per line, a blank line ends a message). */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seenComments: string[] = [];
  let buffer = "";
  const queue: SseMessage[] = [];
  let ended = false;
  // A read still pending when a wait timed out is kept for the next wait, so no chunk is lost.
  let pending: ReturnType<typeof reader.read> | undefined;

  function parseBuffer(): void {
    for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const fields: Record<string, string> = {};
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) {
          seenComments.push(line);
          continue;
        }
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        fields[name] = name === "data" && fields["data"] !== undefined ? `${fields["data"]}\n${value}` : value;
      }
      if (fields["data"] !== undefined) queue.push({ ...(fields["id"] !== undefined ? { id: fields["id"] } : {}), event: fields["event"] ?? "message", data: fields["data"] });
    }
  }

  return {
    status: res.status,
    headers: res.headers,
    async next(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0 && !ended) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no server-sent event within ${timeoutMs} ms`);
        let timer: NodeJS.Timeout | undefined;
        pending ??= reader.read();
        const chunk = await Promise.race([pending, new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), left)))]);
        clearTimeout(timer);
        if (chunk === "timeout") continue;
        pending = undefined;
        if (chunk.done) ended = true;
        else {
          buffer += chunk.value;
          parseBuffer();
        }
      }
      return queue.shift();
    },
    comments: () => seenComments,
    close: () => abort.abort(),
  };
}
