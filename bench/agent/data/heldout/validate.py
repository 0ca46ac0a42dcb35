#!/usr/bin/env python3
"""Validate the heldout3 food KB and goal suite. Usage: python3 validate.py"""
import csv, json, os, re, sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, "kb", "food.csv")
GOALS = os.path.join(HERE, "goals", "food.jsonl")
CATS = {"lookup", "path", "rule", "unanswerable", "decoy", "yesno", "number", "multiword", "paraphrase"}
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_]*$")
PRED_RE = re.compile(r"^([a-z][a-z0-9_]*|is-a|part-of|has-a|parent-of|child-of|similar-to|rdf:type|owl:inverseOf)$")
NUM_RE = re.compile(r"^-?\d+(\.\d+)?$")
LITERAL_PREDS = {"label", "alias"}
errors = []

def err(msg):
    errors.append(msg)

facts = []
with open(KB, newline="", encoding="utf-8") as fh:
    rows = list(csv.reader(fh))
if rows[0] != ["subject", "predicate", "object", "confidence"]:
    err("bad header: %r" % rows[0])
for n, row in enumerate(rows[1:], start=2):
    if len(row) not in (3, 4):
        err("line %d: %d fields" % (n, len(row)))
        continue
    s, p, o = row[:3]
    if len(row) == 4 and row[3] != "":
        try:
            c = float(row[3])
            assert 0 <= c <= 1
        except Exception:
            err("line %d: bad confidence %r" % (n, row[3]))
    if not ID_RE.match(s):
        err("line %d: bad subject id %r" % (n, s))
    if not PRED_RE.match(p):
        err("line %d: bad predicate %r" % (n, p))
    if p not in LITERAL_PREDS and p not in ("rdf:type", "owl:inverseOf") and not (ID_RE.match(o) or NUM_RE.match(o)):
        err("line %d: bad object id %r" % (n, o))
    facts.append((s, p, o))

dups = [f for f, k in Counter(facts).items() if k > 1]
if dups:
    err("duplicate facts: %r" % dups[:5])

symbols = set()
for s, p, o in facts:
    symbols.add(s)
    if p not in LITERAL_PREDS:
        symbols.add(o)

functional = {s for s, p, o in facts if p == "rdf:type" and o == "owl:FunctionalProperty"}
vals = defaultdict(set)
for s, p, o in facts:
    if p in functional:
        vals[(s, p)].add(o)
for (s, p), v in vals.items():
    if len(v) > 1:
        err("functional %s has %d values for %s: %s" % (p, len(v), s, sorted(v)))

# every non-numeric entity with an underscore in its id needs a label
labelled = {s for s, p, o in facts if p == "label"}
for s, p, o in facts:
    if p in ("rdf:type", "owl:inverseOf") or p in LITERAL_PREDS:
        continue
    for x in (s, o):
        if "_" in x and not NUM_RE.match(x) and x not in labelled:
            err("no label for %s" % x)
            labelled.add(x)

ids = set()
cats = Counter()
with open(GOALS, encoding="utf-8") as fh:
    for n, line in enumerate(fh, start=1):
        try:
            g = json.loads(line)
        except Exception as e:
            err("goal line %d: %s" % (n, e))
            continue
        for k in ("id", "kb", "goal", "criteria", "category", "complete", "answers", "note"):
            if k not in g:
                err("goal line %d: missing %s" % (n, k))
        if g["id"] in ids:
            err("duplicate goal id %s" % g["id"])
        ids.add(g["id"])
        if g["kb"] != "food.csv":
            err("%s: kb %r" % (g["id"], g["kb"]))
        cat = g["category"]
        cats[cat] += 1
        if cat not in CATS:
            err("%s: bad category %s" % (g["id"], cat))
        if not isinstance(g["complete"], bool):
            err("%s: complete not bool" % g["id"])
        ans = g["answers"]
        if cat == "yesno" or ans in (["yes"], ["no"], ["unknown"]):
            if ans not in (["yes"], ["no"], ["unknown"]):
                err("%s: yesno answers %r" % (g["id"], ans))
            if g["complete"] != (ans != ["unknown"]):
                err("%s: complete inconsistent with %r" % (g["id"], ans))
        else:
            for a in ans:
                if a not in symbols:
                    err("%s: answer %r not a symbol in the KB" % (g["id"], a))
        if cat == "unanswerable" and (ans or g["complete"]):
            err("%s: unanswerable must have [] and complete=false" % g["id"])
        if cat == "decoy" and (g["complete"] or not g["criteria"] or not ans):
            err("%s: decoy needs criteria, answers, complete=false" % g["id"])

print("facts:", len(facts), "symbols:", len(symbols), "goals:", sum(cats.values()))
print("categories:", dict(sorted(cats.items())))
if errors:
    print("%d error(s):" % len(errors))
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("OK")
