import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapHandle, MapOptions } from '../../lib/map/leaflet-map';
import { LazyMap } from './lazy-map';
import { installObserver, observers } from '../../testing/intersection-observer';

const handle: MapHandle = {
  setMarkers: vi.fn(),
  setPicked: vi.fn(),
  centre: () => ({ lat: -27.5, lng: 153 }),
  destroy: vi.fn(),
};
const drawMap = vi.fn<(element: HTMLElement, options: MapOptions) => MapHandle>(() => handle);
vi.mock('../../lib/map/leaflet-map', () => ({
  drawMap: (e: HTMLElement, o: MapOptions) => drawMap(e, o),
}));

const markers = [{ lat: -29.69, lng: 152.93, label: 'Acme Grafton', url: '/locations/grafton' }];

beforeEach(() => {
  drawMap.mockClear();
  installObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LazyMap', () => {
  it('reserves its box and loads no map library until it nears the viewport', async () => {
    const { container } = render(<LazyMap label="Map of Acme Grafton" markers={markers} />);
    const region = screen.getByRole('region', { name: 'Map of Acme Grafton' });
    expect(region.classList.contains('lazy-map__frame')).toBe(true);
    expect(region.dataset.mapState).toBe('waiting');
    await act(async () => {});
    expect(drawMap).not.toHaveBeenCalled();
    await act(async () => observers[0]!.fire(true));
    expect(drawMap).toHaveBeenCalledTimes(1);
    expect(drawMap.mock.calls[0]![1].markers).toEqual(markers);
    expect(drawMap.mock.calls[0]![1].onPick).toBeUndefined();
    expect(region.dataset.mapState).toBe('ready');
    expect(container.querySelector('.lazy-map__cover')).toBeNull();
  });

  it('loads when asked with Show map, without scrolling', async () => {
    render(<LazyMap label="Map" markers={markers} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
    });
    expect(drawMap).toHaveBeenCalledTimes(1);
  });

  it('picks with a click on the map or, from the keyboard, with the map centre', async () => {
    const onPick = vi.fn();
    render(<LazyMap label="Map" markers={markers} onPick={onPick} />);
    const centre = screen.getByRole('button', { name: 'Use the map centre' }) as HTMLButtonElement;
    expect(centre.disabled).toBe(true);
    await act(async () => observers[0]!.fire(true));
    expect(centre.disabled).toBe(false);
    fireEvent.click(centre);
    expect(onPick).toHaveBeenLastCalledWith({ lat: -27.5, lng: 153 });
    drawMap.mock.calls[0]![1].onPick!({ lat: -28, lng: 152 });
    expect(onPick).toHaveBeenLastCalledWith({ lat: -28, lng: 152 });
  });
});
