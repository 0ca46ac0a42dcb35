export { FactIndex, type MinedFact } from "./facts.js";
export { mineRules, byConfidence, type MinedRuleFigures, type MiningOptions, type MiningResult, type RuleForm } from "./miner.js";
export { RuleRanker, compareMaxPlus, filteredRank, type Candidate } from "./ranker.js";
export { isMinedRuleName, toRules, type MinedProvenance } from "./to-rules.js";
export { mineStore, type StoreMining } from "./mine-store.js";
