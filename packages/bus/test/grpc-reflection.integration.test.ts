import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";
import { fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, type FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { EchoServiceDefinition } from "@boyd/proto";
import { descriptorSet } from "@boyd/proto/descriptors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grpcService, serveGrpc, type GrpcServer } from "../src/index.js";

// A reflection client as grpcurl is one: the protos @grpc/reflection ships.
const reflectionDir = join(dirname(createRequire(import.meta.url).resolve("@grpc/reflection")), "..", "proto");

let server: GrpcServer;
let clients: Record<"v1" | "v1alpha", grpc.Client & { ServerReflectionInfo(): grpc.ClientDuplexStream<object, ReflectionResponse> }>;

interface ReflectionResponse {
  listServicesResponse?: { service: { name: string }[] };
  fileDescriptorResponse?: { fileDescriptorProto: Buffer[] };
  errorResponse?: { errorCode: number; errorMessage: string };
}

beforeAll(async () => {
  server = await serveGrpc([grpcService(EchoServiceDefinition, { echo: async (r) => ({ text: r.text, payload: r.payload, servedBy: "grpc" }) })], {
    descriptorSet: descriptorSet(),
  });
  const client = (version: "v1" | "v1alpha") => {
    const pkg = grpc.loadPackageDefinition(loadSync(join(reflectionDir, `grpc/reflection/${version}/reflection.proto`), { includeDirs: [reflectionDir] })) as any;
    return new pkg.grpc.reflection[version].ServerReflection(server.address, grpc.credentials.createInsecure());
  };
  clients = { v1: client("v1"), v1alpha: client("v1alpha") };
});

afterAll(async () => {
  clients.v1.close();
  clients.v1alpha.close();
  await server.stop();
});

function ask(request: object, version: "v1" | "v1alpha" = "v1"): Promise<ReflectionResponse> {
  return new Promise((resolve, reject) => {
    const call = clients[version].ServerReflectionInfo();
    call.on("data", (res: ReflectionResponse) => {
      resolve(res);
      call.end();
    });
    call.on("error", reject);
    call.write(request);
  });
}

async function filesFor(request: object): Promise<FileDescriptorProto[]> {
  const res = await ask(request);
  expect(res.errorResponse).toBeUndefined();
  return res.fileDescriptorResponse!.fileDescriptorProto.map((b) => fromBinary(FileDescriptorProtoSchema, b));
}

describe("gRPC server reflection", () => {
  it("grpc reflection - lists only what the port serves, health and reflection included, in both versions", async () => {
    const expected = ["boyd.v1.EchoService", "grpc.health.v1.Health", "grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"];
    for (const version of ["v1", "v1alpha"] as const) {
      const res = await ask({ listServices: "*" }, version);
      expect(res.listServicesResponse!.service.map((s) => s.name)).toEqual(expected);
    }
  });

  it("grpc reflection - a symbol comes back in its own .proto file, as built, with fully qualified type names and its imports", async () => {
    const [echo, ...imports] = await filesFor({ fileContainingSymbol: "boyd.v1.EchoService" });
    expect(echo!.name).toBe("boyd/v1/echo.proto");
    expect(echo!.package).toBe("boyd.v1");
    expect(echo!.messageType.map((m) => m.name)).toEqual(["EchoRequest", "EchoResponse"]);
    expect(echo!.service[0]!.method[0]).toMatchObject({ name: "Echo", inputType: ".boyd.v1.EchoRequest", outputType: ".boyd.v1.EchoResponse" });
    // Every file it imports comes along, each once.
    expect(imports.map((f) => f.name).sort()).toEqual([...echo!.dependency].sort());
    const [byMethod] = await filesFor({ fileContainingSymbol: "boyd.v1.EchoService.Echo" });
    expect(byMethod!.name).toBe("boyd/v1/echo.proto");
  });

  it("grpc reflection - a message with a map field keeps its map entry nested in it (the @grpc/reflection bug grpcurl refused)", async () => {
    const [events, ...imports] = await filesFor({ fileContainingSymbol: "boyd.v1.CycleFinished" });
    expect(events!.name).toBe("boyd/v1/events.proto");
    expect(imports.map((f) => f.name)).toEqual(expect.arrayContaining(["boyd/v1/common.proto"]));
    const cycleFinished = events!.messageType.find((m) => m.name === "CycleFinished")!;
    expect(cycleFinished.options?.mapEntry ?? false).toBe(false);
    const phaseMs = cycleFinished.field.find((f) => f.name === "phase_ms")!;
    expect(phaseMs.typeName).toBe(".boyd.v1.CycleFinished.PhaseMsEntry");
    expect(cycleFinished.nestedType.find((m) => m.name === "PhaseMsEntry")?.options?.mapEntry).toBe(true);
    const event = events!.messageType.find((m) => m.name === "Event")!;
    expect(event.field.find((f) => f.name === "cycle_finished")!.typeName).toBe(".boyd.v1.CycleFinished");
  });

  it("grpc reflection - files are found by name, health and reflection's own too", async () => {
    for (const name of ["boyd/v1/common.proto", "health/v1/health.proto", "grpc/reflection/v1/reflection.proto", "grpc/reflection/v1alpha/reflection.proto"]) {
      const [file] = await filesFor({ fileByFilename: name });
      expect(file!.name).toBe(name);
    }
    const [health] = await filesFor({ fileContainingSymbol: "grpc.health.v1.Health" });
    expect(health!.service[0]!.method.map((m) => m.name)).toEqual(expect.arrayContaining(["Check", "Watch"]));
  });

  it("grpc reflection - services this port does not serve, and unknown names, are NOT_FOUND", async () => {
    for (const request of [{ fileContainingSymbol: "boyd.v1.ActService" }, { fileContainingSymbol: "boyd.v1.NoSuchThing" }, { fileByFilename: "boyd/v1/nothing.proto" }]) {
      const res = await ask(request);
      expect(res.errorResponse).toMatchObject({ errorCode: grpc.status.NOT_FOUND });
    }
  });
});
