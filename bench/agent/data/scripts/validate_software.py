# Checks kb/software.csv and goals/software.jsonl: python3 validate.py kb/software.csv goals/software.jsonl
import csv, json, re, sys, collections
kb, goals = sys.argv[1], sys.argv[2]
rows = list(csv.reader(open(kb, newline="", encoding="utf-8")))
assert rows[0] == ["subject","predicate","object","confidence"], rows[0]
facts = set(); symbols = set(); preds = collections.Counter()
idre = re.compile(r"^[a-z0-9_]+$")
num = re.compile(r"^\d+(\.\d+)?$")
for i, r in enumerate(rows[1:], 2):
    assert len(r) in (3, 4), (i, r)
    s, p, o = r[:3]
    if len(r) == 4: float(r[3])
    preds[p] += 1
    if p == "rdf:type":
        assert o == "owl:FunctionalProperty"; continue
    assert idre.match(s), (i, s)
    assert re.match(r"^[a-z_][a-z_-]*$", p), (i, p)
    symbols.add(s)
    if p not in ("label", "alias"):
        assert idre.match(o) or num.match(o), (i, o)
        if num.match(o): assert not (("." in o) and o.endswith("0")), (i, o)
        symbols.add(o)
    facts.add((s, p, o))
# every entity whose id differs from a plain lowercase word has a label
labelled = {s for s, p, o in facts if p == "label"}
for s in symbols:
    if not num.match(s) and "_" in s: assert s in labelled, s
functional = {s for s, p, o in facts if p == "rdf:type"} | {r[0] for r in rows[1:] if r[1] == "rdf:type"}
# functional predicates really single-valued
by = collections.defaultdict(set)
for s, p, o in facts:
    if p in functional: by[(s, p)].add(o)
for k, v in by.items(): assert len(v) == 1, (k, v)
print("csv rows:", len(rows) - 1, "domain facts:", sum(v for k, v in preds.items() if k not in ("label", "alias", "rdf:type")),
      "labels:", preds["label"], "aliases:", preds["alias"], "functional decls:", preds["rdf:type"])
print("functional:", sorted(functional))
base_preds = {p for p in preds if p not in ("label", "alias", "rdf:type")}
cats = collections.Counter(); ids = set()
exp_complete = {"lookup": True, "path": True, "rule": True, "unanswerable": False, "decoy": False, "number": True, "multiword": True, "paraphrase": True}
for n, line in enumerate(open(goals, encoding="utf-8"), 1):
    g = json.loads(line)
    assert set(g) == {"id","kb","goal","criteria","category","complete","answers","note"}, g
    assert g["id"] not in ids; ids.add(g["id"])
    assert g["kb"] == "software.csv"
    cats[g["category"]] += 1
    c = g["category"]
    if c == "yesno":
        assert g["answers"] in (["yes"], ["no"], ["unknown"]); assert g["complete"] == (g["answers"] != ["unknown"]), g
    else:
        assert g["complete"] == exp_complete[c], g
        for a in g["answers"]: assert a in symbols or a in ("yes","no","unknown"), (g["id"], a)
        if c == "unanswerable": assert g["answers"] == []
        else: assert g["answers"], g
    # every "x pred y" chain in the note is a stored fact
    toks = re.findall(r"[A-Za-z0-9_.:-]+", g["note"])
    for i in range(len(toks) - 2):
        if toks[i+1] in base_preds and toks[i] in symbols and toks[i+2] in symbols:
            if (toks[i], toks[i+1], toks[i+2]) not in facts:
                if c in ("unanswerable", "yesno") or (toks[i], toks[i+1]) in by: 
                    print("  note mentions non-fact (intended?)", g["id"], toks[i:i+3])
                else:
                    raise AssertionError((g["id"], toks[i:i+3]))
print("goals:", sum(cats.values()), dict(cats))
