import { CycleTracer } from "./cycle/tracer.js";
import { AGENT_CONFIG, GOAL, startMode } from "./cycle/workload.js";
const tracer = new CycleTracer(); tracer.install();
const mode = await startMode({ label: "embedded", tracer });
for (let k = 0; k < 3; k++) {
  const agentId = `a-${k}`;
  await mode.stack.agents.createAgent({ agentId, config: AGENT_CONFIG, goals: [GOAL] });
  await mode.stack.agents.run({ agentId, maxCycles: 40 });
  if (k === 2) process.stderr.write(`MARK-START ${Date.now()}\n`);
  await mode.stack.agents.run({ agentId, maxCycles: 150 });
  if (k === 2) process.stderr.write(`MARK-END ${Date.now()}\n`);
}
await mode.stop(); tracer.uninstall();
