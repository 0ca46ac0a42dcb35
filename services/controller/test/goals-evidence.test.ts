/**
 * Evidence-based goal completion (evidence.ts): the reproductions,
 * each paired with the evidence that does complete the goal, so every
 * negative case can fail if the matching loosens or tightens.
 */
import { type Answer, AnswerKind, type Goal, type GoalAnswers, type GoalProgress, type Proof, type ProofStep, ProgressOutcome, type Triple } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { GRAPH_TOOLS, type GoalEvidence, actionTarget, entailment, refutation } from "../src/goals/evidence.js";
import { createGoal } from "../src/goals/goal-book.js";
import { evaluateProgress } from "../src/goals/progress.js";

function tr(subject: string, predicate: string, object: string, source = "kb"): Triple {
  return {
    subject,
    predicate,
    object,
    confidence: 1,
    source,
    createdAtUnixMs: 0,
    temporal: undefined,
    subjectLabel: subject,
    predicateLabel: predicate,
    objectLabel: object,
  };
}

function step(fact: Triple, ruleId = "", premises: Triple[] = [], compared = false): ProofStep {
  return { fact, ruleId, premises, compared };
}

function proof(steps: ProofStep[], summary = ""): Proof {
  return { steps, toolName: "", excerpt: "", cycle: 0, summary };
}

function answer(symbolId: string, label: string, steps: ProofStep[] = [], summary = ""): Answer {
  return { symbolId, label, confidence: 1, proof: steps.length > 0 || summary ? proof(steps, summary) : undefined };
}

function answers(kind: AnswerKind, list: Answer[] = [], extra: Partial<GoalAnswers> = {}): GoalAnswers {
  return { kind, pattern: "", subjectIds: [], answers: list, proof: undefined, predicates: [], unanswered: "", ...extra };
}

function goal(description: string, successCriteria = ""): Goal {
  return createGoal([], { symbolId: "g", description, successCriteria });
}

function sample(g: Goal, evidence: GoalEvidence, cycle = 1): GoalProgress {
  return evaluateProgress({ goal: g, evidence, cycle });
}

const completed = (p: GoalProgress): boolean => p.outcome === ProgressOutcome.COMPLETED;

describe("evidence - yes/no questions", () => {
  const dogFish = goal("Find out whether a dog is a fish", "fish");
  const isFish = proof([step(tr("dog", "is-a", "fish"))], "dog is-a fish");

  it("evidence - an UNKNOWN answer (no proof) does not complete 'whether a dog is a fish => fish'", () => {
    const p = sample(dogFish, { answers: answers(AnswerKind.UNKNOWN, [], { subjectIds: ["dog"] }) });
    expect(completed(p)).toBe(false);
    expect(p.error).toBe(1);
    expect(p.matchedTerms).toEqual([]);
    expect(p.proof).toBeUndefined();
  });

  it("evidence - a YES with the proof step 'dog is-a fish' completes it", () => {
    const p = sample(dogFish, { answers: answers(AnswerKind.YES, [], { subjectIds: ["dog"], proof: isFish }) });
    expect(completed(p)).toBe(true);
    expect(p.matchedTerms).toEqual(["fish"]);
    expect(p.proof?.steps.map((s) => s.fact?.object)).toEqual(["fish"]);
    expect(p.proof?.summary).toContain("dog is-a fish");
  });

  it("evidence - a YES without a proof, or a proof not naming the criterion, does not complete it", () => {
    expect(completed(sample(dogFish, { answers: answers(AnswerKind.YES, [], { subjectIds: ["dog"] }) }))).toBe(false);
    const mammal = proof([step(tr("dog", "is-a", "mammal"))]);
    expect(completed(sample(dogFish, { answers: answers(AnswerKind.YES, [], { subjectIds: ["dog"], proof: mammal }) }))).toBe(false);
  });

  it("evidence - a proven NO never meets the criterion 'fish', even when its proof names fish", () => {
    const no = proof([step(tr("dog", "is-a", "mammal")), step(tr("mammal", "disjoint_with", "fish"))]);
    expect(completed(sample(dogFish, { answers: answers(AnswerKind.NO, [], { subjectIds: ["dog"], proof: no }) }))).toBe(false);
  });

  it("evidence - the criterion 'yes' is met by a proven YES only, 'no' by a proven NO only; neither by UNKNOWN or an unproven answer", () => {
    const directed = (criteria: string): Goal => goal("Was Glass River directed by Tomas Vey?", criteria);
    const by = proof([step(tr("glass_river", "directed_by", "tomas_vey"))], "glass_river directed_by tomas_vey");
    const other = proof([step(tr("glass_river", "directed_by", "mara_lind")), step(tr("directed_by", "rdf:type", "owl:FunctionalProperty"))]);
    const yes = { answers: answers(AnswerKind.YES, [], { subjectIds: ["glass_river", "tomas_vey"], proof: by }) };
    const no = { answers: answers(AnswerKind.NO, [], { subjectIds: ["glass_river", "tomas_vey"], proof: other }) };
    const p = sample(directed("yes"), yes);
    expect(completed(p)).toBe(true);
    expect(p.proof?.summary).toContain("glass_river directed_by tomas_vey");
    expect(completed(sample(directed("Yes"), yes))).toBe(true);
    expect(completed(sample(directed("no"), yes))).toBe(false);
    expect(completed(sample(directed("no"), no))).toBe(true);
    expect(completed(sample(directed("yes"), no))).toBe(false);
    for (const criteria of ["yes", "no"]) {
      expect(completed(sample(directed(criteria), { answers: answers(AnswerKind.UNKNOWN, [], { subjectIds: ["glass_river"] }) }))).toBe(false);
      expect(completed(sample(directed(criteria), { answers: answers(criteria === "yes" ? AnswerKind.YES : AnswerKind.NO, [], { subjectIds: ["glass_river"] }) }))).toBe(false);
    }
  });

  it("evidence - a proven answer the other way refutes a yes/no criterion, naming the answer and its facts; nothing else refutes", () => {
    const directed = (criteria: string): Goal => goal("Was Glass River directed by Tomas Vey?", criteria);
    const other = proof([step(tr("glass_river", "directed_by", "mara_lind"))], "glass_river directed_by mara_lind (kb)");
    const by = proof([step(tr("glass_river", "directed_by", "tomas_vey"))], "glass_river directed_by tomas_vey (kb)");
    const no = answers(AnswerKind.NO, [], { subjectIds: ["glass_river"], proof: other });
    const yes = answers(AnswerKind.YES, [], { subjectIds: ["glass_river"], proof: by });
    expect(refutation(directed("yes"), no)).toBe("the graph answers no, not yes: glass_river directed_by mara_lind (kb)");
    expect(refutation(directed("False"), yes)).toBe("the graph answers yes, not false: glass_river directed_by tomas_vey (kb)");
    expect(refutation(directed("no"), no)).toBeUndefined();
    expect(refutation(directed("yes"), yes)).toBeUndefined();
    // Unproven, unknown, criteria that are not one yes/no word, or no criteria: no refutation.
    expect(refutation(directed("yes"), answers(AnswerKind.NO, [], { subjectIds: ["glass_river"] }))).toBeUndefined();
    expect(refutation(directed("yes"), answers(AnswerKind.UNKNOWN, [], { subjectIds: ["glass_river"] }))).toBeUndefined();
    expect(refutation(directed("yes tomas_vey"), no)).toBeUndefined();
    expect(refutation(directed(""), no)).toBeUndefined();
    expect(refutation(directed("yes"), undefined)).toBeUndefined();
  });

  it("evidence - a tool line that negates the criterion ('A dog is not a fish.') does not meet it", () => {
    expect(entailment(dogFish, { toolName: "file_io", toolOutput: "A dog is not a fish." }, 1).met).toEqual([]);
    expect(entailment(dogFish, { toolName: "file_io", toolOutput: "A dog is a fish." }, 1).met).toEqual(["fish"]);
  });
});

describe("evidence - graph tools are not evidence", () => {
  const venus = goal("Find the moons that orbit Venus", "phobos");

  it("evidence - ENTITIES with no answers does not complete 'moons that orbit Venus => phobos'", () => {
    const p = sample(venus, { answers: answers(AnswerKind.ENTITIES, [], { subjectIds: ["venus"] }) });
    expect(completed(p)).toBe(false);
    expect(p.error).toBe(1);
  });

  it("evidence - kg_query output 'phobos orbits venus' does not complete it; the same line read from a file does", () => {
    const base = { answers: answers(AnswerKind.ENTITIES, [], { subjectIds: ["venus"] }), toolInput: "{}", toolOutput: "phobos orbits venus" };
    const fromGraph = sample(venus, { ...base, toolName: "kg_query" });
    expect(completed(fromGraph)).toBe(false);
    expect(fromGraph.matchedTerms).toEqual([]);
    // Control: the same line from a world-reading tool is evidence, so the
    // negative above is down to the tool being a graph tool.
    expect(completed(sample(venus, { ...base, toolName: "file_io" }))).toBe(true);
  });

  it("evidence - kg_query output 'phobos orbits mars' does not complete it", () => {
    const p = sample(venus, { answers: answers(AnswerKind.ENTITIES, [], { subjectIds: ["venus"] }), toolName: "kg_query", toolOutput: "phobos orbits mars" });
    expect(completed(p)).toBe(false);
    expect(p.matchedTerms).toEqual([]);
  });

  it("evidence - no graph tool's output is evidence on its own", () => {
    for (const t of ["kg_query", "kg_mutate", "reason", "similarity_search", "infer_rules", "gap_analysis", "memory_recall"]) {
      expect(GRAPH_TOOLS.has(t)).toBe(true);
      const e = entailment(venus, { answers: answers(AnswerKind.ENTITIES, [], { subjectIds: ["venus"] }), toolName: t, toolOutput: "phobos orbits venus" }, 1);
      expect(e.met, t).toEqual([]);
    }
  });

  it("evidence - a world-reading tool's line that does not name the goal's subject is not evidence", () => {
    const p = sample(venus, { answers: answers(AnswerKind.ENTITIES, [], { subjectIds: ["venus"] }), toolName: "file_io", toolOutput: "phobos orbits mars" });
    expect(completed(p)).toBe(false);
  });
});

describe("evidence - numbers are whole tokens", () => {
  const rate = goal("Find the EUR rate", "1.08");
  const read = (toolOutput: string, toolSucceeded = true): GoalEvidence => ({ toolName: "file_io", toolInput: '{"path":"rates.txt"}', toolOutput, toolSucceeded });

  it("evidence - criteria '1.08' are not met by 'EUR rate: 7.08'", () => {
    const p = sample(rate, read("EUR rate: 7.08"));
    expect(completed(p)).toBe(false);
    expect(p.matchedTerms).toEqual([]);
  });

  it("evidence - criteria '1.08' are met by 'EUR rate: 1.08'; the proof quotes that line from file_io", () => {
    const p = sample(rate, read("USD rate: 1.00\nEUR rate: 1.08\nGBP rate: 0.85"));
    expect(completed(p)).toBe(true);
    expect(p.proof?.excerpt).toBe("EUR rate: 1.08");
    expect(p.proof?.toolName).toBe("file_io");
    expect(p.proof?.steps).toEqual([]);
    expect(p.proof?.summary).toBe('file_io output: "EUR rate: 1.08"');
  });

  it("evidence - '108' and '1.080' are other tokens than '1.08' (numbers compare as written, not by value)", () => {
    expect(completed(sample(rate, read("EUR rate: 108")))).toBe(false);
    // 1.080 == 1.08 numerically, but tokens compare as text: a trailing zero
    // makes a different token, so it is not evidence for "1.08".
    expect(completed(sample(rate, read("EUR rate: 1.080")))).toBe(false);
    // Thousands separators are dropped, so "1,080" reads as "1080", also not "1.08".
    expect(completed(sample(rate, read("EUR rate: 1,080")))).toBe(false);
  });

  it("evidence - criteria '08' are not met by 'EUR rate: 7.08'", () => {
    const g = goal("Find the EUR rate", "08");
    expect(completed(sample(g, read("EUR rate: 7.08")))).toBe(false);
    // Control: a whole "08" is.
    expect(completed(sample(g, read("EUR rate: 08")))).toBe(true);
  });
});

describe("evidence - a line read from the world must be about the goal's subject", () => {
  const notes = "Lab notes\n\nThe boiling point of ethanol is 78 C at sea level.\nThe boiling point of water is 100 C at sea level.\n";
  const read = (toolOutput: string): GoalEvidence => ({ toolName: "file_io", toolInput: '{"path":"notes.md"}', toolOutput });

  it("evidence - 'the boiling point of water => 78' is not met by the line about ethanol's; '=> 100' is met by water's", () => {
    const water = (criteria: string): Goal => goal("Find the boiling point of water in notes.md", criteria);
    expect(entailment(water("78"), read(notes), 1).met).toEqual([]);
    const p = sample(water("100"), read(notes));
    expect(completed(p)).toBe(true);
    expect(p.proof?.excerpt).toBe("The boiling point of water is 100 C at sea level.");
  });

  it("evidence - 'Find the EUR rate => 1.00' is not met by 'USD rate: 1.00' (a three-letter name counts)", () => {
    const rates = read("USD rate: 1.00\nEUR rate: 1.08");
    expect(entailment(goal("Find the EUR rate", "1.00"), rates, 1).met).toEqual([]);
    expect(entailment(goal("Find the EUR rate", "1.08"), rates, 1).met).toEqual(["1.08"]);
  });

  it("evidence - words match by stem, and the kind asked for ('what temperature') need not be in the line", () => {
    const g = goal("Find out what temperature water boils at in notes.md", "100");
    expect(entailment(g, read("Water boiling: 100 C at sea level."), 1).met).toEqual(["100"]);
    expect(entailment(g, read("Ethanol boils at 78 C; the kettle reads 100."), 1).met).toEqual([]);
  });

  it("evidence - with the graph's subjects, the line must name one of them whole: 'South Africa' is not 'South Sudan'", () => {
    const g = goal("Find the capital of South Sudan in capitals.txt", "Pretoria");
    const evidence = (toolOutput: string): GoalEvidence => ({ ...read(toolOutput), answers: answers(AnswerKind.ENTITIES, [], { subjectIds: ["south_sudan"] }) });
    expect(entailment(g, evidence("The capital of South Africa is Pretoria."), 1).met).toEqual([]);
    expect(entailment({ ...g, successCriteria: "Juba" }, evidence("The capital of South Sudan is Juba."), 1).met).toEqual(["Juba"]);
  });
});

describe("evidence - a Markdown file's sentences run across its wrapped lines", () => {
  const handbook = [
    "# Handbook",
    "",
    "The on-call rotation changes every Monday at 09:00. The on-call engineer",
    "must answer a page within 15 minutes. On-call weeks are paid a flat",
    "400 euros.",
    "",
    "- Expenses above 500 euros need the approval",
    "  of a director.",
    "| leave | days |",
    "| carried over | 5 |",
  ].join("\n");
  const read = (path: string, toolOutput: string): GoalEvidence => ({ toolName: "file_io", toolInput: JSON.stringify({ action: "read", path }), toolOutput });

  it("evidence - 'how fast the on-call engineer must answer a page => 15 minutes' is met by the sentence wrapped over two lines, quoted whole", () => {
    const g = goal("Read handbook.md and find how fast the on-call engineer must answer a page", "15 minutes");
    const p = sample(g, read("handbook.md", handbook));
    expect(completed(p)).toBe(true);
    expect(p.proof?.excerpt).toBe("The on-call engineer must answer a page within 15 minutes.");
    // "how" and the word after it ask for the kind of answer: "fast" need not be in the sentence.
    expect(entailment(goal("Read handbook.md and find how much on-call weeks are paid", "400 euros"), read("handbook.md", handbook), 1).met).toEqual(["400 euros"]);
    expect(entailment(goal("Read handbook.md and find how much on-call weeks are paid", "500 euros"), read("handbook.md", handbook), 1).met).toEqual([]);
  });

  it("evidence - a list item runs on over its lines; a table row, a heading and a command's output lines stay lines of their own", () => {
    const approver = goal("Read handbook.md and find who approves expenses above 500 euros", "director");
    expect(entailment(approver, read("handbook.md", handbook), 1).met).toEqual(["director"]);
    // The table's rows are two records: "leave" is not next to the 5 of another row.
    expect(entailment(goal("Read handbook.md and find how many days of leave", "5"), read("handbook.md", handbook), 1).met).toEqual([]);
    // The same wrapped text in a file that is not Markdown, or from a command: a line is a record.
    expect(entailment(goal("Read handbook.txt and find how fast the on-call engineer must answer a page", "15 minutes"), read("handbook.txt", handbook), 1).met).toEqual([]);
  });
});

describe("evidence - what the agent was told (percepts)", () => {
  const build = (criteria: string): Goal => goal("Find out whether the nightly build passed", criteria);
  const told = (...said: [string, string][]): GoalEvidence => ({ toolName: "kg_query", toolOutput: "nothing", told: said.map(([from, text]) => ({ from, text })) });

  it("evidence - a percept stating the criterion next to the subject meets it, quoted with who said it; the graph tool's output beside it does not", () => {
    const p = sample(build("green"), told(["ci", "Deploy 7 is out. Nightly build 142 passed: all checks green."]));
    expect(completed(p)).toBe(true);
    expect(p.proof?.summary).toBe('told by ci: "Nightly build 142 passed: all checks green."');
    expect(p.proof?.toolName).toBe("");
  });

  it("evidence - a percept about another subject, or one that denies it, meets nothing", () => {
    expect(entailment(build("green"), told(["ci", "The weekly build is green."]), 1).met).toEqual([]);
    expect(entailment(build("green"), told(["ci", "The nightly build passed but is not green."]), 1).met).toEqual([]);
    expect(entailment(build("red"), told(["ci", "Nightly build 142 passed: all checks green."]), 1).met).toEqual([]);
  });
});

describe("evidence - answers must be the criteria", () => {
  const org = (criteria: string): Goal => goal("Who does Carol report to?", criteria);
  const bob = (): GoalEvidence => ({
    answers: answers(AnswerKind.ENTITIES, [answer("bob", "bob", [step(tr("carol", "reports_to", "bob", "org.csv:3"))])], { subjectIds: ["carol"] }),
  });

  it("evidence - 'Who does Carol report to? => supervisor' is not met by the answer bob", () => {
    const p = sample(org("supervisor"), bob());
    expect(completed(p)).toBe(false);
    expect(p.matchedTerms).toEqual([]);
  });

  it("evidence - '=> bob' is met; the proof cites the fact and its source", () => {
    const p = sample(org("bob"), bob());
    expect(completed(p)).toBe(true);
    expect(p.proof?.summary).toContain("carol reports_to bob");
    expect(p.proof?.summary).toContain("org.csv:3");
    expect(p.proof?.steps).toHaveLength(1);
    expect(p.proof?.toolName).toBe("");
  });

  it("evidence - a criterion naming only the goal's subject is not met by the subject appearing in every proof", () => {
    const steps = [step(tr("carol", "reports_to", "bob", "org.csv:3"))];
    const about = (criteria: string) => ({ description: "Who does Carol report to?", successCriteria: criteria });
    const found = answers(AnswerKind.ENTITIES, [answer("bob", "bob", steps)], { subjectIds: ["carol"] });
    expect(entailment(about("carol"), { answers: found }, 1).met).toEqual([]);
    expect(entailment(about("bob"), { answers: found }, 1).met).toEqual(["bob"]);
  });

  it("evidence - 'Which is the longest tram line? => line_1' is not met by line_3, whose proof shows line_1's length only as what it was ranked against", () => {
    const steps = [step(tr("line_3", "length_km", "18.9", "rail.csv:18")), step(tr("line_1", "length_km", "7.5", "rail.csv:16"), "", [], true), step(tr("line_2", "length_km", "11.2", "rail.csv:17"), "", [], true)];
    const ranked = answers(AnswerKind.ENTITIES, [answer("line_3", "line_3", steps)], { subjectIds: ["tram_line"] });
    const longest = (criteria: string) => ({ description: "Which is the longest tram line?", successCriteria: criteria });
    for (const wrong of ["line_1", "7.5", "11.2"]) expect(entailment(longest(wrong), { answers: ranked }, 1).met, wrong).toEqual([]);
    for (const right of ["line_3", "18.9"]) expect(entailment(longest(right), { answers: ranked }, 1).met, right).toEqual([right]);
  });

  it("evidence - 'Which is older, the Blue Line or the Green Line? => green_line' names a thing offered, not the question: not met when blue_line is the answer", () => {
    const steps = [step(tr("blue_line", "opened_in", "1968", "transit.csv:427")), step(tr("green_line", "opened_in", "1991", "transit.csv:461"), "", [], true)];
    const older = answers(AnswerKind.ENTITIES, [answer("blue_line", "Blue Line", steps)], { subjectIds: ["blue_line", "green_line"] });
    const choice = (criteria: string) => ({ description: "Which is older, the Blue Line or the Green Line?", successCriteria: criteria });
    expect(entailment(choice("green_line"), { answers: older }, 1).met).toEqual([]);
    expect(entailment(choice("Green Line"), { answers: older }, 1).met).toEqual([]);
    expect(entailment(choice("blue_line"), { answers: older }, 1).met).toEqual(["blue_line"]);
  });
});

describe("evidence - counts", () => {
  // What orient answers to "How many moons orbit Mars?": the number, and the facts of what it counted, marked compared.
  const counted = [step(tr("deimos", "orbits", "mars", "solar.csv:24"), "", [], true), step(tr("phobos", "orbits", "mars", "solar.csv:23"), "", [], true)];
  const two = answers(AnswerKind.ENTITIES, [answer("2", "2, counted in the graph: deimos, phobos", counted)], { subjectIds: ["mars"] });
  const howMany = (criteria: string) => ({ description: "How many moons orbit Mars?", successCriteria: criteria });

  it("evidence - 'How many moons orbit Mars? => 2' is met by the count, with the counted facts as its proof", () => {
    const met = entailment(howMany("2"), { answers: two }, 1);
    expect(met.met).toEqual(["2"]);
    expect(met.proof!.steps.map((s) => s.fact!.subject)).toEqual(["deimos", "phobos"]);
  });

  it("evidence - a count is not met by a thing it counted ('=> phobos') nor by another number", () => {
    for (const wrong of ["phobos", "deimos", "3", "1"]) expect(entailment(howMany(wrong), { answers: two }, 1).met, wrong).toEqual([]);
  });
});

describe("evidence - failed tools", () => {
  const rate = goal("Find the EUR rate", "1.08");

  it("evidence - a failed tool whose output would match never completes a goal", () => {
    const evidence: GoalEvidence = { toolName: "file_io", toolInput: "{}", toolOutput: "EUR rate: 1.08" };
    const failed = sample(rate, { ...evidence, toolSucceeded: false });
    expect(completed(failed)).toBe(false);
    expect(failed.outcome).toBe(ProgressOutcome.FAILED);
    expect(failed.proof).toBeUndefined();
    // Control: the same output from a tool that succeeded completes it.
    expect(completed(sample(rate, { ...evidence, toolSucceeded: true }))).toBe(true);
  });

  it("evidence - answers that held before the action complete the goal even when the cycle's tool failed", () => {
    const g = goal("Who does Carol report to?", "bob");
    const p = sample(g, {
      answers: answers(AnswerKind.ENTITIES, [answer("bob", "Bob")], { subjectIds: ["carol"] }),
      toolName: "shell_exec",
      toolInput: '{"command":"cat org.csv"}',
      toolOutput: "permission denied",
      toolSucceeded: false,
    });
    expect(completed(p)).toBe(true);
    expect(p.matchedTerms).toEqual(["bob"]);
  });
});

describe("evidence - multi-word names", () => {
  const country = (criteria: string): Goal => goal("Which country has Juba as its capital?", criteria);
  const named = (symbolId: string, label: string): GoalEvidence => ({ answers: answers(AnswerKind.ENTITIES, [answer(symbolId, label)], { subjectIds: ["juba"] }) });

  it("evidence - 'South Sudan' matches the label 'South Sudan' and the id south_sudan with no label", () => {
    expect(entailment(country("South Sudan"), named("south_sudan", "South Sudan"), 1).met).toEqual(["South Sudan"]);
    expect(entailment(country("South Sudan"), named("south_sudan", ""), 1).met).toEqual(["South Sudan"]);
    expect(entailment(country("South Sudan"), named("sudan", "Sudan"), 1).met).toEqual([]);
  });

  it("evidence - a criterion must be a whole name: 'Sudan' is not 'South Sudan', nor 'Sud' or 'Sudan South'", () => {
    expect(entailment(country("Sudan"), named("south_sudan", "South Sudan"), 1).met).toEqual([]);
    expect(entailment(country("Sud"), named("south_sudan", "South Sudan"), 1).met).toEqual([]);
    expect(entailment(country("Sudan South"), named("south_sudan", "South Sudan"), 1).met).toEqual([]);
    expect(entailment(country("south sudan"), named("south_sudan", "South Sudan"), 1).met).toEqual(["south sudan"]);
  });

  it("evidence - a name with 'and' inside ('Bosnia and Herzegovina') is one criterion when an answer is named so; 'phobos and deimos' stay two", () => {
    const capital = (criteria: string): Goal => goal("Which country is Sarajevo the capital of?", criteria);
    const bih: GoalEvidence = { answers: answers(AnswerKind.ENTITIES, [answer("bosnia_and_herzegovina", "")], { subjectIds: ["sarajevo"] }) };
    expect(entailment(capital("Bosnia and Herzegovina"), bih, 1).met).toEqual(["Bosnia and Herzegovina"]);
    expect(completed(sample(capital("Bosnia and Herzegovina"), bih))).toBe(true);
    // Each part alone is no whole name of the answer.
    expect(entailment(capital("Bosnia"), bih, 1).met).toEqual([]);
    expect(entailment(capital("Bosnia and Croatia"), bih, 1).met).toEqual([]);
    const moons: GoalEvidence = { answers: answers(AnswerKind.ENTITIES, [answer("phobos", "Phobos"), answer("deimos", "Deimos")], { subjectIds: ["mars"] }) };
    const p = entailment(goal("Find the moons of Mars", "phobos and deimos"), moons, 1);
    expect(p.terms).toEqual(["phobos", "deimos"]);
    expect(p.met).toEqual(["phobos", "deimos"]);
  });

  it("evidence - a name that starts with an article ('The Long Road') meets the criterion written with it or without it, and only as a whole", () => {
    const film = (criteria: string): Goal => goal("Find the films directed by Mara Lind", criteria);
    const road = (label: string): GoalEvidence => ({ answers: answers(AnswerKind.ENTITIES, [answer("the_long_road", label)], { subjectIds: ["mara_lind"] }) });
    expect(entailment(film("the long road, "), road("The Long Road"), 1).met).toEqual(["long road"]);
    expect(entailment(film("The Long Road"), road(""), 1).met).toEqual(["Long Road"]);
    expect(entailment(film("long road"), road("The Long Road"), 1).met).toEqual(["long road"]);
    expect(entailment(film("road"), road("The Long Road"), 1).met).toEqual([]);
    expect(entailment(film("the road"), road("The Long Road"), 1).met).toEqual([]);
  });
});

describe("evidence - goals without criteria", () => {
  it("evidence - ENTITIES with two answers completes; the proof summary lists both", () => {
    const g = goal("Find the moons of Mars");
    const found = answers(AnswerKind.ENTITIES, [
      answer("phobos", "Phobos", [step(tr("mars", "has_moon", "phobos", "nasa.csv:1"))], "mars has_moon phobos (nasa.csv:1)"),
      answer("deimos", "Deimos"),
    ]);
    const p = sample(g, { answers: found });
    expect(completed(p)).toBe(true);
    expect(p.proof?.summary).toBe("mars has_moon phobos (nasa.csv:1); Deimos");
    expect(p.proof?.steps).toHaveLength(1);
    expect(p.reason).toContain("answered");
  });

  it("evidence - ENTITIES with no answers, or UNKNOWN, does not complete", () => {
    const g = goal("Find the moons of Mars");
    for (const kind of [AnswerKind.ENTITIES, AnswerKind.UNKNOWN, AnswerKind.UNSPECIFIED]) {
      const p = sample(g, { answers: answers(kind) });
      expect(completed(p), AnswerKind[kind]).toBe(false);
      expect(p.error).toBe(1);
      expect(p.reason).toContain("no answer with evidence yet");
    }
  });

  it("evidence - a proven NO answers a yes/no question", () => {
    const g = goal("Find out whether a dog is a fish");
    const no = proof([step(tr("dog", "is-a", "mammal"))], "dog is-a mammal");
    expect(completed(sample(g, { answers: answers(AnswerKind.NO, [], { proof: no }) }))).toBe(true);
    expect(completed(sample(g, { answers: answers(AnswerKind.NO) }))).toBe(false);
  });

  it("evidence - 'Run `git status`' completes when shell_exec ran it, not when kg_query did", () => {
    const g = goal("Run `git status`");
    const ran: GoalEvidence = { toolName: "shell_exec", toolInput: '{"command":"git status"}', toolOutput: "On branch main\nnothing to commit", toolSucceeded: true };
    const p = sample(g, ran);
    expect(completed(p)).toBe(true);
    expect(p.proof?.summary).toContain("shell_exec ran on git status");
    expect(p.proof?.toolName).toBe("shell_exec");
    expect(completed(sample(g, { ...ran, toolName: "kg_query" }))).toBe(false);
    expect(completed(sample(g, { ...ran, toolInput: '{"command":"git log"}' }))).toBe(false);
    expect(completed(sample(g, { ...ran, toolSucceeded: false }))).toBe(false);
  });

  it("evidence - an action goal's target: a backticked command, a URL, a file path", () => {
    expect(actionTarget("Run `git status`")).toBe("git status");
    expect(actionTarget("Read https://example.com/rates.")).toBe("https://example.com/rates");
    expect(actionTarget("Summarise docs/notes.md please")).toBe("docs/notes.md");
    expect(actionTarget("Find the moons of Mars")).toBeUndefined();
  });
});

describe("evidence - a name two things share", () => {
  it("a proof label with the id orient adds ('Paris (paris_texas)') still meets the criterion 'Paris'; another name does not", () => {
    const fact = { ...tr("paris_texas", "located_in", "texas"), subjectLabel: "Paris (paris_texas)" };
    const found = answers(AnswerKind.ENTITIES, [answer("texas", "texas", [step(fact)])], { subjectIds: ["texas_goal"] });
    expect(completed(sample(goal("Which city is in Texas?", "Paris"), { answers: found }))).toBe(true);
    expect(completed(sample(goal("Which city is in Texas?", "Lyon"), { answers: found }))).toBe(false);
  });

  it("an answer shown as 'Paris (paris_france)' meets the criterion 'Paris'; 'France' it does not", () => {
    const largest = answers(AnswerKind.ENTITIES, [answer("paris_france", "Paris (paris_france)", [])]);
    expect(completed(sample(goal("Which city has the largest population?", "Paris"), { answers: largest }))).toBe(true);
    expect(completed(sample(goal("Which city has the largest population?", "France"), { answers: largest }))).toBe(false);
  });
});

describe("evidence - the proof of answers that share facts", () => {
  it("a fact two answers rest on is shown once in the goal's proof, each answer's own facts kept", () => {
    const hosted = () => step(tr("catalog_db", "hosted_in", "us_east", "kb.csv:52"));
    const db = () => step(tr("catalog_db", "is_a", "database", "kb.csv:9"));
    const found = answers(AnswerKind.ENTITIES, [
      answer("inventory", "inventory", [hosted(), step(tr("inventory", "depends_on", "catalog_db", "kb.csv:16")), db()]),
      answer("search", "search", [hosted(), step(tr("search", "depends_on", "catalog_db", "kb.csv:17")), db()]),
    ]);
    const e = entailment(goal("Which services depend on a database hosted in us_east?", "inventory, search"), { answers: found }, 1);
    expect(e.proof?.summary).toBe(
      "catalog_db hosted_in us_east (kb.csv:52); inventory depends_on catalog_db (kb.csv:16); catalog_db is_a database (kb.csv:9); search depends_on catalog_db (kb.csv:17)",
    );
    expect(e.proof?.steps).toHaveLength(4);
  });
});

describe("evidence - the proof of a question answered without criteria", () => {
  it("every answer proven by its facts: the goal's proof is those facts, a shared one once; an answer with no facts keeps the answers' own summaries", () => {
    const hosted = () => step(tr("catalog_db", "hosted_in", "us_east", "kb.csv:52"));
    const found = answers(AnswerKind.ENTITIES, [
      answer("inventory", "inventory", [hosted(), step(tr("inventory", "depends_on", "catalog_db", "kb.csv:16"))], "catalog_db hosted_in us_east (kb.csv:52); inventory depends_on catalog_db (kb.csv:16)"),
      answer("search", "search", [hosted(), step(tr("search", "depends_on", "catalog_db", "kb.csv:17"))], "catalog_db hosted_in us_east (kb.csv:52); search depends_on catalog_db (kb.csv:17)"),
    ]);
    const e = entailment(goal("Which services depend on a database hosted in us_east?"), { answers: found }, 1);
    expect(e.met).toEqual(["answer"]);
    expect(e.proof?.summary).toBe("catalog_db hosted_in us_east (kb.csv:52); inventory depends_on catalog_db (kb.csv:16); search depends_on catalog_db (kb.csv:17)");
    const labelled = answers(AnswerKind.ENTITIES, [answer("inventory", "inventory", [], "inventory, as the library says"), answer("search", "search", [hosted()], "catalog_db hosted_in us_east (kb.csv:52)")]);
    expect(entailment(goal("Which services depend on a database hosted in us_east?"), { answers: labelled }, 1).proof?.summary).toBe("inventory, as the library says; catalog_db hosted_in us_east (kb.csv:52)");
  });
});
