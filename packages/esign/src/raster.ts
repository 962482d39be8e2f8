/**
 * A small anti-aliased polygon rasteriser (non-zero winding, 4 sub-scanlines per pixel with exact
 * horizontal coverage): enough to draw seals as PNG in pure JavaScript, without a native canvas.
 */
export type Point = [number, number];

type Edge = { x0: number; y0: number; x1: number; y1: number; dir: 1 | -1 };

const SUBSAMPLES = 4;

export class CoverageMask {
  readonly coverage: Float32Array;
  private readonly edges: Edge[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.coverage = new Float32Array(width * height);
  }

  /** Adds a closed contour to the current shape. */
  addContour(points: Point[]): void {
    for (let i = 0; i < points.length; i++) {
      const [x0, y0] = points[i]!;
      const [x1, y1] = points[(i + 1) % points.length]!;
      if (y0 === y1) continue;
      this.edges.push(y0 < y1 ? { x0, y0, x1, y1, dir: 1 } : { x0: x1, y0: y1, x1: x0, y1: y0, dir: -1 });
    }
  }

  /** Fills the contours added so far (non-zero winding) into the mask and starts a new shape. */
  fill(): void {
    const edges = this.edges.splice(0).sort((a, b) => a.y0 - b.y0);
    if (edges.length === 0) return;
    const minY = Math.max(0, Math.floor(edges[0]!.y0));
    const maxY = Math.min(this.height, Math.ceil(Math.max(...edges.map((e) => e.y1))));
    const crossings: { x: number; dir: number }[] = [];
    let active: Edge[] = [];
    let next = 0;
    for (let row = minY; row < maxY; row++) {
      for (let s = 0; s < SUBSAMPLES; s++) {
        const y = row + (s + 0.5) / SUBSAMPLES;
        while (next < edges.length && edges[next]!.y0 <= y) active.push(edges[next++]!);
        active = active.filter((e) => e.y1 > y);
        crossings.length = 0;
        for (const e of active) {
          if (e.y0 > y) continue;
          crossings.push({ x: e.x0 + ((y - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
        }
        crossings.sort((a, b) => a.x - b.x);
        let winding = 0;
        for (let i = 0; i < crossings.length - 1; i++) {
          winding += crossings[i]!.dir;
          if (winding !== 0) this.span(row, crossings[i]!.x, crossings[i + 1]!.x);
        }
      }
    }
  }

  /** Adds one sub-scanline's coverage between xa and xb on a pixel row. */
  private span(row: number, xa: number, xb: number): void {
    const a = Math.max(0, xa);
    const b = Math.min(this.width, xb);
    if (b <= a) return;
    const base = row * this.width;
    const weight = 1 / SUBSAMPLES;
    const first = Math.floor(a);
    const last = Math.min(this.width - 1, Math.floor(b));
    if (first === last) {
      this.coverage[base + first]! += (b - a) * weight;
      return;
    }
    this.coverage[base + first]! += (first + 1 - a) * weight;
    for (let x = first + 1; x < last; x++) this.coverage[base + x]! += weight;
    if (last < this.width) this.coverage[base + last]! += (b - last) * weight;
  }

  /** RGBA pixels of one colour, alpha from coverage. */
  toRgba(color: [number, number, number]): Buffer {
    const out = Buffer.alloc(this.width * this.height * 4);
    for (let i = 0; i < this.coverage.length; i++) {
      const alpha = Math.min(1, this.coverage[i]!);
      if (alpha <= 0) continue;
      out[i * 4] = color[0];
      out[i * 4 + 1] = color[1];
      out[i * 4 + 2] = color[2];
      out[i * 4 + 3] = Math.round(alpha * 255);
    }
    return out;
  }
}

/** A circle as a polygon; clockwise, or counter-clockwise to cut a hole. */
export function circle(cx: number, cy: number, r: number, counterClockwise = false, segments = 360): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < segments; i++) {
    const t = ((counterClockwise ? -i : i) / segments) * Math.PI * 2;
    points.push([cx + r * Math.cos(t), cy + r * Math.sin(t)]);
  }
  return points;
}

type PathCommand = { command: string; args: number[] };

/** Flattens a font glyph outline (quadratic and cubic Béziers) into contours through `transform`. */
export function flattenPath(commands: PathCommand[], transform: (x: number, y: number) => Point, steps = 8): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] = [];
  let px = 0;
  let py = 0;
  let sx = 0;
  let sy = 0;
  const close = () => {
    if (current.length > 2) contours.push(current);
    current = [];
  };
  for (const { command, args } of commands) {
    switch (command) {
      case 'moveTo':
        close();
        [px, py] = args as [number, number];
        [sx, sy] = [px, py];
        current.push(transform(px, py));
        break;
      case 'lineTo':
        [px, py] = args as [number, number];
        current.push(transform(px, py));
        break;
      case 'quadraticCurveTo': {
        const [cx, cy, x, y] = args as [number, number, number, number];
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const u = 1 - t;
          current.push(transform(u * u * px + 2 * u * t * cx + t * t * x, u * u * py + 2 * u * t * cy + t * t * y));
        }
        [px, py] = [x, y];
        break;
      }
      case 'bezierCurveTo': {
        const [c1x, c1y, c2x, c2y, x, y] = args as [number, number, number, number, number, number];
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const u = 1 - t;
          current.push(
            transform(
              u * u * u * px + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x,
              u * u * u * py + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y,
            ),
          );
        }
        [px, py] = [x, y];
        break;
      }
      case 'closePath':
        [px, py] = [sx, sy];
        close();
        break;
    }
  }
  close();
  return contours;
}
