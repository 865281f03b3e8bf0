/**
 * Rendered PDF pages kept for reuse, least recently used first out, within a byte budget. An
 * image on screen is pinned: it is never freed while shown, even once evicted (the budget may
 * then be exceeded by what is on screen, never by what is not).
 */
export class PageImageCache<Image extends object> {
  readonly maxBytes: number;
  readonly #free: (image: Image) => void;
  /** Insertion order is recency: the first entry is the least recently used. */
  readonly #entries = new Map<string, { image: Image; bytes: number }>();
  readonly #pins = new Map<Image, number>();
  readonly #listeners = new Set<() => void>();
  #bytes = 0;
  #version = 0;

  /** `free` releases an image's memory at once (a canvas shrunk to nothing). */
  constructor(maxBytes: number, free: (image: Image) => void) {
    this.maxBytes = maxBytes;
    this.#free = free;
  }

  /** Bytes of the images held (shown or not). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Changes whenever an image is added or dropped (for `useSyncExternalStore`). */
  readonly getVersion = (): number => this.#version;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The image under `key`, without making it more recent. */
  peek(key: string): Image | undefined {
    return this.#entries.get(key)?.image;
  }

  /**
   * Of the images whose key starts with `prefix` (one page at other scales), the one whose
   * numeric key suffix is nearest `scale`: shown stretched while the page renders at `scale`.
   */
  nearest(prefix: string, scale: number): Image | undefined {
    let best: Image | undefined;
    let distance = Infinity;
    for (const [key, entry] of this.#entries) {
      if (!key.startsWith(prefix)) continue;
      const d = Math.abs(Math.log(Number(key.slice(prefix.length)) / scale));
      if (d < distance) {
        distance = d;
        best = entry.image;
      }
    }
    return best;
  }

  /** Adds an image (the most recent), then evicts the least recent unshown ones over budget. */
  set(key: string, image: Image, bytes: number): void {
    const previous = this.#entries.get(key);
    if (previous) this.#drop(key, previous);
    this.#entries.set(key, { image, bytes });
    this.#bytes += bytes;
    this.#evict(key);
    this.#changed();
  }

  /** Marks an image as shown (and most recent); the returned function unpins it. */
  pin(image: Image): () => void {
    this.#pins.set(image, (this.#pins.get(image) ?? 0) + 1);
    for (const [key, entry] of this.#entries) {
      if (entry.image === image) {
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        break;
      }
    }
    let pinned = true;
    return () => {
      if (!pinned) return;
      pinned = false;
      const count = (this.#pins.get(image) ?? 1) - 1;
      if (count > 0) {
        this.#pins.set(image, count);
        return;
      }
      this.#pins.delete(image);
      if (![...this.#entries.values()].some((entry) => entry.image === image)) this.#free(image);
      else if (this.#evict()) this.#changed();
    };
  }

  /** Drops every image whose key starts with `prefix` (a closed document's pages). */
  dropAll(prefix: string): void {
    let dropped = false;
    for (const [key, entry] of [...this.#entries]) {
      if (key.startsWith(prefix)) {
        this.#drop(key, entry);
        dropped = true;
      }
    }
    if (dropped) this.#changed();
  }

  #evict(keep?: string): boolean {
    let evicted = false;
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      if (key === keep || this.#pins.has(entry.image)) continue;
      this.#drop(key, entry);
      evicted = true;
    }
    return evicted;
  }

  #drop(key: string, entry: { image: Image; bytes: number }): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    if (!this.#pins.has(entry.image)) this.#free(entry.image);
  }

  #changed(): void {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }
}
