import { connect } from "@nats-io/transport-node";
import type { Call } from "../measure.js";

/** Subject of the raw round-trip floor. */
const SUBJECT = "bench.cycle.raw";

/** Bytes of the request and of the reply: a small message, like most of a cycle's. */
export const RAW_PAYLOAD_BYTES = 64;

/** A raw nats.js request/reply pair on one server. */
export interface RawEcho {
  /** One request answered by the responder. */
  readonly call: Call;
  close(): Promise<void>;
}

/**
 * The round-trip floor: a nats.js responder that replies at once with a
 * small payload, and a nats.js requester, each on its own connection in this
 * process, as the stack's services share this process. No @boyd/bus layer,
 * no protobuf, no headers.
 */
export async function startRawEcho(url: string, timeoutMs = 5_000): Promise<RawEcho> {
  const responder = await connect({ servers: url, name: "bench-cycle-raw-responder" });
  const reply = new Uint8Array(RAW_PAYLOAD_BYTES).fill(0x72);
  responder.subscribe(SUBJECT, {
    callback: (err, msg) => {
      if (!err) msg.respond(reply);
    },
  });
  await responder.flush();
  const requester = await connect({ servers: url, name: "bench-cycle-raw-requester" });
  const request = new Uint8Array(RAW_PAYLOAD_BYTES).fill(0x71);
  const answer = await requester.request(SUBJECT, request, { timeout: timeoutMs });
  if (answer.data.length !== RAW_PAYLOAD_BYTES) throw new Error(`raw responder answered ${answer.data.length} bytes, not ${RAW_PAYLOAD_BYTES}`);
  return {
    call: () => requester.request(SUBJECT, request, { timeout: timeoutMs }),
    async close() {
      await requester.close();
      await responder.close();
    },
  };
}
