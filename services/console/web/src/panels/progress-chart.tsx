import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import type { ProgressPoint } from "../model/agent-view.js";

const WIDTH = 260;
const HEIGHT = 110;
const CYCLE_TICKS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

/** The data uPlot draws: cycles on x, error and reward on y. */
function seriesData(points: readonly ProgressPoint[]): uPlot.AlignedData {
  return [points.map((p) => p.cycle), points.map((p) => p.error), points.map((p) => p.reward)];
}

/** A goal's progress signals over cycles (error falls to 0 as evidence matches; reward per cycle), drawn by uPlot. */
export function ProgressChart({ points }: { points: readonly ProgressPoint[] }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  useEffect(() => {
    if (!host.current) return;
    chart.current = new uPlot(
      {
        width: WIDTH,
        height: HEIGHT,
        // The legend below is ours: uPlot's shows values under a cursor, which these small charts do not have.
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        // Cycles are whole numbers: ticks at 1, 2, 5, 10... never between two cycles.
        axes: [{ size: 24, font: "10px sans-serif", incrs: CYCLE_TICKS }, { size: 34, font: "10px sans-serif" }],
        series: [
          { label: "cycle" },
          { label: "error", stroke: "#c0392b", width: 2, points: { show: true, size: 4 } },
          { label: "reward", stroke: "#2471a3", width: 2, points: { show: true, size: 4 } },
        ],
      },
      seriesData([]),
      host.current,
    );
    return () => chart.current?.destroy();
  }, []);
  useEffect(() => {
    chart.current?.setData(seriesData(points));
  }, [points]);
  return (
    <figure class="chart" data-points={points.length}>
      <div ref={host} />
      <figcaption class="muted">
        <span class="key key-error">error</span> <span class="key key-reward">reward</span> per cycle
      </figcaption>
    </figure>
  );
}
