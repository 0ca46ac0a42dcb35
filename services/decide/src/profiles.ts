import type { ToolDescriptor } from "@boyd/proto";
import { VectorTable, type Hypervector, type TextEncoder } from "@boyd/vsa";

/** The text a tool is matched by: its keywords and name, or its description when it has no keywords. */
export function profileText(tool: ToolDescriptor): string {
  const name = tool.name.replace(/[_.-]+/g, " ");
  return tool.keywords.length ? `${tool.keywords.join(" ")} ${name}` : `${name} ${tool.description}`;
}

/**
 * Profile vectors of a tool catalog, kept in one vector table so scoring a
 * goal against every tool is a single pass of the popcount kernel. Profiles
 * are re-encoded only for tools whose profile text changed.
 */
export class ToolProfiles {
  private readonly table = new VectorTable();
  private readonly byText = new Map<string, Hypervector>();
  private names: string[] = [];
  private key = "";

  constructor(private readonly encoder: TextEncoder) {}

  /** Makes the table hold exactly these tools, in this order. */
  sync(tools: readonly ToolDescriptor[]): void {
    const texts = tools.map(profileText);
    const key = tools.map((t, i) => `${t.name}\u0000${texts[i]}`).join("\u0001");
    if (key === this.key) return;
    this.table.clear();
    const seen = new Map<string, Hypervector>();
    for (const text of texts) {
      const v = this.byText.get(text) ?? this.encoder.encode(text);
      seen.set(text, v);
      this.table.add(v);
    }
    // Keep only current profiles, so a churning catalog cannot grow the cache.
    this.byText.clear();
    for (const [t, v] of seen) this.byText.set(t, v);
    this.names = tools.map((t) => t.name);
    this.key = key;
  }

  /** Similarity of the goal vector to each synced tool's profile, by tool name. */
  similarities(goal: Hypervector): Map<string, number> {
    const sims = this.table.similarities(goal);
    return new Map(this.names.map((n, i) => [n, sims[i]!]));
  }
}
