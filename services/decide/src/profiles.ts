import type { ToolDescriptor } from "@boyd/proto";
import { VectorTable, type Hypervector, type TextEncoder } from "@boyd/vsa";

/** The text a tool is matched by: its keywords and name, or its description when it has no keywords. */
export function profileText(tool: ToolDescriptor): string {
  const name = tool.name.replace(/[_.-]+/g, " ");
  return tool.keywords.length ? `${tool.keywords.join(" ")} ${name}` : `${name} ${tool.description}`;
}

/** What a profile depends on; cheap to compare, so an unchanged catalog costs almost nothing. */
function profileKey(tool: ToolDescriptor): string {
  return tool.keywords.length ? `${tool.name}\u0000${tool.keywords.join("\u0001")}` : `${tool.name}\u0000\u0000${tool.description}`;
}

/**
 * Profile vectors of a tool catalog, kept in one vector table so scoring a
 * goal against every tool is a single pass of the popcount kernel. Profiles
 * are re-encoded only for tools whose profile changed.
 */
export class ToolProfiles {
  private readonly table = new VectorTable();
  private byKey = new Map<string, Hypervector>();
  private keys: string[] = [];
  private lastTools: readonly ToolDescriptor[] | undefined;

  constructor(private readonly encoder: TextEncoder) {}

  /** Makes the table hold exactly these tools, in this order (similarities come back in the same order). */
  sync(tools: readonly ToolDescriptor[]): void {
    if (tools === this.lastTools) return;
    const keys = tools.map(profileKey);
    if (keys.length !== this.keys.length || keys.some((k, i) => k !== this.keys[i])) {
      this.table.clear();
      const next = new Map<string, Hypervector>();
      tools.forEach((tool, i) => {
        const v = this.byKey.get(keys[i]!) ?? next.get(keys[i]!) ?? this.encoder.encode(profileText(tool));
        next.set(keys[i]!, v);
        this.table.add(v);
      });
      // Keep only current profiles, so a churning catalog cannot grow the cache.
      this.byKey = next;
      this.keys = keys;
    }
    this.lastTools = tools;
  }

  /** Similarity of the goal vector to each synced tool's profile, in catalog order. */
  similarities(goal: Hypervector): Float64Array {
    return this.table.similarities(goal);
  }
}
