import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { BusError } from "@boyd/bus";
import { type DocumentFormat, type ReadDocument } from "./documents.js";

/**
 * Reads a document in a worker thread, so a large or hostile document
 * costs that thread, not act's event loop (ListTools, /readyz and other
 * calls stay answered), and a read that runs past `timeoutMs` is ended by
 * terminating the worker.
 */
export function readDocumentOffThread(raw: string, format: DocumentFormat, source: string, timeoutMs = 20_000): Promise<ReadDocument> {
  const worker = startWorker({ raw, format });
  return new Promise<ReadDocument>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(new BusError("DEADLINE_EXCEEDED", `source: ${JSON.stringify(source)} took longer than ${timeoutMs} ms to read; the read was stopped`))), timeoutMs);
    worker.once("message", (doc: ReadDocument) => finish(() => resolve(doc)));
    worker.once("error", (e) => finish(() => reject(new BusError("INTERNAL", `source: ${JSON.stringify(source)} could not be read: ${e.message}`))));
    worker.once("exit", (code) => finish(() => reject(new BusError("INTERNAL", `source: ${JSON.stringify(source)} could not be read (the reader exited with code ${code})`))));
  });
}

function startWorker(workerData: { raw: string; format: DocumentFormat }): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(`./document-reader-worker.${fromSource ? "ts" : "js"}`, import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: 512 };
  if (!fromSource) return new Worker(entry, { workerData, resourceLimits });
  // Run from TypeScript sources (tsx, vitest), the worker registers tsx's
  // loader before importing its entry (Node 20 does not apply --import hooks to workers).
  const tsxApi = createRequire(import.meta.url).resolve("tsx/cjs/api");
  const bootstrap = `require(${JSON.stringify(tsxApi)}).register(); require(${JSON.stringify(fileURLToPath(entry))});`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}
