/**
 * Gives typed arrays' memory back at once. A dropped array's memory is freed only when the
 * collector next runs in full, which can be long after a load: until then a million users' scratch
 * arrays (tens of megabytes a sort) and the pages' read buffers add to what the tab holds. Each
 * array must be one made for the purpose and no longer read: it reads as empty afterwards. An
 * array that is part of a larger buffer is left alone, and where the engine has no
 * `ArrayBuffer.prototype.transfer` nothing happens.
 */
export function release(...arrays: readonly ArrayBufferView[]): void {
  for (const { buffer, byteOffset, byteLength } of arrays) {
    // A buffer given back already (or empty) has nothing left to give.
    const whole = buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength && byteLength > 0;
    if (whole) (buffer as { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
  }
}
