/**
 * @boyd/tools: the catalog entries of the built-in tools. The act service
 * registers (and runs) them; the decide service scores them when no act
 * registry is reachable, and tests and benchmarks use them as the standard
 * catalog. `actCatalog` is the act service's live catalog, cached, for the
 * services that score or budget tools (decide, the controller);
 * `catalogVersion` names a catalog, so decide is sent it once.
 */
export { BUILTIN_TOOLS, CORE_TOOLS } from "./builtin.js";
export { actCatalog, type ActCatalogOptions } from "./catalog.js";
export { catalogVersion } from "./catalog-version.js";
export { callHasSideEffects, READ_ONLY_ACTIONS } from "./effects.js";
