// In-process RPC hands message objects over instead of encoding them: what
// that saves, and that each side still gets a copy of its own.
import { EchoRequest, EchoResponse, EchoServiceDefinition } from "@boyd/proto";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, InProcessTransport, serveService, type ServiceBinding } from "../src/index.js";

/** The echo service's definition with its codecs counting what they encode and decode. */
function countingEcho(): { definition: typeof EchoServiceDefinition; counts: Record<string, number> } {
  const counts = { requestEncode: 0, requestDecode: 0, responseEncode: 0, responseDecode: 0 };
  const counted = <T>(codec: typeof EchoRequest | typeof EchoResponse, name: "request" | "response") =>
    ({
      ...codec,
      encode: (m: never) => (counts[`${name}Encode`]++, codec.encode(m)),
      decode: (b: Uint8Array) => (counts[`${name}Decode`]++, codec.decode(b)),
    }) as unknown as T;
  const echo = EchoServiceDefinition.methods.echo;
  const definition = {
    ...EchoServiceDefinition,
    methods: { ...EchoServiceDefinition.methods, echo: { ...echo, requestType: counted<typeof EchoRequest>(EchoRequest, "request"), responseType: counted<typeof EchoResponse>(EchoResponse, "response") } },
  } as typeof EchoServiceDefinition;
  return { definition, counts };
}

describe("in-process RPC carries messages", () => {
  const bus = new InProcessTransport();
  let binding: ServiceBinding | undefined;
  afterEach(async () => binding?.stop());

  it("a call encodes and decodes nothing; the handler and the caller each get a copy they may change", async () => {
    const { definition, counts } = countingEcho();
    const held = { text: "kept by the server", payload: Buffer.alloc(0), servedBy: "inproc", tags: ["a"] };
    const seen: EchoRequest[] = [];
    binding = await serveService(bus, definition, {
      echo: (request: EchoRequest) => {
        seen.push(request);
        request.text = "changed by the handler";
        return held;
      },
      echoStream: async function* () {},
    } as never);
    const client = createClient(bus, definition);
    const request = { text: "hello", delayMs: 0 };
    const reply = await client.echo(request);
    expect(counts).toEqual({ requestEncode: 0, requestDecode: 0, responseEncode: 0, responseDecode: 0 });
    expect(request.text).toBe("hello");
    expect(seen[0]).not.toBe(request);
    expect(reply).toEqual({ text: "kept by the server", payload: Buffer.alloc(0), servedBy: "inproc" });
    reply.text = "changed by the caller";
    expect(held.text).toBe("kept by the server");
  });

  it("a transport reading the bytes (a tracer, NATS) gets the message's encoding, made once", async () => {
    const { definition, counts } = countingEcho();
    const request = bus.request.bind(bus);
    const sizes: number[] = [];
    const reading = Object.assign(Object.create(bus) as InProcessTransport, {
      request: async (subject: string, envelope: Parameters<InProcessTransport["request"]>[1], timeoutMs: number) => {
        sizes.push(envelope.data.length, envelope.data.length);
        const reply = await request(subject, envelope, timeoutMs);
        sizes.push(reply.data.length);
        return reply;
      },
    });
    binding = await serveService(bus, definition, { echo: (r: EchoRequest) => ({ text: r.text, payload: r.payload, servedBy: "inproc" }), echoStream: async function* () {} } as never);
    const reply = await createClient(reading, definition).echo({ text: "bytes" });
    expect(reply.text).toBe("bytes");
    const requestBytes = EchoRequest.encode({ text: "bytes", payload: Buffer.alloc(0), delayMs: 0 }).finish().length;
    expect(sizes).toEqual([requestBytes, requestBytes, EchoResponse.encode({ text: "bytes", payload: Buffer.alloc(0), servedBy: "inproc" }).finish().length]);
    expect(counts).toMatchObject({ requestEncode: 1, responseEncode: 1 });
  });
});
