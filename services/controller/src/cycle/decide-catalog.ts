import { isBusError, type CallOptions } from "@boyd/bus";
import type { DecideRequest, DecideResponse, ToolDescriptor } from "@boyd/proto";
import { catalogVersion } from "@boyd/tools";
import type { CyclePorts } from "./ports.js";

type DecideClient = CyclePorts["decide"];

/** A Decide request before its catalog fields are filled in. */
export type DecideAsk = Omit<DecideRequest, "tools" | "catalogVersion" | "excludedTools">;

// Catalog versions each decide client (one per controller) has had a reply to: decide kept those catalogs.
const sentVersions = new WeakMap<DecideClient, Set<string>>();

function versionsSent(decide: DecideClient): Set<string> {
  let sent = sentVersions.get(decide);
  if (!sent) sentVersions.set(decide, (sent = new Set()));
  return sent;
}

/** Decide's answer when the replica that got the call never kept that catalog (new, or restarted). */
function unknownCatalog(err: unknown): boolean {
  return isBusError(err, "FAILED_PRECONDITION") && err.message.includes("catalog_version");
}

/**
 * Calls Decide with the catalog sent once rather than in every request
 * (about 28 KB of the cycle's traffic): the first call carries the tools
 * with their version, later ones the version and the names left out this
 * cycle (`tools` is the catalog minus those). A decide replica that does
 * not know the version says so and gets the tools again, once.
 */
export async function decideOverCatalog(decide: DecideClient, ask: DecideAsk, catalog: readonly ToolDescriptor[], tools: readonly ToolDescriptor[], options: CallOptions): Promise<DecideResponse> {
  // No tools left (decide falls back to its own catalog, as before), or tools from outside the catalog: nothing to name by version.
  if (tools.length === 0 || tools.some((t) => !catalog.includes(t))) return decide.decide({ ...ask, tools: [...tools], catalogVersion: "", excludedTools: [] }, options);
  const version = catalogVersion(catalog);
  const kept = new Set(tools.map((t) => t.name));
  const excludedTools = catalog.filter((t) => !kept.has(t.name)).map((t) => t.name);
  const sent = versionsSent(decide);
  if (sent.has(version)) {
    try {
      return await decide.decide({ ...ask, tools: [], catalogVersion: version, excludedTools }, options);
    } catch (err) {
      if (!unknownCatalog(err)) throw err;
      sent.delete(version);
    }
  }
  const reply = await decide.decide({ ...ask, tools: [...catalog], catalogVersion: version, excludedTools }, options);
  sent.add(version);
  return reply;
}
