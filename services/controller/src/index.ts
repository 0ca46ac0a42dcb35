/**
 * @boyd/controller: the cycle controller. So far its pure parts: goals and
 * their closed-loop progress signal, stall detection and decomposition
 * (`goals/`), and reflection with psyche evolution (`reflection/`). The
 * loop over the bus, the AgentService API and the `boyd agent` commands
 * build on them.
 */
export * from "./goals/index.js";
export * from "./reflection/index.js";
export * from "./think/index.js";
