/**
 * GBK (code page 936) encoding for the banks that want it. Node decodes GBK but cannot encode it, so
 * the table is the runtime's own decoder read backwards, built once on first use.
 */

let table: Map<string, number> | null = null;

function buildTable(): Map<string, number> {
  const decoder = new TextDecoder('gbk', { fatal: true });
  const map = new Map<string, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      let ch: string;
      try {
        ch = decoder.decode(pair);
      } catch {
        continue;
      }
      if (ch.length >= 1 && ch !== '\uFFFD' && !map.has(ch)) map.set(ch, (lead << 8) | trail);
    }
  }
  return map;
}

/** Encodes text as GBK; `unmappable` decides what a character outside GBK becomes (it may throw). */
export function encodeGbk(text: string, unmappable: (ch: string) => string): Buffer {
  table ??= buildTable();
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const two = table.get(ch);
    if (two !== undefined) {
      out.push(two >> 8, two & 0xff);
      continue;
    }
    for (const b of Buffer.from(unmappable(ch), 'latin1')) out.push(b);
  }
  return Buffer.from(out);
}
