import { Archetype, Capability as C, DangerLevel, ScoringMethod, type ToolDescriptor } from "@boyd/proto";

type Spec = Pick<ToolDescriptor, "name" | "description" | "keywords" | "danger" | "capabilities" | "requiredParams" | "hasSideEffects" | "scoring"> &
  Partial<Pick<ToolDescriptor, "archetype" | "timeoutMs" | "outputCapBytes" | "vsaThreshold" | "vsaMultiplier">>;

/**
 * Gates and scales for similarity-scored tools. 0.55 x 0.75 is the
 * reference's rule for outward-facing tools. Its 0.50 gate for the library
 * tools sits exactly at the similarity of unrelated text, so with an
 * unbiased encoder it would let half of all goals through; ours is 0.52,
 * four standard deviations of noise (σ ≈ 0.005 at 10,000 bits) above it.
 */
const OUTWARD = { vsaThreshold: 0.55, vsaMultiplier: 0.75 } as const;
const LIBRARY = { vsaThreshold: 0.52 } as const;
/**
 * save_note and report_progress touch only the agent and the person
 * running it, so they gate like the library tools rather than like the
 * outward-facing ones.
 */
const NOTES = { vsaThreshold: 0.52, vsaMultiplier: 0.8 } as const;

const specs: Spec[] = [
  {
    name: "kg_query",
    description: "Look up what the knowledge graph holds about a symbol: its facts and relations in either direction.",
    keywords: ["query", "knowledge", "facts", "lookup", "entity", "relations", "known", "graph", "describe"],
    danger: DangerLevel.SAFE,
    capabilities: [C.READ_KG],
    requiredParams: ["symbol"],
    hasSideEffects: false,
    scoring: ScoringMethod.CORE_RULE,
    archetype: Archetype.SAGE,
  },
  {
    name: "kg_mutate",
    description: "Assert or retract a fact (subject, predicate, object) in the knowledge graph.",
    keywords: ["assert", "add", "record", "note", "relation", "link", "retract", "remove", "connect"],
    danger: DangerLevel.CAUTIOUS,
    capabilities: [C.WRITE_KG],
    requiredParams: ["subject", "predicate", "object"],
    hasSideEffects: true,
    scoring: ScoringMethod.CORE_RULE,
  },
  {
    name: "memory_recall",
    description: "Recall past episodes of the agent's own experience that concern some symbols.",
    keywords: ["recall", "remember", "past", "episode", "experience", "previous", "history", "memory"],
    danger: DangerLevel.SAFE,
    capabilities: [C.MEMORY_ACCESS, C.READ_KG],
    requiredParams: ["query_symbols"],
    hasSideEffects: false,
    scoring: ScoringMethod.CORE_RULE,
    archetype: Archetype.GUARDIAN,
  },
  {
    name: "reason",
    description: "Evaluate or simplify a symbolic expression over facts: check whether a statement follows.",
    keywords: ["reason", "logic", "prove", "deduce", "conclude", "follows", "true", "expression", "simplify", "why"],
    danger: DangerLevel.SAFE,
    capabilities: [C.REASON, C.READ_KG],
    requiredParams: ["expression"],
    hasSideEffects: false,
    scoring: ScoringMethod.CORE_RULE,
    archetype: Archetype.SAGE,
  },
  {
    name: "similarity_search",
    description: "Find the symbols most similar to a given one by hypervector similarity.",
    keywords: ["similar", "resemble", "analogous", "comparable", "nearest", "related", "alike", "compare"],
    danger: DangerLevel.SAFE,
    capabilities: [C.VSA_ACCESS],
    requiredParams: ["symbol"],
    hasSideEffects: false,
    scoring: ScoringMethod.CORE_RULE,
    archetype: Archetype.GUARDIAN,
  },
  {
    name: "infer_rules",
    description: "Forward-chain rules over the graph (transitive is-a, part-of and others) to derive new facts.",
    keywords: ["infer", "derive", "transitive", "hierarchy", "classify", "category", "rules", "inherit", "taxonomy"],
    danger: DangerLevel.SAFE,
    capabilities: [C.REASON, C.READ_KG, C.WRITE_KG],
    requiredParams: [],
    hasSideEffects: false,
    scoring: ScoringMethod.ADAPTIVE_FLOOR,
    archetype: Archetype.SAGE,
  },
  {
    name: "gap_analysis",
    description: "Find what is missing or thin in the knowledge around a goal: unknown relations, sparse entities.",
    keywords: ["missing", "gaps", "incomplete", "unknown", "coverage", "lacking", "unexplored", "unanswered", "questions"],
    danger: DangerLevel.SAFE,
    capabilities: [C.READ_KG, C.VSA_ACCESS],
    requiredParams: ["goal"],
    hasSideEffects: false,
    scoring: ScoringMethod.ADAPTIVE_FLOOR,
    archetype: Archetype.HEALER,
  },
  {
    name: "file_io",
    description: "Read, write, list or search files inside the agent's workspace directory.",
    keywords: ["file", "folder", "directory", "path", "read", "write", "save", "contents", "workspace"],
    danger: DangerLevel.DANGEROUS,
    capabilities: [C.READ_FILESYSTEM, C.WRITE_FILESYSTEM],
    requiredParams: ["action", "path"],
    hasSideEffects: true,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.EXPLORER,
    ...OUTWARD,
  },
  {
    name: "shell_exec",
    description: "Run a program with arguments in a confined sandbox (no shell), with a timeout and output cap.",
    keywords: ["run", "execute", "command", "program", "script", "terminal", "build", "test", "compile", "install"],
    danger: DangerLevel.CRITICAL,
    capabilities: [C.PROCESS_EXEC],
    requiredParams: ["argv"],
    hasSideEffects: true,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.EXPLORER,
    ...OUTWARD,
  },
  {
    name: "http_fetch",
    description: "Fetch a URL over HTTP(S) with GET or POST, with a timeout, size cap and redirect limit.",
    keywords: ["fetch", "download", "web", "url", "page", "http", "api", "endpoint", "online", "website"],
    danger: DangerLevel.DANGEROUS,
    capabilities: [C.NETWORK],
    requiredParams: ["url"],
    hasSideEffects: false,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.EXPLORER,
    ...OUTWARD,
  },
  {
    name: "content_ingest",
    description: "Ingest a document (text, Markdown, HTML) into the local library as chunks and facts.",
    keywords: ["ingest", "import", "document", "article", "paper", "library", "index", "absorb", "add", "save", "upload"],
    danger: DangerLevel.CAUTIOUS,
    capabilities: [C.WRITE_KG, C.READ_FILESYSTEM, C.NETWORK, C.VSA_ACCESS],
    requiredParams: ["source"],
    hasSideEffects: true,
    scoring: ScoringMethod.VSA_SEMANTIC,
    vsaMultiplier: 0.75,
    ...LIBRARY,
  },
  {
    name: "library_search",
    description: "Search the local library of ingested documents for passages about a topic.",
    keywords: ["search", "library", "passage", "quote", "mention", "topic", "said", "according"],
    danger: DangerLevel.SAFE,
    capabilities: [C.VSA_ACCESS, C.READ_KG],
    requiredParams: ["query"],
    hasSideEffects: false,
    scoring: ScoringMethod.VSA_SEMANTIC,
    vsaMultiplier: 0.8,
    ...LIBRARY,
  },
  {
    name: "user_interact",
    description: "Ask the user a question and wait, with a deadline, for the answer.",
    keywords: ["ask", "user", "question", "clarify", "confirm", "human", "answer", "preference", "approve"],
    danger: DangerLevel.SAFE,
    capabilities: [C.USER_INTERACTION],
    requiredParams: ["question"],
    hasSideEffects: false,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.HEALER,
    ...OUTWARD,
  },
  {
    name: "create_job",
    description: "Schedule a goal to run later or repeatedly, from a cron expression.",
    keywords: ["schedule", "cron", "recurring", "every", "daily", "later", "remind", "job", "periodic"],
    danger: DangerLevel.CAUTIOUS,
    capabilities: [C.WRITE_KG],
    requiredParams: ["goal", "schedule"],
    hasSideEffects: true,
    scoring: ScoringMethod.VSA_SEMANTIC,
    ...OUTWARD,
  },
  {
    name: "list_jobs",
    description: "List the scheduled jobs and when they fire next.",
    keywords: ["list", "jobs", "existing", "upcoming", "pending", "show"],
    danger: DangerLevel.SAFE,
    capabilities: [],
    requiredParams: [],
    hasSideEffects: false,
    scoring: ScoringMethod.VSA_SEMANTIC,
    ...OUTWARD,
  },
  {
    name: "save_note",
    description: "Save a short note (something to remember: a change, a decision, a reminder) to the agent's memory and library, where memory_recall and library_search find it later.",
    keywords: ["note", "notes", "jot", "memo", "remember", "remind", "reminder", "keep", "save", "record", "memorize", "notebook", "journal", "down", "moved", "changed", "rescheduled", "decided", "agreed", "write"],
    danger: DangerLevel.SAFE,
    capabilities: [C.MEMORY_ACCESS, C.WRITE_KG],
    requiredParams: ["text"],
    // Only the agent's own memory changes.
    hasSideEffects: false,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.GUARDIAN,
    ...NOTES,
  },
  {
    name: "report_progress",
    description: "Report progress on a multi-step task to the person running the agent: a status message (and how far along) shown in the run output and sent as an event.",
    keywords: ["report", "progress", "status", "update", "tell", "inform", "notify", "announce", "percent", "far", "along", "milestone", "finished", "done", "remaining", "summary", "share", "post", "heartbeat", "how"],
    danger: DangerLevel.SAFE,
    capabilities: [],
    requiredParams: ["message"],
    hasSideEffects: false,
    scoring: ScoringMethod.VSA_SEMANTIC,
    archetype: Archetype.HEALER,
    ...NOTES,
  },
];

/** The built-in tools as catalog entries, with defaults for limits. */
export const BUILTIN_TOOLS: readonly ToolDescriptor[] = specs.map((s) => ({
  archetype: Archetype.UNSPECIFIED,
  timeoutMs: 60_000,
  outputCapBytes: 64 * 1024,
  inputSchemaJson: "",
  callBudget: 0,
  ...s,
}));

/** The five tools whose base score follows state-dependent rules. */
export const CORE_TOOLS = ["kg_query", "kg_mutate", "memory_recall", "reason", "similarity_search"] as const;
