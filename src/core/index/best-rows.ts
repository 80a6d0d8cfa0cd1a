/**
 * The best k rows of a scan, best first: higher score, then lower order (Orama's sort, whose
 * order is its internal id). Kept sorted by insertion; k is small (a retrieval's candidates), so
 * a row below the k-th costs one comparison.
 */
/** The best `limit` rows seen so far, best first: higher score, then lower order (Orama's sort). */
export class BestRows {
  readonly rows: number[] = [];
  readonly scores: number[] = [];
  private readonly orders: number[] = [];

  constructor(private readonly limit: number) {}

  offer(row: number, score: number, order: number): void {
    let position = this.rows.length;
    if (position === this.limit && !this.before(score, order, position - 1)) return;
    while (position > 0 && this.before(score, order, position - 1)) position--;
    this.rows.splice(position, 0, row);
    this.scores.splice(position, 0, score);
    this.orders.splice(position, 0, order);
    if (this.rows.length > this.limit) {
      this.rows.pop();
      this.scores.pop();
      this.orders.pop();
    }
  }

  /** True when (score, order) ranks before the entry at `position`. */
  private before(score: number, order: number, position: number): boolean {
    const other = this.scores[position]!;
    return score > other || (score === other && order < this.orders[position]!);
  }
}
