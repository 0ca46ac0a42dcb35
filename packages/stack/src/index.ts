/**
 * @boyd/stack: a whole Boyd on one transport. Embedded (the default): the
 * in-process transport, the embedded graph and file stores under one data
 * directory. Distributed: NATS (queue groups, JetStream KV state, a
 * replayable event stream, durable percepts) and Neo4j.
 */
export { startStack, type Stack, type StackOptions } from "./stack.js";
export type { StackService, ServiceConnectOptions } from "./connections.js";
export {
  NATS_USERS,
  DEFAULT_NATS_RESOURCES,
  natsAccessTable,
  natsPermissions,
  natsAuthorization,
  natsPasswordVariable,
  natsPasswordEnv,
  randomNatsPassword,
  randomNatsPasswords,
  natsAccessMarkdown,
  type NatsUser,
  type NatsResourceNames,
  type NatsGrant,
  type NatsUserAccess,
  type NatsPermissions,
  type NatsAuthorizationOptions,
} from "./nats-auth.js";
