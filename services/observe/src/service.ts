import { createClient, serveService, type ServeOptions, type ServiceBinding, type Transport } from "@boyd/bus";
import { MemoryServiceDefinition, ObserveServiceDefinition } from "@boyd/proto";
import { createObserveHandlers, type MemoryReader, type ObserveHandlerOptions } from "./handlers.js";
import { openInProcessPerceptInbox } from "./percepts/in-process.js";
import type { DropListener, PerceptInbox } from "./percepts/port.js";

/** Options of {@link serveObserve}. */
export interface ServeObserveOptions extends Omit<ObserveHandlerOptions, "memory" | "percepts">, Pick<ServeOptions, "queue" | "reportError"> {
  /**
   * Where percepts wait. The caller keeps ownership of one it passes.
   * @default an in-process inbox on `transport`, closed by `stop()`
   */
  percepts?: PerceptInbox;
  /** Told about percepts the default inbox refuses or drops (ignored when `percepts` is given: that inbox has its own). */
  onDrop?: DropListener;
  /** The memory service. @default a bus client of MemoryService on `transport` */
  memory?: MemoryReader;
}

/**
 * Serves the observe service on a transport (NATS or in-process). Calls to
 * memory carry each Observe call's own deadline. `stop()` drains the
 * binding, then closes the percept inbox when this function opened it.
 */
export async function serveObserve(transport: Transport, options: ServeObserveOptions = {}): Promise<ServiceBinding> {
  const { percepts: given, memory, queue, reportError, onDrop, ...handlerOptions } = options;
  const percepts = given ?? (await openInProcessPerceptInbox(transport, onDrop ? { onDrop } : {}));
  const handlers = createObserveHandlers({ ...handlerOptions, percepts, memory: memory ?? createClient(transport, MemoryServiceDefinition) });
  const binding = await serveService(transport, ObserveServiceDefinition, handlers, { ...(queue ? { queue } : {}), ...(reportError ? { reportError } : {}) });
  return {
    async stop() {
      await binding.stop();
      if (!given) await percepts.close();
    },
  };
}
