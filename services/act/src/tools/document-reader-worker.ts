// Worker-thread entry of readDocumentOffThread: reads one document and posts the result.
import { parentPort, workerData } from "node:worker_threads";
import { readDocument, type DocumentFormat } from "./documents.js";

const { raw, format } = workerData as { raw: string; format: DocumentFormat };
parentPort!.postMessage(readDocument(raw, format));
