/** Keeps the last `capacity` chunks of a process's output, to print when a test fails. */
export class RingBuffer {
  private readonly chunks: string[] = [];
  constructor(private readonly capacity: number) {}

  push(chunk: string): void {
    this.chunks.push(chunk);
    if (this.chunks.length > this.capacity) this.chunks.shift();
  }

  text(): string {
    return this.chunks.join("");
  }
}
