/**
 * @boyd/testkit: real servers for tests, on free loopback ports, never mocks.
 */
export { startNats, type NatsServer, type NatsServerOptions } from "./nats-server.js";
export { findBinary } from "./binary.js";
export { waitFor } from "./wait.js";
