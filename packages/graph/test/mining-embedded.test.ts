import { openEmbeddedBackend } from "../src/index.js";
import { miningConformance } from "./mining-conformance.js";

miningConformance("embedded", async () => (await openEmbeddedBackend()).backend);
