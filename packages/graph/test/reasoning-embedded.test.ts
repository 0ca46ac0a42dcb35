import { openEmbeddedBackend } from "../src/index.js";
import { reasoningConformance } from "./reasoning-conformance.js";

reasoningConformance("embedded", async () => (await openEmbeddedBackend()).backend);
