import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openEmbeddedBackend } from "../src/index.js";
import { graphConformance } from "./conformance.js";

graphConformance("embedded (in memory)", async () => (await openEmbeddedBackend()).backend);

graphConformance("embedded (on disk)", async () => (await openEmbeddedBackend({ dir: mkdtempSync(join(tmpdir(), "boyd-graph-")) })).backend);
