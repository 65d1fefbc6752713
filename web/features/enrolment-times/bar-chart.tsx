// A bar chart drawn by uPlot (small, kept, MIT; decision 088), only on the 'Where time goes'
// page. The canvas is a picture for sighted staff: the table beside it carries the figures for
// screen readers, so the chart is one labelled image.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type BarSeries = { label: string; values: number[]; color: string };

/**
 * uPlot has one x per point; grouped bars are slots: category i, series j sits at x = i·m + j
 * (m series), the other series null there, and the category's label at the group's middle.
 */
function slotted(categories: string[], series: BarSeries[]) {
  const m = series.length;
  const xs = Array.from({ length: categories.length * m }, (_, x) => x);
  const ys = series.map((s, j) =>
    xs.map((x) => (x % m === j ? (s.values[(x - j) / m] ?? null) : null)),
  );
  const middles = categories.map((_, i) => i * m + (m - 1) / 2);
  return { xs, ys, middles };
}

export function BarChart({
  label,
  categories,
  series,
  unit,
}: {
  label: string;
  categories: string[];
  series: BarSeries[];
  unit: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const dark = document.documentElement.classList.contains('dark');
    const ink = dark ? '#e2e8f0' : '#0f172a';
    const grid = dark ? '#334155' : '#e2e8f0';
    const { xs, ys, middles } = slotted(categories, series);
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 260,
        legend: { show: series.length > 1, live: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, xs.length - 0.5] } },
        axes: [
          {
            stroke: ink,
            grid: { show: false },
            ticks: { show: false },
            splits: () => middles,
            values: (_u, splits) => splits.map((x) => categories[middles.indexOf(x)] ?? ''),
            size: 44,
          },
          { stroke: ink, grid: { stroke: grid }, label: unit, labelSize: 20 },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            fill: s.color,
            stroke: s.color,
            paths: uPlot.paths.bars?.({ size: [0.85, 60] }),
            points: { show: false },
          })),
        ],
      },
      [xs, ...ys] as uPlot.AlignedData,
      element,
    );
    return () => chart.destroy();
  }, [categories, series, unit]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
