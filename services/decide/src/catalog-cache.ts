import { BusError } from "@boyd/bus";
import type { ToolDescriptor } from "@boyd/proto";
import { catalogVersion } from "@boyd/tools";

/** Catalog versions one decide replica keeps: a deployment has one catalog at a time, a few while act replicas roll. */
export const KEPT_CATALOGS = 8;

/** What a request says about its catalog (DecideRequest and GeneratePlanRequest's tools; DecideRequest's version and exclusions). */
export interface CatalogAsked {
  readonly tools: readonly ToolDescriptor[];
  readonly catalogVersion?: string;
  readonly excludedTools?: readonly string[];
}

/**
 * The catalogs callers sent with a version, so the next request can carry
 * the version alone. Checked on the way in (validate), kept newest last,
 * the oldest dropped past {@link KEPT_CATALOGS}.
 */
export class CatalogCache {
  private readonly byVersion = new Map<string, readonly ToolDescriptor[]>();

  constructor(
    private readonly validate: (tools: readonly ToolDescriptor[]) => readonly ToolDescriptor[],
    private readonly fallback: () => Promise<readonly ToolDescriptor[]>,
  ) {}

  /** The tools to score for a request: its own, the kept catalog it names, or the fallback; minus the excluded. */
  async resolve(asked: CatalogAsked): Promise<readonly ToolDescriptor[]> {
    const catalog = await this.catalogOf(asked);
    const excluded = asked.excludedTools ?? [];
    return excluded.length ? catalog.filter((t) => !excluded.includes(t.name)) : catalog;
  }

  private async catalogOf(asked: CatalogAsked): Promise<readonly ToolDescriptor[]> {
    const version = asked.catalogVersion ?? "";
    if (asked.tools.length) {
      const tools = this.validate(asked.tools);
      if (version) this.keep(version, tools);
      return tools;
    }
    if (!version) return this.validate(await this.fallback());
    const kept = this.byVersion.get(version);
    if (!kept) throw new BusError("FAILED_PRECONDITION", `catalog_version: ${JSON.stringify(version)} is not known to this decide replica; send tools with it`);
    return kept;
  }

  private keep(version: string, tools: readonly ToolDescriptor[]): void {
    // Kept under the version decide works out itself: a wrong claim cannot make later requests score another catalog.
    const own = catalogVersion(tools);
    if (own !== version) throw new BusError("INVALID_ARGUMENT", `catalog_version: ${JSON.stringify(version)} does not match the tools sent (their version is ${JSON.stringify(own)})`);
    this.byVersion.delete(version);
    this.byVersion.set(version, tools);
    if (this.byVersion.size > KEPT_CATALOGS) this.byVersion.delete(this.byVersion.keys().next().value!);
  }
}
