import { describe, expect, it } from 'vitest';
import type { HotspotView } from '../../types/generated/HotspotView';
import { visibleHotspots } from './hotspots';

const spots: HotspotView[] = [
  {
    label: 'Headlights',
    description: 'LED',
    positions: [
      { angle: 0, x: 18, y: 46 },
      { angle: 23, x: 16, y: 46 },
    ],
  },
  { label: 'Wheels', description: 'Alloy', positions: [{ angle: 6, x: 50, y: 70 }] },
  { label: 'Rear', description: 'Tail lights', positions: [{ angle: 23, x: 84, y: 45 }] },
];

describe('visibleHotspots', () => {
  it('keeps the hotspots with a position at the frame, at that position, in feed order', () => {
    expect(visibleHotspots(spots, 0).map((p) => [p.index, p.x, p.y])).toEqual([[0, 18, 46]]);
    expect(visibleHotspots(spots, 23).map((p) => [p.hotspot.label, p.x])).toEqual([
      ['Headlights', 16],
      ['Rear', 84],
    ]);
    expect(visibleHotspots(spots, 6).map((p) => p.index)).toEqual([1]);
    expect(visibleHotspots(spots, 5)).toEqual([]);
    expect(visibleHotspots([], 0)).toEqual([]);
  });
});
