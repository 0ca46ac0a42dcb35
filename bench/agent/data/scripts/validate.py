"""Checks the bench data: every KG CSV line has 3 or 4 fields (RFC 4180,
one line per fact, as packages/graph/src/ingest/csv.ts reads it), every goal
line parses and follows the schema, every answer id is a symbol of its KG.

    python3 bench/agent/data/scripts/validate.py            # check, print counts
    python3 bench/agent/data/scripts/validate.py --markdown # also print the README count table
"""

import json
import os
import re
import sys
from collections import Counter, defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CATEGORIES = ["lookup", "path", "rule", "unanswerable", "decoy", "yesno", "number", "multiword", "paraphrase"]
YESNO = {"yes", "no", "unknown"}
DECIMAL = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
problems = []


def problem(msg):
    problems.append(msg)


def split_csv_line(line):
    """Mirror of splitCsvLine in packages/graph/src/ingest/csv.ts."""
    fields, i = [], 0
    while True:
        n = len(fields) + 1
        start = i
        while start < len(line) and line[start] in " \t":
            start += 1
        if start < len(line) and line[start] == '"':
            value, j = "", start + 1
            while True:
                close = line.find('"', j)
                if close < 0:
                    return f"field {n}: quoted field is not closed"
                value += line[j:close]
                if close + 1 < len(line) and line[close + 1] == '"':
                    value += '"'
                    j = close + 2
                    continue
                i = close + 1
                break
            while i < len(line) and line[i] in " \t":
                i += 1
            if i < len(line) and line[i] != ",":
                return f"field {n}: unexpected text after the closing quote"
            fields.append(value)
        else:
            comma = line.find(",", i)
            end = len(line) if comma < 0 else comma
            raw = line[i:end]
            if '"' in raw:
                return f"field {n}: a quote inside an unquoted field"
            fields.append(raw.strip())
            i = end
        if i >= len(line):
            return fields
        i += 1


def load_kb(path):
    symbols, facts = set(), 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    seen = set()
    for no, line in enumerate(lines, 1):
        if line.strip() == "":
            continue
        fields = split_csv_line(line)
        where = f"{os.path.basename(path)}:{no}"
        if isinstance(fields, str):
            problem(f"{where}: {fields}")
            continue
        if no == 1 and [x.lower() for x in fields] == ["subject", "predicate", "object", "confidence"][:len(fields)]:
            continue
        if len(fields) not in (3, 4):
            problem(f"{where}: expected 3 or 4 fields, got {len(fields)}")
            continue
        s, p, o = fields[:3]
        if not s or not p or not o:
            problem(f"{where}: empty field")
        if len(fields) == 4 and fields[3].strip():
            c = fields[3].strip()
            if not DECIMAL.match(c) or not 0 <= float(c) <= 1:
                problem(f"{where}: bad confidence {c!r}")
        if (s, p, o) in seen:
            problem(f"{where}: duplicate fact {s},{p},{o}")
        seen.add((s, p, o))
        symbols.update([s, p, o])
        facts += 1
    return symbols, facts


def main():
    kbs = {}
    for name in sorted(os.listdir(os.path.join(ROOT, "kb"))):
        if name.endswith(".csv"):
            kbs[name] = load_kb(os.path.join(ROOT, "kb", name))
    counts = defaultdict(Counter)
    complete_counts = defaultdict(Counter)
    ids = set()
    for name in sorted(os.listdir(os.path.join(ROOT, "goals"))):
        if not name.endswith(".jsonl"):
            continue
        with open(os.path.join(ROOT, "goals", name), encoding="utf-8") as f:
            for no, line in enumerate(f, 1):
                where = f"{name}:{no}"
                if not line.strip():
                    continue
                try:
                    goal = json.loads(line)
                except json.JSONDecodeError as e:
                    problem(f"{where}: {e}")
                    continue
                keys = {"id", "kb", "goal", "criteria", "category", "complete", "answers", "note"}
                if set(goal) != keys:
                    problem(f"{where}: keys {sorted(goal)}")
                    continue
                if goal["id"] in ids:
                    problem(f"{where}: duplicate id {goal['id']}")
                ids.add(goal["id"])
                if goal["kb"] not in kbs:
                    problem(f"{where}: unknown kb {goal['kb']}")
                    continue
                cat, done, answers = goal["category"], goal["complete"], goal["answers"]
                if cat not in CATEGORIES:
                    problem(f"{where}: category {cat!r}")
                if not isinstance(done, bool) or not isinstance(answers, list):
                    problem(f"{where}: complete must be a bool and answers a list")
                    continue
                if not isinstance(goal["criteria"], str) or not goal["goal"].strip() or not goal["note"].strip():
                    problem(f"{where}: goal/note must be non-empty, criteria a string")
                symbols = kbs[goal["kb"]][0]
                for a in answers:
                    if a not in YESNO and a not in symbols:
                        problem(f"{where}: answer {a!r} is not a symbol of {goal['kb']}")
                if cat == "unanswerable" and (done or answers):
                    problem(f"{where}: unanswerable goals have complete false and no answers")
                if cat == "decoy" and done:
                    problem(f"{where}: decoys never complete")
                if answers == ["unknown"] and done:
                    problem(f"{where}: an unknown yes/no answer cannot complete")
                if cat == "yesno" and (len(answers) != 1 or answers[0] not in YESNO):
                    problem(f"{where}: yes/no goals answer exactly one of yes/no/unknown")
                if cat not in ("unanswerable", "decoy") and answers != ["unknown"] and not (done and answers):
                    problem(f"{where}: answerable goal must complete with answers")
                counts[goal["kb"]][cat] += 1
                complete_counts[goal["kb"]][done] += 1

    for p in problems:
        print("PROBLEM", p)
    for name, (symbols, facts) in kbs.items():
        print(f"{name}: {facts} facts, {len(symbols)} symbols, "
              f"{sum(counts[name].values())} goals ({complete_counts[name][True]} complete, "
              f"{complete_counts[name][False]} not)")
    if "--markdown" in sys.argv:
        header = "| kb | facts | " + " | ".join(CATEGORIES) + " | total | complete=true | complete=false |"
        print(header)
        print("|" + "---|" * (len(CATEGORIES) + 5))
        total = Counter()
        for name, (_, facts) in kbs.items():
            row = [counts[name][c] for c in CATEGORIES]
            total.update(counts[name])
            print(f"| {name} | {facts} | " + " | ".join(map(str, row)) +
                  f" | {sum(row)} | {complete_counts[name][True]} | {complete_counts[name][False]} |")
        print("| **all** | " + str(sum(f for _, f in kbs.values())) + " | " +
              " | ".join(str(total[c]) for c in CATEGORIES) + f" | {sum(total.values())} | "
              f"{sum(c[True] for c in complete_counts.values())} | {sum(c[False] for c in complete_counts.values())} |")
    print("OK" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
