// A stored row that is not a sound event (written by hand, damaged): refused on read, naming the game and the
// row's feed position, never misread.
import { StoreError } from '../store-error.js';

export class StoredRowError extends StoreError {
  override readonly name = 'StoredRowError';
  constructor(
    readonly game: string,
    readonly position: number,
    readonly seq: number,
    readonly path: string,
    readonly detail: string,
  ) {
    super('corrupt', `game ${game}, position ${position} (seq ${seq}): ${path === '$' ? '' : `${path}: `}${detail}`);
  }
}
