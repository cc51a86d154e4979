import { describe, expect, it } from 'vitest';
import type { VariantView } from '../../types/generated/VariantView';
import {
  INITIAL_SELECTION,
  selectGroup,
  selectVariant,
  stepColour,
  visibleColours,
} from './colour-picker-state';

const colour = (name: string) => ({
  name,
  hex: '#000000',
  image: { url: `/media/${name}.svg`, alt: name },
});
const variant = (name: string, groups: Array<[string, string[]]>): VariantView => ({
  name,
  full_name: `Hilux ${name}`,
  price_text: '$50,000',
  image: null,
  features: [],
  body_style_tabs: groups.length > 1,
  colour_groups: groups.map(([label, names]) => ({ label, colours: names.map(colour) })),
});

const variants = [
  variant('WorkMate', [['', ['White', 'Silver']]]),
  variant('SR5', [
    ['Dual Cab', ['Black', 'Red', 'Blue']],
    ['Extra Cab', ['Grey']],
  ]),
];

describe('colour picker', () => {
  it('starts on the first variant and its first colour', () => {
    expect(visibleColours(variants, INITIAL_SELECTION)[INITIAL_SELECTION.colour]?.name).toBe(
      'White',
    );
  });

  it('arrows wrap at both ends', () => {
    const last = stepColour(INITIAL_SELECTION, 2, -1);
    expect(last.colour).toBe(1);
    expect(stepColour(last, 2, 1).colour).toBe(0);
    expect(stepColour(INITIAL_SELECTION, 0, 1).colour).toBe(0);
    expect(stepColour(stepColour(INITIAL_SELECTION, 3, 1), 3, 1).colour).toBe(2);
  });

  it('changing variant resets the colour and body style to the first', () => {
    const moved = { variant: 1, group: 1, colour: 0 };
    const onThird = stepColour(selectGroup(moved, 0), 3, -1);
    expect(visibleColours(variants, onThird)[onThird.colour]?.name).toBe('Blue');
    expect(selectVariant(0)).toEqual({ variant: 0, group: 0, colour: 0 });
  });

  it('a body-style tab shows only its colours, from the first', () => {
    const extra = selectGroup({ variant: 1, group: 0, colour: 2 }, 1);
    expect(extra.colour).toBe(0);
    expect(visibleColours(variants, extra).map((c) => c.name)).toEqual(['Grey']);
  });
});
