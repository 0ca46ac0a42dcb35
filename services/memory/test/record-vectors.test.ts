import { Fact } from "@boyd/proto";
import { TextEncoder, vectorsEqual } from "@boyd/vsa";
import { describe, expect, it } from "vitest";
import { RecordVectors } from "../src/record-vectors.js";

const fact = (content: string): Fact => Fact.fromPartial({ agentId: "a", content, source: "tool:kg_query" });

describe("RecordVectors.fieldsFor", () => {
  it("a text written again (a cycle's facts, every cycle) reuses the stored form made the first time", () => {
    const vectors = new RecordVectors(new TextEncoder());
    const first = vectors.fieldsFor("facts", fact("phobos orbits mars"));
    expect(vectors.fieldsFor("facts", fact("phobos orbits mars"))).toBe(first);
    expect(vectors.fieldsFor("facts", fact("deimos orbits mars"))).not.toBe(first);
    expect(vectors.fieldsFor("corrections", fact("phobos orbits mars"))).toBeUndefined();
  });

  it("the stored form read back is the text's vector", () => {
    const encoder = new TextEncoder();
    const vectors = new RecordVectors(encoder);
    const written = fact("phobos orbits mars");
    const json = { ...(Fact.toJSON(written) as object), ...vectors.fieldsFor("facts", written) };
    const read = Fact.fromJSON(JSON.parse(JSON.stringify(json)));
    const reader = new RecordVectors(new TextEncoder());
    reader.keep(read, JSON.parse(JSON.stringify(json)));
    expect(vectorsEqual(reader.vectorOf("facts", read), encoder.encode("phobos orbits mars"))).toBe(true);
  });
});
