/**
 * @boyd/bus/plain: the bus's status codes, errors and printable rendering,
 * without a transport. For code that must start fast and may never touch
 * the network (the `boyd` command before it knows what it will run, a
 * client's error mapping): importing `@boyd/bus` loads NATS, gRPC and
 * OpenTelemetry; this loads none of them.
 */
export { BusError, StatusCode, isBusError, statusName, isStatusCodeName, type StatusCodeName } from "./errors.js";
export { renderVisibly, visibleEscape, hasHiddenCharacters, type RenderOptions } from "./printable.js";
