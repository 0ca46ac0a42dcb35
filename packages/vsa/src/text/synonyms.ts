/**
 * Concept roots and the words that express them. The encoder adds a shared
 * concept vector for every word of a root, to goals and tool profiles alike,
 * so "grab the page" and a profile saying "download web content" meet on the
 * concepts `fetch` and `web` although they share no word. Words are matched
 * by stem, so inflections need not be listed. A word may belong to several
 * roots. Extend or override with `EncoderOptions.synonyms`.
 */
export type SynonymTable = Readonly<Record<string, readonly string[]>>;

export const DEFAULT_SYNONYMS: SynonymTable = {
  fetch: ["fetch", "download", "retrieve", "grab", "pull", "obtain", "scrape", "crawl", "get", "request", "curl", "wget"],
  web: ["web", "website", "site", "webpage", "page", "url", "uri", "link", "online", "internet", "http", "https", "endpoint", "api", "rest", "browser", "browse", "feed", "rss", "domain", "homepage", "html", "www", "com", "org"],
  file: ["file", "folder", "directory", "dir", "path", "disk", "workspace", "txt", "csv", "json", "yaml", "yml", "log", "logs", "config", "configuration", "filename", "filesystem", "md"],
  read: ["read", "open", "load", "view", "inspect", "contents", "content", "peek", "cat", "print", "display", "show"],
  write: ["write", "save", "store", "persist", "dump", "export", "output", "overwrite", "append", "create", "put", "rename", "copy"],
  execute: ["execute", "run", "launch", "invoke", "command", "shell", "terminal", "script", "binary", "cli", "process", "bash", "console", "npm", "pnpm", "git", "python", "node"],
  build: ["build", "compile", "test", "tests", "suite", "lint", "install", "deploy", "package", "benchmark", "migrate", "release", "ci"],
  ask: ["ask", "question", "clarify", "confirm", "consult", "user", "human", "operator", "person", "prefer", "preference", "approve", "approval", "permission", "opinion", "choose", "decide", "undecided", "me", "input", "answer", "reply", "feedback", "check"],
  schedule: ["schedule", "cron", "recurring", "recur", "every", "daily", "weekly", "hourly", "nightly", "monthly", "periodic", "periodically", "tomorrow", "remind", "reminder", "timer", "later", "morning", "evening", "midnight", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "o'clock", "am", "pm", "repeat", "routine", "automate"],
  job: ["job", "jobs", "task", "tasks", "scheduled", "cron", "timer", "queue", "pending", "upcoming"],
  enumerate: ["list", "enumerate", "inventory", "which", "overview", "all", "existing", "current", "show"],
  remember: ["remember", "recall", "memory", "memories", "past", "previous", "previously", "earlier", "before", "history", "last", "experience", "episode", "happened", "yesterday", "ago", "time", "session", "attempt", "tried", "did", "we", "our", "lesson"],
  knowledge: ["knowledge", "know", "known", "fact", "facts", "graph", "kg", "information", "info", "stored", "recorded", "entity", "entities", "relation", "relations", "relationship", "triple", "triples", "about", "who", "where", "when", "what"],
  query: ["query", "lookup", "look", "find", "tell", "describe", "detail", "details", "property", "properties", "attribute", "attributes", "connected", "neighbors"],
  similar: ["similar", "similarity", "like", "resemble", "resemblance", "analogous", "analogy", "analog", "comparable", "compare", "related", "neighbour", "neighbor", "nearest", "akin", "alike", "cluster", "lookalike", "counterpart", "equivalent", "alternative", "alternatives"],
  logic: ["reason", "reasoning", "logic", "logical", "prove", "proof", "deduce", "deduction", "conclude", "conclusion", "follow", "follows", "entail", "entailment", "imply", "implies", "implication", "true", "false", "valid", "validity", "consistent", "contradiction", "contradict", "constraint", "satisfiable", "hold", "necessarily", "evaluate", "simplify", "expression", "formula", "theorem", "premise", "syllogism", "therefore", "hence", "why"],
  infer: ["infer", "inference", "derive", "derivation", "transitive", "hierarchy", "classify", "classification", "category", "categorize", "subclass", "superclass", "taxonomy", "ontology", "chain", "rule", "rules", "propagate", "inherit", "inheritance", "implicit", "implied", "indirect", "indirectly", "transitively", "entail", "kind", "type", "instance"],
  missing: ["missing", "gap", "gaps", "incomplete", "unknown", "unknowns", "lack", "lacking", "absent", "hole", "holes", "coverage", "unanswered", "insufficient", "sparse", "blind", "spot", "spots", "uncovered", "unexplored", "weak", "thin", "shallow", "unanswered", "open", "questions"],
  assert: ["add", "assert", "insert", "record", "register", "note", "link", "connect", "relate", "state", "declare", "mark", "tag", "enter", "own", "owns", "belongs"],
  retract: ["remove", "retract", "delete", "drop", "erase", "undo", "unlink", "disconnect", "wrong", "incorrect", "outdated", "obsolete", "correct", "fix", "update", "replace"],
  library: ["library", "corpus", "collection", "archive", "documents", "papers", "sources", "reading", "references", "bibliography", "ingested", "shelf"],
  document: ["document", "article", "paper", "book", "pdf", "report", "essay", "text", "markdown", "html", "post", "blog", "chapter", "manual", "guide", "whitepaper", "transcript", "paper", "readme", "docs", "documentation", "spec", "specification", "thesis", "handbook"],
  ingest: ["ingest", "ingestion", "import", "absorb", "index", "digest", "upload", "learn", "study", "memorize", "catalog", "catalogue", "keep", "file", "collect"],
  search: ["search", "find", "locate", "seek", "hunt", "scan", "grep", "look", "lookup", "where"],
  quote: ["quote", "quotation", "passage", "excerpt", "mention", "mentions", "mentioned", "say", "said", "says", "cite", "citation", "paragraph", "sentence", "wording", "claim", "claims", "discuss", "discussed", "statement", "author", "wrote", "written", "according"],
  topic: ["topic", "subject", "theme", "concerning", "regarding", "related", "covering", "cover"],
  create: ["create", "make", "generate", "build", "produce", "compose", "draft", "new", "construct", "author"],
  analyze: ["analyze", "analyse", "analysis", "examine", "investigate", "study", "assess", "evaluate", "review", "audit", "diagnose"],
  network: ["network", "http", "https", "download", "upload", "remote", "server", "host", "port", "dns"],
  data: ["data", "dataset", "table", "spreadsheet", "record", "records", "rows", "columns", "csv", "values", "numbers", "statistics", "stats", "figures"],
  code: ["code", "source", "function", "module", "class", "repository", "repo", "commit", "branch", "program", "software", "library"],
  time: ["time", "date", "today", "tonight", "hour", "minute", "week", "month", "year", "day", "deadline", "clock"],
};
