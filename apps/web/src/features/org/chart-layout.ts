/**
 * A top-down layout for the organisation chart: every node a box of the same size, a parent
 * centred over its children, subtrees side by side without overlap. Pure: no DOM.
 */

export type ChartInput = { id: string; children: ChartInput[] };

export type ChartBox = { id: string; x: number; y: number; depth: number };
export type ChartLink = { from: string; to: string; path: string };
export type ChartLayout = { boxes: ChartBox[]; links: ChartLink[]; width: number; height: number };

export type LayoutOptions = { nodeWidth: number; nodeHeight: number; gapX: number; gapY: number; margin: number };

export const DEFAULT_LAYOUT: LayoutOptions = { nodeWidth: 176, nodeHeight: 76, gapX: 20, gapY: 56, margin: 24 };

/** Lays out the roots side by side. Boxes carry their top-left corner. */
export function layoutChart(roots: readonly ChartInput[], opts: LayoutOptions = DEFAULT_LAYOUT): ChartLayout {
  const widthOf = new Map<string, number>();
  const measure = (n: ChartInput): number => {
    const childWidth = n.children.reduce((s, c, i) => s + measure(c) + (i > 0 ? opts.gapX : 0), 0);
    const w = Math.max(opts.nodeWidth, childWidth);
    widthOf.set(n.id, w);
    return w;
  };
  const boxes: ChartBox[] = [];
  const links: ChartLink[] = [];
  let maxDepth = 0;
  const place = (n: ChartInput, left: number, depth: number): ChartBox => {
    maxDepth = Math.max(maxDepth, depth);
    const w = widthOf.get(n.id)!;
    const y = opts.margin + depth * (opts.nodeHeight + opts.gapY);
    const childWidth = n.children.reduce((s, c, i) => s + widthOf.get(c.id)! + (i > 0 ? opts.gapX : 0), 0);
    let cursor = left + (w - childWidth) / 2;
    const placed: ChartBox[] = [];
    for (const c of n.children) {
      placed.push(place(c, cursor, depth + 1));
      cursor += widthOf.get(c.id)! + opts.gapX;
    }
    const x = placed.length > 0 ? (placed[0]!.x + placed.at(-1)!.x) / 2 : left + (w - opts.nodeWidth) / 2;
    const box = { id: n.id, x, y, depth };
    boxes.push(box);
    const fromX = x + opts.nodeWidth / 2;
    const fromY = y + opts.nodeHeight;
    const midY = fromY + opts.gapY / 2;
    for (const c of placed) {
      const toX = c.x + opts.nodeWidth / 2;
      links.push({ from: n.id, to: c.id, path: `M${fromX},${fromY} V${midY} H${toX} V${c.y}` });
    }
    return box;
  };
  let left = opts.margin;
  for (const [i, r] of roots.entries()) {
    if (i > 0) left += opts.gapX;
    measure(r);
    place(r, left, 0);
    left += widthOf.get(r.id)!;
  }
  const width = roots.length === 0 ? 0 : left + opts.margin;
  const height = roots.length === 0 ? 0 : opts.margin * 2 + (maxDepth + 1) * opts.nodeHeight + maxDepth * opts.gapY;
  return { boxes, links, width, height };
}

export type View = { scale: number; x: number; y: number };

export const MIN_SCALE = 0.2;
export const MAX_SCALE = 3;

export function clampScale(s: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(s * 1000) / 1000));
}

/** Zooms by `factor` keeping the point (px, py) of the viewport still. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = clampScale(view.scale * factor);
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/** The view that shows the whole chart inside a viewport, centred, never above 100%. */
export function fitView(contentWidth: number, contentHeight: number, viewportWidth: number, viewportHeight: number): View {
  if (contentWidth <= 0 || contentHeight <= 0 || viewportWidth <= 0 || viewportHeight <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = clampScale(Math.min(1, viewportWidth / contentWidth, viewportHeight / contentHeight));
  return { scale, x: (viewportWidth - contentWidth * scale) / 2, y: Math.max(0, (viewportHeight - contentHeight * scale) / 2) };
}

/**
 * The first view of a chart: the whole chart when it fits at a readable size; otherwise a readable
 * size with the root centred at the top (the rest is a drag or a scroll away).
 */
export function initialView(contentWidth: number, contentHeight: number, viewportWidth: number, viewportHeight: number, rootCentreX: number, readable = 0.8): View {
  const fit = fitView(contentWidth, contentHeight, viewportWidth, viewportHeight);
  if (fit.scale >= readable) return fit;
  return { scale: readable, x: viewportWidth / 2 - rootCentreX * readable, y: 8 };
}
