import { BusError, type ServiceHandlers } from "@boyd/bus";
import type { DecideServiceDefinition, ToolDescriptor } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { TextEncoder, type EncoderOptions } from "@boyd/vsa";
import { CatalogCache } from "./catalog-cache.js";
import { decide } from "./decide.js";
import { generatePlan } from "./planner.js";
import { ToolProfiles } from "./profiles.js";
import { StrategyMatcher } from "./strategies.js";

/** Options of {@link createDecideHandlers}. */
export interface DecideHandlerOptions {
  /** Where the tool catalog comes from when a request carries none (e.g. the act service's ListTools). @default the built-in tools */
  catalog?: () => Promise<readonly ToolDescriptor[]>;
  /** Text encoder settings (extra synonyms...). */
  encoder?: EncoderOptions;
  /** Most alternatives listed per decision. @default 25 */
  maxAlternatives?: number;
  /** Plans per goal before it is given up. @default 3 */
  maxBacktrackAttempts?: number;
  /** Clock for plan timestamps. */
  now?: () => number;
}

/**
 * The decide service's handlers: pure functions of the request and the tool
 * catalog (no transport, no I/O besides fetching the catalog).
 */
export function createDecideHandlers(options: DecideHandlerOptions = {}): ServiceHandlers<typeof DecideServiceDefinition> {
  const encoder = new TextEncoder(options.encoder);
  const profiles = new ToolProfiles(encoder);
  const strategies = new StrategyMatcher(encoder);
  const catalogs = new CatalogCache(validateCatalog, options.catalog ?? (() => Promise.resolve(BUILTIN_TOOLS)));
  const deps = { encoder, profiles, strategies, now: options.now ?? Date.now, maxAlternatives: options.maxAlternatives, maxAttempts: options.maxBacktrackAttempts };
  return {
    async decide(request) {
      return { decision: decide(request, await catalogs.resolve(request), deps) };
    },
    async generatePlan(request) {
      return generatePlan(request, await catalogs.resolve(request), deps);
    },
  };
}

// Catalogs already checked (a provider hands back the same array until it changes).
const validated = new WeakSet<readonly ToolDescriptor[]>();

/** Refuses a catalog with unnamed or duplicate tools or gates outside [0, 1], naming the entry. */
export function validateCatalog(tools: readonly ToolDescriptor[]): readonly ToolDescriptor[] {
  if (validated.has(tools)) return tools;
  const seen = new Set<string>();
  tools.forEach((t, i) => {
    if (!t.name) throw new BusError("INVALID_ARGUMENT", `tools[${i}].name is empty`);
    if (seen.has(t.name)) throw new BusError("INVALID_ARGUMENT", `tools[${i}].name: "${t.name}" appears twice in the catalog`);
    seen.add(t.name);
    if (t.vsaThreshold !== undefined && !(t.vsaThreshold >= 0 && t.vsaThreshold <= 1)) throw new BusError("INVALID_ARGUMENT", `tools[${i}].vsa_threshold: ${t.vsaThreshold} is outside [0, 1] (tool "${t.name}")`);
    if (t.vsaMultiplier !== undefined && !(t.vsaMultiplier >= 0 && t.vsaMultiplier <= 2)) throw new BusError("INVALID_ARGUMENT", `tools[${i}].vsa_multiplier: ${t.vsaMultiplier} is outside [0, 2] (tool "${t.name}")`);
  });
  validated.add(tools);
  return tools;
}
