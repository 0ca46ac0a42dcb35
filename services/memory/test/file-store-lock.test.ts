import { afterEach, describe, expect, it } from "vitest";
import { MemoryStoreError, openFileStore } from "../src/index.js";
import { tempDir } from "./fixtures/harness.js";

const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((t) => t.remove()));

describe("files store - one store per directory", () => {
  it("a second open of an open store's directory is refused (FAILED_PRECONDITION, naming it); after close it opens, with the data", async () => {
    const temp = tempDir();
    temps.push(temp);
    const first = await openFileStore({ dir: temp.dir });
    await first.putDoc("a", "session", new TextEncoder().encode("one"), 0);
    const err = await openFileStore({ dir: temp.dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MemoryStoreError);
    expect(err).toMatchObject({ code: "FAILED_PRECONDITION" });
    expect((err as Error).message).toContain(`cannot open the memory store in ${temp.dir}`);
    // The refused open left the first store working.
    expect(await first.putDoc("a", "session", new TextEncoder().encode("two"), 1)).toBe(2);
    await first.close();
    const second = await openFileStore({ dir: temp.dir });
    expect(new TextDecoder().decode((await second.getDoc("a", "session"))!.value)).toBe("two");
    await second.close();
  });

  it("an agent named like the lock file has a directory of its own", async () => {
    const temp = tempDir();
    temps.push(temp);
    const store = await openFileStore({ dir: temp.dir });
    for (const agent of ["boyd.lock", "LOCK"]) expect(await store.putDoc(agent, "session", new TextEncoder().encode(agent), 0)).toBe(1);
    await store.close();
  });
});
