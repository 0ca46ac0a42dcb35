// README.md's other commands: the knowledge graph, decide, act, think and
// the development block.
import { readmeCommandTests } from "./readme-commands.js";

readmeCommandTests("graph, decide, act, think, bundle", (block) => !block.commands[0]!.text.startsWith("./boyd.sh agent "), /^\.\/boyd\.sh kg ingest examples\/animals\.csv/);
