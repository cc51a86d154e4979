import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Near } from './search-state';
import { CHOOSE_A_PLACE } from '../../components/place-combobox';
import { DistancePicker } from './distance-picker';

const view = { choices_km: [25, 50, 100], default_km: 50 };
const springwood = {
  name: 'Springwood',
  state: 'QLD',
  postcode: '4127',
  label: 'Springwood QLD 4127',
  lat: -27.62,
  lng: 153.13,
};

/** The picker with the search's state around it, as the sidebar keeps it. */
function Searched({
  onNear,
  lookUp,
}: {
  onNear: (near: Near | null) => void;
  lookUp: () => never;
}) {
  const [near, setNear] = useState<Near | null>(null);
  return (
    <DistancePicker
      view={view}
      near={near}
      idPrefix="t"
      onNear={(n) => {
        onNear(n);
        setNear(n);
      }}
      lookUp={lookUp}
      suggest={async () => [springwood]}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DistancePicker with a suburb', () => {
  it('applies a picked suburb at once, with the radius chosen, and keeps its name', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onNear = vi.fn();
    const lookUp = vi.fn(() => {
      throw new Error('a picked suburb needs no postcode lookup');
    });
    render(<Searched onNear={onNear} lookUp={lookUp} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Within' }), {
      target: { value: '100' },
    });
    const field = screen.getByRole('combobox', { name: 'Your suburb or postcode' });
    fireEvent.change(field, { target: { value: 'Springw' } });
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Springwood QLD 4127' }));
    expect(onNear).toHaveBeenCalledWith({
      lat: -27.62,
      lng: 153.13,
      radius: 100,
      postcode: '4127',
    });
    expect((field as HTMLInputElement).value).toBe('Springwood QLD 4127');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('asks for a suggestion when words were typed and none picked', async () => {
    const onNear = vi.fn();
    render(<DistancePicker view={view} near={null} idPrefix="t" onNear={onNear} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Your suburb or postcode' }), {
      target: { value: 'Springwood' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search nearby' })));
    expect(screen.getByRole('alert').textContent).toBe(CHOOSE_A_PLACE);
    expect(onNear).not.toHaveBeenCalled();
  });
});
