/**
 * @boyd/testkit: real servers for tests, on free loopback ports, never mocks.
 */
export { startNats, type NatsServer, type NatsServerOptions } from "./nats-server.js";
export {
  findNatsServer,
  cachedNatsServerPath,
  isAtLeast,
  parseNatsVersion,
  NATS_SERVER_VERSION,
  NATS_SERVER_HINT,
  type NatsServerLookup,
} from "./nats-binary.js";
export { startNeo4j, neo4jCommand, NEO4J_BUILD_HINT, type Neo4jServer, type Neo4jServerOptions } from "./neo4j-server.js";
export { uniqueLabel } from "./neo4j-isolation.js";
// Type-only: brings the `inject("neo4jUri")` typing into every program that imports the testkit.
export type { Neo4jProvidedContext } from "./neo4j-global-setup.js";
export type { ServerProcess } from "./server-process.js";
export { findBinary } from "./binary.js";
export { ensureDeps, type EnsureDepsOptions, type EnsureStep } from "./ensure-deps.js";
export { waitFor } from "./wait.js";
export { liveEventSubscriptions, type Subscribes } from "./event-subscriptions.js";
export { launchService, retryUntilAnswered, type ServiceProcess } from "./service-process.js";
export { makeTestPki, type LeafOptions, type TestCert, type TestPki } from "./pki.js";
export {
  ATTACK_CLASSES,
  attacksOf,
  seedFor,
  seededRandom,
  randomBytesFrom,
  randomWireMessage,
  varint,
  fieldKey,
  lengthDelimited,
  concat,
  type Attack,
  type AttackClass,
  type AttackTarget,
} from "./protobuf-attacks.js";
export { containsInOrder, lineContainsInOrder } from "./in-order.js";
