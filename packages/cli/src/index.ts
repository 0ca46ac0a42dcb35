/** @boyd/cli: the `boyd` command's building blocks, for tests and embedding. */
export { runBusDemo, type BusDemoOptions } from "./demo-bus.js";
