/**
 * The most rules one ListRules may ask for (ListRulesRequest.limit), and so
 * every rule an agent can have: memory keeps at most 1,000 corrections, and
 * its rules are their groups and the preferences among its facts. Memory
 * refuses a larger limit; a caller that wants them all asks for this many
 * (a cycle deciding by what the agent learned does).
 */
export const MAX_RULES_LISTED = 2_000;
