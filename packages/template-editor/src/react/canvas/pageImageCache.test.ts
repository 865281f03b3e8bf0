import { describe, expect, it } from 'vitest';
import { PageImageCache } from './pageImageCache';

interface FakeImage {
  name: string;
}

function cache(maxBytes: number) {
  const freed: string[] = [];
  const images = new PageImageCache<FakeImage>(maxBytes, (image) => freed.push(image.name));
  const add = (key: string, bytes = 10) => {
    const image = { name: key };
    images.set(key, image, bytes);
    return image;
  };
  return { images, freed, add };
}

describe('the cache of rendered PDF pages', () => {
  it('keeps 300 pages scrolled past within its byte budget, freeing the least recent', () => {
    const { images, freed, add } = cache(100);
    for (let page = 0; page < 300; page++) {
      const image = add(`doc:${page}:1.5`);
      // The page is on screen while it is the current one, then scrolled away.
      images.pin(image)();
      expect(images.bytes).toBeLessThanOrEqual(100);
    }
    expect(images.size).toBe(10);
    expect(freed).toHaveLength(290);
    expect(freed[0]).toBe('doc:0:1.5');
    expect(images.peek('doc:299:1.5')).toBeDefined();
    expect(images.peek('doc:289:1.5')).toBeUndefined();
  });

  it('keeps recently shown pages over older ones', () => {
    const { images, add, freed } = cache(30);
    const first = add('doc:0:1');
    add('doc:1:1');
    add('doc:2:1');
    images.pin(first)(); // shown again: now the most recent
    add('doc:3:1');
    expect(freed).toEqual(['doc:1:1']);
    expect(images.peek('doc:0:1')).toBe(first);
  });

  it('never evicts or frees a page on screen', () => {
    const { images, add, freed } = cache(20);
    const shown = add('doc:0:1');
    const unpin = images.pin(shown);
    add('doc:1:1');
    add('doc:2:1');
    add('doc:3:1');
    expect(images.peek('doc:0:1')).toBe(shown);
    expect(freed).toEqual(['doc:1:1', 'doc:2:1']);
    unpin();
    unpin(); // idempotent
    add('doc:4:1');
    expect(freed).toEqual(['doc:1:1', 'doc:2:1', 'doc:0:1']);
  });

  it('frees a page of a closed document once it leaves the screen', () => {
    const { images, add, freed } = cache(100);
    const unpin = images.pin(add('doc:0:1'));
    images.dropAll('doc:');
    expect(images.size).toBe(0);
    expect(freed).toEqual([]);
    unpin();
    expect(freed).toEqual(['doc:0:1']);
  });

  it('keeps a page larger than the whole budget until the next one arrives', () => {
    const { images, add, freed } = cache(10);
    add('doc:0:4', 50);
    expect(images.peek('doc:0:4')).toBeDefined();
    add('doc:1:4', 50);
    expect(freed).toEqual(['doc:0:4']);
  });

  it('offers the same page at the nearest other zoom while it renders at a new one', () => {
    const { images, add } = cache(1000);
    add('doc:3:1');
    const near = add('doc:3:2');
    add('doc:3:4');
    add('doc:4:3');
    expect(images.nearest('doc:3:', 2.5)).toBe(near);
    expect(images.nearest('doc:5:', 2.5)).toBeUndefined();
  });

  it('replaces a page rendered again at the same zoom, and drops a closed document’s pages', () => {
    const { images, add, freed } = cache(1000);
    add('a:0:1');
    add('a:0:1');
    expect(freed).toEqual(['a:0:1']);
    expect(images.bytes).toBe(10);
    add('a:1:1');
    add('b:0:1');
    let notified = 0;
    const unsubscribe = images.subscribe(() => notified++);
    images.dropAll('a:');
    unsubscribe();
    expect(notified).toBe(1);
    expect(images.size).toBe(1);
    expect(images.bytes).toBe(10);
  });
});
