/** Keeps the last few lines of a stream of text, each cut to a sane length: a bounded stderr. */
export class LineRing {
  private readonly lines: string[] = [];
  private partial = "";

  constructor(
    private readonly maxLines = 30,
    private readonly maxLineLength = 300,
  ) {}

  push(text: string): void {
    const pieces = (this.partial + text).split(/\r\n|\n|\r/);
    this.partial = this.clip(pieces.pop() ?? "");
    for (const piece of pieces) this.keep(piece);
  }

  /** The kept lines, the unfinished last one included. */
  text(): string {
    const all = this.partial === "" ? this.lines : [...this.lines, this.partial];
    return all.join("\n");
  }

  private keep(line: string): void {
    if (line.trim() === "") return;
    this.lines.push(this.clip(line));
    if (this.lines.length > this.maxLines) this.lines.shift();
  }

  private clip(line: string): string {
    return line.length > this.maxLineLength ? `${line.slice(0, this.maxLineLength)}…` : line;
  }
}
