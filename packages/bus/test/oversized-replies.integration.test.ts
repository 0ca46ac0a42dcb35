import { EchoServiceDefinition } from "@boyd/proto";
import { startNats, type NatsServer } from "@boyd/testkit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectNats, createClient, isBusError, serveService, type ServiceBinding, type Transport } from "../src/index.js";

// Found by the attack suite (issue 17): a handler whose reply is larger than
// nats-server's max payload (observe, once a 1 MB percept was queued) was
// never answered, because nats.js refuses to send it; the caller waited out
// its whole deadline, every time.

const MAX_PAYLOAD = 1024 * 1024;

let nats: NatsServer;
let server: Transport;
let caller: Transport;
let binding: ServiceBinding;

beforeAll(async () => {
  nats = await startNats();
  server = await connectNats({ servers: nats.url });
  caller = await connectNats({ servers: nats.url });
  binding = await serveService(server, EchoServiceDefinition, {
    // The request's text says how large a reply to make.
    echo: (request) => ({ text: "", payload: Buffer.alloc(Number(request.text)), servedBy: "echo" }),
  });
});
afterAll(async () => {
  await binding?.stop();
  await Promise.all([server?.close(), caller?.close()]);
  await nats?.dispose();
});

it("a reply larger than the server's max payload - the caller gets RESOURCE_EXHAUSTED naming the sizes at once, not a timeout", async () => {
  const echo = createClient(caller, EchoServiceDefinition, { timeoutMs: 20_000 });
  const started = Date.now();
  const err = await echo.echo({ text: String(2 * MAX_PAYLOAD) }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isBusError(err, "RESOURCE_EXHAUSTED"), String(err)).toBe(true);
  expect((err as Error).message).toMatch(/reply of \d{7} bytes could not be sent/);
  expect((err as Error).message).toContain(`(the server's max payload is ${MAX_PAYLOAD} bytes)`);
  expect(Date.now() - started).toBeLessThan(5_000);
  // The service goes on answering replies that fit.
  const small = await echo.echo({ text: "16" });
  expect(small.payload.length).toBe(16);
});
