import { describe, expect, it } from 'vitest';
import { cellsInView, MAX_CELLS_IN_VIEW } from './map-config';

describe('cellsInView', () => {
  it('names the 1-degree cells a view covers, as the basemap build names them', () => {
    // Grafton at zoom 10 on a phone: about half a degree each way.
    expect(cellsInView(-29.9, 152.6, -29.4, 153.2).sort()).toEqual(['-30_152', '-30_153']);
  });

  it('fetches the cells nearest the centre first, and never more than the cap', () => {
    const cells = cellsInView(-40, 110, -11, 155);
    expect(cells).toHaveLength(MAX_CELLS_IN_VIEW);
    expect(cells[0]).toBe('-26_132');
  });
});
