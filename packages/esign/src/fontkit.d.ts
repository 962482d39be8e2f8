// The parts of fontkit 1.9 this package uses (the package ships no type declarations).
declare module 'fontkit' {
  export type PathCommand = { command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath'; args: number[] };
  export type Glyph = { id: number; advanceWidth: number; path: { commands: PathCommand[] } };
  export type Font = {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  };
  const fontkit: { create(buffer: Uint8Array): Font };
  export default fontkit;
}
