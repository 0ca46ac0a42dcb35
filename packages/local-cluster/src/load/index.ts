export { connectControllers, driveAgent, startAndAwait, type ControllerEndpoint, type DriveOptions, type DriveResult } from "./drive.js";
export { auditCycles, auditAgent, type CycleAudit } from "./audit.js";
