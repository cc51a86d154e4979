import { describe, expect, it } from 'vitest';
import {
  basemapFromEnv,
  cellsInView,
  LABEL_BOX,
  labelled,
  MAX_CELLS_IN_VIEW,
  OFFLINE_BASEMAP,
} from './map-config';

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

describe('basemapFromEnv', () => {
  it('is the offline basemap unless the deployment names tiles', () => {
    expect(basemapFromEnv({})).toEqual(OFFLINE_BASEMAP);
    expect(basemapFromEnv({ VITE_MAP_TILE_URL: ' ', VITE_MAP_ATTRIBUTION: '' })).toEqual(
      OFFLINE_BASEMAP,
    );
  });

  it('takes an https template with its attribution', () => {
    expect(
      basemapFromEnv({
        VITE_MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
        VITE_MAP_ATTRIBUTION: '© Example',
      }),
    ).toEqual({
      kind: 'tiles',
      template: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
  });

  it('refuses a half or wrong setting with the reason', () => {
    const tiles = 'https://tiles.example.com/{z}/{x}/{y}.png';
    expect(() => basemapFromEnv({ VITE_MAP_TILE_URL: tiles })).toThrow(
      /without VITE_MAP_ATTRIBUTION/,
    );
    expect(() => basemapFromEnv({ VITE_MAP_ATTRIBUTION: 'x' })).toThrow(
      /without VITE_MAP_TILE_URL/,
    );
    expect(() =>
      basemapFromEnv({
        VITE_MAP_TILE_URL: 'http://t.example/{z}/{x}/{y}.png',
        VITE_MAP_ATTRIBUTION: 'x',
      }),
    ).toThrow(/must be an https URL template/);
    expect(() =>
      basemapFromEnv({
        VITE_MAP_TILE_URL: 'https://t.example/{z}/{x}.png',
        VITE_MAP_ATTRIBUTION: 'x',
      }),
    ).toThrow(/lacks \{y\}/);
  });
});

describe('labelled', () => {
  it('keeps one label per box of the view and none outside it', () => {
    const { width, height } = LABEL_BOX;
    const points = [
      { x: 5, y: 5 }, // first in its box: kept
      { x: width - 1, y: height - 1 }, // same box: dropped
      { x: width + 1, y: 5 }, // the next box along: kept
      { x: 5, y: height + 1 }, // the next box down: kept
      { x: -1, y: 5 }, // left of the view
      { x: 5, y: 401 }, // below a 400 px view
    ];
    expect(labelled(points, 400, 400)).toEqual([0, 2, 3]);
  });

  it('shows at most one label per box however many places a wide view holds', () => {
    const points = Array.from({ length: 2000 }, (_, i) => ({
      x: (i * 37) % 400,
      y: (i * 53) % 400,
    }));
    const boxes = Math.ceil(400 / LABEL_BOX.width) * Math.ceil(400 / LABEL_BOX.height);
    expect(labelled(points, 400, 400).length).toBeLessThanOrEqual(boxes);
  });
});
