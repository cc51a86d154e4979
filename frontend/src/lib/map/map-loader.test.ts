import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoader, MAP_LOAD_MARGIN, whenNearViewport } from './map-loader';
import { installObserver, observers } from '../../testing/intersection-observer';

afterEach(() => vi.unstubAllGlobals());

describe('createLoader', () => {
  it('imports once however many maps ask', async () => {
    const importer = vi.fn(async () => ({ drawMap: 'module' }));
    const load = createLoader(importer);
    expect(importer).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([load(), load()]);
    await load();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  it('tries again after a failed load', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const load = createLoader(importer);
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('module');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('whenNearViewport', () => {
  it('calls back once, when the element first nears the viewport', () => {
    installObserver();
    const element = document.createElement('div');
    const onNear = vi.fn();
    whenNearViewport(element, onNear);
    const observer = observers[0]!;
    expect(observer.targets).toEqual([element]);
    expect(observer.options?.rootMargin).toBe(MAP_LOAD_MARGIN);
    observer.fire(false);
    expect(onNear).not.toHaveBeenCalled();
    observer.fire(true);
    observer.fire(true);
    expect(onNear).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it('stops watching on cleanup', () => {
    installObserver();
    const onNear = vi.fn();
    const stop = whenNearViewport(document.createElement('div'), onNear);
    stop();
    observers[0]!.fire(true);
    expect(onNear).not.toHaveBeenCalled();
  });
});
