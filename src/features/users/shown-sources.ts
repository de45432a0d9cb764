/** How many logos a cell shows before its "+N" button: the tiles and the logos they stand for agree. */
export const shownByDefault = 4;
