import { describe, expect, it } from "vitest";
import { ask, graphWith, ids, proofOf, type Facts } from "./fixtures/asked-graph.js";

// Wines and the labels (brands) they are bottled under: `label` here relates a wine to a thing the graph describes.
const CELLAR: Facts = [
  ...["grange", "hill_of_grace", "penfolds_bin_389"].map((w) => [w, "is_a", "wine"] as const),
  ["grange", "label", "penfolds"],
  ["penfolds_bin_389", "label", "penfolds"],
  ["hill_of_grace", "label", "henschke"],
  ...["penfolds", "henschke"].map((b) => [b, "is_a", "winery"] as const),
  ["penfolds", "based_in", "barossa"],
  ["henschke", "based_in", "eden_valley"],
  ["grange", "vintage", "1998"],
  ["hill_of_grace", "vintage", "2002"],
  ["penfolds_bin_389", "vintage", "1998"],
];

describe("answering - a naming predicate that relates things in this graph", () => {
  it("'Which wines have vintage 1998?' names the wines, not the labels they are bottled under", async () => {
    const store = await graphWith(CELLAR, "cellar.csv");
    const found = await ask(store, "Which wines have vintage 1998?");
    expect(ids(found)).toEqual(["grange", "penfolds_bin_389"]);
    // Shown by their own names: `label` was read as what to call each wine.
    expect(found.answers.map((a) => a.label).sort()).toEqual(["grange", "penfolds_bin_389"]);
  });

  it("the `label` facts answer as relations: 'Which wines have the label Penfolds?', 'What label is Grange on?'", async () => {
    const store = await graphWith(CELLAR, "cellar.csv");
    const onLabel = await ask(store, "Which wines have the label Penfolds?");
    expect(ids(onLabel)).toEqual(["grange", "penfolds_bin_389"]);
    expect(proofOf(onLabel, "grange")).toContain("grange label penfolds (cellar.csv)");
    expect(ids(await ask(store, "What label is Hill of Grace on?"))).toEqual(["henschke"]);
  });

  it("a `label` fact naming a thing with words nothing else describes still names it for display", async () => {
    const store = await graphWith([...CELLAR.filter(([, p]) => p !== "label"), ["grange", "label", "Penfolds Grange Shiraz"]], "cellar.csv");
    const found = await ask(store, "Which wines have vintage 1998?");
    expect(found.answers.map((a) => a.label).sort()).toEqual(["Penfolds Grange Shiraz", "penfolds_bin_389"]);
    expect(ids(await ask(store, "What vintage is Penfolds Grange Shiraz?"))).toEqual(["1998"]);
  });
});
