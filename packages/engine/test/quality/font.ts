/** A 5x7 bitmap font with just the letters the benchmark's text mark needs. */
const GLYPHS: Record<string, string[]> = {
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  C: ["01111", "10000", "10000", "10000", "10000", "10000", "01111"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** The word as a 0/1 bitmap, one column of space between letters. */
export function renderWord(word: string): { width: number; height: number; bits: Uint8Array } {
  const width = word.length * (GLYPH_WIDTH + 1) - 1;
  const bits = new Uint8Array(width * GLYPH_HEIGHT);
  [...word].forEach((letter, index) => {
    const glyph = GLYPHS[letter];
    if (!glyph) throw new Error(`No glyph for ${letter}`);
    glyph.forEach((row, y) => {
      for (let x = 0; x < GLYPH_WIDTH; x++) {
        if (row[x] === "1") bits[y * width + index * (GLYPH_WIDTH + 1) + x] = 1;
      }
    });
  });
  return { width, height: GLYPH_HEIGHT, bits };
}
