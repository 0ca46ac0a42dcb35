// README.md's agent commands: the first run, then goals, plan, recall, cycle,
// reflect and the REPL on what it left in ./.boyd.
import { readmeCommandTests } from "./readme-commands.js";

readmeCommandTests("the agent", (block) => block.commands[0]!.text.startsWith("./boyd.sh agent "), /^\.\/boyd\.sh agent run --fresh --kb examples\/solar-system\.csv/);
