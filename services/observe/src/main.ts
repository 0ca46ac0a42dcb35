// The observe service as its own process: serves ObserveService on NATS,
// reads working memory and episodes from the memory service, takes percepts
// from the JetStream percept stream (or a plain subscription). Settings,
// logs, ops endpoints and the SIGTERM drain come from @boyd/service-kit.
import { jetStreamCheck, runService } from "@boyd/service-kit";
import { configFromEnv } from "./config.js";
import { openInProcessPerceptInbox } from "./percepts/in-process.js";
import { openJetStreamPerceptInbox } from "./percepts/jetstream.js";
import type { DropListener } from "./percepts/port.js";
import { serveObserve } from "./service.js";

await runService({
  name: "observe",
  config: configFromEnv,
  start: async ({ transport, log }, config) => {
    const onDrop: DropListener = (reason, detail) => log.warn({ reason, ...detail }, detail.why ? `percept dropped (${reason}): ${detail.why}` : `percept dropped (${reason})`);
    const jetstream = config.perceptInbox === "jetstream";
    const percepts = jetstream
      ? await openJetStreamPerceptInbox(transport, {
          stream: config.perceptStream,
          replicas: config.perceptReplicas,
          maxAgeMs: config.perceptMaxAgeSeconds * 1000,
          ackWaitMs: config.perceptAckWaitSeconds * 1000,
          maxPerAgent: config.perceptMaxPerAgent,
          onDrop,
          onOldConsumers: ({ removed, error }) =>
            error
              ? log.warn({ err: error, stream: config.perceptStream, removed: removed.length }, "could not remove the per-agent consumers an older version left on the percept stream (does observe's NATS user have CONSUMER.LIST and CONSUMER.DELETE on it?)")
              : log.info({ stream: config.perceptStream, removed: removed.length }, `removed ${removed.length} per-agent consumers an older version left on the percept stream`),
        })
      : await openInProcessPerceptInbox(transport, { maxPerAgent: config.perceptMaxPerAgent, onDrop });
    const binding = await serveObserve(transport, {
      percepts,
      maxPercepts: config.maxPerceptsPerObserve,
      reportError: (err, ctx) => log.error({ err, subject: ctx.subject }, "observe failed"),
    });
    return {
      describe: { percepts: config.perceptInbox, stream: jetstream ? config.perceptStream : undefined },
      checks: jetstream ? { percepts: jetStreamCheck(transport, config.perceptStream) } : {},
      stop: [() => binding.stop(), () => percepts.close()],
    };
  },
});
