import { ImpasseKind, type Impasse } from "@boyd/proto";
import { SCORING } from "./constants.js";

/**
 * Whether the choice was uncertain: no candidates, a best total below 0.15,
 * or the top two within 0.02 of each other. It never changes the choice;
 * the controller may turn it into a goal. `ranked` is best first.
 */
export function detectImpasse(ranked: readonly { tool: string; total: number }[]): Impasse | undefined {
  const [best, second] = ranked;
  if (!best) return { kind: ImpasseKind.NO_CANDIDATES, threshold: 0, epsilon: 0, tiedTools: [] };
  if (best.total < SCORING.impasseThreshold) return { kind: ImpasseKind.ALL_BELOW_THRESHOLD, threshold: SCORING.impasseThreshold, epsilon: 0, tiedTools: [] };
  if (second && best.total - second.total < SCORING.tieEpsilon) {
    const tied = ranked.filter((c) => best.total - c.total < SCORING.tieEpsilon).map((c) => c.tool);
    return { kind: ImpasseKind.TIE, threshold: 0, epsilon: SCORING.tieEpsilon, tiedTools: tied };
  }
  return undefined;
}
