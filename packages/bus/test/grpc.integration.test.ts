import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import * as grpc from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";
import { EchoRequest, type EchoResponse, EchoServiceClient, EchoServiceDefinition } from "@boyd/proto";
import { descriptorSet } from "@boyd/proto/descriptors";
import { protoPath as healthProtoPath } from "grpc-health-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BusError, fromGrpcError, grpcService, serveGrpc, type CallContext, type GrpcServer } from "../src/index.js";
import { StreamingEchoClient, StreamingEchoDefinition } from "./streaming-echo.js";

const seen: CallContext[] = [];
let server: GrpcServer;
let client: EchoServiceClient;

beforeAll(async () => {
  server = await serveGrpc(
    [
      grpcService(EchoServiceDefinition, {
        async echo(request, context) {
          seen.push(context);
          if (request.delayMs) await sleep(request.delayMs);
          if (request.text === "not-found") throw new BusError("NOT_FOUND", "nothing called that");
          if (request.text === "crash") throw new Error("secret internals");
          return { text: request.text, payload: request.payload, servedBy: "grpc" };
        },
      }),
      grpcService(StreamingEchoDefinition, {
        async *repeat(request) {
          for (let i = 0; i < request.delayMs; i++) yield { text: `${request.text} ${i}`, payload: Buffer.alloc(0), servedBy: "grpc" };
        },
      }),
    ],
    { descriptorSet: descriptorSet() },
  );
  client = new EchoServiceClient(server.address, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  await server?.stop();
});

function echo(request: Partial<EchoRequest>, metadata = new grpc.Metadata(), deadlineMs = 5_000): Promise<EchoResponse> {
  return new Promise((resolve, reject) =>
    client.echo(EchoRequest.fromPartial(request), metadata, { deadline: Date.now() + deadlineMs }, (err, res) =>
      err ? reject(fromGrpcError(err)) : resolve(res),
    ),
  );
}

describe("gRPC binding", () => {
  it("grpc - a generated grpc-js client calls the handler object", async () => {
    const metadata = new grpc.Metadata();
    metadata.set("boyd-agent-id", "agent-1");
    const reply = await echo({ text: "over grpc", payload: Buffer.from("abc") }, metadata);
    expect(reply).toMatchObject({ text: "over grpc", servedBy: "grpc" });
    expect(reply.payload.toString()).toBe("abc");
    expect(seen.at(-1)?.agentId).toBe("agent-1");
    expect(seen.at(-1)?.method).toBe("Echo");
  });

  it("grpc - a typed error keeps its status code; others become INTERNAL without details", async () => {
    const notFound = await echo({ text: "not-found" }).catch((e: unknown) => e);
    expect((notFound as BusError).code).toBe("NOT_FOUND");
    expect((notFound as BusError).message).toBe("nothing called that");
    const internal = await echo({ text: "crash" }).catch((e: unknown) => e);
    expect((internal as BusError).code).toBe("INTERNAL");
    expect((internal as BusError).message).not.toContain("secret");
  });

  it("grpc - the caller's deadline reaches the handler and expires as DEADLINE_EXCEEDED", async () => {
    const err = await echo({ text: "slow", delayMs: 1_000 }, new grpc.Metadata(), 100).catch((e: unknown) => e);
    expect((err as BusError).code).toBe("DEADLINE_EXCEEDED");
    const ctx = seen.at(-1)!;
    expect(ctx.deadline - Date.now()).toBeLessThan(200);
  });

  it("grpc - server streaming yields every response in order", async () => {
    const streaming = new StreamingEchoClient(server.address, grpc.credentials.createInsecure());
    const call = (streaming as unknown as { repeat(r: EchoRequest): grpc.ClientReadableStream<EchoResponse> }).repeat(
      EchoRequest.fromPartial({ text: "tick", delayMs: 3 }),
    );
    const texts: string[] = [];
    for await (const item of call) texts.push((item as EchoResponse).text);
    expect(texts).toEqual(["tick 0", "tick 1", "tick 2"]);
    streaming.close();
  });

  it("grpc - grpc.health.v1 reports each served service SERVING", async () => {
    const pkg = grpc.loadPackageDefinition(loadSync(healthProtoPath, { enums: String })) as any;
    const health = new pkg.grpc.health.v1.Health(server.address, grpc.credentials.createInsecure());
    const check = (service: string): Promise<{ status: string }> =>
      new Promise((resolve, reject) => health.Check({ service }, (err: Error | null, res: { status: string }) => (err ? reject(err) : resolve(res))));
    expect((await check("")).status).toBe("SERVING");
    expect((await check("boyd.v1.EchoService")).status).toBe("SERVING");
    await expect(check("boyd.v1.NoSuchService")).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
    health.close();
  });

  it("grpc - server reflection lists the services, as `grpcurl list` would", async () => {
    const reflectionDir = join(dirname(createRequire(import.meta.url).resolve("@grpc/reflection")), "..", "proto");
    const pkg = grpc.loadPackageDefinition(
      loadSync(join(reflectionDir, "grpc/reflection/v1/reflection.proto"), { includeDirs: [reflectionDir] }),
    ) as any;
    const reflection = new pkg.grpc.reflection.v1.ServerReflection(server.address, grpc.credentials.createInsecure());
    const ask = (request: object): Promise<any> =>
      new Promise((resolve, reject) => {
        const call = reflection.ServerReflectionInfo();
        call.on("data", (res: unknown) => {
          resolve(res);
          call.end();
        });
        call.on("error", reject);
        call.write(request);
      });
    const listed = await ask({ listServices: "" });
    const names = (listed.listServicesResponse?.service ?? []).map((s: { name: string }) => s.name);
    expect(names).toContain("boyd.v1.EchoService");
    expect(names).toContain("grpc.health.v1.Health");
    // The descriptor set covers every Boyd contract, as `grpcurl describe` needs.
    const described = await ask({ fileContainingSymbol: "boyd.v1.EchoService" });
    expect(described.fileDescriptorResponse?.fileDescriptorProto?.length).toBeGreaterThan(0);
    reflection.close();
  });
});
