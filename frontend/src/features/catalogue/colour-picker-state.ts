// The model colour picker's selection (seed 001 s4). The Rust view model prepares each
// variant's colour groups (series order, body-style order, tabs only at 3+ body styles
// and more than 15 colours); this module only moves between them.
import type { VariantView } from '../../types/generated/VariantView';

/** Selected variant, body-style group and colour, all indexes. */
interface PickerSelection {
  variant: number;
  group: number;
  colour: number;
}

/** Seed 001 s4: the first variant and its first colour. */
export const INITIAL_SELECTION: PickerSelection = { variant: 0, group: 0, colour: 0 };

/** Changing variant resets the colour (and body style) to the first. */
export function selectVariant(index: number): PickerSelection {
  return { variant: index, group: 0, colour: 0 };
}

/** Choosing a body-style tab shows its colours from the first. */
export function selectGroup(selection: PickerSelection, group: number): PickerSelection {
  return { ...selection, group, colour: 0 };
}

/** The arrows wrap at both ends: step is +1 (right) or -1 (left). */
export function stepColour(
  selection: PickerSelection,
  count: number,
  step: 1 | -1,
): PickerSelection {
  if (count <= 0) return { ...selection, colour: 0 };
  return { ...selection, colour: (selection.colour + step + count) % count };
}

/** The colours shown for a selection. */
export function visibleColours(variants: VariantView[], selection: PickerSelection) {
  return variants[selection.variant]?.colour_groups[selection.group]?.colours ?? [];
}
