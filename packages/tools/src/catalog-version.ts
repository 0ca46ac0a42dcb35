import { createHash } from "node:crypto";
import { ToolDescriptor } from "@boyd/proto";

// Versions already worked out: a catalog provider hands back the same array until the catalog changes.
const versions = new WeakMap<readonly ToolDescriptor[], string>();

/**
 * A short version of a tool catalog: the first 16 hex digits of the SHA-256
 * of its tools' protobuf encodings, in order. The controller sends it to
 * decide instead of the whole catalog once decide holds it; both work it
 * out with this one function, so they agree on it.
 */
export function catalogVersion(tools: readonly ToolDescriptor[]): string {
  const known = versions.get(tools);
  if (known) return known;
  const hash = createHash("sha256");
  for (const tool of tools) {
    const bytes = ToolDescriptor.encode(tool).finish();
    // Length first, so two catalogs never run together into the same bytes.
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  const version = hash.digest("hex").slice(0, 16);
  versions.set(tools, version);
  return version;
}
