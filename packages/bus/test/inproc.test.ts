import { InProcessTransport, MemoryEventLog, type EventLog, type Transport } from "../src/index.js";
import { transportConformance } from "./conformance.js";

// One InProcessTransport is one process's bus: every "connection" shares it.
transportConformance("in-process", async () => {
  const bus = new InProcessTransport();
  const logs = new Map<Transport, EventLog>();
  return {
    connect: () => Promise.resolve(bus),
    openLog(transport) {
      // Both sides of a test share the one log, as they share the bus.
      let log = [...logs.values()][0];
      if (!log) logs.set(transport, (log = new MemoryEventLog(transport)));
      return Promise.resolve(log);
    },
    close: () => bus.close(),
  };
});
