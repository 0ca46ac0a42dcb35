import { expect, it } from "vitest";
import { ATTACK_CLASSES, attacksOf, fieldKey, lengthDelimited, seedFor, seededRandom, varint } from "../src/index.js";

const MAX_PAYLOAD = 1024 * 1024;
const target = { sample: Uint8Array.from([0x0a, 0x03, 0x61, 0x62, 0x63, 0x10, 0x05]), others: [Uint8Array.of(0x08, 0x01), Uint8Array.of(0x12, 0x00)], maxPayload: MAX_PAYLOAD };
const all = (seed: number) => ATTACK_CLASSES.flatMap((c) => attacksOf(c, target, seededRandom(seedFor(seed, c))));

it("varint and keys - protobuf's base-128 encoding, exact past 2^53", () => {
  expect([...varint(0n)]).toEqual([0]);
  expect([...varint(300n)]).toEqual([0xac, 0x02]);
  expect([...varint((1n << 64n) - 1n)]).toEqual([...Array<number>(9).fill(0xff), 0x01]);
  expect([...fieldKey(1, 2)]).toEqual([0x0a]);
  expect([...lengthDelimited(2, Uint8Array.of(7))]).toEqual([0x12, 0x01, 0x07]);
});

it("seeded - the same seed gives the same bytes, another seed other bytes", () => {
  const a = all(17);
  const b = all(17);
  expect(a.map((x) => [x.attackClass, x.name, Buffer.from(x.data).toString("base64")])).toEqual(b.map((x) => [x.attackClass, x.name, Buffer.from(x.data).toString("base64")]));
  const random = (attacks: typeof a) => attacks.filter((x) => x.attackClass === "random bytes").map((x) => Buffer.from(x.data).toString("hex"));
  expect(random(all(18))).not.toEqual(random(a));
});

it("every class tries something, and every body fits the server's max payload", () => {
  const attacks = all(17);
  for (const c of ATTACK_CLASSES) expect(attacks.filter((x) => x.attackClass === c).length, c).toBeGreaterThan(0);
  for (const x of attacks) expect(x.data.length, x.name).toBeLessThan(MAX_PAYLOAD);
  // Truncations are proper prefixes of the sample.
  for (const x of attacks.filter((a) => a.attackClass === "truncated valid message")) {
    expect(x.data.length).toBeLessThan(target.sample.length);
    expect([...x.data]).toEqual([...target.sample.slice(0, x.data.length)]);
  }
  // The near-max bodies are near the max.
  for (const x of attacks.filter((a) => a.attackClass === "body near max payload")) expect(x.data.length).toBeGreaterThan(MAX_PAYLOAD - 16 * 1024);
});
