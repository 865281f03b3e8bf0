/** A PNG of `width` × `height` pixels from their RGBA bytes, row by row from the top-left. */
export declare function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array;
