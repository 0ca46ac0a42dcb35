import { createClient, type Transport } from "@boyd/bus";
import { ActServiceDefinition, type ToolDescriptor } from "@boyd/proto";
import { BUILTIN_TOOLS } from "./builtin.js";

export interface ActCatalogOptions {
  /** How long a fetched catalog is reused. @default 10 s */
  ttlMs?: number;
  /** Deadline of one ListTools call. @default 2 s */
  timeoutMs?: number;
  /** Called when act cannot be reached and an older (or the built-in) catalog is used. */
  onStale?: (error: unknown) => void;
}

/**
 * The tool catalog from the act service's ListTools, cached for `ttlMs`.
 * While act is unreachable the last catalog it gave is used; before it ever
 * answered, the built-in tools are.
 */
export function actCatalog(transport: Transport, options: ActCatalogOptions = {}): () => Promise<readonly ToolDescriptor[]> {
  const client = createClient(transport, ActServiceDefinition, { timeoutMs: options.timeoutMs ?? 2_000 });
  const ttl = options.ttlMs ?? 10_000;
  let cached: readonly ToolDescriptor[] | undefined;
  let fetchedAt = -Infinity;
  return async () => {
    if (cached && Date.now() - fetchedAt < ttl) return cached;
    try {
      const { tools } = await client.listTools({});
      cached = tools;
      fetchedAt = Date.now();
    } catch (error) {
      options.onStale?.(error);
    }
    return cached ?? BUILTIN_TOOLS;
  };
}
