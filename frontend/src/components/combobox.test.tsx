import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComboboxListbox, optionId, stepActive, useComboboxKeys } from './combobox';

const COLOURS = ['Red', 'Green', 'Blue'];

/** An input over a list of colours, with what the combobox hands out made visible. */
function Box({
  options = COLOURS,
  choose,
  onPick = () => undefined,
  onOwnKey = () => undefined,
}: {
  options?: string[];
  choose?: (index: number) => boolean;
  onPick?: (option: string) => void;
  onOwnKey?: (key: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const { active, expanded, onKey, inputProps } = useComboboxKeys(options.length, open, setOpen);
  return (
    // The container sees the keys the combobox let through.
    <div onKeyDown={(event) => onOwnKey(event.key)}>
      <input
        aria-label="Colour"
        {...inputProps('colours')}
        onKeyDown={(event) => {
          if (!onKey(event, choose)) onOwnKey(`input ${event.key}`);
        }}
      />
      <ComboboxListbox
        id="colours"
        label="Colours"
        options={options}
        active={active}
        expanded={expanded}
        keyOf={(c) => c}
        onPick={onPick}
      >
        {(c) => c}
      </ComboboxListbox>
    </div>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Colour' });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });
const activeOption = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id)?.textContent;
};

afterEach(cleanup);

describe('stepActive', () => {
  it('moves one option, through none past either end, and wraps', () => {
    expect(stepActive(-1, 1, 3)).toBe(0);
    expect(stepActive(1, 1, 3)).toBe(2);
    expect(stepActive(2, 1, 3)).toBe(-1);
    expect(stepActive(0, -1, 3)).toBe(-1);
    expect(stepActive(-1, -1, 3)).toBe(2);
  });
});

describe('useComboboxKeys', () => {
  it('opens on an arrow, then the arrows move through the options and back to none', () => {
    render(<Box />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    key('ArrowDown');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()).toBeNull();
    key('ArrowDown');
    key('ArrowDown');
    expect(activeOption()).toBe('Green');
    expect(box().getAttribute('aria-activedescendant')).toBe(optionId('colours', 1));
    expect(screen.getByRole('option', { name: 'Green' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('option', { name: 'Green' }).className).toBe(
      'combobox__option combobox__option--active',
    );
    key('ArrowDown');
    key('ArrowDown');
    expect(activeOption()).toBeNull();
    key('ArrowUp');
    expect(activeOption()).toBe('Blue');
  });

  it('an arrow is taken even with no options to move through', () => {
    const onOwnKey = vi.fn();
    render(<Box options={[]} onOwnKey={onOwnKey} />);
    const event = createEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent(box(), event);
    key('ArrowUp');
    expect(event.defaultPrevented).toBe(true);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(onOwnKey.mock.calls).toEqual([['ArrowDown'], ['ArrowUp']]);
  });

  it('Enter with the list expanded asks choose with the active option, -1 for none', () => {
    const choose = vi.fn((index: number) => index >= 0);
    const onOwnKey = vi.fn();
    render(<Box choose={choose} onOwnKey={onOwnKey} />);
    key('Enter');
    expect(choose).not.toHaveBeenCalled();
    key('ArrowDown');
    key('Enter');
    expect(choose).toHaveBeenLastCalledWith(-1);
    key('ArrowDown');
    const event = createEvent.keyDown(box(), { key: 'Enter' });
    fireEvent(box(), event);
    expect(choose).toHaveBeenLastCalledWith(0);
    expect(event.defaultPrevented).toBe(true);
    // The closed list's Enter and the one choose declined are the caller's.
    expect(onOwnKey.mock.calls.filter(([k]) => k === 'input Enter')).toHaveLength(2);
  });

  it('without choose, Enter is left to the form', () => {
    render(<Box />);
    key('ArrowDown');
    key('ArrowDown');
    const event = createEvent.keyDown(box(), { key: 'Enter' });
    fireEvent(box(), event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('Escape closes an expanded list and goes no further; a closed list lets it through', () => {
    const onOwnKey = vi.fn();
    render(<Box onOwnKey={onOwnKey} />);
    key('ArrowDown');
    key('ArrowDown');
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(onOwnKey).not.toHaveBeenCalledWith('Escape');
    key('ArrowDown');
    expect(activeOption()).toBeNull();
    key('Escape');
    key('Escape');
    expect(onOwnKey.mock.calls.filter(([k]) => k.endsWith('Escape'))).toEqual([
      ['input Escape'],
      ['Escape'],
    ]);
  });

  it('closes on blur; a click picks an option without taking the focus', () => {
    const onPick = vi.fn();
    render(<Box onPick={onPick} />);
    key('ArrowDown');
    const red = screen.getByRole('option', { name: 'Red' });
    expect(fireEvent.mouseDown(red)).toBe(false);
    fireEvent.click(red);
    expect(onPick).toHaveBeenCalledWith('Red');
    fireEvent.blur(box());
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });
});
