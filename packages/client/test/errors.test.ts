import { Metadata, status, type ServiceError } from "@grpc/grpc-js";
import { describe, expect, it } from "vitest";
import { toBoydError } from "../src/errors.js";
import { BoydError, CancelledError, DeadlineExceededError, NotFoundError, PermissionDeniedError, StatusCode, UnavailableError } from "../src/index.js";

function serviceError(code: status, details: string): ServiceError {
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata: new Metadata() });
}

describe("toBoydError", () => {
  it("maps each gRPC status to its subclass, keeping code, details, method and the original as cause", () => {
    const original = serviceError(status.NOT_FOUND, "agent nobody: not found");
    const err = toBoydError(original, "GetAgent");
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ code: "NOT_FOUND", status: 5, details: "agent nobody: not found", method: "GetAgent", cause: original, name: "NotFoundError" });
    expect(err.message).toBe("GetAgent: agent nobody: not found (NOT_FOUND)");
    expect(toBoydError(serviceError(status.PERMISSION_DENIED, "no"), "Run")).toBeInstanceOf(PermissionDeniedError);
    expect(toBoydError(serviceError(status.UNAVAILABLE, "down"), "Run")).toMatchObject({ retryable: true });
  });

  it("grpc-js's numeric codes agree with StatusCode", () => {
    for (const [name, n] of Object.entries(StatusCode)) expect(status[name as keyof typeof status], name).toBe(n);
  });

  it("a status without a subclass stays a BoydError with its code; an unknown number is UNKNOWN", () => {
    const aborted = toBoydError(serviceError(status.ABORTED, "conflict"), "Run");
    expect(aborted.constructor).toBe(BoydError);
    expect(aborted).toMatchObject({ code: "ABORTED", retryable: true });
    expect(toBoydError(serviceError(99 as status, "?"), "Run").code).toBe("UNKNOWN");
    expect(toBoydError(new Error("socket hang up"), "Run")).toMatchObject({ code: "UNKNOWN", details: "socket hang up" });
  });

  it("an aborted signal makes CancelledError with the signal's reason, whatever grpc-js said", () => {
    const controller = new AbortController();
    const reason = new Error("stop");
    controller.abort(reason);
    const err = toBoydError(serviceError(status.CANCELLED, "Cancelled on client"), "WatchEvents", controller.signal);
    expect(err).toBeInstanceOf(CancelledError);
    expect(err.cause).toBe(reason);
  });

  it("details from the server are made printable: no raw control characters reach a terminal", () => {
    const err = toBoydError(serviceError(status.DEADLINE_EXCEEDED, "agent \u001b[31mred\u0007: slow"), "Run");
    expect(err).toBeInstanceOf(DeadlineExceededError);
    expect(err.details).toBe("agent \\x1b[31mred\\x07: slow");
    expect([...err.message].some((c) => c.charCodeAt(0) < 0x20)).toBe(false);
  });

  it("a BoydError passes through unchanged", () => {
    const err = new UnavailableError("the client is closed", "GetAgent");
    expect(toBoydError(err, "Run")).toBe(err);
  });
});
