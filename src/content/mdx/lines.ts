/** Offsets ↔ 1-based lines and columns of one text (the page body as parsed). */
export class Lines {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }

  offset(line: number, column: number): number {
    const start = this.starts[Math.min(Math.max(line, 1), this.starts.length) - 1]!;
    return Math.min(start + Math.max(column, 1) - 1, this.text.length);
  }
}
