import { Archetype, Capability as C, DangerLevel, ScoringMethod, type ToolDescriptor } from "@boyd/proto";

type Spec = Pick<ToolDescriptor, "name" | "description" | "keywords" | "danger" | "capabilities" | "requiredParams" | "hasSideEffects" | "scoring"> &
  Partial<Pick<ToolDescriptor, "archetype" | "timeoutMs" | "outputCapBytes" | "vsaThreshold" | "vsaMultiplier">>;

/**
 * Gates and scales for similarity-scored tools, the reference's table:
 * 0.55 x 0.75 for outward-facing tools; the library tools gate lower, at
 * 0.50 (library_search scaled by 0.80, content_ingest by 0.75), because
 * reading the agent's own library is safe. With an unbiased encoder 0.50 is
 * the similarity of unrelated text, so an unrelated goal may clear it by
 * noise, but only with a base near 0.40, below every state-dependent core
 * score it competes with.
 */
const OUTWARD = { vsaThreshold: 0.55, vsaMultiplier: 0.75 } as const;
const LIBRARY = { vsaThreshold: 0.5 } as const;
/**
 * save_note and report_progress touch only the agent and the person
 * running it, so they gate like the library tools rather than like the
 * outward-facing ones.
 */
const NOTES = { vsaThreshold: 0.5, vsaMultiplier: 0.8 } as const;

/*
 * Keywords: 17-25 per tool (the reference's profile size), chosen so the
 * synonym concepts of the text encoder meet a goal's words; a word that is
 * also a strong cue for another tool ("note" is kg_mutate's, "find" is every
 * tool's) is left out, as it pulls goals away from their tool.
 */

const specs: Spec[] = [
  {
    name: "kg_query",
    description: "Look up what the knowledge graph holds about a symbol: its facts and relations in either direction.",
    keywords: ["query", "knowledge", "facts", "lookup", "entity", "relations", "known", "graph", "describe", "tell", "properties", "attributes", "information", "details", "connected", "neighbors", "stored", "recorded", "info"],
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
    keywords: ["assert", "add", "record", "note", "relation", "link", "retract", "remove", "connect", "insert", "register", "declare", "state", "update", "correct", "delete", "belongs", "owns", "mark", "tag", "fix"],
    danger: DangerLevel.CAUTIOUS,
    capabilities: [C.WRITE_KG],
    requiredParams: ["subject", "predicate", "object"],
    hasSideEffects: true,
    scoring: ScoringMethod.CORE_RULE,
  },
  {
    name: "memory_recall",
    description: "Recall the agent's own past episodes and facts by the words of a query and by similarity; symbols may narrow it.",
    keywords: ["recall", "remember", "past", "episode", "experience", "previous", "history", "memory", "memories", "earlier", "happened", "tried", "attempt", "lesson", "session", "last", "previously", "ago", "yesterday", "remembered"],
    danger: DangerLevel.SAFE,
    capabilities: [C.MEMORY_ACCESS, C.READ_KG],
    requiredParams: ["query"],
    hasSideEffects: false,
    scoring: ScoringMethod.CORE_RULE,
    archetype: Archetype.GUARDIAN,
  },
  {
    name: "reason",
    description: "Evaluate or simplify a symbolic expression over facts: check whether a statement follows.",
    keywords: ["reason", "logic", "prove", "deduce", "conclude", "follows", "true", "expression", "simplify", "why", "false", "valid", "proof", "contradiction", "consistent", "evaluate", "formula", "logical", "theorem", "premise", "satisfiable", "contradict"],
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
    keywords: ["similar", "resemble", "analogous", "comparable", "nearest", "related", "alike", "compare", "neighbour", "cluster", "counterpart", "akin", "analogy", "resemblance", "lookalike", "alternatives", "similarity"],
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
    keywords: ["infer", "derive", "transitive", "hierarchy", "classify", "category", "rules", "inherit", "taxonomy", "inference", "subclass", "superclass", "ontology", "chain", "propagate", "implicit", "indirect", "implied", "imply", "apply", "materialise"],
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
    keywords: ["missing", "gaps", "incomplete", "unknown", "coverage", "lacking", "unexplored", "unanswered", "questions", "absent", "holes", "sparse", "thin", "weak", "blind", "spots", "insufficient", "uncovered", "open"],
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
    keywords: ["file", "folder", "directory", "path", "read", "write", "save", "contents", "workspace", "open", "load", "list", "search", "disk", "filename", "text", "csv", "json", "txt", "append", "create"],
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
    keywords: ["run", "execute", "command", "program", "script", "terminal", "build", "test", "compile", "install", "shell", "bash", "cli", "process", "launch", "invoke", "binary", "git", "npm", "lint", "deploy"],
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
    keywords: ["fetch", "download", "web", "url", "page", "http", "api", "endpoint", "online", "website", "https", "site", "webpage", "internet", "request", "get", "post", "retrieve", "browser", "link", "rest"],
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
    keywords: ["ingest", "import", "document", "article", "paper", "library", "index", "absorb", "add", "save", "upload", "digest", "learn", "study", "memorize", "collect", "catalog", "pdf", "book", "report", "markdown", "handbook", "store"],
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
    keywords: ["search", "library", "passage", "quote", "mention", "said", "according", "say", "says", "paper", "papers", "wrote", "author", "excerpt", "cite", "claim", "discuss", "statement", "mentioned", "passages", "quotation", "what"],
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
    keywords: ["ask", "user", "question", "clarify", "confirm", "human", "answer", "preference", "approve", "person", "operator", "consult", "opinion", "choose", "decide", "permission", "feedback", "reply", "prefer", "options"],
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
    keywords: ["schedule", "cron", "recurring", "every", "daily", "later", "remind", "job", "periodic", "weekly", "hourly", "nightly", "monthly", "tomorrow", "morning", "timer", "repeat", "routine", "automate", "reminder", "monday", "friday"],
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
    keywords: ["list", "jobs", "existing", "upcoming", "pending", "show", "scheduled", "tasks", "queue", "enumerate", "overview", "all", "current", "next", "planned", "inventory", "active", "view"],
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
