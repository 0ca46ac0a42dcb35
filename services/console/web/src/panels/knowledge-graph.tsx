import cytoscape from "cytoscape";
import { computed } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { goals, view } from "../store.js";
import { focusGoalId, focusGraph, type FocusGraph } from "../model/focus-graph.js";
import { visibleText } from "../model/text.js";

// One computed per input: each passes a change on only when its value is another object, so
// the graph is rebuilt (and laid out again) when the orientation, decision or focus goal changes,
// not on every event.
const orientation = computed(() => view.value?.orientation);
const decision = computed(() => view.value?.decision);
const focusGoal = computed(() => goals.value.get(focusGoalId(orientation.value, decision.value)));
const graph = computed(() => focusGraph(orientation.value, decision.value, focusGoal.value));

/** Cytoscape's style sheet: labels are canvas text, so agent data never becomes markup here. */
const STYLE: cytoscape.StylesheetJson = [
  { selector: "node", style: { label: "data(label)", "font-size": 10, "background-color": "#9aa5b1", width: "mapData(activation, 0, 1, 14, 34)", height: "mapData(activation, 0, 1, 14, 34)", color: "#1f2933" } },
  { selector: "node[?subject]", style: { "background-color": "#2471a3" } },
  { selector: "node[?lit]", style: { "border-width": 3, "border-color": "#d35400" } },
  { selector: "edge", style: { label: "data(label)", "font-size": 8, width: 1.5, "line-color": "#cbd2d9", "target-arrow-color": "#cbd2d9", "target-arrow-shape": "triangle", "curve-style": "bezier", color: "#52606d" } },
  { selector: "edge[?lit]", style: { width: 3.5, "line-color": "#d35400", "target-arrow-color": "#d35400", color: "#a04000" } },
  { selector: "edge[?derived]", style: { "line-style": "dashed" } },
];

function elements(g: FocusGraph): cytoscape.ElementDefinition[] {
  return [
    ...g.nodes.map((n) => ({ data: { id: n.id, label: visibleText(n.label), activation: Math.min(1, n.activation), subject: n.isGoalSubject, lit: n.highlighted } })),
    ...g.edges.map((e) => ({ data: { id: e.id, source: e.source, target: e.target, label: visibleText(e.ruleId ? `${e.label} [${e.ruleId}]` : e.label), lit: e.highlighted, derived: e.ruleId !== "" } })),
  ];
}

/** The activated neighbourhood of the focus goal, laid out by cytoscape's cose; what the last decision rests on in orange. */
export function KnowledgeGraph() {
  const host = useRef<HTMLDivElement>(null);
  const cy = useRef<cytoscape.Core | undefined>(undefined);
  const g = graph.value;
  useEffect(() => {
    if (!host.current) return;
    cy.current = cytoscape({ container: host.current, style: STYLE, minZoom: 0.2, maxZoom: 3, wheelSensitivity: 0.3 });
    return () => cy.current?.destroy();
  }, []);
  useEffect(() => {
    const core = cy.current;
    if (!core) return;
    core.elements().remove();
    if (!g) return;
    core.add(elements(g));
    core.layout({ name: "cose", animate: false, randomize: false, nodeDimensionsIncludeLabels: true }).run();
    core.fit(undefined, 20);
  }, [g]);
  const goal = focusGoal.value;
  return (
    <section class="panel graph" aria-labelledby="graph-title">
      <h2 id="graph-title">Knowledge around the focus goal</h2>
      <p class="muted">{g ? `${visibleText(goal?.description ?? g.goalId)}: ${g.nodes.length} symbols, ${g.edges.length} facts` : "Nothing oriented yet."}</p>
      <div class="graph-canvas" ref={host} data-nodes={g?.nodes.length ?? 0} data-edges={g?.edges.length ?? 0} data-highlighted={g?.edges.filter((e) => e.highlighted).length ?? 0} />
      {g && g.reasons.length > 0 && (
        <>
          <h3>Behind the last decision</h3>
          <ul class="reasons">
            {g.reasons.map((r, i) => (
              <li key={i}>{visibleText(r)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
