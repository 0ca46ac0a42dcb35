import type { ApprovalMode } from "@boyd/proto";
import type { Command } from "commander";
import { approvalMode, positiveInt } from "./options.js";

// The flags alone: commands declare them at start-up, while reading and
// merging settings (agent-settings.ts, the controller's settings schema)
// is loaded only by the commands that run.

/** The setting flags of `agent run`, `agent config` and `up`. */
export interface SettingFlags {
  /** Agent settings file (YAML or JSON). */
  config?: string;
  mode?: ApprovalMode;
  iterationBudget?: number;
}

/** Adds the setting flags (flags > file > defaults) to a command. */
export function addSettingFlags(command: Command): Command {
  return command
    .option("--config <file>", "agent settings file (YAML or JSON; see examples/agent-settings.yaml); used when the agent is created")
    .option("--mode <mode>", "approval mode of a new agent: safe, cautious, paranoid or yolo (default: the policy's)", approvalMode)
    .option("--iteration-budget <n>", "tool calls a run may make (default 50, or --max-cycles when higher)", positiveInt);
}
